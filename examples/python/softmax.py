"""Row softmax, y = exp(x - max(x)) / sum(exp(x - max(x))) along each row,
in TileLang's eager @jit style: a block of whole rows per kernel instance,
the row maximum and sum with T.reduce_*, the exponentials in T.Parallel.
Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def softmax(X, block_M: int = 32):
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)

    with T.Kernel(T.ceildiv(M, block_M), threads=128) as bx:
        rows = T.alloc_shared((block_M, N), T.float32)
        peak = T.alloc_fragment((block_M,), T.float32)
        total = T.alloc_fragment((block_M,), T.float32)
        probs = T.alloc_fragment((block_M, N), T.float32)

        T.copy(X[bx * block_M, 0], rows)
        T.reduce_max(rows, peak, dim=1)
        for i, j in T.Parallel(block_M, N):
            probs[i, j] = T.exp(rows[i, j] - peak[i])
        T.reduce_sum(probs, total, dim=1)
        for i, j in T.Parallel(block_M, N):
            probs[i, j] = probs[i, j] / total[i]
        T.copy(probs, Y[bx * block_M, 0])

    return Y


def main(M=256, N=512):
    counters = Counters()
    x = torch.randn(M, N) * 4
    with counters.time("compile"):
        kernel = softmax.compile(x)
    with counters.time("run"):
        y = softmax(x)
    with counters.time("check"):
        # exp on the SFPU is a bf16-grade approximation (docs/emulator.md).
        torch.testing.assert_close(y, torch.softmax(x, dim=1), rtol=1e-2, atol=1e-3)
        print(kernel.check(x))
    print("Kernel output matches torch.")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=256)
    parser.add_argument("--n", type=int, default=512)
    args = parser.parse_args()
    main(args.m, args.n)
