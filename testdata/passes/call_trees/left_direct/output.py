import agc_runtime as ag__
import pdb


class Base:
    @ag__.autograph_artifact
    def method(self):
        with ag__.FunctionScope('method', 'fscope', ag__.STD) as fscope:
            return ag__.converted_call(super().method, (), None, fscope)


@ag__.autograph_artifact
def frame_builtins(x):
    with ag__.FunctionScope('frame_builtins', 'fscope', ag__.STD) as fscope:
        a = locals()
        b = globals()
        c = vars()
        d = dir()
        e = eval("x + 1")
        exec("y = 1")
        return (a, b, c, d, e)


@ag__.autograph_artifact
def debugging():
    with ag__.FunctionScope('debugging', 'fscope', ag__.STD) as fscope:
        breakpoint()
        pdb.set_trace()


@ag__.autograph_artifact
def fstring(x):
    with ag__.FunctionScope('fstring', 'fscope', ag__.STD) as fscope:
        # f-strings print as written: their calls stay as they are.
        return f"{len(x)} items"


@ag__.autograph_artifact
def module_level_only_in_functions():
    with ag__.FunctionScope('module_level_only_in_functions', 'fscope', ag__.STD) as fscope:
        pass


print("module level calls stay direct")
