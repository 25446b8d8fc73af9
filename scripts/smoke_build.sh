#!/usr/bin/env bash
# The one clang build that ctest's fuzz and sanitizer smoke tests share:
# agc and the libFuzzer targets compiled once, with ASan + UBSan and
# libFuzzer's coverage (-DAGC_SANITIZE=ON -DAGC_FUZZ=ON), into
# $AGC_SMOKE_BUILD_DIR (default build-smoke/).
#
#   scripts/smoke_build.sh [TARGET...]   configure once, build the TARGETs
#                                        (default: agc and agc_fuzz_*)
#
# It builds only what the smoke subsets run: the agc binary (for
# `scripts/sanitize.sh --smoke`: golden, cli, hostile) and the four fuzz
# targets (for `scripts/fuzz.sh --all N --smoke`), not the unit tests, the
# benchmarks' drivers or a second copy of the library. Before, each smoke
# test compiled the project on its own (a clang fuzz build, then a
# sanitizer build with the unit tests), twice the work on a cold machine.
# ctest runs this as `smoke_build`, the fixture of fuzz_smoke and
# sanitize_smoke, so its time is its own test's, not theirs. Through ccache
# when CMAKE_CXX_COMPILER_LAUNCHER is set (ctest sets it, as for the
# packaging tests): an unchanged tree costs about a link.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_SMOKE_BUILD_DIR:-$ROOT/build-smoke}"
JOBS="${AGC_JOBS:-$(nproc)}"
TARGETS=("$@")
if [ ${#TARGETS[@]} = 0 ]; then
  TARGETS=(agc agc_fuzz_parse agc_fuzz_convert agc_fuzz_lint agc_fuzz_remap)
fi
"$ROOT/scripts/setup.sh" --fuzz
# Configured once; again when the folder was configured otherwise.
if [ ! -f "$BUILD/build.ninja" ] ||
   ! grep -qx 'AGC_WERROR:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null ||
   ! grep -qx 'AGC_FUZZ:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null ||
   ! grep -qx 'AGC_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAGC_FUZZ=ON -DAGC_SANITIZE=ON \
    -DAGC_WERROR=ON >/dev/null
fi
cmake --build "$BUILD" -j "$JOBS" --target "${TARGETS[@]}"
