# AGC302: None on one path out of a statement and a value on another.


def first_positive(xs):
    found = None
    for x in xs:
        if x > 0:
            found = x
    return found  # expect: AGC302


def maybe_value(x):
    result = None
    if x > 0:
        result = x * 2
    print(result)  # expect: AGC302


def branch_none(x):
    if x > 0:
        y = x
    else:
        y = None
    return y + 1  # expect: AGC302


def while_none(n):
    best = None
    while n > 0:
        best = n
        n -= 1
    use(best)  # expect: AGC302


def annotated(x):
    out: int = None
    if x:
        out = 3
    return out  # expect: AGC302


# Clean look-alikes.


def none_everywhere(x):
    y = None
    if x > 0:
        y = None
    return y


def value_everywhere(x):
    y = 0
    if x > 0:
        y = x
    return y


def none_not_read(x):
    y = None
    if x > 0:
        y = x
    return x


def overwritten_after(x):
    y = None
    if x > 0:
        y = x
    y = 5
    return y


def none_only_after(x):
    if x > 0:
        x = x + 1
    y = None
    return y


def none_checked_in_python(x, cache):
    hit = None
    if cache is not None:
        hit = cache.get(x)
    return hit


def platform_choice(lock):
    if sys.platform != "win32":
        acquire = lock.acquire
    else:
        acquire = None
    return acquire


def version_choice(x):
    fast = None
    if sys.version_info >= (3, 11) and __debug__:
        fast = x
    return fast


def platform_and_value(x):
    y = None
    if sys.platform == "linux" and x > 0:
        y = x
    return y  # expect: AGC302


def none_carried_by_the_loop(xs, t):
    # The None comes from before the loop, not from the `if` at the end of
    # its body: the finding names the `while`, which carries it.
    best = None
    while t > 0:
        if best > 3:  # expect: AGC302
            t = t - 1
        if t > 5:
            best = t
    return t


def graph_key_in_python(graph):
    # `tf.executing_eagerly()` is a Python bool: the `if` is never staged.
    if tf.executing_eagerly():
        key = None
    else:
        key = graph.key
    return key
