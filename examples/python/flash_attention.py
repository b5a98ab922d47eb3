"""FlashAttention forward in the BHSD layout, causal or not, in TileLang's
eager @jit style: per block of queries, loop over blocks of keys, scores
by T.gemm, an online softmax in base 2 (running row maximum, rescaled
accumulator and row sum), then P @ V by T.gemm. With ``is_causal`` the
queries are the last ``S_q`` positions of ``S_kv`` and the loop stops at
the diagonal. Host code: torch."""

import argparse

import torch

import _path  # noqa: F401 -- finds build/python in a source checkout
import tilt as tilelang
import tilt.language as T
from _counters import Counters


@tilelang.jit
def attention(Q, K, V, is_causal: bool = False, block_M: int = 64, block_N: int = 64,
              dtype=T.bfloat16, accum_dtype=T.float32):
    B, H, S_q, S_kv, D = T.const("B, H, S_q, S_kv, D")
    Q: T.Tensor((B, H, S_q, D), dtype)
    K: T.Tensor((B, H, S_kv, D), dtype)
    V: T.Tensor((B, H, S_kv, D), dtype)
    O = T.empty((B, H, S_q, D), dtype)

    scale = 1.44269504 / D ** 0.5  # log2(e) / sqrt(D): softmax with exp2
    offset = S_kv - S_q  # query i sits at key position i + offset
    assert offset >= 0, "S_kv must be at least S_q"

    with T.Kernel(T.ceildiv(S_q, block_M), H, B, threads=128) as (bq, h, b):
        q = T.alloc_shared((block_M, D), dtype)
        k = T.alloc_shared((block_N, D), dtype)
        v = T.alloc_shared((block_N, D), dtype)
        out = T.alloc_shared((block_M, D), dtype)
        s = T.alloc_fragment((block_M, block_N), accum_dtype)
        p = T.alloc_fragment((block_M, block_N), dtype)
        acc = T.alloc_fragment((block_M, D), accum_dtype)
        row_max = T.alloc_fragment((block_M,), accum_dtype)
        prev_max = T.alloc_fragment((block_M,), accum_dtype)
        rescale = T.alloc_fragment((block_M,), accum_dtype)
        block_sum = T.alloc_fragment((block_M,), accum_dtype)
        row_sum = T.alloc_fragment((block_M,), accum_dtype)

        T.copy(Q[b, h, bq * block_M:(bq + 1) * block_M, :], q)
        T.fill(acc, 0)
        T.fill(row_sum, 0)
        T.fill(row_max, -T.infinity(accum_dtype))

        if is_causal:
            steps = T.min(T.ceildiv(S_kv, block_N),
                          T.ceildiv((bq + 1) * block_M + offset, block_N))
        else:
            steps = T.ceildiv(S_kv, block_N)

        for kb in T.Pipelined(steps, num_stages=1):
            T.copy(K[b, h, kb * block_N:(kb + 1) * block_N, :], k)
            if is_causal:
                for i, j in T.Parallel(block_M, block_N):
                    s[i, j] = T.if_then_else(bq * block_M + i + offset >= kb * block_N + j,
                                             0, -T.infinity(accum_dtype))
            else:
                T.clear(s)
            T.gemm(q, k, s, transpose_B=True)

            T.copy(row_max, prev_max)
            T.reduce_max(s, row_max, dim=1, clear=False)
            for i in T.Parallel(block_M):
                rescale[i] = T.exp2((prev_max[i] - row_max[i]) * scale)
            for i, j in T.Parallel(block_M, block_N):
                s[i, j] = T.exp2((s[i, j] - row_max[i]) * scale)
            T.reduce_sum(s, block_sum, dim=1)
            for i in T.Parallel(block_M):
                row_sum[i] = row_sum[i] * rescale[i] + block_sum[i]
            T.copy(s, p)

            for i, j in T.Parallel(block_M, D):
                acc[i, j] = acc[i, j] * rescale[i]
            T.copy(V[b, h, kb * block_N:(kb + 1) * block_N, :], v)
            T.gemm(p, v, acc)

        for i, j in T.Parallel(block_M, D):
            acc[i, j] = acc[i, j] / row_sum[i]
        T.copy(acc, out)
        T.copy(out, O[b, h, bq * block_M:(bq + 1) * block_M, :])

    return O


def ref_program(Q, K, V, is_causal):
    q, k, v = Q.float(), K.float(), V.float()
    scores = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
    if is_causal:
        S_q, S_kv = q.shape[2], k.shape[2]
        mask = torch.ones(S_q, S_kv, dtype=torch.bool).tril(S_kv - S_q)
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v


def main(batch=1, heads=2, seq_q=256, seq_kv=256, dim=64, is_causal=False):
    counters = Counters()
    q = torch.randn(batch, heads, seq_q, dim, dtype=torch.bfloat16)
    k = torch.randn(batch, heads, seq_kv, dim, dtype=torch.bfloat16)
    v = torch.randn(batch, heads, seq_kv, dim, dtype=torch.bfloat16)
    with counters.time("compile"):
        kernel = attention.compile(q, k, v, is_causal=is_causal)
    with counters.time("run"):
        o = attention(q, k, v, is_causal=is_causal)
    with counters.time("check"):
        torch.testing.assert_close(o.float(), ref_program(q, k, v, is_causal),
                                   rtol=1e-2, atol=1e-2)
        print(kernel.check(q, k, v))
    print(f"{'Causal' if is_causal else 'Full'} attention matches torch.")
    counters.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--heads", type=int, default=2)
    parser.add_argument("--seq_q", type=int, default=256)
    parser.add_argument("--seq_kv", type=int, default=256)
    parser.add_argument("--dim", type=int, default=64)
    parser.add_argument("--is_causal", action="store_true")
    args = parser.parse_args()
    main(args.batch, args.heads, args.seq_q, args.seq_kv, args.dim, args.is_causal)
