#!/usr/bin/env bash
# Command two of the README: sets up, builds, and runs every test (Catch2 unit
# tests, golden cases, CLI checks, runtime suites, the stdlib round trip, and
# the suites that run converted code under TensorFlow in .venv/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup.sh" --venv --fuzz
"$ROOT/scripts/build.sh"
ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)" "$@"
