# AGC309: a lambda inside a multi-line expression.


def scale(xs, k):
    return list(map(
        lambda x: x * k,  # expect: AGC309
        xs))


def sort_items(items):
    items = sorted(items,
                   key=lambda p: p[1])  # expect: AGC309
    return items


def call(f, xs):
    f(xs,
      lambda: 1)  # expect: AGC309


def two_lambdas(xs):
    pairs = [
        (lambda: 1),  # expect: AGC309
        (lambda: 2),  # expect: AGC309
    ]
    return pairs


# Clean look-alikes.


def one_line(xs, k):
    return list(map(lambda x: x * k, xs))


def nested_def(xs, k):
    def times(x):
        return x * k
    return list(map(times,
                    xs))


def multi_line_no_lambda(xs):
    return sorted(
        xs)


key = sorted([1, 2],
             key=lambda v: v)


def generator(xs):
    yield sorted(xs,
                 key=lambda v: v)
