def evens_and_odds(xs):
    evens = []
    odds = []
    for x in xs:
        if x % 2 == 0:
            evens.append(x)
        else:
            odds.append(x)
    return evens, odds


def drain(xs):
    l = list(xs)
    out = []
    while l:
        out.append(l.pop())
        y = l.pop() if l else None
    return out
