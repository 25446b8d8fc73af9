lexer.push_token(tt)
def f(x):
    if x:        return 1
    return 2