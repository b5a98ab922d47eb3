"""Loops whose trip count is an element of a tensor (issue 33): the weight
gradient of a grouped GEMM, as TileLang's grouped GEMM backward writes it,
sums over the rows of its group only: ``T.Pipelined(T.ceildiv(
batch_sizes[bz], block_K))``. Every kernel reads the count at run time and
runs the same trips; a group of no rows runs none and writes zeros. The
second kernel reads the counts and offsets inside its T.Parallel bodies, as
TileLang's example does (`i < batch_sizes[bz]`, `X[batch_offsets[bz] + ...]`):
an int32 element there is an index of the body."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def group_weight_grad(X, dY, batch_sizes, batch_offsets, block_M, block_N,
                      block_K, dtype=T.bfloat16):
    rows, groups, M, N = T.const("rows, groups, M, N")
    X: T.Tensor([rows, M], dtype)
    dY: T.Tensor([rows, N], dtype)
    batch_sizes: T.Tensor([groups], T.int32)
    batch_offsets: T.Tensor([groups], T.int32)
    dW = T.empty([groups, M, N], T.float32)
    with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), groups,
                  threads=128) as (bx, by, bz):
        X_shared = T.alloc_shared([block_K, block_M], dtype)
        dY_shared = T.alloc_shared([block_K, block_N], dtype)
        acc = T.alloc_fragment([block_M, block_N], T.float32)
        T.clear(acc)
        for k in T.Pipelined(T.ceildiv(batch_sizes[bz], block_K), num_stages=2):
            first = batch_offsets[bz] + k * block_K
            left = batch_sizes[bz] - k * block_K
            for i, j in T.Parallel(block_K, block_M):
                X_shared[i, j] = T.if_then_else(
                    i < left, X[first + i, bx * block_M + j], 0)
            for i, j in T.Parallel(block_K, block_N):
                dY_shared[i, j] = T.if_then_else(
                    i < left, dY[first + i, by * block_N + j], 0)
            T.gemm(X_shared, dY_shared, acc, transpose_A=True)
        T.copy(acc, dW[bz, bx * block_M, by * block_N])
    return dW


@tilelang.jit
def group_weight_grad_inline(X, dY, batch_sizes, batch_offsets, block_M,
                             block_N, block_K, dtype=T.bfloat16):
    rows, groups, M, N = T.const("rows, groups, M, N")
    X: T.Tensor([rows, M], dtype)
    dY: T.Tensor([rows, N], dtype)
    batch_sizes: T.Tensor([groups], T.int32)
    batch_offsets: T.Tensor([groups], T.int32)
    dW = T.empty([groups, M, N], T.float32)
    with T.Kernel(T.ceildiv(M, block_M), T.ceildiv(N, block_N), groups,
                  threads=128) as (bx, by, bz):
        X_shared = T.alloc_shared([block_K, block_M], dtype)
        dY_shared = T.alloc_shared([block_K, block_N], dtype)
        acc = T.alloc_fragment([block_M, block_N], T.float32)
        T.clear(acc)
        for k in T.Pipelined(T.ceildiv(batch_sizes[bz], block_K), num_stages=2):
            for i, j in T.Parallel(block_K, block_M):
                X_shared[i, j] = T.if_then_else(
                    k * block_K + i < batch_sizes[bz],
                    X[batch_offsets[bz] + k * block_K + i, bx * block_M + j], 0)
            for i, j in T.Parallel(block_K, block_N):
                dY_shared[i, j] = T.if_then_else(
                    k * block_K + i < batch_sizes[bz],
                    dY[batch_offsets[bz] + k * block_K + i, by * block_N + j], 0)
            T.gemm(X_shared, dY_shared, acc, transpose_A=True)
        T.copy(acc, dW[bz, bx * block_M, by * block_N])
    return dW


def run(sizes, m=64, n=64, block_k=32, kernel=group_weight_grad):
    torch.manual_seed(0)
    offsets = [sum(sizes[:g]) for g in range(len(sizes))]
    x = torch.randn(sum(sizes), m, dtype=torch.bfloat16)
    dy = torch.randn(sum(sizes), n, dtype=torch.bfloat16)
    ints = lambda values: torch.tensor(values, dtype=torch.int32)  # noqa: E731
    dw = kernel(x, dy, ints(sizes), ints(offsets), 32, 32, block_k)
    expected = torch.stack([
        x[o:o + s].double().T @ dy[o:o + s].double()
        if s else torch.zeros(m, n, dtype=torch.float64)
        for o, s in zip(offsets, sizes)])
    return dw.double(), expected


@pytest.mark.parametrize("sizes", [
    [64, 96, 32],   # whole K blocks: 2, 3 and 1 trips
    [40, 100, 7],   # the last block of each group is partial
])
def test_each_group_sums_over_its_own_rows(sizes):
    dw, expected = run(sizes)
    assert torch.allclose(dw, expected, atol=0.05, rtol=0.01)


def test_a_group_without_rows_runs_no_trip_and_writes_zeros():
    dw, expected = run([50, 0, 30])
    assert torch.equal(dw[1], torch.zeros_like(dw[1]))
    assert torch.allclose(dw, expected, atol=0.05, rtol=0.01)


def test_elements_read_inside_the_bodies_are_indices():
    dw, expected = run([40, 0, 75], kernel=group_weight_grad_inline)
    assert torch.equal(dw[1], torch.zeros_like(dw[1]))
    assert torch.allclose(dw, expected, atol=0.05, rtol=0.01)
