class Point:
    __match_args__ = ("x", "y")


def command(text):
    match text.split():
        case ["stop" | "halt"]:
            return "stop"
        case [verb, obj] if obj != "nothing":
            return verb, obj
        case [verb, *rest]:
            return verb, rest
        case other:
            return other


def where(p):
    match p:
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y) | Point(y, 0):
            return y
        case {"x": x, **rest}:
            return x, rest
        case 1 | 2 as n:
            return n
        case None:
            return None
        case _:
            return "else"


def in_a_loop(items):
    for item in items:
        match item:
            case 0:
                continue
            case [x, y] if x == y:
                break
            case _:
                pass
    return item
