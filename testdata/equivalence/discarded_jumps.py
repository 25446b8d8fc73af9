"""A return, break or continue whose pending jump Python discards: an
exception leaves a `finally` (or a context manager's `__exit__`) after it and
a handler or a swallowing `__exit__` of the same function catches it. The
lowered flag must not survive: the code after the handler runs (issue 32)."""

log = []


class _Swallow:
    """Swallows arithmetic errors."""

    def __enter__(self):
        log.append("enter")
        return self

    def __exit__(self, kind, value, tb):
        log.append(("exit", kind.__name__ if kind else None))
        return kind is not None and issubclass(kind, ArithmeticError)


class _RaisesOnExit:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        raise KeyError("exit")


def finally_raises(x):
    out = []
    try:
        try:
            if x > 0:
                return 'early'
        finally:
            out.append(1 // 0)   # discards the pending return
    except ZeroDivisionError:
        out.append('handled')
    return out


def finally_raises_in_handler(x):
    out = []
    try:
        try:
            out.append(1 // x)
        except ZeroDivisionError:
            if x == 0:
                return 'from handler'
        finally:
            out.append([][0])
    except IndexError:
        out.append('handled')
    return out


def swallowed_in_loop(n):
    out = []
    for i in range(n):
        with _Swallow():
            try:
                if i % 2 == 0:
                    return ('early', i)
            finally:
                out.append(i // (i - i))
        out.append(i)
    log.clear()
    return out


def exit_raises(x):
    out = []
    try:
        with _RaisesOnExit():
            if x > 0:
                return 'early'
            out.append('body')
    except KeyError:
        out.append('handled')
    return out


def exit_raises_swallowed(x):
    out = []
    while x > 0:
        x -= 1
        with _Swallow():
            try:
                with _RaisesOnExit():
                    if x % 2:
                        return 'early'
            except KeyError:
                out.append(1 // 0)
        out.append(x)
    log.clear()
    return out


def break_discarded(n):
    out = []
    for i in range(n):
        try:
            try:
                if i == 1:
                    break
            finally:
                out.append(1 // (i - 1) if i != 1 else 1 // 0)
        except ZeroDivisionError:
            out.append('handled')
        out.append(i)
    else:
        out.append('else')
    return out


def break_discarded_while(n):
    out = []
    i = 0
    while i < n:
        i += 1
        with _Swallow():
            try:
                if i == 2:
                    break
            finally:
                if i == 2:
                    raise ZeroDivisionError('x')
        out.append(i)
    else:
        out.append('else')
    log.clear()
    return out


def continue_discarded(n):
    out = []
    for i in range(n):
        try:
            try:
                if i % 2:
                    continue
            finally:
                if i == 1:
                    out.append({}['k'])
        except KeyError:
            out.append('handled')
        out.append(i)
    return out


def continue_discarded_exit(n):
    out = []
    for i in range(n):
        try:
            with _RaisesOnExit():
                if i:
                    continue
        except KeyError:
            out.append(('handled', i))
        out.append(i)
    return out


def return_kept(x):
    # The finally completes: the return stands.
    out = []
    try:
        try:
            if x > 0:
                return 'early'
        finally:
            out.append('finally')
    except ZeroDivisionError:
        out.append('handled')
    return out


CASES = {
    "finally_raises": [(1,), (0,)],
    "finally_raises_in_handler": [(0,), (1,)],
    "swallowed_in_loop": [(0,), (1,), (3,)],
    "exit_raises": [(1,), (0,)],
    "exit_raises_swallowed": [(0,), (1,), (4,)],
    "break_discarded": [(0,), (2,), (4,)],
    "break_discarded_while": [(1,), (3,)],
    "continue_discarded": [(0,), (3,)],
    "continue_discarded_exit": [(0,), (3,)],
    "return_kept": [(1,), (0,)],
}

_STAGED = ("a staged condition traces both branches, so the exceptions the "
           "try catches are not the ones Python raises")
PYTHON_ONLY = {name: _STAGED for name in CASES}
