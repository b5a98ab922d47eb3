"""The values the TileLang translator works with, and the IR text emitter.

Compile-time values are plain Python objects (int, float, bool, str,
tuples); the rest are the classes below: SSA values of the kernel,
global tensors and on-core buffers, typed constants, data types.
"""

import math
import struct

# TileLang's dtype strings and the element types Tilt has.
_DTYPES = {
    "float32": "f32", "float": "f32", "fp32": "f32",
    "float16": "f16", "half": "f16", "fp16": "f16",
    "bfloat16": "bf16", "bf16": "bf16",
    "int32": "i32", "int": "i32",
    "bool": "i1", "int8": "i8", "uint8": "ui8",
}
_TILE_TYPES = ("f32", "f16", "bf16", "i32")
# One-byte integers (masks, small indices): tensors of them are read element
# by element (tile.load); on-core buffers of them are views of a tensor
# slice (Buffer.view).
_NARROW_TYPES = ("i1", "i8", "ui8")


try:
    from .._tilt.ir import TiltError as _TiltError
except ImportError:  # The frontend alone, without the bindings' library.
    _TiltError = Exception


class FrontendError(_TiltError):
    """A located error in a TileLang kernel: ``file:line:col: error: ...``.
    A ``tilt.ir.TiltError``, as every error of Tilt's own is (parse,
    verification, pass and run errors), so ``except TiltError`` catches
    them all.

    ``diagnostics`` holds one entry per message (``severity``, ``message``,
    ``location``, ``file``, ``line``, ``col``, ``notes``), as the bindings'
    ``tilt.ir.TiltError`` does."""

    def __init__(self, text, diagnostics):
        super().__init__(text)
        self.diagnostics = diagnostics


class Diagnostic:
    """One located message."""

    def __init__(self, severity, message, file, line, col):
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.location = f"{file}:{line}:{col}"
        self.notes = []

    def __repr__(self):
        return f"{self.location}: {self.severity}: {self.message}"


# Tilt's element types and torch's dtype names.
_TORCH_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16",
                 "i32": "int32", "i1": "bool", "i8": "int8", "ui8": "uint8"}


class DType(str):
    """A TileLang data type (``T.float32``, ``T.dtype("bfloat16")``);
    ``.mlir`` is Tilt's name (``f32``). A string, as TileLang's (TVM's
    ``DataType`` is a ``str``): ``getattr(torch, T.float32)`` works, and it
    is equal to the dtype strings that name the same type (``T.float32 ==
    "float"``). It hashes as its name does, so dicts keyed by dtype strings
    find it."""

    def __new__(cls, name):
        self = super().__new__(cls, name)
        self.name = name
        self.mlir = _DTYPES[name]
        return self

    def __repr__(self):
        return f"T.{self.name}"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if isinstance(other, DType):
            return self.mlir == other.mlir
        if isinstance(other, str):
            return _DTYPES.get(other) == self.mlir
        return NotImplemented

    __hash__ = str.__hash__

    def as_torch(self):
        """The torch dtype of this type (``torch.bfloat16``, ...)."""
        import torch
        return getattr(torch, _TORCH_DTYPES[self.mlir])

    def __call__(self, *args):
        raise RuntimeError(
            f"T.{self.name}(...) can only be used inside a @T.prim_func kernel")


def dtype_of(value):
    """The Tilt element type of a dtype string or DType, or None."""
    if isinstance(value, DType):
        return value.mlir
    if isinstance(value, str):
        return _DTYPES.get(value)
    return None


class TensorType:
    """``T.Tensor(shape, dtype)``: a global tensor argument's annotation
    (or, given to an eager ``@jit`` kernel, a tensor's shape and dtype
    without its data)."""

    def __init__(self, shape, dtype="float32"):
        if isinstance(shape, int) and not isinstance(shape, bool):
            shape = (shape,)
        self.shape = shape
        self.dtype = dtype

    def __repr__(self):
        return f"T.Tensor({self.shape!r}, {self.dtype!r})"


