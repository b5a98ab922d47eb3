"""A grouped GEMM as TileLang's MoE-style example writes it (issue 33): each
block finds its group by scanning the groups' padded offsets with a scalar
variable (``T.alloc_var`` updated with ``T.if_then_else`` in a ``range``
loop, unrolled), reads its rows of A at the group's offset (any row, not a
multiple of 32: A is stored row-major) and the group's B (a gather by the
group index), and writes only the group's rows of C (``if i <
actual_rows:`` in the T.Parallel store: a copy of the first rows only)."""

import math

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def grouped_gemm(A, B, batch_sizes, batch_offsets, batch_padded_offsets,
                 batch_sizes_list, block_M, block_N, block_K, dtype=T.bfloat16):
    K, N = T.const("K, N")
    batch_sum = sum(batch_sizes_list)
    batch_count = len(batch_sizes_list)
    total_m_blocks = sum((size + block_M - 1) // block_M for size in batch_sizes_list)
    A: T.Tensor([batch_sum, K], dtype)
    B: T.Tensor([batch_count, K, N], dtype)
    C = T.empty([batch_sum, N], dtype)
    batch_sizes: T.Tensor([batch_count], T.int32)
    batch_offsets: T.Tensor([batch_count], T.int32)
    batch_padded_offsets: T.Tensor([batch_count], T.int32)
    with T.Kernel(total_m_blocks, T.ceildiv(N, block_N), threads=128) as (bx, by):
        A_shared = T.alloc_shared([block_M, block_K], dtype)
        B_shared = T.alloc_shared([block_K, block_N], dtype)
        C_local = T.alloc_fragment([block_M, block_N], T.float32)
        cur_batch_idx = T.alloc_var(dtype=T.int32)
        m_start_padded = bx * block_M
        cur_batch_idx = 0
        for i in range(batch_count):
            in_batch = m_start_padded >= batch_padded_offsets[i]
            cur_batch_idx = T.if_then_else(in_batch, i, cur_batch_idx)
        cur_batch_size = batch_sizes[cur_batch_idx]
        m_start = m_start_padded - batch_padded_offsets[cur_batch_idx] + \
            batch_offsets[cur_batch_idx]
        actual_rows = T.max(0, T.min(block_M, cur_batch_size +
                                     batch_padded_offsets[cur_batch_idx] - m_start_padded))
        T.clear(C_local)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            T.copy(A[m_start:m_start + block_M, k * block_K:(k + 1) * block_K], A_shared)
            T.copy(B[cur_batch_idx, k * block_K:(k + 1) * block_K,
                     by * block_N:(by + 1) * block_N], B_shared)
            T.gemm(A_shared, B_shared, C_local)
        for i, j in T.Parallel(block_M, block_N):
            if i < actual_rows:
                C[m_start + i, by * block_N + j] = C_local[i, j]
    return C


def make_inputs(sizes, k, n, padding_m):
    offsets, padded = [0], [0]
    for size in sizes[:-1]:
        offsets.append(offsets[-1] + size)
        padded.append(padded[-1] + math.ceil(size / padding_m) * padding_m)
    torch.manual_seed(0)
    a = torch.randn(sum(sizes), k, dtype=torch.bfloat16)
    b = torch.randn(len(sizes), k, n, dtype=torch.bfloat16)
    ints = lambda values: torch.tensor(values, dtype=torch.int32)  # noqa: E731
    return a, b, ints(sizes), ints(offsets), ints(padded)


def reference(a, b, sizes, offsets):
    return torch.cat([a[o:o + s].double() @ b[g].double()
                      for g, (o, s) in enumerate(zip(offsets.tolist(), sizes))])


@pytest.mark.parametrize("sizes, block_m", [
    ([40, 100, 64], 32),   # groups of 1.25, 3.1 and 2 blocks
    ([7, 70, 33], 64),     # groups smaller than a block
])
def test_each_group_multiplies_its_rows_by_its_matrix(sizes, block_m):
    a, b, batch_sizes, offsets, padded = make_inputs(sizes, 64, 64, block_m)
    c = grouped_gemm(a, b, batch_sizes, offsets, padded, sizes, block_m, 64, 32)
    # bf16 output: a rounding of each sum.
    torch.testing.assert_close(c.double(), reference(a, b, sizes, offsets),
                               rtol=1e-2, atol=2e-2)


def test_the_rows_of_a_are_read_as_rows_and_c_written_row_by_row():
    sizes = [40, 100, 64]
    a, b, batch_sizes, offsets, padded = make_inputs(sizes, 64, 64, 32)
    kernel = grouped_gemm.compile(a, b, batch_sizes, offsets, padded, sizes, 32, 64, 32)
    ir = kernel.tile_ir
    assert "tile.copy" in ir and " rows %" in ir
    # The group index is selected among the offsets (unrolled), no loop.
    assert ir.count("arith.select") == len(sizes)
    plan = kernel.source("plan")
    assert '"layout": "row_major"' in plan
    result = kernel.check(a, b, batch_sizes, offsets, padded)
    assert result.ok, str(result)


def test_a_carried_float_in_a_loop_of_many_trips_is_an_error():
    # Integers are carried by any loop (test_while.py); a float only by a
    # loop short enough to unroll.
    @tilelang.jit
    def carried(A, n):
        M = T.const("M")
        A: T.Tensor((M, 32), T.int32)
        with T.Kernel(1) as bx:
            total = T.alloc_var(T.float32)
            total = 0.0
            for i in T.serial(M * 1000):
                total = total + 1.0

    with pytest.raises(tilelang.language.FrontendError) as error:
        carried(torch.zeros(32, 32, dtype=torch.int32), 1)
    assert "'total' is assigned in the loop and used outside it" in str(error.value)
    assert "at most 256 trips" in str(error.value)
