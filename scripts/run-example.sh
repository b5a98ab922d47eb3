#!/usr/bin/env bash
# Sets everything up (Debian packages, build) and runs the main job on a
# shipped example: compiles examples/gemm.tilt (a 1024^3 GEMM in the tile
# dialect) to a TT-Metalium program for an 8x8 Wormhole grid, checked by
# tt-verify, and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
# Compile examples/gemm.tilt for an 8x8 Wormhole grid, run it on the
# emulator, check it against the tile interpreter and print the counters.
./build/bin/tilt-run examples/gemm.tilt --grid 8x8
