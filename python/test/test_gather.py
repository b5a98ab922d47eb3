"""Gathers by index (issue 33): a copy whose offset is an element of an
int32 tensor read when the kernel runs (``K_cache[block_table[b, i], ...]``
of a paged KV cache). The reader reads the element into L1 and computes
the address from it; nothing is computed on the host."""

import pytest

import tilt as tilelang
import tilt.language as T

torch = pytest.importorskip("torch")


@tilelang.jit
def gather_rows(X, index, block_M: int = 32, dtype=T.bfloat16):
    """Y[i] = X[index[i]] for blocks of rows: each block copies the block of
    X that index names."""
    M, N, P = T.const("M, N, P")
    X: T.Tensor((M, N), dtype)
    index: T.Tensor((P,), T.int32)
    Y = T.empty((P * block_M, N), dtype)
    with T.Kernel(P) as bx:
        x = T.alloc_shared((block_M, N), dtype)
        T.copy(X[index[bx] * block_M, 0], x)
        T.copy(x, Y[bx * block_M, 0])
    return Y


def test_each_block_copies_the_block_its_index_names():
    x = torch.randn(8 * 32, 64, dtype=torch.bfloat16)
    index = torch.tensor([5, 0, 7, 7, 2], dtype=torch.int32)
    y = gather_rows(x, index)
    expected = x.view(8, 32, 64)[index.long()].reshape(-1, 64)
    torch.testing.assert_close(y, expected, rtol=0, atol=0)


def test_the_reader_reads_the_index_on_the_device():
    x = torch.randn(4 * 32, 64, dtype=torch.bfloat16)
    index = torch.tensor([3, 1], dtype=torch.int32)
    kernel = gather_rows.compile(x, index)
    reader = kernel.source("reader")
    assert "read_l1_u32" in reader and "get_noc_addr" in reader
    assert kernel.check(x, index).ok


@tilelang.jit
def paged_decode(Q, K_cache, V_cache, block_table, page_size: int = 32,
                 dtype=T.bfloat16, accum_dtype=T.float32):
    """Attention of one query token per sequence over a paged KV cache
    (flash decoding without the split): Q [batch, heads, dim], the caches
    [pages, page_size, kv_heads, dim], block_table [batch, pages per
    sequence]. Each block runs the 32 query heads that share one KV head."""
    B, H, D, NP, HKV, MP = T.const("B, H, D, NP, HKV, MP")
    Q: T.Tensor((B, H, D), dtype)
    K_cache: T.Tensor((NP, page_size, HKV, D), dtype)
    V_cache: T.Tensor((NP, page_size, HKV, D), dtype)
    block_table: T.Tensor((B, MP), T.int32)
    O = T.empty((B, H, D), dtype)
    G = H // HKV  # query heads per KV head: one block of rows
    scale = 1.44269504 / D ** 0.5

    with T.Kernel(HKV, B) as (g, b):
        q = T.alloc_shared((G, D), dtype)
        k = T.alloc_shared((page_size, D), dtype)
        v = T.alloc_shared((page_size, D), dtype)
        out = T.alloc_shared((G, D), dtype)
        s = T.alloc_fragment((G, page_size), accum_dtype)
        p = T.alloc_fragment((G, page_size), dtype)
        acc = T.alloc_fragment((G, D), accum_dtype)
        row_max = T.alloc_fragment((G,), accum_dtype)
        prev_max = T.alloc_fragment((G,), accum_dtype)
        rescale = T.alloc_fragment((G,), accum_dtype)
        block_sum = T.alloc_fragment((G,), accum_dtype)
        row_sum = T.alloc_fragment((G,), accum_dtype)

        T.copy(Q[b, g * G:(g + 1) * G, :], q)
        T.fill(acc, 0)
        T.fill(row_sum, 0)
        T.fill(row_max, -T.infinity(accum_dtype))
        for i in T.Pipelined(MP, num_stages=2):
            T.copy(K_cache[block_table[b, i], 0:page_size, g, :], k)
            T.clear(s)
            T.gemm(q, k, s, transpose_B=True)
            T.copy(row_max, prev_max)
            T.reduce_max(s, row_max, dim=1, clear=False)
            for r in T.Parallel(G):
                rescale[r] = T.exp2((prev_max[r] - row_max[r]) * scale)
            for r, c in T.Parallel(G, page_size):
                s[r, c] = T.exp2((s[r, c] - row_max[r]) * scale)
            T.reduce_sum(s, block_sum, dim=1)
            for r in T.Parallel(G):
                row_sum[r] = row_sum[r] * rescale[r] + block_sum[r]
            T.copy(s, p)
            for r, c in T.Parallel(G, D):
                acc[r, c] = acc[r, c] * rescale[r]
            T.copy(V_cache[block_table[b, i], 0:page_size, g, :], v)
            T.gemm(p, v, acc)
        for r, c in T.Parallel(G, D):
            acc[r, c] = acc[r, c] / row_sum[r]
        T.copy(acc, out)
        T.copy(out, O[b, g * G:(g + 1) * G, :])
    return O


