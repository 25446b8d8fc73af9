#!/usr/bin/env bash
# Installs what agc needs to build and test. Idempotent: safe to run again.
#   scripts/setup.sh          Debian packages and the pinned grammar (no PyPI)
#   scripts/setup.sh --venv   also the project's virtual environments: .venv/
#                             (Python 3.11) and .venv-py313/ with
#                             requirements-test.txt (TensorFlow, JAX) and
#                             .venv-build/ with requirements-build.txt (the
#                             build tools the packaging tests use) and
#                             .venv-torch/, .venv-torch-py313/ with
#                             requirements-torch.txt (PyTorch; torchvision
#                             too on 3.11), cached
#                             per user (see below); fails when one of the
#                             interpreters of scripts/python_versions.txt is
#                             missing
#   scripts/setup.sh --fuzz   also clang, which scripts/fuzz.sh needs
#   scripts/setup.sh --wheels also what scripts/wheels.sh needs: .venv-wheels/
#                             with requirements-wheels.txt (Zig's toolchain,
#                             auditwheel; cached per user like the others),
#                             the portable build's pinned sources
#                             (scripts/fetch_portable_sources.sh) and, for
#                             `wheels.sh --check`, qemu-user-static with
#                             aarch64's glibc (libc6-arm64-cross), wine64
#                             and musl
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRAMMAR_DIR="$ROOT/third_party/tree-sitter-python"
WANT_VENV=0
WANT_FUZZ=0
WANT_WHEELS=0
for arg in "$@"; do
  case "$arg" in
    --venv) WANT_VENV=1 ;;
    --fuzz) WANT_FUZZ=1 ;;
    --wheels) WANT_WHEELS=1 ;;
    *) echo "setup.sh: unknown option $arg (use --venv, --fuzz, --wheels)" >&2
       exit 2 ;;
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
# `scripts/setup.sh --wheels` (scripts/wheels.sh --check): the wheels of
# other targets run here: aarch64 under QEMU (with Debian's aarch64 glibc),
# Windows under Wine; `file` names the macOS binaries' format.
if [ "$WANT_WHEELS" = 1 ]; then
  PKGS+=(qemu-user-static libc6-arm64-cross wine64 musl file)
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

# The interpreters agc's output is tested on (scripts/python_versions.txt),
# each found by scripts/find_python.sh (PATH, then pyenv). A missing one is
# named with how to get it; with --venv (scripts/test.sh, CI) it fails the
# run, since the suites registered for it would fail anyway.
PY_VERSIONS=()
VENV_VERSIONS=()
while read -r v flags; do
  case "$v" in ''|'#'*) continue ;; esac
  PY_VERSIONS+=("$v")
  [ "${flags:-}" = venv ] && VENV_VERSIONS+=("$v")
done <"$ROOT/scripts/python_versions.txt"
missing_py=()
for v in "${PY_VERSIONS[@]}"; do
  "$ROOT/scripts/find_python.sh" "$v" >/dev/null || missing_py+=("$v")
