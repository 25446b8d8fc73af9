def first[T = int](xs: list[T]) -> T:
    return xs[0]
