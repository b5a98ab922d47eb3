"""GEMM with a fused ReLU epilogue, written as TileLang's quick start
writes it today (the eager @jit style, torch tensors), with bf16 operands
for Tenstorrent. Run, compared with torch, checked against Tilt's
interpreter, and timed by the timing model."""

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def matmul_relu(A, B, block_M: int = 128, block_N: int = 128, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.bfloat16)

    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
        A_shared = T.alloc_shared((block_M, block_K), T.bfloat16)
        B_shared = T.alloc_shared((block_K, block_N), T.bfloat16)
        C_local = T.alloc_fragment((block_M, block_N), T.float32)

        T.clear(C_local)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=3):
            T.copy(A[by * block_M, k * block_K], A_shared)
            T.copy(B[k * block_K, bx * block_N], B_shared)
            T.gemm(A_shared, B_shared, C_local)

        for i, j in T.Parallel(block_M, block_N):
            C_local[i, j] = T.max(C_local[i, j], 0)

        T.copy(C_local, C[by * block_M, bx * block_N])

    return C


def main(M=512, N=512, K=512):
    counters = Counters()
    a = torch.randn((M, K), dtype=torch.bfloat16)
    b = torch.randn((K, N), dtype=torch.bfloat16)
    with counters.time("compile"):
        kernel = matmul_relu.compile(a, b)
    with counters.time("run"):
        c = matmul_relu(a, b)
    with counters.time("check"):
        torch.testing.assert_close(c, torch.relu(a.float() @ b.float()).to(torch.bfloat16),
                                   rtol=1e-2, atol=1e-2)
        print(kernel.check(a, b))
    print("GEMM + ReLU passed.")
    print(kernel.profile(a, b))
    counters.report()


if __name__ == "__main__":
    main()
