def default_of[T = int, *Ts = *tuple[str, ...], **P = [int, str]](n):
    names = []
    for p in (T, Ts, P):
        if p.has_default():
            names.append(p.__default__)
    return names


class Counter[T: int = bool]:
    def step(self, n: T) -> T:
        while n > 0:
            n -= 1
        return n
