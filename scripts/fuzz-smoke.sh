#!/usr/bin/env bash
# A short run of each fuzzer, with ASan: the parser fuzzer (fuzz/
# ParserFuzzer.cpp) and the bindings fuzzer (fuzz/BindingsFuzzer.cpp: the
# text entry points of the Python bindings, which it loads instrumented),
# from seed corpora made of the checked-in lit tests and examples
# (fuzz/make_seeds.py). Needs clang; without it, says so and exits 0 (they
# are libFuzzer targets, which only clang builds). Without Python's
# development files only the parser fuzzer runs.
# Usage: scripts/fuzz-smoke.sh [seconds-each] [build-dir]   (default 60, build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${2:-build-fuzz}
if ! command -v clang++ >/dev/null; then
  echo "fuzz-smoke: clang++ is not installed; skipped"
  exit 0
fi
# A build configured with the fuzzers (the sanitizer suite's) is used as it
# is; otherwise a Release ASan build of the fuzzers alone is configured.
if ! grep -q '^TILT_BUILD_FUZZERS:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  CXX=clang++ CC=clang cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DTILT_BUILD_FUZZERS=ON -DTILT_BUILD_TESTS=OFF -DTILT_BUILD_PYTHON=ON >/dev/null
fi
fuzzers=(tilt-parser-fuzzer)
if ninja -C "$build" -t targets all | grep -q '^tilt-bindings-fuzzer:'; then
  fuzzers+=(tilt-bindings-fuzzer)
else
  echo "fuzz-smoke: the Python bindings are not built; the bindings fuzzer is skipped"
fi
ninja -C "$build" "${fuzzers[@]}"
rm -rf "$build/fuzz-seeds" "$build/bindings-fuzz-seeds"
python3 fuzz/make_seeds.py "$build/fuzz-seeds" "$build/bindings-fuzz-seeds"
export ASAN_OPTIONS="detect_leaks=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for fuzzer in "${fuzzers[@]}"; do
  if [ "$fuzzer" = tilt-parser-fuzzer ]; then
    seeds="$build/fuzz-seeds" corpus="$build/fuzz-corpus"
  else
    seeds="$build/bindings-fuzz-seeds" corpus="$build/bindings-fuzz-corpus"
  fi
  mkdir -p "$corpus"
  "$build/bin/$fuzzer" "$corpus" "$seeds" -max_len=4096 \
    -max_total_time="$seconds" -print_final_stats=1 2>&1 | tail -n 12
  echo "fuzz-smoke: $fuzzer: no crash in $seconds s"
done
