#!/usr/bin/env bash
# The sanitizer suite: an ASan+UBSan build (errors are fatal) of the unit
# tests and the lit suite, host programs that tilt-run builds included
# (tilt-run passes them the sanitizer flags it was built with), then a
# short run of each fuzzer when clang is there (scripts/fuzz-smoke.sh: the
# parser's and the Python bindings' text entry points, built in the same
# instrumented tree).
# The lit run leaves out the GEMM sweep (133 end-to-end GEMMs, the same code
# paths as the examples at 20 times the time), the FlashAttention, Python
# and shipped example runs (kernels the other Run tests cover; the shipped
# examples' 1024x1024 GEMM on 64 cores alone took 270 s under ASan; the
# grid choice's two runs of it on a p150, 55 s) and the
# install test (it
# builds the package's consumers without the sanitizer runtime). The other
# end-to-end tests run their grid loops on the 2x2 grid only (`grids=quick`,
# lit-tests/lit.cfg.py). The Python
# bindings' pytest suites are left out: an ASan extension cannot be loaded
# into python3 (the bindings fuzzer embeds Python in an ASan executable).
# The build uses Clang when it is installed (scripts/setup.sh installs it):
# it compiles the instrumented tree in about 60% of GCC's time, and its
# -fsanitize=undefined also checks float-to-integer conversions, which GCC's
# does not. The host programs and kernels tilt-run builds use the same
# compiler (TILT_HOST_CXX is CMAKE_CXX_COMPILER).
# Usage: scripts/sanitize.sh [build-dir] [fuzz-seconds]   (default build-asan, 60)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${1:-build-asan}
seconds=${2:-60}
compilers=(-DTILT_BUILD_PYTHON=OFF)
if command -v clang++ >/dev/null && command -v clang >/dev/null; then
  # With Clang, the same build is the fuzzers' (coverage instrumented, the
  # Python extension built for tilt-bindings-fuzzer).
  compilers=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang
             -DTILT_BUILD_FUZZERS=ON -DTILT_BUILD_PYTHON=ON)
fi
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug "${compilers[@]}" \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g0" -DTILT_SANITIZE=address,undefined \
  ${TILT_CMAKE_ARGS:-} >/dev/null
cmake --build "$build"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -E '^(lit|install-and-embed)$'
lit=$(command -v lit || echo /usr/lib/llvm-14/build/utils/lit/lit.py)
PATH="$PATH:/usr/lib/llvm-14/bin" python3 "$lit" -sv -j "$(nproc)" --param grids=quick \
  --filter-out 'Run/(gemm-sweep|chained-sweep|chained-examples|flash-attention|python-examples|examples|grid-choice)' "$build/lit-tests"
./scripts/fuzz-smoke.sh "$seconds" "$build"
