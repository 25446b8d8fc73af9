# AGC314: match statements in converted code with patterns matched in Python.


def scale(shape, x):
    match shape:  # expect: AGC314
        case [h, w]:
            return x / (h * w)
        case _:
            return x


def on_attr(self):
    match self.mode:  # expect: AGC314
        case 1:
            return True
        case Mode(kind=2):
            return False
    return False


def nested(x):
    if x:
        match x:  # expect: AGC314
            case 0:
                return 0
            case (0 as a) | (1 as a):
                return a
    return 0


class C:
    def method(self, p):
        match p:  # expect: AGC314
            case {"k": v}:
                return v
        return None


def as_with_guard(x):
    match x:  # expect: AGC314
        case 1 | 2 as n if n > 1:
            return n
    return 0


# Clean look-alikes.
# Comparisons with values and captures stage.


def activation(kind, x):
    match kind:
        case "relu" | "gelu":
            return max(x, 0)
        case None:
            return x
        case 3 as k:
            return k
        case other if other > 4:
            return other
        case _:
            return x


def if_chain(kind, x):
    if kind == "relu":
        return max(x, 0)
    return x


def generator(x):
    match x:
        case [1]:
            yield 1


match = 3
print(match)

match [3]:
    case [3]:
        pass


def match_name(match):
    return match
