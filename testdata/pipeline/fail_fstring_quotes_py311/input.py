def f(songs):
    if songs:
        return f"{", ".join(songs)}"
    return ""
