"""Module docstring."""
from __future__ import annotations
import os, sys as system
import a.b.c as d
from . import x
from ..pkg.mod import y as z, w
from os.path import *
x = 1
y = 2
a = b = c = 3
a, *rest = [1, 2, 3]
(p, q), r = ((1, 2), 3)
[s, t] = u = (4, 5)
x += 1
x **= 2
x //= 3
x @= m
v: int = 5
w: "List[int]"
(paren): int = 3
obj.attr: int
d[k]: str = "v"
del a, b[0], c.d
del (e, f)
assert x, "message"
assert y
raise
raise ValueError("bad") from err
raise E from None
global g
pass
if a:
    pass
elif b:
    x = 1
elif c:
    x = 2
else:
    x = 3
while x < 10:
    x += 1
    if x == 5:
        break
    continue
else:
    print("done")
for i, j in enumerate(items):
    print(i, j)
else:
    pass
for a, b in pairs:
    pass
for x in (1, 2, 3):
    pass
with open(f) as fh, lock:
    fh.read()
with open(a) as b, open(c) as d:
    pass
with ctx() as (p, q):
    pass
try:
    risky()
except ValueError as e:
    handle(e)
except (TypeError, KeyError):
    pass
except:
    raise
else:
    ok()
finally:
    cleanup()
try:
    pass
except* OSError as eg:
    pass
try:
    pass
finally:
    pass
