"""``tilt.utils.tensor``: TileLang's ``TensorSupplyType`` and
``torch_assert_close``."""

from enum import Enum

from ..testing import torch_assert_close

__all__ = ["TensorSupplyType", "torch_assert_close"]


class TensorSupplyType(Enum):
    """How a profiler makes a kernel's inputs, with TileLang's names and
    values: integers, uniform or normal random values, zeros, ones, or
    ``Auto`` (the profiler's choice per dtype)."""
    Integer = 1
    Uniform = 2
    Normal = 3
    Randn = 4
    Zero = 5
    One = 6
    Auto = 7
