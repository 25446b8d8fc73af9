def greet(name):
    return t"hello {name}"
