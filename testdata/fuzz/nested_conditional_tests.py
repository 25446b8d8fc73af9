# Conditional expressions nested in each other's tests: the message text of
# each if_exp used to hold the escaped text of the inner ones (output grew
# ~6x per level: 400 MB at 18 levels).
def f(x):
    return (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if (x if x else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0) else 0)