def reference_decode(q, k_cache, v_cache, block_table):
    batch, heads, dim = q.shape
    kv_heads = k_cache.shape[2]
    out = torch.empty(batch, heads, dim)
    for b in range(batch):
        pages = block_table[b].long()
        k = k_cache[pages].reshape(-1, kv_heads, dim).float()  # [S, HKV, D]
        v = v_cache[pages].reshape(-1, kv_heads, dim).float()
        k = k.repeat_interleave(heads // kv_heads, dim=1).transpose(0, 1)
        v = v.repeat_interleave(heads // kv_heads, dim=1).transpose(0, 1)
        scores = q[b].float().unsqueeze(1) @ k.transpose(-1, -2) / dim ** 0.5
        out[b] = (torch.softmax(scores, dim=-1) @ v).squeeze(1)
    return out


@pytest.mark.parametrize("target, grid", [("wormhole_b0", "1x1"), ("wormhole_b0", "2x2"),
                                          ("wormhole_b0", None), ("blackhole", None)])
def test_paged_decoding_matches_the_interpreter_on_grids_and_arches(target, grid):
    torch.manual_seed(5)
    q = torch.randn(2, 64, 64, dtype=torch.bfloat16)
    k_cache = torch.randn(5, 32, 2, 64, dtype=torch.bfloat16)
    v_cache = torch.randn(5, 32, 2, 64, dtype=torch.bfloat16)
    block_table = torch.tensor([[3, 3], [0, 4]], dtype=torch.int32)
    func = paged_decode.get_tir(q, k_cache, v_cache, block_table)
    kernel = tilelang.compile(func, target=target, grid=grid)
    result = kernel.check(q, k_cache, v_cache, block_table)
    assert result.ok, str(result)


def test_an_element_of_a_float_tensor_is_not_an_index():
    with pytest.raises(Exception) as info:
        @T.prim_func
        def main(X: T.Tensor((64, 64), T.bfloat16), S: T.Tensor((4,), T.float32)):
            with T.Kernel(2) as bx:
                x = T.alloc_shared((32, 64), T.bfloat16)
                T.copy(X[S[bx] * 32, 0], x)
        tilelang.compile(main)
    message = str(info.value)
    assert "test_gather.py" in message
    assert "reading one element of the f32 tensor 'S' as a number is not supported yet" \
        in message


def test_flash_decoding_over_a_paged_kv_cache():
    torch.manual_seed(3)
    batch, kv_heads, dim, pages, per_seq = 2, 2, 64, 6, 3
    q = torch.randn(batch, 32 * kv_heads, dim, dtype=torch.bfloat16)
    k_cache = torch.randn(pages, 32, kv_heads, dim, dtype=torch.bfloat16)
    v_cache = torch.randn(pages, 32, kv_heads, dim, dtype=torch.bfloat16)
    # Pages out of order and shared between sequences.
    block_table = torch.tensor([[4, 0, 2], [1, 4, 5]], dtype=torch.int32)
    o = paged_decode(q, k_cache, v_cache, block_table)
    torch.testing.assert_close(o.float(), reference_decode(q, k_cache, v_cache, block_table),
                               rtol=2e-2, atol=2e-2)
    kernel = paged_decode.compile(q, k_cache, v_cache, block_table)
    assert kernel.check(q, k_cache, v_cache, block_table).ok


@tilelang.jit
def add_head_scalar(X, Sinks, block_M: int = 32):
    """Per-head scalars as TileLang's attention sinks read them:
    `sinks[i] = Sinks[by]` in a T.Parallel body."""
    M, N, H = T.const("M, N, H")
    X: T.Tensor((H, M, N), T.float32)
    Sinks: T.Tensor((H,), T.float32)
    Y = T.empty((H, M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block_M), H) as (bx, by):
        x = T.alloc_shared((block_M, N), T.float32)
        s = T.alloc_fragment((block_M,), T.float32)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[by, bx * block_M, 0], x)
        for i in T.Parallel(block_M):
            s[i] = Sinks[by]
        for i, j in T.Parallel(block_M, N):
            y[i, j] = x[i, j] * s[i] + Sinks[by]
        T.copy(y, Y[by, bx * block_M, 0])
    return Y


def test_a_per_head_scalar_read_when_the_kernel_runs():
    x = torch.randn(4, 64, 64)
    sinks = torch.randn(4)
    kernel = add_head_scalar.compile(x, sinks)
    # The reader reads the element; compute takes its bits from the page.
    assert "read_cb_u32" in kernel.source("compute")
    assert kernel.check(x, sinks).ok
    expected = x * sinks.view(4, 1, 1) + sinks.view(4, 1, 1)
    torch.testing.assert_close(add_head_scalar(x, sinks), expected, rtol=1e-2, atol=1e-2)


@tilelang.jit
def add_half_head_scalar(X, Sinks, block_M: int = 32, dtype=T.bfloat16):
    """A 16-bit per-head scalar added to every element of its head."""
    M, N, H = T.const("M, N, H")
    X: T.Tensor((H, M, N), dtype)
    Sinks: T.Tensor((H,), dtype)
    Y = T.empty((H, M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block_M), H) as (bx, by):
        x = T.alloc_shared((block_M, N), dtype)
        y = T.alloc_fragment((block_M, N), T.float32)
        T.copy(X[by, bx * block_M, 0], x)
        for i, j in T.Parallel(block_M, N):
            y[i, j] = x[i, j] + Sinks[by]
        T.copy(y, Y[by, bx * block_M, 0])
    return Y


def test_a_bf16_per_head_scalar_is_taken_from_its_half_of_the_word():
    # Five heads: odd ones sit in the upper half of a 32-bit word.
    x = torch.randn(5, 64, 64, dtype=torch.bfloat16)
    sinks = torch.randn(5, dtype=torch.bfloat16)
    kernel = add_half_head_scalar.compile(x, sinks)
    assert kernel.check(x, sinks).ok
    torch.testing.assert_close(add_half_head_scalar(x, sinks),
                               x.float() + sinks.float().view(5, 1, 1), rtol=0, atol=0)


@tilelang.jit
def moe_expert_gemm(X, W, expert_ids, block_M: int = 32, block_N: int = 64,
                    block_K: int = 32):
    """A fused MoE expert GEMM: the tokens are sorted by expert, each block
    of block_M rows belongs to one expert, whose weights the block reads
    through expert_ids (a gather in the weights' leading dimension)."""
    M, K, N, E, NB = T.const("M, K, N, E, NB")
    X: T.Tensor((M, K), T.bfloat16)
    W: T.Tensor((E, K, N), T.bfloat16)
    expert_ids: T.Tensor((NB,), T.int32)
    Y = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block_N), NB) as (bx, by):
        x = T.alloc_shared((block_M, block_K), T.bfloat16)
        w = T.alloc_shared((block_K, block_N), T.bfloat16)
        acc = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(acc)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            T.copy(X[by * block_M, k * block_K], x)
            T.copy(W[expert_ids[by], k * block_K, bx * block_N], w)
            T.gemm(x, w, acc)
        T.copy(acc, Y[by * block_M, bx * block_N])
    return Y


