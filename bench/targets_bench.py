"""Issue 36's table in one run: each program Tilt generates, the timing
model's predicted efficiency, the issue's target, and the measurement of
tt-metal's hand-written kernel it is compared with (with its source).

Efficiency is the fraction of the program's roofline the predicted device
time reaches: for a GEMM the least math work (M N K / 32^3 tile products at
the fidelity's rate) over every core of the card (tt-metal's "device based
utilization" is the same ratio, measured); for the normalisations and elementwise chains the least
DRAM traffic (each input read once, each output written once) at the card's
peak bandwidth. The figures are predictions of the calibrated timing model
(docs/timing-model.md), not measurements; the anchors are measurements.

The GEMMs are scripts/gen_tile_gemm.py's (bf16 A and B, or B stored as
Bfp8_b for the weights rows, f32 accumulation,
bf16 C as ttnn's rows write it, 128x128x64 blocks; the compiler chooses
the grid, may resize the blocks and merge K steps), lowered with tilt-opt
and run as tt programs without a reference (a 4096^3 reference takes
minutes; the same programs at small shapes are checked in the test
suite). ttnn's rows also accumulate in bf16 (fp32_dest_acc_en off), which
keeps eight tiles in DST where f32 keeps four.

The normalisations (softmax, layer norm, RMS norm over 8192x4096 bf16)
and the elementwise chains are TileLang kernels (examples/python's layer
and RMS norms; softmax and the chains written here in the same style),
taken to tile IR by Tilt's Python frontend and run the same way; their
roofline is the least DRAM traffic (each input read once, the output
written once) at the card's peak bandwidth.

usage: python3 bench/targets_bench.py [BUILD_DIR] [--quick] [--only KIND]
  --quick       skip the 8192^3 GEMMs (about 8 minutes each)
  --only KIND   gemm, attention, norm or eltwise
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("build", nargs="?", default=os.path.join(root, "build"))
parser.add_argument("--quick", action="store_true")
parser.add_argument("--only", choices=["gemm", "attention", "norm", "eltwise"])
options = parser.parse_args()
tilt_run = os.path.join(options.build, "bin", "tilt-run")
tilt_opt = os.path.join(options.build, "bin", "tilt-opt")
work = tempfile.mkdtemp(prefix="tilt-targets-")

GEMM_FLOPS = "tt-metal tech_reports/GEMM_FLOPS/GEMM_FLOPS.md @06bd3735"
# (card, size, fidelity, target %, anchor %, what the anchor is)
GEMMS = [
    ("n150", 4096, "HiFi2", 80, 59.49,
     f"ttnn.matmul 4096^3 bf16 HiFi2, N150 out of box ({GEMM_FLOPS}); "
     "manually tuned 59.50 % at 4096^3, 71.34 % at 16384^3"),
    ("n150", 4096, "HiFi4", 85, 83.21,
     f"ttnn.matmul 4096^3 bf16 HiFi4, N150 manually tuned ({GEMM_FLOPS})"),
    ("n150", 4096, "LoFi", 70, 64.38,
     f"no bf16 LoFi row is published: ttnn.matmul 4096^3 BFLOAT8_B LoFi, "
     f"N150 out of box ({GEMM_FLOPS})"),
    ("p150_unharvested", 4096, "HiFi4", 85, 93.81,
     f"ttnn.matmul 4160^3 bf16 HiFi4, P150 13x10 manually tuned ({GEMM_FLOPS})"),
    ("p150_unharvested", 4096, "HiFi2", 85, 88.30,
     f"ttnn.matmul 4160^3 bf16 HiFi2, P150 13x10 manually tuned; out of box "
     f"80.25 % at 3840x4992x4992 ({GEMM_FLOPS})"),
    ("p150_unharvested", 8192, "HiFi4", 85, 92.99,
     f"ttnn.matmul 10240x13312x13312 bf16 HiFi4, P150 13x10 manually tuned "
     f"({GEMM_FLOPS})"),
    ("p150_unharvested", 8192, "HiFi2", 85, 85.15,
     f"ttnn.matmul 10240x13312x13312 bf16 HiFi2, P150 13x10 manually tuned "
     f"({GEMM_FLOPS})"),
    # Weights stored as Bfp8_b (B; A and C bf16). The issue names no
    # fidelity: HiFi2, the fidelity of ttnn's tuned Bfp8_b rows (whose A and
    # C are Bfp8_b too).
    ("n150", 4096, "HiFi2", 80, 79.43,
     f"ttnn.matmul 4096^3 BFLOAT8_B HiFi2, N150 manually tuned ({GEMM_FLOPS})",
     "bfp8_b"),
    ("p150_unharvested", 4096, "HiFi2", 80, 89.54,
     f"ttnn.matmul 4160^3 BFLOAT8_B HiFi2, P150 13x10 manually tuned "
     f"({GEMM_FLOPS})", "bfp8_b"),
]


def profile(args, label):
    """Runs tilt-run --profile; returns its report. The run's directory
    (its inputs and outputs: gigabytes at 8192^3) is removed."""
    result = subprocess.run([tilt_run] + args + ["--profile"],
                            capture_output=True, text=True)
    shutil.rmtree(args[args.index("--work-dir") + 1], ignore_errors=True)
    out = result.stdout + result.stderr
    if result.returncode != 0 or "profile (predicted" not in out:
        sys.exit(f"{label}: tilt-run failed\n{out}")
    return out


def find(out, pattern, label):
    match = re.search(pattern, out)
    if not match:
        sys.exit(f"{label}: no '{pattern}' in tilt-run's report\n{out}")
    return match.group(1)


def lower_and_profile(source, name, options):
    """Lowers tile IR with --tile-to-tt=OPTIONS and profiles the program."""
    lowered = os.path.join(work, name + ".mlir")
    subprocess.run([tilt_opt, source, f"--tile-to-tt={options}", "-o",
                    lowered], check=True, capture_output=True)
    return profile([lowered, "--work-dir", os.path.join(work, name)], name)


def gemm_row(card, size, fidelity, b_format=None):
    suffix = f"-{b_format}" if b_format else ""
    source = os.path.join(work, f"gemm{size}{suffix}.tilt")
    if not os.path.exists(source):
        with open(source, "w") as file:
            subprocess.run([sys.executable,
                            os.path.join(root, "scripts", "gen_tile_gemm.py"),
                            str(size), str(size), str(size),
                            "--out-type", "bf16"] +
                           (["--b-format", b_format] if b_format else []),
                           stdout=file, check=True)
    name = f"gemm{size}{suffix}-{fidelity}-{card}"
    out = lower_and_profile(source, name,
                            f"board={card} math-fidelity={fidelity}")
    time_us = float(find(out, r"device time ([0-9.]+) us", name))
    # The least math work: size^3 / 32^3 tile products at the fidelity's
    # 16 cycles per phase over every core of the card (tilt-run's roofline
    # counts the program's own tile ops, padding past the tensors too).
    phases = {"LoFi": 1, "HiFi2": 2, "HiFi3": 3, "HiFi4": 4}[fidelity]
    cores_total, ghz = (130, 1.35) if card == "p150_unharvested" else (64, 1.0)
    compute_us = (size // 32) ** 3 * 16 * phases / cores_total / (ghz * 1e3)
    tflops = find(out, r"matmul: ([0-9.]+) TFLOP/s", name)
    cores = find(out, r"cycles at [0-9.]+ GHz, \S+ (\d+ of \d+) cores", name)
    return {
        "program": (f"GEMM {size}^3 bf16, {b_format.capitalize()} B, "
                    f"{fidelity}" if b_format else
                    f"GEMM {size}^3 bf16, {fidelity}"),
        "card": card,
        "detail": f"{time_us:.1f} us, {tflops} TFLOP/s, {cores} cores",
        "percent": 100.0 * compute_us / time_us,
        "bound": find(out, r"bottleneck: ([^:(]*)", name).strip(),
    }


# Peak DRAM bandwidth in GB/s: tt-metal tech_reports/FlashAttention/
# FlashAttention.md ("12 channels of 1GB GDDR6, totaling 288 GB/s", n150)
# and tech_reports/Saturating_DRAM_bandwidth/
# Saturating_DRAM_bandwidth_Blackhole.md (512 GB/s, p150).
PEAK_GBS = {"n150": 288.0, "p150_unharvested": 512.0}
NORM_ANCHOR = ("none found: tt-metal publishes no softmax, layer norm or RMS "
               "norm bandwidth for large shapes")
ELTWISE_ANCHOR = ("unary neg at 411 GB/s on Blackhole with bfp8 tensors "
                  "(tt-metal issue #55898; 80 % of the p150's 512 GB/s)")


def tile_ir_row(program, card, tile_ir, minimum_bytes, target, anchor,
                source):
    """Lowers tile IR, profiles it, and rates it against the least DRAM
    traffic at the card's peak bandwidth."""
    name = re.sub(r"[^a-z0-9]+", "-", f"{program}-{card}".lower())
    path = os.path.join(work, name + ".tilt")
    with open(path, "w") as file:
        file.write(tile_ir)
    lowered = os.path.join(work, name + ".mlir")
    result = subprocess.run([tilt_opt, path, f"--tile-to-tt=board={card}",
                             "-o", lowered], capture_output=True, text=True)
    if result.returncode != 0:
        errors = [line for line in result.stderr.splitlines()
                  if ": error: " in line]
        reason = errors[0].split(": error: ", 1)[1] if errors else "failed"
        return {"program": program, "card": card,
                "detail": f"does not compile: {reason}", "percent": 0.0,
                "bound": "-", "target": target, "anchor": anchor,
                "source": source}
    out = profile([lowered, "--work-dir", os.path.join(work, name)], name)
    time_us = float(find(out, r"device time ([0-9.]+) us", name))
    read = int(find(out, r"DRAM: [0-9.]+ GB/s \((\d+) B read", name))
    written = int(find(out, r"B read, (\d+) B written", name))
    bound_us = minimum_bytes / (PEAK_GBS[card] * 1e3)
    cores = find(out, r"cycles at [0-9.]+ GHz, \S+ (\d+ of \d+) cores", name)
    return {
        "program": program, "card": card,
        "detail": f"{time_us:.1f} us, {minimum_bytes / time_us / 1e3:.0f} GB/s "
                  f"of the least traffic, DRAM read {read / 2**20:.0f} MiB and "
                  f"written {written / 2**20:.0f} MiB, {cores} cores",
        "percent": 100.0 * bound_us / time_us,
        "bound": find(out, r"bottleneck: ([^:(]*)", name).strip(),
        "target": target, "anchor": anchor, "source": source,
    }


