#!/usr/bin/env bash
# Builds agc with AddressSanitizer + UBSan (-DAGC_SANITIZE=ON) into build-asan/
# (or $AGC_BUILD_DIR) and runs the whole ctest suite with it: the unit tests
# and every Python-driven suite, which run the sanitized agc binary.
# Any ASan/UBSan report makes the process exit non-zero, so a finding fails
# the test that triggered it. Extra arguments go to ctest (e.g. -R hostile).
#
#   scripts/sanitize.sh [CTEST ARGS]          build-asan/, everything
#   scripts/sanitize.sh --smoke [CTEST ARGS]  CI's check (ctest
#       sanitize_smoke): the agc binary of the clang build ctest's smoke
#       tests share (scripts/smoke_build.sh: ASan + UBSan, with libFuzzer's
#       coverage too), and only the suites that run that binary (the unit
#       tests are not built there); built already when AGC_SMOKE_PREBUILT=1
#       (ctest's smoke_build fixture)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build-asan}"
JOBS="${AGC_JOBS:-$(nproc)}"
if [ "${1:-}" = "--smoke" ]; then
  shift
  BUILD="${AGC_SMOKE_BUILD_DIR:-$ROOT/build-smoke}"
  if [ "${AGC_SMOKE_PREBUILT:-0}" != 1 ]; then
    "$ROOT/scripts/smoke_build.sh" agc
  fi
else
  "$ROOT/scripts/setup.sh"
  # Configured once; again when the build folder predates AGC_WERROR.
  if [ ! -f "$BUILD/build.ninja" ] ||
     ! grep -qx 'AGC_WERROR:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DAGC_SANITIZE=ON -DAGC_WERROR=ON >/dev/null
  fi
  cmake --build "$BUILD" -j "$JOBS"
fi
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export AGC_SANITIZED=1  # hostile_test.py: a 5 MB file instead of 50 MB
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# Sanitizer frames are several times larger: a conversion at the nesting
# limits (1,000 levels, converted into thunks 3-4 nodes deep each) overflows
# the default 8 MB stack under ASan, though not in a normal build. 1 GiB of
# stack (reserved, touched only as used) for the process and its threads.
ulimit -s 1048576 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
# Sanitized code runs several times slower: give the long suites room.
ctest --test-dir "$BUILD" --output-on-failure -j "$JOBS" --timeout 6000 "$@"
