"""While loops, integer scalar variables and stream-K (issue 33), in
TileLang's style with kernels of our own: a persistent GEMM whose programs
walk the C blocks with a `while`, a loop whose condition reads a tensor
element and whose state an `if` advances, stream-K GEMM (the programs share
the K iterations of the C blocks and add the parts of blocks they share
with T.atomic_add) and a scatter-add through an index tensor. Integer
scalars are `T.alloc_var` names and `(1,)` int32 local buffers read and
written as `x[0]`; loops and branches carry them (scf.while, scf.for
iter_args, scf.if results), on every RISC-V of the core."""

import math

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

torch = pytest.importorskip("torch")


@tilelang.jit
def persistent_gemm(A, B, programs: int = 5, block: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    blocks_n = N // block
    with T.Kernel(programs) as pid:
        a = T.alloc_shared((block, block), T.bfloat16)
        b = T.alloc_shared((block, block), T.bfloat16)
        acc = T.alloc_fragment((block, block), T.float32)
        t = T.alloc_local((1,), T.int32)
        t[0] = pid
        while t[0] < (M // block) * blocks_n:
            bm = t[0] // blocks_n
            bn = t[0] % blocks_n
            T.clear(acc)
            for k in T.Pipelined(K // block, num_stages=2):
                T.copy(A[bm * block, k * block], a)
                T.copy(B[k * block, bn * block], b)
                T.gemm(a, b, acc)
            T.copy(acc, C[bm * block, bn * block])
            t[0] += programs
    return C


def test_a_persistent_gemm_walks_its_blocks_with_a_while_loop():
    torch.manual_seed(0)
    a = torch.randn(128, 96, dtype=torch.bfloat16)
    b = torch.randn(96, 160, dtype=torch.bfloat16)
    c = persistent_gemm(a, b)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)


@T.prim_func
def by_count(X: T.Tensor((128, 256), T.float32), counts: T.Tensor((4,), T.int32),
             Y: T.Tensor((128, 256), T.float32)):
    with T.Kernel(4) as bx:
        s = T.alloc_shared((32, 64), T.float32)
        t = T.alloc_fragment((32, 64), T.float32)
        n = T.alloc_var(T.int32)
        n = 0
        col = T.alloc_local((1,), T.int32)
        T.clear(col)
        while n < counts[bx]:
            T.copy(X[bx * 32, col[0]], s)
            for i, j in T.Parallel(32, 64):
                t[i, j] = s[i, j] * 2.0 + n
            T.copy(t, Y[bx * 32, col[0]])
            n += 1
            if n % 2 == 0:
                col[0] = col[0] + 64
            else:
                col[0] = col[0] + 128


def by_count_reference(x, y, counts):
    y = y.clone()
    for bx, count in enumerate(counts):
        col = 0
        for n in range(count):
            rows = slice(bx * 32, bx * 32 + 32)
            y[rows, col:col + 64] = x[rows, col:col + 64] * 2.0 + n
            col += 64 if (n + 1) % 2 == 0 else 128
    return y


@pytest.mark.parametrize("counts", [[0, 1, 2, 3], [3, 3, 0, 1]])
def test_a_while_loop_runs_the_trips_a_tensor_element_gives(counts):
    torch.manual_seed(1)
    kernel = tilelang.compile(by_count)
    x = torch.randn(128, 256)
    y = torch.randn(128, 256)
    expected = by_count_reference(x, y, counts)
    kernel(x, torch.tensor(counts, dtype=torch.int32), y)
    torch.testing.assert_close(y, expected)


@tilelang.jit
def stream_k(A, B, C, programs: int = 5, bm: int = 32, bn: int = 32, bk: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((N, K), T.bfloat16)
    C: T.Tensor((M, N), T.float32)
    iters_per_tile = K // bk
    blocks_n = N // bn
    total = (M // bm) * blocks_n * iters_per_tile
    full, partial = total // programs, total % programs
    with T.Kernel(programs) as pid:
        a = T.alloc_shared((bm, bk), T.bfloat16)
        b = T.alloc_shared((bn, bk), T.bfloat16)
        acc = T.alloc_fragment((bm, bn), T.float32)
        start = T.alloc_fragment((1,), T.int32, "local")
        end = T.alloc_fragment((1,), T.int32, "local")
        start[0] = pid * full + T.min(pid, partial)
        last = (pid + 1) * full + T.min(pid + 1, partial)
        while start[0] < last:
            end[0] = T.min(start[0] + (iters_per_tile - start[0] % iters_per_tile), last)
            tile_id = start[0] // iters_per_tile
            first_k = start[0] % iters_per_tile
            pid_m = tile_id // blocks_n
            pid_n = tile_id % blocks_n
            T.clear(acc)
            for k in T.Pipelined(end[0] - start[0], num_stages=2):
                T.copy(A[pid_m * bm, (k + first_k) * bk], a)
                T.copy(B[pid_n * bn, (k + first_k) * bk], b)
                T.gemm(a, b, acc, transpose_B=True)
            if first_k == 0 and end[0] % iters_per_tile == 0:
                T.copy(acc, C[pid_m * bm, pid_n * bn])
            else:
                for i, j in T.Parallel(bm, bn):
                    T.atomic_add(C[pid_m * bm + i, pid_n * bn + j], acc[i, j])
            start[0] = end[0]


@pytest.mark.parametrize("programs", [5, 7])
def test_stream_k_gemm_matches(programs):
    torch.manual_seed(2)
    a = torch.rand(64, 256, dtype=torch.bfloat16) * 2 - 1
    b = torch.rand(96, 256, dtype=torch.bfloat16) * 2 - 1
    c = torch.zeros(64, 96)
    stream_k(a, b, c, programs=programs)
    torch.testing.assert_close(c, a.float() @ b.float().T, rtol=1e-2, atol=1e-2)


@tilelang.jit
def scatter_add(X, index, Out, block: int = 32):
    rows, cols, blocks, out_rows = T.const("rows, cols, blocks, out_rows")
    X: T.Tensor((rows, cols), T.float32)
    index: T.Tensor((blocks,), T.int32)
    Out: T.Tensor((out_rows, cols), T.float32)
    with T.Kernel(blocks) as bx:
        x = T.alloc_shared((block, cols), T.float32)
        T.copy(X[bx * block, 0], x)
        T.atomic_add(Out[index[bx] * block, 0], x)


def test_a_scatter_add_through_an_index_tensor_adds_every_block():
    torch.manual_seed(3)
    x = torch.randn(128, 64)
    index = torch.tensor([1, 0, 1, 1], dtype=torch.int32)
    out = torch.randn(64, 64)
    expected = out.clone()
    for block, target in enumerate(index.tolist()):
        expected[target * 32:target * 32 + 32] += x[block * 32:block * 32 + 32]
    scatter_add(x, index, out)
    torch.testing.assert_close(out, expected)


@T.prim_func
def counted_offsets(X: T.Tensor((64, 256), T.float32), counts: T.Tensor((2,), T.int32),
                    Y: T.Tensor((64, 256), T.float32)):
    with T.Kernel(2) as bx:
        s = T.alloc_shared((32, 32), T.float32)
        off = T.alloc_local((1,), T.int32)
        T.fill(off, 32)
        for k in range(counts[bx]):
            off[0] += 32
        T.copy(X[bx * 32, off[0]], s)
        T.copy(s, Y[bx * 32, 0])


def test_a_loop_of_a_runtime_trip_count_carries_a_scalar_variable():
    torch.manual_seed(4)
    kernel = tilelang.compile(counted_offsets)
    x = torch.randn(64, 256)
    y = torch.zeros(64, 256)
    kernel(x, torch.tensor([0, 3], dtype=torch.int32), y)
    torch.testing.assert_close(y[:32, :32], x[:32, 32:64])
    torch.testing.assert_close(y[32:, :32], x[32:, 128:160])


def frontend_error(body):
    with pytest.raises(FrontendError) as info:
        body()
    text = str(info.value)
    assert "test_while.py:" in text
    return text


def test_a_scalar_variable_has_one_element():
    def build():
        @T.prim_func
        def main(Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(1) as bx:
                t = T.alloc_local((1,), T.int32)
                t[1] = bx
    assert "'t' holds one element: index it with 0, got 1" in frontend_error(build)


def test_a_scalar_variable_takes_integers():
    def build():
        @T.prim_func
        def main(Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(1) as bx:
                t = T.alloc_local((1,), T.int32)
                t[0] = 1.5
    assert "'t' is an int32 variable: it takes an integer, got 1.5" in \
        frontend_error(build)


def test_a_float_carried_by_a_while_loop_is_a_located_error():
    def build():
        @T.prim_func
        def main(Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(2) as bx:
                i = T.alloc_var(T.int32)
                i = bx
                scale = 1.0
                while i < 4:
                    scale = scale * 2.0
                    i += 1
    assert "'scale' is assigned in the loop and used outside it: only integer " \
        "values are carried by a while loop" in frontend_error(build)


def test_a_while_loop_with_an_else_is_a_located_error():
    def build():
        @T.prim_func
        def main(Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(2) as bx:
                i = T.alloc_var(T.int32)
                i = bx
                while i < 4:
                    i += 1
                else:
                    i = 0
    assert "a while loop with an `else` clause is not supported" in frontend_error(build)


def test_a_float_assigned_in_a_runtime_branch_is_a_located_error():
    def build():
        @T.prim_func
        def main(Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(2) as bx:
                scale = 1.0
                if bx == 1:
                    scale = 2.0
    assert "only integer values may depend on the branch" in frontend_error(build)
