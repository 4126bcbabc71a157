#!/usr/bin/env bash
# Builds kiln for the GPU machine (which has no Debian packages and no network) and gathers a
# relocatable bundle in .bundle/: the binaries plus every non-system shared library they
# need, found next to them through rpath $ORIGIN/lib. Carry `.bundle` to the device and run
#   .bundle/kiln_cuda_tests        (the CUDA layer's tests; also .bundle/kiln_unit_tests)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
build=build/gpu
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKILN_BUILD_BENCH=OFF \
  -DCMAKE_BUILD_RPATH='$ORIGIN/lib' -DCMAKE_SKIP_RPATH=OFF >/dev/null
targets=${KILN_BUNDLE_TARGETS:-kiln kiln_cuda_tests}
cmake --build "$build" --target $targets
rm -rf .bundle
mkdir -p .bundle/lib
for t in $targets; do
  find "$build" -maxdepth 2 -type f -name "$t" -exec cp {} .bundle/ \;
done
# The vendor baseline plugin (CUB, cuBLAS, cuDNN), when the build made it.
find "$build" -name 'libkiln_baselines_*.so' -exec cp {} .bundle/ \;
# Libraries the device's base system lacks; the C library and the CUDA driver stay its own.
for bin in .bundle/*; do
  [[ -f $bin ]] || continue
  ldd "$bin" | awk '/=> \// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
      # The CUDA libraries are the device's own (too large to carry): run there with
      # LD_LIBRARY_PATH=/usr/local/cuda/lib64 (and the PyTorch wheel's nvidia/*/lib for cuDNN).
      libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*|libcuda.so*) ;;
      libcublas*|libcudart*|libcudnn*|libnvrtc*|libcusparse*|libnvJitLink*) ;;
      *) cp -Lu "$lib" .bundle/lib/ ;;
    esac
  done
done
du -sh .bundle
