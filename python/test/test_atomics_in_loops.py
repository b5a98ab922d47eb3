"""Atomics inside loops (issue 33): FlashAttention's backward adds each
key block's share of dQ into `dQ[b, h, k * block_N:(k + 1) * block_N, :]`
at every step k of its loop over query blocks. tile-fold-atomics runs the
key blocks that add into the same dQ rows in order on one core, and each
add reads the slice, adds and writes it back; a read waits until the
writer's previous write has landed (a CB of tokens from writer to reader),
so dQ is the same on every run and equal to the interpreter's sum."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit(out_idx=[7, 8])
def attention_backward(batch, heads, seq_len, dim, block_M: int = 64, block_N: int = 32):
    sm_scale = dim ** -0.5
    scale = sm_scale * 1.44269504  # log2(e)
    shape = [batch, heads, seq_len, dim]
    dtype, accum = T.float16, T.float32

    @T.prim_func
    def main(Q: T.Tensor(shape, dtype), K: T.Tensor(shape, dtype), V: T.Tensor(shape, dtype),
             dO: T.Tensor(shape, dtype), lse: T.Tensor([batch, heads, seq_len], accum),
             Delta: T.Tensor([batch, heads, seq_len], accum), dQ: T.Tensor(shape, accum),
             dK: T.Tensor(shape, dtype), dV: T.Tensor(shape, dtype)):
        with T.Kernel(heads, T.ceildiv(seq_len, block_M), batch) as (h, kv, b):
            k_s = T.alloc_shared([block_M, dim], dtype)
            v_s = T.alloc_shared([block_M, dim], dtype)
            q_s = T.alloc_shared([block_N, dim], dtype)
            do_s = T.alloc_shared([block_N, dim], dtype)
            lse_s = T.alloc_shared([block_N], accum)
            delta_s = T.alloc_shared([block_N], accum)
            p = T.alloc_fragment([block_M, block_N], accum)
            dp = T.alloc_fragment([block_M, block_N], accum)
            p_cast = T.alloc_fragment([block_M, block_N], dtype)
            ds_cast = T.alloc_fragment([block_M, block_N], dtype)
            ds_s = T.alloc_shared([block_M, block_N], dtype)
            dk = T.alloc_fragment([block_M, dim], accum)
            dv = T.alloc_fragment([block_M, dim], accum)
            dq = T.alloc_fragment([block_N, dim], accum)
            T.copy(K[b, h, kv * block_M:(kv + 1) * block_M, :], k_s)
            T.copy(V[b, h, kv * block_M:(kv + 1) * block_M, :], v_s)
            T.clear(dk)
            T.clear(dv)
            for k in T.Pipelined(T.ceildiv(seq_len, block_N), num_stages=1):
                T.copy(Q[b, h, k * block_N:(k + 1) * block_N, :], q_s)
                T.gemm(k_s, q_s, p, transpose_B=True, clear_accum=True)
                T.copy(lse[b, h, k * block_N:(k + 1) * block_N], lse_s)
                for i, j in T.Parallel(block_M, block_N):
                    p[i, j] = T.exp2(p[i, j] * scale - lse_s[j])
                T.copy(dO[b, h, k * block_N:(k + 1) * block_N, :], do_s)
                T.gemm(v_s, do_s, dp, transpose_B=True, clear_accum=True)
                T.copy(p, p_cast)
                T.gemm(p_cast, do_s, dv)
                T.copy(Delta[b, h, k * block_N:(k + 1) * block_N], delta_s)
                for i, j in T.Parallel(block_M, block_N):
                    ds_cast[i, j] = p[i, j] * (dp[i, j] - delta_s[j]) * sm_scale
                T.gemm(ds_cast, q_s, dk)
                T.copy(ds_cast, ds_s)
                T.gemm(ds_s, k_s, dq, transpose_A=True, clear_accum=True)
                for i, j in T.Parallel(block_N, dim):
                    T.atomic_add(dQ[b, h, k * block_N + i, j], dq[i, j])
            T.copy(dv, dV[b, h, kv * block_M:(kv + 1) * block_M, :])
            T.copy(dk, dK[b, h, kv * block_M:(kv + 1) * block_M, :])

    return main


def test_flash_attention_backward_adds_dq_across_key_blocks(capfd):
    torch.manual_seed(0)
    batch, heads, seq, dim = 1, 2, 128, 64
    q, k, v, do = (torch.randn(batch, heads, seq, dim, dtype=torch.float16) for _ in range(4))
    # The forward's softmax statistics, in the kernel's log2 domain.
    qf, kf, vf, dof = (x.float().requires_grad_() for x in (q, k, v, do))
    s = qf @ kf.transpose(-1, -2) * dim ** -0.5
    lse = torch.logsumexp(s, dim=-1) * 1.44269504
    o = torch.softmax(s, dim=-1) @ vf
    delta = (o * dof).sum(dim=-1)
    o.backward(dof)
    kernel = attention_backward(batch, heads, seq, dim)
    dq = torch.zeros(batch, heads, seq, dim)
    dk, dv = kernel(q, k, v, do, lse.detach(), delta.detach(), dq)
    err = capfd.readouterr().err
    assert ("tile-fold-atomics: an atomic_add inside a loop or a branch adds into its "
            "slice in DRAM where it is (read, add, write); the 2 blocks of grid "
            "dimension 1 that add into the same slices run in order on one core") in err
    for got, want in ((dq, qf.grad), (dk.float(), kf.grad), (dv.float(), vf.grad)):
        torch.testing.assert_close(got, want, rtol=2e-2, atol=2e-2)
    # The same dQ on every run, and the interpreter's within the budget.
    dq2 = torch.zeros(batch, heads, seq, dim)
    kernel(q, k, v, do, lse.detach(), delta.detach(), dq2)
    assert torch.equal(dq, dq2)
    assert kernel.check(q, k, v, do, lse.detach(), delta.detach(), torch.zeros_like(dq)).ok


@tilelang.jit(out_idx=[1])
def bshd_accumulate(batch, seq_len, heads, dim, blocks: int = 3, block_N: int = 32):
    """Each of `blocks` blocks adds 2 * Q into dQ, one row block per loop
    step, through a slice over dimensions 1 and 3 of a [B, S, H, D]
    tensor (FlashAttention backward in the BSHD layout)."""
    shape = [batch, seq_len, heads, dim]

    @T.prim_func
    def main(Q: T.Tensor(shape, T.float32), dQ: T.Tensor(shape, T.float32)):
        with T.Kernel(heads, blocks, batch) as (h, by, b):
            q = T.alloc_shared([block_N, dim], T.float32)
            dq = T.alloc_fragment([block_N, dim], T.float32)
            for k in T.Pipelined(T.ceildiv(seq_len, block_N), num_stages=1):
                T.copy(Q[b, k * block_N:(k + 1) * block_N, h, :], q)
                for i, j in T.Parallel(block_N, dim):
                    dq[i, j] = q[i, j] * 2.0
                for i, j in T.Parallel(block_N, dim):
                    T.atomic_add(dQ[b, k * block_N + i, h, j], dq[i, j])

    return main


def test_atomics_into_a_bshd_slice_in_a_loop():
    torch.manual_seed(1)
    q = torch.randn(1, 96, 2, 64)
    kernel = bshd_accumulate(1, 96, 2, 64)
    dq = kernel(q)
    torch.testing.assert_close(dq, 6.0 * q)
    assert kernel.check(q).ok
