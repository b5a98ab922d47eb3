"""Python's own errors while a kernel is read (issue 34): a wrong number of
arguments, constants that are not numbers, math on constants, a closure
variable not assigned yet, a recursive macro, parameters Tilt does not
take. Each is a FrontendError (a TiltError) at the user's line, never a raw
ValueError or RecursionError; constants fold as the device computes them
(an f16 constant past 65504 is inf, log(0) is -inf, as in TileLang)."""

import math

import numpy as np
import pytest

import tilt
import tilt.language as T
from tilt.ir import TiltError
from tilt.language import FrontendError

SOURCE = open(__file__).read().splitlines()


def line_of(marker):
    return next(n for n, text in enumerate(SOURCE, 1)
                if marker in text and "line_of" not in text)


def located(build, marker, message):
    with pytest.raises(FrontendError) as info:
        build()
    text = str(info.value)
    assert f"test_frontend_errors.py:{line_of(marker)}:" in text, text
    assert message in text, text
    assert isinstance(info.value, TiltError)


def test_intrinsics_with_the_wrong_number_of_arguments():
    def ceildiv():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(T.ceildiv(64)) as bx:  # CEILDIV-ARITY
                pass
    located(ceildiv, "# CEILDIV-ARITY", "T.ceildiv takes two values, got 1")

    def maximum():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                x = T.max(1, 2, 3)  # MAX-ARITY
    located(maximum, "# MAX-ARITY", "T.max takes two values, got 3")

    def infinity():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                x = T.infinity()  # INF-ARITY
    located(infinity, "# INF-ARITY", "T.infinity takes one data type")


def test_constants_that_are_not_numbers():
    def none():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                x = T.float32(None)  # NONE
    located(none, "# NONE", "a f32 constant is a number, got None")

    def float_grid():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(T.ceildiv(64, 32.0)) as bx:  # FLOAT-GRID
                pass
    located(float_grid, "# FLOAT-GRID", "T.ceildiv takes integers, got 32.0")

    def division():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1 // 0) as bx:  # DIVISION
                pass
    located(division, "# DIVISION", "ZeroDivisionError")


def test_constants_fold_as_the_device_computes():
    @T.prim_func
    def k(A: T.Tensor((32, 32), "float16"), B: T.Tensor((32, 32), "float32")):
        with T.Kernel(1) as bx:
            a = T.alloc_fragment((32, 32), "float16")
            b = T.alloc_fragment((32, 32), "float32")
            for i, j in T.Parallel(32, 32):
                a[i, j] = T.float16(100000.0)
                b[i, j] = T.log(0.0)
            T.copy(a, A[0, 0])
            T.copy(b, B[0, 0])
    # The f16 constant is +inf in the program (what the device makes of an
    # f16 infinity is the emulator's business); log(0) folds to -inf.
    assert "0x7C00 : f16" in k.script()
    kernel = tilt.compile(k, out_idx=[0, 1])
    _, b = kernel()
    assert np.all(b == -math.inf)


def test_a_closure_variable_assigned_after_the_kernel():
    def build():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                x = later  # LATER
        later = 3
        return k
    located(build, "# LATER", "'later' is not assigned yet where the kernel is defined")


def test_a_recursive_macro():
    @T.macro
    def again(x):
        again(x)  # RECURSION

    def build():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                again(1)
    located(build, "# RECURSION", "the macro again calls itself")


def test_keyword_only_parameters_are_refused():
    def build():
        @T.prim_func
        def k(A: T.Tensor((64, 64), "float32"), *, B: T.Tensor((64, 64), "float32")):  # KWONLY
            with T.Kernel(1) as bx:
                pass
    located(build, "# KWONLY", "the parameter 'B' is keyword-only")


def test_a_block_filled_in_a_loop_and_read_after_it():
    @T.prim_func
    def k(A: T.Tensor((64, 64), "float32"), B: T.Tensor((64, 64), "float32")):
        with T.Kernel(1) as bx:
            s = T.alloc_shared((32, 32), "float32")
            for k in range(2):  # LOOP
                T.copy(A[0, k * 32], s)
            T.copy(s, B[0, 0])
    with pytest.raises(TiltError) as info:
        tilt.compile(k)
    text = str(info.value)
    assert f"test_frontend_errors.py:{line_of('# LOOP')}:" in text
    assert "a buffer filled from DRAM inside this loop is read after it" in text


@pytest.mark.parametrize("expression", [
    "T.ceildiv(A[0, 0:4], 2)", "T.float32(A)", "T.max(A, 2)", "A + 1",
    "T.ceildiv(bx * 1.5, 2)", "T.infinity(A)", "T.cast(A[0, 0], T.float32)"])
def test_messages_name_values_not_objects(expression, tmp_path):
    # Any message about a value of the kernel names it (the tensor 'A', a
    # slice of 'A', an index value), never as `<... object at 0x...>`.
    path = tmp_path / "kernel_with_a_bad_value.py"
    path.write_text(
        "import tilt.language as T\n"
        "@T.prim_func\n"
        "def k(A: T.Tensor((64, 64), 'float32')):\n"
        "    with T.Kernel(2) as bx:\n"
        f"        x = {expression}\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location("kernel_with_a_bad_value", path)
    module = importlib.util.module_from_spec(spec)
    with pytest.raises(FrontendError) as info:
        spec.loader.exec_module(module)
    text = str(info.value)
    assert "kernel_with_a_bad_value.py:5:" in text, text
    assert " at 0x" not in text and "tilt.language" not in text, text


def test_an_error_of_the_generated_ir_is_shown_at_the_python_line():
    # The tile IR's parser refuses the size; the error reads as the user's
    # line, with its source, not a line of the generated IR.
    @T.prim_func
    def k(A: T.Tensor((64, 64), "float32")):
        with T.Kernel(1) as bx:
            s = T.alloc_shared((2 ** 40, 32), "float32")  # HUGE
            T.copy(A[0, 0], s)
    with pytest.raises(TiltError) as info:
        tilt.compile(k)
    text = str(info.value)
    assert f"test_frontend_errors.py:{line_of('# HUGE')}:" in text, text
    assert "exceeds the limit of 2^31 elements per dimension" in text
    assert "(tile IR)" not in text
    assert "T.alloc_shared((2 ** 40, 32)" in text


def test_a_kernel_in_a_module_with_postponed_annotations(tmp_path):
    # `from __future__ import annotations` makes every annotation a string:
    # the frontend reads the parameters' annotations from the source.
    path = tmp_path / "postponed_kernel.py"
    path.write_text(
        "from __future__ import annotations\n"
        "import tilt.language as T\n"
        "M = 64\n"
        "@T.prim_func\n"
        "def copy(A: T.Tensor((M, 64), 'float32'), B: T.Tensor((M, 64), 'float32')):\n"
        "    with T.Kernel(2) as bx:\n"
        "        s = T.alloc_shared((32, 64), 'float32')\n"
        "        T.copy(A[bx * 32, 0], s)\n"
        "        T.copy(s, B[bx * 32, 0])\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location("postponed_kernel", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel = tilt.compile(module.copy, out_idx=[1])
    a = np.random.default_rng(8).standard_normal((64, 64), dtype=np.float32)
    np.testing.assert_array_equal(kernel(a), a)
