from collections.abc import Callable


def clamp[T: (int, float)](x: T, low: T, high: T) -> T:
    if x < low:
        x = low
    elif x > high:
        x = high
    return x


def first_over[T: int, *Ts, **P](xs: list[T], limit: T) -> T | None:
    found = None
    for x in xs:
        if x > limit:
            found = x
            break
    return found


class Box[T]:
    def total(self, stop: T) -> T:
        acc = 0
        for item in self.items:
            if item == stop:
                break
            acc += item
        return acc


def alias_in_branch(flag):
    if flag:
        type Alias = int
    else:
        type Alias[K] = dict[K, str]
    return Alias


def f_strings(names, n):
    while n > 0:
        n -= 1
        if f"{names.get("a", "")}" == "x":
            return f"{"\n".join(names)}"
    return f"{n  # a comment
    }"
