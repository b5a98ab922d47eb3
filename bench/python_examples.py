#!/usr/bin/env python3
"""The counters of examples/python: for each example, the host time of
compiling, running (the emulator) and checking its kernel, as the example
prints them, with the emulator's cache of compiled programs cold (a fresh
$TILT_CACHE_DIR: the first run of a program builds its host and kernels)
and warm (the same directory again). The autotuned GEMM's search always
runs (a fresh $TILT_AUTOTUNE_DIR each time).

    bench/python_examples.py [--build build]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples", "python")
RUNS = [("elementwise_add.py", []), ("gemm.py", []), ("gemm_relu.py", []),
        ("softmax.py", []), ("layernorm.py", []), ("rmsnorm.py", []),
        ("flash_attention.py", []), ("flash_attention.py", ["--is_causal"]),
        ("gemm_autotune.py", [])]


def run(script, args, cache, build):
    env = dict(os.environ, TILT_CACHE_DIR=cache, TILT_BUILD_DIR=build,
               TILT_AUTOTUNE_DIR=tempfile.mkdtemp(prefix="tilt-autotune-"))
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args],
                            capture_output=True, text=True, env=env)
    if result.returncode != 0:
        return "FAILED: " + (result.stderr.strip().splitlines() or ["?"])[-1]
    line = next((l for l in result.stdout.splitlines()
                 if l.startswith("counters (host time)")), "")
    return re.sub(r"^counters \(host time\): ", "", line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    print(f"| example | cold cache | warm cache |  ({os.cpu_count()} cores)")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="tilt-cache-") as cache:
        for script, extra in RUNS:
            cold = run(script, extra, cache, args.build)
            warm = run(script, extra, cache, args.build)
            name = " ".join([script] + extra)
            print(f"| `{name}` | {cold} | {warm} |", flush=True)


if __name__ == "__main__":
    main()
