"""Runtime `if` in TileLang kernels (issue 33): a branch on block indices,
loop variables and elements of int32 tensors, around tile ops. The reader,
compute and writer kernels each take the branch; the compute lowering
leaves the buffers in the same state on both ways out."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def halves(X, block_M: int = 32):
    """The first half of the row blocks doubles, the second adds one."""
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block_M)) as bx:
        x = T.alloc_shared((block_M, N), T.float32)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[bx * block_M, 0], x)
        if bx < T.ceildiv(M, block_M) // 2:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = x[i, j] * 2
        else:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = x[i, j] + 1
        T.copy(y, Y[bx * block_M, 0])
    return Y


def test_if_else_on_the_block_index():
    x = torch.randn(128, 64)
    expected = torch.cat([x[:64] * 2, x[64:] + 1])
    torch.testing.assert_close(halves(x), expected, rtol=0, atol=0)


@tilelang.jit
def clear_on_first_step(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    """A GEMM whose K loop clears the accumulator on its first trip."""
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
        a = T.alloc_shared((block_M, block_K), T.bfloat16)
        b = T.alloc_shared((block_K, block_N), T.bfloat16)
        c = T.alloc_fragment((block_M, block_N), T.float32)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            if k == 0:
                T.clear(c)
            T.copy(A[by * block_M, k * block_K], a)
            T.copy(B[k * block_K, bx * block_N], b)
            T.gemm(a, b, c)
        T.copy(c, C[by * block_M, bx * block_N])
    return C


def test_if_on_the_loop_variable_inside_a_k_loop():
    a = torch.randn(128, 96, dtype=torch.bfloat16)
    b = torch.randn(96, 128, dtype=torch.bfloat16)
    kernel = clear_on_first_step.compile(a, b)
    assert kernel.check(a, b).ok
    torch.testing.assert_close(clear_on_first_step(a, b), a.float() @ b.float(),
                               rtol=1e-2, atol=1e-2)


@tilelang.jit
def skip_blocks(X, block_M: int = 32):
    """Blocks with an odd index, or past the third, are scaled; the others
    are copied: `and` / `or` / `not` of runtime comparisons."""
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block_M)) as bx:
        x = T.alloc_shared((block_M, N), T.float32)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[bx * block_M, 0], x)
        T.copy(x, y)
        if bx % 2 == 1 or not bx < 3:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = x[i, j] * 3
        T.copy(y, Y[bx * block_M, 0])
    return Y


def test_conditions_combine_with_and_or_not():
    x = torch.randn(6 * 32, 64)
    expected = x.clone().view(6, 32, 64)
    for block in range(6):
        if block % 2 == 1 or not block < 3:
            expected[block] *= 3
    torch.testing.assert_close(skip_blocks(x), expected.view(-1, 64), rtol=0, atol=0)


@pytest.mark.parametrize("target, grid", [("wormhole_b0", "1x1"), ("wormhole_b0", "2x2"),
                                          ("blackhole", None)])
def test_branches_match_the_interpreter_on_grids_and_arches(target, grid):
    x = torch.randn(6 * 32, 64)
    kernel = tilelang.compile(skip_blocks.get_tir(x), target=target, grid=grid)
    assert kernel.check(x).ok


def test_a_value_assigned_in_a_branch_is_a_located_error():
    with pytest.raises(Exception) as info:
        @T.prim_func
        def main(X: T.Tensor((64, 64), T.float32), Y: T.Tensor((64, 64), T.float32)):
            with T.Kernel(2) as bx:
                x = T.alloc_shared((32, 64), T.float32)
                scale = 1.0
                if bx == 1:
                    scale = 2.0
                T.copy(X[bx * 32, 0], x)
                T.copy(x, Y[bx * 32, 0])
    message = str(info.value)
    assert "test_control_flow.py" in message
    assert "'scale' is assigned in a branch of an `if` on a value known only when " \
        "the kernel runs" in message
