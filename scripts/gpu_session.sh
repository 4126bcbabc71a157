#!/usr/bin/env bash
# On the GPU machine, from the repository root with .carry carried (scripts/bundle_gpu.sh):
# sets up the bundle (scripts/gpu_setup.sh), then runs what is asked, writing logs and
# result files under $OUT (several tests and benches in one call: scripts/gpu_batch.sh):
#   scripts/gpu_session.sh tests               # kiln_cuda_tests (every kernel vs the interpreter,
#                                              # the cuda backend vs the cpu backend)
#   scripts/gpu_session.sh bench ARGS...       # kiln bench ARGS, result files in $OUT/results.tar.xz
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/gpu_setup.sh
# KILN_TIMEOUT (seconds) stops the tests or the bench in time to bring back what they wrote.
limit=${KILN_TIMEOUT:-0}
what=${1:-tests}
shift || true
case $what in
  tests)
    # KILN_TEST_SHARDS processes at once (default 8): each case spends most of its time in
    # the interpreter and NVRTC on the CPU. The CPU-only tests (compiling every kernel and
    # knob, the registry's definitions, the cuda backend's code generator) run in CI, not
    # here, unless a filter is given.
    shards=${KILN_TEST_SHARDS:-8}
    filter=(--gtest_filter='-*/KernelCompile.*:*/KernelDefinition.*:KernelRegistry.*:CudaCodegen.*:*/CudaGeneratedCode.*')
    for arg in "$@"; do [[ $arg == --gtest_filter=* ]] && filter=(); done
    for ((i = 0; i < shards; ++i)); do
      GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i timeout "$limit" .bundle/kiln_cuda_tests \
        "${filter[@]}" "$@" >"/tmp/cuda_tests.$i.log" 2>&1 &
    done
    status=0
    for job in $(jobs -p); do wait "$job" || status=1; done
    cat /tmp/cuda_tests.*.log >"$out/cuda_tests.log"
    grep -E '^\[  (FAILED|PASSED|SKIPPED) ' "$out/cuda_tests.log" | grep -v ' listed below' | head -80
    passed=$(grep -c '^\[       OK ' "$out/cuda_tests.log")
    failed=$(grep -c '^\[  FAILED  \].*(' "$out/cuda_tests.log")
    # The cuda backend against the cpu backend (tests/unit/backend/cuda): each shard's
    # outcomes summed, then what the backend lacks, most often met first.
    if grep -q '^\[cuda-vs-cpu\]' "$out/cuda_tests.log"; then
      echo "cuda backend vs cpu backend (program x level):" \
        $(grep '^\[cuda-vs-cpu\]' "$out/cuda_tests.log" | awk '{print $2}' | sort | uniq -c)
      grep '^\[cuda-vs-cpu\] unimplemented' "$out/cuda_tests.log" | sed -E 's/^.* O[0-9]: //' |
        sort | uniq -c | sort -rn | head -30
    fi
    echo "cuda tests: $passed passed, $failed failed, exit status $status"
    exit $status ;;
  bench)
    # Result files go to one archive: the device tool brings back at most 8 files.
    results=${KILN_RESULTS_DIR:-/tmp/kiln-results}
    timeout "$limit" .bundle/kiln bench "$@" --results "$results"
    status=$?
    tar cJf "$out/results.tar.xz" -C "$(dirname "$results")" "$(basename "$results")"
    exit $status ;;
  *) echo "gpu_session: unknown mode '$what' (tests, bench)" >&2; exit 2 ;;
esac
