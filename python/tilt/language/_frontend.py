"""Translates a TileLang ``@T.prim_func`` into tile dialect IR.

The kernel's Python source is read with ``ast``; statements are walked in
order with an environment of compile-time values (the enclosing function's
locals, the module's globals) and IR values. Compile-time arithmetic is
done in Python; what depends on block ids or loop variables becomes
``arith`` on ``index``. ``T.Parallel`` loops are translated by
``_parallel.py``, the eager ``@jit`` style's declarations by ``_eager.py``
(a mixin of the Translator) and index ranges by ``_ranges.py``. Every op
carries the Python line it came from, so that every later error names it.
"""

import ast
import builtins
import inspect
import linecache
import struct
import textwrap
import threading

from . import _parallel
from ._eager import EagerCall, EagerTranslation, scope_chain_pending
from ._ranges import decide, index_range, range_of
from ._util import (_bind_arguments, _constant_compare, _describe, _dims_attr,
                    _intrinsic_name, _is_docstring, _kind, _python_binary,
                    _python_unary, _unconst)
from ._values import (Buffer, Const, Deferred, DType, Diagnostic, Emitter,
                      FrontendError, Region, SSA, ScalarCell, Sym, TensorAnnotation,
                      TensorData,
                      TensorType, ViewConflict, dtype_of, is_float, _NARROW_TYPES,
                      _TILE_TYPES, _TORCH_DTYPES)

__all__ = ["FrontendError", "PrimFunc", "Macro", "DType", "TensorType",
           "EagerCall", "parse_prim_func", "parse_source"]


# CPython 3.11's ast.parse is not safe to run in two threads at once (it
# fails with "AST constructor recursion depth mismatch"); kernels are
# translated from threads by par_compile and by users' own thread pools.
_PARSE_LOCK = threading.Lock()


def parse_source(text):
    """``ast.parse(text)``, one thread at a time."""
    with _PARSE_LOCK:
        return ast.parse(text)



class BufferRow:
    """``buf[k, :]``: row ``k`` of a 2-d on-core buffer, which T.copy takes
    as its source (``emit_row``)."""

    def __init__(self, buffer, row):
        self.buffer = buffer
        self.row = row

class Pos:
    """A Python source position (1-based line and column)."""

    def __init__(self, line, col):
        self.line = line
        self.col = col


class Source:
    """A function's source, its AST and how AST positions map to the file."""

    def __init__(self, fn):
        try:
            lines, start = inspect.getsourcelines(fn)
        except (OSError, TypeError) as error:
            raise RuntimeError(
                f"cannot read the source of {fn.__name__}: {error}; a TileLang "
                "kernel must be defined in a file") from None
        self.filename = fn.__code__.co_filename
        self.start = start
        first = lines[0]
        self.indent = len(first) - len(first.lstrip())
        tree = parse_source(textwrap.dedent("".join(lines)))
        self.node = tree.body[0]
        self.fn = fn

    def pos(self, node):
        return Pos(node.lineno + self.start - 1, node.col_offset + self.indent + 1)


def _slice_extent(lower, upper):
    """upper - lower of a slice when both are compile-time numbers."""
    if isinstance(lower, int) and isinstance(upper, int):
        return upper - lower
    return None


