"""``tilt.testing``: TileLang's ``tilelang.testing`` for test files.

- ``main()``: runs pytest on the calling file (``if __name__ ==
  "__main__": tilt.testing.main()``);
- ``set_random_seed(seed)``: seeds Python's, NumPy's and (when it is
  installed) torch's generators;
- ``requires_*`` markers: TileLang's are about GPUs (``requires_cuda``,
  ``requires_cuda_compute_version_ge(9, 0)``, ``requires_rocm``, ...). No
  CUDA or ROCm device exists under Tilt, so each of them skips the test it
  marks, with a reason that says so; used bare or with arguments, as
  TileLang's are;
- ``torch_assert_close`` / ``assert_allclose``: the comparison helpers
  TileLang's tests use.
"""

import inspect
import random
import sys

import numpy as np

__all__ = ["main", "set_random_seed", "assert_allclose", "torch_assert_close"]


def main():
    """Runs pytest on the file that calls it, with the command line's
    arguments, and exits with pytest's status."""
    import pytest
    test_file = inspect.getsourcefile(sys._getframe(1))
    sys.exit(pytest.main([test_file] + sys.argv[1:]))


def set_random_seed(seed: int = 42) -> None:
    """Seeds ``random``, NumPy's global generator and torch's, if torch is
    installed."""
    random.seed(seed)
    np.random.seed(seed)
    try:
        import torch
    except ImportError:
        return
    torch.manual_seed(seed)


def _as_numpy(value):
    """`value` (a NumPy array, a torch tensor or a number) as a float64
    NumPy array."""
    if hasattr(value, "detach") and hasattr(value, "cpu"):
        value = value.detach().cpu().float().numpy()
    return np.asarray(value, dtype=np.float64)


def assert_allclose(actual, desired, rtol=1e-2, atol=1e-2, **_):
    """``numpy.testing.assert_allclose`` for NumPy arrays and torch tensors
    alike (TileLang's tolerances by default)."""
    np.testing.assert_allclose(_as_numpy(actual), _as_numpy(desired),
                               rtol=rtol, atol=atol)


def torch_assert_close(tensor_a, tensor_b, rtol=1e-2, atol=1e-2,
                       max_mismatched_ratio=0.001, verbose=False,
                       equal_nan=True, **_):
    """TileLang's ``torch_assert_close``: passes when at most
    ``max_mismatched_ratio`` of the elements are outside ``atol + rtol *
    |b|``; raises AssertionError naming the count otherwise."""
    a, b = _as_numpy(tensor_a), _as_numpy(tensor_b)
    if a.shape != b.shape:
        raise AssertionError(f"shapes differ: {a.shape} and {b.shape}")
    close = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)
    mismatched = int(close.size - np.count_nonzero(close))
    allowed = max_mismatched_ratio * close.size
    if verbose:
        print(f"{mismatched} of {close.size} elements mismatched "
              f"(allowed {allowed:g})")
    if mismatched > allowed:
        raise AssertionError(
            f"{mismatched} of {close.size} elements mismatched (more than "
            f"{max_mismatched_ratio:.3%} allowed) with rtol={rtol}, "
            f"atol={atol}")


def _skip_reason(name):
    return (f"{name}: this test needs a GPU feature; Tilt compiles for "
            "Tenstorrent and runs on its emulator, which has no CUDA or "
            "ROCm device")


class _RequiresGpu:
    """A ``requires_*`` marker of TileLang's: marks a test as skipped.
    Works bare (``@requires_cuda``) and with arguments
    (``@requires_cuda_compute_version_ge(9, 0)``)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        import pytest
        mark = pytest.mark.skip(reason=_skip_reason(self.name))
        if len(args) == 1 and not kwargs and callable(args[0]):
            return mark(args[0])
        return mark

    def __repr__(self):
        return f"<tilt.testing.{self.name}: skips on Tenstorrent>"


def __getattr__(name):
    if name.startswith("requires_"):
        marker = _RequiresGpu(name)
        globals()[name] = marker
        return marker
    raise AttributeError(f"module 'tilt.testing' has no attribute '{name}'")
