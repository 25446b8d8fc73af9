def clamp(x): return 0 if x < 0 else x


def pos(x):
    """Doc."""; return not x <= 0


def only_doc():
    """Nothing else."""


def doc_on_def_line(): r"""
    A docstring that starts on the def line.
"""
