#!/usr/bin/env bash
# Builds kiln with its tests and runs all of them (unit tests, every test program through
# parse -> verify -> print -> parse, the bad-input corpus, the official-parser check, the op
# tests, the slow suites: every kernel through NVRTC and every kernel's definition on the
# interpreter). KILN_CMAKE_ARGS adds CMake arguments (CI: sanitizers, -Werror); KILN_BUILD_DIR
# picks the build folder; extra arguments go to ctest (`bash scripts/test.sh -LE slow` skips
# the slow suites).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
phase "dependencies" env KILN_WITH_PYTHON=1 bash scripts/install_deps.sh
build=${KILN_BUILD_DIR:-build/test}
# shellcheck disable=SC2086  # KILN_CMAKE_ARGS is a list of words
phase "configure ($build)" \
  quiet cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${KILN_CMAKE_ARGS:-}
phase "build ($build)" cmake --build "$build"
phase "tests ($build)" ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
