class Shape:
    sides = 0

    def __init__(self, size):
        self.size = size

    def area(self):
        if self.sides == 0:
            return 0.0
        return self.size * self.size

    @property
    def double(self):
        return self.size * 2 if self.size > 0 else 0

    @staticmethod
    def unit(x):
        return x if x else 1

    @classmethod
    def make(cls, size):
        return cls(size) if size >= 0 else cls(0)


class Square(Shape):
    sides = 4

    def area(self):
        base = super().area()
        while base > 100:
            base -= 100
        return base
