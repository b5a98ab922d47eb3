"""TileLang's test helpers under tilt (issue 32, first part): a test file
written for ``tilelang.testing`` runs with its import line changed."""

import os
import random
import subprocess
import sys

import numpy as np
import pytest

import tilt
import tilt.language
import tilt.testing
from tilt.utils import TensorSupplyType


def test_cdiv():
    assert tilt.cdiv(1024, 128) == 8
    assert tilt.cdiv(1000, 128) == 8
    assert tilt.cdiv(1, 32) == 1
    assert tilt.cdiv(0, 32) == 0


def test_set_random_seed_makes_draws_repeat():
    tilt.testing.set_random_seed(7)
    first = (random.random(), np.random.rand())
    tilt.testing.set_random_seed(7)
    assert (random.random(), np.random.rand()) == first


@tilt.testing.requires_cuda
def test_marked_bare_is_skipped():
    raise AssertionError("a requires_cuda test ran")


@tilt.testing.requires_cuda_compute_version_ge(9, 0)
def test_marked_with_arguments_is_skipped():
    raise AssertionError("a requires_cuda_compute_version_ge test ran")


def test_markers_say_why():
    marker = tilt.testing.requires_cuda()
    assert "Tenstorrent" in marker.kwargs["reason"]
    with pytest.raises(AttributeError, match="no attribute 'frobnicate'"):
        tilt.testing.frobnicate


def test_assert_close_helpers():
    a = np.ones((32, 32), np.float32)
    b = a.copy()
    b[0, 0] = 2.0  # one element of 1024 is within 0.1 %
    tilt.testing.torch_assert_close(a, b, max_mismatched_ratio=0.001)
    b[0, 1] = 2.0
    with pytest.raises(AssertionError, match="2 of 1024 elements"):
        tilt.testing.torch_assert_close(a, b, max_mismatched_ratio=0.001)
    tilt.testing.assert_allclose(a, a + 1e-3)


def test_tensor_supply_type_has_tilelangs_members():
    assert [m.name for m in TensorSupplyType] == [
        "Integer", "Uniform", "Normal", "Randn", "Zero", "One", "Auto"]
    assert TensorSupplyType.Auto.value == 7


def test_get_tensor_supply_makes_inputs_of_a_parameters_shape_and_dtype():
    torch = pytest.importorskip("torch")
    from tilt.utils.tensor import get_tensor_supply

    class Param:
        def __init__(self, shape, dtype):
            self.shape, self.dtype = shape, dtype

    supply = get_tensor_supply(TensorSupplyType.Auto)
    mask = supply(Param((4, 8), torch.bool))
    assert mask.dtype == torch.bool and mask.shape == (4, 8)
    small = supply(Param((64,), "uint8"))
    assert small.dtype == torch.uint8
    values = supply(Param((16, 16), tilt.language.bfloat16))
    assert values.dtype == torch.bfloat16 and values.shape == (16, 16)
    ones = get_tensor_supply(TensorSupplyType.One)(Param((3,), torch.float32))
    assert torch.equal(ones, torch.ones(3))
    with pytest.raises(TypeError, match="no tensor supply for the dtype"):
        supply(Param((2,), torch.float64))


def test_main_runs_pytest_on_the_calling_file(tmp_path):
    test_file = tmp_path / "test_user.py"
    test_file.write_text(
        "import tilt.testing\n\n"
        "def test_ok():\n    assert tilt.cdiv(5, 2) == 3\n\n"
        "@tilt.testing.requires_cuda\n"
        "def test_gpu():\n    assert False\n\n"
        "if __name__ == '__main__':\n    tilt.testing.main()\n")
    # The package as this test imported it (PYTHONPATH may be relative).
    env = dict(os.environ,
               PYTHONPATH=os.path.dirname(os.path.dirname(tilt.__file__)))
    result = subprocess.run(
        [sys.executable, str(test_file), "-q", "-p", "no:cacheprovider"],
        capture_output=True, text=True, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed, 1 skipped" in result.stdout


def test_dtypes():
    import tilt.language as T
    from tilt.language import dtypes
    assert T.dtype("bfloat16") == T.bfloat16
    assert T.bfloat16 == "bfloat16" and T.bfloat16 == "bf16"
    assert T.float32 == "float" and T.float32 != T.float16
    assert str(T.float16) == "float16" and dtypes.float32 is T.float32
    assert len({T.float32, T.dtype("float32"), T.float16}) == 2
    with pytest.raises(ValueError, match="float32, float16, bfloat16"):
        T.dtype("float8_e8m0")
    torch = pytest.importorskip("torch")
    assert T.dtype("bfloat16").as_torch() is torch.bfloat16
    assert T.int32.as_torch() is torch.int32
