#!/usr/bin/env bash
# Runs a project virtual-environment Python (made by `scripts/setup.sh
# --venv`) with the given arguments, or says how to make it.
#   scripts/venv_python.sh ARGS...                 .venv/ (the first "venv"
#                                                  version of
#                                                  scripts/python_versions.txt)
#   scripts/venv_python.sh --python 3.13 ARGS...   that version's (.venv-py313/)
#   scripts/venv_python.sh --torch [--python 3.13] ARGS...
#                                                  the PyTorch environment
#                                                  (.venv-torch/,
#                                                  .venv-torch-py313/)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
default="$(awk '$2 == "venv" { print $1; exit }' \
           "$ROOT/scripts/python_versions.txt")"
version="$default"
kind=""
while :; do
  if [ "${1:-}" = --python ]; then
    version="${2:?venv_python.sh: --python needs a version (3.13)}"
    shift 2
  elif [ "${1:-}" = --torch ]; then
    kind="-torch"
    shift
  else
    break
  fi
done
if [ "$version" = "$default" ]; then
  venv="$ROOT/.venv$kind"
else
  venv="$ROOT/.venv$kind-py${version//./}"
fi
if [ ! -x "$venv/bin/python" ] || [ ! -f "$venv/.agc-complete" ]; then
  echo "venv_python.sh: $venv (Python $version) is missing or incomplete;" \
       "run scripts/setup.sh --venv (or scripts/test.sh, which does)" >&2
  exit 1
fi
export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
exec "$venv/bin/python" "$@"
