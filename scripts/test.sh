#!/usr/bin/env bash
# Command two of the README: sets up, builds, and runs every test (Catch2 unit
# tests, golden cases, CLI checks, runtime suites, the stdlib round trip, and
# the suites that run converted code under TensorFlow in .venv/). The suites
# that run converted code run on each interpreter of
# scripts/python_versions.txt (3.11, 3.12, 3.13; the TensorFlow and JAX ones
# on 3.11 and 3.13): setup.sh --venv fails, naming it, when one is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup.sh" --venv --fuzz
"$ROOT/scripts/build.sh"
ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)" "$@"
