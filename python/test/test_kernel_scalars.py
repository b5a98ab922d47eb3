"""Scalars a kernel computes from its block indices (issue 33): TileLang's
retention kernel derives each head's decay outside its T.Parallel loops,
`log_decay = T.log2(1 - T.exp2(-5.0 - 1.0 * i_h))`, and uses it with
element positions, `T.exp2((row - col) * log_decay)`. The expression is
kept and computed in each body that uses it: the compute kernel fills the
block index into DST as an int32 word (fill_tile_int), converts it
(typecast_tile) and runs the math on the SFPU."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit(out_idx=3)
def chunk_retention(B, S, H, D, chunk: int = 64, dtype=T.float16):
    """One chunk of retention per block: O = (Q K^T * scale * D_h) V with
    D_h[r, c] = gamma_h^(r - c) below the diagonal, 0 above; O is written
    as TileLang's [NK, B, S, H, D] partial outputs (NK = 1)."""
    scale = D ** -0.5

    @T.prim_func
    def main(Q: T.Tensor([B, S, H, D], dtype), K: T.Tensor([B, S, H, D], dtype),
             V: T.Tensor([B, S, H, D], dtype), O: T.Tensor([1, B, S, H, D], dtype)):
        with T.Kernel(S // chunk, B * H) as (i_t, i_bh):
            i_b = i_bh // H
            i_h = i_bh % H
            log_decay = T.alloc_var(T.float32)
            log_decay = T.log2(1 - T.exp2(-5.0 - 1.0 * i_h))
            q = T.alloc_shared([chunk, D], dtype)
            k = T.alloc_shared([chunk, D], dtype)
            v = T.alloc_shared([chunk, D], dtype)
            s = T.alloc_fragment([chunk, chunk], T.float32)
            s_shared = T.alloc_shared([chunk, chunk], dtype)
            o = T.alloc_fragment([chunk, D], T.float32)
            T.copy(Q[i_b, i_t * chunk:(i_t + 1) * chunk, i_h, :], q)
            T.copy(K[i_b, i_t * chunk:(i_t + 1) * chunk, i_h, :], k)
            T.copy(V[i_b, i_t * chunk:(i_t + 1) * chunk, i_h, :], v)
            T.gemm(q, k, s, clear_accum=True, transpose_B=True)
            for row, col in T.Parallel(chunk, chunk):
                s_shared[row, col] = T.if_then_else(
                    row >= col, s[row, col] * scale * T.exp2((row - col) * log_decay), 0)
            T.gemm(s_shared, v, o, clear_accum=True)
            T.copy(o, O[0, i_b, i_t * chunk:(i_t + 1) * chunk, i_h, :])

    return main


def reference(q, k, v, chunk=64):
    B, S, H, D = q.shape
    out = torch.zeros(1, B, S, H, D)
    pos = torch.arange(chunk)
    for h in range(H):
        gamma = 1 - 2.0 ** (-5.0 - h)
        decay = torch.where(pos[:, None] >= pos[None, :],
                            gamma ** (pos[:, None] - pos[None, :]).float(), torch.zeros(()))
        for t in range(S // chunk):
            rows = slice(t * chunk, (t + 1) * chunk)
            qs, ks, vs = (x[:, rows, h, :].float() for x in (q, k, v))
            scores = qs @ ks.transpose(-1, -2) * D ** -0.5 * decay
            # The kernel rounds the scores to f16 before the second GEMM.
            out[0, :, rows, h, :] = scores.half().float() @ vs
    return out


def test_a_decay_per_head_computed_from_the_block_index():
    torch.manual_seed(0)
    q, k, v = (torch.randn(1, 128, 3, 64, dtype=torch.float16) for _ in range(3))
    kernel = chunk_retention(1, 128, 3, 64)
    o = kernel(q, k, v)
    assert o.shape == (1, 1, 128, 3, 64)
    # Outputs reach 30; the SFPU's exp2 and log2 approximate (the check
    # below holds the device to the interpreter's budget for them).
    torch.testing.assert_close(o.float(), reference(q, k, v), rtol=1e-2, atol=0.1)
    assert kernel.check(q, k, v).ok


def test_a_block_index_as_a_float_in_a_body():
    @tilelang.jit
    def scaled(X, block: int = 32):
        M, N = T.const("M, N")
        X: T.Tensor((M, N), T.float32)
        Y = T.empty((M, N), T.float32)
        with T.Kernel(T.ceildiv(M, block)) as bx:
            x = T.alloc_fragment((block, N), T.float32)
            T.copy(X[bx * block, 0], x)
            for i, j in T.Parallel(block, N):
                x[i, j] = x[i, j] * T.exp2((i - j) * 0.25 - 1.0 * bx)
            T.copy(x, Y[bx * block, 0])
        return Y

    x = torch.randn(96, 64)
    i = torch.arange(32).repeat(3)[:, None].float()
    j = torch.arange(64)[None, :].float()
    b = (torch.arange(96) // 32)[:, None].float()
    torch.testing.assert_close(scaled(x), x * torch.exp2((i - j) * 0.25 - b))
