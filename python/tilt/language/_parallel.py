"""``for i, j in T.Parallel(M, N): ...`` as a ``tile.parallel`` op.

The loop body is evaluated symbolically, statement by statement, into an
expression graph per written buffer: a read of ``X[i, j]`` (the loop
variables, in order, or a subset of them: a broadcast) is an input of the
op, a write of ``Y[i, j]`` an output, and a read of an element written
earlier in the body is the written value (TileLang's per-element order).
Loop variables used as values become ``tile.index``. A global tensor
accessed at ``base + i`` is staged through an on-core buffer: a
``tile.copy`` of the slice before the op for a read, after it for a write.
The graph is then written as the op's scalar body.
"""

import ast
import math
import types

from . import _frontend as fe
from . import _util
from ._values import (Buffer, Const, Deferred, DType, SSA, is_float, round_to,
                      _NARROW_TYPES, _TORCH_DTYPES)

ELEMENTWISE = {"exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "erf",
               "abs", "max", "min", "if_then_else", "cast", "Cast", "infinity",
               "clamp", "sigmoid", "floordiv", "floormod"}

_MATH = {"exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2",
         "sqrt": "sqrt", "rsqrt": "rsqrt", "tanh": "tanh", "erf": "erf"}
def _ieee(fn):
    """``fn`` with IEEE 754's results where Python raises (constants folded
    as the device computes them: log(0) is -inf, log of a negative NaN,
    exp of a large value inf)."""
    def folded(x):
        try:
            return fn(x)
        except OverflowError:
            return math.inf
        except (ValueError, ZeroDivisionError):
            if x == 0 and fn in (math.log, math.log2):
                return -math.inf
            if x == 0:
                return math.inf  # rsqrt(0)
            return math.nan
    return folded


_PY_MATH = {"exp": _ieee(math.exp), "exp2": _ieee(lambda x: 2.0 ** x),
            "log": _ieee(math.log), "log2": _ieee(math.log2),
            "sqrt": _ieee(math.sqrt),
            "rsqrt": _ieee(lambda x: 1.0 / math.sqrt(x)), "tanh": math.tanh,
            "erf": math.erf}
_FLOAT_OPS = {ast.Add: "addf", ast.Sub: "subf", ast.Mult: "mulf", ast.Div: "divf"}
_INT_OPS = {ast.Add: "addi", ast.Sub: "subi", ast.Mult: "muli",
            ast.FloorDiv: "floordivsi", ast.Mod: "remsi",
            ast.BitAnd: "andi", ast.BitOr: "ori", ast.BitXor: "xori",
            ast.LShift: "shli", ast.RShift: "shrsi"}
_CMPI = {ast.Lt: "slt", ast.LtE: "sle", ast.Gt: "sgt", ast.GtE: "sge",
         ast.Eq: "eq", ast.NotEq: "ne"}
_CMPF = {ast.Lt: "olt", ast.LtE: "ole", ast.Gt: "ogt", ast.GtE: "oge",
         ast.Eq: "oeq", ast.NotEq: "une"}
_WIDTH = {"bf16": 1, "f16": 1, "f32": 2}


class Aff:
    """An affine index: ``const + sum(coeff * term)``; a term is a loop
    dimension (``("iter", d)``) or an index value of the kernel (``("ssa", name)``)."""

    def __init__(self, const=0, terms=None, values=None):
        self.const = const
        self.terms = dict(terms or {})
        self.values = dict(values or {})

    def add(self, other, sign=1):
        result = Aff(self.const, self.terms, self.values)
        result.const += sign * other.const
        for key, coeff in other.terms.items():
            result.terms[key] = result.terms.get(key, 0) + sign * coeff
            if result.terms[key] == 0:
                del result.terms[key]
        result.values.update(other.values)
        return result

    def scale(self, factor):
        return Aff(self.const * factor,
                   {k: c * factor for k, c in self.terms.items() if c * factor},
                   self.values)

    def split(self):
        """(the loop dimension with coefficient 1 or None, the rest) -- or
        None when the loop dimensions appear otherwise."""
        iters = [(k, c) for k, c in self.terms.items() if k[0] == "iter"]
        rest = Aff(self.const, {k: c for k, c in self.terms.items() if k[0] != "iter"},
                   self.values)
        if not iters:
            return None, rest
        if len(iters) == 1 and iters[0][1] == 1:
            return iters[0][0][1], rest
        return "bad", rest

    def key(self):
        return (self.const, tuple(sorted(self.terms.items())))


class Node:
    """A value of the body: ``kind`` with its ``type``, operands and data."""

    def __init__(self, kind, type_, pos, operands=(), data=None):
        self.kind = kind
        self.type = type_
        self.pos = pos
        self.operands = list(operands)
        self.data = data


def _staging_dims_attr(looped, rank):
    """A staging copy's ``dims`` when the tensor dimensions with loop
    variables are not the trailing ones (a column), else nothing."""
    if looped == list(range(rank - len(looped), rank)):
        return ""
    return _util._dims_attr(looped)


