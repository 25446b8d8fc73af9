#!/usr/bin/env bash
# Fuzzes parse -> default pipeline -> print with libFuzzer for SECONDS
# (default 60): builds cmd/agc_fuzz with clang (-fsanitize=fuzzer,address,
# undefined) into build-fuzz/ (or $AGC_FUZZ_BUILD_DIR), seeds a working corpus
# from testdata/, testdata/fuzz/ and a sample of the local stdlib, and runs.
# A crash or broken invariant leaves crash-*/leak-*/timeout-* files in
# $AGC_FUZZ_WORK (default build-fuzz/work); copy them to testdata/fuzz/ with a
# descriptive name so the hostile suite replays them through `agc convert`.
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_TO_RUN="${1:-60}"
shift || true
BUILD="${AGC_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
WORK="${AGC_FUZZ_WORK:-$BUILD/work}"
JOBS="${AGC_JOBS:-$(nproc)}"
"$ROOT/scripts/setup.sh" --fuzz
# Configured once; again when the build folder predates AGC_WERROR.
if [ ! -f "$BUILD/build.ninja" ] ||
   ! grep -qx 'AGC_WERROR:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAGC_FUZZ=ON -DAGC_SANITIZE=ON \
    -DAGC_WERROR=ON >/dev/null
fi
cmake --build "$BUILD" -j "$JOBS" --target agc_fuzz

# Seeds: every .py under testdata/ (inputs and expected outputs), the
# regression inputs, and a fixed sample of the stdlib (small files first).
SEEDS="$WORK/seeds"
CORPUS="$WORK/corpus"
mkdir -p "$SEEDS" "$CORPUS"
i=0
while IFS= read -r -d '' f; do
  cp "$f" "$SEEDS/t$((i++)).py"
done < <(find "$ROOT/testdata" -name '*.py' -size -64k -print0 | sort -z)
STDLIB="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"
find "$STDLIB" -maxdepth 1 -name '*.py' -size -48k | sort | awk 'NR % 3 == 0' |
  while IFS= read -r f; do cp "$f" "$SEEDS/s_$(basename "$f")"; done

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# Sanitizer frames are several times larger: a conversion at the nesting
# limits (1,000 levels, converted into thunks 3-4 nodes deep each) overflows
# the default 8 MB stack under ASan, though not in a normal build. 1 GiB of
# stack (reserved, touched only as used) for the process and its threads.
ulimit -s 1048576 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
cd "$WORK"
exec "$BUILD/agc_fuzz" "$CORPUS" "$SEEDS" -max_total_time="$SECONDS_TO_RUN" \
  -max_len=65536 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 "$@"
