"""Flash decoding with a split KV sequence (issue 33), in TileLang's style:
a first kernel attends to each split of the keys and writes a partial
output and its log-sum-exp; a second combines the splits. The combine
reduces a [num_split, block_M] fragment of 4 rows across its rows and
reads it row by row (``T.copy(lse[k, :], v)``, ``lse[k, i]``):
tile-widen-blocks pads the fragment to whole tiles and the reduction skips
the padding; a row is read as a select and a column sum."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

torch = pytest.importorskip("torch")


@tilelang.jit(out_idx=[3])
def flash_decoding(batch, heads, seqlen_q, seqlen_kv, dim, num_split=4,
                   block_M=32, block_N=32, lse_dtype="float32"):
    scale = 1.44269504 / dim ** 0.5
    chunk = seqlen_kv // num_split
    dtype, accum = "bfloat16", "float32"

    @T.prim_func
    def decode(Q: T.Tensor((batch, heads, seqlen_q, dim), dtype),
               K: T.Tensor((batch, heads, seqlen_kv, dim), dtype),
               V: T.Tensor((batch, heads, seqlen_kv, dim), dtype),
               Out: T.Tensor((batch, heads, seqlen_q, dim), accum)):
        lse_parts = T.alloc_global((batch, heads, num_split, seqlen_q), lse_dtype)
        out_parts = T.alloc_global((batch, heads, num_split, seqlen_q, dim), accum)
        # Each split of the keys.
        with T.Kernel(T.ceildiv(seqlen_q, block_M), batch * heads, num_split) as (bx, by, bz):
            b, h = by // heads, by % heads
            q = T.alloc_shared((block_M, dim), dtype)
            k = T.alloc_shared((block_N, dim), dtype)
            v = T.alloc_shared((block_N, dim), dtype)
            s = T.alloc_fragment((block_M, block_N), accum)
            p = T.alloc_fragment((block_M, block_N), dtype)
            acc = T.alloc_fragment((block_M, dim), accum)
            m = T.alloc_fragment((block_M,), accum)
            m_old = T.alloc_fragment((block_M,), accum)
            fix = T.alloc_fragment((block_M,), accum)
            total = T.alloc_fragment((block_M,), accum)
            part = T.alloc_fragment((block_M,), accum)
            lse = T.alloc_fragment((block_M,), lse_dtype)
            T.copy(Q[b, h, bx * block_M, 0], q)
            T.fill(acc, 0)
            T.fill(total, 0)
            T.fill(m, -T.infinity(accum))
            for t in T.Pipelined(chunk // block_N, num_stages=2):
                T.copy(K[b, h, bz * chunk + t * block_N, 0], k)
                T.clear(s)
                T.gemm(q, k, s, transpose_B=True)
                T.copy(m, m_old)
                T.reduce_max(s, m, dim=1, clear=False)
                for i in T.Parallel(block_M):
                    fix[i] = T.exp2((m_old[i] - m[i]) * scale)
                for i, j in T.Parallel(block_M, block_N):
                    s[i, j] = T.exp2((s[i, j] - m[i]) * scale)
                T.reduce_sum(s, part, dim=1)
                for i in T.Parallel(block_M):
                    total[i] = total[i] * fix[i] + part[i]
                T.copy(s, p)
                for i, j in T.Parallel(block_M, dim):
                    acc[i, j] = acc[i, j] * fix[i]
                T.copy(V[b, h, bz * chunk + t * block_N, 0], v)
                T.gemm(p, v, acc)
            for i, j in T.Parallel(block_M, dim):
                acc[i, j] = acc[i, j] / total[i]
            for i in T.Parallel(block_M):
                lse[i] = T.log2(total[i]) + m[i] * scale
            T.copy(lse, lse_parts[b, h, bz, bx * block_M:(bx + 1) * block_M])
            T.copy(acc, out_parts[b, h, bz, bx * block_M, 0])
        # The splits combined, weighted by their share of the softmax.
        with T.Kernel(T.ceildiv(seqlen_q, block_M), heads, batch) as (bx, by, bz):
            lse_all = T.alloc_fragment((num_split, block_M), lse_dtype)
            lse_k = T.alloc_fragment((block_M,), accum)
            top = T.alloc_fragment((block_M,), accum)
            norm = T.alloc_fragment((block_M,), accum)
            weight = T.alloc_fragment((block_M,), accum)
            o = T.alloc_fragment((block_M, dim), accum)
            acc = T.alloc_fragment((block_M, dim), accum)
            T.clear(norm)
            T.clear(acc)
            T.copy(lse_parts[bz, by, :, bx * block_M:(bx + 1) * block_M], lse_all)
            T.reduce_max(lse_all, top, dim=0)
            for k in T.serial(num_split):
                T.copy(lse_all[k, :], lse_k)
                for i in T.Parallel(block_M):
                    norm[i] += T.exp2(lse_k[i] - top[i])
            for i in T.Parallel(block_M):
                norm[i] = T.log2(norm[i]) + top[i]
            for k in T.Pipelined(num_split, num_stages=2):
                T.copy(out_parts[bz, by, k, bx * block_M, 0], o)
                for i in T.Parallel(block_M):
                    weight[i] = T.exp2(lse_all[k, i] - norm[i])
                for i, j in T.Parallel(block_M, dim):
                    acc[i, j] += o[i, j] * weight[i]
            T.copy(acc, Out[bz, by, bx * block_M, 0])
    return decode


def reference(q, k, v):
    scores = q.double() @ k.double().transpose(-1, -2) / q.shape[-1] ** 0.5
    return (torch.softmax(scores, dim=-1) @ v.double()).float()


def inputs(batch, heads, seqlen_q, seqlen_kv, dim, seed):
    torch.manual_seed(seed)
    return tuple(torch.randn(batch, heads, n, dim, dtype=torch.bfloat16)
                 for n in (seqlen_q, seqlen_kv, seqlen_kv))


@pytest.mark.parametrize("lse_dtype", ["float32", "bfloat16"])
def test_flash_decoding_combines_its_splits(lse_dtype, capfd):
    q, k, v = inputs(1, 2, 32, 256, 64, seed=3)
    kernel = flash_decoding(1, 2, 32, 256, 64, lse_dtype=lse_dtype)
    out = kernel(q, k, v)
    assert "so their buffers are padded to whole tiles instead" in capfd.readouterr().err
    # A bf16 log-sum-exp is off by up to 2^-9 of its value, as on a GPU.
    tolerance = 2e-2 if lse_dtype == "float32" else 5e-2
    torch.testing.assert_close(out, reference(q, k, v), rtol=tolerance,
                               atol=tolerance)


def test_the_combine_matches_the_interpreter_on_the_board():
    q, k, v = inputs(1, 4, 64, 256, 64, seed=4)
    kernel = flash_decoding(1, 4, 64, 256, 64)
    result = kernel.check(q, k, v)
    assert result.ok, str(result)


def test_a_row_of_an_on_core_buffer_is_copied_into_a_vector_of_its_length():
    with pytest.raises(FrontendError) as info:
        @T.prim_func
        def main(X: T.Tensor((4, 64), "float32"), Y: T.Tensor((64,), "float32")):
            with T.Kernel(2) as bx:
                x = T.alloc_fragment((4, 32), "float32")
                y = T.alloc_fragment((64,), "float32")
                T.copy(X[0, bx * 32], x)
                T.copy(x[1, :], y)
                T.copy(y, Y[0])
    assert "a row of 'x' has 32 elements: it is copied into a 1-d buffer of 32, not 64" \
        in str(info.value)
    assert "test_flash_decoding.py:" in str(info.value)  # the user's line


def test_a_slice_of_columns_of_an_on_core_buffer_is_still_an_error():
    with pytest.raises(FrontendError) as info:
        @T.prim_func
        def main(X: T.Tensor((32, 64), "float32"), Y: T.Tensor((32,), "float32")):
            with T.Kernel(1) as bx:
                x = T.alloc_fragment((32, 64), "float32")
                y = T.alloc_fragment((32,), "float32")
                T.copy(X[0, 0], x)
                T.copy(x[:, 3], y)
                T.copy(y, Y[0])
    assert "T.copy takes whole buffers, or a whole row of a 2-d one (buf[k, :])" \
        in str(info.value)
