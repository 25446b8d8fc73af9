#!/usr/bin/env bash
# Benchmarks (figures only; nothing here fails on a slow machine). See
# scripts/bench.py for what is measured, and scripts/bench_tf.py for the
# figures under TensorFlow and scripts/bench_jax.py for those under JAX (run
# with the project's .venv/, made by `scripts/setup.sh --venv`;
# AGC_BENCH_TF=0 and AGC_BENCH_JAX=0 leave them out; scripts/bench_torch.py
# for those under PyTorch, AGC_BENCH_TORCH=0), scripts/bench_eager.py
# for agc's output called eagerly against the original (AGC_BENCH_EAGER=0
# leaves it out), scripts/bench_libraries.py for converted libraries
# (AGC_BENCH_LIBS=0), and the fuzz targets' inputs per second (AGC_BENCH_FUZZ=0
# leaves it out).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${AGC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" >/dev/null
python3 "$ROOT/scripts/bench.py" --build "$BUILD" "$@"

# The portable x86_64 build of scripts/wheels.sh (the manylinux wheel's:
# Zig's toolchain, tree-sitter's runtime and mimalloc compiled in), when it
# is there, side by side with this one (the bar: within 1.1x).
PORTABLE="$ROOT/build-wheels/x86_64-linux-gnu.2.17"
if [ -x "$PORTABLE/agc" ] && [ -x "$PORTABLE/agc_parse_bench" ]; then
  echo "this build against the portable one (scripts/bench.py --versus):"
  python3 "$ROOT/scripts/bench.py" --build "$BUILD" --versus "$PORTABLE" "$@"
fi

# agc's output called eagerly (its eager originals) and its converted code
# forced (--converted-only), against the original: eleven kernels; then the
# same kernels side by side with no framework, TensorFlow, JAX (.venv/) and
# PyTorch (.venv-torch/) imported, each in a process of its own, original and
# agc eager timed in alternation in CPU time (goal: median <= 1.05x, worst
# <= 1.5x in each); then CPython's tests of ten converted stdlib modules
# (about 3 minutes; AGC_BENCH_EAGER_ARGS="--no-cpython", say, is passed to
# it).
if [ "${AGC_BENCH_EAGER:-1}" != 0 ]; then
  echo "called eagerly (scripts/bench_eager.py):"
  # shellcheck disable=SC2086
  python3 "$ROOT/scripts/bench_eager.py" --agc "$BUILD/agc" \
    --frameworks none,tensorflow,jax,torch --venv "$ROOT/.venv" \
    --torch-venv "$ROOT/.venv-torch" ${AGC_BENCH_EAGER_ARGS:-}
fi

# Converted libraries against the originals: size of the default output and
# import time with bytecode cached (goal: output <= 2x the source, import
# <= 1.5x), for those of optax (.venv/) and torchvision (.venv-torch/) that
# are installed, or AGC_BENCH_LIBRARIES="optax:jax,numpy", say (a package
# and what to import before it, untimed), in .venv/.
if [ "${AGC_BENCH_LIBS:-1}" != 0 ]; then
  if [ -x "$ROOT/.venv/bin/python" ]; then
    # shellcheck disable=SC2086
    python3 "$ROOT/scripts/bench_libraries.py" --agc "$BUILD/agc" \
      --python "$ROOT/.venv/bin/python" \
      ${AGC_BENCH_LIBRARIES:-optax:jax,numpy,chex}
  fi
  if [ -x "$ROOT/.venv-torch/bin/python" ]; then
    python3 "$ROOT/scripts/bench_libraries.py" --agc "$BUILD/agc" \
      --python "$ROOT/.venv-torch/bin/python" torchvision:torch
  fi
fi

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

# agc's output under jax.jit against hand-written jax.lax: run time per
# kernel, and the compile time of a rolled RK4 loop against Python's
# unrolling of it at n = 1,000 (about 20 s plus that one unrolled compile,
# which XLA takes one to two minutes over; AGC_BENCH_JAX_ARGS="--n 200" or
# "--skip-unrolled", say, is passed to it).
if [ "${AGC_BENCH_JAX:-1}" != 0 ]; then
  echo "under JAX (scripts/bench_jax.py):"
  if "$ROOT/scripts/setup.sh" --venv && [ -x "$ROOT/.venv/bin/python" ]; then
    # shellcheck disable=SC2086
    "$ROOT/.venv/bin/python" "$ROOT/scripts/bench_jax.py" --agc "$BUILD/agc" \
      ${AGC_BENCH_JAX_ARGS:-}
  else
    echo "  skipped: no .venv/ (scripts/setup.sh --venv failed)"
  fi
fi

# agc's output under torch.export against hand-written torch.cond and
# while_loop (run time of the exported programs), and eager calls of agc's
# output against the original with torch imported, decoding loops' export
# time, and torchvision's models called eagerly (a few minutes; in the
# PyTorch environment .venv-torch/; AGC_BENCH_TORCH_ARGS="--rounds 61", say,
# is passed to it).
if [ "${AGC_BENCH_TORCH:-1}" != 0 ]; then
  echo "under PyTorch (scripts/bench_torch.py):"
  if "$ROOT/scripts/setup.sh" --venv && [ -x "$ROOT/.venv-torch/bin/python" ]; then
    # shellcheck disable=SC2086
    "$ROOT/.venv-torch/bin/python" "$ROOT/scripts/bench_torch.py" \
      --agc "$BUILD/agc" ${AGC_BENCH_TORCH_ARGS:-}
    # torchvision converted whole: eager calls of its models, converted
    # against original (goal <= 1.05x; a process each, so rough).
    echo "torchvision models, eager (scripts/torchvision_models.py --bench):"
    "$ROOT/.venv-torch/bin/python" "$ROOT/scripts/torchvision_models.py" \
      --agc "$BUILD/agc" --models resnet18,mobilenet_v3_small,googlenet \
      --bench 21 | grep -E '^(eager|FAIL|[0-9]+ passed)'
  else
    echo "  skipped: no .venv-torch/ (scripts/setup.sh --venv failed)"
  fi
fi

# Inputs per second of each fuzz target, 60 s each on its fast build, with
# the rate of the ASan + UBSan replay of what it grew beside it (about 6
# minutes, and the two clang builds the first time; a fresh work folder so
# every run starts from the seeds).
if [ "${AGC_BENCH_FUZZ:-1}" != 0 ]; then
  echo "fuzz targets (scripts/fuzz.sh TARGET 60):"
  work="$(mktemp -d)"
  for target in parse convert lint remap; do
    AGC_FUZZ_WORK="$work" "$ROOT/scripts/fuzz.sh" "$target" 60 2>/dev/null |
      sed 's/^/  /' || echo "  $target: failed (see $work/$target/fuzz.log)"
  done
fi
