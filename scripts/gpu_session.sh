#!/usr/bin/env bash
# On the GPU machine, from the repository root with .carry/bundle.tar.xz carried
# (scripts/bundle_gpu.sh): unpacks the bundle, builds the torch baseline plugin against the
# machine's PyTorch, fills the kernel cache, then runs what is asked, writing logs and result
# files under $OUT:
#   scripts/gpu_session.sh tests               # kiln_cuda_tests (every kernel vs the interpreter)
#   scripts/gpu_session.sh bench ARGS...       # kiln bench ARGS --results $OUT/results
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kiln-out}
mkdir -p "$out"
[[ -d .bundle ]] || tar xJf .carry/bundle.tar.xz
export LD_LIBRARY_PATH=$PWD/.bundle/lib:/usr/local/cuda/lib64
export KILN_CACHE_DIR=${KILN_CACHE_DIR:-/tmp/kiln-cache}
if [[ ! -f .bundle/libkiln_baselines_torch.so ]]; then
  bash scripts/build_torch_baselines.sh .bundle >"$out/torch_build.log" 2>&1 ||
    echo "gpu_session: the torch plugin did not build (see torch_build.log)"
fi
.bundle/kiln bench --all --compile-only 2>&1 | tail -2
what=${1:-tests}
shift || true
case $what in
  tests)
    .bundle/kiln_cuda_tests "$@" >"$out/cuda_tests.log" 2>&1
    status=$?
    grep -E '^\[  (FAILED|PASSED|SKIPPED) ' "$out/cuda_tests.log" | head -80
    exit $status ;;
  bench)
    .bundle/kiln bench "$@" --results "$out/results" ;;
  *) echo "gpu_session: unknown mode '$what' (tests, bench)" >&2; exit 2 ;;
esac
