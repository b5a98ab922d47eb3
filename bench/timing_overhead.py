"""What the timing model costs the emulator: the emulation time of a few
programs (the median of five runs, once compiled; the emulator's own
"emulated in" figure, which includes the model's replay) with this build's
emulator and with another build's, side by side, and their ratio.

usage: python3 bench/timing_overhead.py BEFORE_BUILD [BUILD_DIR]

BEFORE_BUILD is a build directory of Tilt from before the timing model
(git worktree add /tmp/base <commit>; cmake ...; ninja -C /tmp/base/build
TiltEmulator TiltEmulatorHeaders is enough): its emulator library and
headers run the same generated programs.
"""
import os
import re
import statistics
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if len(sys.argv) < 2:
    sys.exit(__doc__)
before = sys.argv[1]
build = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "build")
tilt_run = os.path.join(build, "bin", "tilt-run")
programs = [["examples/gemm.tilt"], ["examples/flash_attention.tilt"],
            ["examples/softmax.tilt"], ["examples/gemm_bias_gelu.tilt"]]


def emulated(args, env):
    times = []
    for _ in range(5):
        result = subprocess.run([tilt_run] + args, capture_output=True,
                                text=True, env=env, cwd=root)
        match = re.search(r"emulated in ([0-9.]+) s", result.stdout)
        if result.returncode != 0 or not match:
            sys.exit(f"{args}: {result.stdout}{result.stderr}")
        times.append(float(match.group(1)))
    return statistics.median(times)


old = dict(os.environ)
old["TILT_EMU_LIB"] = os.path.join(before, "lib", "libTiltEmulator.a")
old["TILT_EMU_INCLUDE"] = os.path.join(before, "include", "tilt", "Emulator",
                                       "metalium")
print("| program | before | with the timing model | ratio |")
print("|---|---|---|---|")
for args in programs:
    without = emulated(args, old)
    with_model = emulated(args, dict(os.environ))
    print(f"| {' '.join(args)} | {without:.3f} s | {with_model:.3f} s | "
          f"{with_model / without:.2f}x |")
