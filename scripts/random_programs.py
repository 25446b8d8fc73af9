#!/usr/bin/env python3
"""Random programs, run both ways: a differential tester for conversion.

Generates random functions over every construct the passes handle (nested
if/elif/else, while and for with else, break/continue/return,
try/except/else/finally, with and context managers that swallow exceptions,
walrus, ternaries, and/or/not, closures with nonlocal, lambdas,
comprehensions, del, classes and methods, generators left unconverted around
converted code, star-unpacking targets, augmented assignment to names,
attributes and subscripts, asserts, list idioms and slices, and exceptions
raised from every position), many to a module, from a seed. Each module is
converted with `agc convert --converted-only` (the converted code forced, not
the eager original) with `--passes default` and with `--passes all`, and the
original and converted functions are called on the same inputs, on the python
and on the staged backend. What is compared: the return value (repr), the
exception (type and message, exactly), what was printed, and the side
effects (the module's log of context-manager and generator events, and the
arguments after the call).

On the staged backend the converted function runs with the staged
backend's operators (agc_runtime.use("staged")) on the same plain values:
its functional if/while/for, get_state/set_state and its checks must keep
Python's behaviour wherever they let the code run. Where its checks refuse
the code (an exception raised from inside agc_runtime, e.g. a branch output
missing on one path) the case counts as refused, not as a difference.

Differences of a kind known and not fixed yet (KNOWN below, each with its
reason) are counted and reported apart; any other difference fails the run.

A difference is reduced automatically (statements removed, compound
statements replaced by their bodies, while the difference persists) to a
small function, saved as an equivalence case in testdata/equivalence/
(random_<seed>_<n>.py, or --save-dir) and printed.

    scripts/random_programs.py --agc build/agc                # the fixed seeds (ctest)
    scripts/random_programs.py --agc build/agc --minutes 30   # a campaign
    scripts/random_programs.py --agc build/agc --seed 7 --show  # one module

Exits 1 when a difference was found.
"""
import argparse
import ast
import contextlib
import copy
import importlib.util
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The seeds ctest runs (about a minute on one core).
FIXED_SEEDS = list(range(1, 31))
FUNCTIONS_PER_MODULE = 60
PASSES = ["default", "all"]
BACKENDS = ["python", "staged"]

# Helpers every generated module starts with. Their names start with `_` so
# that a saved equivalence case needs no CASES entry for them; they are
# converted with the rest.
PRELUDE = '''\
_LOG = []


class _Swallow:
    """Swallows arithmetic errors (its __exit__ returns true for them)."""

    def __init__(self, tag):
        self.tag = tag

    def __enter__(self):
        _LOG.append(("enter", self.tag))
        return self.tag

    def __exit__(self, kind, value, tb):
        _LOG.append(("exit", self.tag, kind.__name__ if kind else None))
        return kind is not None and issubclass(kind, ArithmeticError)


class _Tracked:
    """Lets every exception through; its __exit__ raises for tag 9."""

    def __init__(self, tag):
        self.tag = tag

    def __enter__(self):
        _LOG.append(("enter", self.tag))
        return [self.tag]

    def __exit__(self, kind, value, tb):
        _LOG.append(("exit", self.tag, kind.__name__ if kind else None))
        if self.tag == 9:
            raise KeyError(self.tag)
        return False


class _Box:
    def __init__(self, v):
        self.v = v

    def bump(self, k):
        self.v += k
        return self.v

    def __repr__(self):
        return "_Box(%r)" % (self.v,)


def _gen(n):
    for i in range(n):
        _LOG.append(("gen", i))
        yield i


def _boom(v):
    if v == 3:
        raise ValueError("boom %r" % (v,))
    return v
'''

INPUTS = [
    (0, 1, [1, 2, 3]),
    (3, -2, []),
    (1, 0, [0, 5]),
    (-1, 3, [2]),
    (2, 2, [3, 1, 4, 1]),
]

POOL = ["a", "b", "c", "d"]
EXCEPTIONS = ["ZeroDivisionError", "ValueError", "IndexError", "TypeError",
              "UnboundLocalError", "KeyError", "ArithmeticError", "Exception",
              "NameError", "AssertionError"]


