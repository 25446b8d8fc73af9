#!/usr/bin/env bash
# Fuzzes one stage of agc with libFuzzer (cmd/agc_fuzz):
#   parse    tree-sitter + lowering + verify + the verbatim printer
#   convert  the default pipeline and the printer, with their invariants
#   lint     agc lint - (every rule and the conversion it runs)
#   remap    traceback text and source-map JSON
#
#   scripts/fuzz.sh TARGET [SECONDS] [--asan] [libFuzzer flags...]
#   scripts/fuzz.sh --all [SECONDS]      the four targets, sharing SECONDS
#   scripts/fuzz.sh --all SECONDS --smoke  CI's check (ctest fuzz_smoke): the
#                                        targets of the clang build ctest's
#                                        smoke tests share (ASan + UBSan,
#                                        scripts/smoke_build.sh), no replay,
#                                        from a small seed sample, so the
#                                        seconds go to fuzzing, not to
#                                        loading seeds
#
# Default 60 s. The run uses a fast build (libFuzzer's coverage, no
# sanitizers: build-fuzz/) for throughput; the corpus it grew is then run
# once through an ASan + UBSan build (build-fuzz-asan/), so memory errors in
# what it found are caught too. --asan fuzzes with the ASan build itself.
# Both rates are printed side by side. Each target has its own dictionary
# (cmd/agc_fuzz/*.dict), -max_len and seeds (scripts/fuzz_seeds.py: testdata/
# and stdlib functions cut to size). Work folders: $AGC_FUZZ_WORK (default
# build-fuzz/work/TARGET). A crash or broken invariant leaves crash-*,
# leak-* or timeout-* files there: copy each to testdata/fuzz/ (a Python
# input) or testdata/fuzz/remap/ (a remap input) with a descriptive name;
# the hostile suite replays them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${AGC_JOBS:-$(nproc)}"
TARGETS=(parse convert lint remap)

usage() {
  echo "usage: scripts/fuzz.sh TARGET [SECONDS] [--asan] [libFuzzer flags...]" >&2
  echo "       scripts/fuzz.sh --all [SECONDS]   (TARGET: ${TARGETS[*]})" >&2
  exit 2
}

