#!/usr/bin/env bash
# Builds agc's release: portable wheels for every target below, the
# agc_runtime wheel and the source distribution, into dist/.
#   scripts/wheels.sh                 build them all
#   scripts/wheels.sh --check         build, then check them all
#                                     (scripts/wheels_check.py: auditwheel,
#                                     installs, the README's conversion on
#                                     each target, against the native build)
#   scripts/wheels.sh --check --quick the same checks without the stdlib
#                                     round trip and the sdist's build
#   scripts/wheels.sh --only TAG...   only the wheels whose tag starts so
#                                     (e.g. --only manylinux win), plus the
#                                     runtime wheel and the sdist
#   scripts/wheels.sh --no-sdist      leave the source distribution out
# Needs `scripts/setup.sh --wheels` (Zig's toolchain and auditwheel in
# .venv-wheels/, the pinned sources in third_party/portable/) and, for the
# sdist and --check, `scripts/setup.sh --venv` (.venv-build/) and the native
# build (scripts/build.sh).
#
# Each binary is cross-compiled with Zig's toolchain (cmake/zig_toolchain.cmake)
# into build-wheels/<target>/, with every library compiled in
# (AGC_DEPS=bundled: tree-sitter's runtime, the header-only libraries,
# mimalloc; Zig links its libc++ statically), stripped, and wrapped into
# agc-VERSION-py3-none-TAG.whl by scripts/make_wheel.py. The glibc targets
# ask Zig for glibc 2.17's symbols (manylinux2014); musl is linked
# statically. Compiles run under `nice`: other builds share the machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
VENV="$ROOT/.venv-wheels"

# THE list of release targets: Zig's target triple, the wheel's platform tag.
TARGETS=(
  "x86_64-linux-gnu.2.17   manylinux_2_17_x86_64.manylinux2014_x86_64"
  "aarch64-linux-gnu.2.17  manylinux_2_17_aarch64.manylinux2014_aarch64"
  "x86_64-linux-musl       musllinux_1_2_x86_64"
  "x86_64-windows-gnu      win_amd64"
  "x86_64-macos.11.0       macosx_11_0_x86_64"
  "aarch64-macos.11.0      macosx_11_0_arm64"
)

CHECK=0
QUICK=0
SDIST=1
ONLY=()
while (($#)); do
  case "$1" in
    --check) CHECK=1 ;;
    --quick) QUICK=1 ;;
    --no-sdist) SDIST=0 ;;
    --only)
      shift
      while (($#)) && [[ "$1" != --* ]]; do ONLY+=("$1"); shift; done
      continue ;;
    *) echo "wheels.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

if [ ! -x "$VENV/bin/python" ]; then
  echo "wheels.sh: $VENV is missing: run scripts/setup.sh --wheels" >&2
  exit 2
fi
PYTHON="$VENV/bin/python" "$ROOT/scripts/fetch_portable_sources.sh"
ZIG="$("$VENV/bin/python" -c \
  'import os, ziglang; print(os.path.join(os.path.dirname(ziglang.__file__), "zig"))')"
VERSION="$(cat "$ROOT/runtime/VERSION")"
mkdir -p "$DIST"

wanted() {  # tag
  ((${#ONLY[@]} == 0)) && return 0
  local o
  for o in "${ONLY[@]}"; do
    [[ "$1" == "$o"* ]] && return 0
  done
  return 1
}

build_target() {  # zig-target tag
  local target="$1" tag="$2" build="$ROOT/build-wheels/$1"
  echo "wheels: $target -> $tag" >&2
  if [ ! -f "$build/build.ninja" ]; then
    nice -n 10 cmake -S "$ROOT" -B "$build" -G Ninja \
      -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/zig_toolchain.cmake" \
      -DAGC_ZIG="$ZIG" -DAGC_ZIG_TARGET="$target" -DAGC_TARGET="$target" \
      -DAGC_DEPS=bundled -DAGC_TESTS=OFF -DAGC_WERROR=ON \
      -DCMAKE_BUILD_TYPE=Release \
      "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG" \
      "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" \
      -DCMAKE_EXE_LINKER_FLAGS=-s >/dev/null
  fi
  nice -n 10 cmake --build "$build" --target agc agc_parse_bench
  local exe="$build/agc"
  [ -f "$exe.exe" ] && exe="$exe.exe"
  "$VENV/bin/python" "$ROOT/scripts/make_wheel.py" platform --binary "$exe" \
    --tag "$tag" --out "$DIST" >&2
}

# The commit `agc --version` names in a build of the sdist (no git there).
git -C "$ROOT" rev-parse --short=12 HEAD >"$ROOT/.agc-commit"

for line in "${TARGETS[@]}"; do
  read -r target tag <<<"$line"
  wanted "$tag" || continue
  build_target "$target" "$tag"
done
"$VENV/bin/python" "$ROOT/scripts/make_wheel.py" runtime --out "$DIST" >&2

if [ "$SDIST" = 1 ]; then
  if [ ! -x "$ROOT/.venv-build/bin/python" ]; then
    echo "wheels.sh: .venv-build is missing: run scripts/setup.sh --venv" >&2
    exit 2
  fi
  rm -f "$DIST/agc-$VERSION.tar.gz"
  "$ROOT/.venv-build/bin/python" -m build --sdist --no-isolation \
    --outdir "$DIST" "$ROOT" >/dev/null
fi
ls -l "$DIST" >&2

if [ "$CHECK" = 1 ]; then
  more=()
  if [ "$QUICK" = 0 ]; then
    more+=(--roundtrip)
    [ "$SDIST" = 1 ] && more+=(--sdist)
  fi
  "$VENV/bin/python" "$ROOT/scripts/wheels_check.py" --dist "$DIST" \
    --zig "$ZIG" ${ONLY[@]+--only "${ONLY[@]}"} ${more[@]+"${more[@]}"}
fi
