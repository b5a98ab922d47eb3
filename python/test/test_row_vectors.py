"""1-d fragments copied to and from a part of a row of a tensor of rank 2
or more (issue 33): TileLang's `T.copy(logsum, LSE[b, h, bx * 64 : (bx
+ 1) * 64])` of FlashAttention's log-sum-exp and its backward's reads. On
the core a 1-d buffer is a column vector; the tensor is stored row-major,
and the writer gathers (the reader scatters) the 32 elements of each tile
through an unused face of it, one NoC transfer per 32 elements."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt import ir

torch = pytest.importorskip("torch")


@tilelang.jit
def row_max_then_center(X, block: int = 32, dtype=T.float32):
    """M[b, s] = max over X[b, s, :] (one kernel), then Y = X - M read back
    from DRAM (a second kernel)."""
    B, S, N = T.const("B, S, N")
    X: T.Tensor((B, S, N), dtype)
    M = T.empty((B, S), dtype)
    Y = T.empty((B, S, N), dtype)
    with T.Kernel(T.ceildiv(S, block), B) as (bx, b):
        x = T.alloc_fragment((block, N), dtype)
        m = T.alloc_fragment((block,), dtype)
        T.copy(X[b, bx * block, 0], x)
        T.reduce_max(x, m, dim=1)
        T.copy(m, M[b, bx * block : (bx + 1) * block])
    with T.Kernel(T.ceildiv(S, block), B) as (bx, b):
        x2 = T.alloc_fragment((block, N), dtype)
        m2 = T.alloc_fragment((block,), dtype)
        T.copy(X[b, bx * block, 0], x2)
        T.copy(M[b, bx * block : (bx + 1) * block], m2)
        for i, j in T.Parallel(block, N):
            x2[i, j] = x2[i, j] - m2[i]
        T.copy(x2, Y[b, bx * block, 0])
    return M, Y


@pytest.mark.parametrize("dtype,torch_dtype", [
    (T.bfloat16, "bfloat16"), (T.float16, "float16")])
@pytest.mark.parametrize("rows,block", [(64, 64), (80, 32)])
def test_16_bit_row_maxima_go_out_and_back_exactly(dtype, torch_dtype, rows, block):
    # A maximum of 16-bit values is one of them (exact), so is x - m
    # when both are close (Sterbenz); 80 rows end inside a block.
    torch.manual_seed(rows)
    x = torch.randn(2, rows, 64).to(getattr(torch, torch_dtype))
    m, y = row_max_then_center(x, block=block, dtype=dtype)
    expected = x.float().max(dim=2).values
    assert torch.equal(m.float(), expected)
    assert torch.allclose(y.float(), x.float() - expected[..., None], atol=2e-2)


def test_f32_row_maxima_follow_the_fpu():
    # reduce_tile reads f32 through SrcA (TF32): within 2^-10 relative.
    x = torch.randn(2, 64, 64)
    m, _ = row_max_then_center(x)
    expected = x.max(dim=2).values
    assert torch.allclose(m, expected, rtol=2 ** -10, atol=0)


@tilelang.jit
def misaligned(X, block: int = 32):
    B, S = T.const("B, S")
    X: T.Tensor((B, S), T.float32)
    Y = T.empty((B, S), T.float32)
    with T.Kernel(B) as b:
        v = T.alloc_fragment((block,), T.float32)
        T.copy(X[b, 3 : 3 + block], v)
        T.copy(v, Y[b, 0:block])
    return Y


def test_a_part_of_a_row_at_another_column_is_a_located_error():
    with pytest.raises(ir.TiltError) as info:
        misaligned(torch.randn(2, 64))
    message = str(info.value)
    assert "test_row_vectors.py:" in message
    assert "starts at a column that is a multiple of 32" in message
