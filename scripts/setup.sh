#!/usr/bin/env bash
# Installs what agc needs to build and test. Idempotent: safe to run again.
#   scripts/setup.sh          Debian packages and the pinned grammar (no PyPI)
#   scripts/setup.sh --venv   also the project's virtual environments: .venv/
#                             with requirements-test.txt (TensorFlow, JAX) and
#                             .venv-build/ with requirements-build.txt (the
#                             build tools the packaging tests use)
#   scripts/setup.sh --fuzz   also clang, which scripts/fuzz.sh needs
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRAMMAR_DIR="$ROOT/third_party/tree-sitter-python"
WANT_VENV=0
WANT_FUZZ=0
for arg in "$@"; do
  case "$arg" in
    --venv) WANT_VENV=1 ;;
    --fuzz) WANT_FUZZ=1 ;;
    *) echo "setup.sh: unknown option $arg (use --venv, --fuzz)" >&2; exit 2 ;;
  esac
done

PKGS=(build-essential cmake ninja-build pkg-config libtree-sitter-dev
      libcli11-dev libspdlog-dev libfmt-dev nlohmann-json3-dev catch2
      libtomlplusplus-dev libdtl-dev libmimalloc-dev python3 nodejs npm
      # `pip install runtime/` offline (scripts/tooling_test.py)
      python3-pip python3-setuptools python3-wheel
      # `python3 -m venv` with pip (Debian's python3 needs it; --venv)
      python3-venv
      # scripts/format.sh and the before-stop check (.clang-format is v14's)
      clang-format
      # the packaging tests' builds (Release, wheel, pre-commit's install)
      # share their compiled objects through it (scripts/packaging_test.py)
      ccache)
# `scripts/setup.sh --fuzz` (scripts/fuzz.sh): clang with libFuzzer.
if [ "$WANT_FUZZ" = 1 ]; then
  # libFuzzer and the sanitizer runtimes are compiler-rt, not in clang itself.
  PKGS+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
# node/npm/python3 may come from outside Debian's packages; accept them on PATH.
filtered=()
for p in "${missing[@]}"; do
  case "$p" in
    nodejs) command -v node >/dev/null || filtered+=("$p") ;;
    npm) command -v npm >/dev/null || filtered+=("$p") ;;
    python3) command -v python3 >/dev/null || filtered+=("$p") ;;
    *) filtered+=("$p") ;;
  esac
done
if ((${#filtered[@]})); then
  echo "setup: installing ${filtered[*]}" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${filtered[@]}" >/dev/null
fi

# The Python grammar, pinned (version and SHA-256 in cmake/fetch_grammar.cmake):
# `npm pack` unpacked into a git-ignored folder and compiled by CMake. Does
# nothing when the pinned version is there already.
cmake -DDEST="$GRAMMAR_DIR" -P "$ROOT/cmake/fetch_grammar.cmake" >&2

# The project's virtual environments (--venv), each from a file of exact pins
# and rebuilt only when that file changes (its hash is kept in
# VENV/.agc-requirements), so a second run costs a hash and a stat:
# .venv/ from requirements-test.txt, the frameworks the runtime's staging
# suites run under; .venv-build/ from requirements-build.txt, the build tools
# the packaging tests use (scikit-build-core, build, pre-commit).
make_venv() {
  local venv="$1" reqs="$2"
  local want vstamp
  want="$(sha256sum "$reqs" | cut -d' ' -f1)"
  vstamp="$venv/.agc-requirements"
  if [ ! -x "$venv/bin/python" ] || [ ! -f "$vstamp" ] ||
     [ "$(cat "$vstamp")" != "$want" ]; then
    echo "setup: installing $(basename "$reqs") into $(basename "$venv")/" >&2
    rm -f "$vstamp"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      -r "$reqs"
    echo "$want" >"$vstamp"
  fi
}
if [ "$WANT_VENV" = 1 ]; then
  make_venv "$ROOT/.venv" "$ROOT/requirements-test.txt"
  make_venv "$ROOT/.venv-build" "$ROOT/requirements-build.txt"
fi
