import agc_runtime as ag__
fscope = 'global'


@ag__.autograph_artifact
def uses_fscope():
    with ag__.FunctionScope('uses_fscope', 'fscope_1', ag__.STD) as fscope_1:
        return fscope


@ag__.autograph_artifact
def binds_fscope(fscope_1):
    with ag__.FunctionScope('binds_fscope', 'fscope_2', ag__.STD) as fscope_2:
        fscope = fscope_1
        return fscope


@ag__.autograph_artifact
def lambda_clash(lscope):
    with ag__.FunctionScope('lambda_clash', 'fscope', ag__.STD) as fscope:
        return (lambda: ag__.with_function_scope(lambda lscope_1: lscope, 'lscope_1', ag__.STD))()
