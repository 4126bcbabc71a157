#!/usr/bin/env bash
# Builds the parser fuzzer with clang (libFuzzer + ASan + UBSan; only the layers it links:
# support, ir, frontend) and runs it for a bounded time (default 60 s) on the test programs as
# seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
KILN_WITH_FUZZ=1 bash scripts/install_deps.sh
seconds=${1:-60}
build=build/fuzz

build_fuzzer() {
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DKILN_FUZZ=ON -DKILN_SANITIZE=ON -DKILN_CUDA=OFF -DKILN_BUILD_TESTS=OFF \
    -DKILN_BUILD_BENCH=OFF >/dev/null &&
    cmake --build "$build" --target kiln_parser_fuzzer
}

run_fuzzer() {
  "$build/tests/fuzz/kiln_parser_fuzzer" "$corpus" -max_total_time="$seconds" -max_len=65536 \
    -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 2>&1 | tail -n 25
}

phase "fuzzer build ($build)" build_fuzzer
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
find examples tests -name '*.mlir' -size -64k -exec cp {} "$corpus"/ \;
phase "fuzzing the parser (${seconds} s)" run_fuzzer
