#!/usr/bin/env bash
# Builds kiln and runs the bundled example: a JAX-exported MLP, on the inputs JAX ran it on,
# with the reference interpreter on the CPU (the CUDA backend is used when a GPU is present
# once it exists). Prints the output, then checks it against JAX's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DKILN_BUILD_TESTS=OFF -DKILN_BUILD_BENCH=OFF >/dev/null
cmake --build build/release --target kiln
inputs=()
for i in 0 1 2 3 4 5 6; do inputs+=(--input "examples/mlp/in$i.npy"); done
./build/release/kiln run examples/mlp.mlir "${inputs[@]}" --print --out build/example_out --time
python3 - <<'PY' 2>/dev/null || echo "(install numpy to compare with JAX's output)"
import numpy as np
got, want = np.load("build/example_out/out0.npy"), np.load("examples/mlp/expected0.npy")
print("max |kiln - jax| =", float(np.abs(got - want).max()))
PY
