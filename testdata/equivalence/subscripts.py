"""Subscripts in loops, as the default pipeline's subscripts pass writes
them: reads at a position the loop changes (get_item), writes to a local
(set_item) and augmented writes (`x[k] += y`: the runtime's read, Python's
own in-place operator, the runtime's write), with Python's evaluation
order, aliasing (`+=` on a list element extends that list) and errors."""

log = []


def _note(value):
    log.append(value)
    return value


class Item:
    """An element whose += changes it in place and whose + does not."""

    def __init__(self, v):
        self.v = v

    def __iadd__(self, other):
        log.append(("iadd", other))
        self.v += other
        return self

    def __add__(self, other):
        log.append(("add", other))
        return Item(self.v + other)

    def __repr__(self):
        return "Item(%r)" % self.v


class Recorder:
    """A container that logs each read and write of an item."""

    def __init__(self, n):
        self.data = [0] * n

    def __getitem__(self, k):
        log.append(("get", k))
        return self.data[k]

    def __setitem__(self, k, v):
        log.append(("set", k, v))
        self.data[k] = v


def aug_counts(xs):
    counts = {}
    for x in xs:
        if x not in counts:
            counts[x] = 0
        counts[x] += 1
    return counts


def aug_positions(n):
    totals = [0] * 3
    i = 0
    while i < n:
        totals[i % 3] += i      # key not inert: stays as written
        totals[0] -= 1
        i += 1
    return totals


def aug_extends_in_place(n):
    rows = [[], []]
    alias = rows[0]
    for i in range(n):
        k = i % 2
        rows[k] += [i]          # the list itself grows: alias sees it
    return rows, alias, alias is rows[0]


def aug_objects(n):
    del log[:]
    items = [Item(0), Item(1)]
    first = items[0]
    for i in range(n):
        k = i - i
        items[k] += i           # __iadd__, not __add__
    return first.v, items[0] is first, list(log)


def aug_order(n):
    # Python reads the item before it evaluates the right side, and writes
    # last.
    del log[:]
    r = Recorder(3)
    for i in range(n):
        r[i] += _note(i * 10)
    return r.data, list(log)


def aug_slices(n):
    grid = [[0, 0, 0], [0, 0, 0]]
    out = list(range(6))
    for j in range(n):
        grid[1][j] += 5         # not a name: stays
        out[1:3] += [j]         # a fixed slice: stays
        out[j:] += [j]          # a slice at a position: ag__.key[j:]
    return grid, out


def aug_index_error(n):
    l = [1, 2]
    for i in range(n):
        l[i] *= 3
    return l


def aug_type_error(n):
    d = {"a": "x"}
    for i in range(n):
        d["a"] += i
    return d


def aug_tuple_item(n):
    # The famous one: the list grows, then the tuple refuses the write.
    t = ([0],)
    caught = None
    for i in range(n):
        k = i * 0
        try:
            t[k] += [i]
        except TypeError as e:
            caught = str(e)
    return t, caught


def aug_in_branches(n):
    hist = [0, 0]
    l_item = "the user's own name"
    for i in range(n):
        if i % 3 == 0:
            hist[0] += 1        # a fixed key: stays
        else:
            j = 1
            hist[j] += i
            hist[j] //= 2
    return hist, l_item


def aug_unbound(n):
    for i in range(n):
        if i > 1:
            acc = [0]
        acc[0] += i
    return acc


def aug_key_once(n):
    # A key that is not inert (a call): its value once, first; then the
    # item is read and the value evaluated (Python's order, in the log).
    log = []

    def key(i):
        log.append(("key", i))
        return i % 2

    def value(i):
        log.append(("value", i))
        return i

    counts = [0, 0]
    for i in range(n):
        counts[key(i)] += value(i)
        counts[i % 2 - 2] -= 1
    return counts, log


def reads_and_writes(n):
    buf = [0] * (n + 1)
    t = 1
    while t <= n:
        buf[t] = buf[t - 1] + t
        t += 1
    return buf


CASES = {
    "aug_counts": [([],), (["a", "b", "a", "c", "a"],)],
    "aug_positions": [(0,), (7,)],
    "aug_extends_in_place": [(0,), (5,)],
    "aug_objects": [(0,), (3,)],
    "aug_order": [(0,), (3,)],
    "aug_slices": [(0,), (3,)],
    "aug_index_error": [(2,), (3,)],
    "aug_type_error": [(0,), (1,)],
    "aug_tuple_item": [(0,), (2,)],
    "aug_in_branches": [(0,), (7,)],
    "aug_unbound": [(0,), (1,), (4,)],
    "aug_key_once": [(0,), (5,)],
    "reads_and_writes": [(0,), (5,)],
}

# Staged runs stage every argument: Python lists indexed by staged
# positions, dicts keyed by them, a try in a staged loop and names unbound
# when a staged loop starts break the staging rules, with these errors.
_INDEX = 'a staged value cannot be used as a Python index'
STAGED_ERRORS = {
    ('aug_counts', 1): "unhashable type: 'Value'",
    ('aug_positions', 0): _INDEX,
    ('aug_positions', 1): _INDEX,
    ('aug_extends_in_place', 0): _INDEX,
    ('aug_extends_in_place', 1): _INDEX,
    ('aug_order', 0): _INDEX,
    ('aug_order', 1): _INDEX,
    # grid[1][j] += 5 is the loop's state in the nonlocal form: its
    # get_state reads it with j still unset.
    ('aug_slices', 0): 'list indices must be integers or slices, not Undef',
    ('aug_slices', 1): 'list indices must be integers or slices, not Undef',
    ('aug_index_error', 0): _INDEX,
    ('aug_index_error', 1): _INDEX,
    # The body is traced once, whatever n is: the str meets a staged int.
    ('aug_type_error', 0): 'can only concatenate str (not "int") to str',
    ('aug_tuple_item', 0): "'e' must be defined before the loop",
    ('aug_tuple_item', 1): "'e' must be defined before the loop",
    ('aug_unbound', 0): "'Undefined' object is not subscriptable",
    ('aug_unbound', 1): "'Undefined' object is not subscriptable",
    ('aug_unbound', 2): "'Undefined' object is not subscriptable",
    ('aug_key_once', 0): _INDEX,
    ('aug_key_once', 1): _INDEX,
    ('reads_and_writes', 0): _INDEX,
    ('reads_and_writes', 1): _INDEX,
}

PYTHON_ONLY = {
    "aug_in_branches": "writes a Python list in both branches of an if over "
                       "a staged value: a graph runtime traces both",
    "aug_objects": "changes a Python object in a loop over a staged value: "
                   "a graph runtime traces the body once",
}
