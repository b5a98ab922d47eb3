"""The Metalium path of Tilt, measured:

1. examples/gemm.tilt (1024^3, bf16 inputs, f32 output, 128x128x32 blocks)
   on an 8x8 Wormhole grid: DRAM bytes read and written on the emulator
   (its counters), next to the unavoidable minimum (each input element read
   once, each output element written once) and the plan's static estimate
   (what tt-verify counted);
2. the emulation time of a 512^3 GEMM on one core, once compiled (the
   second of two runs, so that the host program and kernels come from the
   cache), as the emulator reports it.

usage: python3 bench/emulator_bench.py [BUILD_DIR]
"""
import json
import os
import re
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
tilt_run = os.path.join(build, "bin", "tilt-run")
tilt_opt = os.path.join(build, "bin", "tilt-opt")
tilt_translate = os.path.join(build, "bin", "tilt-translate")
work = tempfile.mkdtemp(prefix="tilt-bench-")


def run_tilt(source, grid, counters):
    result = subprocess.run([tilt_run, source, "--grid", grid,
                             "--counters-json", counters],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(result.stdout + result.stderr)
    with open(counters) as file:
        return json.load(file), result.stdout


# 1. DRAM traffic of the reference GEMM.
gemm = os.path.join(root, "examples", "gemm.tilt")
counters, _ = run_tilt(gemm, "8x8", os.path.join(work, "gemm.json"))
lowered = subprocess.run([tilt_opt, "--tile-to-tt=grid=8x8", gemm],
                         check=True, capture_output=True, text=True).stdout
plan_dir = os.path.join(work, "plan")
subprocess.run([tilt_translate, "--tt-to-metalium", "-o", plan_dir, "-"],
               input=lowered, check=True, capture_output=True, text=True)
with open(os.path.join(plan_dir, "plan.json")) as file:
    cost = json.load(file)["cost"]
m = n = k = 1024
minimum_read = (m * k + k * n) * 2   # bf16 inputs
minimum_written = m * n * 4          # f32 output
read = counters["total"]["dram_bytes_read"]
written = counters["total"]["dram_bytes_written"]
print("examples/gemm.tilt, 1024^3, 8x8 wormhole_b0:")
print(f"  {'':14}{'emulator':>12}{'plan':>12}{'minimum':>12}{'emulator/min':>14}")
print(f"  {'DRAM read B':14}{read:>12}{cost['dram_bytes_read']:>12}"
      f"{minimum_read:>12}{read / minimum_read:>14.2f}")
print(f"  {'DRAM write B':14}{written:>12}{cost['dram_bytes_written']:>12}"
      f"{minimum_written:>12}{written / minimum_written:>14.2f}")

# 2. Emulation time of a 512^3 GEMM on one core.
source = os.path.join(work, "gemm512.tilt")
with open(source, "w") as file:
    file.write(subprocess.run(
        [sys.executable, os.path.join(root, "scripts", "gen_tile_gemm.py"),
         "512", "512", "512", "--block", "128x128x64"],
        check=True, capture_output=True, text=True).stdout)
times = []
for attempt in range(3):
    counters, _ = run_tilt(source, "1x1", os.path.join(work, "g512.json"))
    times.append(counters["seconds"])
print(f"512^3 GEMM on one core: emulated in {min(times[1:]):.3f} s "
      f"(best of 2 after a first run; target < 2 s), "
      f"{counters['total']['tile_ops']['matmul']} matmul_tiles")
