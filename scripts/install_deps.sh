#!/usr/bin/env bash
# Installs what kiln needs to build and test on Debian, skipping what is already there.
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libfmt-dev libcli11-dev nlohmann-json3-dev
          libgtest-dev libgmock-dev libbenchmark-dev libopenblas-dev ccache llvm-14-tools)
if [[ "${KILN_WITH_FUZZ:-0}" == 1 ]]; then
  packages+=(clang libclang-rt-dev)
fi
# install_missing [APT-GET FLAG...] -- PACKAGE...: installs those of the packages not yet there.
install_missing() {
  local flags=() missing=() p
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "kiln: installing ${missing[*]}"
  local sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  if [[ -z ${kiln_apt_updated:-} ]]; then
    $sudo_cmd apt-get update -qq
    kiln_apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${flags[@]}" "${missing[@]}" \
    >/dev/null
}
install_missing -- "${packages[@]}"
# kiln report's page in a headless browser (tests/tools/report_browser_test.py): chromium
# without its recommended desktop packages (printing, power, notifications), with a font.
install_missing --no-install-recommends -- chromium fonts-liberation

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
