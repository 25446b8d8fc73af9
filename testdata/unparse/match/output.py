match command.split():
    case [action]:
        pass
    case [action, obj]:
        pass
    case Point(x=0, y=0):
        print("Origin")
    case Point(1, y=var) if var > 2:
        pass
    case {"x": x, "y": y, **rest}:
        pass
    case [1, 2, *others]:
        pass
    case 1 | 2 | 3 as n:
        pass
    case -1 | 1.5 | -2 + 3j | "s" | b"b":
        pass
    case None | True | False:
        pass
    case Color.RED:
        pass
    case [*_]:
        pass
    case {}:
        pass
    case str() as s:
        pass
    case _:
        pass
match (x, y):
    case [a, b]:
        pass
