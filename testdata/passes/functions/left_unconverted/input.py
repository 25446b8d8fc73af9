import agc_runtime as ag
from agc_runtime import do_not_convert


def gen(n):
    for i in range(n):
        yield i


def delegating():
    yield from gen(3)


async def coroutine():
    return 1


@do_not_convert
def marked(x):
    return x


@ag.do_not_convert()
def marked_call(x):
    return x


@ag.autograph_artifact
def converted_already(x):
    return x


def uses_generator_expression(n):
    # A generator expression does not make the function a generator.
    return sum(i for i in range(n))


def has_nested_generator():
    def g():
        yield 1
    return list(g())
