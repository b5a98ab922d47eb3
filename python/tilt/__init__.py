"""Tilt from Python.

- ``tilt.ir``: contexts, modules, operations, types, attributes and
  locations of Tilt's IR, in the style of MLIR's ``mlir.ir``;
- ``tilt.passmanager``: pass pipelines over Tilt's passes, as
  ``mlir.passmanager``;
- ``tilt.language``: TileLang's kernel language (``import tilt.language as T``);
- ``tilt.compile``, ``tilt.jit``: a kernel compiled for Tenstorrent, run on
  the emulator with NumPy arrays (``tilt.kernel``);
- ``tilt.testing``, ``tilt.utils``, ``tilt.cdiv``: TileLang's test helpers
  (GPU-only markers skip), ``TensorSupplyType`` and ``cdiv``.

Both wrap the extension module ``tilt._tilt``; importing ``tilt`` alone does
not load it. See docs/python.md.
"""

__all__ = ["ir", "passmanager", "compile", "jit", "PassConfigKey", "cdiv",
           "testing", "utils", "profiler"]


def cdiv(a, b):
    """TileLang's ``tilelang.cdiv``: ceil(a / b) for integers."""
    return -(-a // b)


class PassConfigKey:
    """The keys of ``pass_configs`` (``tilt.jit``, ``tilt.compile``):
    TileLang's, accepted and without effect on Tenstorrent, and Tilt's own
    (docs/python.md)."""
    #: True: f32 elementwise add, sub and mul run on the FPU with TF32
    #: operands (10-bit mantissas), as PyTorch's ``allow_tf32``; default
    #: False, exact f32 on the SFPU.
    TILT_ALLOW_TF32 = "tilt.allow_tf32"
    TL_ENABLE_FAST_MATH = "tl.enable_fast_math"
    TL_DISABLE_WARP_SPECIALIZED = "tl.disable_warp_specialized"
    TL_DISABLE_TMA_LOWER = "tl.disable_tma_lower"


def compile(func, **options):  # noqa: A001 -- TileLang's name
    """``tilt.kernel.compile``: see there (loads the bindings on first use)."""
    from . import kernel
    return kernel.compile(func, **options)


def jit(func=None, **options):
    """``tilt.kernel.jit``: TileLang's ``@tilelang.jit`` for kernel factories."""
    from . import kernel
    return kernel.jit(func, **options)


def __getattr__(name):
    # The submodules load on first use, as ``tilelang.testing`` does.
    if name in ("testing", "utils", "profiler"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'tilt' has no attribute '{name}'")
