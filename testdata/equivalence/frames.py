"""Frame-sensitive calls in converted code: warnings.warn's stacklevel and
sys._getframe's depth count the original program's function calls, not the
runtime's frames or the body helpers of converted functions."""
import os
import sys
import types
import warnings


def _code_lines(code):
    lines = {line for _, _, line in code.co_lines() if line is not None}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines |= _code_lines(const)
    return lines


def _where(filename, lineno):
    """The function of this module whose code holds the line (in the
    converted module: the converted function), or the file's name."""
    if filename != __file__:
        return "outside: " + os.path.basename(filename)
    for name, value in sorted(globals().items()):
        if (isinstance(value, types.FunctionType) and
                name not in ("_where", "_code_lines") and
                lineno in _code_lines(value.__code__)):
            return name
    return "module"


def _record(call, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call(*args)
    return [(str(w.message), w.category.__name__, _where(w.filename, w.lineno))
            for w in caught]


def _warn_in_branches(x):
    if x:
        warnings.warn("in a branch")
    else:
        warnings.warn("in the other branch", DeprecationWarning)
    for i in range(2):
        if i == x:
            warnings.warn(UserWarning("a Warning instance"))


def warns_here(x):
    return _record(_warn_in_branches, x)


def _helper_warns(level):
    warnings.warn("from the helper", stacklevel=level)


def _calls_helper(level):
    for _ in range(1):
        if level:
            _helper_warns(level)
        else:
            _helper_warns(level)


def warns_at_caller(level):
    return _record(_calls_helper, level)


def _bad_warn(args, kwargs):
    warnings.warn(*args, **kwargs)


def warn_errors(args, kwargs):
    return _record(_bad_warn, args, kwargs)


def _caller_name():
    return sys._getframe(1).f_code.co_name


def frame_names():
    here = sys._getframe().f_code.co_name
    if here:
        inner = sys._getframe(0).f_code.co_name
    for _ in range(1):
        caller = _caller_name()
    return here, inner, caller


def frame_depth(depth):
    frame = sys._getframe(depth)
    return frame.f_code.co_name


def frame_module_names(depth):
    # Python 3.12's sys._getframemodulename (enum's and dataclasses'
    # functional APIs use it); AttributeError before 3.12, in both.
    names = []
    for level in range(depth):
        if level % 2:
            names.append(sys._getframemodulename(level))
        else:
            names.append(sys._getframemodulename(depth=level))
    return ["this module" if n == __name__ else n and "other" for n in names]


CASES = {
    "frame_module_names": [(1,), (3,), (40,)],
    "warns_here": [(0,), (1,)],
    "warns_at_caller": [(-1,), (0,), (1,), (2,), (3,), (100,)],
    "warn_errors": [((), {}), (("m", int), {}), (("m",), {"stacklevel": "x"}),
                    (("m",), {"nope": 1})],
    "frame_names": [()],
    "frame_depth": [(0,), (-3,), ("x",), (10 ** 6,)],
}

PYTHON_ONLY = {
    "frame_module_names": "the depth must be a Python int (a loop over a "
    "staged range is refused)",
    "warns_here": "branches on the argument: tracing runs both and warns twice",
    "warns_at_caller": "branches on the argument: tracing runs both",
    "warn_errors": "the arguments are warnings.warn's own",
    "frame_depth": "the depth must be a Python int",
}
