"""T.atomic_add (issue 33): split-K GEMM in TileLang's style. The blocks of
the split add into the same C block; tile-fold-atomics spreads them over
the cores the C blocks leave idle and has the split's last block add the
others' partials in order (through a DRAM workspace, after semaphores), or
makes one core compute them in order, so the result is the same on every
run."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def split_k_gemm(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32,
                 split_k: int = 4, elementwise: bool = False):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    split_size = K // split_k
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), split_k) as (bx, by, bz):
        a = T.alloc_shared((block_M, block_K), T.bfloat16)
        b = T.alloc_shared((block_K, block_N), T.bfloat16)
        c = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(c)
        for ko in T.Pipelined(T.ceildiv(split_size, block_K), num_stages=2):
            T.copy(A[by * block_M, bz * split_size + ko * block_K], a)
            T.copy(B[bz * split_size + ko * block_K, bx * block_N], b)
            T.gemm(a, b, c)
        if elementwise:
            for i, j in T.Parallel(block_M, block_N):
                T.atomic_add(C[by * block_M + i, bx * block_N + j], c[i, j])
        else:
            T.atomic_add(C[by * block_M, bx * block_N], c)
    return C


@pytest.mark.parametrize("elementwise", [False, True])
def test_split_k_gemm_sums_the_splits(elementwise):
    torch.manual_seed(11)
    a = torch.randn(128, 256, dtype=torch.bfloat16)
    b = torch.randn(256, 128, dtype=torch.bfloat16)
    c = split_k_gemm(a, b, elementwise=elementwise)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)


def test_split_k_matches_the_interpreter_and_is_deterministic(capfd):
    a = torch.randn(128, 256, dtype=torch.bfloat16)
    b = torch.randn(256, 128, dtype=torch.bfloat16)
    kernel = split_k_gemm.compile(a, b, block_M=32, split_k=2)
    assert "the 2 blocks of grid dimension 2 combine into the same slices" in \
        capfd.readouterr().err
    assert kernel.check(a, b).ok
    # Deterministic: two runs give the same bits.
    first, second = kernel(a, b), kernel(a, b)
    assert torch.equal(first, second)


def test_atomic_add_into_a_tensor_the_kernel_also_copies_is_an_error():
    with pytest.raises(Exception) as info:
        @T.prim_func
        def main(C: T.Tensor((64, 64), T.float32)):
            with T.Kernel(2, 2) as (bx, bz):
                c = T.alloc_fragment((32, 64), T.float32)
                T.copy(C[bx * 32, 0], c)
                T.atomic_add(C[bx * 32, 0], c)
        tilelang.compile(main)
    assert "also copies from or to the tensor its atomics combine into" in str(info.value)


@tilelang.jit
def split_k_in_place(A, B, C, block_M, block_N, block_K, split_k):
    """TileLang's own form: C is an argument the kernel adds into, and the
    split size is computed from K before an annotation binds K."""
    M, N, K = T.const("M, N, K")
    split_size = K // split_k
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C: T.Tensor((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), split_k) as (bx, by, bz):
        a = T.alloc_shared((block_M, block_K), T.bfloat16)
        b = T.alloc_shared((block_K, block_N), T.bfloat16)
        c = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(c)
        for ko in T.Pipelined(T.ceildiv(split_size, block_K), num_stages=0):
            T.copy(A[by * block_M, bz * split_size + ko * block_K], a)
            T.copy(B[bz * split_size + ko * block_K, bx * block_N], b)
            T.gemm(a, b, c)
        for i, j in T.Parallel(block_M, block_N):
            T.atomic_add(C[by * block_M + i, bx * block_N + j], c[i, j])


def test_tilelang_split_k_adds_into_its_argument():
    a = torch.randn(128, 256, dtype=torch.bfloat16)
    b = torch.randn(256, 128, dtype=torch.bfloat16)
    c = torch.ones(128, 128)
    split_k_in_place(a, b, c, 64, 64, 32, 4)
    torch.testing.assert_close(c, 1 + a.float() @ b.float(), rtol=1e-2, atol=1e-2)


@tilelang.jit
def column_absmax(X, block: int = 32):
    """Amax[i, j] = max over the row blocks by of |X[by * block + i, bx *
    block + j]|: every row block takes the maximum into the same slice
    (T.atomic_max, as a per-channel amax for fp8 or int8 scaling)."""
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Amax = T.empty((block, N), T.float32)
    with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
        x = T.alloc_shared((block, block), T.float32)
        a = T.alloc_fragment((block, block), T.float32)
        T.copy(X[by * block, bx * block], x)
        for i, j in T.Parallel(block, block):
            a[i, j] = T.abs(x[i, j])
        T.atomic_max(Amax[0, bx * block], a)
    return Amax


def test_atomic_max_takes_the_maximum_over_the_blocks(capfd):
    torch.manual_seed(4)
    x = torch.randn(4 * 32, 2 * 32)
    expected = x.abs().view(4, 32, 64).amax(dim=0)
    amax = column_absmax(x)
    torch.testing.assert_close(amax, expected, rtol=0, atol=0)
    assert "combine into the same slices (atomic_max)" in capfd.readouterr().err
    assert column_absmax.compile(x).check(x).ok


def test_atomic_min_in_a_parallel_body_keeps_the_smaller_value():
    @T.prim_func
    def running_min(X: T.Tensor((96, 32), T.float32), Low: T.Tensor((32, 32), T.float32)):
        with T.Kernel(1, 3) as (bx, by):
            x = T.alloc_shared((32, 32), T.float32)
            T.copy(X[by * 32, 0], x)
            for i, j in T.Parallel(32, 32):
                T.atomic_min(Low[i, j], x[i, j])

    kernel = tilelang.compile(running_min)
    x = torch.randn(96, 32)
    low = torch.full((32, 32), 0.5)
    expected = torch.minimum(x.view(3, 32, 32).amin(dim=0), low)
    kernel(x, low)
    torch.testing.assert_close(low, expected, rtol=0, atol=0)


def test_a_deep_split_spreads_over_idle_cores_and_runs_faster(capfd):
    """K = 2048 split 8 ways over 2 x 2 C blocks: on the n150's 64 cores
    every block gets a core; with spread=False each C block's 8 splits run
    in order on one core. Both add the partials in the same order (the
    interpreter's), so the bits are equal, and spreading is predicted
    faster."""
    torch.manual_seed(5)
    a = torch.randn(128, 2048, dtype=torch.bfloat16)
    b = torch.randn(2048, 128, dtype=torch.bfloat16)
    spread = split_k_gemm.compile(a, b, block_K=64, split_k=8)
    assert "they run on 8 cores per slice" in capfd.readouterr().err
    folded = tilelang.compile(spread.func, out_idx=[-1], spread=False)
    assert "one core computes them in order" in capfd.readouterr().err
    c = spread(a, b)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)
    assert torch.equal(c, folded(a, b))
    assert torch.equal(c, spread(a, b))
    fast = spread.get_profiler().do_bench()
    slow = folded.get_profiler().do_bench()
    assert fast < 0.6 * slow, (fast, slow)
