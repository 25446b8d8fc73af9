# AGC314: match statements in converted code stay Python.


def activation(kind, x):
    match kind:  # expect: AGC314
        case "relu":
            return max(x, 0)
        case _:
            return x


def on_attr(self):
    match self.mode:  # expect: AGC314
        case 1:
            return True
    return False


def nested(x):
    if x:
        match x:  # expect: AGC314
            case [a, b]:
                return a + b
    return 0


class C:
    def method(self, p):
        match p:  # expect: AGC314
            case {"k": v}:
                return v
        return None


# Clean look-alikes.


def if_chain(kind, x):
    if kind == "relu":
        return max(x, 0)
    return x


def generator(x):
    match x:
        case 1:
            yield 1


match = 3
print(match)

match 3:
    case 3:
        pass


def match_name(match):
    return match
