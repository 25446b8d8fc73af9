#!/usr/bin/env bash
# Sets up what is missing (scripts/setup.sh), configures and builds agc into
# build/ (or $AGC_BUILD_DIR), with warnings as errors (-DAGC_WERROR=ON: ours
# to fix; a plain cmake or pip build only warns).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup.sh"
# Compiled through ccache (setup.sh installs it), with paths relative to
# the checkout, so a fresh clone of a tree built before (CI's, on the same
# machine) reuses the objects instead of compiling them again.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}" CCACHE_NOHASHDIR=1
# Configured once; again when the build folder predates AGC_WERROR.
if [ ! -f "$BUILD/build.ninja" ] ||
   ! grep -qx 'AGC_WERROR:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DAGC_WERROR=ON >/dev/null
fi
cmake --build "$BUILD"
