#include "lib/diag/explain.h"

namespace agc::diag {
namespace {

struct Page {
  int code;
  std::string_view text;
};

// One page per code, in code order.
constexpr Page kPages[] = {
    {1, R"md(# AGC001: invalid syntax

## What it does
Reports input that is not valid Python 3.11 (tree-sitter found an error
node), at the first position that does not parse.

## Why is this bad
agc converts only what it can parse; the file is neither converted nor
linted. Python would refuse it too, with a SyntaxError.

## Example
```python
def f(x)
    return x
```

## Use instead
```python
def f(x):
    return x
```
)md"},
    {2, R"md(# AGC002: file is not valid UTF-8

## What it does
Reports a byte that is not valid UTF-8 in a file that declares no other
encoding (PEP 263). Inside a comment such bytes are accepted and kept, as
CPython's `compile()` and `import` accept them there.

## Why is this bad
Python reads source as UTF-8 by default and would reject the file.

## Example
A Latin-1 file with `é` stored as the single byte 0xe9.

## Use instead
Save the file as UTF-8, or declare its encoding on the first or second
line: `# -*- coding: latin-1 -*-`.
)md"},
    {3, R"md(# AGC003: source code cannot contain null bytes

## What it does
Reports a NUL byte (0x00) in the input.

## Why is this bad
Python refuses source files with NUL bytes ("source code cannot contain
null bytes"); usually the file is binary or was corrupted.

## Example
A `.pyc` file or a UTF-16 file passed as source.

## Use instead
Pass the Python source file, saved as UTF-8.
)md"},
    {4, R"md(# AGC004: syntax newer than the target Python version

## What it does
Reports syntax that the target Python version cannot compile: PEP 695 type
parameter lists (`def f[T](x: T)`, `class C[T]`) and the `type` statement
need Python 3.12, as do PEP 701 f-strings (an f-string's own quotes, a
backslash, a comment or, in a single-quoted f-string, a line break inside a
replacement field); PEP 696 type parameter defaults (`[T = int]`) need
Python 3.13; Python 3.14's template strings (`t"..."`, PEP 750) and
exception types without parentheses (`except A, B:`, PEP 758) are refused
whatever the target, as agc cannot target 3.14 (`--target-version` takes no
`py314`). The message names the construct, the version that introduced
it and the target, e.g. `type parameter lists need Python 3.12 (target is
3.11)`.

## Why is this bad
The target is the oldest Python the converted code must run on: the
`--target-version` flag, else `target-version` in `[tool.agc]`, else the
minimum of `requires-python` in `[project]` of the nearest `pyproject.toml`,
else py313. Code with newer syntax would not compile there, so the file is
not converted.

## Example
```python
# agc convert --target-version py311
type Vector = list[float]
```

## Use instead
Raise the target (`--target-version py312`, or `requires-python = ">=3.12"`),
or write the older form:
```python
Vector = list[float]
```
)md"},
    {5, R"md(# AGC005: too many nested expressions or blocks

## What it does
Reports input nested deeper than agc's limit (parentheses, brackets,
blocks).

## Why is this bad
CPython's parser has similar limits ("too many nested parentheses"); agc
stops before its own recursion could exhaust the stack.

## Example
An expression with thousands of nested parentheses, usually generated.

## Use instead
Flatten the expression (intermediate variables, loops).
)md"},
    {6, R"md(# AGC006: invalid syntax: a token is missing or unmatched

## What it does
Reports a syntax error whose cause agc can name, in CPython's words and at
CPython's position:

- `expected ':'`: a compound statement's header (`if`, `while`, `for`,
  `def`, `class`, `with`, `try`, `except`, ...) ends without its colon;
- `'(' was never closed`: a bracket is still open at the end of the file
  (reported at the innermost open one);
- `unmatched ')'`: a closing bracket with none open;
- `closing parenthesis ']' does not match opening parenthesis '('`: a
  closing bracket of the wrong kind (`on line N` when they are on different
  lines).

Other syntax errors are AGC001.

## Why is this bad
The file is not valid Python; nothing is converted.

## Example
```python
if x > 0
    total = sum(values
```

## Use instead
```python
if x > 0:
    total = sum(values)
```
)md"},
    {7, R"md(# AGC007: unknown source encoding

## What it does
Reports a PEP 263 coding declaration naming an encoding agc does not know.

## Why is this bad
Python would fail with "unknown encoding" when importing the file.

## Example
```python
# -*- coding: klingon -*-
```

## Use instead
Declare a real encoding (`utf-8`, `latin-1`, ...) or remove the
declaration and save the file as UTF-8.
)md"},
    {8, R"md(# AGC008: text not valid in the declared encoding

## What it does
Reports a file whose bytes are not valid in the encoding it declares, or
converted text that cannot be written back in it.

## Why is this bad
Python would fail to decode the file; agc cannot keep it byte-exact.

## Example
A file declaring `# coding: ascii` that contains `é`.

## Use instead
Fix the declaration to match the bytes, or save the file as UTF-8.
)md"},
    {9, R"md(# AGC009: output is missing or out of date

## What it does
`agc convert --check` reports an output file (or its source map) that is
missing or differs from what conversion would write now.

## Why is this bad
Checked-in generated code no longer matches its source; a build would run
stale code.

## Example
`agc convert --check model.py` after editing `model.py`.

## Use instead
Run `agc convert` again and commit the result.
)md"},
    {10, R"md(# AGC010: cannot read input

## What it does
Reports an input file or folder that cannot be read (missing, no
permission, a folder passed to `convert`).

## Why is this bad
Nothing can be converted or linted; the exit code is 2.

## Example
`agc lint srcc/` (a typo).

## Use instead
Pass existing, readable paths.
)md"},
    {11, R"md(# AGC011: cannot write output

## What it does
Reports an output file or folder that cannot be created or replaced.

## Why is this bad
The conversion result is lost; the exit code is 2. agc writes atomically,
so no partial file is left behind.

## Example
`agc convert m.py --out-dir /read-only/`.

## Use instead
Choose a writable output location.
)md"},
    {12, R"md(# AGC012: refusing to overwrite the input file

## What it does
Reports an output path that names the input file itself.

## Why is this bad
The input would be replaced by generated code and lost.

## Example
`agc convert m.py -o m.py`.

## Use instead
Write elsewhere: `-o m_ag.py` or `--out-dir build/`.
)md"},
    {14, R"md(# AGC014: unknown pass

## What it does
Reports a `--passes` (or `[tool.agc] passes`) entry that names no pass.

## Why is this bad
The pipeline cannot be built; the exit code is 2. The message suggests the
closest name.

## Example
`agc convert --passes control_flw m.py`.

## Use instead
`agc passes` lists the names: `--passes default,lists`.
)md"},
    {15, R"md(# AGC015: missing prerequisite pass

## What it does
Reports a selected pass whose prerequisite pass is not selected.

## Why is this bad
The pass reads what its prerequisite prepares; without it the output would
be wrong. The exit code is 2.

## Example
`agc convert --passes control_flow m.py` (needs `functions`).

## Use instead
`agc convert --passes functions,control_flow m.py`.
)md"},
    {16, R"md(# AGC016: bad option

## What it does
Reports a command-line flag or configuration value agc cannot use
(conflicting flags, an unknown code in `--select`, an invalid
`pyproject.toml`).

## Why is this bad
agc cannot tell what was meant; the exit code is 2.

## Example
`agc lint --select AGC9 src/`.

## Use instead
Fix the flag or value the message names (`agc --help`).
)md"},
    {17, R"md(# AGC017: two inputs would be written to the same output

## What it does
Reports two inputs that map to the same output path.

## Why is this bad
One conversion would silently replace the other; the exit code is 2.

## Example
`agc convert a/m.py b/m.py -o out.py`.

## Use instead
Use `--out-dir`, which mirrors the input paths.
)md"},
    {18, R"md(# AGC018: source map ignored

## What it does
`agc remap` warns about a source map it found next to a generated file in
the traceback but could not use: its source changed after conversion (the
map's `source_sha256` no longer matches), the source is gone, or the map is
not valid. Frames of that file stay as generated; the exit code stays 0.

## Why is this bad
The traceback silently keeps the generated lines where you expected the
original ones.

## Example
Editing `model.py` after `agc convert model.py`, then remapping a traceback
through `model_ag.py`.

## Use instead
Convert again (`agc convert`, or `make`), so the map matches the source.
)md"},
    {19, R"md(# AGC019: agc's output skipped

## What it does
Notes an input named on the command line that agc itself wrote (one of its
first three lines holds agc's `# Generated by agc ...` header): `agc convert`
writes nothing for it and `agc lint` does not lint it. When `agc lint` walks
a folder it skips such files, and copies of the `agc_runtime` package made
by `--emit-runtime`, without a word.

## Why is this bad
Converting or linting generated code reports on the wrong file: its
findings belong to the source, and converting it again would only note that
every function is already converted.

## Example
`agc convert src/*.py --out-dir build --check` after `agc convert
src/model.py` wrote `src/model_ag.py`: the glob picks up `model_ag.py`.

## Use instead
Name the sources (or use `--out-dir`, so outputs live apart from them).
)md"},
    {101, R"md(# AGC101: generator function left unconverted

## What it does
Notes a function that contains `yield` or `yield from`: agc leaves it as
written, like AutoGraph.

## Why is this bad
Its `if`/`for`/`while` stay Python control flow. Under staging they run
while tracing: a condition on a tensor fails ("using a tf.Tensor as a Python
bool"), and loops are unrolled.

## Example
```python
def batches(xs):
    for x in xs:
        yield x * 2
```

## Use instead
Keep generators for Python-side data feeding (`tf.data.Dataset.from_generator`),
and put tensor computations in ordinary functions that agc converts.
)md"},
    {102, R"md(# AGC102: async function left unconverted

## What it does
Notes an `async def`: agc leaves it as written, like AutoGraph.

## Why is this bad
Its control flow stays Python control flow and cannot be staged; awaiting
inside a traced graph function is not supported.

## Example
```python
async def fetch(x):
    if x > 0:
        return await get(x)
```

## Use instead
Do the asynchronous I/O outside the staged code and pass the results to an
ordinary (converted) function.
)md"},
    {103, R"md(# AGC103: function marked do_not_convert

## What it does
Notes a function decorated with `do_not_convert` (any decorator whose last
name is `do_not_convert`): agc leaves it as written, as asked.

## Why is this bad
Nothing, if intended: its control flow will not be staged, so it must only
see Python values when traced.

## Example
```python
@tf.autograph.experimental.do_not_convert
def log(msg):
    ...
```

## Use instead
Remove the decorator if the function handles tensors in `if`/loops.
)md"},
    {104, R"md(# AGC104: function already converted

## What it does
Notes a function already marked `autograph_artifact` (output of a previous
conversion): agc leaves it as it is.

## Why is this bad
Converting converted code twice would wrap every operator again.

## Example
Running `agc convert` on a file that `agc convert` wrote.

## Use instead
Convert the original source, not generated files (exclude `*_ag.py`).
)md"},
    {105, R"md(# AGC105: operator stays a Python operator

## What it does
Notes an operator (`and`, `or`, `not`, a comparison, a conditional
expression) that the passes keep as written, with the reason.

## Why is this bad
Kept operators run in Python: on a tensor they need `bool()` of a symbolic
value, which staging refuses.

## Example
An operator in a place the conversion cannot wrap in a thunk, such as a
default argument value; or a chained comparison whose middle operand is not
a name or a constant (`0 < len(xs) < n`): as the `and` of its links it
would evaluate `len(xs)` twice.

## Use instead
Move the expression into the function body, where it is converted; bind
the middle operand of a chain to a name first (`k = len(xs)`,
`0 < k < n`).
)md"},
    {106, R"md(# AGC106: call stays direct

## What it does
Notes a call that is not routed through `ag__.converted_call`, with the
reason (for example a call to a builtin that must see its caller's frame).

## Why is this bad
The callee is not converted at run time: control flow inside it stays
Python control flow.

## Example
`super().__init__()` or `locals()` inside a converted function.

## Use instead
Usually nothing; if the callee has tensor control flow, convert its module
with agc too.
)md"},
    {107, R"md(# AGC107: function needs a lowering pass

## What it does
Notes a function left unconverted because it contains a construct (`break`,
`continue`, `return` in control flow) whose lowering pass is not selected.

## Why is this bad
The whole function stays Python: none of its control flow is staged.

## Example
`agc convert --passes functions,control_flow m.py` on a loop with `break`.

## Use instead
Select the pass the message names (the default pipeline has them all).
)md"},
    {108, R"md(# AGC108: statement keeps the nonlocal form

## What it does
In the functional form of converted control flow (the default), remarks on
an `if`, `while` or `for` that is still written in the nonlocal form (bodies that assign the function's variables through
`nonlocal`, state through get_state/set_state), with the reason: its state
holds a composite symbol (`self.x`, `d['k']`), a name the function declares
`global` or `nonlocal`, or a name a nested function, lambda or generator
expression shares; it sits inside a `try` or `with` that may catch an
exception raised midway; its `while` test binds state (`:=`); or the
function takes snapshots of its locals (`locals()`, `vars()`). The
functional form could not keep Python's behaviour there, so agc keeps the
exact one.

## Why is this bad
It still runs on every agc_runtime backend, but PyTorch's higher-order ops
(`torch.cond`, `while_loop`) refuse bodies that assign an enclosing
function's variables: under `torch.export` or `torch.compile` this statement
cannot be staged (the runtime's TypeError then names it and this reason).
A remark, shown by `agc convert -v`; a warning of `agc convert` and `agc
lint` for a project that targets PyTorch (`frameworks = ["torch"]` in
`[tool.agc]`).

## Example
```python
def f(x, n):
    scale = lambda v: v * x   # the lambda reads `x`
    while n > 0:
        x = x + 1             # state `x` is shared with the lambda
        n -= 1
    return scale(n)
```

## Use instead
Keep the state in plain local names the statement alone uses: copy an
attribute or item into a local before the loop and store it back after it;
pass values to a nested function as arguments instead of letting it read the
loop's variables.
)md"},
    {201, R"md(# AGC201: jump inside finally

## What it does
Reports a function left unconverted because `break`, `continue` or `return`
sits inside a `finally` block.

## Why is this bad
Such a jump discards the exception being propagated. Lowered to a flag, it
would let the exception escape instead, changing behaviour; agc (unlike
AutoGraph) leaves the function as written, so its control flow is not
staged.

## Example
```python
def f(xs):
    for x in xs:
        try:
            work(x)
        finally:
            break
```

## Use instead
Move the jump out of `finally` (catch the exception explicitly with
`except` if it is meant to be discarded).
)md"},
    {202, R"md(# AGC202: set_loop_options misplaced

## What it does
Reports a `set_loop_options(...)` call that is not the first statement of a
loop body in a converted function.

## Why is this bad
The options (maximum iterations, shape invariants, ...) apply to the staged
loop only when attached to it; elsewhere they have no effect.

## Example
```python
for i in tf.range(n):
    x = x + 1
    ag.set_loop_options(maximum_iterations=10)
```

## Use instead
Make it the first statement of the loop body.
)md"},
    {203, R"md(# AGC203: directive left as written

## What it does
Reports a directive (`set_loop_options`, `set_element_type`) agc cannot use,
with the reason (wrong arguments, unknown option).

## Why is this bad
The directive has no effect on the conversion; the call stays in the
output.

## Example
`ag.set_element_type(l)` without a dtype.

## Use instead
Fix the arguments the message names.
)md"},
    {204, R"md(# AGC204: hint not attached

## What it does
Reports an `# agc: loop-vars(...)` or `# agc: if-vars(...)` hint that is not
on the line just before a loop or `if` of a converted function.

## Why is this bad
The hint overrides which variables the staged statement carries; detached,
it is ignored and the inferred state is used.

## Example
```python
# agc: loop-vars(x)

while x < 10:
    x += 1
```

## Use instead
Put the hint on the line directly above the statement.
)md"},
    {205, R"md(# AGC205: hint names an unknown symbol

## What it does
Reports a state hint naming a variable the statement never reads or writes.

## Why is this bad
Usually a typo: the hint does not do what was meant.

## Example
```python
# agc: loop-vars(totl)
while i < n:
    total += i
```

## Use instead
Name the statement's variables (`# agc: loop-vars(total, i)`).
)md"},
    {300, R"md(# AGC300: unused suppression

## What it does
Reports an `# agc: ignore[AGCnnn]` (or bare `# agc: ignore`) comment that
suppressed nothing on its line, naming the unused code.

## Why is this bad
Stale suppressions hide future findings on that line and mislead readers;
the code it names may also be a typo.

## Example
```python
y = 1  # agc: ignore[AGC301]
```

## Use instead
Remove the comment, or fix the code it names.
)md"},
};

}  // namespace

std::string_view ExplainPage(int code) {
  for (const Page& page : kPages) {
    if (page.code == code) {
      return page.text;
    }
  }
  return {};
}

}  // namespace agc::diag
