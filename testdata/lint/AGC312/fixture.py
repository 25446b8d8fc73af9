# AGC312: try/except around data-dependent control flow.


def safe_div(x, y):
    try:  # expect: AGC312
        if y != 0:
            x = x / y
    except ZeroDivisionError:
        x = 0
    return x


def loop_in_try(xs):
    try:  # expect: AGC312
        for x in xs:
            print(x)
    finally:
        print("done")


def while_in_try(n):
    try:  # expect: AGC312
        n = n + 1
        while n > 0:
            n -= 1
    except ValueError:
        pass
    return n


def nested_in_with(x, lock):
    try:  # expect: AGC312
        with lock:
            if x:
                x = 1
    except RuntimeError:
        pass
    return x


def loop_under_python_if(xs, log=None):
    try:  # expect: AGC312
        if log is not None:
            for x in xs:
                log(x)
    except OSError:
        pass


# Clean look-alikes.


def plain_try(x):
    try:
        x = int(x)
    except ValueError:
        x = 0
    return x


def if_in_handler(x):
    try:
        x = int(x)
    except ValueError:
        if x:
            x = 0
    return x


def if_around_try(x):
    if x:
        try:
            x = int(x)
        except ValueError:
            pass
    return x


def nested_def_in_try(x):
    try:
        def helper(y):
            if y:
                return 1
            return 0
    except NameError:
        helper = None
    return helper


def python_if_in_try(x, log=None):
    try:
        if log is not None:
            log(x)
    except OSError:
        pass
    return x


def platform_if_in_try(x):
    try:
        if os.name == "nt":
            x = x.lower()
    except AttributeError:
        pass
    return x


_HAVE_FAST = hasattr(os, "sched_getaffinity")
DEBUG = False
LIMIT = 10 * 2
IS_WINDOWS = sys.platform == "win32"
MODE = "a"
STRICT = True


def module_constants_in_try(x):
    try:
        if DEBUG:
            print(x)
        if not _HAVE_FAST and LIMIT > 3 or IS_WINDOWS:
            x = x + 1
    except ValueError:
        pass
    return x


def rebound_global_in_try(x):
    try:  # expect: AGC312
        if MODE:
            x = x + 1
    except ValueError:
        pass
    return x


def shadowed_global_in_try(x, STRICT=False):
    try:  # expect: AGC312
        if STRICT:
            x = x + 1
    except ValueError:
        pass
    return x


def set_mode(m):
    global MODE
    MODE = m
