"""Convolution as TileLang writes it (issue 33): ``T.im2col`` blocks of an
NHWC image times the filter, both seen through ``T.Tensor(shape, dtype,
X.data)`` views flattened to matrices. The reader gathers each output
pixel's taps (zeros in the padding), compute tilizes them and multiplies;
the caller passes and gets back tensors of their own shapes."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

torch = pytest.importorskip("torch")


@tilelang.jit
def convolution(data, kernel, S, D, P, block_M: int = 64, block_N: int = 64,
                block_K: int = 32, dtype=T.bfloat16, accum_dtype=T.float32):
    N, C, H, W, F, K = T.const("N, C, H, W, F, K")
    OH = (H + 2 * P - D * (K - 1) - 1) // S + 1
    OW = (W + 2 * P - D * (K - 1) - 1) // S + 1
    data: T.Tensor((N, H, W, C), dtype)
    kernel: T.Tensor((K, K, C, F), dtype)
    out = T.empty((N, OH, OW, F), dtype)
    with T.Kernel(T.ceildiv(F, block_N), T.ceildiv(N * OH * OW, block_M),
                  threads=128) as (bx, by):
        data_shared = T.alloc_shared((block_M, block_K), dtype)
        kernel_shared = T.alloc_shared((block_K, block_N), dtype)
        out_local = T.alloc_fragment((block_M, block_N), accum_dtype)
        out_shared = T.alloc_shared((block_M, block_N), dtype)
        kernel_flat = T.Tensor((K * K * C, F), dtype, kernel.data)
        out_flat = T.Tensor((N * OH * OW, F), dtype, out.data)
        T.clear(out_local)
        for k in T.Pipelined(T.ceildiv(K * K * C, block_K), num_stages=2):
            T.im2col(data, data_shared, by, k, K, S, D, P)
            T.copy(kernel_flat[k * block_K, bx * block_N], kernel_shared)
            T.gemm(data_shared, kernel_shared, out_local)
        T.copy(out_local, out_shared)
        T.copy(out_shared, out_flat[by * block_M, bx * block_N])
    return out


def reference(data, kernel, stride, padding, dilation):
    """torch's convolution in float64, NHWC in and out."""
    out = torch.conv2d(data.double().permute(0, 3, 1, 2),
                       kernel.double().permute(3, 2, 0, 1),
                       stride=stride, padding=padding, dilation=dilation)
    return out.permute(0, 2, 3, 1)


@pytest.mark.parametrize("n, c, h, w, f, k, s, d, p", [
    (2, 64, 8, 8, 64, 3, 1, 1, 1),   # a 3x3 kernel with padding
    (1, 32, 9, 7, 64, 3, 2, 2, 2),   # stride and dilation, 32 channels
    (3, 64, 5, 5, 64, 1, 1, 1, 0),   # pointwise, pixels not whole blocks
    (2, 3, 16, 16, 64, 3, 1, 1, 1),  # an RGB image: the reader gathers
    (1, 5, 9, 9, 64, 3, 2, 1, 1),    # 5 channels, stride 2, gathered
])
def test_a_convolution_matches_torch(n, c, h, w, f, k, s, d, p):
    torch.manual_seed(0)
    data = torch.randn(n, h, w, c, dtype=torch.bfloat16)
    kernel = torch.randn(k, k, c, f, dtype=torch.bfloat16)
    out = convolution(data, kernel, s, d, p)
    expected = reference(data, kernel, s, p, d)
    assert out.shape == expected.shape
    # bf16 output: a rounding of each sum (about 0.4% of it), beside the
    # f32 accumulation's.
    torch.testing.assert_close(out.double(), expected, rtol=1e-2, atol=2e-2)


