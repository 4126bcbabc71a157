#!/usr/bin/env bash
# A long fuzzing run for a machine with many cores: runs every libFuzzer target at once for
# SECONDS, each on JOBS cores (libFuzzer's fork mode), then writes a summary of
# executions, CPU time, corpus growth and findings per target to OUT/summary.txt.
# New inputs that add coverage over the seed corpus (libFuzzer's -merge=1) go to
# OUT/<target>/new/ and crash reproducers to OUT/<target>/artifacts/, for review and for
# tests/fuzz/corpus/<target>/.
# The fuzzers are built here (clang, as scripts/fuzz.sh does), or taken prebuilt from
# KILN_FUZZ_BIN, a folder made by scripts/bundle_fuzz.sh (for a machine without clang).
# Usage: scripts/fuzz_long.sh SECONDS JOBS [OUT]    e.g. scripts/fuzz_long.sh 3600 16
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: fuzz_long.sh SECONDS JOBS [OUT]}
jobs=${2:?usage: fuzz_long.sh SECONDS JOBS [OUT]}
out=$(realpath -m "${3:-fuzz_out/$(date -u +%Y%m%dT%H%M%SZ)}")
targets=(parser_fuzzer npy_fuzzer interp_fuzzer passes_fuzzer)
repo=$PWD

if [[ -n ${KILN_FUZZ_BIN:-} ]]; then
  bin=$(realpath "$KILN_FUZZ_BIN")
  export LD_LIBRARY_PATH=$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
else
  build=build/fuzz
  # -O2 (fuzz.sh's bounded run builds the same folder at -O1: set the level either way).
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g -DNDEBUG" -DKILN_FUZZ=ON -DKILN_SANITIZE=ON -DKILN_CUDA=OFF -DKILN_BUILD_TESTS=OFF \
    -DKILN_BUILD_BENCH=OFF >/dev/null
  cmake --build "$build" --target "${targets[@]/#/kiln_}"
  bin=$repo/$build/tests/fuzz
fi

# fuzz TARGET: JOBS workers for SECONDS on a scratch corpus seeded from the repository's, in
# libFuzzer's fork mode: a worker that finds a crash, timeout or leak leaves its reproducer in
# artifacts/ and is replaced, so the run keeps its cores for the whole time.
fuzz() {
  local target=$1 dir=$out/$1
  mkdir -p "$dir/corpus" "$dir/artifacts"
  # bash's `time` of the subshell gives the CPU seconds of all its workers (user, system).
  { TIMEFORMAT='%U %S'; time (cd "$dir" && "$bin/kiln_$target" corpus \
    "$repo/tests/fuzz/corpus/$target" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
    -ignore_ooms=1 -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=artifacts/ >fuzz.log 2>&1 || true); } 2>"$dir/cpu.txt"
  # Keep only what adds coverage over the seeds: merge the new inputs into a copy of them.
  mkdir -p "$dir/merged" "$dir/new"
  cp "$repo/tests/fuzz/corpus/$target"/* "$dir/merged/"
  "$bin/kiln_$target" -merge=1 -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    "$dir/merged" "$dir/corpus" >"$dir/merge.log" 2>&1 || true
  for f in "$dir/merged"/*; do
    [[ -e $repo/tests/fuzz/corpus/$target/$(basename "$f") ]] || cp "$f" "$dir/new/"
  done
}

mkdir -p "$out"
summary=$out/summary.txt
printf 'kiln fuzzing: %s s per target, %s jobs each, all targets at once, commit %s, %s, %s cores\n' \
  "$seconds" "$jobs" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" "$(date -u)" \
  "$(nproc)" >"$summary"
for target in "${targets[@]}"; do fuzz "$target" & done
wait
for target in "${targets[@]}"; do
  dir=$out/$target
  # Fork mode's progress lines start with the executions of all workers so far: "#N: cov: ...".
  execs=$(grep -o '^#[0-9]*:' "$dir/fuzz.log" 2>/dev/null | tail -n 1 | tr -d '#:')
  cpu=$(awk '{printf "%.0f", ($1 + $2) / 60}' "$dir/cpu.txt" 2>/dev/null || echo '?')
  crashes=$(find "$dir/artifacts" -type f | wc -l)
  printf '%-14s executions %12s  CPU-minutes %5s  seed inputs %5s  new (merged) %5s  findings %3s%s\n' \
    "$target" "$execs" "$cpu" "$(find "$repo/tests/fuzz/corpus/$target" -type f | wc -l)" \
    "$(find "$dir/new" -type f | wc -l)" "$crashes" \
    "$( ((crashes)) && echo " (see $dir/artifacts)")" >>"$summary"
done
cat "$summary"
