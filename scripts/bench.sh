#!/usr/bin/env bash
# Benchmarks (figures only; nothing here fails on a slow machine). See
# scripts/bench.py for what is measured, and scripts/bench_tf.py for the
# figures under TensorFlow (run with the project's .venv/, made by
# `scripts/setup.sh --venv`; AGC_BENCH_TF=0 leaves them out).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" >/dev/null
python3 "$ROOT/scripts/bench.py" --build "$BUILD" "$@"

# agc's output against TensorFlow's AutoGraph under tf.function: first call,
# conversion time, steady state (about 2 minutes with its default --repeat;
# AGC_BENCH_TF_ARGS="--repeat 9", say, is passed to it).
if [ "${AGC_BENCH_TF:-1}" != 0 ]; then
  echo "under TensorFlow (scripts/bench_tf.py):"
  if "$ROOT/scripts/setup.sh" --venv && [ -x "$ROOT/.venv/bin/python" ]; then
    # shellcheck disable=SC2086
    "$ROOT/.venv/bin/python" "$ROOT/scripts/bench_tf.py" --agc "$BUILD/agc" \
      ${AGC_BENCH_TF_ARGS:-}
  else
    echo "  skipped: no .venv/ (scripts/setup.sh --venv failed)"
  fi
fi
