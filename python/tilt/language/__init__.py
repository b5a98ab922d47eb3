"""TileLang's kernel language for Tilt: ``import tilt.language as T``.

A kernel is written as in TileLang (``@T.prim_func`` with ``T.Kernel``,
``T.alloc_shared``, ``T.copy``, ``T.gemm``, ``T.Parallel``, ...). Tilt
does not run the function: ``T.prim_func`` reads its Python source with the
``ast`` module and translates it into the ``tile`` dialect, with the
enclosing function's arguments and the module's globals as compile-time
constants (docs/python.md lists what is supported and how each construct
maps to a tile op). The names below are markers the translator recognises;
calling them outside a ``@T.prim_func`` is an error.
"""

from ._frontend import FrontendError, PrimFunc, Macro, DType, TensorType, parse_prim_func
from ._values import TensorAnnotation

__all__ = [
    "prim_func", "macro", "Tensor", "Buffer", "StridedTensor", "ptr", "const",
    "dynamic", "empty", "alloc_global", "match_buffer", "SharedBuffer",
    "FragmentBuffer",
    "LocalBuffer", "Kernel", "alloc_shared",
    "alloc_fragment", "alloc_local", "alloc_var", "copy", "im2col",
    "c2d_im2col", "gemm", "clear", "fill",
    "Pipelined", "Parallel", "Persistent", "serial", "Serial", "unroll",
    "vectorized", "floordiv", "floormod", "reduce_sum", "reduce_max",
    "reduce_min", "reduce_absmax", "exp", "exp2", "log", "log2", "sqrt",
    "rsqrt", "tanh", "erf", "abs", "ceildiv", "max", "min", "clamp", "sigmoid",
    "if_then_else",
    "cast", "Cast", "infinity", "use_swizzle", "annotate_layout",
    "ws", "alloc_barrier", "barrier_wait", "barrier_arrive",
    "mbarrier_wait_parity", "mbarrier_arrive", "mbarrier_arrive_expect_tx",
    "fence_proxy_async", "sync_threads", "set_max_nreg", "tma_copy",
    "float32", "float16", "bfloat16", "int32", "int8", "uint8", "bool", "float",
    "half", "dtype",
    "FrontendError", "PrimFunc", "GemmWarpPolicy",
]


def prim_func(fn):
    """Translates ``fn`` (a TileLang kernel) into tile IR; returns a PrimFunc.

    Errors in the kernel raise ``tilt.ir.TiltError`` located at the
    kernel's Python line."""
    return parse_prim_func(fn)


def macro(fn):
    """A TileLang macro: inlined, with its arguments, where a kernel calls it."""
    return Macro(fn)


#: The annotation of a global tensor: ``A: T.Tensor((M, K), "bfloat16")``
#: or ``A: T.Tensor[[M, K], T.bfloat16]``; outside a kernel, a tensor's
#: shape-only stand-in for ``.compile`` and the autotuner.
Tensor = TensorAnnotation("Tensor")
Buffer = Tensor
#: ``T.StridedTensor[[M, N], [sM, sN], dtype]``: the strides are accepted and
#: ignored, since Tilt makes every tensor contiguous on the way in.
StridedTensor = TensorAnnotation("StridedTensor", strided=True)


class ptr:
    """``A: T.ptr``: a tensor parameter that ``T.match_buffer`` declares."""


def SharedBuffer(shape, dtype):
    """The annotation of a macro parameter that is a shared buffer (not checked)."""
    return TensorType(shape, dtype)


FragmentBuffer = SharedBuffer
LocalBuffer = SharedBuffer

# Data types, as TileLang spells them. Each is also a constructor of a typed
# constant inside a kernel (``T.float32(1.0)``) and the annotation of a
# scalar kernel parameter (``eps: T.float32``).
float32 = DType("float32")
float16 = DType("float16")
bfloat16 = DType("bfloat16")
int32 = DType("int32")
int8 = DType("int8")
uint8 = DType("uint8")
bool = DType("bool")  # noqa: A001 -- TileLang's name
float = float32  # noqa: A001 -- TileLang's alias
half = float16