[ $# -ge 1 ] || usage
if [ "$1" = "--all" ]; then
  TOTAL="${2:-240}"
  EACH=$((TOTAL / ${#TARGETS[@]}))
  MODE=()
  if [ "${3:-}" = "--smoke" ]; then
    # The shared smoke build, and every 20th seed (about 150 seeds, against
    # 3,100: those take minutes to load under ASan before fuzzing starts in
    # the convert and lint targets).
    MODE=(--smoke)
    export AGC_FUZZ_SEED_SAMPLE="${AGC_FUZZ_SEED_SAMPLE:-20}"
  fi
  for t in "${TARGETS[@]}"; do
    "$0" "$t" "$EACH" "${MODE[@]}"
  done
  exit 0
fi
TARGET="$1"
shift
case " ${TARGETS[*]} " in *" $TARGET "*) ;; *) usage ;; esac
SECONDS_TO_RUN=60
if [ $# -ge 1 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  SECONDS_TO_RUN="$1"
  shift
fi
ASAN=0
REPLAY=1
SMOKE=0
if [ $# -ge 1 ] && [ "$1" = "--asan" ]; then
  ASAN=1
  shift
elif [ $# -ge 1 ] && [ "$1" = "--no-replay" ]; then
  REPLAY=0
  shift
elif [ $# -ge 1 ] && [ "$1" = "--smoke" ]; then
  # The ASan + UBSan targets of scripts/smoke_build.sh (built already when
  # AGC_SMOKE_PREBUILT=1: ctest's smoke_build fixture); nothing to replay.
  SMOKE=1
  ASAN=1
  REPLAY=0
  shift
fi
case "$TARGET" in
  parse) MAX_LEN=4096 ;;
  convert) MAX_LEN=4096 ;;
  lint) MAX_LEN=4096 ;;
  remap) MAX_LEN=2048 ;;
esac
DICT="$ROOT/cmd/agc_fuzz/python.dict"
[ "$TARGET" = remap ] && DICT="$ROOT/cmd/agc_fuzz/remap.dict"

"$ROOT/scripts/setup.sh" --fuzz

# build DIR SANITIZE: configures once (again when the folder predates
# AGC_WERROR), builds the target.
build() {
  local dir="$1" sanitize="$2"
  if [ ! -f "$dir/build.ninja" ] ||
     ! grep -qx 'AGC_WERROR:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null; then
    CC=clang CXX=clang++ cmake -S "$ROOT" -B "$dir" -G Ninja \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAGC_FUZZ=ON \
      -DAGC_SANITIZE="$sanitize" -DAGC_TESTS=OFF -DAGC_WERROR=ON >/dev/null
  fi
  cmake --build "$dir" -j "$JOBS" --target "agc_fuzz_$TARGET" >&2
}
FAST="${AGC_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
SANITIZED="${AGC_FUZZ_ASAN_BUILD_DIR:-$ROOT/build-fuzz-asan}"
if [ "$SMOKE" = 1 ]; then
  SANITIZED="${AGC_SMOKE_BUILD_DIR:-$ROOT/build-smoke}"
  FAST="$SANITIZED"
  if [ "${AGC_SMOKE_PREBUILT:-0}" != 1 ]; then
    "$ROOT/scripts/smoke_build.sh" "agc_fuzz_$TARGET" >&2
  fi
elif [ "$ASAN" = 1 ] || [ "$REPLAY" = 1 ]; then
  build "$SANITIZED" ON
fi
RUN_BUILD="$SANITIZED"
if [ "$ASAN" = 0 ]; then
  build "$FAST" OFF
  RUN_BUILD="$FAST"
fi

WORK="${AGC_FUZZ_WORK:-$FAST/work}/$TARGET"
# parse, convert and lint share their seeds (the same Python inputs).
SEEDS="${AGC_FUZZ_WORK:-$FAST/work}/seeds-python"
[ "$TARGET" = remap ] && SEEDS="$WORK/seeds"
CORPUS="$WORK/corpus"
mkdir -p "$CORPUS"
if [ ! -d "$SEEDS" ]; then
  python3 "$ROOT/scripts/fuzz_seeds.py" "$TARGET" "$SEEDS" --max-len "$MAX_LEN" \
    --sample "${AGC_FUZZ_SEED_SAMPLE:-1}" >&2
fi

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# Sanitizer frames are several times larger: a conversion at the nesting
# limits overflows the default 8 MB stack under ASan, though not in a normal
# build. 1 GiB of stack (reserved, touched only as used).
ulimit -s 1048576 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
cd "$WORK"

# rate LOG: libFuzzer's final executions per second.
rate() { sed -n 's/^stat::average_exec_per_sec: *//p' "$1" | tail -1; }

status=0
"$RUN_BUILD/agc_fuzz_$TARGET" "$CORPUS" "$SEEDS" -dict="$DICT" \
  -max_len="$MAX_LEN" -max_total_time="$SECONDS_TO_RUN" -timeout=20 \
  -rss_limit_mb=4096 -print_final_stats=1 -print_pcs=0 "$@" \
  2> "$WORK/fuzz.log" || status=$?
grep -E "^(#[0-9]+ +DONE|==[0-9]+==|agc_fuzz:|SUMMARY)" "$WORK/fuzz.log" | tail -5 >&2 || true
cov=$(grep -oE "cov: [0-9]+ ft: [0-9]+" "$WORK/fuzz.log" | tail -1)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/fuzz.log" | tail -1)
label=fast
[ "$ASAN" = 1 ] && label=asan
echo "fuzz $TARGET: ${SECONDS_TO_RUN} s, ${runs:-?} inputs, $(rate "$WORK/fuzz.log") inputs/s ($label build), ${cov:-no coverage line}, corpus $(ls "$CORPUS" | wc -l) files"
if [ "$status" = 0 ] && [ "$ASAN" = 0 ] && [ "$REPLAY" = 1 ]; then
  # The grown corpus once through ASan + UBSan.
  "$SANITIZED/agc_fuzz_$TARGET" "$CORPUS" -runs=0 -max_len="$MAX_LEN" \
    -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    2> "$WORK/asan.log" || status=$?
  echo "fuzz $TARGET: corpus replayed under ASan + UBSan: $(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/asan.log" | tail -1) inputs, $(rate "$WORK/asan.log") inputs/s$([ "$status" = 0 ] || echo ", FAILED (see $WORK/asan.log)")"
fi
if ls "$WORK"/crash-* "$WORK"/leak-* "$WORK"/timeout-* >/dev/null 2>&1; then
  echo "fuzz $TARGET: saved inputs in $WORK: $(cd "$WORK" && ls crash-* leak-* timeout-* 2>/dev/null | tr '\n' ' ')" >&2
fi
exit "$status"
