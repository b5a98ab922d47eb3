#!/usr/bin/env python3
"""Compares tilt-opt with Debian's mlir-opt on the standard IR inputs.

For each shape (flat, nested, canon) and size (100k and 1M operations) from
../shared/bench/gen_ir.py, both tools run on the same file, in the same run,
for these steps (each includes parsing, verification and printing):
  generic       parse + verify + print in generic form (--mlir-print-op-generic)
  custom        parse + verify + print in custom form
  canonicalize  --canonicalize
  cse           --cse
  func-canon    --pass-pipeline='builtin.module(func.func(canonicalize))'
                (a nested pipeline: on threads in both tools)
Then, on the nested shape at the largest size, the per-function pipeline
runs with and without --mlir-disable-threading: the whole run and the
pipeline alone (from --mlir-timing), for both tools.
Each measurement is the median wall time of several runs; peak memory is the
maximum resident set size (GNU time's %M). Ratios are mlir-opt / tilt-opt for
time (higher is better for Tilt) and tilt-opt / mlir-opt for memory (lower is
better). The last column checks that Tilt's time grows linearly: its 1M time
divided by ten times its 100k time.

The machine has 2 shared cores: compare ratios, not absolute times.

Usage: bench/ir_bench.py [--sizes 100000,1000000] [--repeat 3]
                         [--steps generic,custom,canonicalize,cse,func-canon]
                         [--tilt-opt build/bin/tilt-opt] [--mlir-opt PATH]
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_mlir_opt(explicit):
    if explicit:
        return explicit
    candidates = sorted(glob.glob("/usr/lib/llvm-*/bin/mlir-opt"),
                        key=lambda p: int(p.split("llvm-")[1].split("/")[0]))
    if candidates:
        return candidates[-1]
    return shutil.which("mlir-opt")


def ensure_mlir_opt(explicit):
    path = find_mlir_opt(explicit)
    if path:
        return path
    print("bench: installing Debian's mlir-22-tools for the comparison",
          file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "mlir-22-tools"],
                   check=True)
    path = find_mlir_opt(None)
    if not path:
        sys.exit("bench: mlir-opt is still missing")
    return path


def ensure_tilt_opt(explicit):
    if explicit:
        return explicit
    build = os.path.join(ROOT, "build-bench")
    subprocess.run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
                    "-DCMAKE_BUILD_TYPE=Release", "-DTILT_BUILD_TESTS=OFF"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build, "--target", "tilt-opt"],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(build, "bin", "tilt-opt")


def generate(gen_ir, shape, n, outdir):
    path = os.path.join(outdir, "%s_%d.mlir" % (shape, n))
    if not os.path.exists(path):
        subprocess.run([sys.executable, gen_ir, "--shape", shape, "--n", str(n),
                        "-o", path], check=True, stderr=subprocess.DEVNULL)
    return path


def measure(cmd, repeat):
    """Median wall seconds and max peak RSS (MiB) of `cmd` over `repeat` runs."""
    times, peaks = [], []
    for _ in range(repeat):
        proc = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        last = proc.stderr.strip().splitlines()[-1]
        if proc.returncode != 0:
            sys.exit("bench: command failed: %s\n%s" % (" ".join(cmd), proc.stderr))
        seconds, kilobytes = last.split()
        times.append(float(seconds))
        peaks.append(int(kilobytes) / 1024.0)
    return statistics.median(times), max(peaks)


def pipeline_time(cmd, repeat):
    """Median seconds of the 'func.func' Pipeline line of --mlir-timing."""
    times = []
    for _ in range(repeat):
        proc = subprocess.run(cmd + ["--mlir-timing"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        for line in proc.stderr.splitlines():
            if "'func.func' Pipeline" in line:
                # The last time before the name is the wall time (mlir-opt's
                # threaded report has a user column before it).
                numbers = [float(tok) for tok in line.replace("(", " ").split()
                           if tok.replace(".", "", 1).isdigit()]
                times.append(numbers[-1])
                break
    return statistics.median(times) if times else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--shapes", default="flat,nested,canon")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--steps",
                        default="generic,custom,canonicalize,cse,func-canon")
    parser.add_argument("--no-threading-rows", action="store_true")
    parser.add_argument("--tilt-opt")
    parser.add_argument("--mlir-opt")
    parser.add_argument("--gen-ir",
                        default=os.path.join(ROOT, "..", "shared", "bench", "gen_ir.py"))
    parser.add_argument("--outdir", default=os.path.join(ROOT, "bench", "out"))
    args = parser.parse_args()

    if not os.path.exists(args.gen_ir):
        sys.exit("bench: generator not found at %s (pass --gen-ir)" % args.gen_ir)
    mlir_opt = ensure_mlir_opt(args.mlir_opt)
    tilt_opt = ensure_tilt_opt(args.tilt_opt)
    os.makedirs(args.outdir, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    shapes = args.shapes.split(",")
    all_steps = {
        "generic": ["--mlir-print-op-generic"],
        "custom": [],
        "canonicalize": ["--canonicalize"],
        "cse": ["--cse"],
        "func-canon": ["--pass-pipeline=builtin.module(func.func(canonicalize))"],
    }
    steps = [(name, all_steps[name]) for name in args.steps.split(",")]

    print("tilt-opt: %s" % tilt_opt)
    print("mlir-opt: %s" % mlir_opt)
    print("runs per measurement: %d (median time, max memory)" % args.repeat)
    print()
    header = ("| shape | ops | step | tilt s | mlir s | speedup | tilt MiB | "
              "mlir MiB | mem ratio | tilt 1M/(10x100k) |")
    print(header)
    print("|" + "---|" * 10)
    results = {}
    for shape in shapes:
        for n in sizes:
            path = generate(args.gen_ir, shape, n, args.outdir)
            for step, flags in steps:
                tilt = measure([tilt_opt, path, "-o", "/dev/null"] + flags, args.repeat)
                mlir = measure([mlir_opt, path, "-o", "/dev/null"] + flags, args.repeat)
                results[(shape, n, step)] = (tilt, mlir)
                linear = ""
                small = results.get((shape, sizes[0], step))
                if n != sizes[0] and small and small[0][0] > 0:
                    linear = "%.2f" % (tilt[0] / (small[0][0] * n / sizes[0]))
                print("| %s | %d | %s | %.2f | %.2f | %.2fx | %.0f | %.0f | %.2f | %s |" % (
                    shape, n, step, tilt[0], mlir[0], mlir[0] / max(tilt[0], 1e-9),
                    tilt[1], mlir[1], tilt[1] / mlir[1], linear))
                sys.stdout.flush()

    if args.no_threading_rows or "nested" not in shapes:
        return
    path = generate(args.gen_ir, "nested", sizes[-1], args.outdir)
    pipeline = ["--pass-pipeline=builtin.module(func.func(canonicalize))"]
    print()
    print("Threads: nested, %d ops, %s" % (sizes[-1], pipeline[0]))
    print()
    print("| tool | whole run, threads | whole run, one thread | speedup | "
          "pipeline, threads | pipeline, one thread | speedup |")
    print("|" + "---|" * 7)
    for name, tool in (("tilt-opt", tilt_opt), ("mlir-opt", mlir_opt)):
        threaded = measure([tool, path, "-o", "/dev/null"] + pipeline, args.repeat)
        single = measure([tool, path, "-o", "/dev/null", "--mlir-disable-threading"]
                         + pipeline, args.repeat)
        p_threaded = pipeline_time([tool, path, "-o", "/dev/null"] + pipeline,
                                   args.repeat)
        p_single = pipeline_time([tool, path, "-o", "/dev/null",
                                  "--mlir-disable-threading"] + pipeline, args.repeat)
        print("| %s | %.2f | %.2f | %.2fx | %.3f | %.3f | %.2fx |" % (
            name, threaded[0], single[0], single[0] / max(threaded[0], 1e-9),
            p_threaded, p_single, p_single / max(p_threaded, 1e-9)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