class Gen:
    """Writes one random function as lines of Python."""

    def __init__(self, rng: random.Random):
        self.r = rng
        self.lines = []
        self.counter = 0
        self.depth_limit = 3
        # What the code may name: the function's parameters, its list, its
        # output list and its box (a class method gets other ones).
        self.params = ["x", "y"]
        self.seq = "xs"
        self.out = "out"
        self.box = "o.v"

    def fresh(self, stem):
        self.counter += 1
        return f"{stem}{self.counter}"

    def emit(self, indent, text):
        self.lines.append("    " * indent + text)

    # --- expressions ----------------------------------------------------
    def name(self):
        return self.r.choice(POOL + self.params + self.params)

    def atom(self, local=()):
        k = self.r.random()
        if local and k < 0.25:
            return self.r.choice(local)
        if k < 0.45:
            return self.name()
        if k < 0.75:
            return str(self.r.randint(-2, 4))
        if k < 0.82:
            return f"len({self.seq})"
        if k < 0.88:
            return self.box
        if k < 0.94:
            return f"{self.seq}[{self.r.randint(-1, 3)}]"
        return f"len({self.out})"

    def expr(self, depth=0, local=()):
        if depth >= 2 or self.r.random() < 0.35:
            return self.atom(local)
        k = self.r.randrange(19)
        e = lambda: self.expr(depth + 1, local)  # noqa: E731
        if k == 0:
            return f"({e()} + {e()})"
        if k == 1:
            return f"({e()} - {e()})"
        if k == 2:
            return f"({e()} // {e()})"
        if k == 3:
            return f"({e()} % {e()})"
        if k == 4:
            op = self.r.choice(["<", "<=", ">", "==", "!=", ">="])
            return f"({e()} {op} {e()})"
        if k == 5:
            return f"({e()} if {e()} else {e()})"
        if k == 6:
            return f"({e()} and {e()})"
        if k == 7:
            return f"({e()} or {e()})"
        if k == 8:
            return f"(not {e()})"
        if k == 9:
            return f"({self.r.choice(POOL)} := {e()})"
        if k == 10:
            return f"_boom({e()})"
        if k == 11:
            v = self.fresh("k")
            cond = (f" if {self.expr(depth + 1, local + (v,))}"
                    if self.r.random() < 0.5 else "")
            return (f"sum([{self.expr(depth + 1, local + (v,))} for {v} in "
                    f"range({self.r.randint(0, 3)}){cond}])")
        if k == 12:
            return f"max({e()}, {e()})"
        if k == 13:
            return f"(-{e()})"
        if k == 14:
            v = self.fresh("k")
            return f"(lambda {v}: {self.expr(depth + 1, local + (v,))})({e()})"
        if k == 15:
            return f"abs({e()})"
        if k == 16:
            return f"len([{e()} for _ in {self.seq}])"
        if k == 17:
            return (f"{self.seq}[{self.r.randint(0, 2)}:{e()}]"
                    f"[{self.r.randint(-1, 1)}]")
        return f"(1 < {e()} < 3)"

    # --- statements -----------------------------------------------------
    def block(self, indent, depth, ctx, n=None):
        n = n if n is not None else self.r.randint(1, 3)
        for _ in range(n):
            self.stmt(indent, depth, ctx)

    def stmt(self, indent, depth, ctx):
        r = self.r
        compound = depth < self.depth_limit and r.random() < 0.45
        if compound:
            kind = r.choice(["if", "if", "for", "while", "try", "try", "with",
                             "def", "gen", "class", "lambda_loop",
                             "rebind_after_return"])
            if kind == "rebind_after_return" and ctx.get("finally"):
                kind = "if"
            getattr(self, "s_" + kind)(indent, depth, ctx)
            return
        kind = r.choices(
            ["assign", "aug", "star", "append", "print", "log", "break",
             "continue", "return", "del", "raise", "assert", "walrus_if",
             "pop"],
            [6, 4, 1, 3, 2, 1, 2, 2, 3, 2, 1, 1, 1, 1])[0]
        if kind in ("break", "continue"):
            if not ctx.get("loop") or ctx.get("finally"):
                kind = "assign"
            else:
                self.emit(indent, f"if {self.expr()}:")
                self.emit(indent + 1, kind)
                return
        if kind == "return" and ctx.get("finally"):
            kind = "append"
        getattr(self, "t_" + kind)(indent, ctx)

    def t_assign(self, indent, ctx):
        self.emit(indent, f"{self.r.choice(POOL)} = {self.expr()}")

    def t_aug(self, indent, ctx):
        op = self.r.choice(["+=", "-=", "*=", "//="])
        target = self.r.choice(POOL + [
            self.box, f"{self.seq}[{self.r.randint(-1, 2)}]", self.out,
            f"{self.out}[{self.r.randint(0, 1)}]"])
        value = self.expr()
        if target == self.out:
            value = f"[{value}]"
            op = "+="
        self.emit(indent, f"{target} {op} {value}")

    def t_star(self, indent, ctx):
        a, b = self.r.sample(POOL, 2)
        target = self.r.choice([f"{a}, *{b}", f"*{a}, {b}", f"[{a}, *{b}]"])
        value = self.r.choice([self.seq, f"[{self.expr()}, {self.expr()}]",
                               f"list(_gen({self.name()}))"])
        self.emit(indent, f"{target} = {value}")

    def t_append(self, indent, ctx):
        self.emit(indent, f"{self.out}.append({self.expr()})")

    def t_pop(self, indent, ctx):
        self.emit(indent, f"{self.r.choice(POOL)} = {self.out}.pop()")

    def t_print(self, indent, ctx):
        self.emit(indent, f"print('p', {self.expr()})")

    def t_log(self, indent, ctx):
        self.emit(indent, f"_LOG.append({self.expr()})")

    def t_return(self, indent, ctx):
        r = self.r.random()
        if r < 0.15:
            self.emit(indent, "return")
        elif r < 0.3:
            self.emit(indent, f"return {self.expr()}, {self.out}")
        else:
            self.emit(indent, f"return {self.expr()}")

    def t_del(self, indent, ctx):
        self.emit(indent, f"del {self.r.choice(POOL + POOL + [self.out])}")

    def t_raise(self, indent, ctx):
        exc = self.r.choice(["ValueError", "ZeroDivisionError", "KeyError"])
        self.emit(indent, f"raise {exc}({self.expr()})")

    def t_assert(self, indent, ctx):
        self.emit(indent, f"assert {self.expr()}, {self.expr()}")

    def t_walrus_if(self, indent, ctx):
        v = self.r.choice(POOL)
        self.emit(indent, f"if ({v} := {self.expr()}) and {self.expr()}:")
        self.emit(indent + 1, f"{self.out}.append({v})")

    def s_if(self, indent, depth, ctx):
        self.emit(indent, f"if {self.expr()}:")
        self.block(indent + 1, depth + 1, ctx)
        while self.r.random() < 0.3:
            self.emit(indent, f"elif {self.expr()}:")
            self.block(indent + 1, depth + 1, ctx)
        if self.r.random() < 0.5:
            self.emit(indent, "else:")
            self.block(indent + 1, depth + 1, ctx)

    def s_rebind_after_return(self, indent, depth, ctx):
        # _pydecimal's shape: a bound name, an early return, then an if
        # (maybe in an elif chain) that rebinds it on every branch, and the
        # name returned. The return's lowering puts that if in a helper
        # that binds the name without taking it in.
        v = self.r.choice(POOL)
        self.emit(indent, f"if {self.expr()}:")
        self.emit(indent + 1, f"return {v}")
        if self.r.random() < 0.5:
            self.emit(indent, f"if {self.expr()}:")
            self.emit(indent + 1, f"return {self.expr()}")
            self.emit(indent, f"elif {self.expr()}:")
        else:
            self.emit(indent, f"if {self.expr()}:")
        self.emit(indent + 1, f"{v} = {self.expr()}")
        self.emit(indent, "else:")
        self.block(indent + 1, depth + 1, ctx, n=1)
        self.emit(indent + 1, f"{v} = {self.expr()}")
        self.emit(indent, f"return {v}, {self.out}")

    def loop_ctx(self, ctx):
        inner = dict(ctx)
        inner["loop"] = True
        inner["finally"] = False
        return inner

    def s_for(self, indent, depth, ctx):
        r = self.r
        v = r.choice(POOL + [self.fresh("i")])
        it = r.choice([f"range({r.randint(0, 4)})", f"list({self.seq})",
                       f"_gen({r.randint(0, 3)})",
                       f"range({self.params[0]})"])
        target = v
        if r.random() < 0.2:
            w = r.choice(POOL)
            target, it = f"{v}, {w}", f"enumerate(list({self.seq}))"
        elif r.random() < 0.15:
            w = r.choice(POOL)
            target, it = f"{v}, *{w}", "[(1, 2, 3), (4, 5)]"
        self.emit(indent, f"for {target} in {it}:")
        self.block(indent + 1, depth + 1, self.loop_ctx(ctx))
        if r.random() < 0.3:
            self.emit(indent, "else:")
            self.block(indent + 1, depth + 1, ctx)

    def s_while(self, indent, depth, ctx):
        guard = self.fresh("w")
        self.emit(indent, f"{guard} = 0")
        self.emit(indent, f"while {guard} < {self.r.randint(1, 4)} and "
                  f"{self.expr()}:")
        self.emit(indent + 1, f"{guard} += 1")
        self.block(indent + 1, depth + 1, self.loop_ctx(ctx))
        if self.r.random() < 0.3:
            self.emit(indent, "else:")
            self.block(indent + 1, depth + 1, ctx)

    def s_try(self, indent, depth, ctx):
        r = self.r
        self.emit(indent, "try:")
        self.block(indent + 1, depth + 1, ctx)
        handlers = r.randint(0, 2)
        for _ in range(handlers):
            exc = r.choice(EXCEPTIONS)
            if r.random() < 0.3:
                exc = f"({exc}, {r.choice(EXCEPTIONS)})"
            if r.random() < 0.5:
                self.emit(indent, f"except {exc} as e:")
                self.emit(indent + 1, f"{self.out}.append(type(e).__name__)")
            else:
                self.emit(indent, f"except {exc}:")
            self.block(indent + 1, depth + 1, ctx)
        if handlers and r.random() < 0.3:
            self.emit(indent, "else:")
            self.block(indent + 1, depth + 1, ctx)
        if not handlers or r.random() < 0.5:
            self.emit(indent, "finally:")
            inner = dict(ctx)
            inner["finally"] = True
            self.block(indent + 1, depth + 1, inner)

    def s_with(self, indent, depth, ctx):
        r = self.r
        cm = r.choice(["_Swallow", "_Tracked"])
        tag = r.choice([1, 2, 9]) if cm == "_Tracked" else r.randint(1, 3)
        if r.random() < 0.6:
            self.emit(indent, f"with {cm}({tag}) as {r.choice(POOL)}:")
        else:
            self.emit(indent, f"with {cm}({tag}):")
        self.block(indent + 1, depth + 1, ctx)

    def s_def(self, indent, depth, ctx):
        fn = self.fresh("inner")
        v = self.r.choice(POOL)
        self.emit(indent, f"{v} = {self.expr()}")
        self.emit(indent, f"def {fn}(k):")
        self.emit(indent + 1, f"nonlocal {v}")
        inner = {"loop": False, "finally": False}
        self.block(indent + 1, depth + 1, inner)
        self.emit(indent + 1, f"{v} = k + {self.expr()}")
        self.emit(indent + 1, f"return {v}")
        self.emit(indent, f"{self.out}.append({fn}({self.expr()}))")

    def s_gen(self, indent, depth, ctx):
        # A generator is left unconverted; the code around it is converted.
        fn = self.fresh("g")
        self.emit(indent, f"def {fn}(n):")
        self.emit(indent + 1, "for k in range(n):")
        self.emit(indent + 2, f"if k == {self.expr()}:")
        self.emit(indent + 3, self.r.choice(["break", "continue", "return"]))
        self.emit(indent + 2, f"yield k * {self.r.choice(POOL + ['2'])}")
        self.emit(indent, f"for {self.r.choice(POOL)} in {fn}({self.expr()}):")
        self.block(indent + 1, depth + 1, self.loop_ctx(ctx))

    def s_class(self, indent, depth, ctx):
        cls = self.fresh("K")
        self.emit(indent, f"class {cls}:")
        self.emit(indent + 1, f"base = {self.r.randint(0, 3)}")
        self.emit(indent + 1, "def m(self, k):")
        sub = Gen(self.r)
        sub.counter = self.counter
        sub.depth_limit = 2
        sub.params, sub.seq, sub.out, sub.box = ["k"], "_LOG", "_LOG", \
            "self.base"
        sub.emit(indent + 2, "a = b = c = d = k")
        sub.block(indent + 2, depth + 1, {"loop": False, "finally": False})
        sub.emit(indent + 2, "return self.base + (a if a else k)")
        self.lines += sub.lines
        self.counter = sub.counter
        self.emit(indent, f"{self.out}.append({cls}().m({self.expr()}))")

    def s_lambda_loop(self, indent, depth, ctx):
        # Lambdas created in a loop see the variable, not its value then.
        fs = self.fresh("fs")
        v = self.fresh("i")
        self.emit(indent, f"{fs} = []")
        self.emit(indent, f"for {v} in range({self.r.randint(0, 3)}):")
        self.emit(indent + 1, f"{fs}.append(lambda: {v} + {self.atom()})")
        self.block(indent + 1, depth + 1, self.loop_ctx(ctx), n=1)
        self.emit(indent, f"{self.out}.append([f() for f in {fs}])")

    def function(self, name, method=False):
        head = f"def {name}(self, x, y, xs):" if method else \
            f"def {name}(x, y, xs):"
        ind = 1 if method else 0
        self.emit(ind, head)
        self.emit(ind + 1, "out = []")
        self.emit(ind + 1, f"o = _Box({self.r.choice(['x', 'y', '0'])})")
        for v in POOL:
            if self.r.random() < 0.6:
                self.emit(ind + 1, f"{v} = {self.expr()}")
        self.block(ind + 1, 0, {"loop": False, "finally": False},
                   n=self.r.randint(2, 6))
        self.emit(ind + 1, self.r.choice(["return out", "return a, out",
                                          "return o, b"]))


