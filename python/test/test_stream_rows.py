"""Rows too wide for a core's L1 (issue 33): TileLang's online softmax
reads blocks of 1 x 8192 elements per row, its RMS norm whole rows. Merged
into 32-row blocks they need more than 1.4 MB of L1, so tile-stream-rows
computes them in chunks of columns, reading a row from DRAM again where a
row reduction must finish first (tt-metal's large-tensor softmax)."""

import re

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def online_softmax(X, BLOCK_M: int = 1, BLOCK_N: int = 8192, dtype=T.float16):
    M, N = T.const("M, N")
    X: T.Tensor([M, N], dtype)
    Y = T.empty([M, N], dtype)
    accum_dtype = T.float32
    scale = 1.44269504  # log2(e)
    with T.Kernel(T.ceildiv(M, BLOCK_M), threads=128) as i_m:
        x = T.alloc_fragment([BLOCK_M, BLOCK_N], dtype)
        y = T.alloc_fragment([BLOCK_M, BLOCK_N], dtype)
        lse = T.alloc_fragment([BLOCK_M], accum_dtype)
        max_x = T.alloc_fragment([BLOCK_M], dtype)
        exp_x = T.alloc_fragment([BLOCK_M, BLOCK_N], accum_dtype)
        sum_exp_x = T.alloc_fragment([BLOCK_M], accum_dtype)
        T.fill(lse, -T.infinity(accum_dtype))
        for i_n in T.Pipelined(T.ceildiv(N, BLOCK_N)):
            T.copy(X[i_m * BLOCK_M, i_n * BLOCK_N], x)
            T.reduce_max(x, max_x, dim=1, clear=True)
            for i, j in T.Parallel(BLOCK_M, BLOCK_N):
                exp_x[i, j] = T.exp2(x[i, j] * scale - max_x[i] * scale)
            T.reduce_sum(exp_x, sum_exp_x, dim=1, clear=True)
            for i in T.Parallel(BLOCK_M):
                lse[i] = max_x[i] * scale + T.log2(T.exp2(lse[i] - max_x[i] * scale) + sum_exp_x[i])
        for i_n in T.Pipelined(T.ceildiv(N, BLOCK_N)):
            T.copy(X[i_m * BLOCK_M, i_n * BLOCK_N], x)
            for i, j in T.Parallel(BLOCK_M, BLOCK_N):
                y[i, j] = T.exp2(x[i, j] * scale - lse[i])
            T.copy(y, Y[i_m * BLOCK_M, i_n * BLOCK_N])
    return Y


@tilelang.jit
def rms_norm(A, blk_m: int = 1):
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.float)
    B = T.empty((M, N), T.float)
    with T.Kernel(T.ceildiv(M, blk_m), threads=128) as bx:
        A_local = T.alloc_fragment((blk_m, N), T.float)
        A_pow_local = T.alloc_fragment((blk_m, N), T.float)
        A_powsum = T.alloc_fragment((blk_m,), T.float)
        T.copy(A[bx * blk_m : (bx + 1) * blk_m, :], A_local)
        for i, j in T.Parallel(blk_m, N):
            A_pow_local[i, j] = A_local[i, j] * A_local[i, j]
        T.reduce_sum(A_pow_local, A_powsum, dim=1)
        for i in T.Parallel(blk_m):
            A_powsum[i] = T.rsqrt(A_powsum[i] / N + 1e-12)
        for i, j in T.Parallel(blk_m, N):
            A_local[i, j] *= A_powsum[i]
        T.copy(A_local, B[bx * blk_m : (bx + 1) * blk_m, :])
    return B


@pytest.mark.parametrize("n", [8192, 8000])
def test_online_softmax_over_rows_of_8192(n, capfd):
    torch.manual_seed(0)
    x = torch.randn(64, n, dtype=torch.float16)
    y = online_softmax(x)
    torch.testing.assert_close(y.float(), x.float().softmax(dim=1), rtol=1e-2, atol=1e-2)
    kernel = online_softmax.compile(x)
    assert kernel.check(x).ok
    err = capfd.readouterr().err
    assert ("tile-stream-rows: the buffers of a block need 2107392 bytes of L1 "
            "(wormhole_b0 has 1468006 usable): rows of 8192 columns are "
            "computed in chunks of 256 columns, in 3 loops (0 loads kept whole "
            "on the core, 1 reads from DRAM again, 0 T.Parallel computed "
            "again)") in err


def test_online_softmax_on_blackhole():
    torch.manual_seed(1)
    x = torch.randn(32, 8192, dtype=torch.float16) * 4
    kernel = tilelang.compile(online_softmax.get_tir(x), target="blackhole")
    assert kernel.check(x).ok


def test_rms_norm_of_whole_rows_reads_each_row_twice():
    torch.manual_seed(2)
    a = torch.randn(96, 8192)
    b = rms_norm(a)
    ref = a * torch.rsqrt(a.pow(2).mean(dim=1, keepdim=True) + 1e-12)
    torch.testing.assert_close(b, ref, rtol=1e-3, atol=1e-3)
    result = rms_norm.compile(a).check(a)
    assert result.ok
    # A is read twice (the sum of squares, then the scaling), B written once.
    read, written = re.search(r"DRAM read (\d+) B, written (\d+) B", str(result)).groups()
    assert (int(read), int(written)) == (2 * a.numel() * 4, a.numel() * 4)
