"""``python -m agc ARGS``: the same as ``agc ARGS``.

Replaces this process with the agc binary (on POSIX), so exit codes, signals
and standard streams are the binary's own.
"""
from __future__ import annotations

import os
import subprocess
import sys

from agc import find_agc_bin


def main() -> int:
    try:
        agc = find_agc_bin()
    except FileNotFoundError as e:
        print(f"python -m agc: {e}", file=sys.stderr)
        return 2
    args = ["agc", *sys.argv[1:]]
    if os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(agc, args)
    return subprocess.call(args, executable=agc)


if __name__ == "__main__":
    sys.exit(main())
