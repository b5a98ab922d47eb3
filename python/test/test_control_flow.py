"""Runtime `if` in TileLang kernels (issue 33): a branch on block indices,
loop variables and elements of int32 tensors, around tile ops. The reader,
compute and writer kernels each take the branch; the compute lowering
leaves the buffers in the same state on both ways out."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

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


@tilelang.jit
def scale_where(X, mask, block_M: int = 32):
    """Blocks whose mask element is set are tripled (a branch on an element
    read from an int32 tensor)."""
    M, N, P = T.const("M, N, P")
    X: T.Tensor((M, N), T.float32)
    mask: T.Tensor((P,), T.int32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(P) as bx:
        x = T.alloc_shared((block_M, N), T.float32)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[bx * block_M, 0], x)
        T.copy(x, y)
        if mask[bx] != 0:
            for i, j in T.Parallel(block_M, N):
                y[i, j] = x[i, j] * 3
        T.copy(y, Y[bx * block_M, 0])
    return Y


def test_if_on_an_element_of_an_int32_tensor():
    x = torch.randn(4 * 32, 64)
    mask = torch.tensor([1, 0, 0, 1], dtype=torch.int32)
    expected = x.clone().view(4, 32, 64)
    expected[mask.bool()] *= 3
    kernel = scale_where.compile(x, mask)
    # The reader reads the element and pushes it to compute, which takes it
    # with cb_get_tile; the writer has no branch to take.
    assert "read_cb_u32" in kernel.source("compute")
    assert kernel.check(x, mask).ok
    torch.testing.assert_close(scale_where(x, mask), expected.view(-1, 64), rtol=0, atol=0)


@tilelang.jit
def block_sparse_attention(Q, K, V, block_mask, block_M: int = 64, block_N: int = 64,
                           dtype=T.bfloat16, accum_dtype=T.float32):
    """Attention over the key blocks that block_mask[b, h, query block, key
    block] enables, skipping the others (TileLang's block-sparse attention)."""
    B, H, S, D, NM, NN = T.const("B, H, S, D, NM, NN")
    Q: T.Tensor((B, H, S, D), dtype)
    K: T.Tensor((B, H, S, D), dtype)
    V: T.Tensor((B, H, S, D), dtype)
    block_mask: T.Tensor((B, H, NM, NN), T.int32)
    O = T.empty((B, H, S, D), dtype)
    scale = 1.44269504 / D ** 0.5
    with T.Kernel(T.ceildiv(S, block_M), H, B) as (bx, by, bz):
        q = T.alloc_shared((block_M, D), dtype)
        k = T.alloc_shared((block_N, D), dtype)
        v = T.alloc_shared((block_N, D), dtype)
        out = T.alloc_shared((block_M, D), dtype)
        s = T.alloc_fragment((block_M, block_N), accum_dtype)
        p = T.alloc_fragment((block_M, block_N), dtype)
        acc = T.alloc_fragment((block_M, D), accum_dtype)
        row_max = T.alloc_fragment((block_M,), accum_dtype)
        prev_max = T.alloc_fragment((block_M,), accum_dtype)
        rescale = T.alloc_fragment((block_M,), accum_dtype)
        block_sum = T.alloc_fragment((block_M,), accum_dtype)
        row_sum = T.alloc_fragment((block_M,), accum_dtype)
        T.copy(Q[bz, by, bx * block_M:(bx + 1) * block_M, :], q)
        T.fill(acc, 0)
        T.fill(row_sum, 0)
        T.fill(row_max, -T.infinity(accum_dtype))
        for kb in T.Pipelined(T.ceildiv(S, block_N), num_stages=1):
            if block_mask[bz, by, bx, kb] != 0:
                T.copy(K[bz, by, kb * block_N:(kb + 1) * block_N, :], k)
                T.clear(s)
                T.gemm(q, k, s, transpose_B=True)
                T.copy(row_max, prev_max)
                T.reduce_max(s, row_max, dim=1, clear=False)
                for i in T.Parallel(block_M):
                    rescale[i] = T.exp2((prev_max[i] - row_max[i]) * scale)
                for i, j in T.Parallel(block_M, block_N):
                    s[i, j] = T.exp2((s[i, j] - row_max[i]) * scale)
                T.reduce_sum(s, block_sum, dim=1)
                for i in T.Parallel(block_M):
                    row_sum[i] = row_sum[i] * rescale[i] + block_sum[i]
                T.copy(s, p)
                for i, j in T.Parallel(block_M, D):
                    acc[i, j] = acc[i, j] * rescale[i]
                T.copy(V[bz, by, kb * block_N:(kb + 1) * block_N, :], v)
                T.gemm(p, v, acc)
        for i, j in T.Parallel(block_M, D):
            acc[i, j] = acc[i, j] / row_sum[i]
        T.copy(acc, out)
        T.copy(out, O[bz, by, bx * block_M:(bx + 1) * block_M, :])
    return O


def reference_block_sparse(q, k, v, mask, block_M=64, block_N=64):
    scores = q.float() @ k.float().transpose(-1, -2) / q.shape[-1] ** 0.5
    keep = mask.bool().repeat_interleave(block_M, dim=2).repeat_interleave(block_N, dim=3)
    scores = scores.masked_fill(~keep, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v.float()


def test_block_sparse_attention_skips_the_masked_key_blocks():
    torch.manual_seed(7)
    q = torch.randn(1, 2, 192, 64, dtype=torch.bfloat16)
    k = torch.randn(1, 2, 192, 64, dtype=torch.bfloat16)
    v = torch.randn(1, 2, 192, 64, dtype=torch.bfloat16)
    mask = (torch.rand(1, 2, 3, 3) > 0.5).int()
    mask[..., torch.arange(3), torch.arange(3)] = 1  # every query block sees one
    o = block_sparse_attention(q, k, v, mask)
    torch.testing.assert_close(o.float(), reference_block_sparse(q, k, v, mask),
                               rtol=2e-2, atol=2e-2)
    kernel = block_sparse_attention.compile(q, k, v, mask)
    assert kernel.check(q, k, v, mask).ok


def causal_bias(i, j, offset, dtype="float32"):
    """A mask helper in TileLang's style: 0 where query i sees key j."""
    visible = i + offset >= j
    return T.if_then_else(visible, 0.0, -T.infinity(dtype))


def softplus_step(x, shift):
    y = x - shift
    return T.max(y, 0.0)


@tilelang.jit
def masked_scores(S, block: int = 32):
    M, N = T.const("M, N")
    S: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        s = T.alloc_fragment((block, block), T.float32)
        T.copy(S[by * block, bx * block], s)
        for i, j in T.Parallel(block, block):
            s[i, j] = softplus_step(s[i, j], 0.5) + causal_bias(
                by * block + i, bx * block + j, offset=0)
        T.copy(s, Y[by * block, bx * block])
    return Y


def test_python_helper_functions_in_a_parallel_body_are_read_as_part_of_it():
    torch.manual_seed(2)
    s = torch.randn(64, 64)
    y = masked_scores(s)
    rows = torch.arange(64)[:, None]
    cols = torch.arange(64)[None, :]
    expected = torch.clamp(s - 0.5, min=0.0) + torch.where(
        rows >= cols, torch.tensor(0.0), torch.tensor(float("-inf")))
    assert torch.equal(y, expected)


def helper_with_a_loop(x):
    for _ in range(2):
        x = x * 2
    return x


def test_a_helper_with_statements_a_body_cannot_hold_is_a_located_error():
    with pytest.raises(FrontendError) as info:
        @T.prim_func
        def main(X: T.Tensor((32, 32), T.float32), Y: T.Tensor((32, 32), T.float32)):
            with T.Kernel(1) as bx:
                x = T.alloc_fragment((32, 32), T.float32)
                T.copy(X[0, 0], x)
                for i, j in T.Parallel(32, 32):
                    x[i, j] = helper_with_a_loop(x[i, j])
                T.copy(x, Y[0, 0])
    text = str(info.value)
    assert "helper_with_a_loop is called in a T.Parallel body, so it is read as " \
        "part of it: it may assign names and return a value, nothing else" in text
    assert "test_control_flow.py:" in text
