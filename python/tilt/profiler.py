"""``tilt.profiler``: TileLang's kernel profiler (``kernel.get_profiler()``).

It makes a kernel's inputs (``TensorSupplyType``), runs the kernel once,
checks it against a reference program, and times it. There is no
Tenstorrent card here: ``do_bench`` returns the **timing model's
predicted device time** (docs/timing-model.md), in milliseconds, not a
measurement of the host's wall time.
"""


import time
import warnings

import numpy as np

from .kernel import _predicted_seconds
from .language._values import _TORCH_DTYPES
from .testing import torch_assert_close
from .utils.tensor import TensorSupplyType

__all__ = ["Profiler", "do_bench"]

_INTEGER_TYPES = ("i32", "i1", "i8", "ui8")


def _supply(shape, dtype, supply_type, generator):
    """One input of `shape` and Tilt element type `dtype` (NumPy float32 or
    int32 values)."""
    integer = dtype in _INTEGER_TYPES
    kind = supply_type
    if kind == TensorSupplyType.Auto:
        kind = TensorSupplyType.Integer if integer else TensorSupplyType.Randn
    if kind == TensorSupplyType.Zero:
        values = np.zeros(shape)
    elif kind == TensorSupplyType.One:
        values = np.ones(shape)
    elif kind == TensorSupplyType.Integer:
        # A mask is 0 or 1; uint8 values are not negative.
        low = 0 if dtype in ("i1", "ui8") else -2
        values = generator.integers(low, 2 if dtype == "i1" else 3, size=shape)
    elif kind == TensorSupplyType.Uniform:
        values = generator.uniform(-1.0, 1.0, size=shape)
    else:  # Normal, Randn
        values = generator.standard_normal(size=shape)
    return values.astype(np.int32 if integer else np.float32)


class Profiler:
    """The profiler of a compiled kernel (``tilt.kernel.Kernel``)."""

    def __init__(self, kernel, tensor_supply_type=TensorSupplyType.Auto,
                 seed=0, use_torch=True):
        if not isinstance(tensor_supply_type, TensorSupplyType):
            raise TypeError("tensor_supply_type must be a "
                            "tilt.utils.TensorSupplyType, got "
                            f"{tensor_supply_type!r}")
        self.kernel = kernel
        self.supply_type = tensor_supply_type
        self.seed = seed
        self.use_torch = use_torch

    def _make_inputs(self):
        """The kernel's inputs (its parameters but the ``out_idx`` ones):
        torch tensors when torch is installed (TileLang's reference programs
        are torch code), else NumPy arrays."""
        generator = np.random.default_rng(self.seed)
        torch = None
        if self.use_torch:
            try:
                import torch
            except ImportError:
                pass
        inputs = []
        for _, argument in self.kernel.caller_inputs():
            if argument["scalar"]:
                inputs.append(float(generator.standard_normal()))
                continue
            values = _supply(self.kernel.user_shape(argument), argument["dtype"],
                             self.supply_type, generator)
            if torch is not None:
                values = torch.from_numpy(values).to(
                    getattr(torch, _TORCH_DTYPES[argument["dtype"]]))
            inputs.append(values)
        return inputs

    def run_once(self, func=None):
        """Runs the kernel (or ``func``) once on supplied inputs; returns its
        outputs."""
        inputs = self._make_inputs()
        return (func or self.kernel)(*inputs)

    def assert_allclose(self, reference_program, input_tensors=None,
                        atol=1e-2, rtol=1e-2, max_mismatched_ratio=0.01):
        """Runs the kernel and ``reference_program`` on the same inputs and
        compares each output (TileLang's ``torch_assert_close``); raises
        AssertionError naming the output that differs."""
        inputs = list(input_tensors) if input_tensors is not None \
            else self._make_inputs()
        outputs = self.kernel(*inputs)
        expected = reference_program(*inputs)
        if not isinstance(outputs, tuple):
            outputs = (outputs,)
        if not isinstance(expected, (tuple, list)):
            expected = (expected,)
        if len(outputs) != len(expected):
            raise AssertionError(f"the kernel returns {len(outputs)} outputs, "
                                 f"the reference program {len(expected)}")
        for index, (got, want) in enumerate(zip(outputs, expected)):
            try:
                torch_assert_close(got, want, rtol=rtol, atol=atol,
                                   max_mismatched_ratio=max_mismatched_ratio)
            except AssertionError as error:
                raise AssertionError(f"output {index}: {error}") from None

    def do_bench(self, func=None, warmup=25, rep=100, n_warmup=1, n_repeat=1,
                 input_tensors=None, **_):
        """The kernel's **predicted** device time of one run, in
        milliseconds, by the timing model (no card is measured; ``warmup``,
        ``rep`` and the repeat counts have nothing to average and are
        accepted for TileLang's signature). Another ``func`` (a torch
        reference) is called on the same inputs and timed as
        ``tilt.profiler.do_bench`` times it: the predicted time of the Tilt
        kernels it runs, else this host's wall time, with a warning."""
        inputs = list(input_tensors) if input_tensors is not None \
            else self._make_inputs()
        if func is None or func is self.kernel:
            return _predicted_seconds(self.kernel.profile(*inputs).json) * 1e3
        return do_bench(lambda: func(*inputs), rep=rep, _stacklevel=3)


def do_bench(fn, warmup=25, rep=100, _n_warmup=0, _n_repeat=0, backend=None,
             quantiles=None, return_mode="mean", _stacklevel=2, **_):
    """TileLang's ``tilelang.profiler.do_bench(fn)``: the time of one call of
    ``fn``, in ms. When ``fn`` runs Tilt kernels, it is the timing model's
    **predicted device time** of those runs (one call; the emulator's
    results do not vary). A function that runs no Tilt kernel (a torch
    reference) can only be timed on this host: its median wall time over
    ``rep`` calls is returned, with a warning that it is a CPU
    measurement, not comparable with a prediction for the card."""
    from .kernel import _RECORDERS
    recorder = []
    _RECORDERS.append(recorder)
    try:
        fn()
    finally:
        _RECORDERS.remove(recorder)
    if recorder:
        return sum(recorder) * 1e3
    # Python's default filter shows the warning once per calling line.
    warnings.warn("tilt.profiler.do_bench: the function ran no Tilt kernel; its "
                  "time is this host's wall time, not a prediction for a "
                  "Tenstorrent card", stacklevel=_stacklevel)
    times = []
    for _ in range(max(1, min(int(rep), 100))):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times)) * 1e3