def norm_programs(m, d):
    """softmax (bf16, written here in TileLang's style), and
    examples/python's layer norm and RMS norm (bf16 in and out, f32
    statistics), as tile IR for m x d."""
    sys.path.insert(0, os.path.join(root, "examples", "python"))
    import _path  # noqa: F401
    import tilt as tilelang
    import tilt.language as T
    import layernorm
    import rmsnorm

    @tilelang.jit
    def softmax(X, block_M: int = 32):
        M, N = T.const("M, N")
        X: T.Tensor((M, N), T.bfloat16)
        Y = T.empty((M, N), T.bfloat16)
        with T.Kernel(T.ceildiv(M, block_M)) as bx:
            rows = T.alloc_shared((block_M, N), T.bfloat16)
            peak = T.alloc_fragment((block_M,), T.float32)
            total = T.alloc_fragment((block_M,), T.float32)
            probs = T.alloc_fragment((block_M, N), T.float32)
            T.copy(X[bx * block_M, 0], rows)
            T.reduce_max(rows, peak, dim=1)
            for i, j in T.Parallel(block_M, N):
                probs[i, j] = T.exp(T.cast(rows[i, j], T.float32) - peak[i])
            T.reduce_sum(probs, total, dim=1)
            for i, j in T.Parallel(block_M, N):
                rows[i, j] = T.cast(probs[i, j] / total[i], T.bfloat16)
            T.copy(rows, Y[bx * block_M, 0])
        return Y

    x = T.Tensor((m, d), T.bfloat16)
    w = T.Tensor((d,), T.bfloat16)
    io = 2 * m * d * 2
    return [
        ("softmax", str(softmax.get_tir(x)), io),
        ("layer norm", str(layernorm.layer_norm.get_tir(x, w, w)), io + 4 * d),
        ("RMS norm", str(rmsnorm.rms_norm.get_tir(x, w)), io + 2 * d),
    ]


