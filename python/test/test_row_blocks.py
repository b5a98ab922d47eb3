"""Blocks that are a fraction of a 32x32 tile, as TileLang's norms and
GEMV write them (one row per block by default): tile-widen-blocks merges
them into blocks of whole tiles, so they compile, match and run as fast
as the same kernel written with 32-row blocks (issue 33)."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def rms_norm(X, W, blk_m: int = 1, eps: float = 1e-6):
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    W: T.Tensor((N,), T.float32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, blk_m), threads=128) as bx:
        x = T.alloc_shared((blk_m, N), T.float32)
        w = T.alloc_shared((N,), T.float32)
        sq = T.alloc_fragment((blk_m, N), T.float32)
        r = T.alloc_fragment((blk_m,), T.float32)
        T.copy(X[bx * blk_m, 0], x)
        T.copy(W, w)
        for i, j in T.Parallel(blk_m, N):
            sq[i, j] = x[i, j] * x[i, j]
        T.reduce_sum(sq, r, dim=1)
        for i in T.Parallel(blk_m):
            r[i] = T.rsqrt(r[i] / N + eps)
        for i, j in T.Parallel(blk_m, N):
            sq[i, j] = x[i, j] * r[i] * w[j]
        T.copy(sq, Y[bx * blk_m, 0])
    return Y


def reference(x, w, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


@pytest.mark.parametrize("blk_m", [1, 2, 4, 8, 16])
def test_rms_norm_with_blocks_of_fewer_rows_than_a_tile(blk_m):
    x = torch.randn(100, 128)
    w = torch.randn(128)
    torch.testing.assert_close(rms_norm(x, w, blk_m=blk_m), reference(x, w),
                               rtol=1e-2, atol=1e-2)


def test_one_row_blocks_run_as_fast_as_32_row_blocks():
    x = torch.randn(256, 256)
    w = torch.randn(256)
    one = rms_norm.compile(x, w, blk_m=1)
    whole = rms_norm.compile(x, w, blk_m=32)
    assert one.check(x, w).ok
    # The timing model's predictions: the merged program is the 32-row one.
    fast, slow = whole.get_profiler().do_bench(), one.get_profiler().do_bench()
    assert slow <= 1.2 * fast


@tilelang.jit
def gemv(A, x, block_N: int = 1):
    N, K = T.const("N, K")
    A: T.Tensor((N, K), T.float32)
    x: T.Tensor((K,), T.float32)
    y = T.empty((N,), T.float32)
    with T.Kernel(T.ceildiv(N, block_N)) as bn:
        a = T.alloc_shared((block_N, K), T.float32)
        v = T.alloc_shared((K,), T.float32)
        prod = T.alloc_fragment((block_N, K), T.float32)
        acc = T.alloc_fragment((block_N,), T.float32)
        T.copy(A[bn * block_N, 0], a)
        T.copy(x, v)
        for i, k in T.Parallel(block_N, K):
            prod[i, k] = a[i, k] * v[k]
        T.reduce_sum(prod, acc, dim=1)
        T.copy(acc, y[bn * block_N])
    return y


@pytest.mark.parametrize("block_N", [1, 4])
def test_gemv_with_1d_fragments(block_N):
    a = torch.randn(96, 64)
    v = torch.randn(64)
    # The row sums run on the matrix engine (reduce_tile), whose f32
    # operands are TF32: about 3 decimal digits per product.
    torch.testing.assert_close(gemv(a, v, block_N=block_N), a @ v, rtol=3e-2, atol=6e-2)
    assert gemv.compile(a, v, block_N=block_N).check(a, v).ok
