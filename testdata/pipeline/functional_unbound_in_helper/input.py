# A name first set in both branches of an `if` inside a loop is not the
# loop's state: in the loop's body it is unbound when the `if` starts (no
# binding of that run of the body comes first), so nothing is read:
# ag__.Undefined, not a closure over the unset local (which Dynamo cannot
# trace). What a body returns is its own parameter, read plainly.
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
# name is not bound (the function's `ans` is not the helper's): the state
# passed in is ag__.Undefined, not a read of the helper's unbound local.
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
