#!/usr/bin/env bash
# Packs kiln for timing bench/cpu on another machine without Debian's packages (the GPU
# machine's host CPU): .cpubench/ holds kiln (from BUILD, default build/dev) and, in lib/,
# every non-system shared library it needs (OpenBLAS, fmt, the C++ runtime);
# .cpubench.tar.xz is that folder compressed (the device tool carries at most 64 MiB). There,
# carrying `.cpubench.tar.xz` (git ignores it through .git/info/exclude), run
#   tar xJf .cpubench.tar.xz && LD_LIBRARY_PATH=.cpubench/lib JAX_PLATFORMS=cpu taskset -c 0,1 \
#     python3 bench/cpu/run.py --kiln .cpubench/kiln --json OUT.json
# Usage: scripts/bundle_cpu_bench.sh [BUILD]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
cmake --build "$build" --target kiln
rm -rf .cpubench
mkdir -p .cpubench/lib
strip --strip-debug -o .cpubench/kiln "$build/kiln"
ldd .cpubench/kiln | awk '/=> \// {print $3}' | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*) ;;
    libcuda.so*|libcublas*|libcudart*|libcudnn*|libnvrtc*|libnvJitLink*) ;;  # the device's own
    *) cp -L "$lib" .cpubench/lib/ ;;
  esac
done
for ignored in /.cpubench/ /.cpubench.tar.xz; do
  grep -qx "$ignored" .git/info/exclude 2>/dev/null || echo "$ignored" >>.git/info/exclude
done
tar cJf .cpubench.tar.xz .cpubench
du -sh .cpubench .cpubench.tar.xz
