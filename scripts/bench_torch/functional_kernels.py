# kernels.py in the functional form agc writes with `agc convert
# --control-flow functional` (eager originals with their guard, converted
# twins), written by hand while the converter option is not on this branch:
# bench_torch.py --converted scripts/bench_torch/functional_kernels.py
import agc_runtime as ag__
import torch


def newton(a):
    if ag__.frameworks_loaded and ag__.tracing(): return ag__.call_own_twin(a)
    x = a
    i = torch.zeros((), dtype=torch.int64)
    while i < 50:
        x = (x + a / x) / 2
        if (x * x - a).abs().max() < 1e-6:
            break
        i = i + 1
    return x


@ag__.twin_of(newton, 'newton')
def _agc_newton(a):
    with ag__.FunctionScope('newton', 'fscope', ag__.STD) as fscope:
        x = a
        i = ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope)
        break_ = False
        def loop_test(break_, i, x):
            return ag__.and_(lambda: ag__.not_(break_), lambda: i < 50)
        def loop_body(break_, i, x):
            x = (x + a / x) / 2
            def if_body(break_, i):
                break_ = True
                return (break_, i)
            def else_body(break_, i):
                i = i + 1
                return (break_, i)
            break_, i = ag__.if_stmt_fn(ag__.converted_call(ag__.converted_call((x * x - a).abs, (), None, fscope).max, (), None, fscope) < 1e-6, if_body, else_body, (break_, i), ('break_', 'i'), 2)
            return (break_, i, x)
        break_, i, x = ag__.while_stmt_fn(loop_test, loop_body, (break_, i, x), ('break_', 'i', 'x'), {})
        return x
del _agc_newton


def gated(w, x):
    if ag__.frameworks_loaded and ag__.tracing(): return ag__.call_own_twin(w, x)
    h = w @ x
    if h.norm() > 1:
        return torch.tanh(h)
    return h * 2


@ag__.twin_of(gated, 'gated')
def _agc_gated(w, x):
    with ag__.FunctionScope('gated', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        h = w @ x
        def if_body(do_return, retval_):
            do_return = True
            retval_ = ag__.converted_call(torch.tanh, (h,), None, fscope)
            return (do_return, retval_)
        def else_body(do_return, retval_):
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt_fn(ag__.converted_call(h.norm, (), None, fscope) > 1, if_body, else_body, (do_return, retval_), ('do_return', 'retval_'), 2)
        def if_body_1(do_return, retval_):
            do_return = True
            retval_ = h * 2
            return (do_return, retval_)
        def else_body_1(do_return, retval_):
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt_fn(ag__.not_(do_return), if_body_1, else_body_1, (do_return, retval_), ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)
del _agc_gated


def rollout(w, x, n):
    if ag__.frameworks_loaded and ag__.tracing(): return ag__.call_own_twin(w, x, n)
    for _ in range(n):
        x = torch.tanh(w @ x)
    return x


@ag__.twin_of(rollout, 'rollout')
def _agc_rollout(w, x, n):
    with ag__.FunctionScope('rollout', 'fscope', ag__.STD) as fscope:
        def loop_body(itr, x):
            x = ag__.converted_call(torch.tanh, (w @ x,), None, fscope)
            return (x,)
        x, = ag__.for_stmt_fn(ag__.converted_call(range, (n,), None, fscope), None, loop_body, (x,), ('x',), {'iterate_names': '_'})
        return x
del _agc_rollout
