# Ünïcödé comments: 日本語
naïve = "café €"
def ƒ(α, β):
    return α + β  # 𝒳
