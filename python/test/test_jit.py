"""TileLang's eager ``@tilelang.jit`` style on Tilt: the function is the
kernel, its tensors' shapes come from in-body annotations bound by the
tensors it is called with, ``T.empty`` makes the outputs it returns, and
kernels are cached by shapes, dtypes and constants. Written as TileLang's
examples are, with ``import tilt as tilelang``."""

import warnings

import numpy as np
import pytest

import tilt as tilelang
import tilt.language as T
from tilt.ir import TiltError
from tilt.language import FrontendError

torch = pytest.importorskip("torch")

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    return next(n for n, text in enumerate(SOURCE, 1)
                if marker in text and "line_of" not in text)


@tilelang.jit
def matmul_relu(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)

    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
        A_shared = T.alloc_shared((block_M, block_K), T.bfloat16)
        B_shared = T.alloc_shared((block_K, block_N), T.bfloat16)
        C_local = T.alloc_fragment((block_M, block_N), T.float32)
        T.clear(C_local)
        for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
            T.copy(A[by * block_M, k * block_K], A_shared)
            T.copy(B[k * block_K, bx * block_N], B_shared)
            T.gemm(A_shared, B_shared, C_local)
        for i, j in T.Parallel(block_M, block_N):
            C_local[i, j] = T.max(C_local[i, j], 0)
        T.copy(C_local, C[by * block_M, bx * block_N])
    return C


def reference(a, b):
    return torch.relu(a.float() @ b.float())


def test_call_with_tensors_compiles_for_their_shapes_and_runs():
    torch.manual_seed(0)
    a = torch.randn(128, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 128, dtype=torch.bfloat16)
    c = matmul_relu(a, b)
    assert isinstance(c, torch.Tensor) and c.dtype == torch.float32
    assert c.shape == (128, 128)
    torch.testing.assert_close(c, reference(a, b), rtol=1e-2, atol=1e-2)


def test_kernels_are_cached_by_shapes_dtypes_and_constants():
    @tilelang.jit
    def scale(X, factor: float = 2.0, block: int = 32):
        N = T.const("N")
        X: T.Tensor[[N], T.float32]
        Y = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, block)) as bx:
            for i in T.Parallel(block):
                Y[bx * block + i] = X[bx * block + i] * factor
        return Y

    x = torch.randn(64)
    torch.testing.assert_close(scale(x), x * 2)
    z = torch.randn(64)
    torch.testing.assert_close(scale(z), z * 2)
    assert len(scale._kernels) == 1  # same shape, dtype and constants
    torch.testing.assert_close(scale(x, factor=3.0), x * 3)
    assert len(scale._kernels) == 2  # a new constant
    y = torch.randn(128)
    torch.testing.assert_close(scale(y), y * 2)
    assert len(scale._kernels) == 3  # a new shape
    assert scale.parse_cache_key(x) == scale.parse_cache_key(torch.zeros(64))
    assert scale.parse_cache_key(x) != scale.parse_cache_key(y)


def test_compile_takes_the_shape_constants_by_name():
    kernel = matmul_relu.compile(M=64, N=64, K=64, block_M=32, block_N=32)
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 64, dtype=torch.bfloat16)
    torch.testing.assert_close(kernel(a, b), reference(a, b), rtol=1e-2, atol=1e-2)
    assert "matmul_tiles" in kernel.get_kernel_source()
    # Shapes and dtypes instead of tensors, as TileLang's par_compile configs.
    shape_only = matmul_relu.compile(T.Tensor((64, 64), T.bfloat16),
                                     T.Tensor((64, 64), T.bfloat16))
    torch.testing.assert_close(shape_only(a, b), reference(a, b), rtol=1e-2, atol=1e-2)


def test_get_kernel_source_is_the_compute_kernel():
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    source = matmul_relu.get_kernel_source(a, a)
    assert source.startswith("// compute.cpp") and "matmul_block(" in source


def test_dynamic_shapes_and_a_macro_that_holds_the_kernel():
    @T.macro
    def add_impl(X, Y, Z, N, block):
        with T.Kernel(T.ceildiv(N, block)) as bx:
            for i in T.Parallel(block):
                Z[bx * block + i] = X[bx * block + i] + Y[bx * block + i]

    @tilelang.jit
    def add(X, Y):
        N = T.dynamic("N")
        X: T.Tensor[[N], T.float32]
        Y: T.Tensor[[N], T.float32]
        Z = T.empty((N,), X.dtype)
        add_impl(X, Y, Z, N, 32)
        return Z

    for n in (64, 96):
        x, y = torch.randn(n), torch.randn(n)
        torch.testing.assert_close(add(x, y), x + y)


