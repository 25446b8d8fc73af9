#!/usr/bin/env bash
# Runs the project's virtual-environment Python (.venv/, made by
# `scripts/setup.sh --venv`) with the given arguments, or says how to make it.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -x "$ROOT/.venv/bin/python" ]; then
  echo "venv_python.sh: $ROOT/.venv is missing; run scripts/setup.sh --venv" \
       "(or scripts/test.sh, which does)" >&2
  exit 1
fi
export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
exec "$ROOT/.venv/bin/python" "$@"
