"""Checks a FlashAttention run against attention computed directly.

Reads Q, K, V and the device's Output from a tilt-run --work-dir (.npy,
f32 in C order; no numpy needed) and computes softmax(Q K^T / sqrt(dim)) V
in double precision, row by row, with the causal mask when asked: the
mathematical definition, independent of the tile program and of the
interpreter that tilt-run compares with. Prints the largest difference
relative to the largest |O| of its (batch, head), and whether it is below
2^-6 (bf16 inputs, P rounded to bf16 before P V, a bf16 output).
"""
import math
import sys

from npy_f32 import load


def main(work, causal):
    (batch, heads, seq, dim), q = load(work + "/Q.in.npy")
    _, k = load(work + "/K.in.npy")
    _, v = load(work + "/V.in.npy")
    _, o = load(work + "/Output.out.npy")
    scale = 1.0 / math.sqrt(dim)
    worst = 0.0
    for b in range(batch):
        for h in range(heads):
            base = (b * heads + h) * seq * dim
            rows = [q[base + i * dim:base + (i + 1) * dim] for i in range(seq)]
            keys = [k[base + j * dim:base + (j + 1) * dim] for j in range(seq)]
            values = [v[base + j * dim:base + (j + 1) * dim] for j in range(seq)]
            reference = []
            for i in range(seq):
                last = i + 1 if causal else seq
                scores = [scale * sum(a * c for a, c in zip(rows[i], keys[j]))
                          for j in range(last)]
                top = max(scores)
                weights = [math.exp(s - top) for s in scores]
                total = sum(weights)
                reference.append([
                    sum(weights[j] * values[j][d] for j in range(last)) / total
                    for d in range(dim)])
            size = max(abs(x) for row in reference for x in row)
            for i in range(seq):
                for d in range(dim):
                    error = abs(o[base + i * dim + d] - reference[i][d])
                    worst = max(worst, error / size)
    print("attention reference: max error %.3g of max |O|, within 2^-6: %s"
          % (worst, worst <= 2.0**-6))


if __name__ == "__main__":
    main(sys.argv[1], len(sys.argv) > 2 and sys.argv[2] == "causal")