def test_scalar_parameter_with_a_default():
    @tilelang.jit
    def add_one(X, data: T.float32 = 1):
        M, N = T.const("M, N")
        X: T.Tensor[[M, N], T.float32]
        Y = T.empty((M, N), T.float32)
        with T.Kernel(T.ceildiv(M, 32)) as bx:
            for i, j in T.Parallel(32, N):
                Y[bx * 32 + i, j] = X[bx * 32 + i, j] + data
        return Y

    x = torch.randn(64, 32)
    torch.testing.assert_close(add_one(x), x + 1)
    torch.testing.assert_close(add_one(x, 2.5), x + 2.5)
    assert len(add_one._kernels) == 1  # the scalar is passed at run time


def test_two_outputs_returned_as_a_tuple_and_numpy_inputs():
    @tilelang.jit
    def sum_and_difference(A, B, block: int = 32):
        (N,) = T.const("N"),
        A: T.Tensor((N,), T.float32)
        B: T.Tensor((N,), T.float32)
        S = T.empty((N,), T.float32)
        D = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, block)) as bx:
            for i in T.Parallel(block):
                S[bx * block + i] = A[bx * block + i] + B[bx * block + i]
                D[bx * block + i] = A[bx * block + i] - B[bx * block + i]
        return S, D

    a = np.arange(64, dtype=np.float32)
    b = np.ones(64, np.float32)
    s, d = sum_and_difference(a, b)
    assert isinstance(s, np.ndarray)
    np.testing.assert_array_equal(s, a + b)
    np.testing.assert_array_equal(d, a - b)


def test_in_place_kernel_without_outputs_returns_none():
    @tilelang.jit
    def double_into(A, B):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B: T.Tensor((N,), T.float32)
        with T.Kernel(T.ceildiv(N, 32)) as bx:
            for i in T.Parallel(32):
                B[bx * 32 + i] = A[bx * 32 + i] * 2.0

    a, b = torch.randn(64), torch.zeros(64)
    assert double_into(a, b) is None
    torch.testing.assert_close(b, a * 2)


def test_factory_style_still_returns_the_kernel():
    @tilelang.jit(out_idx=[-1])
    def negate(N, block):
        @T.prim_func
        def main(A: T.Tensor((N,), T.float32), B: T.Tensor((N,), T.float32)):
            with T.Kernel(T.ceildiv(N, block)) as bx:
                for i in T.Parallel(block):
                    B[bx * block + i] = -A[bx * block + i]
        return main

    kernel = negate(64, 32)
    assert negate(64, 32) is kernel
    a = torch.randn(64)
    torch.testing.assert_close(kernel(a), -a)


# -- errors, at the user's line -------------------------------------------------


@tilelang.jit
def copy_rows(A, block: int = 32):
    M, N = T.const("M, N")
    A: T.Tensor((M, N), T.float32)  # ANNOTATION
    B = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block)) as bx:
        for i, j in T.Parallel(block, N):
            B[bx * block + i, j] = A[bx * block + i, j] + 1.0  # BODY
    return B


def test_blocks_of_48_rows_are_padded_to_whole_tiles(capfd):
    a = torch.randn(96, 32)
    torch.testing.assert_close(copy_rows(a, block=48), a + 1.0)
    assert "so their buffers are padded to whole tiles instead" in capfd.readouterr().err


def test_a_tensor_that_does_not_match_its_annotation():
    with pytest.raises(FrontendError) as error:
        copy_rows(torch.randn(64, 32, dtype=torch.float16))
    text = str(error.value)
    assert f"test_jit.py:{line_of('# ANNOTATION')}:" in text
    assert "'A' is a float16 tensor, but its annotation says float32" in text
    with pytest.raises(FrontendError, match="has 2 dimensions|is a 1-d tensor"):
        copy_rows(torch.randn(64))


def test_a_dtype_no_kernel_takes_is_named():
    with pytest.raises(TypeError, match="'A' is a torch.float64 tensor: Tilt's kernels "
                       "take float32, float16, bfloat16, int32, int8, uint8 and bool"):
        copy_rows(torch.zeros(64, 32, dtype=torch.float64))


def test_compiler_errors_show_the_python_line():
    # Rows of 48 columns: not whole tiles, and not padded (a write of
    # partial columns would need a column limit).
    with pytest.raises(TiltError) as error:
        copy_rows(torch.randn(64, 48), block=32)
    text = str(error.value)
    line = line_of("# BODY")
    assert f"test_jit.py:{line}:" in text
    assert "not made of whole 32x32 tiles" in text
    # The Python source line, not the tile IR the passes saw.
    assert "B[bx * block + i, j] = A[bx * block + i, j] + 1.0" in text
    assert "arith." not in text and "pass 'tile-legalize'" not in text
    assert text.count("not made of whole") == 1


