"""The eager ``@jit`` style of TileLang's kernels (TileLang's README since
January 2026), as a part of the translator: the function is the kernel,
its tensors are declared by in-body annotations (``A: T.Tensor((M, K),
dtype)``, ``T.match_buffer``) whose shape constants (``T.const``) the
tensors passed bind, and ``T.empty`` makes the outputs it returns.
``EagerTranslation`` is a mixin of ``_frontend.Translator``."""

import ast

from ._util import _is_docstring, _kind
from ._values import (Buffer, Pending, SSA, Sym, TensorArg, TensorType, dtype_of,
                      _TILE_TYPES, _TORCH_DTYPES)

__all__ = ["EagerCall", "EagerTranslation", "scope_chain_pending"]

class EagerCall:
    """What an eager ``@jit`` kernel is translated for: the values of its
    parameters (``TensorArg`` for a tensor, Python values for compile-time
    constants, for scalar parameters the value of the call) and the shape
    constants given by name (``.compile(M=1024)``)."""

    def __init__(self, values, consts):
        self.values = values
        self.consts = consts


def scope_chain_pending(scope):
    """The tensor parameters still undeclared, by name."""
    while scope is not None:
        for name, value in scope.vars.items():
            if isinstance(value, Pending):
                yield name, value
        scope = scope.parent


