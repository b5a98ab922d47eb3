#!/usr/bin/env bash
# ThreadSanitizer run of what uses threads: the pass manager's threaded
# pipelines and the printer under them (IR printing and diagnostics from
# worker threads). Builds tilt-opt and the unit tests with
# -fsanitize=thread in its own build directory and runs the unit tests of
# the pass manager and the IR, and the lit tests of lit-tests/Pass.
# Usage: scripts/tsan.sh [build-dir]   (default build-tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${1:-build-tsan}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DTILT_SANITIZE=thread \
  -DTILT_BUILD_PYTHON=OFF >/dev/null
ninja -C "$build" TiltUnitTests tilt-opt
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
"$build/bin/TiltUnitTests" --gtest_filter='PassManager*:Operation*:Uniquing*:Print*:*Thread*'
lit=$(command -v lit || echo /usr/lib/llvm-14/build/utils/lit/lit.py)
PATH="$PATH:/usr/lib/llvm-14/bin" python3 "$lit" -sv "$build/lit-tests/Pass"
echo "tsan: clean"
