#!/usr/bin/env bash
# Builds the libFuzzer targets here (clang, as scripts/fuzz.sh does) and packs them for a
# machine without clang or Debian's packages (the GPU machine, which has many cores):
# .fuzzbundle/ holds the fuzzers (debug info stripped, function names kept: symbolise a
# report's module offsets here with the unstripped build/fuzz binaries) and, in lib/, every
# non-system shared library they need; .fuzzbundle.tar.xz is that folder compressed (the
# device tool carries at most 64 MiB). There, carrying `.fuzzbundle.tar.xz`, run
#   tar xJf .fuzzbundle.tar.xz && KILN_FUZZ_BIN=.fuzzbundle scripts/fuzz_long.sh SECONDS JOBS OUT
# (git ignores both through .git/info/exclude).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bundle_libs.sh
KILN_WITH_FUZZ=1 bash scripts/install_deps.sh
build=build/fuzz
targets=(parser_fuzzer npy_fuzzer interp_fuzzer passes_fuzzer)
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DKILN_FUZZ=ON -DKILN_SANITIZE=ON -DKILN_CUDA=OFF -DKILN_BUILD_TESTS=OFF \
  -DKILN_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/kiln_}"
rm -rf .fuzzbundle
mkdir -p .fuzzbundle/lib
for t in "${targets[@]}"; do
  strip --strip-debug -o ".fuzzbundle/kiln_$t" "$build/tests/fuzz/kiln_$t"
done
for bin in .fuzzbundle/kiln_*; do bundle_libs "$bin" .fuzzbundle/lib; done
ignore_locally /.fuzzbundle/ /.fuzzbundle.tar.xz
tar cJf .fuzzbundle.tar.xz .fuzzbundle
du -sh .fuzzbundle .fuzzbundle.tar.xz
