# AGC306: state changed by a call inside a loop that the analysis cannot see.

counter = 0


def bump_global():
    global counter
    counter += 1


class Counter:
    def __init__(self):
        self.count = 0

    def bump(self):
        self.count += 1

    def read(self):
        return self.count

    def run(self, n):
        for _ in range(n):
            self.bump()  # expect: AGC306

    def run_while(self, n):
        while n > 0:
            n -= 1
            self.bump()  # expect: AGC306

    def run_nested(self, xs):
        for x in xs:
            if x:
                self.bump()  # expect: AGC306

    def run_reader(self, n):
        total = 0
        for _ in range(n):
            total += self.read()
        return total


def loop_global(n):
    for _ in range(n):
        bump_global()  # expect: AGC306


# Clean look-alikes.


def no_loop():
    bump_global()


def other_function(n):
    for _ in range(n):
        print(n)


def other_object(c, n):
    for _ in range(n):
        c.bump()


class Other:
    def bump(self):
        return 1

    def run(self, n):
        for _ in range(n):
            self.bump()