def dtype(name):
    """TileLang's ``T.dtype("bfloat16")``: the data type of a dtype string,
    a torch dtype (``T.dtype(q.dtype)``) or a DType (returned as it is). A
    type Tilt does not compute with is a ValueError naming the ones it
    does."""
    if isinstance(name, DType):
        return name
    if type(name).__module__ == "torch" and str(name).startswith("torch."):
        name = str(name)[len("torch."):]
    from ._values import _DTYPES
    if not isinstance(name, str) or name not in _DTYPES:
        raise ValueError(f"unknown or unsupported dtype {name!r}: Tilt computes "
                         "with float32, float16, bfloat16 and int32")
    return DType(name)


class GemmWarpPolicy:
    """TileLang's warp partitioning of a GPU GEMM; no meaning on Tenstorrent
    (a GEMM is one Tensix core's), so every policy is accepted and ignored."""
    Square = "Square"
    FullRow = "FullRow"
    FullCol = "FullCol"


def _intrinsic(fn):
    name = fn.__name__.lstrip("_")
    fn._tilt_intrinsic = name

    def outside(*args, **kwargs):
        raise RuntimeError(
            f"T.{name} can only be used inside a @T.prim_func kernel")
    outside._tilt_intrinsic = name
    outside.__wrapped__ = fn
    outside.__name__ = name
    outside.__doc__ = fn.__doc__
    return outside


@_intrinsic
def Kernel(*extents, threads=None):
    """``with T.Kernel(gx, gy, threads=128) as (bx, by)``: a 1- to 3-d grid."""


@_intrinsic
def const(name, dtype="int32"):
    """``M, N = T.const("M, N")``: shape constants of an eager ``@tilt.jit``
    kernel, bound by the tensors it is called with (or ``.compile(M=...)``)."""


@_intrinsic
def dynamic(name, dtype="int32"):
    """TileLang's dynamic shape variables; on Tilt the same as ``T.const``:
    a kernel is compiled for the shapes it is called with (docs/python.md)."""


@_intrinsic
def empty(shape, dtype="float32"):
    """``C = T.empty((M, N), dtype)``: an output tensor an eager kernel
    allocates and returns."""


@_intrinsic
def alloc_global(shape, dtype, scope="global"):
    """``W = T.alloc_global((M, N), dtype)`` before the kernels: a DRAM
    workspace the runtime allocates (zeros) for each call, which the
    kernels may write and read (split partials between two kernels)."""


@_intrinsic
def match_buffer(param, shape, dtype="float32"):
    """``A = T.match_buffer(A, [M, N], dtype)``: declares a ``T.ptr`` parameter."""


@_intrinsic
def alloc_shared(shape, dtype, scope=None):
    """An on-core buffer in L1 (``!tile.buf<..., shared>``)."""


@_intrinsic
def alloc_fragment(shape, dtype, scope=None):
    """An on-core accumulator (``!tile.buf<..., fragment>``)."""


@_intrinsic
def alloc_local(shape, dtype):
    """Per-thread storage on a GPU; a fragment buffer on Tenstorrent."""


@_intrinsic
def atomic_add(dst, value, memory_order=None, return_prev=False, use_tma=False):
    """``T.atomic_add(C[i, j], C_local)`` (or elementwise in a T.Parallel
    body): adds into a global tensor. Blocks that add into the same slice
    (split-K) are summed in block order on one core (tile-fold-atomics)."""


@_intrinsic
def atomic_max(dst, value, memory_order=None, return_prev=False, use_tma=False):
    """``T.atomic_max(Amax[0, 0], amax_local)`` (or elementwise in a
    T.Parallel body): the elementwise maximum into a global tensor, blocks
    combined in block order on one core (tile-fold-atomics)."""


@_intrinsic
def atomic_min(dst, value, memory_order=None, return_prev=False, use_tma=False):
    """``T.atomic_min``: as ``T.atomic_max``, the minimum."""


