#!/usr/bin/env bash
# Builds Tilt and runs every test: GoogleTest unit tests and the lit suite
# (which includes the MLIR interoperability tests when mlir-opt is present),
# then the sanitizer suite (scripts/sanitize.sh).
# Usage: scripts/test.sh [build-dir]   (extra CMake options in TILT_CMAKE_ARGS)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${1:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=${TILT_BUILD_TYPE:-Release} \
  ${TILT_CMAKE_ARGS:-} >/dev/null
cmake --build "$build"
(cd "$build" && ctest --output-on-failure -j "$(nproc)")
# The sanitizer suite: ASan+UBSan build of the unit tests and the lit suite,
# and a short fuzzing run (docs/testing.md). TILT_SKIP_SANITIZERS=1 skips it.
if [ "${TILT_SKIP_SANITIZERS:-0}" != 1 ]; then
  ./scripts/sanitize.sh "${build}-asan" 30
fi
