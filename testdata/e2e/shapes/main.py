"""Runs one entry point of shapes.geometry: python -m shapes.main CASE."""
import sys

from shapes import geometry


def main(case):
    if case == "loop":
        print(geometry.areas([2, 0, 3]))  # frame: main loop
    elif case == "lambda":
        print(geometry.scaled([1, 2], 0))  # frame: main lambda
    else:
        print(geometry.nested(["a", "b"]))  # frame: main nested


if __name__ == "__main__":
    main(sys.argv[1])
