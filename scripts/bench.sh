#!/usr/bin/env bash
# Benchmarks (figures only; nothing here fails on a slow machine). See
# scripts/bench.py for what is measured.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" >/dev/null
python3 "$ROOT/scripts/bench.py" --build "$BUILD" "$@"
