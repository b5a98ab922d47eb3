"""Top-k in TileLang's style (issue 33): each step takes a row maximum
(an f32 max that the body then compares with, so it runs on the SFPU,
exactly), the first column that holds it (an int32 row minimum, on the
SFPU), masks that column out, and stores the step's value and position
into column t of narrow outputs (a 1-d fragment written into a column:
the writer moves each element; columns are read back the same way).
Results are exact, so they are compared with torch.topk's with
torch.equal."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def row_topk(scores, k, block_rows: int = 32):
    R, C = T.const("R, C")
    scores: T.Tensor([R, C], T.float32)
    values = T.empty([R, k], T.float32)
    positions = T.empty([R, k], T.int32)
    W = (C + 31) // 32 * 32  # the rows' tiles (past C: padding)
    with T.Kernel(T.ceildiv(R, block_rows)) as b:
        work = T.alloc_fragment([block_rows, W], T.float32)
        best = T.alloc_fragment([block_rows], T.float32)
        where = T.alloc_fragment([block_rows, W], T.int32)
        first = T.alloc_fragment([block_rows], T.int32)
        T.copy(scores[b * block_rows, 0], work)
        for t in T.serial(k):
            T.reduce_max(work, best, dim=1)
            for r, c in T.Parallel(block_rows, W):
                where[r, c] = T.if_then_else(work[r, c] == best[r], c, W)
            T.reduce_min(where, first, dim=1)
            for r, c in T.Parallel(block_rows, W):
                work[r, c] = T.if_then_else(c == first[r], -T.infinity(T.float32),
                                            work[r, c])
            for r in T.Parallel(block_rows):
                values[b * block_rows + r, t] = best[r]
                positions[b * block_rows + r, t] = first[r]
    return values, positions


@pytest.mark.parametrize("rows,columns,k,block_rows", [
    (100, 64, 4, 32),   # a tail block: rows past 100 are not written
    (256, 128, 6, 64),  # two tile rows per block
    (40, 100, 5, 32),   # rows of 100: the reductions mask the padding
])
def test_topk_matches_torch(rows, columns, k, block_rows):
    torch.manual_seed(rows + k)
    x = torch.randn(rows, columns)
    values, positions = row_topk(x, k, block_rows=block_rows)
    expected_values, expected_positions = x.topk(k, dim=1)
    assert values.shape == (rows, k) and positions.dtype == torch.int32
    assert torch.equal(values, expected_values)
    assert torch.equal(positions, expected_positions.to(torch.int32))


def test_negative_rows_of_100_ignore_the_padding():
    # The padding past column 100 reads as zeros: unmasked, it would be
    # every negative row's maximum.
    torch.manual_seed(3)
    x = -torch.rand(64, 100) - 1.0
    values, positions = row_topk(x, 3)
    expected_values, expected_positions = x.topk(3, dim=1)
    assert torch.equal(values, expected_values)
    assert torch.equal(positions, expected_positions.to(torch.int32))


def test_ties_take_the_first_column():
    # Every row holds its maximum twice: the row minimum of the matching
    # columns picks the first.
    x = torch.zeros(32, 64)
    x[:, 5] = 2.0
    x[:, 40] = 2.0
    x[:, 7] = 1.0
    values, positions = row_topk(x, 3)
    assert torch.equal(positions[:, :3],
                       torch.tensor([[5, 40, 7]] * 32, dtype=torch.int32))
    assert torch.equal(values[:, :3], torch.tensor([[2.0, 2.0, 1.0]] * 32))


@tilelang.jit
def int_row_stats(A, block_rows: int = 32):
    M, N = T.const("M, N")
    A: T.Tensor([M, N], T.int32)
    stats = T.empty([M, 3], T.int32)
    with T.Kernel(T.ceildiv(M, block_rows)) as b:
        a = T.alloc_shared([block_rows, N], T.int32)
        total = T.alloc_fragment([block_rows], T.int32)
        high = T.alloc_fragment([block_rows], T.int32)
        low = T.alloc_fragment([block_rows], T.int32)
        T.copy(A[b * block_rows, 0], a)
        T.reduce_sum(a, total, dim=1)
        T.reduce_max(a, high, dim=1)
        T.reduce_min(a, low, dim=1)
        for r in T.Parallel(block_rows):
            stats[b * block_rows + r, 0] = total[r]
            stats[b * block_rows + r, 1] = high[r]
            stats[b * block_rows + r, 2] = low[r]
    return stats


def test_int32_row_reductions_are_exact():
    torch.manual_seed(1)
    a = torch.randint(-100000, 100000, (64, 96), dtype=torch.int32)
    stats = int_row_stats(a)
    assert torch.equal(stats[:, 0], a.sum(dim=1, dtype=torch.int32))
    assert torch.equal(stats[:, 1], a.max(dim=1).values)
    assert torch.equal(stats[:, 2], a.min(dim=1).values)


@tilelang.jit
def scale_column(A, k, block_rows: int = 32):
    """A column read back (a per-row scalar of a narrow tensor, as a
    combine step reads top-k's gates): B[r] = 2 * A[r, k]."""
    M, N = T.const("M, N")
    A: T.Tensor([M, N], T.float32)
    B = T.empty([M, 2], T.float32)
    with T.Kernel(T.ceildiv(M, block_rows)) as b:
        v = T.alloc_fragment([block_rows], T.float32)
        for r in T.Parallel(block_rows):
            v[r] = A[b * block_rows + r, k] * 2.0
        for r in T.Parallel(block_rows):
            B[b * block_rows + r, 1] = v[r]
            B[b * block_rows + r, 0] = v[r] + 1.0
    return B


@pytest.mark.parametrize("k", [0, 3, 17])
def test_a_column_reads_back(k):
    a = torch.randn(70, 20)
    b = scale_column(a, k)
    assert torch.equal(b[:, 1], a[:, k] * 2.0)
    assert torch.equal(b[:, 0], a[:, k] * 2.0 + 1.0)
