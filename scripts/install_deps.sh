#!/usr/bin/env bash
# Installs what kiln needs to build and test on Debian, skipping what is already there.
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libfmt-dev libcli11-dev nlohmann-json3-dev
          libgtest-dev libgmock-dev libbenchmark-dev libopenblas-dev ccache llvm-14-tools)
if [[ "${KILN_WITH_FUZZ:-0}" == 1 ]]; then
  packages+=(clang libclang-rt-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "kiln: installing ${missing[*]}"
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# lit runs the pass tests (tests/passes) with FileCheck from llvm-14-tools.
if ! command -v lit >/dev/null 2>&1; then
  echo "kiln: installing lit"
  python3 -m pip install -q lit
fi

# The cuDNN frontend's C++ headers (cuDNN's fused attention, src/runtime/cuda/
# vendor_cudnn_attention.cpp); CMake finds them through this package. --no-deps: only the
# headers are used, not its Python kernels.
if ! python3 -c "import importlib.metadata as m; m.distribution('nvidia-cudnn-frontend')" \
    >/dev/null 2>&1; then
  echo "kiln: installing nvidia-cudnn-frontend (headers)"
  python3 -m pip install -q --no-deps nvidia-cudnn-frontend
fi

# Python side: the official MLIR parser in jaxlib checks kiln's printer output in the tests.
if [[ "${KILN_WITH_PYTHON:-0}" == 1 ]]; then
  if ! python3 -c "import jax, numpy, ml_dtypes" >/dev/null 2>&1; then
    echo "kiln: installing jax, numpy, ml_dtypes (CPU)"
    python3 -m pip install -q jax jaxlib numpy ml_dtypes
  fi
fi
