"""RMS normalization over the last dimension, y = x / sqrt(mean(x^2) + eps)
* weight, in TileLang's eager @jit style: bf16 in and out, the mean of
squares in f32. Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def rms_norm(X, weight, eps: float = 1e-6, block_M: int = 32):
    M, D = T.const("M, D")
    X: T.Tensor((M, D), T.bfloat16)
    weight: T.Tensor((D,), T.bfloat16)
    Y = T.empty((M, D), T.bfloat16)

    with T.Kernel(T.ceildiv(M, block_M), threads=128) as bx:
        x_tile = T.alloc_shared((block_M, D), T.bfloat16)
        w_tile = T.alloc_shared((D,), T.bfloat16)
        squares = T.alloc_fragment((block_M, D), T.float32)
        inv_rms = T.alloc_fragment((block_M,), T.float32)

        T.copy(X[bx * block_M, 0], x_tile)
        T.copy(weight, w_tile)
        for i, j in T.Parallel(block_M, D):
            squares[i, j] = T.cast(x_tile[i, j], T.float32) * T.cast(x_tile[i, j], T.float32)
        T.reduce_sum(squares, inv_rms, dim=1)
        for i in T.Parallel(block_M):
            inv_rms[i] = T.rsqrt(inv_rms[i] / D + eps)
        for i, j in T.Parallel(block_M, D):
            x_tile[i, j] = T.cast(T.cast(x_tile[i, j], T.float32) * inv_rms[i] * w_tile[j],
                                  T.bfloat16)
        T.copy(x_tile, Y[bx * block_M, 0])

    return Y


def ref_program(x, weight, eps=1e-6):
    x = x.float()
    return x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + eps) * weight.float()


def main(M=256, D=1024):
    counters = Counters()
    x = torch.randn(M, D, dtype=torch.bfloat16)
    weight = torch.randn(D, dtype=torch.bfloat16)
    with counters.time("compile"):
        kernel = rms_norm.compile(x, weight)
    with counters.time("run"):
        y = rms_norm(x, weight)
    with counters.time("check"):
        torch.testing.assert_close(y.float(), ref_program(x, weight), rtol=2e-2, atol=5e-2)
        print(kernel.check(x, weight))
    print("Kernel output matches torch.")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=256)
    parser.add_argument("--d", type=int, default=1024)
    args = parser.parse_args()
    main(args.m, args.d)