def eltwise_programs(m, n):
    """Elementwise chains in TileLang's style, bf16, as tile IR."""
    sys.path.insert(0, os.path.join(root, "examples", "python"))
    import _path  # noqa: F401
    import tilt as tilelang
    import tilt.language as T

    @tilelang.jit
    def add(A, B, block_M: int = 32, block_N: int = 128):
        M, N = T.const("M, N")
        A: T.Tensor((M, N), T.bfloat16)
        B: T.Tensor((M, N), T.bfloat16)
        C = T.empty((M, N), T.bfloat16)
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
            for i, j in T.Parallel(block_M, block_N):
                C[by * block_M + i, bx * block_N + j] = (
                    A[by * block_M + i, bx * block_N + j] +
                    B[by * block_M + i, bx * block_N + j])
        return C

    @tilelang.jit
    def chain(A, B, block_M: int = 32, block_N: int = 128):
        M, N = T.const("M, N")
        A: T.Tensor((M, N), T.bfloat16)
        B: T.Tensor((M, N), T.bfloat16)
        C = T.empty((M, N), T.bfloat16)
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
            a = T.alloc_shared((block_M, block_N), T.bfloat16)
            b = T.alloc_shared((block_M, block_N), T.bfloat16)
            T.copy(A[by * block_M, bx * block_N], a)
            T.copy(B[by * block_M, bx * block_N], b)
            for i, j in T.Parallel(block_M, block_N):
                a[i, j] = T.max(a[i, j] * b[i, j] + a[i, j], 0)
            T.copy(a, C[by * block_M, bx * block_N])
        return C

    x = T.Tensor((m, n), T.bfloat16)
    io = 3 * m * n * 2
    return [("add", str(add.get_tir(x, x)), io),
            ("relu(a * b + a)", str(chain.get_tir(x, x)), io)]


