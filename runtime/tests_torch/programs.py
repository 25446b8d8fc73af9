"""Programs of the PyTorch suite that more than one test module runs (not
a test module), each function as agc writes it in the functional form:
the eager original with its guard, and the converted twin."""

from tests_torch.support import load_source

# Ifs whose branches only set constants, pass values through or add and
# subtract (the break flag and counter of a loop): torch.where, not cond.
SELECT = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def newton(a):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(a)
    x = a
    i = torch.zeros((), dtype=torch.int64)
    while i < 50:
        x = (x + a / x) / 2
        if (x * x - a).abs().max() < 1e-6:
            break
        i = i + 1
    return x, i

@ag__.twin_of(newton, 'newton')
def _agc_newton(a):
    with ag__.FunctionScope('newton', 'fscope', ag__.STD) as fscope:
        x = a
        i = ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope)
        break_ = False
        def loop_test(x, break_, i):
            return ag__.and_(lambda: ag__.not_(break_), lambda: i < 50)
        def loop_body(x, break_, i):
            x = (x + a / x) / 2
            def if_body(break_):
                break_ = True
                return (break_,)
            def else_body(break_):
                return (break_,)
            break_, = ag__.if_stmt_fn(ag__.converted_call(ag__.converted_call((x * x - a).abs, (), None, fscope).max, (), None, fscope) < 1e-6, if_body, else_body, (break_,), ('break_',), 1)
            def if_body(i):
                i = i + 1
                return (i,)
            def else_body(i):
                return (i,)
            i, = ag__.if_stmt_fn(break_, else_body, if_body, (i,), ('i',), 1)
            return (x, break_, i)
        x, break_, i = ag__.while_stmt_fn(loop_test, loop_body, (x, break_, i), ('x', 'break_', 'i'), {'operand_only': ('x', 'break_', 'i')})
        return x, i
del _agc_newton

def flags(x, n):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, n)
    flag = False
    count = 0
    scale = 1
    if x.sum() > 0:
        flag = True
        count = n
        scale = 0.5
    return flag, count, scale

@ag__.twin_of(flags, 'flags')
def _agc_flags(x, n):
    with ag__.FunctionScope('flags', 'fscope', ag__.STD) as fscope:
        flag = False
        count = 0
        scale = 1
        def if_body(flag, count, scale):
            flag = True
            count = n
            scale = 0.5
            return (flag, count, scale)
        def else_body(flag, count, scale):
            return (flag, count, scale)
        flag, count, scale = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 0, if_body, else_body, (flag, count, scale), ('flag', 'count', 'scale'), 3)
        return flag, count, scale
del _agc_flags

def shift(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    y = x * 3
    if x.sum() > 0:
        y = y + 1
    else:
        y = y - x
    return y

@ag__.twin_of(shift, 'shift')
def _agc_shift(x):
    with ag__.FunctionScope('shift', 'fscope', ag__.STD) as fscope:
        y = x * 3
        def if_body(y, x):
            y = y + 1
            return (y, x)
        def else_body(y, x):
            y = y - x
            return (y, x)
        y, x = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 0, if_body, else_body, (y, x), ('y', 'x'), 1)
        return y
del _agc_shift
''')


# Subscripts whose position is a loop's carried index (a 0-d integer
# tensor), as the converter writes them in loop bodies: ag__.get_item and
# ag__.set_item; PyTorch's own indexing would take the index's .item().
SUBSCRIPTS = load_source("""
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def windows(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    s = torch.zeros(x.shape[0], x.shape[2], dtype=x.dtype)
    t = torch.ones((), dtype=torch.int64)
    while t < x.shape[1]:
        s = s + x[:, t - 1, :] * x[..., -t, :] + x[None, 0, t] + x[t - 1][0]
        t = t + 1
    return s

@ag__.twin_of(windows, 'windows')
def _agc_windows(x):
    with ag__.FunctionScope('windows', 'fscope', ag__.STD) as fscope:
        s = ag__.converted_call(torch.zeros, (x.shape[0], x.shape[2]), {'dtype': x.dtype}, fscope)
        t = ag__.converted_call(torch.ones, ((),), {'dtype': torch.int64}, fscope)
        def loop_test(s, t):
            return t < x.shape[1]
        def loop_body(s, t):
            s = s + ag__.get_item(x, (slice(None), t - 1, slice(None))) * ag__.get_item(x, (Ellipsis, -t, slice(None))) + ag__.get_item(x, (None, 0, t)) + ag__.get_item(ag__.get_item(x, t - 1), 0)
            t = t + 1
            return (s, t)
        s, t = ag__.while_stmt_fn(loop_test, loop_body, (s, t), ('s', 't'), {'operand_only': ('s', 't')})
        return s
del _agc_windows

def pick(x, t):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, t)
    return x[t] * x[:, -t]

@ag__.twin_of(pick, 'pick')
def _agc_pick(x, t):
    with ag__.FunctionScope('pick', 'fscope', ag__.STD) as fscope:
        return ag__.get_item(x, t) * ag__.get_item(x, (slice(None), -t))
del _agc_pick

def place(x, v, t):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, v, t)
    y = x * 1
    y[:, t] = v * 2
    y[-t] = 0.5
    return y

@ag__.twin_of(place, 'place')
def _agc_place(x, v, t):
    with ag__.FunctionScope('place', 'fscope', ag__.STD) as fscope:
        y = x * 1
        y = ag__.set_item(y, (slice(None), t), v * 2)
        y = ag__.set_item(y, -t, 0.5)
        return y
del _agc_place

def greedy(logits):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(logits)
    tokens = torch.zeros(logits.shape[0], logits.shape[1], dtype=torch.int64)
    best = torch.zeros(logits.shape[1], dtype=torch.int32)
    t = torch.ones((), dtype=torch.int32)
    while t < logits.shape[1]:
        nxt = logits[:, t - 1, :].argmax(-1)
        tokens[:, t] = nxt
        best[-t] = logits[:, t].max()
        t = t + 1
    return tokens, best

@ag__.twin_of(greedy, 'greedy')
def _agc_greedy(logits):
    with ag__.FunctionScope('greedy', 'fscope', ag__.STD) as fscope:
        tokens = ag__.converted_call(torch.zeros, (logits.shape[0], logits.shape[1]), {'dtype': torch.int64}, fscope)
        best = ag__.converted_call(torch.zeros, (logits.shape[1],), {'dtype': torch.int32}, fscope)
        t = ag__.converted_call(torch.ones, ((),), {'dtype': torch.int32}, fscope)
        def loop_test(best, t, tokens):
            return t < logits.shape[1]
        def loop_body(best, t, tokens):
            nxt = ag__.converted_call(ag__.get_item(logits, (slice(None), t - 1, slice(None))).argmax, (-1,), None, fscope)
            tokens = ag__.set_item(tokens, (slice(None), t), nxt)
            best = ag__.set_item(best, -t, ag__.converted_call(ag__.get_item(logits, (slice(None), t)).max, (), None, fscope))
            t = t + 1
            return (best, t, tokens)
        best, t, tokens = ag__.while_stmt_fn(loop_test, loop_body, (best, t, tokens), ('best', 't', 'tokens'), {'operand_only': ('t',)})
        return tokens, best
del _agc_greedy
""")
