#!/usr/bin/env bash
# Builds kiln for the GPU machine (which has no Debian packages and no network) and packs a
# relocatable bundle: .bundle/ holds kiln, kiln_cuda_tests and the vendor baseline plugin,
# with every non-system shared library they need in .bundle/lib (rpath $ORIGIN/lib), and
# .carry/bundle.tar.xz is that folder compressed (the device tool carries at most 64 MiB).
# Carry `.carry` and run scripts/gpu_session.sh there. Set KILN_BUNDLE_BUILD to reuse a
# build folder already configured with those rpath settings.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
build=${KILN_BUNDLE_BUILD:-build/gpu}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKILN_BUILD_BENCH=OFF \
  -DCMAKE_BUILD_RPATH='$ORIGIN/lib' -DCMAKE_SKIP_RPATH=OFF >/dev/null
targets=${KILN_BUNDLE_TARGETS:-kiln kiln_cuda_tests kiln_baselines_vendor}
cmake --build "$build" --target $targets
rm -rf .bundle
mkdir -p .bundle/lib
for t in kiln kiln_cuda_tests; do
  [[ -f $build/$t ]] && cp "$build/$t" .bundle/
  [[ -f $build/tests/$t ]] && cp "$build/tests/$t" .bundle/
done
find "$build" -name 'libkiln_baselines_*.so' -exec cp {} .bundle/ \;
strip .bundle/kiln .bundle/kiln_cuda_tests
# Libraries the device's base system lacks; the C library and the CUDA driver stay its own.
for bin in .bundle/*; do
  [[ -f $bin ]] || continue
  ldd "$bin" | awk '/=> \// {print $3}' | while read -r lib; do
    [[ $(realpath "$lib") == "$PWD"/.bundle/* ]] && continue  # found through $ORIGIN/lib
    case "$(basename "$lib")" in
      # The CUDA libraries are the device's own (too large to carry): gpu_session.sh runs
      # with LD_LIBRARY_PATH=/usr/local/cuda/lib64.
      libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*|libcuda.so*) ;;
      libcublas*|libcudart*|libcudnn*|libnvrtc*|libcusparse*|libnvJitLink*) ;;
      *) cp -Lu "$lib" .bundle/lib/ ;;
    esac
  done
done
mkdir -p .carry
tar cJf .carry/bundle.tar.xz .bundle
du -sh .bundle .carry/bundle.tar.xz