def test_a_constant_used_only_in_expressions_is_an_error():
    @tilelang.jit
    def wrong(A):
        M = T.const("M")
        A: T.Tensor[[M * 2, M * 3], T.float32]  # WRONG
        with T.Kernel(1) as _:
            pass

    with pytest.raises(FrontendError) as error:
        wrong(torch.randn(64, 96))
    assert f":{line_of('# WRONG')}:" in str(error.value)
    assert "needs (M * 2)" in str(error.value) or "needs M" in str(error.value)


def test_out_idx_is_for_factories():
    @tilelang.jit(out_idx=[-1])
    def eager(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(1) as _:
            for i in T.Parallel(32):
                B[i] = A[i]
        return B

    with pytest.raises(ValueError, match="out_idx is for factory-style kernels"):
        eager(torch.randn(32))


def test_unknown_pass_config_keys_are_warned_about_once():
    def make():
        @tilelang.jit(pass_configs={"tl.disable_tma_lower": True,
                                    "tilt.no_such_option_for_test": 1})
        def kernel(A):
            pass
        return kernel

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
        make()
    messages = [str(w.message) for w in caught]
    assert len([m for m in messages if "tilt.no_such_option_for_test" in m]) == 1
    assert not any("tl.disable_tma_lower" in m for m in messages)


def test_no_object_addresses_in_messages():
    @tilelang.jit
    def slice_value(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(1) as _:
            first = A[0]
            for i in T.Parallel(32):
                B[i] = first
        return B

    with pytest.raises(FrontendError) as error:
        slice_value(torch.randn(32))
    assert " at 0x" not in str(error.value)
    assert "a slice of 'A'" in str(error.value)


def test_par_compile_compiles_every_configuration():
    configs = [{"M": 64, "N": 64, "K": 64, "block_M": 32, "block_N": 32},
               {"M": 64, "N": 64, "K": 64, "block_M": 64, "block_N": 64},
               {"M": 64, "N": 64, "K": 64, "block_N": 48}]  # columns not whole tiles
    with pytest.warns(UserWarning, match="a configuration failed") as caught:
        kernels = matmul_relu.par_compile(configs, num_workers=2, ignore_error=True)
    assert kernels[2] is None
    assert kernels[0] is not None and kernels[1] is not None, \
        [str(w.message) for w in caught]
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    for kernel in kernels[:2]:
        torch.testing.assert_close(kernel(a, a), reference(a, a), rtol=1e-2, atol=1e-2)
    with pytest.raises(TiltError, match="not made of whole 32x32 tiles"):
        matmul_relu.par_compile(configs[2:])


def test_clamp_and_sigmoid_in_a_parallel_body():
    @tilelang.jit
    def gate(X, lo: float = -0.5, hi: float = 0.5):
        M, N = T.const("M, N")
        X: T.Tensor((M, N), T.float32)
        Y = T.empty((M, N), T.float32)
        with T.Kernel(T.ceildiv(M, 32)) as bx:
            for i, j in T.Parallel(32, N):
                Y[bx * 32 + i, j] = T.clamp(X[bx * 32 + i, j], lo, hi) * \
                    T.sigmoid(X[bx * 32 + i, j])
        return Y

    x = torch.randn(64, 64) * 3
    # exp on the SFPU is bf16-grade in an fp32 DST too (docs/emulator.md).
    torch.testing.assert_close(gate(x), x.clamp(-0.5, 0.5) * torch.sigmoid(x),
                               rtol=1e-2, atol=1e-2)


def test_gpu_hints_are_one_remark_per_kernel(capfd):
    @tilelang.jit
    def hinted(X):
        N = T.const("N")
        X: T.Tensor((N,), T.float32)
        Y = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, 32), threads=256) as bx:  # HINTED
            T.use_swizzle(panel_size=10)
            T.use_swizzle(panel_size=10)
            for i in T.Parallel(32):
                Y[bx * 32 + i] = X[bx * 32 + i]
        return Y

    x = torch.randn(64)
    torch.testing.assert_close(hinted(x), x)
    err = capfd.readouterr().err
    assert err.count("remark: GPU hints with no effect on Tenstorrent: threads=256, "
                     "T.use_swizzle (") == 1, err
    assert f"test_jit.py:{line_of('# HINTED')}:" in err


def test_scalars_computed_from_scalar_arguments_outside_a_body():
    @tilelang.jit
    def normalize(X, eps: T.float32 = 1e-3):
        N = T.const("N")
        X: T.Tensor((N,), T.float32)
        Y = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, 32)) as bx:
            inv = 1.0 / eps        # computed in the body below, on the device
            shift = -eps * 2.0
            for i in T.Parallel(32):
                Y[bx * 32 + i] = X[bx * 32 + i] * inv + shift
        return Y

    x = torch.randn(64)
    torch.testing.assert_close(normalize(x, 0.5), x * 2.0 - 1.0)
    torch.testing.assert_close(normalize(x, 0.25), x * 4.0 - 0.5)
    assert len(normalize._kernels) == 1  # eps is passed at run time


