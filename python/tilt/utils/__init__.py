"""``tilt.utils``: the helpers of TileLang's ``tilelang.utils`` that its
examples use: ``TensorSupplyType`` (how the profiler fills inputs) and
the tensor comparison helpers."""

from .tensor import TensorSupplyType, torch_assert_close

__all__ = ["TensorSupplyType", "torch_assert_close"]
