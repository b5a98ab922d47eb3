"""The TileLang frontend: each supported construct's tile IR, and each
unsupported construct's located error."""

import re

import pytest

import tilt.language as T
from tilt.language import FrontendError

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    """The 1-based line of this file that holds ``marker`` (unique)."""
    lines = [n for n, text in enumerate(SOURCE, 1)
             if marker in text and "expect_error" not in text and "line_of" not in text]
    assert len(lines) == 1, marker
    return lines[0]


def expect_error(build, marker, message):
    """``build()`` raises a FrontendError at the line of ``marker`` whose
    message contains ``message``."""
    with pytest.raises(FrontendError) as info:
        build()
    text = str(info.value)
    location = f"{__file__}:{line_of(marker)}:"
    assert location in text, text
    assert message in text, text
    diagnostic = info.value.diagnostics[0]
    assert diagnostic.line == line_of(marker)
    assert diagnostic.severity == "error"
    assert diagnostic.file == __file__


def ops(func):
    """The op lines of a kernel's IR, without locations."""
    return [re.sub(r' loc\(.*\)$', '', line).strip() for line in str(func).splitlines()]


# -- supported constructs ------------------------------------------------------

def gemm_kernel(M, N, K, bm, bn, bk, stages, transpose_B=False):
    @T.prim_func
    def gemm(A: T.Tensor((M, K), "bfloat16"),
             B: T.Tensor((N, K) if transpose_B else (K, N), "bfloat16"),
             C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            A_s = T.alloc_shared((bm, bk), "bfloat16")
            B_s = T.alloc_shared((bn, bk) if transpose_B else (bk, bn), "bfloat16")
            C_l = T.alloc_fragment((bm, bn), "float")
            T.use_swizzle(panel_size=10, enable=True)
            T.clear(C_l)
            for k in T.Pipelined(T.ceildiv(K, bk), num_stages=stages):
                T.copy(A[by * bm, k * bk], A_s)
                if transpose_B:
                    T.copy(B[bx * bn, k * bk], B_s)
                else:
                    T.copy(B[k * bk, bx * bn], B_s)
                T.gemm(A_s, B_s, C_l, transpose_B=transpose_B)
            T.copy(C_l, C[by * bm, bx * bn])
    return gemm


def test_gemm_ops():
    lines = ops(gemm_kernel(256, 128, 64, 64, 64, 32, 2))
    assert lines[0].startswith("func.func @gemm(%A: !tile.tensor<256x64xbf16>")
    assert "tile.kernel grid [2, 4] blocks(%bx, %by)" in lines[1]
    assert "%A_s = tile.alloc : !tile.buf<64x32xbf16, shared>" in lines
    assert "%C_l = tile.alloc : !tile.buf<64x64xf32, fragment>" in lines
    assert "tile.clear %C_l : !tile.buf<64x64xf32, fragment>" in lines
    assert any(l.startswith("tile.pipelined %k = %c0 to %c2 step %c1 stages 2") for l in lines)
    assert ("tile.gemm %A_s, %B_s, %C_l : !tile.buf<64x32xbf16, shared>, "
            "!tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>") in lines


def test_gemm_transpose_and_stages():
    lines = ops(gemm_kernel(128, 128, 128, 64, 64, 32, 0, transpose_B=True))
    assert any(l.startswith("tile.gemm %A_s, %B_s, %C_l transpose_b :") for l in lines)
    # TileLang's num_stages=0 (no pipelining) is one stage.
    assert any("stages 1 {" in l for l in lines)


def test_gemm_clear_accum_and_gpu_keywords_of_gemm_and_copy():
    @T.prim_func
    def scores(Q: T.Tensor((64, 64), "bfloat16"), K: T.Tensor((64, 64), "bfloat16"),
               S: T.Tensor((64, 64), "float32")):
        with T.Kernel(1) as bx:
            q = T.alloc_shared((64, 64), "bfloat16")
            k = T.alloc_shared((64, 64), "bfloat16")
            s = T.alloc_fragment((64, 64), "float32")
            # GPU hints whose values Tilt does not evaluate: a layout dict,
            # annotations.
            T.annotate_layout({q: None})
            T.copy(Q[0, 0], q, disable_tma=True, annotations={"id": 1})
            T.copy(K[0, 0], k, eviction_policy="evict_first", coalesced_width=8)
            T.gemm(q, k, s, transpose_B=True, clear_accum=True, k_pack=2)
            T.copy(s, S[0, 0])
    lines = ops(scores)
    # clear_accum=True: C = A x B, the accumulator cleared at the call.
    clear = lines.index("tile.clear %s : !tile.buf<64x64xf32, fragment>")
    assert lines[clear + 1].startswith("tile.gemm %q, %k, %s transpose_b :")
    # GPU keywords of T.gemm and T.copy are hints, listed in one remark.
    for hint in ("k_pack", "disable_tma", "eviction_policy", "coalesced_width",
                 "T.annotate_layout", "T.copy's annotations"):
        assert hint in str(scores.remarks)

    def build():
        @T.prim_func
        def with_barrier(A: T.Tensor((32, 32), "bfloat16"),
                         C: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                a = T.alloc_shared((32, 32), "bfloat16")
                c = T.alloc_fragment((32, 32), "float32")
                T.copy(A[0, 0], a)
                T.gemm(a, a, c, mbar=a)  # gemm with a barrier
                T.copy(c, C[0, 0])
    expect_error(build, "gemm with a barrier",
                 "T.gemm's mbar is a Blackwell TCGEN5MMA barrier")


def test_a_copy_between_tensors_needs_known_equal_extents():
    def build():
        @T.prim_func
        def uneven(X: T.Tensor((128, 64), "float32"), Y: T.Tensor((128, 64), "float32")):
            with T.Kernel(2) as bx:
                T.copy(X[bx * 64 : bx * 64 + 64, :], Y[0:32, :])  # uneven slices
    expect_error(build, "uneven slices", "T.copy between two tensors goes through an "
                 "on-core buffer of the slices' shape: the slices must have the same "
                 "extents, known when the kernel is compiled (got [64, 64] and [32, 64])")


def test_locations_name_python_lines():
    text = str(gemm_kernel(128, 128, 128, 64, 64, 32, 2))
    assert f'tile.clear %C_l : !tile.buf<64x64xf32, fragment> loc("{__file__}":' \
           f'{line_of("T.clear(C_l)")}:13)' in text
    assert f'%A: !tile.tensor<128x128xbf16> loc("A"("{__file__}":' in text


def test_parallel_broadcast_reduce_fill():
    @T.prim_func
    def softmax(X: T.Tensor((64, 128), "float32"), Y: T.Tensor((64, 128), "float32")):
        with T.Kernel(2) as bx:
            X_s = T.alloc_shared((32, 128), "float32")
            m = T.alloc_fragment((32,), "float32")
            s = T.alloc_fragment((32,), "float32")
            E = T.alloc_fragment((32, 128), "float32")
            T.copy(X[bx * 32, 0], X_s)
            T.fill(m, -T.infinity("float32"))
            T.reduce_max(X_s, m, dim=1, clear=False)
            for i, j in T.Parallel(32, 128):
                E[i, j] = T.exp2(X_s[i, j] * 1.5 - m[i])
            T.reduce_sum(E, s, dim=-1)
            T.copy(E, Y[bx * 32, 0])
    lines = ops(softmax)
    assert "%cst = arith.constant 0xFF800000 : f32" in lines
    assert "tile.fill %m, %cst : !tile.buf<32xf32, fragment>, f32" in lines
    assert ("tile.reduce max %X_s -> %m dim 1 accumulate : "
            "!tile.buf<32x128xf32, shared>, !tile.buf<32xf32, fragment>") in lines
    assert ("tile.reduce sum %E -> %s dim 1 : !tile.buf<32x128xf32, fragment>, "
            "!tile.buf<32xf32, fragment>") in lines
    assert ("tile.parallel ins(%X_s, %m[d0] : !tile.buf<32x128xf32, shared>, "
            "!tile.buf<32xf32, fragment>) outs(%E : !tile.buf<32x128xf32, fragment>) {") in lines
    assert any(re.fullmatch(r"%v\w* = math.exp2 %v\w* : f32", l) for l in lines)


def test_parallel_forwarding_casts_and_global_staging():
    @T.prim_func
    def norm(X: T.Tensor((64, 64), "bfloat16"), Mean: T.Tensor((64,), "float32")):
        with T.Kernel(2) as bx:
            X_s = T.alloc_shared((32, 64), "bfloat16")
            total = T.alloc_fragment((32,), "float")
            mean = T.alloc_fragment((32,), "float")
            T.copy(X[bx * 32, 0], X_s)
            T.reduce_sum(X_s, total, dim=1)
            for i in T.Parallel(32):
                mean[i] = total[i] * (1.0 / 64)
                Mean[bx * 32 + i] = mean[i] + T.Cast("float32", 0)
            for i, j in T.Parallel(32, 64):
                X_s[i, j] = T.Cast("bfloat16", X_s[i, j] - mean[i])
    lines = ops(norm)
    # Mean[bx * 32 + i] is written through a fragment copied out after the op.
    assert any(l.startswith("tile.parallel ins(%total : !tile.buf<32xf32, fragment>) "
                            "outs(%mean, %Mean_out :") for l in lines)
    assert any(re.fullmatch(r"tile.copy %Mean_out, %Mean\[%idx\w*\] : "
                            r"!tile.buf<32xf32, fragment>, !tile.tensor<64xf32>", l)
               for l in lines), lines
    assert any("arith.extf" in l and "bf16 to f32" in l for l in lines)
    assert any("arith.truncf" in l and "f32 to bf16" in l for l in lines)


def test_index_masks_and_macros():
    @T.macro
    def mask(acc, row, col):
        for i, j in T.Parallel(32, 32):
            acc[i, j] = T.if_then_else(row + i >= col + j, 0, -T.infinity("float32"))

    @T.prim_func
    def causal(S: T.Tensor((64, 64), "float32")):
        with T.Kernel(2, 2) as (bx, by):
            acc = T.alloc_fragment((32, 32), "float32")
            mask(acc, by * 32, bx * 32)
            T.copy(acc, S[by * 32, bx * 32])
    lines = ops(causal)
    assert any(re.fullmatch(r"%i = tile.index 0 : index", l) for l in lines)
    assert any(re.fullmatch(r"%j = tile.index 1 : index", l) for l in lines)
    assert any(l.startswith("%v") and "arith.cmpi sge" in l for l in lines)
    assert any("arith.select" in l for l in lines)
    assert any(l.startswith("tile.parallel outs(%acc") for l in lines)


def test_serial_loops_and_scalar_parameters():
    @T.prim_func
    def scale(X: T.Tensor((32, 64), "float32"), alpha: T.float32):
        with T.Kernel(1) as bx:
            X_s = T.alloc_shared((32, 32), "float32")
            for k in T.serial(2):
                T.copy(X[0, k * 32], X_s)
                for i, j in T.Parallel(32, 32):
                    X_s[i, j] = X_s[i, j] * alpha
                T.copy(X_s, X[0, k * 32])
    lines = ops(scale)
    assert "func.func @scale(%X: !tile.tensor<32x64xf32>, %alpha: f32) {" in \
        [re.sub(r' loc\("\w+"\([^)]*\)\)', '', ops(scale)[0])]
    assert any(l.startswith("scf.for %k = %c0 to %c2 step %c1 {") for l in lines)
    assert any("%alpha = %alpha : f32" in l for l in lines)


def test_prim_func_script_and_params():
    func = gemm_kernel(64, 64, 64, 32, 32, 32, 1)
    assert func.script() == str(func)
    assert [p["name"] for p in func.params] == ["A", "B", "C"]
    assert func.params[0]["shape"] == (64, 64) and func.params[2]["dtype"] == "f32"


# -- unsupported constructs: located errors --------------------------------------

def test_error_while_loop_that_never_ends():
    # While loops on values known when the kernel runs work
    # (test_while.py); one whose condition is always true would never end.
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                while True:  # ERR-WHILE
                    pass
    expect_error(build, "# ERR-WHILE", "the condition of this while loop is always "
                 "true and a kernel has no `break`: it would never end")


def test_error_unknown_dtype():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                x = T.alloc_shared((32, 32), "float64")  # ERR-DTYPE
    expect_error(build, "# ERR-DTYPE", "the data type 'float64' is not one Tilt supports")


def test_error_runtime_if_on_a_float_scalar():
    # An `if` on block indices is scf.if (test_control_flow.py); one on a
    # float scalar of the kernel is not supported.
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32"), x: T.float32):
            with T.Kernel(2) as bx:
                if x > 0:  # ERR-IF
                    pass
    expect_error(build, "# ERR-IF", "comparison of values known only when the kernel runs")


def test_error_transposed_parallel_access():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                a = T.alloc_shared((32, 32), "float32")
                b = T.alloc_fragment((32, 32), "float32")
                for i, j in T.Parallel(32, 32):
                    b[i, j] = a[j, i]  # ERR-TRANSPOSE
    expect_error(build, "# ERR-TRANSPOSE", "in the loop's order")


def test_error_parallel_write_shape():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                b = T.alloc_fragment((32, 64), "float32")
                for i, j in T.Parallel(32, 32):
                    b[i, j] = 1.0  # ERR-SHAPE
    expect_error(build, "# ERR-SHAPE", "the buffer 'b' is 32x64, but the T.Parallel loop is 32x32")


def test_error_unknown_intrinsic_keyword():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                a = T.alloc_shared((32, 32), "float32")
                T.gemm(a, a, a, transpose_C=True)  # ERR-KEYWORD
    expect_error(build, "# ERR-KEYWORD", "T.gemm: got an unexpected keyword argument 'transpose_C'")


def test_error_undefined_name():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                T.clear(missing)  # ERR-NAME
    expect_error(build, "# ERR-NAME", "name 'missing' is not defined")


def test_error_dynamic_grid():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                with T.Kernel(bx) as by:  # ERR-NEST
                    pass
    expect_error(build, "# ERR-NEST", "T.Kernel blocks do not nest")


def test_error_missing_annotation():
    def build():
        @T.prim_func
        def k(A):  # ERR-ANNOTATION
            with T.Kernel(1) as bx:
                pass
    expect_error(build, "# ERR-ANNOTATION", "the parameter 'A' needs an annotation")


def test_error_store_outside_parallel():
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                a = T.alloc_fragment((32, 32), "float32")
                a[0, 0] = 1.0  # ERR-STORE
    expect_error(build, "# ERR-STORE", "only supported inside `for ... in T.Parallel(...)`")


def test_error_comprehension_over_a_runtime_value():
    # Comprehensions run in Python when the kernel is compiled: over values
    # known only when it runs (a block index) they are an error.
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(2) as bx:
                x = [bx * i for i in range(3)]  # ERR-COMP
    expect_error(build, "# ERR-COMP", "a comprehension over 'bx', a value known "
                 "only when the kernel runs, is not supported")


def test_error_loop_carried_float_value():
    # A loop whose trip count is known only when the kernel runs carries
    # integers (test_while.py), not floats, which it cannot unroll.
    def build():
        @T.prim_func
        def k(A: T.Tensor((32, 32), "float32")):
            with T.Kernel(2) as bx:
                acc = 1.0
                for k in T.serial(bx + 1):  # ERR-CARRIED
                    acc = acc * 2.0
    expect_error(build, "# ERR-CARRIED", "'acc' is assigned in the loop and used "
                 "outside it: a float value is carried across iterations only by "
                 "`range` and T.serial loops of at most 256 trips")


def test_intrinsics_outside_a_kernel():
    with pytest.raises(RuntimeError, match="inside a @T.prim_func"):
        T.copy(1, 2)


def test_dtype_of_a_torch_dtype():
    # TileLang's host code writes `T.dtype(q.dtype)` with a torch tensor.
    torch = pytest.importorskip("torch")
    assert T.dtype(torch.float16) == T.float16
    assert T.dtype(torch.bfloat16) == T.bfloat16
    with pytest.raises(ValueError, match="unknown or unsupported dtype 'float64'"):
        T.dtype(torch.float64)


def test_a_dtype_is_a_string_as_in_tilelang():
    # TileLang's gdn examples write getattr(torch, input_dtype) with a T.float32.
    torch = pytest.importorskip("torch")
    assert getattr(torch, T.float32) is torch.float32
    assert isinstance(T.bfloat16, str) and T.bfloat16 == "bfloat16"
    assert T.float32 == "float" and T.float32 != T.float16
    assert {"float16": 1}[T.float16] == 1
