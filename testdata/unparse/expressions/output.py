x = (a + b) * c
x = a + b * c
x = -a ** 2
x = (-a) ** 2
x = -a ** 2
x = a ** (-b)
x = a ** b ** c
x = (a ** b) ** c
x = not a == b
x = not a == b
x = (not a) == b
x = a and b or c
x = a and (b or c)
x = (a or b) and c
x = a if b else c
x = (a if b else c) if d else e
x = a if (b if c else d) else e
x = lambda: (yield)
x = (lambda: 1) if a else lambda: 2
f = lambda a=1, *b, c, **d: a
x = [i * 2 for i in range(10) if i % 2 if i > 3]
x = {k: v for k, v in items.items()}
x = {s for s in strings}
x = (g for g in gens)
x = [y for x in xs for y in x]
sum(x for x in range(3))
f(*args, **kwargs)
f(a, *b, c=1, **d)
f(a)(b)[c].d
x = a[1:2]
x = a[::2]
x = a[1:2, 3]
x = a[:, None]
x = a[...]
x = a[()]
x = a[1, 2]
x = a[b, c]
x = {**a, 'b': 1}
x = {}
x = {1, 2}
x = []
x = ()
x = (1,)
x = (1,)
x = [*a, *b]
x = (*a, b)
print(*a)
x = a < b <= c != d
x = a is not b
x = a not in b
x = a in b
x = (y := 10)
if (n := len(a)) > 10:
    pass
[(y := f(x)), y ** 2]
x = await_ = 1
x = 'single' "double" '''triple'''
x = b"bytes" rb'raw'
x = f"{a!r:>{width}} {b=}"
x = f'{x}' 'plain'
x = "implicit" "concatenation"
x = 1_000 + 0x1F + 0o17 + 0b101 + 1.5e-3 + 2j + 1.0J
x = 1 .real
x = 1 .real
x = 1.0.real
x = ~a
x = +a
x = a @ b
x = a // b % c
x = a << b >> c
x = a | b ^ c & d
x = ...
x = (None, True, False)
x = a.b.c
x = (a, b)[0]
x = -1 ** 2
x = (-1) ** 2
x = yield_ + 1
x = [i for i in (1, 2)]
x = ((a for b in c), d)
t = (*a, *b)
x = a if b else lambda: c
x = (lambda: a) if b else c
del x[a:b]
x = await_ if a else b