def test_a_fused_moe_expert_gemm_reads_each_blocks_expert():
    torch.manual_seed(2)
    experts, blocks = 3, 4
    x = torch.randn(blocks * 32, 64, dtype=torch.bfloat16)
    w = torch.randn(experts, 64, 128, dtype=torch.bfloat16)
    expert_ids = torch.tensor([2, 0, 0, 1], dtype=torch.int32)
    y = moe_expert_gemm(x, w, expert_ids)
    expected = torch.cat([x[32 * b:32 * (b + 1)].float() @ w[e].float()
                          for b, e in enumerate(expert_ids.tolist())])
    torch.testing.assert_close(y, expected, rtol=1e-2, atol=1e-2)
    assert moe_expert_gemm.compile(x, w, expert_ids).check(x, w, expert_ids).ok


def test_an_f16_per_head_scalar_converts_exactly():
    # Normal values of both signs, a zero, the smallest subnormals and a
    # large one: the compute kernel converts the half's bits exactly.
    sinks = torch.tensor([1.5, -0.3330, 0.0, 6e-8, -3.05e-5, 60000.0],
                         dtype=torch.float16)
    x = torch.zeros(6, 32, 32, dtype=torch.float16)
    kernel = add_half_head_scalar.compile(x, sinks, dtype=T.float16)
    assert kernel.check(x, sinks).ok
    torch.testing.assert_close(add_half_head_scalar(x, sinks, dtype=T.float16),
                               sinks.float().view(6, 1, 1).expand(6, 32, 32),
                               rtol=0, atol=0)