class TensorAnnotation:
    """``T.Tensor``: called (``T.Tensor((M, K), dtype)``) or subscripted
    (``T.Tensor[[M, K], dtype]``), as TileLang spells both; the strided
    form's strides (``T.StridedTensor[[M, N], [sM, sN], dtype]``) are
    accepted and ignored, since tensors arrive contiguous."""

    def __init__(self, name, strided=False):
        self.name = name
        self.strided = strided

    def __call__(self, shape, *rest):
        if self.strided:
            if len(rest) not in (1, 2):
                raise TypeError(f"{self.name}(shape, strides, dtype)")
            rest = rest[1:]
        if len(rest) > 1:
            raise TypeError(f"{self.name}(shape, dtype) takes two arguments")
        return TensorType(shape, *rest)

    def __getitem__(self, item):
        if not isinstance(item, tuple):
            item = (item,)
        return self(*item)

    def __repr__(self):
        return f"T.{self.name}"


class TensorArg:
    """A tensor given to an eager ``@jit`` kernel, as its translation sees
    it: the shape and Tilt's element type."""

    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype


class Sym:
    """A shape constant of ``T.const("M, N")`` (or ``T.dynamic``): unknown
    until a tensor's annotation binds it (``A: T.Tensor((M, N), ...)``)
    or a keyword of ``.compile`` gives it. Arithmetic on an unbound one
    gives an unbound expression, which an annotation evaluates again
    once its plain dimensions have bound their constants."""

    _OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
            "*": lambda a, b: a * b, "//": lambda a, b: a // b,
            "%": lambda a, b: a % b}

    def __init__(self, name, op=None, operands=()):
        self.name = name
        self.op = op
        self.operands = operands
        self._value = None

    @property
    def value(self):
        """The constant's value once bound; an expression's once the
        constants it is made of are (``splitK = K // split_k`` written
        before ``A: T.Tensor((M, K), ...)`` binds K)."""
        if self.op is None:
            return self._value
        values = [o.value if isinstance(o, Sym) else o for o in self.operands]
        if any(v is None for v in values):
            return None
        return self._OPS[self.op](*values)

    @value.setter
    def value(self, value):
        self._value = value

    def __repr__(self):
        return self.name

    def _expr(self, op, other, reverse=False):
        left, right = (other, self) if reverse else (self, other)
        return Sym(f"({left!r} {op} {right!r})", op, (left, right))

    def __add__(self, other): return self._expr("+", other)
    def __radd__(self, other): return self._expr("+", other, True)
    def __sub__(self, other): return self._expr("-", other)
    def __rsub__(self, other): return self._expr("-", other, True)
    def __mul__(self, other): return self._expr("*", other)
    def __rmul__(self, other): return self._expr("*", other, True)
    def __floordiv__(self, other): return self._expr("//", other)
    def __rfloordiv__(self, other): return self._expr("//", other, True)
    def __mod__(self, other): return self._expr("%", other)
    def __rmod__(self, other): return self._expr("%", other, True)


class Deferred:
    """Scalar arithmetic on the kernel's scalar arguments outside a body
    (``inv = 1.0 / eps``): kept as an expression and computed in each
    T.Parallel body that uses it, on the device, since a value computed
    at kernel scope has no device form. ``op`` is the arith op's name;
    the operands are SSA scalars, Deferred values or numbers."""

    def __init__(self, op, operands, type_):
        self.op = op
        self.operands = list(operands)
        self.type = type_

    def __repr__(self):
        return f"a {self.type} computed when the kernel runs"