def _linear_form(node, constant_of):
    """``node`` as {name: coefficient} plus a constant (key None), for sums,
    differences and products by a number of names and numbers;
    ``constant_of(name)`` is a name's compile-time int or None. None when
    the expression has another form."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and \
            not isinstance(node.value, bool):
        return {None: node.value}
    if isinstance(node, ast.Name):
        value = constant_of(node.id)
        return {None: value} if value is not None else {node.id: 1}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _linear_form(node.operand, constant_of)
        return None if inner is None else {k: -v for k, v in inner.items()}
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        left = _linear_form(node.left, constant_of)
        right = _linear_form(node.right, constant_of)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Mult):
            if set(left) <= {None}:
                left, right = right, left
            if not set(right) <= {None}:
                return None
            factor = right.get(None, 0)
            return {k: v * factor for k, v in left.items()}
        sign = 1 if isinstance(node.op, ast.Add) else -1
        result = dict(left)
        for k, v in right.items():
            result[k] = result.get(k, 0) + sign * v
        return result
    return None


def _symbolic_extent(lower, upper, constant_of):
    """upper - lower of a slice whose bounds are sums and multiples of the
    same names (``bx * 64 : (bx + 1) * 64``), when the names cancel."""
    if lower is None or upper is None:
        return None
    low, high = _linear_form(lower, constant_of), _linear_form(upper, constant_of)
    if low is None or high is None:
        return None
    names = set(low) | set(high)
    if any(high.get(n, 0) != low.get(n, 0) for n in names if n is not None):
        return None
    return high.get(None, 0) - low.get(None, 0)


def _describe_extents(sizes):
    return "[" + ", ".join("?" if size is True else str(size) for size in sizes) + "]"


def _located_error(filename, pos, message):
    text = f"{filename}:{pos.line}:{pos.col}: error: {message}"
    line = linecache.getline(filename, pos.line)
    if line:
        line = line.rstrip("\n")
        text += "\n" + line + "\n" + " " * (pos.col - 1) + "^"
    return FrontendError(text, [Diagnostic("error", message, filename,
                                           pos.line, pos.col)])


# Python's errors that evaluating a user's kernel can raise (arity,
# arithmetic, conversions, indices, names of a half-built closure): located
# at the expression or statement being read (Translator.evaluate and
# .statement).
_PYTHON_ERRORS = (ArithmeticError, AttributeError, IndexError, KeyError,
                  LookupError, NameError, TypeError, ValueError, struct.error)


def _python_error_message(node, error):
    """What a Python error raised reading ``node`` says, for a located
    message."""
    text = str(error)
    what = ast.unparse(node).splitlines()[0].rstrip(":")[:80]
    return f"{what}: {type(error).__name__}: {text}"


class KernelError(Exception):
    """Raised inside the translator; turned into a FrontendError at the top."""

    def __init__(self, pos, message, filename):
        super().__init__(message)
        self.pos = pos
        self.message = message
        self.filename = filename


class Macro:
    """A ``@T.macro`` function, inlined at each call in a kernel."""

    def __init__(self, fn):
        self.fn = fn
        self.source = Source(fn)
        self.__name__ = fn.__name__

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"the macro {self.fn.__name__} can only be called "
                           "inside a @T.prim_func kernel")


class PrimFunc:
    """A translated kernel: ``name``, the tile IR text (``script()``,
    ``str()``), its parameters (``params``: name, shape, dtype, scalar).
    An eager kernel's ``out_idx`` lists the parameters its ``T.empty``
    outputs became, ``returns`` the indices of those it returns and
    ``returns_tuple`` whether it returns them as a tuple."""

    def __init__(self, name, text, params, filename, out_idx=None,
                 returns=(), returns_tuple=False, remarks=()):
        self.name = name
        #: (file, line, column, message) of each remark of the translation:
        #: the GPU hints a kernel gives that have no effect on Tenstorrent.
        self.remarks = list(remarks)
        self.text = text
        self.params = params
        self.filename = filename
        self.out_idx = out_idx
        self.returns = list(returns)
        self.returns_tuple = returns_tuple

    def script(self):
        """The tile IR, as text (TileLang's ``func.script()``)."""
        return self.text

    def __str__(self):
        return self.text


class _Barrier:
    """A GPU barrier (T.alloc_barrier) of a warp-specialized kernel: the
    circular buffers synchronize instead; ``bars[i]`` is a barrier too."""

    def __getitem__(self, index):
        return self


class _EmptyCell:
    """A variable the kernel closes over that the enclosing function has not
    assigned yet (it is assigned after the kernel's `def`)."""

    def __init__(self, name):
        self.name = name


def _closure_variables(fn):
    """The variables ``fn`` closes over, by name; one not assigned yet is
    an _EmptyCell (inspect.getclosurevars raises for it)."""
    values = {}
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            values[name] = cell.cell_contents
        except ValueError:
            values[name] = _EmptyCell(name)
    return values


class Scope:
    """Names visible to a statement: its own, then the enclosing ones."""

    def __init__(self, parent=None, fn=None):
        self.vars = {}
        self.parent = parent
        # A function's scope ends the chain with its Python names: the
        # variables it closes over, then its module's globals (read once).
        self.python = [_closure_variables(fn), fn.__globals__] \
            if fn is not None else None

    def lookup(self, name):
        scope = self
        while scope is not None:
            if name in scope.vars:
                value = scope.vars[name]
                # A shape constant reads as its value once a tensor bound it.
                if isinstance(value, Sym) and value.value is not None:
                    return True, value.value
                return True, value
            if scope.python is not None:
                for table in scope.python:
                    if name in table:
                        return True, table[name]
                if hasattr(builtins, name):
                    return True, getattr(builtins, name)
                return False, None
            scope = scope.parent
        return False, None


_INDEX_BINOPS = {ast.Add: "addi", ast.Sub: "subi", ast.Mult: "muli",
                 ast.FloorDiv: "floordivsi", ast.Mod: "remsi"}


class Translator(EagerTranslation):
    """Walks one kernel's statements, writing its tile IR."""

    def __init__(self, source, eager=None):
        self.source = source
        self.emitter = Emitter(source.filename)
        self.in_kernel = False
        # (value, Python name, position) of each function parameter, in order.
        self.kernel_args = []
        # (buffer, position) of each T.alloc_global workspace, in order: the
        # last parameters of the function.
        self.workspaces = []
        self.eager = eager
        self.returned = None
        # The GPU hints of the kernel being translated, and the remarks made.
        self.hints = []
        self.remarks = []

    # -- positions and errors ---------------------------------------------

    def pos(self, node):
        return self.source.pos(node)

    def error(self, node, message):
        raise KernelError(self.pos(node), message, self.source.filename)

    # -- entry ------------------------------------------------------------

    def translate(self):
        fdef = self.source.node
        if not isinstance(fdef, ast.FunctionDef):
            self.error(fdef, "T.prim_func applies to a function")
        scope = Scope(fn=self.source.fn)
        args = []
        for arg in fdef.args.args:
            if arg.annotation is None:
                self.error(arg, f"the parameter '{arg.arg}' needs an annotation: "
                           "T.Tensor(shape, dtype) or a scalar type (T.float32)")
            # Python evaluated the annotation when the def ran, in the scope
            # that defines the kernel (a factory function's parameters).
            spec = self.source.fn.__annotations__.get(arg.arg)
            if isinstance(spec, str):
                # `from __future__ import annotations`: the annotation's
                # text, evaluated now in the kernel's scope.
                spec = self.evaluate_constant(arg.annotation, scope)
            name = self.emitter.fresh(arg.arg)
            if isinstance(spec, TensorType):
                shape = self.static_shape(arg.annotation, spec.shape)
                dtype = self.element_type(arg.annotation, spec.dtype, narrow=True)
                value = Buffer(name, shape, dtype, "global", arg.arg)
            elif dtype_of(spec) in ("f32", "f16", "bf16"):
                value = SSA(name, dtype_of(spec))
            else:
                self.error(arg.annotation, f"the parameter '{arg.arg}' must be a "
                           "T.Tensor(shape, dtype) or an f32, bf16 or f16 scalar "
                           f"(T.float32), got {spec!r}")
            scope.vars[arg.arg] = value
            args.append((value, arg.arg, self.pos(arg)))
        for bad in (fdef.args.vararg, fdef.args.kwarg):
            if bad is not None:
                self.error(bad, "a kernel takes no *args or **kwargs")
        for bad in fdef.args.kwonlyargs + fdef.args.posonlyargs:
            self.error(bad, f"the parameter '{bad.arg}' is keyword-only or "
                       "positional-only: a kernel's parameters are plain "
                       "positional ones (the order of its arrays)")
        self.kernel_args = args
        emitter = self.emitter
        # The signature is written last: a T.Tensor view in a kernel gives a
        # parameter the shape the kernels read it in.
        header = len(emitter.lines)
        emitter.emit("", None)
        emitter.depth = 1
        body = [s for s in fdef.body if not _is_docstring(s)]
        kernels = 0
        for stmt in body:
            if isinstance(stmt, ast.With):
                self.kernel(stmt, scope)
                kernels += 1
            elif isinstance(stmt, ast.Return) and stmt.value is None:
                continue
            elif isinstance(stmt, ast.Assign):
                self.assign(stmt, scope)
            else:
                self.error(stmt, "a kernel's body is a `with T.Kernel(...)` "
                           f"block; {_describe(stmt)} outside it is not supported")
        if kernels == 0:
            self.error(fdef, f"the kernel {fdef.name} has no `with T.Kernel(...)` block")
        emitter.emit("return", self.pos(fdef))
        emitter.depth = 0
        emitter.emit(f"}} {emitter.loc(self.pos(fdef))}", None)
        emitter.lines[header] = self.signature()
        return PrimFunc(fdef.name, "\n".join(emitter.lines) + "\n", self.params(),
                        self.source.filename, remarks=self.remarks)

    def alloc_global(self, node, args):
        """``W = T.alloc_global(shape, dtype)``: a DRAM workspace, a
        parameter of the function after the others that the runtime
        allocates for each call and does not return."""
        if self.in_kernel:
            self.error(node, "T.alloc_global makes a DRAM workspace before the "
                       "`with T.Kernel` blocks that use it, not inside one")
        if args.get("scope", "global") != "global":
            self.error(node, "T.alloc_global's scope is \"global\"")
        shape = self.static_shape(node, args["shape"])
        dtype = self.element_type(node, args["dtype"])
        name = getattr(node, "_tilt_name", None) or "workspace"
        buffer = Buffer(self.emitter.fresh(name), shape, dtype, "global", name)
        self.workspaces.append((buffer, self.pos(node)))
        return buffer

    def all_args(self):
        """The function's parameters: the kernel's, then its workspaces."""
        return self.kernel_args + [(b, b.py_name, pos) for b, pos in self.workspaces]

    def params(self):
        """The PrimFunc's description of each parameter: name, shape (as the
        program reads it), dtype and whether it is a scalar; a tensor read
        through a T.Tensor view also has its own shape as ``user_shape``,
        and a T.alloc_global workspace is marked ``workspace``."""
        params = []
        workspaces = {id(b) for b, _ in self.workspaces}
        for value, name, _ in self.all_args():
            buffer = isinstance(value, Buffer)
            param = {"name": name,
                     "shape": (value.view_shape or value.shape) if buffer else (),
                     "dtype": value.dtype if buffer else value.type,
                     "scalar": not buffer}
            if buffer and value.view_shape is not None:
                param["user_shape"] = value.shape
            if id(value) in workspaces:
                param["workspace"] = True
            params.append(param)
        return params

    def signature(self):
        """The ``func.func`` line of the kernel's parameters. Each
        argument's location carries its Python name (MLIR's NameLoc), which
        names the buffer in the generated program and in reports."""
        params = ", ".join(
            f"{value.name}: {self.param_type(value)} "
            f"loc(\"{name}\"{self.emitter.loc(pos)[3:]})"
            for value, name, pos in self.all_args())
        return f"func.func @{self.source.node.name}({params}) {{"

    @staticmethod
    def param_type(value):
        """A parameter's IR type (a tensor's in the shape its kernels view
        it in)."""
        return value.ir_type if isinstance(value, Buffer) else value.type

    # -- the kernel -------------------------------------------------------

    def kernel(self, stmt, scope):
        if len(stmt.items) != 1 or not isinstance(stmt.items[0].context_expr, ast.Call):
            self.error(stmt, "expected `with T.Kernel(...) as (bx, ...)`")
        item = stmt.items[0]
        call = item.context_expr
        if _intrinsic_name(self.evaluate_constant(call.func, scope)) != "Kernel":
            self.error(call, "only `with T.Kernel(...)` is supported as a `with` block")
        if self.in_kernel:
            self.error(stmt, "T.Kernel blocks do not nest")
        for keyword in call.keywords:
            if keyword.arg not in ("threads", "prelude", "is_cpu"):
                self.error(keyword, f"T.Kernel has no keyword '{keyword.arg}'")
        self.hints = [f"threads={ast.unparse(k.value)}" for k in call.keywords
                      if k.arg == "threads"]
        self.kernel_node = stmt
        extents = [self.evaluate_constant(a, scope) for a in call.args]
        if not 1 <= len(extents) <= 3:
            self.error(call, f"T.Kernel takes 1 to 3 grid extents, got {len(extents)}")
        for node, extent in zip(call.args, extents):
            if not isinstance(extent, int) or isinstance(extent, bool) or extent <= 0:
                self.error(node, "a grid extent must be a positive integer known "
                           f"when the kernel is compiled, got {extent!r}")
        names = []
        target = item.optional_vars
        if target is None:
            names = [None] * len(extents)
        elif isinstance(target, ast.Name):
            names = [target.id]
        elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
            names = [e.id for e in target.elts]
        else:
            self.error(target, "T.Kernel binds names: `as bx` or `as (bx, by)`")
        if len(names) != len(extents):
            self.error(target, f"T.Kernel has {len(extents)} grid dimensions but "
                       f"binds {len(names)} names")
        body = stmt.body
        persistent = self.persistent_loop(stmt, names, scope)
        if persistent is not None:
            extents, names, body = persistent
        emitter = self.emitter
        inner = Scope(parent=scope)
        blocks = []
        for name in names:
            ssa = SSA(emitter.fresh(name or "b"), "index", (0, extents[len(blocks)] - 1))
            blocks.append(ssa)
            if name:
                inner.vars[name] = ssa
        if self.eager is not None:
            self.kernels += 1
            for name, value in scope_chain_pending(scope):
                self.error(stmt, f"the tensor '{name}' has no shape: pass a tensor, "
                           f"or declare it (`{name}: T.Tensor(shape, dtype)`)")
            self.collect_arguments(self.source.node.args.posonlyargs +
                                   self.source.node.args.args +
                                   self.source.node.args.kwonlyargs, scope)
        for value, py_name, _ in self.all_args():
            # The kernel's body is isolated from above: its argument may
            # take the function argument's name (%A = %A), as MLIR allows.
            if isinstance(value, Buffer):
                copy = Buffer(value.name, value.shape, value.dtype, "global", py_name)
                copy.param = value
                inner.vars[py_name] = copy
            else:
                inner.vars[py_name] = SSA(value.name, value.type)
        grid = ", ".join(str(e) for e in extents)

        def header():
            # Written after the body: a T.Tensor view there sets a tensor's
            # type.
            operands = [f"{value.name} = {value.name} : {self.param_type(value)}"
                        for value, _, _ in self.all_args()]
            return (f"tile.kernel grid [{grid}] "
                    f"blocks({', '.join(b.name for b in blocks)})"
                    f" args({', '.join(operands)}) {{")
        header_line, header_depth = len(emitter.lines), emitter.depth
        emitter.emit("", None)
        saved = emitter.lines
        emitter.lines = []
        emitter.prologue = []
        emitter.constants = {}
        emitter.depth = 2
        emitter.last = self.pos(stmt)
        self.in_kernel = True
        self.statements(body, inner)
        self.in_kernel = False
        if self.hints:
            # Once per kernel: what a GPU schedule asked for, without effect.
            pos = self.pos(stmt)
            hints = ", ".join(dict.fromkeys(self.hints))
            self.remarks.append((self.source.filename, pos.line, pos.col,
                                 f"GPU hints with no effect on Tenstorrent: {hints} "
                                 "(a Tensix core has no threads; Tilt chooses the "
                                 "block order, layouts and work split)"))
            self.hints = []
        body = emitter.lines
        emitter.lines = saved
        emitter.lines[header_line] = "  " * header_depth + header()
        emitter.lines.extend(emitter.prologue)
        emitter.lines.extend(body)
        emitter.depth = 1
        emitter.emit(f"}} {emitter.loc(self.pos(stmt))}", None)
        emitter.prologue = None

    def persistent_loop(self, stmt, names, scope):
        """A kernel over a wave of blocks whose body is a `for bx, by in
        T.Persistent(domain, wave_size, block_id)` loop (TileLang's
        persistent kernels): on Tenstorrent every kernel is persistent
        already (each core loops over the blocks tile-partition gives it),
        so it is the kernel over `domain` with the loop's body, the
        statements around the loop kept. None when the body has no such
        loop."""
        loops = [s for s in stmt.body if isinstance(s, ast.For)
                 and isinstance(s.iter, ast.Call)
                 and _intrinsic_name(self.evaluate_constant(s.iter.func, scope))
                 == "Persistent"]
        if not loops:
            return None
        loop = loops[0]
        if len(loops) > 1:
            self.error(loops[1], "a kernel holds one T.Persistent loop")
        call = loop.iter
        if len(call.args) < 3:
            self.error(call, "T.Persistent(domain, wave_size, index[, group_size])")
        index = call.args[2]
        if not (isinstance(index, ast.Name) and len(names) == 1
                and index.id == names[0]):
            self.error(index, "T.Persistent's index must be the kernel's block index "
                       "(`with T.Kernel(waves) as block_id`)")
        # The block index means nothing once the loop is the grid.
        for other in stmt.body:
            nodes = [n for n in ast.walk(other) if isinstance(n, ast.Name)
                     and n.id == names[0]]
            if other is loop:
                nodes = [n for n in nodes if n is not index]
            if nodes:
                self.error(nodes[0], f"the block index '{names[0]}' is used outside "
                           "T.Persistent's domain: on Tenstorrent the persistent "
                           "loop is the kernel's grid, which has no wave index")
        if loop.orelse:
            self.error(loop, "a for loop with an `else` clause is not supported")
        domain = self.evaluate_constant(call.args[0], scope)
        if isinstance(domain, int):
            domain = [domain]
        if not isinstance(domain, (list, tuple)) or not 1 <= len(domain) <= 3:
            self.error(call.args[0], "T.Persistent's domain is a list of 1 to 3 "
                       "extents")
        for extent in domain:
            if not isinstance(extent, int) or isinstance(extent, bool) or extent <= 0:
                self.error(call.args[0], "a T.Persistent extent must be a positive "
                           f"integer known when the kernel is compiled, got {extent!r}")
        target = loop.target
        if isinstance(target, ast.Name):
            loop_names = [target.id]
        elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name)
                                                   for e in target.elts):
            loop_names = [e.id for e in target.elts]
        else:
            self.error(target, "T.Persistent binds names: `for bx, by in ...`")
        if len(loop_names) != len(domain):
            self.error(target, f"T.Persistent has {len(domain)} dimensions but binds "
                       f"{len(loop_names)} names")
        self.hints.append("T.Persistent's wave size")
        at = stmt.body.index(loop)
        body = stmt.body[:at] + loop.body + stmt.body[at + 1:]
        return list(domain), loop_names, body

    # -- statements -------------------------------------------------------

    def statements(self, body, scope):
        for stmt in body:
            self.statement(stmt, scope)

    def statement(self, stmt, scope):
        try:
            self.statement_of(stmt, scope)
        except ViewConflict as conflict:
            self.error(stmt, str(conflict))
        except _PYTHON_ERRORS as error:
            self.error(stmt, _python_error_message(stmt, error))

    def statement_of(self, stmt, scope):
        if _is_docstring(stmt) or isinstance(stmt, ast.Pass):
            return
        if isinstance(stmt, ast.Expr):
            if isinstance(stmt.value, ast.Call):
                self.call_statement(stmt.value, scope)
                return
            self.error(stmt, "an expression statement other than a call has no effect")
        eager_top = self.eager is not None and not self.in_kernel
        if eager_top and isinstance(stmt, ast.With):
            self.kernel(stmt, scope)
        elif eager_top and isinstance(stmt, ast.Return):
            self.eager_return(stmt, scope)
        elif eager_top and isinstance(stmt, ast.AnnAssign) and stmt.value is None:
            self.annotated_name(stmt, scope)
        elif isinstance(stmt, ast.Assign):
            self.assign(stmt, scope)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            self.bind(stmt.target, self.evaluate(stmt.value, scope), scope)
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Subscript) \
                and self.target_cell(stmt.target, scope) is not None:
            cell = self.target_cell(stmt.target, scope)
            value = self.binary(stmt, stmt.op, cell.value, self.evaluate(stmt.value, scope))
            self.store_cell(stmt.target, cell, value, scope)
        elif isinstance(stmt, ast.While):
            self.while_loop(stmt, scope)
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            value = self.binary(stmt, stmt.op, self.evaluate(stmt.target, scope),
                                self.evaluate(stmt.value, scope))
            self.bind(stmt.target, value, scope)
        elif isinstance(stmt, ast.For):
            self.for_loop(stmt, scope)
        elif isinstance(stmt, ast.If):
            cond = self.condition(stmt.test, scope) if self.in_kernel \
                else self.evaluate(stmt.test, scope)
            if isinstance(cond, SSA):
                self.runtime_if(stmt, cond, scope)
                return
            if isinstance(cond, (SSA, Const)):
                self.error(stmt.test, "an `if` on a value known only when the kernel "
                           "runs is not supported; use T.if_then_else in a T.Parallel")
            self.statements(stmt.body if cond else stmt.orelse, scope)
        elif isinstance(stmt, ast.Assert):
            test = self.evaluate(stmt.test, scope)
            if isinstance(test, (SSA, Const)):
                self.error(stmt, "an assert on a value known only when the kernel "
                           "runs is not supported")
            if not test:
                message = self.evaluate_constant(stmt.msg, scope) if stmt.msg else ""
                self.error(stmt, f"assertion failed{': ' + str(message) if message else ''}")
        elif isinstance(stmt, ast.With) and self.in_kernel and self.is_ws(stmt, scope):
            # A warp group's part (`with T.ws(1):`): read in place; the
            # lowering gives its copies to the reader and writer kernels
            # and its computation to the compute kernel.
            self.hints.append(self._WS_HINT)
            self.statements(stmt.body, scope)
        elif isinstance(stmt, ast.With):
            self.error(stmt, "T.Kernel blocks do not nest" if self.in_kernel
                       else "unsupported `with` block")
        else:
            self.error(stmt, f"{_describe(stmt)} is not supported in a TileLang kernel")

    # -- runtime `if` ----------------------------------------------------------

    _CMPI = {ast.Lt: "slt", ast.LtE: "sle", ast.Gt: "sgt", ast.GtE: "sge",
             ast.Eq: "eq", ast.NotEq: "ne"}

    def condition(self, node, scope):
        """The test of an `if` in a kernel: a Python bool when the grid's and
        the loops' bounds decide it, else an i1 SSA value of index
        comparisons (block indices, loop variables, elements of int32
        tensors) combined with and / or / not."""
        if isinstance(node, ast.BoolOp):
            parts = [self.condition(v, scope) for v in node.values]
            is_and = isinstance(node.op, ast.And)
            known = [p for p in parts if not isinstance(p, SSA)]
            if any(bool(p) != is_and for p in known):
                return not is_and  # a False in an `and`, a True in an `or`
            runtime = [p for p in parts if isinstance(p, SSA)]
            if not runtime:
                return is_and
            result = runtime[0]
            for part in runtime[1:]:
                name = self.emitter.fresh("cond")
                self.emitter.emit(f"{name} = arith.{'andi' if is_and else 'ori'} "
                                  f"{result.name}, {part.name} : i1", self.pos(node))
                result = SSA(name, "i1")
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.condition(node.operand, scope)
            if not isinstance(inner, SSA):
                return not inner
            name = self.emitter.fresh("cond")
            self.emitter.emit(f"{name} = arith.xori {inner.name}, "
                              f"{self.emitter.constant(1, 'i1').name} : i1", self.pos(node))
            return SSA(name, "i1")
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left = self.evaluate(node.left, scope)
            right = self.evaluate(node.comparators[0], scope)
            is_index = self.is_index_value
            if (isinstance(left, (SSA, Region)) or isinstance(right, (SSA, Region))) \
                    and is_index(left) and is_index(right) \
                    and type(node.ops[0]) in self._CMPI:
                decided = decide(node.ops, [range_of(v) for v in (left, right)])
                if decided is not None:
                    return decided
                a, b = self.index(node, left), self.index(node, right)
                name = self.emitter.fresh("cond")
                self.emitter.emit(f"{name} = arith.cmpi {self._CMPI[type(node.ops[0])]}, "
                                  f"{a.name}, {b.name} : index", self.pos(node))
                return SSA(name, "i1")
        value = self.evaluate(node, scope)
        if isinstance(value, Region) and value.buffer.is_global and \
                all(s is None for s in value.sliced):
            # `if mask[k]:` is `if mask[k] != 0:`.
            element = self.index(node, value)
            name = self.emitter.fresh("cond")
            self.emitter.emit(f"{name} = arith.cmpi ne, {element.name}, "
                              f"{self.emitter.constant(0, 'index').name} : index",
                              self.pos(node))
            return SSA(name, "i1")
        return value

    @staticmethod
    def is_index_value(value):
        """Whether ``value`` is an integer index: a Python int, an index
        value or an element of a global tensor."""
        value = _unconst(value)
        return (isinstance(value, int) and not isinstance(value, bool)) or \
            (isinstance(value, SSA) and value.type == "index") or \
            (isinstance(value, Region) and value.buffer.is_global)

    def runtime_if(self, stmt, cond, scope):
        """`if` on a value known only when the kernel runs: scf.if, whose
        branches may hold tile ops (the lowering keeps the buffers' state
        the same on both ways out; the data movement kernels take the same
        branch). Integer values a branch assigns are the if's results."""
        emitter = self.emitter
        branches = [(stmt.body, Scope(parent=scope))]
        if stmt.orelse:
            branches.append((stmt.orelse, Scope(parent=scope)))
        header = len(emitter.lines)
        emitter.emit(f"scf.if {cond.name} {{", None)
        ends = []
        for i, (body, inner) in enumerate(branches):
            if i == 1:
                emitter.emit("} else {", None)
            emitter.depth += 1
            self.statements(body, inner)
            emitter.depth -= 1
            ends.append(len(emitter.lines))
        assigned = []
        for _, inner in branches:
            for name, value in inner.vars.items():
                found, outer = scope.lookup(name)
                if not found or outer is value or isinstance(value, Buffer) or \
                        name in assigned:
                    continue
                if not (self.is_carriable(outer) and self.is_carriable(value)):
                    self.error(stmt, f"'{name}' is assigned in a branch of an `if` "
                               "on a value known only when the kernel runs: only "
                               "integer values may depend on the branch")
                assigned.append(name)
        if assigned:
            if len(branches) == 1:
                branches.append(([], Scope(parent=scope)))
                emitter.emit("} else {", None)
                ends.append(len(emitter.lines))
            types = ", ".join(["index"] * len(assigned))
            # The yields go at the ends of the branches, last one first so
            # that the earlier positions stay right.
            for (_, inner), end in reversed(list(zip(branches, ends))):
                values = [self.carried_index(stmt, inner.lookup(n)[1]).name
                          for n in assigned]
                emitter.lines.insert(end, "  " * (emitter.depth + 1) +
                                     f"scf.yield {', '.join(values)} : {types}")
            results = emitter.fresh("branch")
            if len(assigned) > 1:
                results += f":{len(assigned)}"
            emitter.lines[header] = "  " * emitter.depth + \
                f"{results} = scf.if {cond.name} -> ({types}) {{"
        emitter.emit(f"}} {emitter.loc(self.pos(stmt))}", None)
        if assigned:
            self.bind_results(assigned, results, scope)

    def assign(self, stmt, scope):
        if len(stmt.targets) != 1:
            self.error(stmt, "chained assignment (a = b = ...) is not supported")
        target = stmt.targets[0]
        if isinstance(target, ast.Name):
            stmt.value._tilt_name = target.id
        if isinstance(target, ast.Subscript):
            cell = self.target_cell(target, scope)
            if cell is None:
                self.error(target, "assigning to a buffer element is only supported "
                           "inside `for ... in T.Parallel(...)` (and to element 0 "
                           "of a (1,) int32 local buffer, a scalar variable)")
            self.store_cell(target, cell, self.evaluate(stmt.value, scope), scope)
            return
        self.bind(target, self.evaluate(stmt.value, scope), scope)

    def cell_index(self, node, cell, scope):
        index = self.evaluate(node.slice, scope)
        if _unconst(index) != 0 or isinstance(_unconst(index), bool):
            self.error(node, f"'{cell.py_name}' holds one element: index it with 0, "
                       f"got {_kind(index)}")

    def target_cell(self, target, scope):
        """The scalar variable ``target`` (``x[0]``) stores to, or None."""
        if not isinstance(target.value, ast.Name):
            return None
        found, value = scope.lookup(target.value.id)
        if not found or not isinstance(value, ScalarCell):
            return None
        self.cell_index(target, value, scope)
        return value

    def store_cell(self, node, cell, value, scope):
        value = _unconst(value)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, Region) and value.buffer.is_global:
            value = self.element_read(node, value)
        if not self.is_carriable(value):
            self.error(node, f"'{cell.py_name}' is an int32 variable: it takes an "
                       f"integer, got {_kind(value)}")
        scope.vars[node.value.id] = ScalarCell(value, cell.py_name)

    def bind(self, target, value, scope):
        if isinstance(target, ast.Name):
            scope.vars[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                self.error(target, "cannot unpack the value into these names")
            for element, item in zip(target.elts, value):
                self.bind(element, item, scope)
        else:
            self.error(target, f"assigning to {_describe(target)} is not supported")

    def for_loop(self, stmt, scope):
        if stmt.orelse:
            self.error(stmt, "a for loop with an `else` clause is not supported")
        call = stmt.iter
        kind = None
        if isinstance(call, ast.Call):
            callee = self.evaluate_constant(call.func, scope)
            kind = _intrinsic_name(callee) or ("serial" if callee is range else None)
        if kind in ("Parallel", "vectorized"):
            # A vectorized loop's iterations are independent elements, as a
            # T.Parallel loop's are; the SFPU works on whole tiles anyway.
            _parallel.translate(self, stmt, scope)
        elif kind == "unroll":
            # Unrolling is the C++ compiler's business on Tenstorrent.
            stmt.iter.keywords = []
            self.counted_loop(stmt, "serial", scope)
        elif kind in ("Pipelined", "serial"):
            self.counted_loop(stmt, kind, scope)
        else:
            self.error(stmt.iter, "a kernel loops with T.Pipelined, T.serial, "
                       "range or T.Parallel")

    def counted_loop(self, stmt, kind, scope):
        call = stmt.iter
        if not isinstance(stmt.target, ast.Name):
            self.error(stmt.target, "the loop variable must be one name")
        args = [self.evaluate(a, scope) for a in call.args]
        keywords = {k.arg: k for k in call.keywords}
        stages = 1
        if kind == "Pipelined":
            for name, node in keywords.items():
                if name not in ("num_stages", "order", "stage", "sync", "group"):
                    self.error(node, f"T.Pipelined has no keyword '{name}'")
                if name in ("order", "stage", "sync", "group"):
                    self.error(node, f"T.Pipelined's '{name}' (a manual GPU schedule) "
                               "is not supported")
            if "num_stages" in keywords:
                stages = self.evaluate_constant(keywords["num_stages"].value, scope)
                if not isinstance(stages, int) or stages < 0:
                    self.error(keywords["num_stages"], "num_stages must be a "
                               "non-negative integer")
                # TileLang's 0 is no pipelining: one stage here.
                stages = max(stages, 1)
            if len(args) not in (1, 2, 3):
                self.error(call, "T.Pipelined takes (count) or (start, stop[, step])")
        elif keywords:
            self.error(call, f"{'range' if kind == 'serial' else 'T.serial'} takes "
                       "no keywords here")
        if len(args) == 1:
            start, stop, step = 0, args[0], 1
        elif len(args) == 2:
            start, stop, step = args[0], args[1], 1
        elif len(args) == 3:
            start, stop, step = args
        else:
            self.error(call, "a loop takes (count) or (start, stop[, step])")
        if isinstance(step, int) and step <= 0:
            self.error(call, "the loop step must be positive")
        carried = self.carried_names(stmt.body, scope)
        if carried and kind == "serial" and \
                all(isinstance(_unconst(v), int) for v in (start, stop, step)):
            trips = range(_unconst(start), _unconst(stop), _unconst(step))
            if len(trips) <= self._MAX_UNROLL:
                self.unrolled_loop(stmt, trips, scope)
                return
        bounds = [self.index(call, v) for v in (start, stop, step)]
        emitter = self.emitter
        low, high = range_of(start), range_of(stop)
        var_range = None
        if low is not None and high is not None and high[1] > low[0]:
            var_range = (low[0], high[1] - 1)
        var = SSA(emitter.fresh(stmt.target.id), "index", var_range)
        # Integer values the body changes are carried as iter_args (on every
        # RISC-V of the core: each kernel computes them the same way); a
        # pipelined loop carries none.
        carried = [] if kind == "Pipelined" else self.carriable_names(carried, scope)
        inner = Scope(parent=scope)
        inner.vars[stmt.target.id] = var
        header, results = self.carry_in(stmt, carried, scope, inner)
        if kind == "Pipelined":
            emitter.emit(f"tile.pipelined {var.name} = {bounds[0].name} to "
                         f"{bounds[1].name} step {bounds[2].name} stages {stages} {{",
                         None)
        else:
            head = f"scf.for {var.name} = {bounds[0].name} to {bounds[1].name} " \
                f"step {bounds[2].name}"
            if carried:
                head = f"{results} = {head} iter_args({header[0]}) -> ({header[1]})"
            emitter.emit(head + " {", None)
        emitter.depth += 1
        self.statements(stmt.body, inner)
        self.carry_out(stmt, carried, inner)
        emitter.depth -= 1
        emitter.emit(f"}} {emitter.loc(self.pos(stmt))}", None)
        self.bind_results(carried, results, scope)
        for name, value in inner.vars.items():
            found, outer = scope.lookup(name)
            if name != stmt.target.id and name not in carried and found and \
                    outer is not value and not isinstance(value, Buffer):
                if self.is_carriable(outer) and self.is_carriable(value):
                    self.error(stmt, f"'{name}' is assigned in the T.Pipelined loop "
                               "and used outside it: a T.Pipelined loop carries no "
                               "values (a range or T.serial loop does)")
                self.error(stmt, f"'{name}' is assigned in the loop and used outside "
                           "it: a float value is carried across iterations only by "
                           "`range` and T.serial loops of at most "
                           f"{self._MAX_UNROLL} trips known when the kernel is "
                           "compiled (unrolled), not by this one (integer values "
                           "are carried by any loop but T.Pipelined)")

    # -- values carried by loops and branches --------------------------------

    @staticmethod
    def is_carriable(value):
        """Whether ``value`` (or a scalar variable's) is an integer a loop
        or a branch can carry: an int or an index value."""
        value = _unconst(value.value if isinstance(value, ScalarCell) else value)
        return (isinstance(value, int) and not isinstance(value, bool)) or \
            (isinstance(value, SSA) and value.type == "index")

    def carriable_names(self, names, scope):
        return [n for n in names if self.is_carriable(scope.lookup(n)[1])]

    def carried_index(self, node, value):
        return self.index(node, value.value if isinstance(value, ScalarCell) else value)

    def bind_arguments(self, carried, scope, inner):
        """Binds each name of ``carried`` in ``inner`` to a fresh index block
        argument (as a scalar variable where it is one in ``scope``);
        returns the arguments."""
        args = []
        for name in carried:
            outer = scope.lookup(name)[1]
            arg = SSA(self.emitter.fresh(name), "index")
            inner.vars[name] = ScalarCell(arg, outer.py_name) \
                if isinstance(outer, ScalarCell) else arg
            args.append(arg)
        return args

    def carry_in(self, stmt, carried, scope, inner):
        """Binds ``carried`` in ``inner`` to fresh block arguments; returns
        the iter_args text (``%a = %init, ...``, types) and the results' name."""
        emitter = self.emitter
        inits = [self.carried_index(stmt, scope.lookup(n)[1]) for n in carried]
        args = self.bind_arguments(carried, scope, inner)
        pairs = [f"{arg.name} = {init.name}" for arg, init in zip(args, inits)]
        results = emitter.fresh("carried") if carried else None
        if results and len(carried) > 1:
            results += f":{len(carried)}"
        return (", ".join(pairs), ", ".join(["index"] * len(carried))), results

    def carry_out(self, stmt, carried, inner):
        """The scf.yield of the values ``carried`` have at the end of ``inner``."""
        if not carried:
            return
        values = [self.carried_index(stmt, inner.lookup(n)[1]).name for n in carried]
        self.emitter.emit(f"scf.yield {', '.join(values)} : "
                          f"{', '.join(['index'] * len(carried))}", None)

    @staticmethod
    def result_names(results, count):
        base = results.split(":")[0]
        return [base] if count == 1 else [f"{base}#{i}" for i in range(count)]

    def bind_results(self, carried, results, scope):
        if not carried:
            return
        for name, result in zip(carried, self.result_names(results, len(carried))):
            outer = scope.lookup(name)[1]
            value = SSA(result, "index")
            scope.vars[name] = ScalarCell(value, outer.py_name) \
                if isinstance(outer, ScalarCell) else value

    def while_loop(self, stmt, scope):
        """``while cond:`` on values known when the kernel runs (stream-K's
        ``while start_iter[0] < last_iter``): scf.while, carrying the
        integer values the body changes; every kernel of the core runs the
        same trips."""
        if stmt.orelse:
            self.error(stmt, "a while loop with an `else` clause is not supported")
        emitter = self.emitter
        names = self.carried_names(stmt.body, scope)
        carried = self.carriable_names(names, scope)
        before = Scope(parent=scope)
        header, results = self.carry_in(stmt, carried, scope, before)
        types = ", ".join(["index"] * len(carried))
        head = f"scf.while ({header[0]}) : ({types}) -> ({types}) {{" if carried \
            else "scf.while : () -> () {"
        emitter.emit((f"{results} = " if carried else "") + head, None)
        emitter.depth += 1
        cond = self.condition(stmt.test, before)
        if isinstance(cond, bool) or (isinstance(cond, int) and
                                      not isinstance(cond, SSA)):
            if cond:
                # Decided without the loop's state: it never changes.
                self.error(stmt.test, "the condition of this while loop is always "
                           "true and a kernel has no `break`: it would never end")
            cond = emitter.constant(0, "i1")
        if not isinstance(cond, SSA) or cond.type != "i1":
            self.error(stmt.test, "a while loop's condition must be a comparison of "
                       f"integers, got {_kind(cond)}")
        forwarded = [self.carried_index(stmt, before.lookup(n)[1]).name for n in carried]
        emitter.emit(f"scf.condition({cond.name})" +
                     (f" {', '.join(forwarded)} : {types}" if carried else ""),
                     self.pos(stmt.test))
        emitter.depth -= 1
        emitter.emit("} do {", None)
        inner = Scope(parent=scope)
        args = self.bind_arguments(carried, scope, inner)
        if args:
            emitter.emit(f"^bb0({', '.join(a.name + ': index' for a in args)}):",
                         None)
        emitter.depth += 1
        self.statements(stmt.body, inner)
        if carried:
            self.carry_out(stmt, carried, inner)
        else:
            emitter.emit("scf.yield", None)
        emitter.depth -= 1
        emitter.emit(f"}} {emitter.loc(self.pos(stmt))}", None)
        self.bind_results(carried, results, scope)
        for name, value in inner.vars.items():
            found, outer = scope.lookup(name)
            if name not in carried and found and outer is not value and \
                    not isinstance(value, Buffer):
                self.error(stmt, f"'{name}' is assigned in the loop and used outside "
                           f"it: only integer values are carried by a while loop")

    #: The most trips of a loop unrolled because it carries scalar values.
    _MAX_UNROLL = 256

    @staticmethod
    def carried_names(body, scope):
        """The names a loop body assigns that are defined before the loop
        (other than buffers): the values it would carry across iterations."""
        names = set()
        for stmt in body:
            for node in ast.walk(stmt):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) \
                    else []
                for target in targets:
                    # Names stored to: not those an element's index reads
                    # (`Out[bx * 64 + i, k] = v` carries nothing).
                    names.update(n.id for n in ast.walk(target)
                                 if isinstance(n, ast.Name) and
                                 isinstance(n.ctx, ast.Store))
                    # `x[0] = ...` of a scalar variable.
                    if isinstance(target, ast.Subscript) and \
                            isinstance(target.value, ast.Name):
                        names.add(target.value.id)
                if isinstance(node, ast.Call) and node.args and \
                        isinstance(node.args[0], ast.Name) and \
                        isinstance(node.func, ast.Attribute) and \
                        node.func.attr in ("clear", "fill"):
                    names.add(node.args[0].id)
        carried = []
        for name in sorted(names):
            found, value = scope.lookup(name)
            if found and not isinstance(value, Buffer):
                carried.append(name)
        return carried

    def unrolled_loop(self, stmt, trips, scope):
        """A loop whose body carries scalar values (``x = T.if_then_else(...,
        x)`` over ``range(n)``), run once per trip with the loop variable a
        constant, each trip's values the next one's."""
        for trip in trips:
            inner = Scope(parent=scope)
            inner.vars[stmt.target.id] = trip
            self.statements(stmt.body, inner)
            for name, value in inner.vars.items():
                found, _ = scope.lookup(name)
                if name != stmt.target.id and found:
                    scope.vars[name] = value

    # -- intrinsic calls as statements --------------------------------------

    def call_statement(self, call, scope):
        callee = self.evaluate_constant(call.func, scope)
        if isinstance(callee, Macro):
            self.inline_macro(call, callee, scope)
            return
        name = _intrinsic_name(callee)
        handler = getattr(self, "op_" + name, None) if name else None
        if handler is None:
            what = f"T.{name}" if name else ast.unparse(call.func)
            self.error(call, f"{what}(...) is not supported as a statement in a "
                       "Tilt kernel")
        if name in self._HINT_CALLS:
            # A GPU hint: its arguments (layout dicts) are not evaluated.
            handler(call, scope, {}, {})
            return
        hinted = [k for k in call.keywords if k.arg in self._HINT_KEYWORDS.get(name, ())]
        if hinted:
            # GPU hints given as keywords: one remark, their values (dicts
            # of annotations, layouts) not evaluated.
            for keyword in hinted:
                self.hints.append(f"T.{name}'s {keyword.arg}")
            call = ast.copy_location(
                ast.Call(func=call.func, args=call.args,
                         keywords=[k for k in call.keywords if k not in hinted]),
                call)
        args, keywords = _bind_arguments(self, call, callee, scope)
        handler(call, scope, args, keywords)

    def is_ws(self, stmt, scope):
        """Whether ``stmt`` is ``with T.ws(...):`` (no ``as``)."""
        if len(stmt.items) != 1 or stmt.items[0].optional_vars is not None:
            return False
        call = stmt.items[0].context_expr
        return isinstance(call, ast.Call) and \
            _intrinsic_name(self.evaluate_constant(call.func, scope)) == "ws"

    #: The remark's name for warp specialization.
    _WS_HINT = ("warp specialization (T.ws and its barriers: the reader, compute "
                "and writer kernels are the producer and consumer, synchronized "
                "by circular buffers)")

    def op_barrier_wait(self, call, scope, args, keywords):
        self.hints.append(self._WS_HINT)

    op_barrier_arrive = op_mbarrier_wait_parity = op_mbarrier_arrive = \
        op_mbarrier_arrive_expect_tx = op_fence_proxy_async = op_sync_threads = \
        op_barrier_wait

    def op_set_max_nreg(self, call, scope, args, keywords):
        self.hints.append("T.set_max_nreg")

    def op_tma_copy(self, call, scope, args, keywords):
        self.op_copy(call, scope, args, keywords)

    #: Intrinsics that are GPU hints only: their arguments are not evaluated.
    _HINT_CALLS = ("annotate_layout", "barrier_wait", "barrier_arrive",
                   "mbarrier_wait_parity", "mbarrier_arrive",
                   "mbarrier_arrive_expect_tx", "fence_proxy_async",
                   "sync_threads", "set_max_nreg")
    #: Keywords that steer a GPU (TMA, vector widths, cache policies, thread
    #: layouts, annotations): hints, their values not evaluated.
    _HINT_KEYWORDS = {
        "copy": ("coalesced_width", "disable_tma", "eviction_policy",
                 "prefer_instruction", "annotations", "loop_layout"),
        "gemm": ("annotations",),
        "tma_copy": ("barrier", "eviction_policy"),
    }

    def inline_macro(self, call, macro, scope):
        # Macros are inlined: one that calls itself would never end.
        active = getattr(self, "active_macros", [])
        if macro in active:
            self.error(call, f"the macro {macro.fn.__name__} calls itself: macros "
                       "are inlined into the kernel, so the recursion would "
                       "never end")
        inner = self.bind_parameters(call, macro.fn, macro.source,
                                     lambda node: self.evaluate(node, scope))
        saved = self.source
        self.source = macro.source
        self.active_macros = active + [macro]
        try:
            self.statements(macro.source.node.body, inner)
        finally:
            self.source = saved
            self.active_macros = active

    def bind_parameters(self, call, fn, source, evaluate):
        """The scope of a call of ``fn`` (a macro, or a helper function in
        a T.Parallel body): its parameters bound to the arguments
        (``evaluate`` of their nodes), the missing ones to their defaults,
        read in ``fn``'s source; its other names are ``fn``'s own."""
        fdef = source.node
        params = [a.arg for a in fdef.args.args]
        defaults = fdef.args.defaults
        if len(call.args) > len(params) or fdef.args.vararg or fdef.args.kwarg:
            self.error(call, f"{fdef.name} takes {len(params)} arguments, "
                       f"got {len(call.args)}")
        inner = Scope(fn=fn)
        for name, node in zip(params, call.args):
            inner.vars[name] = evaluate(node)
        for keyword in call.keywords:
            if keyword.arg not in params:
                self.error(keyword, f"{fdef.name} has no parameter '{keyword.arg}'")
            inner.vars[keyword.arg] = evaluate(keyword.value)
        first_default = len(params) - len(defaults)
        for i, name in enumerate(params):
            if name not in inner.vars:
                if i < first_default:
                    self.error(call, f"{fdef.name} needs the argument '{name}'")
                saved = self.source
                self.source = source
                try:
                    inner.vars[name] = self.evaluate_constant(
                        defaults[i - first_default], inner)
                finally:
                    self.source = saved
        return inner

    def buffer_arg(self, node, value, what, on_core=True):
        if not isinstance(value, Buffer):
            self.error(node, f"{what} must be a buffer, got {_kind(value)}")
        if value.is_view:
            self.error(node, self.view_error(value))
        if on_core and value.is_global:
            self.error(node, f"{what} must be an on-core buffer (T.alloc_shared or "
                       f"T.alloc_fragment), not the global tensor '{value.py_name}'")
        return value

    def op_copy(self, call, scope, args, keywords):
        if isinstance(args["src"], BufferRow):
            # T.copy(lse_local[k, :], lse_split): a row of an on-core buffer.
            dst = self.buffer_arg(call.args[1] if len(call.args) > 1 else call,
                                  args["dst"], "T.copy's destination")
            self.emit_row(call, args["src"].buffer, args["src"].row, dst)
            return
        src = self.copy_endpoint(call.args[0] if call.args else call, args["src"])
        dst = self.copy_endpoint(call.args[1] if len(call.args) > 1 else call, args["dst"])
        if src.buffer.is_global and dst.buffer.is_global:
            self.global_copy(call, src, dst)
            return
        if dst.buffer.is_view:
            self.make_view(call, src, dst.buffer, scope)
            return
        if src.buffer.is_view:
            self.error(call, self.view_error(src.buffer))
        self.emit_copy(call, src, dst)

    @staticmethod
    def row_index(node, buffer):
        """The row's index node when ``node`` is ``buf[k, :]``, a whole row
        of the 2-d on-core ``buffer``; else None."""
        if len(buffer.shape) != 2 or buffer.is_view or \
                not isinstance(node.slice, ast.Tuple) or len(node.slice.elts) != 2:
            return None
        index, columns = node.slice.elts
        if isinstance(index, ast.Slice) or not isinstance(columns, ast.Slice) or \
                columns.lower is not None or columns.upper is not None or \
                columns.step is not None:
            return None
        return index

    def emit_row(self, node, buffer, k, dst):
        """Row ``k`` of the 2-d on-core ``buffer`` into the 1-d ``dst``: the
        other rows are selected away (``tile.parallel``) and the columns
        summed (``tile.reduce sum ... dim 0``), which is what a Tensix core
        can do to move a row of a tile into a vector (docs/pipeline.md,
        "Rows of on-core buffers")."""
        if len(dst.shape) != 1 or dst.shape[0] != buffer.shape[1]:
            self.error(node, f"a row of '{buffer.py_name}' has {buffer.shape[1]} "
                       f"elements: it is copied into a 1-d buffer of "
                       f"{buffer.shape[1]}, not {'x'.join(map(str, dst.shape))}")
        convert = None
        if dst.dtype != buffer.dtype:
            if "f32" not in (dst.dtype, buffer.dtype) or \
                    not is_float(dst.dtype) or not is_float(buffer.dtype):
                self.error(node, f"a row of the {buffer.dtype} buffer "
                           f"'{buffer.py_name}' is copied into a buffer of the same "
                           f"type or, between floats, from or to f32; not {dst.dtype}")
            convert = "extf" if dst.dtype == "f32" else "truncf"
        if isinstance(k, int) and not 0 <= k < buffer.shape[0]:
            self.error(node, f"row {k} of '{buffer.py_name}', which has "
                       f"{buffer.shape[0]} rows")
        row = self.index(node, k)
        pos = self.pos(node)
        rows = Buffer(self.emitter.fresh("row"), buffer.shape, dst.dtype,
                      "fragment", "row")
        self.emitter.emit_prologue(f"{rows.name} = tile.alloc : {rows.type}", pos)
        x, i = self.emitter.fresh("x"), self.emitter.fresh("i")
        same, zero, value = (self.emitter.fresh(h) for h in ("same", "zero", "v"))
        emit = self.emitter.emit
        emit(f"tile.parallel ins({buffer.name} : {buffer.type}) "
             f"outs({rows.name} : {rows.type}) {{", None)
        emit(f"^bb0({x}: {buffer.dtype}):", None)
        self.emitter.depth += 1
        emit(f"{i} = tile.index 0 : index", pos)
        emit(f"{same} = arith.cmpi eq, {i}, {row.name} : index", pos)
        emit(f"{zero} = arith.constant 0.0 : {buffer.dtype}", pos)
        emit(f"{value} = arith.select {same}, {x}, {zero} : {buffer.dtype}", pos)
        if convert:
            converted = self.emitter.fresh("c")
            emit(f"{converted} = arith.{convert} {value} : {buffer.dtype} to "
                 f"{dst.dtype}", pos)
            value = converted
        emit(f"tile.yield {value} : {dst.dtype}", pos)
        self.emitter.depth -= 1
        emit("}", pos)
        emit(f"tile.reduce sum {rows.name} -> {dst.name} dim 0 : {rows.type}, "
             f"{dst.type}", pos)

    def emit_copy(self, call, src, dst):
        """``tile.copy`` between two endpoints (at most one a tensor slice,
        whose dimensions the buffer covers give ``dims``)."""
        left = src.buffer.name + self.offset_text(call, src)
        right = dst.buffer.name + self.offset_text(call, dst)
        tensor_side, buffer = (src, dst.buffer) if src.buffer.is_global else (dst, src.buffer)
        dims = self.copy_dims(call, tensor_side, buffer) if tensor_side.buffer.is_global \
            else None
        self.emitter.emit(f"tile.copy {left}, {right}{_dims_attr(dims)} : "
                          f"{src.buffer.type}, {dst.buffer.type}", self.pos(call))

    @staticmethod
    def constant_value(name, scope):
        """A name's value when it is an int known when the kernel is
        compiled, else None."""
        found, value = scope.lookup(name)
        value = _unconst(value) if found else None
        return value if isinstance(value, int) and not isinstance(value, bool) \
            else None

    def global_copy(self, call, src, dst):
        """``T.copy(dQ[b, h, i:i+64, :], dQ_out[b, h, i:i+64, :])`` between
        two tensors: through an on-core buffer of the slices' shape (the
        reader brings the source's tiles, the writer takes them; a float
        format converts on the way), as a Tenstorrent kernel moves DRAM
        through L1. The slices must have the same extents, known when the
        kernel is compiled."""
        def extents(region):
            sizes = [size for size in region.sliced if size is not None]
            if not region.offsets:  # the whole tensor
                sizes = list(region.buffer.shape)
            return sizes
        shape = extents(src)
        if shape != extents(dst) or any(size is True for size in shape):
            self.error(call, "T.copy between two tensors goes through an on-core "
                       "buffer of the slices' shape: the slices must have the "
                       "same extents, known when the kernel is compiled "
                       f"(got {_describe_extents(shape)} and "
                       f"{_describe_extents(extents(dst))})")
        shape = [size for size in shape if size != 1] or [1]
        if len(shape) > 2:
            self.error(call, "T.copy between two tensors goes through an on-core "
                       f"buffer, which has at most 2 dimensions; the slices have "
                       f"{len(shape)} of more than one element")
        stage = Buffer(self.emitter.fresh("stage"), shape, src.buffer.dtype, "shared",
                       "stage")
        self.emitter.emit_prologue(f"{stage.name} = tile.alloc : {stage.type}",
                                   self.pos(call))
        self.emit_copy(call, src, Region(stage, []))
        self.emit_copy(call, Region(stage, []), dst)

    def view_error(self, buffer):
        return (f"'{buffer.py_name}' holds {_TORCH_DTYPES[buffer.dtype]} values, "
                "which a kernel reads element by element: copy a slice of a "
                f"tensor into it (T.copy(Mask[b, i, :], {buffer.py_name})) and "
                f"read {buffer.py_name}[k] as a number")

    def make_view(self, call, region, buffer, scope):
        """``T.copy(Mask[b, h, i, :], mask)`` into a buffer of one-byte
        integers: the buffer becomes a view of the slice, whose elements the
        kernel reads from the tensor when it uses them (tile.load)."""
        if not region.buffer.is_global:
            self.error(call, self.view_error(buffer))
        if region.buffer.dtype != buffer.dtype:
            self.error(call, f"T.copy of a {_TORCH_DTYPES[region.buffer.dtype]} tensor "
                       f"into the {_TORCH_DTYPES[buffer.dtype]} buffer "
                       f"'{buffer.py_name}': the element types differ")
        rank = len(buffer.shape)
        sliced = [d for d, size in enumerate(region.sliced) if size is not None]
        if not sliced:
            # The point form A[i, j]: the buffer covers the trailing dimensions.
            sliced = list(range(len(region.offsets) - rank, len(region.offsets)))
        elif len(sliced) > rank:
            # Slices of one element count as indices (M[b, i:i+1, :]).
            sliced = [d for d in sliced if region.sliced[d] != 1]
        if len(sliced) != rank or sliced[0] < 0:
            self.error(call, f"the slice of '{region.buffer.py_name}' has "
                       f"{len(sliced)} sliced dimensions, the buffer "
                       f"'{buffer.py_name}' {rank}")
        self.check_slice_extents(call, region, sliced, buffer)
        buffer.view = (region, sliced, scope)

    def view_slice(self, node, buffer, indices, scope):
        """The tensor slice a view of one-byte integers reads, (region, its
        sliced dimensions), once ``buffer[indices]`` is checked: after the
        copy that filled it, where that copy is seen, with an index per
        dimension."""
        if buffer.view is None:
            self.error(node, f"'{buffer.py_name}' is read before a T.copy of a "
                       "tensor slice filled it")
        region, sliced, copy_scope = buffer.view
        visible = scope
        while visible is not None and visible is not copy_scope:
            visible = visible.parent
        if visible is None:
            self.error(node, f"'{buffer.py_name}' is read outside the loop or "
                       "branch of the T.copy that filled it")
        if len(indices) != len(sliced):
            self.error(node, f"'{buffer.py_name}' has {len(sliced)} dimensions, "
                       f"indexed with {len(indices)}")
        return region, sliced

    def view_element(self, node, buffer, indices, scope):
        """``mask[k]`` of a view: the element of its tensor (a Region with
        every dimension indexed)."""
        region, sliced = self.view_slice(node, buffer, indices, scope)
        offsets = list(region.offsets)
        for d, index in zip(sliced, indices):
            if isinstance(index, ast.Slice):
                self.error(index, f"a slice of '{buffer.py_name}' is not a number: "
                           "index every dimension to read one element")
            value = self.evaluate(index, scope)
            offsets[d] = value if isinstance(offsets[d], int) and offsets[d] == 0 \
                else self.index_op(index, "addi", offsets[d], value)
        return Region(region.buffer, offsets)

    def copy_dims(self, call, region, buffer):
        """The tensor dimensions a copy's buffer covers when they are not the
        trailing ones (``Q[b, s0:s1, h, :]`` into a 2-d buffer: [1, 3]), as
        TileLang matches a region's sliced dimensions to the buffer's shape;
        None for the trailing ones (and for the point form ``A[i, j]``)."""
        rank, tensor_rank = len(buffer.shape), len(region.offsets)
        sliced = [d for d, s in enumerate(region.sliced) if s is not None]
        if len(sliced) > rank:
            # Slices of extent 1 count as indices (A[b, i:i+1, 0:64]).
            sliced = [d for d in sliced if region.sliced[d] != 1] \
                if len([d for d in sliced if region.sliced[d] != 1]) >= rank else sliced
            sliced = sliced[len(sliced) - rank:] if len(sliced) > rank and all(
                region.sliced[d] == 1 for d in sliced[:len(sliced) - rank]) else sliced
        if len(sliced) != rank:
            return None
        if sliced == list(range(tensor_rank - rank, tensor_rank)):
            return None
        self.check_slice_extents(call, region, sliced, buffer)
        return sliced

    def check_slice_extents(self, call, region, dims, buffer):
        """The slices of `region` along `dims` have the buffer's extents
        (where they are numbers known when the kernel is compiled)."""
        for d, extent in zip(dims, buffer.shape):
            size = region.sliced[d]
            if isinstance(size, int) and not isinstance(size, bool) and size != extent:
                self.error(call, f"the slice of dimension {d} of '{region.buffer.py_name}' "
                           f"has {size} elements, the buffer's dimension {extent}")

    def op_atomic_add(self, call, scope, args, keywords):
        self.op_atomic("add", call, args, keywords)

    def op_atomic_max(self, call, scope, args, keywords):
        self.op_atomic("max", call, args, keywords)

    def op_atomic_min(self, call, scope, args, keywords):
        self.op_atomic("min", call, args, keywords)

    def op_atomic(self, kind, call, args, keywords):
        """``T.atomic_add/max/min(C[i, j], C_local)``: tile.atomic_<kind>."""
        name = f"T.atomic_{kind}"
        for option in ("memory_order", "return_prev", "use_tma"):
            if args.get(option) not in (None, False):
                self.error(keywords.get(option, call), f"{name}'s {option} is not "
                           "supported (the blocks are combined in order on one core)")
        dst = args["dst"]
        if not isinstance(dst, Region) or not dst.buffer.is_global:
            self.error(call.args[0] if call.args else call,
                       f"{name} combines into a slice of a global tensor "
                       f"({name}(C[i, j], C_local))")
        value = self.buffer_arg(call.args[1] if len(call.args) > 1 else call,
                                args["value"], f"{name}'s value")
        offsets = self.offset_text(call, dst)
        self.emitter.emit(f"tile.atomic_{kind} {value.name}, {dst.buffer.name}{offsets} : "
                          f"{value.type}, {dst.buffer.type}", self.pos(call))

    def copy_endpoint(self, node, value):
        if isinstance(value, Region):
            return value
        if isinstance(value, Buffer):
            if value.is_global:
                return Region(value, [0] * len(value.shape))
            return Region(value, [])
        self.error(node, f"T.copy copies buffers and tensor slices, got {_kind(value)}")

    def offset_text(self, node, region):
        if not region.offsets:
            return ""
        return "[" + ", ".join(self.index(node, o).name for o in region.offsets) + "]"

    def tensor_view(self, node, scope):
        """``T.Tensor(shape, dtype, X.data)`` in a kernel: the data of the
        tensor parameter X read with another shape of as many elements
        (TileLang's flattened views of a convolution's filter and output).
        The program then reads X in that shape everywhere: its parameter
        takes the view's shape, and the kernel's caller reshapes the array
        it passes (the bytes are the same, C order)."""
        shape_node, dtype_node, data_node = node.args
        shape = self.static_shape(shape_node, self.evaluate_constant(shape_node, scope))
        dtype = self.element_type(dtype_node, self.evaluate_constant(dtype_node, scope),
                                  narrow=True)
        data = self.evaluate(data_node, scope)
        if not isinstance(data, TensorData):
            self.error(data_node, "T.Tensor(shape, dtype, data) in a kernel views a "
                       f"tensor's data (X.data), got {_kind(data)}")
        base = data.buffer
        name = base.py_name
        param = base.param
        if param is None:
            self.error(data_node, f"T.Tensor views the data of a kernel parameter or "
                       f"T.empty output; '{name}' is neither")
        if dtype != base.dtype:
            self.error(dtype_node, f"'{name}' holds {_TORCH_DTYPES[base.dtype]} values; "
                       f"Tilt views a tensor's data with its own dtype, not "
                       f"{_TORCH_DTYPES.get(dtype, dtype)}")
        count = 1
        for extent in shape:
            count *= extent
        own = 1
        for extent in param.shape:
            own *= extent
        if count != own:
            self.error(shape_node, f"T.Tensor views {count} elements of '{name}', which "
                       f"has {own} ({tuple(param.shape)}); a view must have as many")
        if param.view_shape is not None and param.view_shape != shape:
            self.error(node, f"'{name}' is already viewed as {param.view_shape} at line "
                       f"{param.view_pos.line}; Tilt gives a tensor one shape in a "
                       "program")
        if param.direct_use:
            self.error(node, f"'{name}' is used with its own shape {tuple(param.shape)} "
                       "before this view; Tilt gives a tensor one shape in a program, "
                       "so use the view there too")
        param.view_shape = shape
        param.view_pos = self.pos(node)
        view = Buffer(base.name, shape, dtype, "global", name)
        return view

    def op_im2col(self, call, scope, args, keywords):
        """``T.im2col(img, col, nhw_step, c_step, kernel, stride, dilation,
        pad)``: the block (nhw_step, c_step) of the im2col matrix of the
        NHWC image ``img`` into the on-core buffer ``col``
        (tile.im2col)."""
        img = args["img"]
        if not isinstance(img, Buffer) or not img.is_global:
            self.error(call.args[0] if call.args else call,
                       f"T.im2col's image must be a global tensor, got {_kind(img)}")
        if len(img.shape) != 4:
            self.error(call.args[0], f"T.im2col's image '{img.py_name}' must be 4-d "
                       f"(N, H, W, C), got shape {img.shape}")
        col = self.buffer_arg(call.args[1] if len(call.args) > 1 else call, args["col"],
                              "T.im2col's destination")
        if len(col.shape) != 2:
            self.error(call.args[1], "T.im2col's destination must be a 2-d buffer "
                       f"(block_M, block_K), got shape {col.shape}")
        steps = [self.index(keywords.get(name, call), args[name]).name
                 for name in ("nhw_step", "c_step")]
        params = []
        for name, low in (("kernel", 1), ("stride", 1), ("dilation", 1), ("pad", 0)):
            value = _unconst(args[name])
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                self.error(keywords.get(name, call), f"T.im2col's {name} must be an int "
                           f"of at least {low} known when the kernel is compiled, got "
                           f"{value!r}")
            params.append(value)
        if args.get("eviction_policy") is not None:
            self.hints.append("T.im2col's eviction_policy")
        kernel, stride, dilation, pad = params
        self.emitter.emit(f"tile.im2col {img.name}[{steps[0]}, {steps[1]}], {col.name} "
                          f"kernel {kernel} stride {stride} dilation {dilation} "
                          f"padding {pad} : {img.type}, {col.type}", self.pos(call))

    op_c2d_im2col = op_im2col

    def op_gemm(self, call, scope, args, keywords):
        a = self.buffer_arg(call.args[0], args["A"], "T.gemm's A")
        b = self.buffer_arg(call.args[1], args["B"], "T.gemm's B")
        c = self.buffer_arg(call.args[2], args["C"], "T.gemm's C")
        flags = ""
        if args.get("policy") is not None:
            self.hints.append("T.gemm's policy")  # GPU warp partitioning
        if args.get("k_pack", 1) != 1:
            self.hints.append("T.gemm's k_pack")  # ROCm's packed matrix cores
        if args.get("mbar") is not None:
            self.error(keywords.get("mbar", call), "T.gemm's mbar is a Blackwell "
                       "TCGEN5MMA barrier; Tenstorrent's matmul needs none: leave "
                       "it out")
        for name, flag in (("transpose_A", "transpose_a"), ("transpose_B", "transpose_b")):
            value = args.get(name, False)
            if not isinstance(value, bool):
                self.error(keywords.get(name, call), f"{name} must be True or False")
            if value:
                flags += " " + flag
        clear = args.get("clear_accum", False)
        if not isinstance(clear, bool):
            self.error(keywords.get("clear_accum", call), "clear_accum must be True or "
                       "False when the kernel is compiled (a condition on a loop "
                       "variable is not supported: T.clear the accumulator before "
                       "the loop instead)")
        if clear:
            # C = A x B: the accumulator starts from zero at this call.
            self.emitter.emit(f"tile.clear {c.name} : {c.type}", self.pos(call))
        self.emitter.emit(f"tile.gemm {a.name}, {b.name}, {c.name}{flags} : "
                          f"{a.type}, {b.type}, {c.type}", self.pos(call))

    def op_clear(self, call, scope, args, keywords):
        if isinstance(args["buffer"], ScalarCell) and isinstance(call.args[0], ast.Name):
            scope.vars[call.args[0].id] = ScalarCell(0, args["buffer"].py_name)
            return
        buf = self.buffer_arg(call.args[0], args["buffer"], "T.clear's operand")
        self.emitter.emit(f"tile.clear {buf.name} : {buf.type}", self.pos(call))

    def op_fill(self, call, scope, args, keywords):
        if isinstance(args["buffer"], ScalarCell) and isinstance(call.args[0], ast.Name):
            target = ast.Subscript(value=call.args[0], slice=ast.Constant(0))
            ast.copy_location(target, call)
            self.store_cell(target, args["buffer"], args["value"], scope)
            return
        buf = self.buffer_arg(call.args[0], args["buffer"], "T.fill's operand")
        value = self.scalar(call.args[1] if len(call.args) > 1 else call,
                            args["value"], buf.dtype)
        self.emitter.emit(f"tile.fill {buf.name}, {value.name} : {buf.type}, "
                          f"{buf.dtype}", self.pos(call))

    def op_reduce(self, kind, call, args, keywords):
        src = self.buffer_arg(call.args[0], args["src"], f"T.reduce_{kind}'s source")
        dst = self.buffer_arg(call.args[1], args["dst"], f"T.reduce_{kind}'s destination")
        dim, clear = args.get("dim", -1), args.get("clear", True)
        if not isinstance(dim, int) or not -len(src.shape) <= dim < len(src.shape):
            self.error(keywords.get("dim", call), f"dim must be a dimension of the "
                       f"{len(src.shape)}-d source, got {dim!r}")
        if not isinstance(clear, bool):
            self.error(keywords.get("clear", call), "clear must be True or False")
        dim %= len(src.shape)
        flag = "" if clear else " accumulate"
        self.emitter.emit(f"tile.reduce {kind} {src.name} -> {dst.name} dim {dim}{flag}"
                          f" : {src.type}, {dst.type}", self.pos(call))

    def op_reduce_sum(self, call, scope, args, keywords):
        self.op_reduce("sum", call, args, keywords)

    def op_reduce_max(self, call, scope, args, keywords):
        self.op_reduce("max", call, args, keywords)

    def op_reduce_min(self, call, scope, args, keywords):
        self.op_reduce("min", call, args, keywords)

    def op_reduce_absmax(self, call, scope, args, keywords):
        self.op_reduce("absmax", call, args, keywords)

    def op_use_swizzle(self, call, scope, args, keywords):
        self.hints.append("T.use_swizzle")  # block rasterization (docs/python.md)

    def op_annotate_layout(self, call, scope, args, keywords):
        self.hints.append("T.annotate_layout")  # shared-memory layout

    # -- expressions (kernel scope) -----------------------------------------

    def evaluate_constant(self, node, scope):
        value = self.evaluate(node, scope)
        if isinstance(value, (SSA, Buffer, Region)):
            self.error(node, f"expected a value known when the kernel is compiled, "
                       f"got {_kind(value)}")
        return value

    def evaluate(self, node, scope):
        method = getattr(self, "expr_" + type(node).__name__, None)
        if method is None:
            self.error(node, f"{_describe(node)} is not supported in a TileLang kernel")
        try:
            return method(node, scope)
        except _PYTHON_ERRORS as error:
            # Python's own error evaluating the user's expression (a wrong
            # number of arguments, math on constants, ...): at that
            # expression, with what Python said.
            self.error(node, _python_error_message(node, error))

    def expr_Constant(self, node, scope):
        return node.value

    def expr_GeneratorExp(self, node, scope):
        """A comprehension of values known when the kernel is compiled
        (``sum((s + block_M - 1) // block_M for s in sizes)``), run by
        Python."""
        names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        bound = {target.id for generator in node.generators
                 for target in ast.walk(generator.target) if isinstance(target, ast.Name)}
        namespace = dict(vars(builtins))
        for name in names - bound:
            found, value = scope.lookup(name)
            if not found:
                continue
            value = value.value if isinstance(value, Sym) and value.value is not None \
                else value
            if isinstance(value, (SSA, Buffer, Region, Const, Sym, Deferred)):
                self.error(node, f"a comprehension over '{name}', a value known only "
                           "when the kernel runs, is not supported; it runs in Python "
                           "when the kernel is compiled")
            namespace[name] = value
        if isinstance(node, ast.GeneratorExp):
            # A generator would run after this returns: take its values now.
            node = ast.copy_location(
                ast.ListComp(elt=node.elt, generators=node.generators), node)
        try:
            return eval(compile(ast.fix_missing_locations(ast.Expression(node)),
                                self.source.filename, "eval"), namespace)
        except Exception as error:  # the user's Python raised
            self.error(node, f"the comprehension raised {type(error).__name__}: {error}")

    expr_ListComp = expr_GeneratorExp
    expr_SetComp = expr_GeneratorExp
    expr_DictComp = expr_GeneratorExp

    def expr_Name(self, node, scope):
        found, value = scope.lookup(node.id)
        if not found:
            self.error(node, f"name '{node.id}' is not defined")
        if isinstance(value, _EmptyCell):
            self.error(node, f"'{node.id}' is not assigned yet where the kernel "
                       "is defined: the enclosing function assigns it after the "
                       "kernel's def")
        return value

    def expr_Attribute(self, node, scope):
        base = self.evaluate(node.value, scope)
        if isinstance(base, Buffer):
            if node.attr == "data" and base.is_global:
                return TensorData(base)
            if node.attr == "shape":
                return base.shape
            if node.attr == "dtype":
                return _TORCH_DTYPES[base.dtype]
            self.error(node, f"a buffer has no attribute '{node.attr}' in Tilt")
        if isinstance(base, SSA):
            self.error(node, f"a kernel value has no attribute '{node.attr}'")
        try:
            return getattr(base, node.attr)
        except ImportError as error:  # tilt._unavailable's NotAvailableError
            self.error(node, str(error))
        except AttributeError:
            self.error(node, f"{ast.unparse(node.value)} has no attribute '{node.attr}'")

    def expr_Tuple(self, node, scope):
        return tuple(self.evaluate(e, scope) for e in node.elts)

    expr_List = expr_Tuple

    def expr_UnaryOp(self, node, scope):
        value = self.evaluate(node.operand, scope)
        if isinstance(value, (SSA, Buffer, Region)):
            if isinstance(node.op, ast.USub) and isinstance(value, SSA):
                return self.binary(node, ast.Sub(), 0, value)
            self.error(node, f"{type(node.op).__name__} on {_kind(value)} is not supported")
        if isinstance(value, Const):
            if isinstance(node.op, ast.USub):
                return Const(-value.value, value.type)
            if isinstance(node.op, ast.UAdd):
                return value
            self.error(node, "unsupported operator on a typed constant")
        return _python_unary(node.op, value)

    def expr_BinOp(self, node, scope):
        return self.binary(node, node.op, self.evaluate(node.left, scope),
                           self.evaluate(node.right, scope))

    def expr_Compare(self, node, scope):
        values = [self.evaluate(node.left, scope)] + \
                 [self.evaluate(c, scope) for c in node.comparators]
        if any(isinstance(v, (SSA, Buffer, Region, Const)) for v in values):
            # Decided by the bounds of the grid and the loops when it holds
            # for every block (a guard such as `bx * block_M < M`).
            decided = decide(node.ops, [range_of(v) for v in values])
            if decided is not None:
                return decided
            if self.in_kernel and len(node.ops) == 1 and \
                    type(node.ops[0]) in self._CMPI and \
                    all(self.is_index_value(v) for v in values):
                # An i1 value of index comparisons (block indices, loop
                # variables, elements of integer tensors, scalar variables).
                a, b = (self.index(node, v) for v in values)
                name = self.emitter.fresh("cond")
                self.emitter.emit(f"{name} = arith.cmpi {self._CMPI[type(node.ops[0])]}, "
                                  f"{a.name}, {b.name} : index", self.pos(node))
                return SSA(name, "i1")
            self.error(node, "a comparison of values known only when the kernel runs "
                       "is only supported inside a T.Parallel loop (this one is "
                       "not decided by the grid's and the loops' bounds)")
        return eval(compile(ast.Expression(_constant_compare(node, values)), "<tilt>",
                            "eval"))

    def expr_BoolOp(self, node, scope):
        values = [self.evaluate_constant(v, scope) for v in node.values]
        result = values[0]
        for value in values[1:]:
            result = (result and value) if isinstance(node.op, ast.And) else (result or value)
        return result

    def expr_IfExp(self, node, scope):
        test = self.evaluate_constant(node.test, scope)
        return self.evaluate(node.body if test else node.orelse, scope)

    def stage_index(self, node, shape):
        """For an on-core buffer of 3 or more dimensions that the kernel only
        uses as ``buf[e, :, :]`` with one expression ``e`` (a GPU
        pipeline's stages, `A_shared[ko % num_stages, :, :]`): the dump of
        ``e``, else None. Every stage is written and read in the same trip,
        so one buffer holds them (its circular buffer double-buffers)."""
        name = getattr(node, "_tilt_name", None)
        kernel = getattr(self, "kernel_node", None)
        if name is None or kernel is None or len(shape) < 3:
            return None
        stages, uses = set(), 0
        subscripts = set()
        for sub in ast.walk(kernel):
            if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name) \
                    and sub.value.id == name:
                parts = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
                if len(parts) != len(shape) or isinstance(parts[0], ast.Slice) or \
                        not all(isinstance(p, ast.Slice) and p.lower is None and
                                p.upper is None and p.step is None for p in parts[1:]):
                    return None
                stages.add(ast.dump(parts[0]))
                subscripts.add(id(sub.value))
        for sub in ast.walk(kernel):
            if isinstance(sub, ast.Name) and sub.id == name and \
                    isinstance(sub.ctx, ast.Load):
                uses += 1
                if id(sub) not in subscripts:
                    return None
        return stages.pop() if len(stages) == 1 and uses else None

    def expr_Subscript(self, node, scope):
        base = self.evaluate(node.value, scope)
        if isinstance(base, Buffer) and getattr(base, "stage_index", None):
            # One of a pipeline's stages (stage_index): the buffer itself.
            return base
        if isinstance(base, ScalarCell):
            self.cell_index(node, base, scope)
            return base.value
        if isinstance(base, Buffer) and base.is_view:
            indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            return self.view_element(node, base, indices, scope)
        if isinstance(base, Buffer):
            if not base.is_global:
                row = self.row_index(node, base)
                if row is not None:
                    return BufferRow(base, self.evaluate(row, scope))
                stages = " (a buffer of pipeline stages, `buf[ko % 2, :, :]`, is " \
                    "supported when every use takes the same stage: each stage " \
                    "written and read in the same trip)" if len(base.shape) >= 3 else ""
                self.error(node, "a slice of an on-core buffer is not supported: "
                           "T.copy takes whole buffers, or a whole row of a "
                           "2-d one (buf[k, :])" + stages)
            indices = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if len(indices) != len(base.shape):
                self.error(node, f"the tensor '{base.py_name}' has {len(base.shape)} "
                           f"dimensions, indexed with {len(indices)}")
            offsets, sliced = [], []
            for d, index in enumerate(indices):
                if isinstance(index, ast.Slice):
                    if index.step is not None:
                        self.error(index, "a slice with a step is not supported")
                    lower = 0 if index.lower is None else self.evaluate(index.lower, scope)
                    # The extent, when the bounds are numbers; an upper
                    # bound after a computed lower one is not evaluated (it
                    # would only emit dead index arithmetic).
                    upper = base.shape[d] if index.upper is None else \
                        self.evaluate(index.upper, scope) if isinstance(lower, int) else None
                    offsets.append(lower)
                    extent = _slice_extent(lower, upper)
                    if extent is None:
                        extent = _symbolic_extent(
                            index.lower, index.upper,
                            lambda name: self.constant_value(name, scope))
                    sliced.append(extent if extent is not None else True)
                else:
                    offsets.append(self.evaluate(index, scope))
                    sliced.append(None)
            return Region(base, offsets, sliced)
        if isinstance(base, (SSA, Region)):
            self.error(node, f"cannot index {_kind(base)}")
        return base[self.evaluate_constant(node.slice, scope)]

    def expr_Slice(self, node, scope):
        parts = [None if p is None else self.evaluate_constant(p, scope)
                 for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def expr_Call(self, node, scope):
        callee = self.evaluate(node.func, scope)
        name = _intrinsic_name(callee)
        if isinstance(callee, DType):
            if len(node.args) != 1 or node.keywords:
                self.error(node, f"T.{callee.name}(value) takes one value")
            value = self.evaluate_constant(node.args[0], scope)
            return Const(value, callee.mlir)
        if isinstance(callee, Macro):
            self.error(node, "a macro call is a statement; macros return no value")
        if isinstance(callee, TensorAnnotation) and self.in_kernel and \
                len(node.args) == 3:
            return self.tensor_view(node, scope)
        if name in ("const", "dynamic"):
            args, _ = _bind_arguments(self, node, callee, scope)
            return self.constants(node, args)
        if name == "empty":
            args, _ = _bind_arguments(self, node, callee, scope)
            return self.empty(node, args, scope)
        if name == "alloc_global":
            args, _ = _bind_arguments(self, node, callee, scope)
            return self.alloc_global(node, args)
        if name == "match_buffer":
            return self.match_buffer(node, scope)
        if name in ("alloc_shared", "alloc_fragment", "alloc_local"):
            args, keywords = _bind_arguments(self, node, callee, scope)
            return self.alloc(node, name, args, scope)
        if name == "alloc_var":
            return self.alloc_var(node, callee, scope)
        if name == "alloc_barrier":
            self.hints.append(self._WS_HINT)
            return _Barrier()
        if name == "if_then_else" and self.in_kernel:
            return self.select(node, scope)
        if name in ("ceildiv", "max", "min", "floordiv", "floormod") and \
                (len(node.args) != 2 or node.keywords):
            self.error(node, f"T.{name} takes two values, got {len(node.args)}"
                       + (" and keywords" if node.keywords else ""))
        if name == "infinity" and (len(node.args) != 1 or node.keywords):
            self.error(node, "T.infinity takes one data type (T.infinity(T.float32))")
        if name == "ceildiv":
            a, b = (self.evaluate(x, scope) for x in node.args)
            for arg, value in zip(node.args, (a, b)):
                if isinstance(_unconst(value), (float, bool)):
                    self.error(arg, f"T.ceildiv takes integers, got {value!r}")
            if isinstance(a, int) and isinstance(b, int):
                if b == 0:
                    self.error(node, "T.ceildiv by zero")
                return -(-a // b)
            return self.index_op(node, "ceildivsi", a, b)
        if name in ("floordiv", "floormod"):
            if len(node.args) != 2 or node.keywords:
                self.error(node, f"T.{name}(a, b) takes two values")
            a, b = (self.evaluate(x, scope) for x in node.args)
            op = ast.FloorDiv() if name == "floordiv" else ast.Mod()
            return self.binary(node, op, a, b)
        if name in ("max", "min"):
            a, b = (self.evaluate(x, scope) for x in node.args)
            if not any(isinstance(v, SSA) for v in (a, b)):
                a, b = _unconst(a), _unconst(b)
                return builtins.max(a, b) if name == "max" else builtins.min(a, b)
            return self.index_op(node, "maxsi" if name == "max" else "minsi", a, b)
        if name == "infinity":
            dtype = self.element_type(node, self.evaluate_constant(node.args[0], scope))
            return Const(float("inf"), dtype)
        if name in ("cast", "Cast"):
            args, _ = _bind_arguments(self, node, callee, scope)
            dtype = self.element_type(node, args["dtype"])
            value = _unconst(args["value"])
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return Const(value, dtype)
            self.error(node, "T.cast of a value known only when the kernel runs is "
                       "only supported inside a T.Parallel loop")
        if name in _parallel._MATH and len(node.args) == 1 and not node.keywords:
            # Math on a scalar of the kernel (TileLang's retention decay,
            # `T.log2(1 - T.exp2(-5.0 - 1.0 * i_h))`): a Deferred
            # expression, computed in each body that uses it, on the SFPU.
            x = self.evaluate(node.args[0], scope)
            if isinstance(x, (SSA, Deferred)) and is_float(x.type):
                return Deferred("math:" + _parallel._MATH[name], [x], x.type)
            plain = _unconst(x)
            if isinstance(plain, (int, float)) and not isinstance(plain, bool):
                value = _parallel._PY_MATH[name](float(plain))
                return Const(value, x.type) if isinstance(x, Const) else value
        if name:
            self.error(node, f"T.{name}(...) is not supported here: "
                       + ("it is an elementwise function, for T.Parallel loops"
                          if name in _parallel.ELEMENTWISE else "it is a statement"))
        args = [self.evaluate_constant(a, scope) for a in node.args]
        kwargs = {k.arg: self.evaluate_constant(k.value, scope) for k in node.keywords}
        try:
            return callee(*args, **kwargs)
        except Exception as error:  # a compile-time Python call that failed
            self.error(node, f"{ast.unparse(node.func)}(...) raised "
                       f"{type(error).__name__}: {error}")

    def alloc_var(self, node, callee, scope):
        """``x = T.alloc_var(T.int32)`` (or with an ``init``): a scalar
        variable of the kernel. Tilt keeps its value in the name, as SSA
        form does: each assignment (``x = ...``) names the new value, an
        index value for integer variables. Values carried across the
        iterations of a loop are supported where the loop runs a number of
        times known when the kernel is compiled (it is unrolled)."""
        args, keywords = _bind_arguments(self, node, callee, scope)
        dtype = self.element_type(node, args["dtype"])
        init = args.get("init")
        rest = args.get("args") or ()
        if init is None and len(rest) >= 1 and not isinstance(rest[0], str):
            init = rest[0]
        if dtype == "i32":
            if init is None:
                return 0
            value = init if isinstance(init, (SSA, Region)) else _unconst(init)
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, (int, SSA, Region)):
                self.error(node, f"an int32 variable starts as an integer, got {_kind(init)}")
            return value
        if init is None:
            return Const(0.0, dtype)
        value = _unconst(init)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return Const(float(value), dtype)
        self.error(node, f"a {dtype} variable starts as a number known when the kernel "
                   f"is compiled, got {_kind(init)}")

    def select(self, node, scope):
        """``T.if_then_else(cond, a, b)`` of kernel scalars (outside a
        T.Parallel loop): ``a`` or ``b`` when the condition is known when
        the kernel is compiled, else arith.select of index values."""
        if len(node.args) != 3 or node.keywords:
            self.error(node, "T.if_then_else(cond, a, b) takes three values")
        cond = self.condition(node.args[0], scope)
        a, b = (self.evaluate(x, scope) for x in node.args[1:])
        if isinstance(cond, bool):
            return a if cond else b
        if not isinstance(cond, SSA) or cond.type != "i1":
            self.error(node.args[0], "T.if_then_else's condition must be a comparison, "
                       f"got {_kind(cond)}")
        a, b = self.index(node.args[1], a), self.index(node.args[2], b)
        low, high = range_of(a), range_of(b)
        result_range = None
        if low is not None and high is not None:
            result_range = (min(low[0], high[0]), max(low[1], high[1]))
        result = self.emitter.fresh("sel")
        self.emitter.emit(f"{result} = arith.select {cond.name}, {a.name}, {b.name} : "
                          "index", self.pos(node))
        return SSA(result, "index", result_range)

    def alloc(self, node, name, args, scope):
        space = "shared" if name == "alloc_shared" else "fragment"
        shape = self.static_shape(node, args["shape"])
        dtype = self.element_type(node, args["dtype"], narrow=True)
        hint = "shared" if space == "shared" else "fragment"
        if shape == (1,) and dtype == "i32" and name != "alloc_shared":
            # A scalar integer variable (`start_iter[0] = ...`): stream-K's
            # loop state, counters. Kept as a value, as T.alloc_var is.
            return ScalarCell(0, getattr(node, "_tilt_name", None) or "var")
        staged = self.stage_index(node, shape)
        if staged is not None:
            # `A_s[ko % stages, :, :]` everywhere: the stages of a GPU
            # pipeline, which the circular buffers give on Tenstorrent.
            shape = shape[1:]
        result = self.emitter.fresh(getattr(node, "_tilt_name", None) or hint)
        buffer = Buffer(result, shape, dtype, space, result[1:])
        buffer.stage_index = staged
        if buffer.is_view:
            # No storage: a T.copy of a tensor slice makes it a view.
            buffer.py_name = getattr(node, "_tilt_name", None) or buffer.py_name
            return buffer
        self.emitter.emit_prologue(f"{result} = tile.alloc : {buffer.type}", self.pos(node))
        return buffer

    # -- helpers ------------------------------------------------------------

    def static_shape(self, node, shape):
        if isinstance(shape, int) and not isinstance(shape, bool):
            shape = (shape,)
        if not isinstance(shape, (tuple, list)) or not shape:
            self.error(node, f"a shape is a tuple of positive integers, got {shape!r}")
        for extent in shape:
            if not isinstance(extent, int) or isinstance(extent, bool) or extent <= 0:
                self.error(node, "a shape's extents must be positive integers known "
                           f"when the kernel is compiled, got {extent!r}")
        return tuple(shape)

    def element_type(self, node, dtype, narrow=False):
        """Tilt's element type of ``dtype``; ``narrow`` also accepts the
        one-byte integers (bool, int8, uint8) of tensors and their views."""
        result = dtype_of(dtype)
        if result in _NARROW_TYPES and not narrow:
            self.error(node, f"{_TORCH_DTYPES[result]} is a type of tensors that a "
                       "kernel reads element by element (masks, indices); kernels "
                       "compute in float32, float16, bfloat16 and int32")
        if result is None or result not in _TILE_TYPES + _NARROW_TYPES:
            name = str(getattr(dtype, "name", dtype))
            if "float8" in name or "float4" in name:
                # Tenstorrent's narrow formats are block floats, not GPU fp8.
                self.error(node, f"the data type {name} is a GPU 8/4-bit float "
                           "format that Tenstorrent's Tensix cores do not have "
                           "(their narrow formats are the block floats Bfp8_b and "
                           "Bfp4_b, which Tilt does not compute with yet); convert "
                           "fp8 data to bfloat16 on the host, which is exact "
                           "(`t.to(torch.bfloat16)`), and use T.bfloat16")
            what = repr(dtype) if isinstance(dtype, (str, DType)) else _kind(dtype)
            self.error(node, f"the data type {what} is not one Tilt supports "
                       "(float32, float16, bfloat16, int32, and int8, uint8 and "
                       "bool for tensors read element by element)")
        return result

    def element_read(self, node, region):
        """``T[i, j]`` of an int32 global tensor used as a number (a block
        table, a block index, an expert id): ``tile.load``, as an index."""
        tensor = region.buffer
        if any(s is not None for s in region.sliced):
            self.error(node, "a slice of a tensor is not a number: index every "
                       "dimension to read one element")
        if tensor.dtype != "i32" and tensor.dtype not in _NARROW_TYPES:
            self.error(node, f"reading one element of the {tensor.dtype} tensor "
                       f"'{tensor.py_name}' as a number is not supported yet (int32, "
                       "int8, uint8 and bool tensors are)")
        offsets = ", ".join(self.index(node, o).name for o in region.offsets)
        element = self.emitter.fresh(tensor.py_name + "_elem")
        self.emitter.emit(f"{element} = tile.load {tensor.name}[{offsets}] : "
                          f"{tensor.type}", self.pos(node))
        if tensor.dtype in _NARROW_TYPES:
            # A one-byte element as an i32: a bool is 0 or 1, an int8 keeps
            # its sign, a uint8 is not negative.
            bits = "i8" if tensor.dtype == "ui8" else tensor.dtype
            extension = "extsi" if tensor.dtype == "i8" else "extui"
            wide = self.emitter.fresh(tensor.py_name + "_i32")
            self.emitter.emit(f"{wide} = arith.{extension} {element} : {bits} to i32",
                              self.pos(node))
            element = wide
        result = self.emitter.fresh("idx")
        self.emitter.emit(f"{result} = arith.index_cast {element} : i32 to index",
                          self.pos(node))
        return SSA(result, "index", None)

    def index(self, node, value):
        """The index SSA value of a compile-time int or an index value."""
        if isinstance(value, Region) and value.buffer.is_global:
            return self.element_read(node, value)
        value = _unconst(value)
        if isinstance(value, bool) or not isinstance(value, (int, SSA)):
            self.error(node, f"expected an integer index, got {_kind(value)}")
        if isinstance(value, int):
            return self.emitter.constant(value, "index")
        if value.type != "index":
            self.error(node, f"expected an index, got a value of type {value.type}")
        return value

    def scalar(self, node, value, type_):
        """The SSA value of a scalar of ``type_`` (a constant or a kernel scalar)."""
        if isinstance(value, Const):
            value = value.value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if type_ == "i32" and isinstance(value, float) and not value.is_integer():
                self.error(node, f"{value!r} is not an int32 value")
            return self.emitter.constant(value, type_)
        if isinstance(value, SSA) and value.type == type_:
            return value
        self.error(node, f"expected a {type_} scalar, got {_kind(value)}")

    def index_op(self, node, op, a, b):
        result_range = index_range(op, range_of(a), range_of(b))
        a, b = self.index(node, a), self.index(node, b)
        result = self.emitter.fresh("idx")
        self.emitter.emit(f"{result} = arith.{op} {a.name}, {b.name} : index",
                          self.pos(node))
        return SSA(result, "index", result_range)

    def binary(self, node, op, a, b):
        # An element of an int32 tensor in index arithmetic (BlockTable[b, i]
        # * block_size): read when the kernel runs.
        def element(value):
            return isinstance(value, Region) and value.buffer.is_global and \
                all(s is None for s in value.sliced)
        if element(a):
            a = self.element_read(node, a)
        if element(b):
            b = self.element_read(node, b)
        if isinstance(a, (Buffer, Region)) or isinstance(b, (Buffer, Region)):
            self.error(node, "arithmetic on whole buffers is not supported: write it "
                       "elementwise in a T.Parallel loop")
        if isinstance(a, (SSA, Deferred)) or isinstance(b, (SSA, Deferred)):
            types = {v.type for v in (a, b) if isinstance(v, (SSA, Deferred))}
            def is_float_value(v):
                return isinstance(v, float) or isinstance(v, Const) and is_float(v.type) \
                    or isinstance(v, (SSA, Deferred)) and is_float(v.type)
            if "index" in types and (is_float_value(a) or is_float_value(b)):
                # An index of the kernel with a float (`1.0 * i_h`) is a
                # float, as in TileLang: converted in the bodies that use it.
                a, b = (Deferred("sitofp", [v], "f32")
                        if isinstance(v, (SSA, Deferred)) and v.type == "index"
                        else v for v in (a, b))
                return self.float_scalar_op(node, op, a, b)
            if types == {"index"}:
                opname = _INDEX_BINOPS.get(type(op))
                if opname is None:
                    self.error(node, f"{type(op).__name__} on indices is not supported")
                if isinstance(a, (float, Const)) or isinstance(b, (float, Const)):
                    self.error(node, "index arithmetic with a float")
                if opname == "muli" and isinstance(a, int) and a == 1:
                    return b
                if opname in ("muli", "floordivsi") and isinstance(b, int) and b == 1:
                    return a
                if opname in ("addi", "subi") and isinstance(b, int) and b == 0:
                    return a
                return self.index_op(node, opname, a, b)
            return self.float_scalar_op(node, op, a, b)
        if isinstance(a, Const) or isinstance(b, Const):
            type_ = a.type if isinstance(a, Const) else b.type
            value = _python_binary(op, _unconst(a), _unconst(b))
            return Const(value, type_)
        try:
            return _python_binary(op, a, b)
        except Exception as error:
            self.error(node, f"{type(error).__name__}: {error}")

    def float_scalar_op(self, node, op, a, b):
        """Scalar float arithmetic in kernel scope (on scalar kernel
        parameters): a Deferred expression, computed in the bodies that use
        it (the lowering has no device form for a scalar computed outside
        a body)."""
        names = {ast.Add: "addf", ast.Sub: "subf", ast.Mult: "mulf", ast.Div: "divf"}
        opname = names.get(type(op))
        type_ = next(v.type for v in (a, b) if isinstance(v, (SSA, Deferred)))
        if opname is None or not is_float(type_):
            self.error(node, f"{type(op).__name__} on {type_} scalars is not supported")
        for value in (a, b):
            if isinstance(value, (SSA, Deferred)) and value.type != type_:
                self.error(node, f"arithmetic between {value.type} and {type_} scalars")
            if isinstance(value, (Buffer, Region)) or isinstance(value, bool):
                self.error(node, f"{_kind(value)} in scalar arithmetic")
        return Deferred(opname, [_unconst(a), _unconst(b)], type_)


def parse_prim_func(fn, eager=None):
    """Translates a kernel function into a PrimFunc (raises FrontendError):
    a ``@T.prim_func``, or with ``eager`` (an EagerCall) an eager ``@jit``
    function for the arguments of one call."""
    source = Source(fn)
    translator = Translator(source, eager)
    try:
        if eager is not None:
            return translator.translate_eager()
        return translator.translate()
    except KernelError as error:
        raise _located_error(error.filename, error.pos, error.message) from None
