#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (libFuzzer + ASan + UBSan; each links only the layers
# it needs) and runs each for an equal share of a bounded time (default 90 s in all) on its seed
# corpus in tests/fuzz/corpus/<target>/ (new inputs go to a temporary folder, not the
# repository). A crash, leak or timeout fails the script; scripts/fuzz_long.sh runs longer.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
KILN_WITH_FUZZ=1 bash scripts/install_deps.sh
total_seconds=${1:-90}
build=build/fuzz
targets=(parser_fuzzer npy_fuzzer interp_fuzzer passes_fuzzer)
seconds=$((total_seconds / ${#targets[@]}))

build_fuzzers() {
  # -O1 with line tables (CI's test build's level): the interpreter compiles faster than
  # at -O2, and libFuzzer's coverage guidance does not need the speed. Not -O0: it compiles
  # 2.7x faster (one interpreter unity file 93 s against 248 s), but the seed corpora then take
  # minutes to replay and a passes_fuzzer seed ran past the 10 s timeout (2026-11-27).
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DKILN_FUZZ=ON -DKILN_SANITIZE=ON -DKILN_CUDA=OFF -DKILN_BUILD_TESTS=OFF \
    -DKILN_BUILD_BENCH=OFF >/dev/null &&
    cmake --build "$build" --target "${targets[@]/#/kiln_}"
}

# run_fuzzer TARGET: libFuzzer on a scratch copy of the target's corpus for $seconds.
run_fuzzer() {
  local target=$1 scratch
  scratch=$(mktemp -d)
  "$build/tests/fuzz/kiln_$target" "$scratch" "tests/fuzz/corpus/$target" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 2>&1 | tail -n 25
  local status=${PIPESTATUS[0]}
  rm -rf "$scratch"
  return "$status"
}

phase "fuzzer build ($build)" build_fuzzers
for target in "${targets[@]}"; do
  phase "fuzzing $target (${seconds} s)" run_fuzzer "$target"
done