done
if ((${#missing_py[@]})); then
  echo "setup: missing CPython ${missing_py[*]} (agc is tested on" \
       "${PY_VERSIONS[*]}); see the messages above" >&2
  [ "$WANT_VENV" = 1 ] && exit 1
fi

# The project's virtual environments (--venv), each from a file of exact pins.
# They live in a per-user cache outside the checkout, keyed by the
# interpreter (version and path) and the pins' hash, e.g.
#   ~/.cache/agc/venvs/py3.13-<hash>/
# and the checkout gets a symlink to its own (.venv -> ...), so a fresh clone
# on the same machine (as CI runs) reuses an installed environment, and a
# change of pins makes a new one. An environment counts as complete only
# once its stamp (.agc-complete, written last) is there: one without it is
# removed and made again. A lock keeps two checkouts from installing the
# same one at once. The environments:
#   .venv/         requirements-test.txt on the first venv version (3.11)
#   .venv-py3NN/   the same on each other venv version (.venv-py313)
#   .venv-build/   requirements-build.txt (the packaging tests' build tools)
#   .venv-torch/   requirements-torch.txt (PyTorch) on the first venv
#                  version; .venv-torch-py3NN/ on each other one. The two
#                  install at once: each is mostly unpacking (about 5.4 GB).
#                  .venv-torch/ also gets requirements-torch-models.txt
#                  (torchvision), --no-deps, marked .agc-overlay-<hash>.
VENV_CACHE="${AGC_VENV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agc/venvs}"
make_venv() {
  local link="$1" reqs="$2" version="$3" overlay="${4:-}"
  local python key dir okey
  python="$("$ROOT/scripts/find_python.sh" "$version")" || exit 1
  key="$( { cat "$reqs"; echo "$python"
            "$python" -c 'import sys; print(sys.version)'; } |
          sha256sum | cut -c1-16)"
  dir="$VENV_CACHE/py$version-$(basename "$reqs" .txt)-$key"
  mkdir -p "$VENV_CACHE"
  (
    flock 9
    if [ ! -f "$dir/.agc-complete" ]; then
      echo "setup: installing $(basename "$reqs") for Python $version into" \
           "$dir" >&2
      rm -rf "$dir"
      "$python" -m venv "$dir"
      "$dir/bin/python" -m pip install -q --disable-pip-version-check \
        -r "$reqs"
      echo "$key" >"$dir/.agc-complete"
    fi
    # An overlay: pinned packages installed on top, without their
    # dependencies (those are the base file's), marked by its own hash.
    if [ -n "$overlay" ]; then
      okey="$(sha256sum "$overlay" | cut -c1-16)"
      if [ ! -f "$dir/.agc-overlay-$okey" ]; then
        echo "setup: installing $(basename "$overlay") into $dir" >&2
        "$dir/bin/python" -m pip install -q --disable-pip-version-check \
          --no-deps -r "$overlay"
        touch "$dir/.agc-overlay-$okey"
      fi
    fi
  ) 9>"$dir.lock"
  # The link, replaced only when it points elsewhere (an old in-checkout
  # folder from before the cache is removed).
  if [ "$(readlink "$link" 2>/dev/null)" != "$dir" ]; then
    rm -rf "$link"
    ln -s "$dir" "$link"
  fi
}
if [ "$WANT_VENV" = 1 ]; then
  # PyTorch's environments install in the background while the others do.
  torch_jobs=()
  for v in "${VENV_VERSIONS[@]}"; do
    if [ "$v" = "${VENV_VERSIONS[0]}" ]; then
      make_venv "$ROOT/.venv-torch" "$ROOT/requirements-torch.txt" "$v" \
        "$ROOT/requirements-torch-models.txt" &
    else
      make_venv "$ROOT/.venv-torch-py${v//./}" "$ROOT/requirements-torch.txt" \
        "$v" &
    fi
    torch_jobs+=("$!")
  done
  for v in "${VENV_VERSIONS[@]}"; do
    if [ "$v" = "${VENV_VERSIONS[0]}" ]; then
      make_venv "$ROOT/.venv" "$ROOT/requirements-test.txt" "$v"
    else
      make_venv "$ROOT/.venv-py${v//./}" "$ROOT/requirements-test.txt" "$v"
    fi
  done
  make_venv "$ROOT/.venv-build" "$ROOT/requirements-build.txt" \
    "${PY_VERSIONS[0]}"
  for job in "${torch_jobs[@]}"; do
    wait "$job" || { echo "setup: installing requirements-torch.txt failed" \
                          "(see above)" >&2; exit 1; }
  done
fi
if [ "$WANT_WHEELS" = 1 ]; then
  make_venv "$ROOT/.venv-wheels" "$ROOT/requirements-wheels.txt" \
    "${PY_VERSIONS[0]}"
  PYTHON="$ROOT/.venv-wheels/bin/python" \
    "$ROOT/scripts/fetch_portable_sources.sh"
  # aarch64's C library as Debian installs it, for QEMU's root in
  # wheels_check: libc6-arm64-cross has no gconv modules, so iconv (source
  # encodings) would fail there as on no real machine. The same version as
  # this machine's libc6, from Debian's pool; unpacked into ROOT/.aarch64-root.
  arm_version="$(dpkg-query -W -f='${Version}' libc6)"
  arm_root="${XDG_CACHE_HOME:-$HOME/.cache}/agc/aarch64-root-$arm_version"
  if [ ! -f "$arm_root/lib/ld-linux-aarch64.so.1" ] &&
     [ ! -f "$arm_root/usr/lib/ld-linux-aarch64.so.1" ]; then
    deb="$(mktemp)"
    found=0
    for pool in http://deb.debian.org/debian/pool/main/g/glibc \
                http://deb.debian.org/debian-security/pool/updates/main/g/glibc; do
      if curl -fsSL "$pool/libc6_${arm_version}_arm64.deb" -o "$deb"; then
        found=1
        break
      fi
    done
    if [ "$found" = 1 ]; then
      rm -rf "$arm_root.tmp"
      dpkg-deb -x "$deb" "$arm_root.tmp"
      rm -rf "$arm_root"
      mv "$arm_root.tmp" "$arm_root"
    else
      echo "setup: libc6 $arm_version for arm64 not in Debian's pool;" \
           "wheels_check runs aarch64 on libc6-arm64-cross" >&2
    fi
    rm -f "$deb"
  fi
  if [ -d "$arm_root" ]; then
    ln -sfn "$arm_root" "$ROOT/.aarch64-root"
  fi
fi