class ParallelLoop:
    """The state of one T.Parallel translation."""

    def __init__(self, tr, stmt, extents):
        self.tr = tr
        self.stmt = stmt
        self.extents = extents
        self.inputs = {}      # key -> (buffer, dims, Node)
        self.writes = {}      # buffer name -> [buffer, Node, staged (tensor, bases) or None,
        #                       position, atomic kind, row limit]
        self.row_limit = None  # inside `if i < n:`, the index value n
        self.pre = []         # callbacks emitting ops before the op
        self.post = []        # ... and after it
        self.stages = {}
        # Staging buffers of one-byte integers widened by the reader.
        self.widened = set()

    # -- errors and positions ---------------------------------------------

    def error(self, node, message):
        self.tr.error(node, message)

    def pos(self, node):
        return self.tr.pos(node)

    # -- statements ---------------------------------------------------------

    def statements(self, body, scope):
        for stmt in body:
            if _util._is_docstring(stmt) or isinstance(stmt, ast.Pass):
                continue
            if isinstance(stmt, ast.Assign):
                if len(stmt.targets) != 1:
                    self.error(stmt, "chained assignment (a = b = ...) is not supported")
                self.assign(stmt.targets[0], self.value(stmt.value, scope), scope)
            elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                self.assign(stmt.target, self.value(stmt.value, scope), scope)
            elif isinstance(stmt, ast.AugAssign):
                current = self.value(stmt.target, scope)
                value = self.binary(stmt, stmt.op, current, self.value(stmt.value, scope))
                self.assign(stmt.target, value, scope)
            elif isinstance(stmt, ast.If) and \
                    (limit := self.row_guard(stmt, scope)) is not None:
                # `if i < n: C[r + i, ...] = x`: the copy to the tensor writes
                # the block's first n rows.
                saved, self.row_limit = self.row_limit, limit
                self.statements(stmt.body, scope)
                self.row_limit = saved
            elif isinstance(stmt, ast.If):
                test = self.value(stmt.test, scope)
                if isinstance(test, (Node, Aff)):
                    self.error(stmt.test, "an `if` on a value of the loop is not "
                               "supported in a T.Parallel body; use T.if_then_else")
                self.statements(stmt.body if test else stmt.orelse, scope)
            elif isinstance(stmt, ast.For):
                self.error(stmt, "a loop inside a T.Parallel body is not supported")
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                    (kind := self.atomic_kind(stmt.value, scope)):
                call = stmt.value
                if len(call.args) < 2 or not isinstance(call.args[0], ast.Subscript):
                    self.error(call, f"T.atomic_{kind} in a T.Parallel body takes "
                               "(Tensor[...], value)")
                self.assign(call.args[0], self.value(call.args[1], scope), scope,
                            atomic=kind)
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                self.error(stmt, f"{ast.unparse(stmt.value.func)}(...) is not "
                           "supported in a T.Parallel body")
            else:
                self.error(stmt, f"{_util._describe(stmt)} is not supported in a T.Parallel body")

    def row_guard(self, stmt, scope):
        """The row limit of ``if i < n:`` (or ``i <= n``, ``n > i``) whose
        body only stores into global tensors, with ``i`` the loop's first
        variable and ``n`` a value of the kernel (not of the loop): the
        index value n (n + 1 for <=); None for any other `if`."""
        test = stmt.test
        if stmt.orelse or len(self.extents) != 2 or \
                not isinstance(test, ast.Compare) or len(test.ops) != 1:
            return None
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(op, (ast.Gt, ast.GtE)):
            left, right = right, left
            op = ast.Lt() if isinstance(op, ast.Gt) else ast.LtE()
        if not isinstance(op, (ast.Lt, ast.LtE)) or not isinstance(left, ast.Name):
            return None
        found, var = scope.lookup(left.id)
        if not (isinstance(var, Aff) and var.terms == {("iter", 0): 1} and
                var.const == 0):
            return None
        for inner in stmt.body:
            targets = inner.targets if isinstance(inner, ast.Assign) else []
            if len(targets) != 1 or not isinstance(targets[0], ast.Subscript):
                return None
            buffer = self.tr.evaluate(targets[0].value, scope)
            if not isinstance(buffer, Buffer) or not buffer.is_global:
                return None
        names = {n.id for n in ast.walk(right) if isinstance(n, ast.Name)}
        for name in names:
            _, value = scope.lookup(name)
            if isinstance(value, Aff):
                return None
        limit = self.tr.index(right, self.tr.evaluate(right, scope))
        if isinstance(op, ast.LtE):
            limit = self.tr.index_op(right, "addi", limit, 1)
        return limit

    def atomic_kind(self, call, scope):
        """"add", "max" or "min" for a call of T.atomic_add/max/min, else None."""
        try:
            callee = self.tr.evaluate_constant(call.func, scope)
        except Exception:  # noqa: BLE001 -- not a known name: not an atomic
            return None
        name = _util._intrinsic_name(callee)
        return name[len("atomic_"):] if name in ("atomic_add", "atomic_max",
                                                  "atomic_min") else None

    def assign(self, target, value, scope, atomic=None):
        """``atomic``: the kind of a T.atomic_<kind> into a tensor, or None."""
        if isinstance(target, ast.Name):
            scope.vars[target.id] = value
            return
        if not isinstance(target, ast.Subscript):
            self.error(target, "a T.Parallel body assigns names and buffer elements")
        buffer = self.tr.evaluate(target.value, scope)
        if not isinstance(buffer, Buffer):
            self.error(target.value, f"cannot assign an element of "
                       f"{ast.unparse(target.value)}: not a buffer")
        self.check_not_narrow(target, buffer)
        dims, bases, looped = self.access(target, buffer, scope)
        rank = len(self.extents)
        if dims != list(range(rank)):
            self.error(target, f"a T.Parallel over {rank} dimension(s) writes each "
                       "buffer at all its loop variables, in order "
                       f"({', '.join('ijk'[d] if d < 3 else f'd{d}' for d in range(rank))})")
        if not buffer.is_global and buffer.shape != tuple(self.extents):
            self.error(target, f"the buffer '{buffer.py_name}' is "
                       f"{_shape(buffer.shape)}, but the T.Parallel loop is "
                       f"{_shape(self.extents)}: a buffer written in it has the "
                       "loop's extents")
        if isinstance(value, Buffer):
            self.error(target, "cannot store a whole buffer in an element")
        node = self.to_node(target, value, buffer.dtype)
        node = self.convert(target, node, buffer.dtype)
        if atomic and not buffer.is_global:
            self.error(target, f"T.atomic_{atomic} combines into a global tensor")
        key = buffer.name if not buffer.is_global else \
            (buffer.name, tuple(b.key() for b in bases))
        limit = self.row_limit if buffer.is_global else None
        if limit is not None and atomic:
            self.error(target, "an atomic under `if i < n:` is not supported")
        if key in self.writes:
            if atomic or self.writes[key][4]:
                self.error(target, "an element combined into with an atomic is "
                           "not written again in the same T.Parallel body")
            if self.writes[key][5] is not limit:
                self.error(target, "an element written both under an `if i < n:` and "
                           "without it (or under another) is not supported")
            self.writes[key][1] = node
        else:
            self.writes[key] = [buffer, node, bases if buffer.is_global else None,
                                self.pos(target), atomic, limit, looped]

    # -- accesses -----------------------------------------------------------

    def access(self, node, buffer, scope):
        """The loop dimensions a subscript uses, (for a global tensor) the
        base offset of each tensor dimension, and the tensor dimensions
        that have a loop variable."""
        indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(indices) != len(buffer.shape):
            self.error(node, f"'{buffer.py_name}' has {len(buffer.shape)} dimensions, "
                       f"indexed with {len(indices)}")
        dims, bases, looped = [], [], []
        for index in indices:
            value = self.value(index, scope)
            if isinstance(value, int) and not isinstance(value, bool):
                value = Aff(value)
            if not isinstance(value, Aff):
                self.error(index, "an index in a T.Parallel body is an affine form of "
                           "the loop variables and kernel indices")
            dim, rest = value.split()
            if dim == "bad":
                self.error(index, "each index uses at most one loop variable, with "
                           "coefficient 1")
            if not buffer.is_global:
                if dim is None or rest.terms or rest.const:
                    self.error(index, f"the on-core buffer '{buffer.py_name}' is indexed "
                               "by the loop variables only (X[i, j], or X[i] to "
                               "broadcast)")
            if dim is not None:
                if dims and dim <= dims[-1]:
                    self.error(node, "the loop variables index a buffer in the loop's "
                               "order (a transpose is a T.copy or a T.gemm flag)")
                dims.append(dim)
                looped.append(len(bases))
            bases.append(rest)
        rank = len(indices)
        # The staging copy covers the dimensions with loop variables: the
        # last one among them (a slice over non-trailing dimensions,
        # Q[b, i0 + i, h, j], is read in rows of the last), or a column.
        if buffer.is_global and looped and looped[-1] != rank - 1 and \
                not (len(looped) == 1 and rank >= 2 and looped[0] == rank - 2):
            self.error(node, f"the tensor '{buffer.py_name}' is read or written "
                       "through an on-core copy of the dimensions its loop "
                       "variables index: they must include its last dimension "
                       "(Q[b, s0 + i, h, j]), or be one column (one loop variable "
                       "in the second-to-last dimension: Out[bx * 64 + i, k]); "
                       "this access has loop variables in dimension(s) "
                       f"{', '.join(map(str, looped))} of {rank}")
        return dims, bases, looped

    def check_not_narrow(self, node, buffer):
        """One-byte integers (masks, indices) are read element by element
        outside T.Parallel bodies, which compute on tiles of float32,
        bfloat16, float16 or int32."""
        if buffer.is_view:
            self.error(node, self.tr.view_error(buffer))
        if buffer.dtype in _NARROW_TYPES:
            self.error(node, f"the {_TORCH_DTYPES[buffer.dtype]} tensor "
                       f"'{buffer.py_name}' is not supported in a T.Parallel body, "
                       "which computes on tiles of float32, bfloat16, float16 or "
                       f"int32: read its elements as numbers outside the loop "
                       f"(`if {buffer.py_name}[...] != 0:`)")

    def view_as_tensor(self, node, buffer, scope):
        """``mask_local[j]`` of a view of a one-byte tensor's slice (T.copy
        of `mask[b, s0:s1, h]` into a uint8 buffer): the same element of
        the tensor, ``mask[b, s0 + j, h]``, as a subscript of it in a scope
        that names the slice's offsets."""
        indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        region, sliced = self.tr.view_slice(node, buffer, indices, scope)
        inner = fe.Scope(parent=scope)
        parts = []
        for d, offset in enumerate(region.offsets):
            name = f"__tilt_view_offset_{d}"
            inner.vars[name] = offset
            part = ast.Name(id=name, ctx=ast.Load())
            if d in sliced:
                part = ast.BinOp(left=part, op=ast.Add(),
                                 right=indices[sliced.index(d)])
            parts.append(part)
        tensor_node = ast.Subscript(
            value=node.value, slice=ast.Tuple(elts=parts, ctx=ast.Load()),
            ctx=ast.Load())
        ast.copy_location(tensor_node, node)
        for sub in ast.walk(tensor_node):
            if not hasattr(sub, "lineno"):
                ast.copy_location(sub, node)
        return tensor_node, region.buffer, inner

    def is_widened(self, value):
        """Whether ``value`` is read from a staging buffer of one-byte
        integers widened on the way in (a mask)."""
        key = value.data
        return isinstance(key, tuple) and key[0] in self.widened

    def read(self, node, buffer, scope):
        if buffer.is_view and not buffer.is_global:
            node, buffer, scope = self.view_as_tensor(node, buffer, scope)
        # A one-byte tensor (a bool or uint8 mask, int8 data) is read into
        # an int32 staging buffer: the reader widens its bytes.
        if not (buffer.is_global and buffer.dtype in _NARROW_TYPES):
            self.check_not_narrow(node, buffer)
        row = self.row_read(node, buffer, scope)
        if row is not None:
            buffer, node = row
        dims, bases, looped = self.access(node, buffer, scope)
        if not buffer.is_global:
            if buffer.name in self.writes:
                if dims != list(range(len(self.extents))):
                    self.error(node, f"'{buffer.py_name}' is written in this loop and "
                               "read here at other positions")
                return self.writes[buffer.name][1]
            key = (buffer.name, tuple(dims))
            if key not in self.inputs:
                self.inputs[key] = (buffer, dims, Node("input", buffer.dtype,
                                                       self.pos(node), data=key))
            return self.inputs[key][2]
        # A global tensor: an element written earlier in the body is that value.
        write_key = (buffer.name, tuple(b.key() for b in bases))
        if write_key in self.writes:
            return self.writes[write_key][1]
        stage_key = (buffer.name, tuple(b.key() for b in bases), tuple(dims))
        if not dims:
            # One element for the whole loop (TileLang's `sinks[i] =
            # Sinks[by]`): read when the kernel runs (tile.load), a scalar of
            # the body.
            if stage_key not in self.stages:
                if buffer.dtype not in ("f32", "bf16", "f16", "i32"):
                    self.error(node, f"reading one element of the {buffer.dtype} "
                               f"tensor '{buffer.py_name}' in a T.Parallel body is not "
                               "supported yet (float and int32 tensors are)")
                element = SSA(self.tr.emitter.fresh(buffer.py_name + "_elem"),
                              buffer.dtype)
                # An int32 element is an index of the body (TileLang's
                # `i < batch_sizes[bz]`, `A[batch_offsets[bz] + i, j]`): a
                # term of the affine forms of masks and staging offsets.
                number = SSA(self.tr.emitter.fresh(buffer.py_name + "_idx"),
                             "index") if buffer.dtype == "i32" else None
                pos = self.pos(node)

                def emit_load(element=element, number=number, bases=bases, pos=pos,
                              tensor=buffer):
                    offsets = ", ".join(self.materialize_outer(b, pos).name
                                        for b in bases)
                    self.tr.emitter.emit(f"{element.name} = tile.load "
                                         f"{tensor.name}[{offsets}] : {tensor.type}", pos)
                    if number is not None:
                        self.tr.emitter.emit(f"{number.name} = arith.index_cast "
                                             f"{element.name} : i32 to index", pos)
                self.pre.append(emit_load)
                self.stages[stage_key] = number or element
            if buffer.dtype == "i32":
                return self.lift(node, self.stages[stage_key])
            return Node("outer", buffer.dtype, self.pos(node), data=self.stages[stage_key])
        if stage_key not in self.stages:
            shape = [self.extents[d] for d in dims]
            # One-byte integers widen to int32 tiles, or to float32 for a
            # vector (the body broadcasts it along rows, which int32 vectors
            # do not have yet); both hold every value exactly.
            widened = buffer.dtype
            if buffer.dtype in _NARROW_TYPES:
                widened = "f32" if len(shape) == 1 else "i32"
            stage = Buffer(self.tr.emitter.fresh(buffer.py_name + "_in"), shape,
                           widened, "shared", buffer.py_name)
            if buffer.dtype in _NARROW_TYPES:
                self.widened.add(stage.name)
            pos = self.pos(node)
            self.stages[stage_key] = stage

            def emit(stage=stage, bases=bases, pos=pos, tensor=buffer, looped=looped):
                self.tr.emitter.emit_prologue(f"{stage.name} = tile.alloc : {stage.type}", pos)
                offsets = ", ".join(self.materialize_outer(b, pos).name for b in bases)
                self.tr.emitter.emit(f"tile.copy {tensor.name}[{offsets}], {stage.name}"
                                     f"{_staging_dims_attr(looped, len(bases))} : "
                                     f"{tensor.type}, {stage.type}", pos)
            self.pre.append(emit)
        stage = self.stages[stage_key]
        key = (stage.name, tuple(dims))
        if key not in self.inputs:
            self.inputs[key] = (stage, dims, Node("input", stage.dtype,
                                                  self.pos(node), data=key))
        return self.inputs[key][2]

    def row_read(self, node, buffer, scope):
        """``lse_local[k, i]`` (a 2-d on-core buffer at a row ``k`` without
        loop variables and a column of one): row k is copied into a vector
        before the loop (the frontend's ``emit_row``), and the read is of
        that vector at ``i``. Returns (the vector, the subscript of it), or
        None for any other read."""
        indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if buffer.is_global or buffer.is_view or len(buffer.shape) != 2 or \
                len(indices) != 2:
            return None
        first = self.value(indices[0], scope)
        if isinstance(first, int) and not isinstance(first, bool):
            first = Aff(first)
        if not isinstance(first, Aff) or first.split()[0] is not None:
            return None
        key = ("row", buffer.name, first.key())
        if key not in self.stages:
            vector = Buffer(self.tr.emitter.fresh(buffer.py_name + "_row"),
                            (buffer.shape[1],), buffer.dtype, "fragment",
                            buffer.py_name)
            self.stages[key] = vector
            pos = self.pos(node)
            self.tr.emitter.emit_prologue(f"{vector.name} = tile.alloc : "
                                          f"{vector.type}", pos)

            def emit(vector=vector, first=first, pos=pos, source=buffer):
                self.tr.emit_row(node, source, self.materialize_outer(first, pos),
                                 vector)
            self.pre.append(emit)
        column = ast.Subscript(value=node.value, slice=indices[1], ctx=ast.Load())
        ast.copy_location(column, node)
        return self.stages[key], column

    def materialize_outer(self, aff, pos):
        """An index value of the kernel scope for an affine form without loop
        variables (a staging copy's offset)."""
        name = _emit_affine(self.tr.emitter, aff, lambda key: aff.values[key[1]].name,
                            "idx", pos)
        return SSA(name, "index")

    # -- expressions --------------------------------------------------------

    def value(self, node, scope):
        """A body expression: a Python constant, a Const, an Aff (index) or a Node."""
        if isinstance(node, ast.Name):
            found, value = scope.lookup(node.id)
            if not found:
                self.error(node, f"name '{node.id}' is not defined")
            return self.lift(node, value)
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Subscript):
            base = self.tr.evaluate(node.value, scope)
            if isinstance(base, Buffer):
                return self.read(node, base, scope)
            if isinstance(base, (tuple, list)):
                return base[self.tr.evaluate_constant(node.slice, scope)]
            self.error(node, f"cannot index {ast.unparse(node.value)}")
        if isinstance(node, ast.BinOp):
            return self.binary(node, node.op, self.value(node.left, scope),
                               self.value(node.right, scope))
        if isinstance(node, ast.UnaryOp):
            operand = self.value(node.operand, scope)
            if isinstance(node.op, ast.USub):
                return self.binary(node, ast.Sub(), 0, operand)
            if isinstance(node.op, ast.UAdd):
                return operand
            if isinstance(node.op, ast.Not) and not isinstance(operand, (Node, Aff)):
                return not operand
            if isinstance(node.op, ast.Not) and isinstance(operand, Node) and \
                    operand.type == "i1":
                return Node("op", "i1", self.pos(node),
                            [operand, self.to_node(node, True, "i1")], "xori")
            self.error(node, f"{type(node.op).__name__} is not supported in a "
                       "T.Parallel body")
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.IfExp):
            test = self.value(node.test, scope)
            if isinstance(test, (Node, Aff)):
                return self.select(node, test, self.value(node.body, scope),
                                   self.value(node.orelse, scope))
            return self.value(node.body if test else node.orelse, scope)
        if isinstance(node, ast.BoolOp):
            values = [self.value(v, scope) for v in node.values]
            if not any(isinstance(v, Node) for v in values):
                result = values[0]
                for v in values[1:]:
                    result = (result and v) if isinstance(node.op, ast.And) else (result or v)
                return result
            op = "andi" if isinstance(node.op, ast.And) else "ori"
            result = self.to_node(node, values[0], "i1")
            for v in values[1:]:
                result = Node("op", "i1", self.pos(node),
                              [result, self.to_node(node, v, "i1")], op)
            return result
        if isinstance(node, ast.Call):
            return self.call(node, scope)
        if isinstance(node, ast.Attribute):
            return self.lift(node, self.tr.evaluate(node, scope))
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(self.value(e, scope) for e in node.elts)
        self.error(node, f"{_util._describe(node)} is not supported in a T.Parallel body")

    def lift(self, node, value):
        """A kernel-scope value as a body value."""
        if isinstance(value, Deferred):
            # Scalar arithmetic on the kernel's scalar arguments and
            # indices, computed here, per element, from the values
            # themselves.
            if value.op == "sitofp":
                index = self.to_node(node, self.lift(node, value.operands[0]), "index")
                return self.convert(node, index, value.type)
            operands = [self.to_node(node, self.lift(node, v), value.type)
                        for v in value.operands]
            if value.op.startswith("math:"):
                return Node("math", value.type, self.pos(node), operands,
                            value.op[len("math:"):])
            return Node("op", value.type, self.pos(node), operands, value.op)
        if isinstance(value, SSA):
            if value.type == "index":
                return Aff(0, {("ssa", value.name): 1}, {value.name: value})
            return Node("outer", value.type, self.pos(node), data=value)
        return value

    def call(self, node, scope):
        tr = self.tr
        callee = tr.evaluate(node.func, scope)
        name = _util._intrinsic_name(callee)
        if isinstance(callee, DType):
            if len(node.args) != 1:
                self.error(node, f"T.{callee.name}(value) takes one value")
            value = self.value(node.args[0], scope)
            if isinstance(value, (Node, Aff)):
                return self.convert(node, self.to_node(node, value, callee.mlir), callee.mlir)
            return Const(_util._unconst(value), callee.mlir)
        if name in _MATH or name == "abs":
            if len(node.args) != 1 or node.keywords:
                self.error(node, f"T.{name} takes one value")
            x = self.value(node.args[0], scope)
            if not isinstance(x, (Node, Aff, Const)):
                if name == "abs":
                    return abs(x)
                return _PY_MATH[name](x)
            x = self.to_node(node, x, None)
            if name == "abs":
                if is_float(x.type):
                    return Node("math", x.type, self.pos(node), [x], "absf")
                return Node("math", x.type, self.pos(node), [x], "absi")
            if not is_float(x.type):
                self.error(node, f"T.{name} takes a float value, got {x.type}")
            return Node("math", x.type, self.pos(node), [x], _MATH[name])
        if name in ("max", "min"):
            if len(node.args) != 2:
                self.error(node, f"T.{name} takes two values")
            a, b = (self.value(x, scope) for x in node.args)
            return self.extreme(node, name, a, b)
        if name in ("floordiv", "floormod"):
            if len(node.args) != 2 or node.keywords:
                self.error(node, f"T.{name}(a, b) takes two values")
            a, b = (self.value(x, scope) for x in node.args)
            return self.binary(node, ast.FloorDiv() if name == "floordiv" else ast.Mod(),
                               a, b)
        if name == "clamp":
            # min(max(x, lo), hi), TileLang's T.clamp.
            args, _ = _util._bind_arguments(tr, node, callee, scope, self.value)
            low = self.extreme(node, "max", args["dst"], args["min_val"])
            return self.extreme(node, "min", low, args["max_val"])
        if name == "sigmoid":
            # 1 / (1 + exp(-x)): exp and a division on the SFPU.
            if len(node.args) != 1 or node.keywords:
                self.error(node, "T.sigmoid takes one value")
            x = self.value(node.args[0], scope)
            if not isinstance(x, (Node, Aff, Const)):
                return 1.0 / (1.0 + math.exp(-x))
            x = self.to_node(node, x, None)
            if not is_float(x.type):
                self.error(node, f"T.sigmoid takes a float value, got {x.type}")
            e = Node("math", x.type, self.pos(node),
                     [self.binary(node, ast.Sub(), 0.0, x)], "exp")
            return self.binary(node, ast.Div(), 1.0,
                               self.binary(node, ast.Add(), 1.0, e))
        if name == "if_then_else":
            args, _ = _util._bind_arguments(tr, node, callee, scope, self.value)
            return self.select(node, args["cond"], args["a"], args["b"])
        if name in ("cast", "Cast"):
            args, _ = _util._bind_arguments(tr, node, callee, scope, self.value)
            dtype = tr.element_type(node, args["dtype"])
            value = args["value"]
            if isinstance(value, (Node, Aff)):
                return self.convert(node, self.to_node(node, value, None), dtype)
            return Const(_util._unconst(value), dtype)
        if name == "infinity":
            dtype = tr.element_type(node, tr.evaluate_constant(node.args[0], scope))
            return Const(float("inf"), dtype)
        if name:
            self.error(node, f"T.{name}(...) is not supported in a T.Parallel body")
        if isinstance(callee, types.FunctionType):
            return self.inline_helper(node, callee, scope)
        return tr.evaluate(node, scope)

    def inline_helper(self, node, fn, scope):
        """A Python function called in the body (TileLang's mask helpers,
        `allowed = tile_allowed(i, j, block, is_diag, q_is_noisy)`): its
        statements are read as the body's own, the parameters bound to the
        arguments' body values; it may assign names and returns a value."""
        tr = self.tr
        try:
            source = fe.Source(fn)
        except Exception:  # noqa: BLE001 -- no source to read (a builtin, a lambda)
            return tr.evaluate(node, scope)
        fdef = source.node
        if not isinstance(fdef, ast.FunctionDef):
            return tr.evaluate(node, scope)
        inner = tr.bind_parameters(node, fn, source,
                                   lambda arg: self.value(arg, scope))
        saved = tr.source
        tr.source = source
        try:
            for stmt in fdef.body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    continue  # the docstring
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                        isinstance(stmt.targets[0], ast.Name):
                    inner.vars[stmt.targets[0].id] = self.value(stmt.value, inner)
                    continue
                if isinstance(stmt, ast.Return) and stmt.value is not None:
                    return self.value(stmt.value, inner)
                self.error(stmt, f"{fdef.name} is called in a T.Parallel body, so "
                           "it is read as part of it: it may assign names and "
                           "return a value, nothing else")
            self.error(fdef, f"{fdef.name} is called in a T.Parallel body for its "
                       "value, but returns none")
        finally:
            tr.source = saved

    def compare(self, node, scope):
        values = [self.value(node.left, scope)] + \
                 [self.value(c, scope) for c in node.comparators]
        result = None
        for op, left, right in zip(node.ops, values, values[1:]):
            if not any(isinstance(v, (Node, Aff, Const)) for v in (left, right)):
                part = eval(compile(ast.Expression(_util._constant_compare(
                    ast.Compare(left=None, ops=[op], comparators=[None]),
                    [left, right])), "<tilt>", "eval"))
            else:
                a, b = self.unify(node, left, right)
                table = _CMPF if is_float(a.type) else _CMPI
                if type(op) not in table:
                    self.error(node, f"the comparison {type(op).__name__} is not supported")
                part = Node("cmp", "i1", self.pos(node), [a, b],
                            ("cmpf " if is_float(a.type) else "cmpi ") + table[type(op)])
            if result is None:
                result = part
            elif isinstance(result, Node) or isinstance(part, Node):
                result = Node("op", "i1", self.pos(node),
                              [self.to_node(node, result, "i1"),
                               self.to_node(node, part, "i1")], "andi")
            else:
                result = result and part
        return result

    def extreme(self, node, name, a, b):
        """The larger (``name`` "max") or smaller of two body values."""
        if not any(isinstance(v, (Node, Aff, Const)) for v in (a, b)):
            return max(a, b) if name == "max" else min(a, b)
        a, b = self.unify(node, a, b)
        if is_float(a.type):
            op = "maximumf" if name == "max" else "minimumf"
        else:
            op = "maxsi" if name == "max" else "minsi"
        return Node("op", a.type, self.pos(node), [a, b], op)

    def select(self, node, cond, a, b):
        if not isinstance(cond, (Node, Aff)):
            return a if cond else b
        cond = self.to_node(node, cond, "i1")
        if cond.type == "i32" or (cond.type == "f32" and cond.kind == "input" and
                                  self.is_widened(cond)):
            # A number as a condition is true when it is not zero: a bool
            # mask's element (read as an int32, or an f32 in a vector:
            # `T.if_then_else(M[i, j], ...)`), as in C.
            float_cond = cond.type == "f32"
            cond = Node("cmp", "i1", self.pos(node),
                        [cond, self.to_node(node, 0.0 if float_cond else 0, cond.type)],
                        "cmpf une" if float_cond else "cmpi ne")
        if cond.type != "i1":
            self.error(node, "the condition of T.if_then_else must be a comparison")
        a, b = self.unify(node, a, b)
        if a.type == "index":
            # A choice between element indices is a number: TileLang's
            # loop variables are int32 (an index select has no tile form).
            a = self.convert(node, a, "i32")
            b = self.convert(node, b, "i32")
        return Node("select", a.type, self.pos(node), [cond, a, b])

    def binary(self, node, op, a, b):
        plain = (int, float, bool)
        if isinstance(a, plain) and isinstance(b, plain):
            return _util._python_binary(op, a, b)
        if isinstance(a, (Aff, int)) and isinstance(b, (Aff, int)) and \
                not isinstance(a, bool) and not isinstance(b, bool):
            a = a if isinstance(a, Aff) else Aff(a)
            b = b if isinstance(b, Aff) else Aff(b)
            if isinstance(op, ast.Add):
                return a.add(b)
            if isinstance(op, ast.Sub):
                return a.add(b, -1)
            if isinstance(op, ast.Mult) and (not a.terms or not b.terms):
                return b.scale(a.const) if not a.terms else a.scale(b.const)
        if isinstance(a, (Const)) and isinstance(b, (Const, int, float)) or \
                isinstance(b, Const) and isinstance(a, (int, float)):
            type_ = a.type if isinstance(a, Const) else b.type
            return Const(_util._python_binary(op, _util._unconst(a), _util._unconst(b)), type_)
        a, b = self.unify(node, a, b)
        if is_float(a.type):
            opname = _FLOAT_OPS.get(type(op))
        else:
            opname = _INT_OPS.get(type(op))
        if opname is None:
            self.error(node, f"{type(op).__name__} on {a.type} values is not supported")
        return Node("op", a.type, self.pos(node), [a, b], opname)

    def unify(self, node, a, b):
        """Two body values as Nodes of one type (floats widen to f32)."""
        ta, tb = _type_of(a), _type_of(b)
        if ta is None and tb is None:
            type_ = "f32" if isinstance(a, float) or isinstance(b, float) else "index"
        elif ta is None or tb is None:
            type_ = ta or tb
            plain = _util._unconst(b if ta else a)
            if type_ in ("index", "i32") and isinstance(plain, float):
                # An integer with a Python float is a float, as in TileLang
                # and C: `(row - col) * decay`.
                type_ = "f32"
        elif ta == tb:
            type_ = ta
        elif is_float(ta) and is_float(tb):
            type_ = ta if _WIDTH[ta] > _WIDTH[tb] else tb
            if _WIDTH[ta] == _WIDTH[tb]:
                type_ = "f32"
        elif {ta, tb} <= {"index", "i32"}:
            # TileLang's loop variables are int32: an element index with an
            # int32 value is an int32 (tiles of the index's values).
            type_ = "i32"
        elif ta in ("index", "i32") and is_float(tb) or tb in ("index", "i32") and is_float(ta):
            # An integer with a float is the float, as in TileLang (TVM
            # promotes the integer): `(row - col) * log_decay`.
            type_ = ta if is_float(ta) else tb
        else:
            self.error(node, f"mixing {ta} and {tb} values: use T.cast")
        a = self.convert(node, self.to_node(node, a, type_), type_)
        b = self.convert(node, self.to_node(node, b, type_), type_)
        return a, b

    def to_node(self, node, value, type_):
        """A body value as a Node; plain constants take ``type_``."""
        if isinstance(value, Node):
            return value
        if isinstance(value, Aff):
            return Node("aff", "index", self.pos(node), data=value)
        if isinstance(value, Const):
            return Node("const", value.type, self.pos(node), data=value.value)
        value = _util._unconst(value)
        if isinstance(value, bool):
            return Node("const", "i1", self.pos(node), data=int(value))
        if isinstance(value, (int, float)):
            if type_ is None:
                type_ = "f32" if isinstance(value, float) else "index"
            if not is_float(type_) and isinstance(value, float):
                self.error(node, f"the float {value!r} where a {type_} is expected")
            return Node("const", type_, self.pos(node),
                        data=round_to(float(value), type_) if is_float(type_) else value)
        self.error(node, f"{_util._kind(value)} is not a value of a T.Parallel body")

    def convert(self, node, value, type_):
        """``value`` converted to ``type_`` (float widths, int/float)."""
        if value.type == type_:
            return value
        if value.kind == "const":
            data = value.data
            return Node("const", type_, value.pos,
                        data=round_to(float(data), type_) if is_float(type_) else int(data))
        src = value.type
        if is_float(src) and is_float(type_):
            op = "extf" if _WIDTH[type_] > _WIDTH[src] else "truncf"
            if _WIDTH[src] == _WIDTH[type_]:  # bf16 <-> f16 through f32
                value = Node("cast", "f32", value.pos, [value], "extf")
                op = "truncf"
            return Node("cast", type_, value.pos, [value], op)
        if src == "index" and (is_float(type_) or type_ == "i32"):
            value = Node("cast", "i32", value.pos, [value], "index_cast")
            return value if type_ == "i32" else Node("cast", type_, value.pos, [value], "sitofp")
        if src == "i32" and is_float(type_):
            return Node("cast", type_, value.pos, [value], "sitofp")
        if src == "i1" and is_float(type_):
            # A condition as a number: 1.0 or 0.0 (C's and TVM's bool cast).
            return Node("cast", type_, value.pos, [value], "uitofp")
        if is_float(src) and type_ == "i32":
            return Node("cast", type_, value.pos, [value], "fptosi")
        if src == "i32" and type_ == "index":
            return Node("cast", type_, value.pos, [value], "index_cast")
        self.error(self.stmt, f"cannot convert a {src} value to {type_}")


