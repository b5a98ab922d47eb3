"""Tensors laid out as the program reads them (issue 33): slices over
non-trailing dimensions, as TileLang's FlashAttention in the BSHD layout
and GQA write them (``Q[b, s0:s1, h, :]`` of a [batch, seq, heads, dim]
tensor). Such tensors are stored row-major in DRAM and the compute kernel
tilizes and untilizes them (tilize_block / untilize_block)."""

import json

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def scale_bshd(X, block_M: int = 64, dtype=T.bfloat16):
    B, S, H, D = T.const("B, S, H, D")
    X: T.Tensor((B, S, H, D), dtype)
    Y = T.empty((B, S, H, D), dtype)
    with T.Kernel(T.ceildiv(S, block_M), H, B) as (bx, by, bz):
        x = T.alloc_shared((block_M, D), dtype)
        y = T.alloc_shared((block_M, D), dtype)
        T.copy(X[bz, bx * block_M:(bx + 1) * block_M, by, :], x)
        for i, j in T.Parallel(block_M, D):
            y[i, j] = x[i, j] * 2 + 1
        T.copy(y, Y[bz, bx * block_M:(bx + 1) * block_M, by, :])
    return Y


def test_a_bshd_slice_reads_and_writes_the_rows_of_one_head():
    x = torch.randn(2, 96, 3, 64, dtype=torch.bfloat16)
    torch.testing.assert_close(scale_bshd(x), x * 2 + 1)


def test_a_sequence_that_is_not_whole_blocks_reads_zeros_and_writes_nothing_past_it():
    # 100 rows in blocks of 64: the last block overhangs by 28 rows.
    x = torch.randn(1, 100, 2, 64, dtype=torch.bfloat16)
    torch.testing.assert_close(scale_bshd(x), x * 2 + 1)


def test_f32_rows_are_tilized_and_untilized_exactly():
    # Through SrcA, tilize and untilize would keep TF32 only; the f32 CBs
    # are unpacked straight to DST and the packer writes the rows.
    x = torch.randn(1, 64, 2, 64, dtype=torch.float32)
    kernel = scale_bshd.compile(x, dtype=T.float32)
    assert "pack_untilize_block" in kernel.source("compute")
    result = kernel.check(x)
    assert result.ok, str(result)
    torch.testing.assert_close(kernel(x), x * 2 + 1, rtol=0, atol=0)


def test_the_plan_records_the_row_major_layout():
    x = torch.randn(1, 64, 2, 64, dtype=torch.bfloat16)
    kernel = scale_bshd.compile(x)
    assert "tilize_block" in kernel.source("compute")
    assert "pack_untilize_block" in kernel.source("compute")
    assert "noc_async_read_page" in kernel.source("reader")
    assert "noc_async_write_page" in kernel.source("writer")
    plan = json.loads(kernel.source("plan"))
    assert {b["layout"] for b in plan["buffers"]} == {"row_major"}
    # One page per row of 64 bf16.
    assert {b["page_size"] for b in plan["buffers"]} == {128}


@tilelang.jit
def attention_bshd(Q, K, V, block_M: int = 64, block_N: int = 64,
                   dtype=T.bfloat16, accum_dtype=T.float32):
    """Full attention, Q [B, S, H, D] and K, V [B, S, H_kv, D]: query head h
    reads key head h // (H // H_kv) (GQA; H_kv = H is plain multi-head)."""
    B, S, H, H_kv, D = T.const("B, S, H, H_kv, D")
    Q: T.Tensor((B, S, H, D), dtype)
    K: T.Tensor((B, S, H_kv, D), dtype)
    V: T.Tensor((B, S, H_kv, D), dtype)
    O = T.empty((B, S, H, D), dtype)
    groups = H // H_kv
    scale = 1.44269504 / D ** 0.5

    with T.Kernel(T.ceildiv(S, block_M), H, B, threads=128) as (bx, by, bz):
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

        T.copy(Q[bz, bx * block_M:(bx + 1) * block_M, by, :], q)
        T.fill(acc, 0)
        T.fill(row_sum, 0)
        T.fill(row_max, -T.infinity(accum_dtype))
        for kb in T.Pipelined(T.ceildiv(S, block_N), num_stages=1):
            T.copy(K[bz, kb * block_N:(kb + 1) * block_N, by // groups, :], k)
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
            T.copy(V[bz, kb * block_N:(kb + 1) * block_N, by // groups, :], v)
            T.gemm(p, v, acc)
        for i, j in T.Parallel(block_M, D):
            acc[i, j] = acc[i, j] / row_sum[i]
        T.copy(acc, out)
        T.copy(out, O[bz, bx * block_M:(bx + 1) * block_M, by, :])
    return O


def reference_attention(q, k, v):
    groups = q.shape[2] // k.shape[2]
    q = q.float().transpose(1, 2)
    k = k.float().transpose(1, 2).repeat_interleave(groups, dim=1)
    v = v.float().transpose(1, 2).repeat_interleave(groups, dim=1)
    scores = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
    return (torch.softmax(scores, dim=-1) @ v).transpose(1, 2)


@pytest.mark.parametrize("heads, kv_heads", [(2, 2), (4, 2), (4, 1)])
def test_flash_attention_in_the_bshd_layout_with_grouped_heads(heads, kv_heads):
    torch.manual_seed(heads * 10 + kv_heads)
    q = torch.randn(1, 128, heads, 64, dtype=torch.bfloat16)
    k = torch.randn(1, 128, kv_heads, 64, dtype=torch.bfloat16)
    v = torch.randn(1, 128, kv_heads, 64, dtype=torch.bfloat16)
    o = attention_bshd(q, k, v)
    torch.testing.assert_close(o.float(), reference_attention(q, k, v),
                               rtol=2e-2, atol=2e-2)


def test_flash_attention_bshd_matches_the_interpreter_on_a_2x2_grid():
    q = torch.randn(2, 64, 2, 64, dtype=torch.bfloat16)
    k = torch.randn(2, 64, 1, 64, dtype=torch.bfloat16)
    v = torch.randn(2, 64, 1, 64, dtype=torch.bfloat16)
    kernel = attention_bshd.compile(q, k, v)
    assert kernel.check(q, k, v).ok


@tilelang.jit
def scale_bshd_elementwise(X, block_M: int = 64, dtype=T.bfloat16):
    """The same through element accesses in a T.Parallel body (TileLang's
    linear attention reads `Q[b, i * 64 + row, h, col] * scale`): the loop
    variables index dimensions 1 and 3, and the body's staging copies
    take those dimensions (dims [1, 3])."""
    B, S, H, D = T.const("B, S, H, D")
    X: T.Tensor((B, S, H, D), dtype)
    Y = T.empty((B, S, H, D), dtype)
    with T.Kernel(T.ceildiv(S, block_M), H, B) as (bx, by, bz):
        for i, j in T.Parallel(block_M, D):
            Y[bz, bx * block_M + i, by, j] = X[bz, bx * block_M + i, by, j] * 2 + 1
    return Y


def test_element_accesses_over_non_trailing_dimensions_are_bshd_slices():
    x = torch.randn(2, 100, 3, 64, dtype=torch.bfloat16)
    torch.testing.assert_close(scale_bshd_elementwise(x), x * 2 + 1)
    text = scale_bshd_elementwise.compile(x).tile_ir
    assert "dims = array<i64: 1, 3>" in text