def generate_function(rng: random.Random, index: int):
    """(name, source) of one random function; every sixth is a method."""
    g = Gen(rng)
    name = f"f{index}"
    if index % 6 == 5:
        g.lines.append(f"class C{index}:")
        g.function("run", method=True)
        g.lines.append("")
        g.lines.append("")
        g.lines.append(f"def {name}(x, y, xs):")
        g.lines.append(f"    return C{index}().run(x, y, xs)")
    else:
        g.function(name)
    return name, "\n".join(g.lines) + "\n"


def generate_module(seed: int, count: int):
    rng = random.Random(seed)
    functions = [generate_function(rng, i) for i in range(count)]
    return functions


def module_source(functions, cases=None):
    parts = [PRELUDE]
    for _, src in functions:
        parts.append("\n\n" + src)
    if cases is not None:
        parts.append("\n\nCASES = {\n")
        for name, args in cases.items():
            parts.append(f"    {name!r}: {args!r},\n")
        parts.append("}\n")
    return "".join(parts)


# --- running -----------------------------------------------------------------

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _norm(text):
    return ADDRESS.sub(" at 0x?", text)


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _outcome(module, name, args, staged):
    """What module.name(*args) did, as a JSON-able record."""
    import signal
    fn = getattr(module, name)
    args = copy.deepcopy(args)
    module._LOG.clear()
    out = io.StringIO()
    refused = False
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        with contextlib.redirect_stdout(out):
            if staged is not None:
                # The staged backend's operators, on Python values.
                import agc_runtime
                agc_runtime.use("staged")
                try:
                    result = fn(*args)
                finally:
                    agc_runtime.use("python")
            else:
                result = fn(*args)
        what = ["ok", _norm(repr(result))]
    except _Timeout:
        what = ["timeout"]
    except RecursionError:
        what = ["recursion"]
    except Exception as e:  # noqa: BLE001 - the comparison is the point
        what = ["raise", type(e).__name__, _norm(str(e))]
        if staged is not None:
            refused = _staging_refusal(e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return {"what": what, "printed": _norm(out.getvalue()),
            "log": _norm(repr(module._LOG)), "args": _norm(repr(args)),
            "refused": refused}


def _staging_refusal(error):
    """Whether the staged runtime raised `error` from its own checks."""
    from agc_runtime import staged
    if isinstance(error, staged.OperatorNotAllowedError):
        return True
    tb = error.__traceback__
    last = None
    while tb is not None:
        last = tb.tb_frame.f_code.co_filename
        tb = tb.tb_next
    # The staged backend's own files (not ld's UnboundLocalError, say).
    return last is not None and os.path.basename(last) in (
        "staged.py", "_importlib_bootstrap_staged.py")


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def child_main(original_path, converted_path, backend, cases_json):
    """Runs every case both ways; prints one JSON line per case."""
    import agc_runtime
    agc_runtime.use("python")
    cases = json.loads(cases_json)
    original = _load(original_path, "rp_original")
    converted = _load(converted_path, "rp_converted")
    staged = None
    if backend == "staged":
        from agc_runtime import staged as staged_module
        staged = staged_module
    for name, arg_list in cases.items():
        for index, args in enumerate(arg_list):
            expected = _outcome(original, name, args, None)
            actual = _outcome(converted, name, args, staged)
            print(json.dumps({"name": name, "index": index,
                              "expected": expected, "actual": actual}),
                  flush=True)
    return 0


# Differences of a kind known and not fixed yet, counted and reported apart
# (each with the reason); every other difference fails the run.
KNOWN = [
    # (name, why, test(expected, actual) -> bool); none at present.
]


def known(expected, actual):
    """The name of the known kind of this difference, or None."""
    for name, _, test in KNOWN:
        if test(expected, actual):
            return name
    return None


def differs(expected, actual):
    keys = ("what", "printed", "log", "args")
    if expected["what"][0] in ("timeout", "recursion"):
        return False
    return any(expected[k] != actual[k] for k in keys)


class Runner:
    def __init__(self, agc, tmp, verbose=False):
        self.agc = agc
        self.tmp = Path(tmp)
        self.verbose = verbose
        self.env = dict(os.environ)
        self.env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "runtime")] +
            [p for p in [self.env.get("PYTHONPATH")] if p])
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.serial = 0

    def convert(self, original: Path, passes: str):
        converted = original.with_name(f"{original.stem}_{passes}_ag.py")
        run = subprocess.run(
            [self.agc, "convert", str(original), "-o", str(converted),
             "--no-source-map", "--converted-only", "--passes", passes],
            capture_output=True, text=True)
        if run.returncode not in (0, 1) or not converted.exists():
            return None, run.stderr
        return converted, run.stderr

    def run_cases(self, original, converted, backend, cases, timeout=600):
        child = subprocess.run(
            [sys.executable, __file__, "--child", str(original),
             str(converted), backend, json.dumps(cases)],
            capture_output=True, text=True, env=self.env, timeout=timeout)
        records = []
        for line in child.stdout.splitlines():
            if line.startswith("{"):
                records.append(json.loads(line))
        return records, child

    def check(self, functions, cases, label):
        """Runs one module every way; returns (stats, differences)."""
        self.serial += 1
        original = self.tmp / f"rp{self.serial}.py"
        original.write_text(module_source(functions), encoding="utf-8")
        stats = {"runs": 0, "refused": 0, "known": {}}
        diffs = []
        for passes in PASSES:
            converted, stderr = self.convert(original, passes)
            if converted is None:
                diffs.append({"mode": (passes, None), "kind": "agc failed",
                              "detail": stderr})
                continue
            for backend in BACKENDS:
                records, child = self.run_cases(original, converted, backend,
                                                cases)
                expected_count = sum(len(v) for v in cases.values())
                if len(records) != expected_count:
                    diffs.append({"mode": (passes, backend),
                                  "kind": "runner crashed",
                                  "detail": child.stderr[-3000:]})
                    continue
                for rec in records:
                    stats["runs"] += 1
                    if not differs(rec["expected"], rec["actual"]):
                        continue
                    if rec["actual"]["refused"]:
                        stats["refused"] += 1
                        continue
                    kind = known(rec["expected"], rec["actual"])
                    if kind is not None:
                        stats["known"][kind] = stats["known"].get(kind, 0) + 1
                        continue
                    diffs.append({"mode": (passes, backend),
                                  "kind": "difference", **rec})
        return stats, diffs

    # --- reduction ---------------------------------------------------------
    def still_differs(self, source, name, args, mode):
        self.serial += 1
        original = self.tmp / f"red{self.serial}.py"
        original.write_text(source, encoding="utf-8")
        passes, backend = mode
        converted, _ = self.convert(original, passes)
        if converted is None:
            return False
        try:
            records, _ = self.run_cases(original, converted, backend,
                                        {name: [args]}, timeout=60)
        except subprocess.TimeoutExpired:
            return False
        found = (len(records) == 1 and not records[0]["actual"]["refused"]
                 and differs(records[0]["expected"], records[0]["actual"])
                 and not known(records[0]["expected"], records[0]["actual"]))
        if found:
            self.last = records[0]
        return found

    def reduce(self, function_src, name, args, mode):
        """The smallest variant of the function that still differs."""
        tree = ast.parse(function_src)

        def source(t):
            return PRELUDE + "\n\n" + ast.unparse(t) + "\n"

        if not self.still_differs(source(tree), name, args, mode):
            return None
        changed = True
        seen = {ast.unparse(tree)}
        while changed:
            changed = False
            for candidate in _shrinks(tree):
                text = ast.unparse(candidate)
                if text in seen:
                    continue
                seen.add(text)
                try:
                    text = source(candidate)
                    compile(text, "<reduced>", "exec")
                except SyntaxError:
                    continue
                if self.still_differs(text, name, args, mode):
                    tree = candidate
                    changed = True
                    break
        return ast.unparse(tree) + "\n"


