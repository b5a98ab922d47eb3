"""Compiles a sweep of GEMMs with tilt-opt --tile-to-tt and checks each
result: the pipeline succeeds (so the program verifies and passes
tt-verify, which follows every core), it has a reader, a compute and a
writer kernel, and the DRAM traffic tt-verify counts is what the blocking
implies: every A and B tile a core needs read once per K step, every C tile
written once.

usage: gemm_sweep.py TILT_OPT GEN_TILE_GEMM
"""
import itertools
import re
import subprocess
import sys

sizes = [32, 64, 96, 256, 1024]
grids = ["1x1", "2x2", "8x8", "8x7"]


def pad(value):
    return (value + 31) // 32 * 32


def pick(extent, choices):
    return next(block for block in choices if extent % block == 0)


cases = []
for index, (m, n, k) in enumerate(itertools.product(sizes, sizes, sizes)):
    # Every shape on one of the grids, blocks from 32x32x32 up to 128x128x64.
    grid = grids[index % len(grids)]
    if index % 3 == 0:
        block = (32, 32, 32)
    else:
        block = (pick(pad(m), (128, 96, 64, 32)), pick(pad(n), (128, 96, 64, 32)),
                 pick(pad(k), (64, 32)))
    cases.append((m, n, k, block, grid, index % 2 == 0, index % 5 == 0))
# The non-aligned shape of the issue, and the reference shape on every grid.
for grid in grids:
    cases.append((100, 50, 70, (32, 32, 32), grid, False, False))
    cases.append((1024, 1024, 1024, (128, 128, 64), grid, False, False))


def coarsening(gx, gy, grid, bm, bn, bk, k, bf16_out):
    """tile-coarsen's factors (lib/Conversion/TileToTT/Coarsen.cpp): the
    blocks of a core merged when they divide over the grid, halved until
    the buffers fit Wormhole's usable L1."""
    cx, cy = (int(v) for v in grid.split("x"))
    fx = gx // cx if gx % cx == 0 else 1
    fy = gy // cy if gy % cy == 0 else 1

    def largest_divisor(extent, limit):
        for f in range(min(extent, limit), 1, -1):
            if extent % f == 0:
                return f
        return 1

    chain = (pad(k) // bk) > 1

    def fits(x, y):
        once = (gx // x) * (gy // y) <= cx * cy
        shared = 2 * (bm * y * bk * 2 + bk * bn * x * 2)
        # The bf16 conversion: two tile rows when the block has more; the
        # f32 block is then drained before the next one accumulates, so
        # it needs one block of pages even when the core runs several.
        rows = bm * y // 32
        by_rows = bf16_out and rows > 2
        output = bm * y * bn * x * 4 * (1 if once or by_rows else 2)
        if bf16_out:
            output += (2 * 32 * bn * x * 2 if by_rows
                       else bm * y * bn * x * 2 * (1 if once else 2))
        scratch = 0 if chain else 2 * bm * y * bn * x * 4
        return shared + output + scratch <= 1468006

    def inside(x, y):
        # A merged block is never larger than the tensor.
        return bm * y <= gy * bm and bn * x <= gx * bn

    while not (fits(fx, fy) and inside(fx, fy)) and (fx > 1 or fy > 1):
        if fx >= fy:
            fx = largest_divisor(gx, fx // 2)
        else:
            fy = largest_divisor(gy, fy // 2)
    return fx, fy


# Imported for its `cases` by tilt-run's sweep (lit-tests/Run).
if __name__ == "__main__":
  tilt_opt, generator = sys.argv[1], sys.argv[2]
  failures = 0
  for m, n, k, (bm, bn, bk), grid, bf16_out, transpose_b in cases:
      args = [sys.executable, generator, str(m), str(n), str(k),
              "--block", f"{bm}x{bn}x{bk}", "--out-type",
              "bf16" if bf16_out else "f32"] + (["--transpose-b"] if transpose_b else [])
      source = subprocess.run(args, check=True, capture_output=True, text=True).stdout
      # Without multicast every core reads its own blocks: exactly what
      # the blocking needs. With it (the default), shared blocks are read
      # once per row or column of cores: never more.
      result = subprocess.run(
          [tilt_opt, f"--tile-to-tt=grid={grid} multicast=false",
           "--mlir-pass-statistics", "-"],
          input=source, capture_output=True, text=True)
      shared = subprocess.run(
          [tilt_opt, f"--tile-to-tt=grid={grid}", "--mlir-pass-statistics", "-"],
          input=source, capture_output=True, text=True)
      name = f"{m}x{n}x{k} blocks {bm}x{bn}x{bk} grid {grid}" + (
          " transpose_b" if transpose_b else "")
      problems = []
      if result.returncode != 0:
          problems.append("tilt-opt failed:\n" + result.stderr)
      else:
          for role in ("reader", "compute", "writer"):
              if f"tt.kernel @{role} {role}" not in result.stdout:
                  problems.append(f"no {role} kernel")
          reads = re.search(r"(\d+) dram-tile-reads", result.stderr)
          writes = re.search(r"(\d+) dram-tile-writes", result.stderr)
          mt, nt, kt = pad(m) // 32, pad(n) // 32, pad(k) // 32
          fx, fy = coarsening(pad(n) // bn, pad(m) // bm, grid, bm, bn, bk, k, bf16_out)
          # tile-coarsen may merge fewer blocks (several per core in
          # lock-step) when its estimate says 5 % faster: the factors it
          # took, which must divide the largest that fit.
          coarsened = subprocess.run(
              [tilt_opt, f"--tile-coarsen=grid={grid}", "-"],
              input=source, capture_output=True, text=True)
          taken = re.search(r"tile.coarsened = array<i64: (\d+), (\d+)>",
                            coarsened.stdout)
          if taken:
              tx, ty = int(taken.group(1)), int(taken.group(2))
              if fx % tx or fy % ty:
                  problems.append(f"tile-coarsen merged {tx}x{ty} blocks, "
                                  f"which does not divide {fx}x{fy}")
              fx, fy = tx, ty
          elif fx * fy != 1:
              problems.append(f"tile-coarsen merged nothing, expected {fx}x{fy}")
          cbm, cbn = bm * fy, bn * fx
          blocks_m, blocks_n = pad(m) // cbm, pad(n) // cbn
          # Each output block (after tile-coarsen) reads its A row block and
          # B column block once.
          expected_reads = blocks_m * blocks_n * (cbm // 32 + cbn // 32) * kt
          expected_writes = mt * nt
          if not reads or int(reads.group(1)) != expected_reads:
              problems.append(f"DRAM tile reads {reads and reads.group(1)}, "
                              f"expected {expected_reads}")
          shared_reads = re.search(r"(\d+) dram-tile-reads", shared.stderr)
          if shared.returncode != 0:
              problems.append("with multicast, tilt-opt failed:\n" + shared.stderr)
          elif not shared_reads or int(shared_reads.group(1)) > expected_reads:
              problems.append(f"with multicast, DRAM tile reads "
                              f"{shared_reads and shared_reads.group(1)}, more "
                              f"than {expected_reads}")
          if not writes or int(writes.group(1)) != expected_writes:
              problems.append(f"DRAM tile writes {writes and writes.group(1)}, "
                              f"expected {expected_writes}")
          if "warning" in result.stderr:
              problems.append("warnings:\n" + result.stderr)
      if problems:
          failures += 1
          print(f"FAIL {name}: " + "; ".join(problems))
  print(f"{len(cases) - failures} of {len(cases)} GEMMs compiled and verified")
  sys.exit(1 if failures else 0)