@_intrinsic
def copy(src, dst, *, coalesced_width=None, disable_tma=False,
         eviction_policy=None, prefer_instruction=None, annotations=None,
         loop_layout=None):
    """``T.copy(A[i, j], A_s)``, ``T.copy(C_l, C[i, j])``, ``T.copy(x, y)``.
    The keywords are GPU hints (TMA, vector widths, cache policies)."""


@_intrinsic
def alloc_var(dtype, *args, scope="local.var", init=None):
    """A scalar variable of the kernel (``T.alloc_var(T.int32, init=0)``)."""


@_intrinsic
def im2col(img, col, nhw_step, c_step, kernel, stride, dilation, pad,
           eviction_policy=None, annotations=None):
    """The block (``nhw_step``, ``c_step``) of the im2col matrix of a 2-d
    convolution of the NHWC image ``img`` into the buffer ``col``: row i is
    output pixel ``nhw_step * block_M + i``, column j filter tap
    ``c_step * block_K + j`` as (kh, kw, c); zeros in the padding."""


@_intrinsic
def c2d_im2col(img, col, nhw_step, c_step, kernel, stride, dilation, pad,
               eviction_policy=None, annotations=None):
    """TileLang's older name of ``T.im2col``."""


@_intrinsic
def gemm(A, B, C, transpose_A=False, transpose_B=False, policy=None,
         clear_accum=False, k_pack=1, mbar=None, annotations=None):
    """``C += op(A) x op(B)`` on on-core buffers (``C = ...`` with
    ``clear_accum=True``). ``policy``, ``k_pack`` (ROCm) and
    ``annotations`` are GPU hints; ``mbar`` (Blackwell's barrier) is an
    error."""


@_intrinsic
def clear(buffer):
    """Every element of the buffer becomes zero."""


@_intrinsic
def fill(buffer, value):
    """Every element of the buffer becomes ``value``."""


@_intrinsic
def Pipelined(count, num_stages=1):
    """``for k in T.Pipelined(n, num_stages=2)``: a loop whose copies run ahead."""


@_intrinsic
def Parallel(*extents):
    """``for i, j in T.Parallel(M, N)``: an elementwise map over the extents."""


@_intrinsic
def Persistent(domain, wave_size, index, group_size=8):
    """``for bx, by in T.Persistent([gm, gn], waves, block_id)`` in a kernel
    over ``waves`` blocks: on Tenstorrent, the kernel over ``domain`` (every
    Tensix kernel loops over its core's blocks already)."""


@_intrinsic
def serial(start, stop=None, step=None):
    """``for k in T.serial(n)``: a sequential loop (``scf.for``)."""


Serial = serial


@_intrinsic
def unroll(start, stop=None, step=None, explicit=False, unroll_factor=None):
    """``for k in T.unroll(n)``: a sequential loop; unrolling is left to the
    kernels' C++ compiler."""


@_intrinsic
def vectorized(*extents):
    """``for v in T.vectorized(n)``: independent elements, as ``T.Parallel``."""


@_intrinsic
def floordiv(a, b):
    """``a // b``, rounding toward minus infinity."""


@_intrinsic
def floormod(a, b):
    """``a % b`` with the sign of ``b``."""


@_intrinsic
def reduce_sum(src, dst, dim=-1, clear=True):
    """The sum along ``dim`` of ``src`` into ``dst``."""


@_intrinsic
def reduce_max(src, dst, dim=-1, clear=True):
    """The maximum along ``dim``."""


@_intrinsic
def reduce_min(src, dst, dim=-1, clear=True):
    """The minimum along ``dim``."""


@_intrinsic
def reduce_absmax(src, dst, dim=-1, clear=True):
    """The largest absolute value along ``dim``."""


@_intrinsic
def exp(x):
    """e**x, elementwise."""


@_intrinsic
def exp2(x):
    """2**x, elementwise."""


@_intrinsic
def log(x):
    """The natural logarithm, elementwise."""


@_intrinsic
def log2(x):
    """The base-2 logarithm, elementwise."""


