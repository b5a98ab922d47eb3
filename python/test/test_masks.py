"""Tensors of one-byte integers (issue 33): bool block masks and int8 /
uint8 selectors, read element by element when the kernel runs. A bool
element is true when its byte is not zero, an int8 keeps its sign, a uint8
is not negative. TileLang's block-sparse kernels branch on `if
BlockMask[by, bx, k]:` or copy a row of the mask into a fragment and test
its elements; both compile to reads of the tensor's bytes."""

import json

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def block_sparse_gemm(A, B, BlockMask, block_M: int = 32, block_N: int = 32,
                      block_K: int = 32):
    """C = A @ B over the K blocks that BlockMask[by, bx, k] enables."""
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    BlockMask: T.Tensor((M // block_M, N // block_N, K // block_K), "bool")
    C = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
        a = T.alloc_shared((block_M, block_K), T.bfloat16)
        b = T.alloc_shared((block_K, block_N), T.bfloat16)
        c = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(c)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            if BlockMask[by, bx, k]:
                T.copy(A[by * block_M, k * block_K], a)
                T.copy(B[k * block_K, bx * block_N], b)
                T.gemm(a, b, c)
        T.copy(c, C[by * block_M, bx * block_N])
    return C


def reference_block_sparse_gemm(a, b, mask, block=32):
    a, b = a.float(), b.float()
    c = torch.zeros(a.shape[0], b.shape[1])
    for i in range(mask.shape[0]):
        for j in range(mask.shape[1]):
            for k in range(mask.shape[2]):
                if mask[i, j, k]:
                    c[i * block:(i + 1) * block, j * block:(j + 1) * block] += \
                        a[i * block:(i + 1) * block, k * block:(k + 1) * block] @ \
                        b[k * block:(k + 1) * block, j * block:(j + 1) * block]
    return c


def test_block_sparse_gemm_with_a_bool_mask():
    torch.manual_seed(3)
    a = torch.randn(64, 128, dtype=torch.bfloat16)
    b = torch.randn(128, 96, dtype=torch.bfloat16)
    mask = torch.rand(2, 3, 4) > 0.5
    mask[0, 0] = False  # a block with nothing to add stays zero
    c = block_sparse_gemm(a, b, mask)
    assert torch.all(c[:32, :32] == 0)
    torch.testing.assert_close(c, reference_block_sparse_gemm(a, b, mask),
                               rtol=1e-2, atol=1e-2)
    kernel = block_sparse_gemm.compile(a, b, mask)
    assert kernel.check(a, b, mask).ok
    # The mask is a DRAM buffer of one-byte elements (UInt8 tiles).
    plan = json.loads(kernel.source("plan"))
    mask_buffer = next(buffer for buffer in plan["buffers"]
                       if buffer["name"] == "BlockMask")
    assert mask_buffer["format"] == "UInt8"
    assert mask_buffer["page_size"] == 1024


@tilelang.jit
def masked_rows(X, Mask, block_M: int = 32):
    """TileLang's block-sparse attention form: a row of the mask copied
    into a bool fragment, its elements tested in the loop. Row block bx of
    Y sums the column blocks k of X that Mask[bx, k] enables."""
    M, N, NB = T.const("M, N, NB")
    X: T.Tensor((M, N), T.float32)
    Mask: T.Tensor((M // block_M, NB), T.bool)
    Y = T.empty((M, block_M), T.float32)
    with T.Kernel(T.ceildiv(M, block_M)) as bx:
        x = T.alloc_shared((block_M, block_M), T.float32)
        acc = T.alloc_fragment((block_M, block_M), T.float32)
        mask = T.alloc_fragment((NB,), T.bool)
        T.copy(Mask[bx, :], mask)
        T.clear(acc)
        for k in T.serial(NB):
            if mask[k] != 0:
                T.copy(X[bx * block_M, k * block_M], x)
                for i, j in T.Parallel(block_M, block_M):
                    acc[i, j] = acc[i, j] + x[i, j]
        T.copy(acc, Y[bx * block_M, 0])
    return Y


def test_a_mask_row_copied_into_a_fragment_is_read_from_the_tensor():
    torch.manual_seed(5)
    x = torch.randn(96, 128)
    mask = torch.tensor([[True, False, True, True],
                         [False, False, False, False],
                         [False, True, False, True]])
    expected = torch.zeros(96, 32)
    for i in range(3):
        for k in range(4):
            if mask[i, k]:
                expected[i * 32:(i + 1) * 32] += x[i * 32:(i + 1) * 32, k * 32:(k + 1) * 32]
    torch.testing.assert_close(masked_rows(x, mask), expected, rtol=1e-6, atol=1e-6)


@tilelang.jit
def select_by_sign(X, Sel, Big, block_M: int = 32):
    """Row block bx is doubled when the int8 Sel[bx] is positive, and has
    one added when the uint8 Big[bx] is above 100 (both, either or none)."""
    M, N, P = T.const("M, N, P")
    X: T.Tensor((M, N), T.float32)
    Sel: T.Tensor((P,), T.int8)
    Big: T.Tensor((P,), T.uint8)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(P) as bx:
        x = T.alloc_shared((block_M, N), T.float32)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[bx * block_M, 0], x)
        T.copy(x, y)
        if Sel[bx] > 0:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = y[i, j] * 2
        if Big[bx] > 100:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = y[i, j] + 1
        T.copy(y, Y[bx * block_M, 0])
    return Y


@pytest.mark.parametrize("target", ["wormhole_b0", "blackhole"])
def test_int8_keeps_its_sign_and_uint8_is_not_negative(target):
    # -100 is 0x9c: taken as 156 it would be positive; 200 is 0xc8, taken
    # as -56 it would not be above 100.
    x = torch.randn(5 * 32, 64)
    sel = torch.tensor([-100, 3, 0, -1, 127], dtype=torch.int8)
    big = torch.tensor([200, 100, 255, 0, 101], dtype=torch.uint8)
    expected = x.clone().view(5, 32, 64)
    for i in range(5):
        if sel[i] > 0:
            expected[i] *= 2
        if big[i] > 100:
            expected[i] += 1
    kernel = tilelang.compile(select_by_sign.get_tir(x, sel, big), target=target)
    torch.testing.assert_close(kernel(x, sel, big), expected.view(-1, 64), rtol=0, atol=0)


def _error(kernel):
    with pytest.raises(Exception) as info:
        T.prim_func(kernel)
    message = str(info.value)
    assert "test_masks.py" in message
    return message


def test_a_bool_tensor_in_a_parallel_body_is_a_condition():
    # Read into int32 tiles by the reader (it widens the bytes); an integer
    # condition is true when it is not zero.
    @T.prim_func
    def kernel(M: T.Tensor((32, 32), T.bool), Y: T.Tensor((32, 32), T.float32)):
        with T.Kernel(1) as bx:
            y = T.alloc_fragment((32, 32), T.float32)
            for i, j in T.Parallel(32, 32):
                y[i, j] = T.if_then_else(M[i, j], 1.0, 0.0)
            T.copy(y, Y[0, 0])

    torch.manual_seed(5)
    m = torch.rand(32, 32) > 0.5
    y = torch.full((32, 32), 7.0)
    tilelang.compile(kernel)(m, y)
    torch.testing.assert_close(y, m.float(), rtol=0, atol=0)


@tilelang.jit
def masked_add(X, Mk):
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Mk: T.Tensor((M, N), Mk.dtype)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(M // 32) as bx:
        for i, j in T.Parallel(32, N):
            Y[bx * 32 + i, j] = T.if_then_else(Mk[bx * 32 + i, j] != 0,
                                               X[bx * 32 + i, j] + Mk[bx * 32 + i, j],
                                               -T.infinity(T.float32))
    return Y


@pytest.mark.parametrize("dtype,low,high", [(torch.uint8, 0, 256), (torch.int8, -128, 128),
                                            (torch.bool, 0, 2)])
def test_one_byte_tensors_are_values_of_a_body(dtype, low, high):
    # Every byte value, its sign kept for int8: widened to int32 exactly.
    torch.manual_seed(6)
    x = torch.randn(64, 96)
    m = torch.randint(low, high, (64, 96)).to(dtype)
    expected = torch.where(m != 0, x + m.float(), torch.tensor(float("-inf")))
    torch.testing.assert_close(masked_add(x, m), expected, rtol=0, atol=0)


@tilelang.jit
def masked_columns(X, mask, block_N: int = 64):
    """flash decoding's GQA mask: a column of a [batch, seq, groups] uint8
    tensor copied into a fragment (a view) and tested in a body."""
    B, S, G = T.const("B, S, G")
    X: T.Tensor((B, 32, S), T.float32)
    mask: T.Tensor((B, S, G), T.uint8)
    Y = T.empty((B, 32, S), T.float32)
    with T.Kernel(B, S // block_N) as (bb, bk):
        m = T.alloc_fragment((block_N,), T.uint8)
        x = T.alloc_fragment((32, block_N), T.float32)
        T.copy(mask[bb, bk * block_N:(bk + 1) * block_N, G - 1], m)
        T.copy(X[bb, 0, bk * block_N], x)
        for i, j in T.Parallel(32, block_N):
            x[i, j] = T.if_then_else(m[j] != 0, x[i, j] * bb, -T.infinity(T.float32))
        T.copy(x, Y[bb, 0, bk * block_N])
    return Y


@tilelang.jit
def masked_segments(X, mask, block_N: int = 64):
    """A row of a [batch, heads, seq] bool mask copied into a fragment."""
    B, S = T.const("B, S")
    X: T.Tensor((B, 32, S), T.float32)
    mask: T.Tensor((B, 2, S), T.bool)
    Y = T.empty((B, 32, S), T.float32)
    with T.Kernel(B, S // block_N) as (bb, bk):
        m = T.alloc_fragment((block_N,), T.bool)
        x = T.alloc_fragment((32, block_N), T.float32)
        T.copy(mask[bb, 1, bk * block_N:(bk + 1) * block_N], m)
        T.copy(X[bb, 0, bk * block_N], x)
        for i, j in T.Parallel(32, block_N):
            x[i, j] = T.if_then_else(m[j], x[i, j], -T.infinity(T.float32))
        T.copy(x, Y[bb, 0, bk * block_N])
    return Y


def test_a_mask_view_is_a_vector_of_a_body():
    torch.manual_seed(7)
    x = torch.randn(2, 32, 128)
    mask = torch.randint(0, 2, (2, 128, 3), dtype=torch.uint8)
    scale = torch.arange(2.0).view(2, 1, 1)
    expected = torch.where(mask[:, None, :, 2] != 0, x * scale, torch.tensor(float("-inf")))
    torch.testing.assert_close(masked_columns(x, mask), expected, rtol=0, atol=0)
    rows = torch.rand(2, 2, 128) > 0.5
    expected = torch.where(rows[:, 1, None, :], x, torch.tensor(float("-inf")))
    torch.testing.assert_close(masked_segments(x, rows), expected, rtol=0, atol=0)


def test_a_mask_fragment_used_as_a_tile_is_a_located_error():
    def kernel(M: T.Tensor((4, 32), T.int8), Y: T.Tensor((4, 32), T.int8)):
        with T.Kernel(4) as bx:
            m = T.alloc_fragment((32,), T.int8)
            T.copy(M[bx, :], m)
            T.copy(m, Y[bx, :])
    assert "'m' holds int8 values, which a kernel reads element by element" \
        in _error(kernel)


def test_a_mask_fragment_read_before_its_copy_is_a_located_error():
    def kernel(X: T.Tensor((64, 32), T.float32), Y: T.Tensor((64, 32), T.float32)):
        with T.Kernel(2) as bx:
            m = T.alloc_fragment((2,), T.bool)
            x = T.alloc_shared((32, 32), T.float32)
            T.copy(X[bx * 32, 0], x)
            if m[bx]:
                T.copy(x, Y[bx * 32, 0])
    assert "'m' is read before a T.copy of a tensor slice filled it" in _error(kernel)


def test_computing_in_bool_is_a_located_error():
    def kernel(X: T.Tensor((32, 32), T.float32)):
        with T.Kernel(1) as bx:
            b = T.alloc_fragment((32, 32), T.float32)
            T.copy(X[0, 0], b)
            T.fill(b, T.cast(1, T.bool))
    assert "bool is a type of tensors that a kernel reads element by element" \
        in _error(kernel)
