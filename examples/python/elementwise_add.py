"""Elementwise addition of two matrices, in TileLang's eager @jit style:
the function is the kernel, its shapes come from the tensors it is called
with, and it returns the tensor it makes with T.empty. Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def elementwise_add(A, B, block_M: int = 32, block_N: int = 128, dtype=T.float32):
    M, N = T.const("M, N")
    A: T.Tensor((M, N), dtype)
    B: T.Tensor((M, N), dtype)
    C = T.empty((M, N), dtype)

    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
        for i, j in T.Parallel(block_M, block_N):
            row = by * block_M + i
            col = bx * block_N + j
            C[row, col] = A[row, col] + B[row, col]

    return C


def main(M=512, N=1024):
    counters = Counters()
    a = torch.randn(M, N)
    b = torch.randn(M, N)
    with counters.time("compile"):
        kernel = elementwise_add.compile(a, b)
    with counters.time("run"):
        c = elementwise_add(a, b)  # the kernel compiled above, from the cache
    with counters.time("check"):
        # f32 addition is exact to f32 on the SFPU: the same bits as torch.
        torch.testing.assert_close(c, a + b, rtol=0, atol=0)
        print(kernel.check(a, b))
    print("Kernel output matches torch.")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=512)
    parser.add_argument("--n", type=int, default=1024)
    args = parser.parse_args()
    main(args.m, args.n)
