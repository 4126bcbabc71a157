#!/usr/bin/env bash
# A long fuzzing run for a machine with many cores: builds the libFuzzer targets (as
# scripts/fuzz.sh does) and runs every target for SECONDS on JOBS cores each (libFuzzer's
# -jobs/-workers), one target after the other, then writes a summary of executions, corpus
# growth and findings per target to OUT/summary.txt. New inputs and crash reproducers stay in
# OUT/<target>/ for minimising into tests/fuzz/corpus/<target>/ (libFuzzer's -merge=1).
# Usage: scripts/fuzz_long.sh SECONDS JOBS [OUT]    e.g. scripts/fuzz_long.sh 3600 16
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: fuzz_long.sh SECONDS JOBS [OUT]}
jobs=${2:?usage: fuzz_long.sh SECONDS JOBS [OUT]}
out=${3:-fuzz_out/$(date -u +%Y%m%dT%H%M%SZ)}
build=build/fuzz
targets=(parser_fuzzer npy_fuzzer interp_fuzzer)

CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DKILN_FUZZ=ON -DKILN_SANITIZE=ON -DKILN_CUDA=OFF -DKILN_BUILD_TESTS=OFF \
  -DKILN_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/kiln_}"

mkdir -p "$out"
summary="$out/summary.txt"
printf 'kiln fuzzing: %s s per target, %s jobs each, commit %s, %s\n' "$seconds" "$jobs" \
  "$(git rev-parse --short HEAD)" "$(date -u)" >"$summary"
for target in "${targets[@]}"; do
  dir="$out/$target"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  before=$(find "tests/fuzz/corpus/$target" -type f | wc -l)
  # Each job writes fuzz-<n>.log in the working folder; run there so they stay together.
  (cd "$dir" && "$OLDPWD/$build/tests/fuzz/kiln_$target" corpus "$OLDPWD/tests/fuzz/corpus/$target" \
    -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=artifacts/ >/dev/null 2>&1) || true
  execs=$(cat "$dir"/fuzz-*.log 2>/dev/null | awk '/stat::number_of_executed_units/ {s += $2} END {print s + 0}')
  crashes=$(find "$dir/artifacts" -type f | wc -l)
  printf '%-14s executions %12s  seed inputs %5s  new inputs %6s  findings %3s%s\n' "$target" \
    "$execs" "$before" "$(find "$dir/corpus" -type f | wc -l)" "$crashes" \
    "$( ((crashes)) && echo " (see $dir/artifacts)")" >>"$summary"
done
cat "$summary"
