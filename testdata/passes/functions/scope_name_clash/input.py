fscope = 'global'


def uses_fscope():
    return fscope


def binds_fscope(fscope_1):
    fscope = fscope_1
    return fscope


def lambda_clash(lscope):
    return (lambda: lscope)()
