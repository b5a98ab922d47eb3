"""A tiled GEMM, C = A @ B, in TileLang's eager @jit style: bf16 operands
(Tenstorrent's native format), f32 accumulation in the destination
registers, a bf16 result. ``matmul.compile(M=..., N=..., K=...)`` compiles
for shapes given by name; calling ``matmul(a, b)`` compiles for the
tensors' shapes. Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def matmul(A, B, block_M: int = 128, block_N: int = 128, block_K: int = 32,
           dtype=T.bfloat16, accum_dtype=T.float32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), dtype)
    B: T.Tensor((K, N), dtype)
    C = T.empty((M, N), dtype)

    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
        A_shared = T.alloc_shared((block_M, block_K), dtype)
        B_shared = T.alloc_shared((block_K, block_N), dtype)
        C_local = T.alloc_fragment((block_M, block_N), accum_dtype)
        T.clear(C_local)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=3):
            T.copy(A[by * block_M, k * block_K], A_shared)
            T.copy(B[k * block_K, bx * block_N], B_shared)
            T.gemm(A_shared, B_shared, C_local)
        T.copy(C_local, C[by * block_M, bx * block_N])

    return C


def main(M=512, N=512, K=512):
    counters = Counters()
    with counters.time("compile"):
        kernel = matmul.compile(M=M, N=N, K=K, block_M=128, block_N=128, block_K=32)
    a = torch.randn(M, K, dtype=torch.bfloat16)
    b = torch.randn(K, N, dtype=torch.bfloat16)
    with counters.time("run"):
        c = kernel(a, b)
    with counters.time("check"):
        ref_c = (a.float() @ b.float()).to(torch.bfloat16)
        torch.testing.assert_close(c, ref_c, rtol=1e-2, atol=1e-2)
        print(kernel.check(a, b))
    print("Kernel output matches torch.")
    # A prediction of the timing model for a Wormhole card, not a measurement.
    latency = kernel.get_profiler().do_bench()
    print(f"predicted latency: {latency:.4f} ms, "
          f"{2 * M * N * K / (latency * 1e-3) / 1e12:.2f} TFLOPS")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=512)
    parser.add_argument("--n", type=int, default=512)
    parser.add_argument("--k", type=int, default=512)
    args = parser.parse_args()
    main(args.m, args.n, args.k)
