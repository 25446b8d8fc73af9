def f[T, U: int, V: (int, str), *Ts, **P](x: T) -> U: pass
async def g[T: list[int] | None](x): return x
class C[T = int, *Ts = *tuple[int, ...], **P = [int, str]](Base[T], metaclass=M):
    def m[S: T](self, s: S) -> S: return s
type Alias = int
type Generic[K, V = str] = dict[K, V]
x = f"{"a" + 'b'}{"\n"}{x  # comment
}" f'{f'{f'{1}'}'}'
