"""The ``tilelang`` names TileLang's examples import exist under ``tilt``
with TileLang's meaning, and those with no meaning on Tenstorrent say so
(and what to use instead) at the user's line."""

import importlib

import pytest

import tilt as tilelang
import tilt.language as T
from tilt import NotAvailableError
from tilt.language import FrontendError

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    return next(n for n, text in enumerate(SOURCE, 1)
                if marker in text and "line_of" not in text)


def test_the_names_the_examples_import():
    from tilt.autotuner import AutoTuner, autotune  # noqa: F401
    from tilt.profiler import do_bench  # noqa: F401
    from tilt.utils.tensor import TensorSupplyType, torch_assert_close  # noqa: F401
    from tilt.transform import PassConfigKey
    assert PassConfigKey is tilelang.PassConfigKey
    assert tilelang.TensorSupplyType is TensorSupplyType
    assert tilelang.autotuner.AutoTuner is AutoTuner
    assert tilelang.JITKernel is tilelang.kernel.Kernel
    assert tilelang.cdiv(65, 32) == 3 and tilelang.math.cdiv(64, 32) == 2
    assert tilelang.next_power_of_2(33) == 64 and tilelang.next_power_of_2(1) == 1
    assert tilelang.PassConfigKey.TL_ENABLE_FAST_MATH == "tl.enable_fast_math"
    assert T.dtype("bfloat16") == T.bfloat16 and str(T.float16) == "float16"
    assert callable(tilelang.testing.main) and callable(tilelang.testing.set_random_seed)


@pytest.mark.parametrize("module", ["carver", "carver.arch", "cuda", "rocm.intrinsics",
                                    "contrib", "tools", "layout", "engine.callback"])
def test_gpu_only_modules_say_why_on_import(module):
    with pytest.raises(NotAvailableError, match="CUDA/ROCm-only|TileLang's own|TVM"):
        importlib.import_module(f"tilt.{module}")


def test_gpu_only_names_say_what_to_use():
    with pytest.raises(NotAvailableError, match="tune block sizes with tilt.autotuner"):
        tilelang.carver  # noqa: B018
    with pytest.raises(NotAvailableError, match="T.float8_e4m3fn is a GPU 8/4-bit float format .* Bfp8_b and Bfp4_b"):
        T.float8_e4m3fn  # noqa: B018
    with pytest.raises(ImportError, match="T.ptx_cp_async is CUDA/ROCm-only"):
        from tilt.language import ptx_cp_async  # noqa: F401
    # A misspelling is still an AttributeError.
    assert not hasattr(T, "alloc_sharde")


def test_a_gpu_intrinsic_in_a_kernel_is_an_error_at_its_line():
    # (T.tma_copy and the barriers of warp-specialized kernels are read:
    # test_warp_specialize.py.)
    @tilelang.jit
    def with_cp_async(A):
        N = T.const("N")
        A: T.Tensor((N,), T.float32)
        B = T.empty((N,), T.float32)
        with T.Kernel(1) as _:
            A_s = T.alloc_shared((N,), T.float32)
            T.ptx_cp_async(A_s, A, 16)  # CP-ASYNC
            T.copy(A_s, B)
        return B

    with pytest.raises(FrontendError) as error:
        with_cp_async.compile(N=32)
    text = str(error.value)
    assert f"test_api.py:{line_of('# CP-ASYNC')}:" in text
    assert "T.ptx_cp_async is CUDA/ROCm-only" in text and "T.copy and T.Pipelined" in text


def test_fp8_names_what_tenstorrent_offers():
    @tilelang.jit
    def cast_fp8(A):
        N = T.const("N")
        A: T.Tensor((N,), "float8_e4m3fn")  # FP8
        B = T.empty((N,), T.float32)
        with T.Kernel(1) as _:
            for i in T.Parallel(32):
                B[i] = A[i]
        return B

    with pytest.raises(FrontendError) as error:
        cast_fp8.compile(N=32)
    assert f"test_api.py:{line_of('# FP8')}:" in str(error.value)
    assert "Bfp8_b and Bfp4_b" in str(error.value)
    assert "t.to(torch.bfloat16)" in str(error.value)
