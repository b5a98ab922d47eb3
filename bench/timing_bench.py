"""What the timing model predicts (docs/timing-model.md), for every example
and for GEMMs 512^3 to 4096^3 on the full grid of an n150 (8x8, HiFi4, bf16
inputs, f32 accumulation and output): predicted device time, achieved
TFLOP/s and DRAM GB/s, the efficiency against the roofline and the
bottleneck, as a markdown table for docs/benchmarks.md. The figures are
predictions, not measurements.

The GEMMs are lowered with tilt-opt and run as tt programs (no reference
interpreter: a 4096^3 reference takes minutes and says nothing about time);
the examples run through tilt-run as users run them, checked against the
reference.

usage: python3 bench/timing_bench.py [BUILD_DIR] [--largest N]
  --largest N   the largest GEMM edge (default 4096; 2048 is quicker)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("build", nargs="?", default=os.path.join(root, "build"))
parser.add_argument("--largest", type=int, default=4096)
options = parser.parse_args()
tilt_run = os.path.join(options.build, "bin", "tilt-run")
tilt_opt = os.path.join(options.build, "bin", "tilt-opt")
work = tempfile.mkdtemp(prefix="tilt-timing-")


def profile(args, label):
    """Runs tilt-run --profile and returns the report's figures."""
    start = time.time()
    result = subprocess.run([tilt_run] + args + ["--profile"],
                            capture_output=True, text=True)
    wall = time.time() - start
    out = result.stdout
    if result.returncode != 0 or "profile (predicted" not in out:
        sys.exit(f"{label}: tilt-run failed\n{out}{result.stderr}")

    def find(pattern, default=None):
        match = re.search(pattern, out)
        return match.group(1) if match else default
    emulated = find(r"emulated in ([0-9.]+) s")
    return {
        "label": label,
        "time_us": float(find(r"device time ([0-9.]+) us")),
        "cores": find(r"cycles at [0-9.]+ GHz, \S+ (\d+ of \d+) cores"),
        "tflops": find(r"matmul: ([0-9.]+) TFLOP/s", "-"),
        "gbs": float(find(r"DRAM: ([0-9.]+) GB/s")),
        "efficiency": float(find(r"efficiency: ([0-9.]+) %")),
        "bound": find(r"roofline: compute ([0-9.]+ us).*DRAM ([0-9.]+ us)"),
        "compute_us": float(find(r"roofline: compute ([0-9.]+) us")),
        "dram_us": float(find(r"DRAM ([0-9.]+) us \(the bytes")),
        "bottleneck": find(r"bottleneck: (.*)"),
        "emulated": float(emulated) if emulated else None,
        "wall": wall,
    }


rows = []
examples = sorted(name for name in os.listdir(os.path.join(root, "examples"))
                  if name.endswith(".tilt"))
for name in examples:
    rows.append(profile([os.path.join(root, "examples", name),
                         "--work-dir", os.path.join(work, name)], name))

sizes = [size for size in (512, 1024, 2048, 4096) if size <= options.largest]
for size in sizes:
    source = os.path.join(work, f"gemm{size}.tilt")
    lowered = os.path.join(work, f"gemm{size}.mlir")
    block = ["--block", "64x64x32"] if size == 512 else []
    with open(source, "w") as file:
        subprocess.run([sys.executable, os.path.join(root, "scripts",
                                                     "gen_tile_gemm.py"),
                        str(size), str(size), str(size)] + block,
                       stdout=file, check=True)
    subprocess.run([tilt_opt, source, "--tile-to-tt", "-o", lowered],
                   check=True)
    rows.append(profile([lowered, "--work-dir",
                         os.path.join(work, f"gemm{size}")],
                        f"GEMM {size}^3 (tt)"))

print("| program | cores | predicted time | TFLOP/s | DRAM GB/s | "
      "compute bound | DRAM bound | % of roofline | bottleneck | emulated in |")
print("|---|---|---|---|---|---|---|---|---|---|")
for row in rows:
    emulated = f"{row['emulated']:.2f} s" if row["emulated"] else "-"
    print(f"| {row['label']} | {row['cores']} | {row['time_us']:.2f} us | "
          f"{row['tflops']} | {row['gbs']:.1f} | {row['compute_us']:.2f} us | "
          f"{row['dram_us']:.2f} us | {row['efficiency']:.1f} % | "
          f"{row['bottleneck']} | {emulated} |")
print(f"\n(work files in {work})")
