# AGC313: del inside control flow.


def drop(x, cache):
    if x > 0:
        del cache  # expect: AGC313
    return x


def in_loop(d, keys):
    for k in keys:
        del d[k]  # expect: AGC313


def in_while(xs):
    while xs:
        del xs[0]  # expect: AGC313


def in_else(x, y):
    if x:
        pass
    else:
        del y  # expect: AGC313
    return x


# Clean look-alikes.


def top_level_del(x):
    y = x
    del y
    return x


def del_in_try(x):
    try:
        del x
    except NameError:
        pass


def del_in_with(x, lock):
    with lock:
        del x


def generator_del(xs):
    for x in xs:
        del x
        yield 1


def del_under_python_if(cache, key=None):
    if key is not None:
        del cache[key]
    return cache


def del_under_membership_test(cache, key):
    if key in cache:
        del cache[key]
    return cache
