"""FlashAttention forward (examples/flash_attention.py) on the emulator:
the counters of each run next to what the blocking must move.

Per shape (batch 2, heads 4; seq 128, 512 and 2048; dim 64 and 128;
causal and not; blocks 64x64 unless given) on a whole Wormhole n150 (8x8):

- DRAM bytes read, against the least this blocking reads: Q once, K and V
  once per query block (all key blocks without the causal mask, those up
  to the diagonal with it), and against the least any program reads (Q, K
  and V once);
- tile ops by kind, summed over the cores (the emulator's counters);
- the L1 its circular buffers take on the fullest core;
- the emulator's wall time (a measure of the emulator, not of a device).

usage: python3 bench/flash_attention_bench.py [BUILD_DIR] [--quick]
  --quick: seq 128 and 512 only.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = [a for a in sys.argv[1:] if not a.startswith("--")]
build = args[0] if args else os.path.join(root, "build")
quick = "--quick" in sys.argv
tilt_run = os.path.join(build, "bin", "tilt-run")
work = tempfile.mkdtemp(prefix="tilt-flash-")

spec = importlib.util.spec_from_file_location(
    "flash_attention", os.path.join(root, "examples", "flash_attention.py"))
flash = importlib.util.module_from_spec(spec)
spec.loader.exec_module(flash)


def ceildiv(a, b):
    return -(-a // b)


def minimum_for_blocking(batch, heads, seq, dim, bm, bn, causal):
    """Bytes read when Q is read once and K, V once per query block (the
    tiles past the tensor are not read: the reader fills zeros)."""
    rows_in_tensor = ceildiv(seq, 32) * 32
    kv_bytes = 0
    for qb in range(ceildiv(seq, bm)):
        reach = ceildiv((qb + 1) * bm, bn) if causal else ceildiv(seq, bn)
        for kb in range(min(ceildiv(seq, bn), reach)):
            rows = min(bn, rows_in_tensor - kb * bn)
            kv_bytes += 2 * rows * dim * 2
    return batch * heads * (rows_in_tensor * dim * 2 + kv_bytes)


def run(batch, heads, seq, dim, bm, bn, causal):
    name = f"{'causal' if causal else 'full'}_{seq}_{dim}_{bm}x{bn}"
    source = os.path.join(work, name + ".tilt")
    with open(source, "w") as file:
        file.write(flash.generate(batch, heads, seq, dim, bm, bn, causal, 2))
    counters = os.path.join(work, name + ".json")
    result = subprocess.run([tilt_run, source, "--counters-json", counters],
                            capture_output=True, text=True)
    if result.returncode != 0 or "OK: the device results match" not in result.stdout:
        sys.exit(result.stdout + result.stderr)
    with open(counters) as file:
        data = json.load(file)
    l1 = re.search(r"L1 \(circular buffers\): (\d+) B on the fullest core",
                   result.stdout)
    return data, int(l1.group(1)) if l1 else 0


def main():
    print("FlashAttention forward, batch 2, heads 4, bf16, on an 8x8 "
          "wormhole_b0 (emulated)")
    print(f"{'shape':<34} {'DRAM read':>11} {'blocking min':>12} "
          f"{'ratio':>6} {'Q,K,V once':>11} {'L1/core':>9} {'emulated':>9}")
    seqs = (128, 512) if quick else (128, 512, 2048)
    shapes = []
    for seq in seqs:
        for dim in (64, 128):
            for causal in (False, True):
                shapes.append((2, 4, seq, dim, 64, 64, causal))
    shapes.append((2, 4, 512, 128, 128, 128, True))
    shapes.append((2, 4, 512, 64, 32, 32, True))
    ops_rows = []
    for shape in shapes:
        batch, heads, seq, dim, bm, bn, causal = shape
        data, l1 = run(*shape)
        total = data["total"]
        read = total["dram_bytes_read"]
        least = minimum_for_blocking(*shape)
        once = 3 * batch * heads * ceildiv(seq, 32) * 32 * dim * 2
        label = (f"{'causal' if causal else 'full'} s{seq} d{dim} "
                 f"b{bm}x{bn}")
        print(f"{label:<34} {read:>11} {least:>12} {read / least:>6.3f} "
              f"{once:>11} {l1:>9} {data['seconds']:>8.2f}s")
        ops_rows.append((label, total["tile_ops"]))
    print()
    print("tile ops by kind (summed over cores)")
    kinds = ["matmul", "eltwise_binary", "sfpu_binary", "sfpu_unary",
             "reduce", "copy", "pack", "fill", "transpose"]
    print(f"{'shape':<34} " + " ".join(f"{k:>14}" for k in kinds))
    for label, ops in ops_rows:
        print(f"{label:<34} " + " ".join(f"{ops.get(k, 0):>14}" for k in kinds))


if __name__ == "__main__":
    main()
