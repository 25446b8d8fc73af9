#!/usr/bin/env bash
# Installs what agc needs to build and test. Idempotent: safe to run again.
#   scripts/setup.sh          Debian packages and the pinned grammar (no PyPI)
#   scripts/setup.sh --venv   also the project's virtual environment .venv/
#                             with requirements-test.txt (TensorFlow, NumPy)
#   scripts/setup.sh --fuzz   also clang, which scripts/fuzz.sh needs
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRAMMAR_VERSION="0.23.6"
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
      clang-format)
# `scripts/setup.sh --fuzz` (scripts/fuzz.sh): clang with libFuzzer.
if [ "$WANT_FUZZ" = 1 ]; then
  PKGS+=(clang)
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

# The Python grammar, pinned. Generated for ABI 14, which libtree-sitter 0.20.7
# loads. Unpacked into a git-ignored folder and compiled by CMake.
stamp="$GRAMMAR_DIR/.agc-version"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$GRAMMAR_VERSION" ]; then
  echo "setup: fetching tree-sitter-python@$GRAMMAR_VERSION" >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "tree-sitter-python@$GRAMMAR_VERSION" >/dev/null)
  rm -rf "$GRAMMAR_DIR"
  mkdir -p "$GRAMMAR_DIR"
  tar -xzf "$tmp"/tree-sitter-python-"$GRAMMAR_VERSION".tgz -C "$GRAMMAR_DIR" \
    --strip-components=1
  test -f "$GRAMMAR_DIR/src/parser.c"
  test -f "$GRAMMAR_DIR/src/scanner.c"
  echo "$GRAMMAR_VERSION" >"$stamp"
fi

# The project's virtual environment (--venv): the frameworks the runtime's
# staging suites run under, pinned in requirements-test.txt. Rebuilt only when
# that file changes (its hash is kept in .venv/.agc-requirements), so a second
# run costs a hash and a stat.
if [ "$WANT_VENV" = 1 ]; then
  VENV="$ROOT/.venv"
  REQS="$ROOT/requirements-test.txt"
  want="$(sha256sum "$REQS" | cut -d' ' -f1)"
  vstamp="$VENV/.agc-requirements"
  if [ ! -x "$VENV/bin/python" ] || [ ! -f "$vstamp" ] ||
     [ "$(cat "$vstamp")" != "$want" ]; then
    echo "setup: installing requirements-test.txt into .venv/" >&2
    rm -f "$vstamp"
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
      -r "$REQS"
    echo "$want" >"$vstamp"
  fi
fi
