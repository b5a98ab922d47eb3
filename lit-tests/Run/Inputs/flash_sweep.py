"""The FlashAttention sweep: examples/flash_attention.py's program over
shapes, block sizes, grids and architectures, causal and not, run with
tilt-run (compared with the tile interpreter) and, where the shapes are
small enough for plain Python, with attention computed directly
(attention_check.py). Two runs at a time.

usage: flash_sweep.py TILT_RUN EXAMPLES_DIR WORK_DIR [--case NAME] [--list]
  Each program is kept in WORK_DIR/<name>.tilt (a reproducer:
  tilt-run WORK_DIR/<name>.tilt --grid G --arch A --seed S).
"""
import importlib.util
import os
import subprocess
import sys

from sweep_report import run_cases


def load_generator(examples):
    spec = importlib.util.spec_from_file_location(
        "flash_attention", os.path.join(examples, "flash_attention.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate


def make_cases():
    """(name, shape and blocks, causal, grid, arch) per run."""
    cases = []

    def add(batch, heads, seq, dim, bm, bn, causal, grid, arch="wormhole_b0"):
        name = (f"{'causal' if causal else 'full'} {batch}x{heads}x{seq}x{dim} "
                f"blocks {bm}x{bn} grid {grid or 'board'} {arch}")
        cases.append((name, (batch, heads, seq, dim, bm, bn), causal, grid,
                      arch))

    # The example (batch 2, heads 4, seq 512, dim 64, blocks 64) on one
    # core, 2x2 cores and the whole board, Wormhole and Blackhole.
    for causal in (False, True):
        for grid in ("1x1", "2x2", None):
            add(2, 4, 512, 64, 64, 64, causal, grid)
        add(2, 4, 512, 64, 64, 64, causal, "2x2", "blackhole")
        add(2, 4, 512, 64, 64, 64, causal, None, "blackhole")
    # Sequence lengths and head dims.
    add(2, 4, 128, 64, 64, 64, True, None)
    add(2, 4, 128, 128, 64, 64, False, None)
    add(2, 4, 512, 128, 64, 64, True, None, "blackhole")
    add(2, 4, 2048, 64, 64, 64, True, None)
    # Block sizes, and sequences that are not whole blocks (the keys past
    # seq are masked with -inf, the query rows past it are not written).
    add(1, 2, 256, 64, 32, 32, True, "2x2")
    add(1, 2, 256, 128, 128, 128, False, "2x2")
    add(1, 2, 256, 64, 128, 64, True, "2x2")
    add(1, 2, 256, 64, 64, 128, True, "2x2")
    add(1, 2, 100, 64, 32, 64, False, "2x2")
    add(1, 2, 100, 64, 64, 32, True, "2x2")
    add(1, 1, 200, 64, 64, 64, True, "1x1")
    add(1, 1, 200, 128, 64, 64, False, "1x1")
    add(1, 2, 300, 128, 128, 128, True, "2x2")
    add(1, 1, 50, 64, 64, 64, False, "1x1")
    return cases


def main():
    tilt_run, examples, work = sys.argv[1], sys.argv[2], sys.argv[3]
    rest = sys.argv[4:]
    generate = load_generator(examples)
    check = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "attention_check.py")
    cases = [(index,) + case for index, case in enumerate(make_cases())]
    if "--list" in rest:
        for case in cases:
            print(case[1])
        return 0
    if "--case" in rest:
        wanted = rest[rest.index("--case") + 1]
        cases = [case for case in cases if wanted in case[1]]
    os.makedirs(work, exist_ok=True)

    def run(case):
        index, name, shape, causal, grid, arch = case
        stem = os.path.join(work, name.replace(" ", "_"))
        source = stem + ".tilt"
        with open(source, "w") as file:
            file.write(generate(*shape, causal, 2))
        command = [tilt_run, source, "--seed", str(index), "--arch", arch,
                   "--work-dir", stem]
        if grid:
            command += ["--grid", grid]
        result = subprocess.run(command, capture_output=True, text=True)
        output = " ".join(command) + "\n" + result.stdout + result.stderr
        ok = (result.returncode == 0 and "FAIL" not in result.stdout and
              "OK: the device results match" in result.stdout)
        batch, heads, seq, dim = shape[:4]
        checked = ""
        if ok and batch * heads * seq * seq * dim <= 2**23:
            reference = subprocess.run(
                [sys.executable, check, stem, "causal" if causal else "full"],
                capture_output=True, text=True)
            output += reference.stdout + reference.stderr
            ok = "within 2^-6: True" in reference.stdout
            checked = " (and the attention reference)"
        return name + checked, ok, output

    return run_cases(cases, run, "FlashAttention programs")


if __name__ == "__main__":
    sys.exit(main())
