# Sourced by scripts/gpu_session.sh and scripts/gpu_batch.sh on the GPU machine, from the
# repository root with .carry carried (scripts/bundle_gpu.sh): unpacks the bundle and the
# kernel cache, sets the library path, finds libtorch in the machine's PyTorch (rebuilding the
# torch baseline plugin there only if the bundle's was built for another version), and
# compiles whatever the cache lacks. Sets `out` ($OUT, or /tmp/kiln-out).
out=${OUT:-/tmp/kiln-out}
mkdir -p "$out"
[[ -d .bundle ]] || tar xJf .carry/bundle.tar.xz
export LD_LIBRARY_PATH=$PWD/.bundle/lib:/usr/local/cuda/lib64
export KILN_CACHE_DIR=${KILN_CACHE_DIR:-/tmp/kiln-cache}
# The tests read the repository's test programs from here (tests/unit/test_files.cpp).
export KILN_SOURCE_DIR=$PWD
if [[ -f .carry/cache.tar.xz && ! -d $KILN_CACHE_DIR ]]; then
  mkdir -p "$KILN_CACHE_DIR" && tar xJf .carry/cache.tar.xz -C "$KILN_CACHE_DIR" --strip-components=1
fi
# A vendor baseline plugin built apart (build/vendor-baselines) and carried beside the bundle.
if [[ -f .carry/libkiln_baselines_vendor.so && ! -f .bundle/libkiln_baselines_vendor.so ]]; then
  cp .carry/libkiln_baselines_vendor.so .bundle/
fi
read -r torch_version torch_lib < <(python3 -c 'import os, torch
print(torch.__version__.split("+")[0], os.path.join(os.path.dirname(torch.__file__), "lib"))' \
  2>/dev/null)
[[ -n ${torch_lib:-} ]] && export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$torch_lib
if [[ -f .bundle/torch_version && $(cat .bundle/torch_version) != "${torch_version:-}" ]]; then
  rm -f .bundle/libkiln_baselines_torch.so
fi
if [[ ! -f .bundle/libkiln_baselines_torch.so && -n ${torch_lib:-} ]]; then
  bash scripts/build_torch_baselines.sh .bundle >"$out/torch_build.log" 2>&1 ||
    echo "gpu_setup: the torch plugin did not build (see torch_build.log)"
fi
# Every kernel of the library into the cache first (KILN_COMPILE_ALL=0: compile on demand).
if [[ ${KILN_COMPILE_ALL:-1} == 1 ]]; then
  .bundle/kiln bench --all --compile-only 2>&1 | tail -2
fi
