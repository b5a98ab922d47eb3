# TileLang's examples/elementwise/example_elementwise_add.py for Tilt: the
# kernel is TileLang's, unchanged; the import lines and the host code
# (torch -> NumPy, the autotuner left out) are Tilt's.
import argparse
import numpy as np
import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T


def ref_program(x, y):
    return x + y


def elementwise_add(M, N, block_M, block_N, in_dtype, out_dtype, threads):

    @T.prim_func
    def elem_add(A: T.Tensor((M, N), in_dtype), B: T.Tensor((M, N), in_dtype), C: T.Tensor(
        (M, N), out_dtype)):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=threads) as (bx, by):
            start_x = bx * block_N
            start_y = by * block_M
            for (local_y, local_x) in T.Parallel(block_M, block_N):
                y = start_y + local_y
                x = start_x + local_x
                C[y, x] = A[y, x] + B[y, x]

    return elem_add


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=512)
    parser.add_argument("--n", type=int, default=1024)
    args, _ = parser.parse_known_args()
    M, N = args.m, args.n

    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, N), dtype=np.float32)
    b = rng.standard_normal((M, N), dtype=np.float32)

    config = {"block_M": 32, "block_N": 32, "threads": 128}
    kernel = tilelang.compile(
        elementwise_add(M, N, **config, in_dtype="float32", out_dtype="float32"), out_idx=-1)

    out = kernel(a, b)
    np.testing.assert_allclose(out, ref_program(a, b), rtol=1e-2, atol=1e-2)
    print(kernel.check(a, b))


if __name__ == "__main__":
    main()
