# AGC305: a dict written with a dynamic key inside a loop that iterates it.


def normalize(d):
    for k in d.keys():
        d[k + "_n"] = d[k] / 10  # expect: AGC305


def items(d):
    for k, v in d.items():
        d[v] = k  # expect: AGC305


def values(d, f):
    for v in d.values():
        if v:
            d[f(v)] = v  # expect: AGC305


def local_dict(pairs):
    table = {}
    for k in table:
        table[k * 2] = pairs  # expect: AGC305
    return table


# Clean look-alikes.


def constant_key(d):
    for k in d.keys():
        d["count"] = k


def other_dict(d, out):
    for k in d.keys():
        out[k] = d[k]
    return out


def list_index(xs):
    for x in xs:
        xs[x] = 0


def read_only(d):
    total = 0
    for k in d.keys():
        total += d[k]
    return total


def own_key(d):
    for k, v in d.items():
        d[k] = v * 2
