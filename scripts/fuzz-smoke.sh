#!/usr/bin/env bash
# A short run of the parser fuzzer (fuzz/ParserFuzzer.cpp, libFuzzer with
# ASan) from a seed corpus made of the checked-in lit test inputs and
# examples, split at `// -----`. Needs clang; without it, says so and
# exits 0 (the fuzzer is a libFuzzer target, which only clang builds).
# Usage: scripts/fuzz-smoke.sh [seconds] [build-dir]   (default 60, build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${2:-build-fuzz}
if ! command -v clang++ >/dev/null; then
  echo "fuzz-smoke: clang++ is not installed; skipped"
  exit 0
fi
CXX=clang++ CC=clang cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTILT_BUILD_FUZZERS=ON -DTILT_BUILD_TESTS=OFF -DTILT_BUILD_PYTHON=OFF >/dev/null
ninja -C "$build" tilt-parser-fuzzer
seeds="$build/fuzz-seeds"
corpus="$build/fuzz-corpus"
rm -rf "$seeds" && mkdir -p "$seeds" "$corpus"
python3 - "$seeds" <<'PY'
import glob, os, sys
out = sys.argv[1]
count = 0
for path in sorted(glob.glob("lit-tests/**/*.mlir", recursive=True) +
                   glob.glob("examples/*.tilt") + glob.glob("examples/*.mlir")):
    text = open(path, encoding="utf-8", errors="replace").read()
    for piece in text.split("// -----"):
        if piece.strip():
            with open(os.path.join(out, f"seed{count:05d}"), "w") as f:
                f.write(piece)
            count += 1
print(f"fuzz-smoke: {count} seeds")
PY
"$build/bin/tilt-parser-fuzzer" "$corpus" "$seeds" -max_len=4096 \
  -max_total_time="$seconds" -print_final_stats=1 2>&1 | tail -n 12
echo "fuzz-smoke: no crash in $seconds s"