class Pending:
    """A tensor parameter of an eager kernel that was not given (``.compile``
    with shape constants): its annotation declares it."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"the tensor '{self.name}' (not declared yet)"


def is_float(type_):
    return type_ in ("f32", "f16", "bf16")


def round_to(value, type_):
    """``value`` rounded to the float type (as the IR constant will hold it):
    to nearest even, and to an infinity past the type's largest finite
    value, as IEEE 754 (and TileLang) round."""
    if type_ not in ("f32", "f16", "bf16"):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a {type_} constant is a number, got {value!r}")
    value = float(value)
    try:
        if type_ == "f32":
            return struct.unpack("<f", struct.pack("<f", value))[0]
        if type_ == "f16":
            return struct.unpack("<e", struct.pack("<e", value))[0]
        packed = struct.pack("<f", value)
    except OverflowError:
        return math.copysign(math.inf, value)
    if type_ == "bf16":
        bits = struct.unpack("<I", packed)[0]
        if math.isfinite(value):
            bits += 0x7FFF + ((bits >> 16) & 1)  # round to nearest even
        return struct.unpack("<f", struct.pack("<I", (bits >> 16) << 16))[0]
    return value


def float_literal(value, type_):
    """An MLIR float literal of ``value`` in ``type_``: decimal when it reads
    back exactly, the bit pattern for infinities and NaN."""
    if math.isnan(value) or math.isinf(value):
        if type_ == "f32":
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            return f"0x{bits:08X}"
        if type_ == "f16":
            bits = struct.unpack("<H", struct.pack("<e", value))[0]
            return f"0x{bits:04X}"
        bits = struct.unpack("<I", struct.pack("<f", value))[0] >> 16
        return f"0x{bits:04X}"
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


class Const:
    """A compile-time constant of a known type (``T.float32(1.0)``, ``T.infinity``)."""

    def __init__(self, value, type_):
        self.type = type_
        self.value = round_to(value, type_) if is_float(type_) else int(value)

    def __repr__(self):
        return f"{self.value!r} ({self.type})"


class SSA:
    """An SSA value of the kernel: ``name`` (``%x``) of ``type`` (``index``, ``f32``...).
    An index may know its ``range`` (lowest, highest), from the grid's and
    the loops' bounds, so that a comparison on it can be decided when the
    kernel is compiled."""

    def __init__(self, name, type_, range_=None):
        self.name = name
        self.type = type_
        self.range = range_

    def __repr__(self):
        return f"a {self.type} value known only when the kernel runs"


class ScalarCell:
    """``x = T.alloc_local((1,), T.int32)`` (or a ``(1,)`` int32 fragment):
    an integer variable of the kernel read and written as ``x[0]``. Its
    ``value`` is an int or an index SSA value; a store rebinds the name to
    a new cell, as an assignment to an ``T.alloc_var`` does, so that loops
    and branches carry it as they carry names."""

    def __init__(self, value, py_name):
        self.value = value
        self.py_name = py_name

    def __repr__(self):
        return f"the int32 variable '{self.py_name}'"


class Buffer:
    """A global tensor (``scope == "global"``) or an on-core buffer."""

    def __init__(self, name, shape, dtype, scope, py_name):
        self.name = name
        self.shape = tuple(shape)
        self.dtype = dtype
        self.scope = scope
        self.py_name = py_name
        # An on-core buffer of one-byte integers has no storage: T.copy of a
        # tensor slice into it makes it a view of that slice, (region, the
        # Scope of the copy), and its elements are read from the tensor.
        self.view = None
        # A kernel's copy of a function parameter: the parameter's Buffer.
        self.param = None
        # A function parameter: the shape the kernels read it in when they
        # read it through `T.Tensor(shape, dtype, X.data)` (with where that
        # view is), and whether a kernel uses it as itself.
        self.view_shape = None
        self.view_pos = None
        self.direct_use = False

    def __repr__(self):
        kind = "tensor" if self.scope == "global" else "buffer"
        return f"the {kind} '{self.py_name}'"

    @property
    def is_view(self):
        return self.dtype in _NARROW_TYPES and self.scope != "global"

    @property
    def type(self):
        if self.param is not None:
            self.param.use_directly(self)
        return self._type_of(self.shape)

    @property
    def ir_type(self):
        """A function parameter's type in the IR: the shape its kernels
        view it in (T.Tensor(shape, dtype, X.data)), else its own."""
        return self._type_of(self.view_shape or self.shape)

    def _type_of(self, shape):
        dims = "x".join(str(d) for d in shape)
        if self.scope == "global":
            return f"!tile.tensor<{dims}x{self.dtype}>"
        return f"!tile.buf<{dims}x{self.dtype}, {self.scope}>"

    def use_directly(self, copy):
        """A kernel writes IR that uses this parameter with its own shape."""
        if self.view_shape is not None:
            raise ViewConflict(
                f"'{copy.py_name}' is read through T.Tensor({self.view_shape}, "
                f"..., {copy.py_name}.data) at line {self.view_pos.line}: Tilt "
                "gives a tensor one shape in a program, so it cannot also be "
                f"used with its own shape {self.shape} (use the view here too)")
        self.direct_use = True

    @property
    def is_global(self):
        return self.scope == "global"


class ViewConflict(Exception):
    """A use of a tensor parameter that a T.Tensor view reshapes (the
    statement that makes it reports it, located)."""


class TensorData:
    """``X.data`` of a global tensor: what ``T.Tensor(shape, dtype, X.data)``
    views."""

    def __init__(self, buffer):
        self.buffer = buffer


class Region:
    """``A[i, j]`` or ``A[i:i+n, :]`` as a copy endpoint: the buffer and its offsets."""

    def __init__(self, buffer, offsets, sliced=None):
        self.buffer = buffer
        self.offsets = offsets
        # Per dimension: None for an index (A[i, ...]), else the slice's
        # extent when it is a compile-time number (A[i:i+64, :]), or True.
        self.sliced = sliced or [None] * len(offsets)

    def __repr__(self):
        return f"a slice of '{self.buffer.py_name}'"


class Emitter:
    """Writes IR text: lines with indentation, fresh SSA names, the
    constants and buffers of the current kernel (its prologue)."""

    def __init__(self, filename):
        self.filename = filename
        self.lines = []
        self.depth = 0
        self.used = set()
        self.prologue = None
        self.constants = {}
        self.last = None

    def fresh(self, hint):
        base = "".join(c if c.isalnum() or c == "_" else "_" for c in hint)
        if not base or not (base[0].isalpha() or base[0] == "_"):
            base = "v" + base
        name, n = base, 0
        while name in self.used:
            n += 1
            name = f"{base}_{n}"
        self.used.add(name)
        return "%" + name

    def loc(self, node):
        file = self.filename.replace("\\", "\\\\").replace('"', '\\"')
        return f'loc("{file}":{node.line}:{node.col})'

    def emit(self, text, where):
        if where is not None:
            self.last = where
        self.lines.append("  " * self.depth + text +
                          (" " + self.loc(where) if where else ""))

    def emit_prologue(self, text, where):
        self.prologue.append("  " * 2 + text + (" " + self.loc(where) if where else ""))

    def constant(self, value, type_, where=None):
        """The kernel-wide SSA value of a constant (emitted once, at the
        top of the kernel, where every region of it sees it)."""
        if is_float(type_):
            value = round_to(float(value), type_)
            literal = float_literal(value, type_)
            key = (literal, type_)
        else:
            value = int(value)
            literal = str(value) if type_ != "i1" else ("true" if value else "false")
            key = (literal, type_)
        if key in self.constants:
            return self.constants[key]
        if type_ == "index":
            hint = f"c{value}" if value >= 0 else f"c_neg{-value}"
        elif type_ == "i1":
            hint = "true" if value else "false"
        else:
            hint = "cst"
        name = self.fresh(hint)
        # MLIR's custom form of a bool constant has no type.
        typed = f"{literal}" if type_ == "i1" else f"{literal} : {type_}"
        self.emit_prologue(f"{name} = arith.constant {typed}", where or self.last)
        ssa = SSA(name, type_)
        self.constants[key] = ssa
        return ssa
