def classify(x, lo, hi):
    if x < lo:
        label = "low"
        count = 1
    elif x > hi:
        label = "high"
    else:
        label = "mid"
        if x == lo:
            note = "edge"
    return label


def sign(x):
    if x > 0:
        s = 1
    else:
        if x < 0:
            s = -1
        else:
            s = 0
    return s