def _type_of(value):
    if isinstance(value, (Node, Const)):
        return value.type
    if isinstance(value, Aff):
        return "index"
    return None


def _shape(extents):
    return "x".join(str(e) for e in extents)


class _Writer:
    """Writes the body of the op from the expression graph."""

    def __init__(self, loop, inputs):
        self.loop = loop
        self.emitter = loop.tr.emitter
        self.names = {}
        self.inputs = inputs      # key -> (block argument name, buffer, dims)
        self.order = []
        self.index_values = {}

    def emit(self, text, pos):
        self.emitter.emit(text, pos)

    def value(self, node):
        if id(node) in self.names:
            return self.names[id(node)]
        name = self.compute(node)
        self.names[id(node)] = name
        return name

    def compute(self, node):
        e = self.emitter
        if node.kind == "input":
            buffer, dims, _ = self.loop.inputs[node.data]
            if node.data not in self.inputs:
                arg = e.fresh(buffer.py_name.lower() + "_v" if buffer.py_name else "x")
                self.inputs[node.data] = (arg, buffer, dims)
                self.order.append(node.data)
            return self.inputs[node.data][0]
        if node.kind == "const":
            return e.constant(node.data, node.type).name
        if node.kind == "outer":
            return node.data.name
        if node.kind == "aff":
            return self.affine(node.data, node.pos)
        operands = [self.value(o) for o in node.operands]
        result = e.fresh("v")
        if node.kind == "op":
            self.emit(f"{result} = arith.{node.data} {operands[0]}, {operands[1]} : "
                      f"{node.type}", node.pos)
        elif node.kind == "math":
            self.emit(f"{result} = math.{node.data} {operands[0]} : {node.type}", node.pos)
        elif node.kind == "cmp":
            kind, pred = node.data.split()
            self.emit(f"{result} = arith.{kind} {pred}, {operands[0]}, {operands[1]} : "
                      f"{node.operands[0].type}", node.pos)
        elif node.kind == "select":
            self.emit(f"{result} = arith.select {operands[0]}, {operands[1]}, "
                      f"{operands[2]} : {node.type}", node.pos)
        elif node.kind == "cast":
            self.emit(f"{result} = arith.{node.data} {operands[0]} : "
                      f"{node.operands[0].type} to {node.type}", node.pos)
        return result

    def affine(self, aff, pos):
        return _emit_affine(self.emitter, aff, lambda key: self.term(key, aff, pos), "v", pos)

    def term(self, key, aff, pos):
        """The value of a term of an affine form inside the body."""
        kind, name = key
        if kind != "iter":
            return aff.values[name].name
        if name not in self.index_values:
            value = self.emitter.fresh("ijk"[name] if name < 3 else f"d{name}")
            self.emit(f"{value} = tile.index {name} : index", pos)
            self.index_values[name] = value
        return self.index_values[name]


