#!/usr/bin/env bash
# Builds kiln with its tests and runs all of them (unit tests, every test program through
# parse -> verify -> print -> parse, the bad-input corpus, the official-parser check).
set -euo pipefail
cd "$(dirname "$0")/.."
KILN_WITH_PYTHON=1 bash scripts/install_deps.sh
build=${KILN_BUILD_DIR:-build/test}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${KILN_CMAKE_ARGS:-} >/dev/null
cmake --build "$build"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
