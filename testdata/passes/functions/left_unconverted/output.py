import agc_runtime as ag__
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


@ag__.autograph_artifact
def uses_generator_expression(n):
    with ag__.FunctionScope('uses_generator_expression', 'fscope', ag__.STD) as fscope:
        # A generator expression does not make the function a generator.
        return sum(i for i in range(n))


@ag__.autograph_artifact
def has_nested_generator():
    with ag__.FunctionScope('has_nested_generator', 'fscope', ag__.STD) as fscope:
        def g():
            yield 1
        return list(g())
