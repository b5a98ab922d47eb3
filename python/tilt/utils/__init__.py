"""``tilt.utils``: the helpers of TileLang's ``tilelang.utils`` that its
examples use: ``TensorSupplyType`` (how the profiler fills inputs) and
the tensor comparison helpers; and Tilt's ``round_as_block_float``."""

from .tensor import TensorSupplyType, round_as_block_float, torch_assert_close

__all__ = ["TensorSupplyType", "round_as_block_float", "torch_assert_close"]
