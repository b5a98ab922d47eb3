"""Weights stored as Tenstorrent's block floats: a TileLang GEMM as it is
written, with ``pass_configs={"tilt.storage_formats": {"B": "bfp8_b"}}``,
stores B in DRAM as Bfp8_b tiles (as ttnn's ``bfloat8_b`` weights), and
computes with the values the host's conversion leaves, which
``tilt.utils.round_as_block_float`` gives for the reference."""

import numpy as np
import pytest

import tilt as tilelang
import tilt.language as T
from tilt.ir import TiltError
from tilt.utils import round_as_block_float

torch = pytest.importorskip("torch")

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    return next(n for n, text in enumerate(SOURCE, 1)
                if marker in text and "line_of" not in text)


def matmul(M, N, K, block_M=64, block_N=64, block_K=32):
    @T.prim_func
    def main(A: T.Tensor((M, K), "bfloat16"), B: T.Tensor((K, N), "bfloat16"),  # DEF
             C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), "bfloat16")
            B_shared = T.alloc_shared((block_K, block_N), "bfloat16")
            C_local = T.alloc_fragment((block_M, block_N), "float")
            T.clear(C_local)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
                T.copy(A[by * block_M, k * block_K], A_shared)
                T.copy(B[k * block_K, bx * block_N], B_shared)
                T.gemm(A_shared, B_shared, C_local)
            T.copy(C_local, C[by * block_M, bx * block_N])
    return main


@pytest.mark.parametrize("fmt", ["bfp8_b", "bfp4_b"])
def test_gemm_with_block_float_weights_matches_the_rounded_reference(fmt):
    torch.manual_seed(0)
    a = torch.randn(128, 96, dtype=torch.bfloat16)
    b = torch.randn(96, 128, dtype=torch.bfloat16)
    kernel = tilelang.compile(matmul(128, 128, 96), out_idx=[2],
                              pass_configs={"tilt.storage_formats": {"B": fmt}})
    # B's DRAM buffer and its circular buffer hold block-float tiles.
    tile_bytes = {"bfp8_b": 1088, "bfp4_b": 576}[fmt]
    assert f"page_size {tile_bytes}" in kernel.tt_ir
    assert f"!cb.{fmt}" in kernel.tt_ir
    c = kernel(a, b)
    rounded = round_as_block_float(b, fmt)
    assert rounded.dtype == torch.bfloat16
    # The weights lost bits to their shared exponents ...
    assert not torch.equal(rounded, b)
    # ... and the kernel computed with what they kept.
    expected = a.float() @ rounded.float()
    torch.testing.assert_close(c, expected, rtol=1e-5, atol=1e-4)


def test_rounding_takes_numpy_arrays_and_keeps_their_dtype():
    values = np.array([[1.0, 1.0 / 3.0] + [0.0] * 14, [100.0, 0.01] + [0.0] * 14],
                      dtype=np.float32)
    rounded = round_as_block_float(values, "bfp8_b")
    assert rounded.dtype == np.float32 and rounded.shape == values.shape
    # 1/3 keeps 7 bits beside 1.0; 0.01 beside 100 keeps none.
    assert rounded[0, 0] == 1.0 and abs(rounded[0, 1] - 1.0 / 3.0) < 2 ** -7
    assert rounded[1, 0] == 100.0 and rounded[1, 1] == 0.0
    with pytest.raises(ValueError, match="unknown block-float format 'bfp2'"):
        round_as_block_float(values, "bfp2")


def test_a_block_float_output_is_an_error_at_the_kernel():
    with pytest.raises(TiltError) as error:
        tilelang.compile(matmul(64, 64, 64), out_idx=[2],
                         pass_configs={"tilt.storage_formats": {"C": "bfp8_b"}})
    text = str(error.value)
    assert "a bfp8_b tensor holds bf16 values" in text
    assert f"test_block_float.py:{line_of('# DEF')}" in text


def test_an_unknown_name_or_format_is_an_error():
    with pytest.raises(TiltError, match="no tensor argument 'W' to store as bfp8_b"):
        tilelang.compile(matmul(64, 64, 64), out_idx=[2],
                         pass_configs={"tilt.storage_formats": {"W": "bfp8_b"}})
    with pytest.raises(ValueError, match="maps tensor names to 'bfp8_b' or 'bfp4_b'"):
        tilelang.compile(matmul(64, 64, 64), out_idx=[2],
                         pass_configs={"tilt.storage_formats": {"B": "bfp16"}})
