"""Calls of a compiled kernel that would give plausible wrong numbers
(issue 34): a call runs only on the caller's arrays, `out_idx` means what
it says, and an array is converted only without loss or by the documented
rounding of floats, else the call is refused naming the parameter. Every
error of Tilt's own is a `tilt.ir.TiltError`."""

import numpy as np
import pytest

import tilt
import tilt.language as T
from tilt.ir import TiltError
from tilt.language import FrontendError


@T.prim_func
def scale_add(A: T.Tensor((64, 64), "float32"), B: T.Tensor((64, 64), "float32"),
              C: T.Tensor((64, 64), "float32")):
    with T.Kernel(2, 2) as (bx, by):
        a = T.alloc_shared((32, 32), "float32")
        b = T.alloc_shared((32, 32), "float32")
        c = T.alloc_fragment((32, 32), "float32")
        T.copy(A[by * 32, bx * 32], a)
        T.copy(B[by * 32, bx * 32], b)
        for i, j in T.Parallel(32, 32):
            c[i, j] = a[i, j] * 2.0 + b[i, j]
        T.copy(c, C[by * 32, bx * 32])


@T.prim_func
def masked(X: T.Tensor((32, 32), "float32"), M: T.Tensor((32, 32), "int8"),
           Y: T.Tensor((32, 32), "int32")):
    with T.Kernel(1) as bx:
        y = T.alloc_fragment((32, 32), "int32")
        for i, j in T.Parallel(32, 32):
            y[i, j] = T.if_then_else(M[i, j] > 0, 1, 0)
        T.copy(y, Y[0, 0])


@pytest.fixture(scope="module")
def kernel():
    return tilt.compile(scale_add, out_idx=[-1])


def arrays():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((64, 64), dtype=np.float32),
            rng.standard_normal((64, 64), dtype=np.float32))


def test_a_call_without_its_inputs_is_refused(kernel):
    # Not a run on random inputs (check() and profile() take those).
    with pytest.raises(TypeError, match=r"the kernel takes 2 arrays \(A, B\), got 0"):
        kernel()


def test_a_kernel_without_inputs_runs_on_zeros():
    @T.prim_func
    def ones(Y: T.Tensor((32, 32), "float32")):
        with T.Kernel(1) as bx:
            y = T.alloc_fragment((32, 32), "float32")
            for i, j in T.Parallel(32, 32):
                y[i, j] = 1.0
            T.copy(y, Y[0, 0])
    np.testing.assert_array_equal(tilt.compile(ones, out_idx=[0])(),
                                  np.ones((32, 32), np.float32))


@pytest.mark.parametrize("out_idx,error,message", [
    ([2, 2], ValueError, "out_idx names the parameter 'C' twice"),
    ([-1, 2], ValueError, "out_idx names the parameter 'C' twice"),
    (True, TypeError, "out_idx is a parameter index or a list of them, got True"),
    ([1.0], TypeError, "out_idx is a parameter index or a list of them"),
    ("2", TypeError, "out_idx is a parameter index or a list of them"),
])
def test_out_idx_means_what_it_says(out_idx, error, message):
    with pytest.raises(error, match=message):
        tilt.compile(scale_add, out_idx=out_idx)


@pytest.mark.parametrize("bad,what", [
    (np.ones((64, 64), np.complex64), "NumPy complex64"),
    (np.full((64, 64), None, object), "NumPy object"),
    (np.zeros((64, 64), "datetime64[D]"), "NumPy datetime64[D]"),
    (np.zeros((64, 64), np.int32), "NumPy int32"),
    (np.zeros((64, 64), np.bool_), "NumPy bool"),
    (np.zeros((64, 64), "U3"), "NumPy <U3"),
])
def test_inputs_that_would_lose_values_are_refused(kernel, bad, what):
    a, _ = arrays()
    with pytest.raises(TypeError) as info:
        kernel(a, bad)
    assert f"'B' is a float32 parameter, given a {what} array" in str(info.value)


