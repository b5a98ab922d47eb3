"""Layer normalization over the last dimension, y = (x - mean) / sqrt(var +
eps) * gamma + beta, in TileLang's eager @jit style: bf16 in and out, the
statistics in f32, blocks of 32 whole rows (a Tensix core computes on
32x32 tiles). Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def layer_norm(X, gamma, beta, eps: float = 1e-5, block_M: int = 32):
    M, D = T.const("M, D")
    X: T.Tensor((M, D), T.bfloat16)
    gamma: T.Tensor((D,), T.bfloat16)
    beta: T.Tensor((D,), T.bfloat16)
    Y = T.empty((M, D), T.bfloat16)

    with T.Kernel(T.ceildiv(M, block_M), threads=128) as bx:
        x_tile = T.alloc_shared((block_M, D), T.bfloat16)
        g_tile = T.alloc_shared((D,), T.bfloat16)
        b_tile = T.alloc_shared((D,), T.bfloat16)
        x = T.alloc_fragment((block_M, D), T.float32)
        centred = T.alloc_fragment((block_M, D), T.float32)
        mean = T.alloc_fragment((block_M,), T.float32)
        var = T.alloc_fragment((block_M,), T.float32)

        T.copy(X[bx * block_M, 0], x_tile)
        T.copy(gamma, g_tile)
        T.copy(beta, b_tile)
        for i, j in T.Parallel(block_M, D):
            x[i, j] = T.cast(x_tile[i, j], T.float32)
        T.reduce_sum(x, mean, dim=1)
        for i in T.Parallel(block_M):
            mean[i] = mean[i] / D
        for i, j in T.Parallel(block_M, D):
            centred[i, j] = (x[i, j] - mean[i]) * (x[i, j] - mean[i])
        T.reduce_sum(centred, var, dim=1)
        for i in T.Parallel(block_M):
            var[i] = T.rsqrt(var[i] / D + eps)
        for i, j in T.Parallel(block_M, D):
            x_tile[i, j] = T.cast((x[i, j] - mean[i]) * var[i] * g_tile[j] + b_tile[j],
                                  T.bfloat16)
        T.copy(x_tile, Y[bx * block_M, 0])

    return Y


def main(M=256, D=512):
    counters = Counters()
    x = torch.randn(M, D, dtype=torch.bfloat16)
    gamma = torch.randn(D, dtype=torch.bfloat16)
    beta = torch.randn(D, dtype=torch.bfloat16)
    with counters.time("compile"):
        kernel = layer_norm.compile(x, gamma, beta)
    with counters.time("run"):
        y = layer_norm(x, gamma, beta)
    with counters.time("check"):
        ref = torch.nn.functional.layer_norm(x.float(), (D,), gamma.float(), beta.float(),
                                             eps=1e-5)
        torch.testing.assert_close(y.float(), ref, rtol=2e-2, atol=5e-2)
        print(kernel.check(x, gamma, beta))
    print("Kernel output matches torch.")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=256)
    parser.add_argument("--d", type=int, default=512)
    args = parser.parse_args()
    main(args.m, args.d)
