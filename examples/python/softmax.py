# Row softmax in TileLang, as TileLang's kernels write it (a block of
# whole rows per kernel instance: row max, exp(x - max) broadcast, row sum,
# divide). TileLang has no standalone softmax example; this kernel uses
# only the constructs of its FlashAttention and norm examples. Host code:
# NumPy.
import argparse
import numpy as np
import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T


def softmax(M, N, block_M, dtype="float32", accum_dtype="float"):

    @T.prim_func
    def main(X: T.Tensor((M, N), dtype), Y: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(M, block_M), threads=128) as bx:
            X_shared = T.alloc_shared((block_M, N), dtype)
            row_max = T.alloc_fragment((block_M,), accum_dtype)
            E = T.alloc_fragment((block_M, N), accum_dtype)
            row_sum = T.alloc_fragment((block_M,), accum_dtype)
            T.copy(X[bx * block_M, 0], X_shared)
            T.reduce_max(X_shared, row_max, dim=1)
            for i, j in T.Parallel(block_M, N):
                E[i, j] = T.exp(X_shared[i, j] - row_max[i])
            T.reduce_sum(E, row_sum, dim=1)
            for i, j in T.Parallel(block_M, N):
                E[i, j] = E[i, j] / row_sum[i]
            T.copy(E, Y[bx * block_M, 0])

    return main


def ref_program(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=256)
    parser.add_argument("--n", type=int, default=512)
    args = parser.parse_args()
    x = np.random.default_rng(0).standard_normal((args.m, args.n), dtype=np.float32)
    kernel = tilelang.compile(softmax(args.m, args.n, 32), out_idx=[1])
    y = kernel(x)
    np.testing.assert_allclose(y, ref_program(x), rtol=1e-2, atol=1e-3)
    print(kernel.check(x))
