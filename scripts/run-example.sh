#!/usr/bin/env bash
# Sets everything up (Debian packages, build) and runs the main job on a
# shipped example: parse, verify and print examples/basics.mlir.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
./build/bin/tilt-opt --verify-roundtrip examples/basics.mlir
