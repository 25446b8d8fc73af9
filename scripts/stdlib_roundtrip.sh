#!/usr/bin/env bash
# Runs scripts/stdlib_roundtrip.py with the agc in build/ (see its docstring).
# With --asan, builds an AddressSanitizer+UBSan agc first and uses that.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
if [ "${1:-}" = "--asan" ]; then
  shift
  BUILD="$ROOT/build-asan"
  "$ROOT/scripts/setup.sh"
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DAGC_SANITIZE=ON >/dev/null
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
else
  "$ROOT/scripts/build.sh" >/dev/null
fi
cmake --build "$BUILD" --target agc >/dev/null
python3 "$ROOT/scripts/stdlib_roundtrip.py" --agc "$BUILD/agc" "$@"
