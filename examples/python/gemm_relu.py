# TileLang's quick start (README.md: GEMM + ReLU; examples/quickstart.py
# without the ReLU) for Tilt: the kernel is TileLang's; the import lines
# and the host code (torch -> NumPy, bfloat16 for float16) are Tilt's.
import numpy as np
import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T


def matmul(M, N, K, block_M, block_N, block_K, dtype="float16", accum_dtype="float"):

    @T.prim_func
    def main(
            A: T.Tensor((M, K), dtype),
            B: T.Tensor((K, N), dtype),
            C: T.Tensor((M, N), dtype),
    ):
        # Initialize Kernel Context
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_K, block_N), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)

            # Clear local accumulation
            T.clear(C_local)

            for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=3):
                # Copy tile of A
                T.copy(A[by * block_M, ko * block_K], A_shared)

                # Copy tile of B
                T.copy(B[ko * block_K, bx * block_N], B_shared)

                # Perform a tile-level GEMM on the shared buffers
                T.gemm(A_shared, B_shared, C_local)

            # relu
            for i, j in T.Parallel(block_M, block_N):
                C_local[i, j] = T.max(C_local[i, j], 0)

            # Copy result back to global memory
            T.copy(C_local, C[by * block_M, bx * block_N])

    return main


def main():
    M = 512
    N = 512
    K = 512
    block_M = 128
    block_N = 128
    block_K = 32

    # 1. Define the kernel (matmul) and compile/lower it into an executable module
    func = matmul(M, N, K, block_M, block_N, block_K, dtype="bfloat16")

    # 2. Compile the kernel for Tenstorrent (run on Tilt's emulator)
    jit_kernel = tilelang.compile(func, out_idx=[2], target="wormhole_b0")

    # 3. Test the kernel in Python with NumPy data
    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)

    c = jit_kernel(a, b)

    ref_c = np.maximum(a @ b, 0)
    np.testing.assert_allclose(c, ref_c, rtol=5e-2, atol=5e-1)
    print("Kernel output matches the NumPy reference.")

    # 4. Check against Tilt's reference interpreter, and predict the time
    print(jit_kernel.check(a, b))
    print(jit_kernel.profile(a, b))


if __name__ == "__main__":
    main()