def _blocks(tree):
    """Every statement list in the tree: (node, field)."""
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody", "handlers"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and \
                    not isinstance(node, ast.Module):
                yield node, field


def _shrinks(tree):
    """Variants of `tree` one step smaller, biggest steps first."""
    count = sum(1 for _ in _blocks(tree))
    for b in range(count):
        blocks = list(_blocks(tree))
        node, field = blocks[b]
        n = len(getattr(node, field))
        for i in range(n):
            # Drop statement i; replace a compound statement by its body.
            for replace in (False, True):
                t = copy.deepcopy(tree)
                node2, field2 = list(_blocks(t))[b]
                stmts = getattr(node2, field2)
                victim = stmts[i]
                if replace:
                    inner = getattr(victim, "body", None)
                    if not isinstance(inner, list) or isinstance(
                            victim, (ast.FunctionDef, ast.ClassDef)) or \
                            isinstance(victim, ast.ExceptHandler):
                        continue
                    stmts[i:i + 1] = inner
                else:
                    del stmts[i]
                if not stmts:
                    if field2 == "handlers":
                        if not node2.finalbody:
                            continue
                        node2.orelse = []
                    elif field2 in ("orelse", "finalbody"):
                        pass
                    else:
                        stmts.append(ast.Pass())
                if isinstance(node2, ast.Try) and not node2.handlers and \
                        not node2.finalbody:
                    continue
                if isinstance(node2, ast.Try) and not node2.handlers and \
                        node2.orelse:
                    continue
                ast.fix_missing_locations(t)
                yield t


