def only_last(x):
    y = x + 1
    return y


def early(x):
    if x:
        return 1
    return 2


def elif_chain(x):
    """Code after an if whose branch returns moves into its else."""
    if x > 10:
        return "big"
    elif x > 0:
        return "small"
    y = -x
    return y


def bare_return(log, x):
    if x:
        log.append(x)
        return
    log.append(0)


def falls_off(x):
    if x:
        return x


def tuple_and_else(a, b):
    if a < b:
        z = b - a
    else:
        return a, b
    return z, z


def guarded_rest(x):
    total = 0
    if x > 1:
        total += 1
        if x > 5:
            return total
        total += 2
    total += 3
    return total


def raises_or_returns(x):
    if x < 0:
        raise ValueError(x)
    elif x == 0:
        return None
    return 1 / x


def helper_names_taken(do_return, retval_):
    if do_return:
        return retval_
    return do_return
