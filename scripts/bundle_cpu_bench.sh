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
source scripts/bundle_libs.sh
build=${1:-build/dev}
cmake --build "$build" --target kiln
rm -rf .cpubench
mkdir -p .cpubench/lib
strip --strip-debug -o .cpubench/kiln "$build/kiln"
bundle_libs .cpubench/kiln .cpubench/lib
ignore_locally /.cpubench/ /.cpubench.tar.xz
tar cJf .cpubench.tar.xz .cpubench
du -sh .cpubench .cpubench.tar.xz