def save_case(save_dir: Path, seed, index, function_src, name, args, diff):
    save_dir.mkdir(parents=True, exist_ok=True)
    path = save_dir / f"random_{seed}_{index}.py"
    passes, backend = diff["mode"]
    header = '"""Found by scripts/random_programs.py (seed %s, %s, --passes ' \
        '%s, %s backend) and reduced.\n\nOriginal: %s\nConverted: %s\n"""\n' % (
            seed, name, passes, backend,
            json.dumps(diff["expected"]), json.dumps(diff["actual"]))
    args_line = "" if passes == "default" else \
        "# agc-args: --passes all\n"
    text = (args_line + header + PRELUDE + "\n\n" + function_src +
            "\n\nCASES = {\n    %r: [%r],\n}\n" % (name, tuple(args)))
    path.write_text(text, encoding="utf-8")
    return path


def function_cases(functions):
    return {name: [list(a) for a in INPUTS] for name, _ in functions}


def run_seed(runner, seed, count, save_dir, reduce=True):
    functions = generate_module(seed, count)
    cases = function_cases(functions)
    stats, diffs = runner.check(functions, cases, f"seed {seed}")
    stats["functions"] = len(functions)
    stats["inputs"] = sum(len(v) for v in cases.values())
    reported = []
    seen = set()
    for diff in diffs:
        if diff["kind"] != "difference":
            reported.append(f"seed {seed} {diff['mode']}: {diff['kind']}\n"
                            f"{diff['detail']}")
            continue
        name = diff["name"]
        if name in seen:
            continue
        seen.add(name)
        index = int(name[1:])
        src = dict(functions)[name]
        args = cases[name][diff["index"]]
        line = (f"seed {seed} {name}{tuple(args)} --passes {diff['mode'][0]}"
                f" {diff['mode'][1]}: original {diff['expected']}, converted "
                f"{diff['actual']}")
        if reduce:
            small = runner.reduce(src, name, args, diff["mode"])
            if small is not None:
                reduced = dict(diff, **runner.last)
                path = save_case(save_dir, seed, index, small, name, args,
                                 reduced)
                line += f"\nreduced to {path}:\n{small}"
        reported.append(line)
    return stats, reported


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", default=str(ROOT / "build" / "agc"))
    ap.add_argument("--seed", type=int, action="append",
                    help="run these seeds (default: the fixed set)")
    ap.add_argument("--minutes", type=float,
                    help="a campaign: new seeds until the time is up")
    ap.add_argument("--first-seed", type=int, default=1000,
                    help="the campaign's first seed")
    ap.add_argument("--functions", type=int, default=FUNCTIONS_PER_MODULE,
                    help="functions per module (one agc run)")
    ap.add_argument("--save-dir", default=str(ROOT / "testdata" /
                                              "equivalence"))
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--show", action="store_true",
                    help="print the generated module of --seed and exit")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child_main(*args.child)
    if args.show:
        for seed in args.seed or FIXED_SEEDS[:1]:
            print(module_source(generate_module(seed, args.functions)))
        return 0

    start = time.monotonic()
    totals = {"modules": 0, "functions": 0, "inputs": 0, "runs": 0,
              "refused": 0, "differences": 0}
    known_counts = {}
    save_dir = Path(args.save_dir)
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(args.agc, tmp)
        if args.minutes is not None:
            deadline = start + args.minutes * 60
            seeds = iter(range(args.first_seed, 1 << 62))
        else:
            deadline = None
            seeds = iter(args.seed or FIXED_SEEDS)
        for seed in seeds:
            if deadline is not None and time.monotonic() >= deadline:
                break
            try:
                stats, reported = run_seed(runner, seed, args.functions,
                                           save_dir, not args.no_reduce)
            except Exception:  # noqa: BLE001
                stats, reported = {}, [f"seed {seed}: runner error\n"
                                       f"{traceback.format_exc()}"]
            totals["modules"] += 1
            for key in ("functions", "inputs", "runs", "refused"):
                totals[key] += stats.get(key, 0)
            for kind, n in stats.get("known", {}).items():
                known_counts[kind] = known_counts.get(kind, 0) + n
            totals["differences"] += len(reported)
            for line in reported:
                print("DIFF " + line, flush=True)
    elapsed = time.monotonic() - start
    for name, why, _ in KNOWN:
        if name in known_counts:
            print(f"KNOWN {name}: {known_counts[name]} runs ({why})")
    print("random_programs: %(modules)d modules, %(functions)d functions, "
          "%(inputs)d inputs, %(runs)d runs (%(refused)d refused by staging),"
          " %(differences)d differences" % totals +
          f", {elapsed:.0f} s", flush=True)
    return 1 if totals["differences"] else 0


if __name__ == "__main__":
    sys.exit(main())
