#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""The runtime import goes after the docstring and __future__ imports."""

from __future__ import annotations
from __future__ import division

import sys


def f(x: list[int]) -> int:
    return len(x)
