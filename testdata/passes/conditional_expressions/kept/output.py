import agc_runtime as ag__


@ag__.autograph_artifact
def walrus(xs):
    with ag__.FunctionScope('walrus', 'fscope', ag__.STD) as fscope:
        return (n := len(xs)) if xs else (n := 0)


@ag__.autograph_artifact
def frame(x):
    with ag__.FunctionScope('frame', 'fscope', ag__.STD) as fscope:
        return locals() if x else {}


@ag__.autograph_artifact
def class_body(flag):
    with ag__.FunctionScope('class_body', 'fscope', ag__.STD) as fscope:
        class Config:
            mode = "fast" if flag else "slow"
            level = 1 if mode == "fast" else 2
        return Config.level
