"""tilt.compile's kernel object: running with NumPy arrays, outputs
returned or written in place, the generated files, and every error of the
compile located at the kernel's Python line."""

import numpy as np
import pytest

import tilt
import tilt.language as T
from tilt.ir import TiltError

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    return next(n for n, text in enumerate(SOURCE, 1)
                if marker in text and "line_of" not in text)


def scale_add(M, N, block, rows=32):
    @T.prim_func
    def scale_add(A: T.Tensor((M, N), "float32"), B: T.Tensor((M, N), "float32"),
                  C: T.Tensor((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, rows)) as (bx, by):
            A_s = T.alloc_shared((rows, block), "float32")  # ALLOC-A
            B_s = T.alloc_shared((rows, block), "float32")
            C_l = T.alloc_fragment((rows, block), "float32")
            T.copy(A[by * rows, bx * block], A_s)
            T.copy(B[by * rows, bx * block], B_s)
            for i, j in T.Parallel(rows, block):
                C_l[i, j] = A_s[i, j] * 2.0 + B_s[i, j]
            T.copy(C_l, C[by * rows, bx * block])
    return scale_add


def test_outputs_returned_and_written_in_place(tmp_path):
    kernel = tilt.compile(scale_add(64, 64, 32), out_idx=[-1], grid=(2, 2))
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 64), dtype=np.float32)
    b = rng.standard_normal((64, 64), dtype=np.float32)
    c = kernel(a, b)
    np.testing.assert_allclose(c, a * 2 + b, rtol=1e-6, atol=1e-6)  # fp32 DST
    # All three given: C is written into the array passed.
    out = np.zeros((64, 64), np.float32)
    assert kernel(a, b, out) is not None
    np.testing.assert_allclose(out, a * 2 + b, rtol=1e-6, atol=1e-6)
    check = kernel.check(a, b)
    assert check.ok and "OK: the device results match the reference" in str(check)
    assert set(check.outputs) == {"C"}


def test_f32_is_exact_unless_tf32_is_allowed():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((64, 64), dtype=np.float32)
    b = rng.standard_normal((64, 64), dtype=np.float32)
    # An fp32 DST and the SFPU: a * 2 is exact, + b one f32 rounding, as
    # NumPy computes it in float32.
    exact = tilt.compile(scale_add(64, 64, 32), out_idx=[-1], grid=(2, 2))
    np.testing.assert_array_equal(exact(a, b), a * np.float32(2) + b)
    assert "add_binary_tile" in exact.source("compute")
    # TileLang's pass_configs with Tilt's key: the FPU, TF32 operands.
    tf32 = tilt.compile(scale_add(64, 64, 32), out_idx=[-1], grid=(2, 2),
                        pass_configs={tilt.PassConfigKey.TILT_ALLOW_TF32: True})
    assert "binary_dest_reuse_tiles" in tf32.source("compute")
    assert "allow-tf32=true" in tf32.pipeline
    assert tf32.check(a, b).ok
    with pytest.raises(TypeError, match="tilt.allow_tf32"):
        tilt.compile(scale_add(64, 64, 32),
                     pass_configs={"tilt.allow_tf32": "yes"})


def test_generated_files_and_ir(tmp_path):
    kernel = tilt.compile(scale_add(64, 64, 32), grid="1x1")
    assert "tile.parallel" in kernel.tile_ir
    assert "tt.program" in kernel.tt_ir
    assert kernel.pipeline.startswith("tile-to-tt{")
    assert "MAIN" in kernel.source("compute") or "kernel_main" in kernel.source("compute")
    assert "CreateProgram" in kernel.source("host")
    kernel.save(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kernel.files)
    assert [a["name"] for a in kernel.arguments] == ["A", "B", "C"]


def test_wrong_arrays_are_errors():
    kernel = tilt.compile(scale_add(64, 64, 32), out_idx=-1, grid="1x1")
    with pytest.raises(TypeError, match="takes 2 arrays"):
        kernel(np.zeros((64, 64), np.float32))
    with pytest.raises(ValueError, match="'A' must have shape"):
        kernel(np.zeros((32, 64), np.float32), np.zeros((64, 64), np.float32))


def test_lowering_error_names_the_python_line():
    # 48-column buffers are not whole 32x32 tiles, nor a share of one that
    # merged blocks would fill: tile-legalize rejects them at the
    # T.alloc_shared line, after tile-widen-blocks' remark says why.
    with pytest.raises(TiltError) as info:
        tilt.compile(scale_add(64, 96, 48), grid="1x1")
    assert f"{__file__}:{line_of('# ALLOC-A')}:" in str(info.value)
    assert "not made of whole 32x32 tiles" in str(info.value)
    assert "is not one block's share of a tile" in str(info.value)
    errors = [d for d in info.value.diagnostics if str(d.severity).endswith("ERROR")]
    assert errors[0].line == line_of("# ALLOC-A")
    # 16-row blocks are merged into 32-row ones (tile-widen-blocks).
    assert tilt.compile(scale_add(64, 64, 32, rows=16), grid="1x1").check().ok


