import functools
@functools.lru_cache(maxsize=None)
@decorator
def f(a, b=1, /, c=2, *args, d, e=3, **kwargs) -> int:
    """Docstring."""
    return a
def g(*, key):
    nonlocal_helper = 1
    def inner():
        nonlocal nonlocal_helper
        nonlocal_helper += 1
        return nonlocal_helper
    return inner
def h(a: int, b: "str" = "x", *c: tuple, d: int = 4, **e: dict) -> None:
    pass
async def fetch(session, url):
    async with session.get(url) as r:
        async for chunk in r.content:
            await process(chunk)
    return [x async for x in aiter()]
def gen():
    yield
    yield 1
    x = (yield 2)
    yield from other()
    return (yield)
class A(Base, metaclass=Meta, **extra):
    """Class doc."""
    x: int = 0
    @property
    def value(self):
        return self._value
    @value.setter
    def value(self, v):
        self._value = v
    class Inner:
        pass
@dataclass
class B:
    pass
class C:
    pass
def only_doc():
    "single quotes doc"
lambda: 0
lambda x, *a, k=1, **kw: (x, a, k, kw)
lambda x, /, y: x + y
