import agc_runtime as ag__


@ag__.autograph_artifact
def positive(x):
    with ag__.FunctionScope('positive', 'fscope', ag__.STD) as fscope:
        if __debug__:
            ag__.assert_stmt(x > 0, lambda: f"not positive: {x}")
        if __debug__:
            ag__.assert_stmt(x, None)
        return x


@ag__.autograph_artifact
def in_loop(xs):
    with ag__.FunctionScope('in_loop', 'fscope', ag__.STD) as fscope:
        for x in xs:
            if x:
                if __debug__:
                    ag__.assert_stmt(check(x), lambda: "failed")
        return xs