def _emit_affine(emitter, aff, term, hint, pos):
    """Writes ``const + sum(coeff * term)`` with ``arith`` on ``index`` and
    returns the result's name; ``term(key)`` names each term's value."""
    total = None
    for key, coeff in sorted(aff.terms.items(), key=lambda t: str(t[0])):
        name = term(key)
        if coeff != 1:
            product = emitter.fresh(hint)
            emitter.emit(f"{product} = arith.muli {name}, "
                         f"{emitter.constant(coeff, 'index').name} : index", pos)
            name = product
        if total is None:
            total = name
        else:
            sum_ = emitter.fresh(hint)
            emitter.emit(f"{sum_} = arith.addi {total}, {name} : index", pos)
            total = sum_
    if total is None:
        return emitter.constant(aff.const, "index").name
    if aff.const:
        sum_ = emitter.fresh(hint)
        emitter.emit(f"{sum_} = arith.addi {total}, "
                     f"{emitter.constant(aff.const, 'index').name} : index", pos)
        total = sum_
    return total


def translate(tr, stmt, scope):
    """Writes the tile.parallel op (and its staging copies) of a T.Parallel loop."""
    call = stmt.iter
    if call.keywords:
        for keyword in call.keywords:
            if keyword.arg not in ("coalesced_width", "loop_layout"):
                tr.error(keyword, f"T.Parallel has no keyword '{keyword.arg}'")
    extents = [tr.evaluate_constant(a, scope) for a in call.args]
    if not extents:
        tr.error(call, "T.Parallel takes the loop's extents")
    for node, extent in zip(call.args, extents):
        if not isinstance(extent, int) or isinstance(extent, bool) or extent <= 0:
            tr.error(node, "a T.Parallel extent must be a positive integer known when "
                     f"the kernel is compiled, got {extent!r}")
    target = stmt.target
    names = [target] if isinstance(target, ast.Name) else \
        list(target.elts) if isinstance(target, ast.Tuple) else None
    if names is None or not all(isinstance(n, ast.Name) for n in names):
        tr.error(target, "T.Parallel binds one name per dimension")
    if len(names) != len(extents):
        tr.error(target, f"T.Parallel has {len(extents)} dimension(s) but binds "
                 f"{len(names)} name(s)")
    if stmt.orelse:
        tr.error(stmt, "a for loop with an `else` clause is not supported")
    loop = ParallelLoop(tr, stmt, extents)
    inner = fe.Scope(parent=scope)
    for d, name in enumerate(names):
        inner.vars[name.id] = Aff(0, {("iter", d): 1})
    loop.statements(stmt.body, inner)
    if not loop.writes:
        tr.error(stmt, "this T.Parallel loop writes no buffer")

    emitter = tr.emitter
    pos = tr.pos(stmt)
    for emit in loop.pre:
        emit()
    outputs = []
    for key, (buffer, node, bases, wpos, atomic, limit, looped) in loop.writes.items():
        if buffer.is_global:
            temp = Buffer(emitter.fresh(buffer.py_name + "_out"), extents,
                          buffer.dtype, "fragment", buffer.py_name)
            emitter.emit_prologue(f"{temp.name} = tile.alloc : {temp.type}", wpos)
            outputs.append((temp, node, (buffer, bases, wpos, atomic, limit, looped)))
        else:
            outputs.append((buffer, node, None))
    # The body first (it decides which inputs are used), then the header.
    saved, emitter.lines = emitter.lines, []
    depth = emitter.depth
    emitter.depth = depth + 1
    writer = _Writer(loop, {})
    results = [writer.value(node) for _, node, _ in outputs]
    out_types = [buffer.dtype for buffer, _, _ in outputs]
    emitter.emit(f"tile.yield {', '.join(results)} : {', '.join(out_types)}", pos)
    body, emitter.lines = emitter.lines, saved
    emitter.depth = depth
    ins = []
    args = []
    for key in writer.order:
        arg, buffer, dims = writer.inputs[key]
        identity = dims == list(range(len(extents)))
        ins.append((buffer.name + ("" if identity else
                                   "[" + ", ".join(f"d{d}" for d in dims) + "]"),
                    buffer.type))
        args.append(f"{arg}: {buffer.dtype}")
    header = "tile.parallel "
    if ins:
        header += (f"ins({', '.join(i for i, _ in ins)} : "
                   f"{', '.join(t for _, t in ins)}) ")
    header += (f"outs({', '.join(b.name for b, _, _ in outputs)} : "
               f"{', '.join(b.type for b, _, _ in outputs)}) {{")
    emitter.emit(header, None)
    if args:
        emitter.lines.append("  " * depth + f"^bb0({', '.join(args)}):")
    emitter.lines.extend(body)
    emitter.emit(f"}} {emitter.loc(pos)}", None)
    for temp, _, staged in outputs:
        if staged is None:
            continue
        tensor, bases, wpos, atomic, limit, looped = staged
        offsets = ", ".join(loop.materialize_outer(b, wpos).name for b in bases)
        op = f"tile.atomic_{atomic}" if atomic else "tile.copy"
        rows = f" rows {limit.name}" if limit is not None else ""
        emitter.emit(f"{op} {temp.name}, {tensor.name}[{offsets}]{rows}"
                     f"{_staging_dims_attr(looped, len(bases))} : "
                     f"{temp.type}, {tensor.type}", wpos)
