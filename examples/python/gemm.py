# TileLang's examples/gemm/example_gemm.py (matmul) for Tilt: the kernel is
# TileLang's, unchanged; the import lines and the host code (torch ->
# NumPy, bfloat16 for float16, no autotuning) are Tilt's.
import argparse
import numpy as np
import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tl
import tilt.language as T


def matmul(M,
           N,
           K,
           block_M,
           block_N,
           block_K,
           num_stages,
           thread_num,
           enable_rasteration,
           dtype="float16",
           accum_dtype="float"):

    @T.prim_func
    def main(
            A: T.Buffer((M, K), dtype),
            B: T.Buffer((N, K), dtype),
            C: T.Buffer((M, N), dtype),
    ):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=thread_num) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_N, block_K), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)
            C_shared = T.alloc_shared((block_M, block_N), dtype)
            T.use_swizzle(panel_size=10, enable=enable_rasteration)
            T.clear(C_local)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=num_stages):
                T.copy(A[by * block_M, k * block_K], A_shared)
                T.copy(B[bx * block_N, k * block_K], B_shared)
                T.gemm(
                    A_shared,
                    B_shared,
                    C_local,
                    transpose_B=True,
                )
            T.copy(C_local, C_shared)
            T.copy(C_shared, C[by * block_M, bx * block_N])

    return main


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="MatMul on Tilt's emulator")
    parser.add_argument("--m", type=int, default=512, help="Matrix dimension M")
    parser.add_argument("--n", type=int, default=512, help="Matrix dimension N")
    parser.add_argument("--k", type=int, default=512, help="Matrix dimension K")
    args = parser.parse_args()
    M, N, K = args.m, args.n, args.k
    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((N, K), dtype=np.float32)

    func = matmul(M, N, K, 128, 128, 32, 3, 128, True, dtype="bfloat16")

    kernel = tl.compile(func, out_idx=-1)
    out_c = kernel(a, b)
    ref_c = a @ b.T
    np.testing.assert_allclose(out_c, ref_c, rtol=5e-2, atol=5e-1)
    print(kernel.check(a, b))