def test_verifier_error_names_the_python_line():
    @T.prim_func
    def bad(A: T.Tensor((64, 64), "bfloat16"), C: T.Tensor((64, 64), "float32")):
        with T.Kernel(1) as bx:
            A_s = T.alloc_shared((64, 32), "bfloat16")
            C_l = T.alloc_fragment((64, 64), "float32")
            T.gemm(A_s, A_s, C_l)  # GEMM-SHAPES
    with pytest.raises(TiltError) as info:
        tilt.compile(bad)
    assert f"{__file__}:{line_of('# GEMM-SHAPES')}:" in str(info.value)


def test_bad_options():
    with pytest.raises(ValueError, match="unknown target"):
        tilt.compile(scale_add(64, 64, 32), target="cuda")
    with pytest.raises(TiltError):
        tilt.compile(scale_add(64, 64, 32), grid="99x99")


def test_torch_tensors_in_and_out():
    torch = pytest.importorskip("torch")
    kernel = tilt.compile(scale_add(64, 64, 32), out_idx=[-1], grid=(2, 2))
    torch.manual_seed(3)
    a = torch.randn(64, 64)
    b = torch.randn(64, 64)
    c = kernel(a, b)
    assert isinstance(c, torch.Tensor) and c.dtype == torch.float32
    assert torch.equal(c, a * 2 + b)  # exact f32 on the SFPU
    # Any strides (a transposed view is made contiguous on the way in), and
    # requires_grad tensors are read as data.
    at = torch.randn(64, 64).t()
    bg = torch.randn(64, 64, requires_grad=True)
    assert torch.equal(kernel(at, bg), at * 2 + bg.detach())
    # An output tensor passed is written in place.
    out = torch.zeros(64, 64)
    kernel(a, b, out)
    assert torch.equal(out, a * 2 + b)


def test_bfloat16_tensors_stay_bfloat16():
    torch = pytest.importorskip("torch")

    def add_bf16(M, N):
        @T.prim_func
        def add(A: T.Tensor((M, N), "bfloat16"), B: T.Tensor((M, N), "bfloat16"),
                C: T.Tensor((M, N), "bfloat16")):
            with T.Kernel(T.ceildiv(N, 32), T.ceildiv(M, 32)) as (bx, by):
                A_s = T.alloc_shared((32, 32), "bfloat16")
                B_s = T.alloc_shared((32, 32), "bfloat16")
                C_l = T.alloc_fragment((32, 32), "bfloat16")
                T.copy(A[by * 32, bx * 32], A_s)
                T.copy(B[by * 32, bx * 32], B_s)
                for i, j in T.Parallel(32, 32):
                    C_l[i, j] = A_s[i, j] + B_s[i, j]
                T.copy(C_l, C[by * 32, bx * 32])
        return add

    kernel = tilt.compile(add_bf16(64, 64), out_idx=[-1], grid=(2, 2))
    a = torch.randn(64, 64).to(torch.bfloat16)
    b = torch.randn(64, 64).to(torch.bfloat16)
    c = kernel(a, b)
    assert c.dtype == torch.bfloat16
    # One bf16 rounding of the exact sum, as torch's own bf16 add does.
    assert torch.equal(c, a + b)


def test_profiler():
    from tilt.utils import TensorSupplyType
    kernel = tilt.compile(scale_add(64, 64, 32), out_idx=[-1], grid=(2, 2))
    profiler = kernel.get_profiler(tensor_supply_type=TensorSupplyType.Normal)
    profiler.assert_allclose(lambda a, b: a * 2 + b, rtol=1e-5, atol=1e-5)
    with pytest.raises(AssertionError, match=r"output 0: \d+ of 4096 elements"):
        profiler.assert_allclose(lambda a, b: a * 3 + b + 1)
    ones = kernel.get_profiler(TensorSupplyType.One).run_once()
    assert float(ones.min()) == 3.0 and float(ones.max()) == 3.0
    # A prediction of the timing model, in ms: a 64x64 f32 kernel on 4
    # cores takes microseconds.
    predicted = profiler.do_bench()
    assert 0 < predicted < 1
    assert predicted == profiler.do_bench(warmup=5, rep=10)  # deterministic
    # Another function (a torch reference) runs no Tilt kernel: it is timed
    # on this host, and the warning says so.
    with pytest.warns(UserWarning, match="this host's wall time"):
        assert profiler.do_bench(lambda a, b: a * 2 + b, rep=3) > 0
    # One that runs the kernel is the prediction of the kernel's run.
    assert profiler.do_bench(lambda a, b: kernel(a, b)) == predicted
    with pytest.raises(TypeError, match="TensorSupplyType"):
        kernel.get_profiler("normal")
