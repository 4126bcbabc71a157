#!/usr/bin/env bash
# Builds kiln for the GPU machine (which has no Debian packages and no network) and packs a
# relocatable bundle: .bundle/ holds kiln, kiln-nvrtc, kiln_cuda_tests and the vendor baseline plugin,
# with every non-system shared library they need in .bundle/lib (rpath $ORIGIN/lib), and
# .carry/bundle.tar.xz is that folder compressed (the device tool carries at most 64 MiB);
# .carry/cache.tar.xz holds every kernel compiled for sm_90a.
# The torch baseline plugin is built here too, against the libtorch of the PyPI wheel of the
# device's PyTorch ($KILN_TORCH_VERSION, default 2.11.0, cached under ~/.cache/kiln), so the
# device spends no time on it; gpu_session.sh rebuilds it there if the versions differ.
# Carry `.carry` and run scripts/gpu_session.sh there. Set KILN_BUNDLE_BUILD to reuse a
# build folder already configured with those rpath settings; KILN_TORCH_VERSION=none skips
# the torch plugin. KILN_BUNDLE_BUILD_TYPE (default Release) and KILN_BUNDLE_CMAKE_ARGS pick
# the build: RelWithDebInfo with -DKILN_BASELINES=OFF compiles what a development build
# (README: Building fast) already put in ccache, minutes instead of half an hour cold; the
# binaries are stripped either way.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
build=${KILN_BUNDLE_BUILD:-build/gpu}
# shellcheck disable=SC2086  # KILN_BUNDLE_CMAKE_ARGS is a list of words
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${KILN_BUNDLE_BUILD_TYPE:-Release}" \
  -DKILN_BUILD_BENCH=OFF -DCMAKE_BUILD_RPATH='$ORIGIN/lib' -DCMAKE_SKIP_RPATH=OFF \
  ${KILN_BUNDLE_CMAKE_ARGS:-} >/dev/null
targets=${KILN_BUNDLE_TARGETS:-kiln kiln_cuda_tests kiln_baselines_vendor}
# kiln's NVRTC worker goes beside kiln and the tests (runtime/cuda/nvrtc_parallel.h).
[[ " $targets " == *" kiln-nvrtc "* ]] || targets="$targets kiln-nvrtc"
cmake --build "$build" --target $targets
rm -rf .bundle
mkdir -p .bundle/lib
for t in kiln kiln-nvrtc kiln_cuda_tests; do
  [[ -f $build/$t ]] && cp "$build/$t" .bundle/
  [[ -f $build/tests/$t ]] && cp "$build/tests/$t" .bundle/
done
find "$build" -name 'libkiln_baselines_*.so' -exec cp {} .bundle/ \;
strip .bundle/kiln .bundle/kiln-nvrtc .bundle/kiln_cuda_tests
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
# The torch plugin: libtorch's headers and libraries from the wheel (no Python import needed).
torch_version=${KILN_TORCH_VERSION:-2.11.0}
if [[ $torch_version != none ]]; then
  torch_dir=${XDG_CACHE_HOME:-$HOME/.cache}/kiln/torch-$torch_version
  if [[ ! -d $torch_dir/torch/share/cmake ]]; then
    mkdir -p "$torch_dir"
    python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
      --implementation cp --platform manylinux_2_28_x86_64 "torch==$torch_version" -d "$torch_dir"
    (cd "$torch_dir" && unzip -q -o torch-*.whl 'torch/include/*' 'torch/lib/*' 'torch/share/*' \
      && rm torch-*.whl)
  fi
  cmake -S src/bench/baselines -B "$build/torch-baselines" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DKILN_BASELINES_STANDALONE=ON -DCMAKE_PREFIX_PATH="$torch_dir/torch/share/cmake" \
    -DCMAKE_SKIP_RPATH=ON >/dev/null 2>&1
  cmake --build "$build/torch-baselines" --target kiln_baselines_torch
  cp "$build/torch-baselines/libkiln_baselines_torch.so" .bundle/
  echo "$torch_version" >.bundle/torch_version
fi
mkdir -p .carry
tar cJf .carry/bundle.tar.xz .bundle
# The kernel cache, filled here (NVRTC needs no GPU), so the device spends no time compiling;
# gpu_session.sh unpacks it. Its keys carry the NVRTC version: a different one recompiles.
# Compiled into a cache kept on this machine between bundles (entries of older sources stay,
# but are small), then packed whole.
# KILN_BUNDLE_CACHE=0 skips it (over 30 minutes on 2 cores when nothing is cached): the device
# then compiles on demand (gpu_setup.sh, KILN_COMPILE_ALL=0) and no stale cache.tar.xz is left.
if [[ ${KILN_BUNDLE_CACHE:-1} == 0 ]]; then
  rm -f .carry/cache.tar.xz
  du -sh .bundle .carry/bundle.tar.xz
  exit 0
fi
cache=${XDG_CACHE_HOME:-$HOME/.cache}/kiln/bundle-cache
KILN_CACHE_DIR=$cache .bundle/kiln bench --all --compile-only | tail -1
tar cJf .carry/cache.tar.xz -C "$(dirname "$cache")" "$(basename "$cache")"
du -sh .bundle .carry/bundle.tar.xz .carry/cache.tar.xz
