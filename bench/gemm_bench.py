"""Issue 19's GEMM table in one command: for each GEMM, the DRAM bytes the
generated program reads over the least it could read (A and B once), and
the timing model's predicted device time against the compute roofline (the
math engines' work spread over every core of the board, at the fidelity's
rate). Rows: 1024^3, 2048^3 and 4096^3 on a Wormhole n150 (8x8) at HiFi4,
HiFi2 and LoFi; the same on a 13x10 Blackhole (p150_unharvested) at HiFi4;
and the GEMMs inside the examples gemm_bias_gelu.tilt and
flash_attention.tilt (whose minimum is every input read once).

The figures are predictions of the timing model (docs/timing-model.md), not
measurements. The square GEMMs come from scripts/gen_tile_gemm.py (bf16
inputs, f32 accumulation and output, 128x128x64 blocks), are lowered with
tilt-opt and run as tt programs (no reference: a 4096^3 reference takes
minutes and says nothing about time); the examples run through tilt-run
as users run them, checked against the reference.

usage: python3 bench/gemm_bench.py [BUILD_DIR] [--largest N] [--quick]
  --largest N   the largest GEMM edge (default 4096)
  --quick       HiFi4 on Wormhole only
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("build", nargs="?", default=os.path.join(root, "build"))
parser.add_argument("--largest", type=int, default=4096)
parser.add_argument("--quick", action="store_true")
options = parser.parse_args()
tilt_run = os.path.join(options.build, "bin", "tilt-run")
tilt_opt = os.path.join(options.build, "bin", "tilt-opt")
work = tempfile.mkdtemp(prefix="tilt-gemm-")

# The targets: read ratio at most, % of the compute roofline at least.
TARGETS = {1024: (1.5, None), 2048: (1.3, 70.0), 4096: (1.2, 80.0)}


def profile(args, label):
    """Runs tilt-run --profile; returns the figures the table needs."""
    result = subprocess.run([tilt_run] + args + ["--profile"],
                            capture_output=True, text=True)
    out = result.stdout + result.stderr
    if result.returncode != 0 or "profile (predicted" not in out:
        sys.exit(f"{label}: tilt-run failed\n{out}")

    def find(pattern):
        match = re.search(pattern, out)
        if not match:
            sys.exit(f"{label}: no '{pattern}' in tilt-run's report\n{out}")
        return match.group(1)
    return {
        "read": int(find(r"DRAM read (\d+) B")),
        "time_us": float(find(r"device time ([0-9.]+) us")),
        "cores": find(r"cycles at [0-9.]+ GHz, \S+ (\d+ of \d+) cores"),
        "tflops": find(r"matmul: ([0-9.]+) TFLOP/s"),
        "compute_us": float(find(r"roofline: compute ([0-9.]+) us")),
        "bottleneck": find(r"bottleneck: ([^:(]*)"),
    }


def square(size, fidelity, board):
    """Lowers and profiles the size^3 GEMM; returns the table row."""
    source = os.path.join(work, f"gemm{size}.tilt")
    if not os.path.exists(source):
        with open(source, "w") as file:
            subprocess.run([sys.executable,
                            os.path.join(root, "scripts", "gen_tile_gemm.py"),
                            str(size), str(size), str(size)],
                           stdout=file, check=True)
    name = f"gemm{size}-{fidelity}-{board}"
    lowered = os.path.join(work, name + ".mlir")
    pipeline = f"--tile-to-tt=board={board} math-fidelity={fidelity}"
    subprocess.run([tilt_opt, source, pipeline, "-o", lowered], check=True)
    figures = profile([lowered, "--work-dir", os.path.join(work, name)],
                      name)
    figures["minimum"] = 2 * size * size * 2  # A and B in bf16
    figures["label"] = f"{size}^3"
    figures["target"] = TARGETS.get(size) if fidelity == "HiFi4" and \
        board == "n150" else None
    return figures


def example(name, minimum):
    figures = profile([os.path.join(root, "examples", name),
                       "--work-dir", os.path.join(work, name)], name)
    figures["minimum"] = minimum
    figures["label"] = name
    figures["target"] = None
    return figures


sizes = [size for size in (1024, 2048, 4096) if size <= options.largest]
configurations = [("n150", "HiFi4")]
if not options.quick:
    configurations += [("n150", "HiFi2"), ("n150", "LoFi"),
                       ("p150_unharvested", "HiFi4")]
sections = []
for board, fidelity in configurations:
    rows = [square(size, fidelity, board) for size in sizes]
    if board == "n150" and fidelity == "HiFi4":
        # gemm_bias_gelu: A 256x512, B 512x256 (bf16), bias 256 (f32).
        rows.append(example("gemm_bias_gelu.tilt",
                            256 * 512 * 2 * 2 + 256 * 4))
        # FlashAttention: Q, K and V, [2, 4, 512, 64] bf16 each.
        rows.append(example("flash_attention.tilt", 3 * 2 * 4 * 512 * 64 * 2))
    sections.append((board, fidelity, rows))

print("| board | fidelity | GEMM | cores | DRAM read / minimum | "
      "predicted time | compute roofline | % of roofline | TFLOP/s | "
      "bound by | target |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for board, fidelity, rows in sections:
    for row in rows:
        ratio = row["read"] / row["minimum"]
        percent = 100.0 * row["compute_us"] / row["time_us"]
        target = "-"
        if row["target"]:
            most, least = row["target"]
            met = ratio <= most and (least is None or percent >= least)
            target = f"<= {most}" + (f", >= {least:.0f} %" if least else "")
            target += " met" if met else " MISSED"
        print(f"| {board} | {fidelity} | {row['label']} | {row['cores']} | "
              f"{ratio:.2f} ({row['read'] / 2**20:.1f} MiB) | "
              f"{row['time_us']:.1f} us | {row['compute_us']:.1f} us | "
              f"{percent:.1f} % | {row['tflops']} | "
              f"{row['bottleneck'].strip()} | {target} |")
print(f"\n(work files in {work})")
