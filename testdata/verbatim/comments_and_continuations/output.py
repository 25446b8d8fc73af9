#!/usr/bin/env python3
# -*- coding: utf-8 -*-
x = 1 + \
    2  # trailing
s = """
  multi-line string
"""


def f(a,
      b):  # odd formatting is kept
    # own-line comment
    return (a +
            b)
y = [1,
     2,]  ; z = 3
