# agc-requires-python: 3.12
"""PEP 701 (Python 3.12) f-strings in every position agc converts: if and
while tests, loop bodies and iterables, returns, conditional expressions,
and/or operands, asserts; with the string's own quotes reused, backslashes,
comments and line breaks in replacement fields, and deep nesting."""

songs = {"a": "x", "b": "yz"}


def quotes_in_test(key):
    if f"{songs.get(key, "")}" == "x":
        return f"{"found"}: {key}"
    return f"{songs.get(key, "missing")!r}"


def backslashes_in_loop(words):
    out = []
    for w in words:
        out.append(f"{"\n".join([w, w])}")
        if f"{"\t"}" in w:
            break
    return out


def comments_in_fields(n):
    total = 0
    while n > 0:
        total += len(f"{
            n  # the counter
            * 2
        }")
        n -= 1
    return f"{total  # a comment
    }"


def conditional(x):
    return f"{"big" if x > 10 else "small"}" if x else f'{'zero'}'


def nested_deep(n):
    s = f"{f"{f"{f"{n}"}"}"}"
    if s == "3":
        s = f"{f"{s!r:>{n}}"}"
    return s


def in_bool_ops(a, b):
    return a and f"{a["k"] if isinstance(a, dict) else a}" or f"{b}"


def assert_message(x):
    assert x > 0, f"{"negative"}: {x}"
    return x


def format_specs(x, width):
    parts = []
    for w in range(width):
        parts.append(f"{x:{"<" if w % 2 else ">"}{w + 1}}")
    return "|".join(parts)


def multiline_single_quoted(items):
    result = []
    for item in items:
        result.append(f"{", ".join(
            str(i)
            for i in item
        )}")
    return result


CASES = {
    "quotes_in_test": [("a",), ("b",), ("c",)],
    "backslashes_in_loop": [(["ab", "c\td", "e"],), ([],)],
    "comments_in_fields": [(3,), (0,)],
    "conditional": [(0,), (5,), (20,)],
    "nested_deep": [(3,), (1,)],
    "in_bool_ops": [({"k": 1}, 2), (0, "b"), ("s", 1)],
    "assert_message": [(1,), (-1,)],
    "format_specs": [(7, 3), ("ab", 0)],
    "multiline_single_quoted": [([[1, 2], [3]],), ([],)],
}

_STRINGS = ("formats staged values into strings, which have no text until "
            "the graph runs")
PYTHON_ONLY = {
    "quotes_in_test": _STRINGS,
    "backslashes_in_loop": _STRINGS,
    "comments_in_fields": _STRINGS,
    "conditional": _STRINGS,
    "nested_deep": _STRINGS,
    "in_bool_ops": _STRINGS,
    "assert_message": _STRINGS,
    "format_specs": _STRINGS,
}
