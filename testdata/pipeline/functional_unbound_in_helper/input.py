# A name first set in both branches of an `if` inside a loop is not the
# loop's state: in the loop's body it may be unbound when the `if` starts
# (read through ag__.ldu). What a body returns is its own parameter, read
# plainly.
def magnitudes(xs):
    total = 0
    for x in xs:
        if x > 0:
            y = x
        else:
            y = -x
        total += y
    return total


# Bound before, rebound on both branches of an `if` under an early return
# (_pydecimal's Decimal.next_toward): in the helper holding that `if` the
# name is not bound: the state passed in reads it through ag__.ldu, not as
# the helper's unbound local.
def step(ans, c):
    if ans is None:
        return None
    if c == 0:
        return c
    if c < 0:
        ans = c - 1
    else:
        ans = c + 1
    return ans
