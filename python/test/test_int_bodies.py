"""int32 tensors in T.Parallel bodies (issue 33): the SFPU's integer ops
on int32 words in a 32-bit DST. Arithmetic wraps as two's complement,
comparisons are signed, `T.cast` between int32 and float32 truncates
toward zero one way and rounds to nearest the other, and int32 fragments
can be filled. Results are exact, so they are compared with torch's with
torch.equal."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt import ir

torch = pytest.importorskip("torch")


@tilelang.jit
def int_ops(A, B, X, block: int = 32):
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.int32)
    B: T.Tensor((M, N), T.int32)
    X: T.Tensor((M, N), T.float32)
    C = T.empty((M, N), T.int32)
    F = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        a = T.alloc_shared((block, block), T.int32)
        b = T.alloc_shared((block, block), T.int32)
        x = T.alloc_shared((block, block), T.float32)
        c = T.alloc_fragment((block, block), T.int32)
        f = T.alloc_fragment((block, block), T.float32)
        T.copy(A[by * block, bx * block], a)
        T.copy(B[by * block, bx * block], b)
        T.copy(X[by * block, bx * block], x)
        for i, j in T.Parallel(block, block):
            c[i, j] = T.if_then_else(a[i, j] < b[i, j], a[i, j] * 3 - b[i, j],
                                     T.max(a[i, j], b[i, j])) + \
                T.cast(x[i, j] * 8, T.int32)
            f[i, j] = T.cast(a[i, j] + b[i, j], T.float32) * 0.5
        T.copy(c, C[by * block, bx * block])
        T.copy(f, F[by * block, bx * block])
    return C, F


def test_int32_arithmetic_comparisons_and_casts_are_exact():
    torch.manual_seed(0)
    a = torch.randint(-5000, 5000, (64, 96), dtype=torch.int32)
    b = torch.randint(-5000, 5000, (64, 96), dtype=torch.int32)
    b[::4] = a[::4]  # equal elements take the max branch
    x = torch.randn(64, 96) * 10
    c, f = int_ops(a, b, x)
    assert c.dtype == torch.int32
    expected = torch.where(a < b, a * 3 - b, torch.maximum(a, b)) + \
        (x * 8).to(torch.int32)  # torch truncates toward zero too
    assert torch.equal(c, expected)
    assert torch.equal(f, (a + b).float() * 0.5)


@tilelang.jit
def clamp_below(A, floor: int = -1, block: int = 32):
    """max(A, floor) through an int32 fragment filled with `floor` (as
    TileLang's top-k fills its index fragment with -1)."""
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.int32)
    C = T.empty((M, N), T.int32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        a = T.alloc_shared((block, block), T.int32)
        c = T.alloc_fragment((block, block), T.int32)
        T.copy(A[by * block, bx * block], a)
        T.fill(c, floor)
        for i, j in T.Parallel(block, block):
            c[i, j] = T.max(c[i, j], a[i, j])
        T.copy(c, C[by * block, bx * block])
    return C


def test_an_int32_fragment_can_be_filled():
    a = torch.randint(-5, 5, (64, 64), dtype=torch.int32)
    assert torch.equal(clamp_below(a), torch.clamp(a, min=-1))


@tilelang.jit
def column_max(A, block: int = 32):
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.int32)
    C = T.empty((N,), T.int32)
    with T.Kernel(T.ceildiv(N, block)) as bx:
        a = T.alloc_fragment((M, block), T.int32)
        m = T.alloc_fragment((block,), T.int32)
        T.copy(A[0, bx * block], a)
        T.reduce_max(a, m, dim=0)
        T.copy(m, C[bx * block])
    return C


def test_an_int32_column_reduction_is_a_located_error():
    # Rows reduce on the SFPU (test_topk.py); a column's result would need
    # a transpose of int32 words through the 19-bit source registers.
    a = torch.zeros(64, 64, dtype=torch.int32)
    with pytest.raises(ir.TiltError) as info:
        column_max(a)
    message = str(info.value)
    assert "test_int_bodies.py:" in message
    assert "a tile.reduce of 'i32' tiles along dimension 0 is not supported yet" \
        in message


@tilelang.jit
def max_positions(Logits, block_M: int = 32):
    """TileLang top-k's index step: each row's maximum marked with its
    column (`j` as an int32), -1 elsewhere."""
    M, N = T.const("M, N")
    Logits: T.Tensor((M, N), T.float32)
    Idx = T.empty((M, N), T.int32)
    with T.Kernel(T.ceildiv(M, block_M)) as bx:
        logits = T.alloc_fragment((block_M, N), T.float32)
        max_val = T.alloc_fragment((block_M,), T.float32)
        expand_max_idx = T.alloc_fragment((block_M, N), T.int32)
        T.copy(Logits[bx * block_M, 0], logits)
        T.fill(expand_max_idx, -1)
        T.reduce_max(logits, max_val, dim=1, clear=True)
        for i, j in T.Parallel(block_M, N):
            expand_max_idx[i, j] = T.if_then_else(max_val[i] == logits[i, j], j,
                                                  expand_max_idx[i, j])
        T.copy(expand_max_idx, Idx[bx * block_M, 0])
    return Idx


def test_the_top_k_index_step_marks_each_rows_maximum_with_its_column():
    # Distinct values of 10 mantissa bits (reduce_max reads TF32).
    torch.manual_seed(1)
    logits = torch.stack([torch.randperm(1024)[:128] for _ in range(64)])
    logits = logits.float() / 1024
    positions = logits.argmax(dim=1)
    expected = torch.full((64, 128), -1, dtype=torch.int32)
    expected[torch.arange(64), positions] = positions.to(torch.int32)
    assert torch.equal(max_positions(logits), expected)


@tilelang.jit
def bit_fields(A, block: int = 32):
    """Shifts and bitwise ops, as dequantizing kernels unpack fields."""
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.int32)
    C = T.empty((M, N), T.int32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        a = T.alloc_shared((block, block), T.int32)
        c = T.alloc_fragment((block, block), T.int32)
        T.copy(A[by * block, bx * block], a)
        for i, j in T.Parallel(block, block):
            c[i, j] = (((a[i, j] >> 4) & 15) | (a[i, j] << 3)) ^ (a[i, j] & 255)
        T.copy(c, C[by * block, bx * block])
    return C


def test_shifts_and_bitwise_ops_are_exact():
    torch.manual_seed(4)
    a = torch.randint(-2 ** 20, 2 ** 20, (64, 64), dtype=torch.int32)
    assert torch.equal(bit_fields(a), (((a >> 4) & 15) | (a << 3)) ^ (a & 255))


def test_an_int32_output_beyond_2_24_is_an_error_not_a_rounded_value():
    a = torch.full((32, 32), 2 ** 22 + 1, dtype=torch.int32)
    with pytest.raises(ir.TiltError) as info:
        bit_fields(a)  # a << 3 is 2^25 + 8
    assert "beyond 2^24" in str(info.value)
