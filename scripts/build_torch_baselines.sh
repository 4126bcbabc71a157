#!/usr/bin/env bash
# Builds the torch baseline plugin (libkiln_baselines_torch.so) alone, from
# src/bench/baselines as a project of its own, against the PyTorch that python3 imports, and
# copies it and kiln_baselines_smoke to OUT_DIR (default: .bundle, beside the kiln binary that
# loads it). Meant for the GPU machine (python3 with torch, cmake and ninja from pip, nvcc; no
# network).
#   scripts/build_torch_baselines.sh [OUT_DIR]
# Environment: BUILD_DIR (default build/torch-baselines), JOBS (default: all processors).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.bundle}
build=${BUILD_DIR:-build/torch-baselines}
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
mkdir -p "$build"
log=$build/configure.log
if ! cmake -S src/bench/baselines -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
     -DKILN_BASELINES_STANDALONE=ON -DCMAKE_PREFIX_PATH="$prefix" >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
if grep -q "Torch not found" "$log"; then
  cat "$log" >&2
  echo "build_torch_baselines: CMake did not find Torch under $prefix" >&2
  exit 1
fi
cmake --build "$build" --target kiln_baselines_torch kiln_baselines_smoke -j "${JOBS:-$(nproc)}"
mkdir -p "$out"
cp "$build/libkiln_baselines_torch.so" "$build/kiln_baselines_smoke" "$out/"
echo "build_torch_baselines: $out/libkiln_baselines_torch.so"
