#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""The runtime import goes after the docstring and __future__ imports."""

from __future__ import annotations
from __future__ import division

import agc_runtime as ag__
import sys


@ag__.autograph_artifact
def f(x: list[int]) -> int:
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        return len(x)