def test_persistent_kernel_is_the_kernel_over_its_domain():
    @tilelang.jit
    def matmul_persistent(A, B, block_M: int = 32, block_N: int = 32, waves: int = 4):
        M, N, K = T.const("M, N, K")
        A: T.Tensor((M, K), T.bfloat16)
        B: T.Tensor((K, N), T.bfloat16)
        C = T.empty((M, N), T.float32)
        with T.Kernel(waves, threads=128) as block_id:
            A_s = T.alloc_shared((block_M, 32), T.bfloat16)
            B_s = T.alloc_shared((32, block_N), T.bfloat16)
            C_l = T.alloc_fragment((block_M, block_N), T.float32)
            for bx, by in T.Persistent([T.ceildiv(M, block_M), T.ceildiv(N, block_N)],
                                       waves, block_id):
                T.clear(C_l)
                for k in T.Pipelined(T.ceildiv(K, 32), num_stages=2):
                    T.copy(A[bx * block_M, k * 32], A_s)
                    T.copy(B[k * 32, by * block_N], B_s)
                    T.gemm(A_s, B_s, C_l)
                T.copy(C_l, C[bx * block_M, by * block_N])
        return C

    a = torch.randn(64, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 96, dtype=torch.bfloat16)
    torch.testing.assert_close(matmul_persistent(a, b), a.float() @ b.float(),
                               rtol=1e-2, atol=1e-2)
    assert "grid [2, 3]" in matmul_persistent.get_tir(a, b).script()

    @tilelang.jit
    def wave_index_used(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(4) as block_id:
            for (bx,) in T.Persistent([T.ceildiv(N, 32)], 4, block_id):
                for i in T.Parallel(32):
                    B[bx * 32 + i] = A[bx * 32 + i] + block_id  # WAVE
        return B

    with pytest.raises(FrontendError) as error:
        wave_index_used(torch.randn(64))
    assert f":{line_of('# WAVE')}:" in str(error.value)
    assert "used outside T.Persistent's domain" in str(error.value)


def test_jit_of_a_prim_func_returns_its_kernel():
    @T.prim_func
    def negate(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
        with T.Kernel(2) as bx:
            for i in T.Parallel(32):
                B[bx * 32 + i] = -A[bx * 32 + i]

    kernel = tilelang.jit(out_idx=[-1])(negate)()
    a = torch.randn(64)
    torch.testing.assert_close(kernel(a), -a)


def test_an_if_the_grid_bounds_decide_is_decided_at_compile_time():
    @tilelang.jit
    def guarded(A, block: int = 32):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, block)) as bx:
            if bx * block < N and bx >= 0:   # true for every block
                for i in T.Parallel(block):
                    B[bx * block + i] = A[bx * block + i] * 2.0
            if bx * block >= N:              # true for none
                for i in T.Parallel(block):
                    B[bx * block + i] = A[bx * block + i]
        return B

    a = torch.randn(96)
    torch.testing.assert_close(guarded(a), a * 2)

    @tilelang.jit
    def first_block_only(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, 32)) as bx:
            if bx == 0:
                for i in T.Parallel(32):
                    B[i] = A[i]
        return B

    # The other conditions are decided when the kernel runs (scf.if).
    a = torch.randn(64)
    torch.testing.assert_close(first_block_only(a)[:32], a[:32])


def test_unroll_vectorized_floordiv_and_floormod():
    @tilelang.jit
    def halves(A):
        M, N = T.const("M, N")
        A: T.Tensor((M, N), T.float32)
        B = T.empty((M, N), T.float32)
        with T.Kernel(T.floordiv(M, 32)) as bx:
            for k in T.unroll(T.floordiv(N, 32), explicit=True):
                # Column block k reads block k + 1, the last one the first.
                src = T.floormod(k + 1, T.floordiv(N, 32)) * 32
                A_s = T.alloc_shared((32, 32), T.float32)
                T.copy(A[bx * 32, src], A_s)
                for i, j in T.Parallel(32, 32):
                    B[bx * 32 + i, k * 32 + j] = A_s[i, j] * 0.5
        return B

    a = torch.randn(64, 128)
    expected = torch.roll(a, -32, dims=1) * 0.5
    torch.testing.assert_close(halves(a), expected)

    @tilelang.jit
    def negate(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, 32)) as bx:
            for v in T.vectorized(32):
                B[bx * 32 + v] = -A[bx * 32 + v]
        return B

    a = torch.randn(64)
    torch.testing.assert_close(negate(a), -a)
