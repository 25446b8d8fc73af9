def walrus(xs):
    return (n := len(xs)) if xs else (n := 0)


def frame(x):
    return dir() if x else []


def class_body(flag):
    class Config:
        mode = "fast" if flag else "slow"
        level = 1 if mode == "fast" else 2
    return Config.level
