"""Selects on values in T.Parallel bodies (issue 33): `T.if_then_else`
and conditional expressions whose condition compares computed values,
combined with `&`, `|`, `^` and `not`. The SFPU compares (1.0 where the
relation holds, 0.0 elsewhere) and where_tile moves the chosen value bit
for bit, so a select is exact: a leaky ReLU, the masking step of
TileLang's top-k, a band of values and a comparison used as a number
match torch exactly. Conditions on element positions join them as masks
of 1.0 / 0.0 that the writer fills."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def leaky_relu(X, slope: float = 0.125, block_M: int = 32, block_N: int = 64,
               dtype=T.float32):
    M, N = T.const("M, N")
    X: T.Tensor((M, N), dtype)
    Y = T.empty((M, N), dtype)
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
        x = T.alloc_shared((block_M, block_N), dtype)
        y = T.alloc_fragment((block_M, block_N), dtype)
        T.copy(X[by * block_M, bx * block_N], x)
        for i, j in T.Parallel(block_M, block_N):
            y[i, j] = T.if_then_else(x[i, j] > 0, x[i, j], x[i, j] * slope)
        T.copy(y, Y[by * block_M, bx * block_N])
    return Y


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_leaky_relu_is_exact(dtype):
    torch.manual_seed(0)
    x = torch.randn(64, 128).to(dtype)
    x[0, :4] = torch.tensor([0.0, -0.0, 1.0, -1.0])
    y = leaky_relu(x, dtype={torch.float32: T.float32,
                              torch.bfloat16: T.bfloat16}[dtype])
    assert torch.equal(y, torch.where(x > 0, x, x * 0.125))


@tilelang.jit
def mask_row_maxima(Logits, block_M: int = 32):
    """One step of TileLang's top-k: each row's maximum replaced by -10000
    (the kernel's own compare of a row vector with the block)."""
    M, N = T.const("M, N")
    Logits: T.Tensor((M, N), T.float32)
    Out = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block_M)) as bx:
        logits = T.alloc_fragment((block_M, N), T.float32)
        max_val = T.alloc_fragment((block_M,), T.float32)
        T.copy(Logits[bx * block_M, 0], logits)
        T.reduce_max(logits, max_val, dim=1, clear=True)
        for i, j in T.Parallel(block_M, N):
            logits[i, j] = T.if_then_else(max_val[i] == logits[i, j], -10000.0,
                                          logits[i, j])
        T.copy(logits, Out[bx * block_M, 0])
    return Out


def test_the_top_k_masking_step_replaces_each_rows_maximum():
    # Distinct values of 10 mantissa bits: reduce_max reads the block
    # through the FPU's source registers, which hold f32 as TF32, so the
    # block's CB cannot be unpacked straight into DST for the select either
    # (docs/pipeline.md); two f32 values equal in TF32 would both be
    # replaced, on the device as here.
    torch.manual_seed(1)
    logits = torch.stack([torch.randperm(1024)[:128] for _ in range(64)])
    logits = logits.float() / 1024
    out = mask_row_maxima(logits)
    expected = logits.clone()
    expected[torch.arange(64), logits.argmax(dim=1)] = -10000.0
    assert torch.equal(out, expected)


@tilelang.jit
def band(X, Lo, lo: float = -0.5, hi: float = 0.5, block: int = 32):
    """Values inside (lo, hi) or equal to Lo's kept, the rest zero; and
    the number of the two tests that hold, as a float."""
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Lo: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    Count = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        x = T.alloc_shared((block, block), T.float32)
        l = T.alloc_shared((block, block), T.float32)
        y = T.alloc_fragment((block, block), T.float32)
        c = T.alloc_fragment((block, block), T.float32)
        T.copy(X[by * block, bx * block], x)
        T.copy(Lo[by * block, bx * block], l)
        for i, j in T.Parallel(block, block):
            inside = (x[i, j] > lo) & (x[i, j] < hi)
            y[i, j] = x[i, j] if inside | (x[i, j] == l[i, j]) else 0.0
            c[i, j] = T.cast(inside ^ (not (x[i, j] >= l[i, j])), T.float32)
        T.copy(y, Y[by * block, bx * block])
        T.copy(c, Count[by * block, bx * block])
    return Y, Count


def test_conditions_combine_with_and_or_xor_and_not():
    torch.manual_seed(2)
    x = torch.randn(64, 64)
    lo = torch.randn(64, 64)
    lo[::3] = x[::3]  # equal elements take the `==` branch
    y, count = band(x, lo)
    inside = (x > -0.5) & (x < 0.5)
    assert torch.equal(y, torch.where(inside | (x == lo), x, torch.zeros(())))
    assert torch.equal(count, (inside ^ ~(x >= lo)).float())


@tilelang.jit
def lower_and_valid(X, n_valid: int = 100, block: int = 32):
    """Element positions in conditions: twice x on and below the diagonal,
    exp(x) above it; and x where it is positive and its column is below
    n_valid (flash decoding's `(mask[j] != 0) & (j < n)` form)."""
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    Z = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        x = T.alloc_shared((block, block), T.float32)
        y = T.alloc_fragment((block, block), T.float32)
        z = T.alloc_fragment((block, block), T.float32)
        T.copy(X[by * block, bx * block], x)
        for i, j in T.Parallel(block, block):
            y[i, j] = T.if_then_else(by * block + i >= bx * block + j,
                                     x[i, j] * 2, T.exp(x[i, j]))
            z[i, j] = T.if_then_else((x[i, j] > 0) & (bx * block + j < n_valid),
                                     x[i, j], 0.0)
        T.copy(y, Y[by * block, bx * block])
        T.copy(z, Z[by * block, bx * block])
    return Y, Z


def test_conditions_on_element_positions_combine_with_values():
    torch.manual_seed(3)
    x = torch.randn(64, 128)
    y, z = lower_and_valid(x)
    rows = torch.arange(64)[:, None]
    cols = torch.arange(128)[None, :]
    assert torch.equal(y[rows >= cols], (x * 2)[rows >= cols])
    torch.testing.assert_close(y, torch.where(rows >= cols, x * 2, torch.exp(x)),
                               rtol=1e-5, atol=0)
    assert torch.equal(z, torch.where((x > 0) & (cols < 100), x, torch.zeros(())))
