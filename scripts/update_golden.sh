#!/usr/bin/env bash
# Rewrites the expected files of golden cases from agc's current output.
# Review the result with `git diff testdata/` before committing.
#   scripts/update_golden.sh            all cases
#   scripts/update_golden.sh unparse    cases whose path contains "unparse"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
cmake --build "$BUILD" --target agc >/dev/null
python3 "$ROOT/scripts/golden.py" --agc "$BUILD/agc" --root "$ROOT/testdata" \
  --update "$@"