def test_floats_of_any_width_are_rounded_to_the_parameter(kernel):
    a, b = arrays()
    c = kernel(a.astype(np.float64), b.astype(np.float16))
    np.testing.assert_array_equal(c, a * np.float32(2) + b.astype(np.float16).astype(np.float32))


def test_an_output_array_must_hold_the_values(kernel):
    a, b = arrays()
    # An int32 array is no float32 parameter's; a float16 one is (it is
    # read as floats) but cannot hold what the kernel writes.
    target = np.zeros((64, 64), np.int32)
    with pytest.raises(TypeError, match="'C' is a float32 parameter, given a NumPy "
                       "int32 array"):
        kernel(a, b, target)
    target = np.zeros((64, 64), np.float16)
    with pytest.raises(TypeError, match="'C' is written by the kernel as float32 "
                       "values, which the NumPy float16 array passed for it cannot "
                       "hold exactly"):
        kernel(a, b, target)
    assert not target.any()
    wide = np.zeros((64, 64), np.float64)
    kernel(a, b, wide)
    np.testing.assert_array_equal(wide, (a * np.float32(2) + b).astype(np.float64))


def test_integers_are_range_checked():
    kernel = tilt.compile(masked, out_idx=[-1])
    x = np.zeros((32, 32), np.float32)
    m = np.zeros((32, 32), np.int64)
    m[3, 4] = 1
    y = kernel(x, m)
    assert y[3, 4] == 1 and y.sum() == 1
    m[0, 0] = 200
    with pytest.raises(ValueError, match=r"'M' holds a value outside the int8 range "
                       r"\[-128, 127\]"):
        kernel(x, m)
    with pytest.raises(TypeError, match="'M' is a int8 parameter, given a NumPy "
                       "float32 array"):
        kernel(x, np.zeros((32, 32), np.float32))
    m[0, 0] = 0
    with pytest.raises(TypeError, match="'Y' is written by the kernel as int32"):
        kernel(x, m, np.zeros((32, 32), np.int8))


def test_torch_tensors_follow_the_same_rules(kernel):
    torch = pytest.importorskip("torch")
    a, b = arrays()
    with pytest.raises(TypeError, match="'B' is a float32 parameter, given a torch "
                       "int64 array"):
        kernel(torch.from_numpy(a), torch.zeros(64, 64, dtype=torch.int64))
    with pytest.raises(TypeError, match="'C' is written by the kernel as float32 "
                       "values, which the torch bfloat16 array"):
        kernel(torch.from_numpy(a), torch.from_numpy(b),
               torch.zeros(64, 64, dtype=torch.bfloat16))


def test_every_error_of_tilt_is_a_tilt_error():
    assert issubclass(FrontendError, TiltError)
    with pytest.raises(TiltError, match="float64"):
        @T.prim_func
        def broken(A: T.Tensor((64, 64), "float32")):
            with T.Kernel(1) as bx:
                T.alloc_shared((32, 32), "float64")


def test_a_scalar_takes_a_real_number():
    @T.prim_func
    def scaled(A: T.Tensor((32, 32), "float32"), s: T.float32,
               B: T.Tensor((32, 32), "float32")):
        with T.Kernel(1) as bx:
            b = T.alloc_fragment((32, 32), "float32")
            for i, j in T.Parallel(32, 32):
                b[i, j] = A[i, j] * s
            T.copy(b, B[0, 0])
    kernel = tilt.compile(scaled, out_idx=[-1])
    a = np.ones((32, 32), np.float32)
    np.testing.assert_array_equal(kernel(a, 3), a * 3)
    for bad in ("2", None, 1j, True):
        with pytest.raises(TypeError, match="'s' is a scalar parameter: it takes a "
                           "real number"):
            kernel(a, bad)


def test_one_kernel_called_from_many_threads(kernel):
    # Each call gets its own result (and its own errors): the host
    # program's build and the diagnostics of one call are not another's.
    import concurrent.futures

    def call(seed):
        rng = np.random.default_rng(seed)
        a = rng.standard_normal((64, 64), dtype=np.float32)
        b = rng.standard_normal((64, 64), dtype=np.float32)
        return np.array_equal(kernel(a, b), a * np.float32(2) + b)

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        assert all(pool.map(call, range(18)))


