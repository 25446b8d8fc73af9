import sys

DEBUG = False
if len(sys.argv) > 1:
    DEBUG = True

for name in ("a", "b"):
    print(name)


class Settings:
    if DEBUG:
        level = 10
    else:
        level = 20
