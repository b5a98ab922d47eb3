"""Checks what padding.test runs of overhang_reduce.tilt produced.

Reads the .npy files of a tilt-run --work-dir (f32, C order; no numpy
needed) and prints, for the row max M of the 64x5000 X and the column min
N of the 5000x64 Z, whether the device result is the fold over the 5000
valid elements (to TF32's 2^-10: f32 data reaches the FPU through a source
register) and whether it differs from what a device that read
the padding as zero would return (max(., 0) and min(., 0)).
"""
import sys

from npy_f32 import load


def close(a, b):
    return abs(a - b) <= abs(b) * 2.0**-10


def main(work):
    (rows, cols), x = load(work + "/X.in.npy")
    _, m = load(work + "/M.out.npy")
    (zrows, zcols), z = load(work + "/Z.in.npy")
    _, n = load(work + "/N.out.npy")
    row_max = [max(x[r * cols:(r + 1) * cols]) for r in range(rows)]
    col_min = [min(z[r * zcols + c] for r in range(zrows)) for c in range(zcols)]
    print("row max of the valid elements:",
          all(close(a, b) for a, b in zip(m, row_max)))
    print("row max differs from a zero-padded max:",
          all(not close(a, max(b, 0.0)) for a, b in zip(m, row_max)))
    print("column min of the valid elements:",
          all(close(a, b) for a, b in zip(n, col_min)))
    print("column min differs from a zero-padded min:",
          all(not close(a, min(b, 0.0)) for a, b in zip(n, col_min)))


if __name__ == "__main__":
    main(sys.argv[1])