@_intrinsic
def sqrt(x):
    """The square root, elementwise."""


@_intrinsic
def rsqrt(x):
    """1 / sqrt(x), elementwise."""


@_intrinsic
def tanh(x):
    """The hyperbolic tangent, elementwise."""


@_intrinsic
def erf(x):
    """The error function, elementwise."""


@_intrinsic
def abs(x):  # noqa: A001
    """|x|, elementwise."""


@_intrinsic
def ceildiv(a, b):
    """``(a + b - 1) // b`` on integers."""


@_intrinsic
def max(a, b):  # noqa: A001
    """The larger of two values."""


@_intrinsic
def min(a, b):  # noqa: A001
    """The smaller of two values."""


@_intrinsic
def clamp(dst, min_val, max_val):
    """``dst`` limited to [min_val, max_val], elementwise."""


@_intrinsic
def sigmoid(x):
    """1 / (1 + exp(-x)), elementwise."""


@_intrinsic
def if_then_else(cond, a, b):
    """``a`` where ``cond`` holds, else ``b``."""


@_intrinsic
def cast(value, dtype):
    """``value`` converted to ``dtype`` (also ``T.Cast(dtype, value)``)."""


@_intrinsic
def Cast(dtype, value):
    """TileLang's spelling of ``T.cast`` with the type first."""


@_intrinsic
def infinity(dtype):
    """+inf of a float type."""


@_intrinsic
def use_swizzle(panel_size=None, enable=True, order=None):
    """A GPU block rasterization hint; accepted and ignored (docs/python.md)."""


@_intrinsic
def annotate_layout(layouts):
    """A GPU shared-memory layout hint; accepted and ignored (docs/python.md)."""


# Warp specialization (TileLang's producer / consumer warp groups): a
# Tensix core has its producer and consumer already, the reader and compute
# kernels, synchronized by circular buffers. `with T.ws(...)` bodies are read
# in place, barriers are what the circular buffers do, and T.tma_copy is a
# copy (docs/python.md).


@_intrinsic
def ws(*ids):
    """``with T.ws(0):`` a warp group's part of the kernel, read in place."""


@_intrinsic
def alloc_barrier(arrive_count=None):
    """A GPU barrier; the circular buffers synchronize instead."""


@_intrinsic
def barrier_wait(barrier, parity=None):
    """Waits on a GPU barrier: the circular buffers' wait does it."""


@_intrinsic
def barrier_arrive(barrier):
    """Arrives at a GPU barrier: the circular buffers' push does it."""


@_intrinsic
def mbarrier_wait_parity(mbarrier, parity=None):
    """Waits on a GPU mbarrier: the circular buffers' wait does it."""


@_intrinsic
def mbarrier_arrive(mbarrier):
    """Arrives at a GPU mbarrier: the circular buffers' push does it."""


@_intrinsic
def mbarrier_arrive_expect_tx(mbarrier, tx=None):
    """A GPU mbarrier's expected bytes: the circular buffers count pages."""


@_intrinsic
def fence_proxy_async():
    """A GPU memory-proxy fence; the NoC barriers order the copies."""


@_intrinsic
def sync_threads(*args, **kwargs):
    """A GPU block barrier; a Tensix core's kernels synchronize by CBs."""


@_intrinsic
def set_max_nreg(count=None, is_inc=None):
    """A GPU register budget hint; accepted and ignored."""


@_intrinsic
def tma_copy(src, dst, barrier=None, **kwargs):
    """A TMA copy: ``T.copy(src, dst)`` (the data movement kernels' reads
    and writes are Tenstorrent's DMA)."""


def __getattr__(name):
    # TileLang's names that have no meaning on Tenstorrent (or that Tilt does
    # not support yet) say so, at the user's line.
    from .._unavailable import NotAvailableError, language_reason
    reason = language_reason(name)
    if reason:
        raise NotAvailableError(reason, name=f"tilt.language.{name}")
    raise AttributeError(f"module 'tilt.language' has no attribute '{name}'")
