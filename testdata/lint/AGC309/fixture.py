# AGC309: a lambda inside a multi-line expression, whose body holds what a
# converter must rewrite (a conditional expression, and/or, not).


def clip(xs, k):
    return list(map(
        lambda x: x if x > k else k,  # expect: AGC309
        xs))


def sort_items(items):
    items = sorted(items,
                   key=lambda p: p[1] or p[0])  # expect: AGC309
    return items


def call(f, xs):
    f(xs,
      lambda: not xs)  # expect: AGC309


def two_lambdas(xs):
    pairs = [
        (lambda: xs and 1),  # expect: AGC309
        (lambda: xs or 2),  # expect: AGC309
    ]
    return pairs


# Clean look-alikes.


def one_line(xs, k):
    return list(map(lambda x: x if x > k else k, xs))


def nested_def(xs, k):
    def at_least(x):
        return x if x > k else k
    return list(map(at_least,
                    xs))


def multi_line_no_lambda(xs):
    return sorted(
        xs)


def plain_lambda(xs, k):
    # Runs as written when it is not converted: nothing to rewrite.
    return list(map(
        lambda x: x * k,
        xs))


key = sorted([1, 2],
             key=lambda v: v or 0)


def generator(xs):
    yield sorted(xs,
                 key=lambda v: v or 0)