class EagerTranslation:
    """The translator's methods for the eager style (``Translator`` has the
    statements and expressions they use)."""

    def translate_eager(self):
        """An eager ``@jit`` function: its parameters are tensors (declared
        by the tensors passed or by in-body annotations), scalars
        (``x: T.float32``) and compile-time constants; ``T.empty`` tensors
        are further parameters, the outputs it returns."""
        fdef = self.source.node
        if not isinstance(fdef, ast.FunctionDef):
            self.error(fdef, "tilt.jit applies to a function")
        from ._frontend import Scope
        scope = Scope(fn=self.source.fn)
        self.function_scope = scope
        self.outputs = []
        self.inputs = {}
        arguments = fdef.args.posonlyargs + fdef.args.args + fdef.args.kwonlyargs
        for arg in arguments:
            name = arg.arg
            value = self.eager.values.get(name, Pending(name))
            spec = self.annotation(arg.annotation, name, scope)
            if isinstance(value, TensorArg):
                buffer = Buffer(self.emitter.fresh(name), value.shape, value.dtype,
                                "global", name)
                scope.vars[name] = buffer
                self.inputs[name] = (buffer, self.pos(arg))
                if isinstance(spec, TensorType):
                    self.declare(arg.annotation, name, scope)
            elif isinstance(value, Pending):
                scope.vars[name] = value
                if isinstance(spec, TensorType):
                    self.declare(arg.annotation, name, scope)
            elif dtype_of(spec) in ("f32", "f16", "bf16"):
                ssa = SSA(self.emitter.fresh(name), dtype_of(spec))
                scope.vars[name] = ssa
                self.inputs[name] = (ssa, self.pos(arg))
            else:
                scope.vars[name] = value
        for bad in (fdef.args.vararg, fdef.args.kwarg):
            if bad is not None:
                self.error(bad, "a kernel takes no *args or **kwargs")
        emitter = self.emitter
        header = len(emitter.lines)
        emitter.emit("", None)
        emitter.depth = 1
        self.kernels = 0
        self.statements([s for s in fdef.body if not _is_docstring(s)], scope)
        if self.kernels == 0:
            self.error(fdef, f"the kernel {fdef.name} has no `with T.Kernel(...)` block")
        self.collect_arguments(arguments, scope)
        emitter.emit("return", self.pos(fdef))
        emitter.depth = 0
        emitter.emit(f"}} {emitter.loc(self.pos(fdef))}", None)
        emitter.lines[header] = self.signature()
        inputs = len(self.kernel_args) - len(self.outputs)
        out_idx = list(range(inputs, len(self.kernel_args)))
        returned, as_tuple = self.returned or ([], False)
        made = [b for b, _ in self.outputs]
        returns = [inputs + made.index(b) for b in returned]
        from ._frontend import PrimFunc
        return PrimFunc(fdef.name, "\n".join(emitter.lines) + "\n", self.params(),
                        self.source.filename, out_idx=out_idx, returns=returns,
                        returns_tuple=as_tuple, remarks=self.remarks)

    def collect_arguments(self, arguments, scope):
        """The function's parameters: the tensors and scalars in the order of
        the Python parameters, then the T.empty outputs in their order."""
        self.kernel_args = [(value, name, pos) for name, (value, pos)
                            in sorted(self.inputs.items(),
                                      key=lambda item: [a.arg for a in arguments]
                                      .index(item[0]))]
        self.kernel_args += [(b, b.py_name, pos) for b, pos in self.outputs]

    def annotation(self, node, name, scope):
        """A parameter's annotation evaluated where the kernel's names are
        visible (None when it has none or is a plain Python type hint)."""
        from ._frontend import KernelError
        if node is None:
            return None
        try:
            return self.evaluate_constant(node, scope)
        except KernelError:
            return self.source.fn.__annotations__.get(name)

    def declare(self, node, name, scope, spec_of=None):
        """``A: T.Tensor((M, K), dtype)``: checks the tensor passed as ``A``
        against the annotation ``node`` (``spec_of()`` evaluates it) and
        binds the shape constants it names; declares ``A`` when no tensor
        was passed."""
        spec_of = spec_of or (lambda: self.evaluate_constant(node, scope))
        current = self.function_scope.vars.get(name)
        spec = spec_of()
        if not isinstance(spec, TensorType):
            self.error(node, f"'{name}' is annotated as {_kind(spec)}, not a T.Tensor")
        shape = spec.shape
        if isinstance(shape, int) and not isinstance(shape, bool):
            shape = (shape,)
        if not isinstance(shape, (tuple, list)):
            self.error(node, f"a tensor's shape is a tuple, got {_kind(shape)}")
        if isinstance(current, Buffer):
            if len(shape) != len(current.shape):
                self.error(node, f"'{name}' is a {len(current.shape)}-d tensor of shape "
                           f"{current.shape}, annotated with {len(shape)} dimensions")
            for extent, actual in zip(shape, current.shape):
                if isinstance(extent, Sym) and extent.value is None and \
                        not extent.name.startswith("("):
                    extent.value = actual
            # Evaluated again now that its plain dimensions are bound.
            shape = spec_of().shape
            if isinstance(shape, int):
                shape = (shape,)
        # A shape built before its constants were bound (`B_shape = [G, K,
        # N]` ahead of the annotations) holds them as symbols: their values.
        shape = [e.value if isinstance(e, Sym) and e.value is not None else e
                 for e in shape]
        unbound = [e for e in shape if isinstance(e, Sym)]
        if unbound:
            what = "no tensor or keyword gives it" if isinstance(current, Pending) \
                else "use it alone as one dimension of a tensor annotation"
            self.error(node, f"the shape of '{name}' needs {unbound[0].name}, which is "
                       f"not known: {what}" + (f" (pass the tensor '{name}', or "
                       f"compile with {unbound[0].name}=...)"
                       if isinstance(current, Pending) else ""))
        shape = self.static_shape(node, shape)
        dtype = self.element_type(node, spec.dtype, narrow=True)
        if isinstance(current, Buffer):
            if shape != current.shape:
                self.error(node, f"'{name}' has shape {current.shape}, but its "
                           f"annotation says {shape}")
            if dtype != current.dtype:
                given = _TORCH_DTYPES[current.dtype]
                article = "an" if given[0] in "aeiou" else "a"
                self.error(node, f"'{name}' is {article} {given} tensor, "
                           f"but its annotation says {_TORCH_DTYPES[dtype]}")
            return current
        if not isinstance(current, Pending):
            self.error(node, f"'{name}' is not a tensor parameter of the kernel")
        buffer = Buffer(self.emitter.fresh(name), shape, dtype, "global", name)
        self.function_scope.vars[name] = buffer
        found, visible = scope.lookup(name)
        if visible is current:
            scope.vars[name] = buffer
        self.inputs[name] = (buffer, self.pos(node))
        return buffer

    def empty(self, node, args, scope):
        """``C = T.empty((M, N), dtype)``: an output tensor of the kernel."""
        if self.eager is None or self.in_kernel:
            self.error(node, "T.empty declares an output of an eager @tilt.jit "
                       "kernel, before its `with T.Kernel` block")
        shape = self.static_shape(node, args["shape"])
        dtype = self.element_type(node, args["dtype"])
        name = getattr(node, "_tilt_name", None) or "out"
        buffer = Buffer(self.emitter.fresh(name), shape, dtype, "global", name)
        self.outputs.append((buffer, self.pos(node)))
        return buffer

    def constants(self, node, args):
        """``M, N = T.const("M, N")``: shape constants, bound by the tensors'
        annotations or by ``.compile`` keywords. ``T.dynamic`` is the same
        on Tilt: a kernel is compiled for the shapes it is called with."""
        if self.eager is None or self.in_kernel:
            self.error(node, "T.const declares the shape constants of an eager "
                       "@tilt.jit kernel, before its `with T.Kernel` block")
        names = args["name"]
        if not isinstance(names, str):
            self.error(node, "T.const takes the names as one string: T.const(\"M, N\")")
        names = [n for n in names.replace(",", " ").split() if n]
        values = []
        for name in names:
            if not name.isidentifier():
                self.error(node, f"'{name}' is not a name")
            given = self.eager.consts.get(name)
            if given is not None:
                if not isinstance(given, int) or isinstance(given, bool):
                    self.error(node, f"the shape constant {name} must be an int, "
                               f"got {given!r}")
                values.append(given)
            else:
                values.append(Sym(name))
        return values[0] if len(values) == 1 else tuple(values)

    def match_buffer(self, node, scope):
        """``A = T.match_buffer(A, shape, dtype)``: the annotation of a
        ``T.ptr`` parameter, in a statement."""
        if self.eager is None or self.in_kernel or len(node.args) < 2:
            self.error(node, "T.match_buffer(param, shape, dtype) declares a tensor "
                       "parameter of an eager @tilt.jit kernel")
        target = self.evaluate(node.args[0], scope)
        name = target.name if isinstance(target, Pending) else \
            getattr(target, "py_name", None)
        if name is None:
            self.error(node.args[0], "T.match_buffer's first argument is a tensor "
                       "parameter")
        if not isinstance(target, Pending) and name not in self.inputs:
            self.error(node.args[0], f"'{name}' is not a tensor parameter of the kernel")

        def spec_of():
            shape = self.evaluate_constant(node.args[1], scope)
            dtype = self.evaluate_constant(node.args[2], scope) \
                if len(node.args) > 2 else "float32"
            return TensorType(shape, dtype)
        return self.declare(node, name, scope, spec_of)

    def eager_return(self, stmt, scope):
        if self.returned is not None:
            self.error(stmt, "an eager kernel returns once, at its end")
        if stmt.value is None:
            self.returned = ([], False)
            return
        value = self.evaluate(stmt.value, scope)
        as_tuple = isinstance(value, tuple)
        values = list(value) if as_tuple else [value]
        outputs = [b for b, _ in self.outputs]
        for item in values:
            if not isinstance(item, Buffer) or item not in outputs:
                self.error(stmt.value, "an eager kernel returns the tensors it made "
                           f"with T.empty, got {_kind(item)}")
        self.returned = (values, as_tuple)

    def annotated_name(self, stmt, scope):
        """``A: T.Tensor(...)`` declares a tensor; ``M: T.int32`` on a
        compile-time constant is a type hint."""
        if not isinstance(stmt.target, ast.Name):
            self.error(stmt.target, "an annotation names a parameter")
        name = stmt.target.id
        found, current = scope.lookup(name)
        if isinstance(current, (Buffer, Pending)):
            self.declare(stmt.annotation, name, scope)
            return
        spec = self.evaluate_constant(stmt.annotation, scope)
        if isinstance(spec, TensorType):
            self.error(stmt, f"'{name}' is not a tensor parameter of the kernel"
                       if found else f"'{name}' is not a parameter of the kernel")
        if isinstance(current, SSA) or (found and dtype_of(spec) in _TILE_TYPES
                                         and isinstance(current, (int, float))):
            return  # a scalar's type, or a constant's
        self.error(stmt, f"annotating '{name}' with {_kind(spec)} declares nothing")
