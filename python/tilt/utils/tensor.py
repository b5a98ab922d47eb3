"""``tilt.utils.tensor``: TileLang's ``TensorSupplyType``,
``get_tensor_supply`` and ``torch_assert_close``."""

from enum import Enum

from ..testing import torch_assert_close

__all__ = ["TensorSupplyType", "get_tensor_supply", "round_as_block_float",
           "torch_assert_close"]


def round_as_block_float(tensor, format="bfp8_b"):
    """The values a kernel reads from ``tensor`` when it is stored as
    Tenstorrent's block floats (``pass_configs={"tilt.storage_formats":
    {name: format}}``): each 16 values of a row (the last dimension) share
    an exponent, as tt-metal's host packs them (``pack_as_bfp8_tiles``).
    Takes and returns a torch tensor (same dtype) or a NumPy array; for a
    reference to compare a kernel's results with."""
    import numpy as np

    from .._tilt import run as _run
    is_torch = type(tensor).__module__.startswith("torch")
    values = (tensor.detach().cpu().float().numpy() if is_torch
              else np.asarray(tensor, dtype=np.float32))
    rounded = _run.round_as_block_float(values, format)
    if is_torch:
        import torch
        return torch.from_numpy(rounded).to(tensor.dtype)
    return rounded.astype(np.asarray(tensor).dtype, copy=False)


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


def get_tensor_supply(supply_type=TensorSupplyType.Integer, seed=0):
    """TileLang's tensor supply: a function from a parameter (anything with
    a static ``shape`` and a ``dtype``: a torch dtype, a ``T`` dtype or a
    dtype string) to a torch tensor of inputs, made as the profiler makes
    them (docs/python.md). Successive calls draw new values."""
    import numpy as np
    import torch

    from ..language._values import _TORCH_DTYPES, dtype_of
    from ..profiler import _supply
    if not isinstance(supply_type, TensorSupplyType):
        raise TypeError("supply_type must be a tilt.utils.TensorSupplyType, got "
                        f"{supply_type!r}")
    generator = np.random.default_rng(seed)

    def get_tensor(param):
        shape = tuple(getattr(param, "shape", ()))
        if not shape or not all(isinstance(e, int) and e > 0 for e in shape):
            raise ValueError(f"a tensor supply needs a static shape, got {shape!r}")
        dtype = param.dtype
        name = str(dtype).replace("torch.", "") if isinstance(dtype, torch.dtype) \
            else dtype
        element = dtype_of(name)
        if element is None:
            raise TypeError(f"no tensor supply for the dtype {dtype!r}")
        values = _supply(shape, element, supply_type, generator)
        return torch.from_numpy(values).to(getattr(torch, _TORCH_DTYPES[element]))
    return get_tensor
