import collections


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def literal(a, b):
    pair = [a, b]
    first = second = []
    first.append(pair)
    return first, second


def pops(xs):
    l = list(xs)
    last = l.pop()
    head = l.pop(0)
    l.pop(-1)
    l.pop()
    return last, head, l


def parameter(acc, x):
    acc.append(x)          # x is inert: rewritten
    acc.append(x + 1)      # acc may not be a list, x + 1 runs first: kept
    return acc


def kept_as_written(self, items, key):
    self.items.append(key)            # an attribute
    items.append(*key)                # starred
    items.pop(key)                    # the index is not an int literal
    collections.deque().append(key)   # not a name
    print(items.pop())                # not a whole statement
    return items


def free_variable(x):
    shared.append(x)                  # not a local: assigning would make it one
    return shared


def closure(n):
    l = []

    def reset():
        nonlocal l
        l = []

    l.append(reset())                 # reset() rebinds l: kept
    return l


def in_class(n):
    class Box:
        items = []
        items.append(n)               # a class body: kept

    return Box.items


shared = []
