def f(lines):
    return f'{"\n".join(lines)}'
