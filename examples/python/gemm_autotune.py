"""An autotuned GEMM: TileLang's ``@autotune`` over a ``@tilelang.jit``
kernel. The configurations are compiled and timed in parallel (a process
per core) and ranked by the timing model's predicted time on a Wormhole
card, which is not here: Tilt tunes for the card without the card. The
best configuration is checked against the torch reference, and the
search is cached on disk ($TILT_AUTOTUNE_DIR, else ~/.cache/tilt/autotuner;
``tilelang.disable_cache()`` or ``--no-cache`` searches again)."""

import argparse
import itertools

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from tilt.autotuner import autotune
from _counters import Counters


def get_configs():
    return [{"block_M": m, "block_N": n, "block_K": k}
            for m, n, k in itertools.product([32, 64, 128], [32, 64, 128], [32, 64])]


def ref_program(A, B):
    return (A.float() @ B.float()).to(torch.bfloat16)


@autotune(configs=get_configs(), ref_prog=ref_program, warmup=3, rep=20)
@tilelang.jit
def matmul(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.bfloat16)

    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
        A_shared = T.alloc_shared((block_M, block_K), T.bfloat16)
        B_shared = T.alloc_shared((block_K, block_N), T.bfloat16)
        C_local = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(C_local)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            T.copy(A[by * block_M, k * block_K], A_shared)
            T.copy(B[k * block_K, bx * block_N], B_shared)
            T.gemm(A_shared, B_shared, C_local)
        T.copy(C_local, C[by * block_M, bx * block_N])

    return C


def main(M=256, N=256, K=256, cache=True):
    if not cache:
        tilelang.disable_cache()
    counters = Counters()
    a = torch.randn(M, K, dtype=torch.bfloat16)
    b = torch.randn(K, N, dtype=torch.bfloat16)
    with counters.time(f"autotune ({len(get_configs())} configurations)"):
        result = matmul.tune(a, b)
    print(f"best configuration: {result.config}")
    print(f"predicted latency: {result.latency:.4f} ms on a Wormhole card "
          f"(timing model, not measured){' [from the cache]' if result.cached else ''}")
    failed = [r for r in result.records if r.latency is None]
    print(f"{len(result.records) - len(failed)} configurations timed, {len(failed)} failed")
    with counters.time("run"):
        c = matmul(a, b)  # the best configuration, on these tensors
    with counters.time("check"):
        torch.testing.assert_close(c, ref_program(a, b), rtol=1e-2, atol=1e-2)
        print(result.kernel.check(a, b))
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--m", type=int, default=256)
    parser.add_argument("--n", type=int, default=256)
    parser.add_argument("--k", type=int, default=256)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    main(args.m, args.n, args.k, cache=not args.no_cache)