@pytest.mark.parametrize("options,error,message", [
    ({"fuse": "yes"}, TypeError, "fuse is True or False, got 'yes'"),
    ({"spread": 1}, TypeError, "spread is True or False, got 1"),
    ({"math_fidelity": 4}, TypeError, "math_fidelity is 'LoFi', 'HiFi2'"),
    ({"math_fidelity": "HiFi5"}, TiltError, "HiFi5"),
    ({"board": 150}, TypeError, "board is a board's name"),
    ({"grid": (2, "x")}, ValueError, "grid must be 'CxR' or (cols, rows) of positive"),
    ({"grid": (0, 2)}, ValueError, "grid must be 'CxR' or (cols, rows) of positive"),
    ({"target": ["wormhole_b0"]}, ValueError, "unknown target"),
    ({"timeout": -1}, ValueError, "timeout is a number of seconds"),
    ({"work_dir": 3}, TypeError, "work_dir is a directory's path"),
])
def test_compile_options_are_checked(options, error, message):
    # Before they reach the bindings (whose TypeError lists a signature).
    with pytest.raises(error) as info:
        tilt.compile(scale_add, **options)
    assert message in str(info.value)
    assert "incompatible function arguments" not in str(info.value)


@pytest.mark.parametrize("value,message", [
    (np.ma.masked_array(np.ones((64, 64), np.float32), mask=True),
     "'A' is given a masked array, whose masked elements have no values"),
    ([[1.0], [1.0, 2.0]], "'A' is given list that is not an array"),
])
def test_inputs_that_are_not_arrays_are_refused_by_name(kernel, value, message):
    _, b = arrays()
    with pytest.raises(TypeError, match=message):
        kernel(value, b)


def test_a_tensor_without_data_is_refused_by_name(kernel):
    torch = pytest.importorskip("torch")
    _, b = arrays()
    with pytest.raises(TypeError, match="'A' is a tensor whose data Tilt cannot read"):
        kernel(torch.empty((64, 64), device="meta"), torch.from_numpy(b))


def read_only(shape):
    array = np.zeros(shape, np.float32)
    array.setflags(write=False)
    return array


@pytest.mark.parametrize("target", [
    read_only((64, 64)),
    np.broadcast_to(np.zeros(1, np.float32), (64, 64)),
    np.zeros((64, 64), np.float16),
], ids=["read-only", "broadcast", "float16"])
def test_an_output_that_cannot_take_the_results_is_refused_before_any_write(target):
    # B is written in place by this kernel too: it must stay as it was
    # when C is refused.
    @T.prim_func
    def two_outputs(A: T.Tensor((64, 64), "float32"), B: T.Tensor((64, 64), "float32"),
                    C: T.Tensor((64, 64), "float32")):
        with T.Kernel(2, 2) as (bx, by):
            a = T.alloc_shared((32, 32), "float32")
            T.copy(A[by * 32, bx * 32], a)
            T.copy(a, B[by * 32, bx * 32])
            T.copy(a, C[by * 32, bx * 32])
    a, _ = arrays()
    b = np.full((64, 64), 7.0, np.float32)
    with pytest.raises((TypeError, ValueError), match="'C' is written by the kernel"):
        tilt.compile(two_outputs)(a, b, target)
    np.testing.assert_array_equal(b, np.full((64, 64), 7.0, np.float32))


def test_a_broadcast_tensor_output_is_refused():
    torch = pytest.importorskip("torch")

    @T.prim_func
    def copy(A: T.Tensor((32, 32), "float32"), C: T.Tensor((32, 32), "float32")):
        with T.Kernel(1) as bx:
            a = T.alloc_shared((32, 32), "float32")
            T.copy(A[0, 0], a)
            T.copy(a, C[0, 0])
    with pytest.raises(ValueError, match="'C' is written by the kernel, but the array"):
        tilt.compile(copy)(torch.ones(32, 32), torch.zeros(1, 1).expand(32, 32))