SDPA_ANCHOR = {
    False: (60.0, "ttnn SDPA, math engine busy, q128 k128 chunks, S 4096, "
                  "32 query / 8 KV heads, d128, bfp8, HiFi2, p100a (tt-metal "
                  "issue #55758; 63-78 % with larger chunks)"),
    True: (37.0, "ttnn SDPA causal, the same (tt-metal issue #55758; 58-72 % "
                 "with larger chunks)"),
}


def attention_row(card, causal):
    """examples/flash_attention.py's FlashAttention (TileLang's
    example_mha_fwd), batch 1, 32 heads, S 4096, d 128, 128x128 blocks,
    at HiFi2 as the anchor; its roofline is the math engines' work (matmul,
    softmax) over every core, as the anchor's math-busy figure."""
    name = f"attention-{'causal-' if causal else ''}{card}"
    source = os.path.join(work, name + ".tilt")
    with open(source, "w") as file:
        subprocess.run([sys.executable,
                        os.path.join(root, "examples", "flash_attention.py"),
                        "--batch", "1", "--heads", "32", "--seq", "4096",
                        "--dim", "128", "--block-m", "128", "--block-n", "128"]
                       + (["--causal"] if causal else []),
                       stdout=file, check=True)
    out = lower_and_profile(source, name, f"board={card} math-fidelity=HiFi2")
    time_us = float(find(out, r"device time ([0-9.]+) us", name))
    compute_us = float(find(out, r"roofline: compute ([0-9.]+) us", name))
    cores = find(out, r"cycles at [0-9.]+ GHz, \S+ (\d+ of \d+) cores", name)
    anchor, where = SDPA_ANCHOR[causal]
    return {
        "program": "FlashAttention fwd, 32 heads, d128, S 4096, bf16, HiFi2"
                   + (", causal" if causal else ""),
        "card": card,
        "detail": f"{time_us:.1f} us, {cores} cores",
        "percent": 100.0 * compute_us / time_us,
        "bound": find(out, r"bottleneck: ([^:(]*)", name).strip(),
        "target": 45 if causal else 55, "anchor": anchor, "source": where,
    }


rows = []
if options.only in (None, "attention"):
    for causal in (False, True):
        rows.append(attention_row("p150_unharvested", causal))
        print(f"... {rows[-1]['program']}: {rows[-1]['percent']:.1f} %",
              file=sys.stderr, flush=True)
if options.only in (None, "norm"):
    for card in ("n150", "p150_unharvested"):
        for program, ir, minimum in norm_programs(8192, 4096):
            rows.append(tile_ir_row(f"{program} 8192x4096 bf16", card, ir,
                                    minimum, 80, None, NORM_ANCHOR))
            print(f"... {program} on {card}: {rows[-1]['percent']:.1f} %",
                  file=sys.stderr, flush=True)
if options.only in (None, "eltwise"):
    for card in ("n150", "p150_unharvested"):
        for program, ir, minimum in eltwise_programs(8192, 4096):
            anchor = 411.0 / 512.0 * 100 if card != "n150" else None
            rows.append(tile_ir_row(f"{program} 8192x4096 bf16", card, ir,
                                    minimum, 90, anchor,
                                    ELTWISE_ANCHOR if anchor else
                                    "none found for Wormhole"))
            print(f"... {program} on {card}: {rows[-1]['percent']:.1f} %",
                  file=sys.stderr, flush=True)
if options.only in (None, "gemm"):
    for card, size, fidelity, target, anchor, source, *b_format in GEMMS:
        if options.quick and size > 4096:
            continue
        row = gemm_row(card, size, fidelity, *b_format)
        row.update(target=target, anchor=anchor, source=source)
        rows.append(row)
        print(f"... {row['program']} on {card}: {row['percent']:.1f} %",
              file=sys.stderr, flush=True)

print("| program | card | predicted | % of roofline | target | "
      "tt-metal (measured) | ahead of tt-metal | bound by | anchor |")
print("|---|---|---|---|---|---|---|---|---|")
for row in rows:
    met = "met" if row["percent"] >= row["target"] else "missed"
    anchor, ahead = "-", "-"
    if row["anchor"] is not None:
        anchor = f"{row['anchor']:.2f} %"
        ahead = "yes" if row["percent"] > row["anchor"] else "no"
    print(f"| {row['program']} | {row['card']} | {row['detail']} | "
          f"{row['percent']:.1f} % | >= {row['target']} % ({met}) | "
          f"{anchor} | {ahead} | {row['bound']} | {row['source']} |")
print(f"\n(work files in {work})")
