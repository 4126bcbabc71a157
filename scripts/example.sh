#!/usr/bin/env bash
# Builds kiln and runs it on the bundled example program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DKILN_BUILD_TESTS=OFF >/dev/null
cmake --build build/release --target kiln
./build/release/kiln print examples/mlp.mlir
