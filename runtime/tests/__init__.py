"""unittest suites of agc_runtime.

Run from the repository root:
    python3 -m unittest discover -s runtime/tests -t runtime
"""
import os
import sys

_RUNTIME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _RUNTIME not in sys.path:
    sys.path.insert(0, _RUNTIME)