def test_fp16_pixels_keep_their_precision():
    # The f32 accumulator makes the DST fp32, whose packing into an fp16 CB
    # would round each pixel to bf16 precision; the reader places the
    # pixels in tiles itself instead, so only the matrix engine's and the
    # output's roundings remain.
    torch.manual_seed(1)
    data = torch.randn(2, 8, 8, 64, dtype=torch.float16)
    kernel = torch.randn(3, 3, 64, 64, dtype=torch.float16)
    compiled = convolution.compile(data, kernel, 1, 1, 1, dtype=T.float16)
    assert "tilize_block" not in compiled.source("compute")
    assert "get_noc_addr(" in compiled.source("reader")
    result = compiled.check(data, kernel)
    assert result.ok, str(result)
    out = compiled(data, kernel)
    expected = reference(data, kernel, 1, 1, 1)
    # Small sums keep about fp16 precision: bf16 inputs would be 8 times off.
    small = expected.abs() < 1
    assert (out.double() - expected)[small].abs().max() < 0.05


def test_the_compiled_program_reads_the_views_and_gathers_the_image():
    data = torch.randn(2, 8, 8, 64, dtype=torch.bfloat16)
    kernel = torch.randn(3, 3, 64, 64, dtype=torch.bfloat16)
    compiled = convolution.compile(data, kernel, 1, 1, 1)
    # The program's parameters have the views' shapes.
    shapes = {a["name"]: tuple(a["shape"]) for a in compiled.arguments}
    assert shapes == {"data": (2, 8, 8, 64), "kernel": (576, 64),
                      "out": (128, 64)}
    assert "tile.im2col" in compiled.tile_ir
    reader = compiled.source("reader")
    assert "noc_async_read(" in reader and "fill_zero_tile" in reader
    assert "tilize_block" in compiled.source("compute")
    result = compiled.check(data, kernel)
    assert result.ok, str(result)


def test_the_profiler_supplies_tensors_of_their_own_shapes():
    data = torch.randn(1, 6, 6, 32, dtype=torch.bfloat16)
    kernel = torch.randn(3, 3, 32, 64, dtype=torch.bfloat16)
    compiled = convolution.compile(data, kernel, 1, 1, 1)
    profiler = compiled.get_profiler()
    profiler.assert_allclose(
        lambda x, w: reference(x, w, 1, 1, 1).to(torch.bfloat16),
        atol=2e-2, rtol=1e-2)


def test_a_tensor_used_both_as_itself_and_through_a_view_is_an_error():
    @tilelang.jit
    def both(A, B):
        M, N = T.const("M, N")
        A: T.Tensor((M, N), T.bfloat16)
        B: T.Tensor((M, N), T.bfloat16)
        with T.Kernel(1) as bx:
            s = T.alloc_shared((32, 32), T.bfloat16)
            T.copy(A[0, 0], s)
            flat = T.Tensor((M * N // 32, 32), T.bfloat16, A.data)
            T.copy(s, B[0, 0])

    a = torch.zeros(64, 64, dtype=torch.bfloat16)
    with pytest.raises(FrontendError) as error:
        both(a, a.clone())
    assert "'A' is used with its own shape (64, 64) before this view" in str(error.value)
    assert "test_convolution.py" in str(error.value)


def test_a_view_of_another_size_is_an_error():
    @tilelang.jit
    def wrong(A):
        M, N = T.const("M, N")
        A: T.Tensor((M, N), T.bfloat16)
        with T.Kernel(1) as bx:
            flat = T.Tensor((M * N * 2, 32), T.bfloat16, A.data)
            s = T.alloc_shared((32, 32), T.bfloat16)
            T.copy(flat[0, 0], s)

    with pytest.raises(FrontendError) as error:
        wrong(torch.zeros(64, 64, dtype=torch.bfloat16))
    assert "T.Tensor views 262144 elements of 'A', which has 4096" in str(error.value)


def test_im2col_takes_compile_time_parameters():
    @tilelang.jit
    def bad(data, s):
        N, H, W, C = T.const("N, H, W, C")
        data: T.Tensor((N, H, W, C), T.bfloat16)
        with T.Kernel(1) as bx:
            col = T.alloc_shared((32, 32), T.bfloat16)
            T.im2col(data, col, bx, 0, 3, 0, 1, 1)

    with pytest.raises(FrontendError) as error:
        bad(torch.zeros(1, 8, 8, 32, dtype=torch.bfloat16), 1)
    assert "T.im2col's stride must be an int of at least 1" in str(error.value)
