"""Runs the GEMM sweep of the lowering tests (Conversion/TileToTT/Inputs/
gemm_sweep.py) end to end with tilt-run: each GEMM is lowered, emitted,
built against the emulator, run on random inputs and compared with the
tile interpreter. The math fidelity goes round LoFi, HiFi2, HiFi3 and
HiFi4 (the emulator runs each fidelity's phases on the bits they use, and
the interpreter's budget counts them: docs/emulator.md). Two runs at a
time.

usage: run_sweep.py TILT_RUN GEN_TILE_GEMM WORK_DIR [--every N]
  --every N: run every Nth GEMM only (and always the non-aligned and the
  reference shapes).
"""
import concurrent.futures
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Conversion", "TileToTT", "Inputs"))
from gemm_sweep import cases  # noqa: E402

tilt_run, generator, work = sys.argv[1], sys.argv[2], sys.argv[3]
every = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--every" else 1
os.makedirs(work, exist_ok=True)
selected = [case for index, case in enumerate(cases)
            if index % every == 0 or index >= len(cases) - 8]


def run(index_case):
    index, (m, n, k, (bm, bn, bk), grid, bf16_out, transpose_b) = index_case
    name = f"{m}x{n}x{k} blocks {bm}x{bn}x{bk} grid {grid}" + (
        " bf16" if bf16_out else " f32") + (" transpose_b" if transpose_b else "")
    source = os.path.join(work, f"gemm{index}.tilt")
    args = [sys.executable, generator, str(m), str(n), str(k), "--block",
            f"{bm}x{bn}x{bk}", "--out-type", "bf16" if bf16_out else "f32"]
    if transpose_b:
        args.append("--transpose-b")
    with open(source, "w") as file:
        file.write(subprocess.run(args, check=True, capture_output=True,
                                  text=True).stdout)
    fidelity = ["HiFi4", "LoFi", "HiFi2", "HiFi3"][(index // 4) % 4]
    name += " " + fidelity
    result = subprocess.run([tilt_run, source, "--grid", grid, "--seed",
                             str(index), "--math-fidelity", fidelity],
                            capture_output=True, text=True)
    ok = result.returncode == 0 and "OK: the device results match" in result.stdout
    return name, ok, result.stdout + result.stderr


failures = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for name, ok, output in pool.map(run, enumerate(selected)):
        if not ok:
            failures += 1
            print(f"FAIL {name}:\n{output}")
print(f"{len(selected) - failures} of {len(selected)} GEMMs ran and matched "
      f"the reference")
sys.exit(1 if failures else 0)
