"""TileLang's ``@tilelang.jit`` on Tilt, in both of TileLang's styles.

- The factory ("lazy") style: the decorated function returns a
  ``@T.prim_func``; calling it returns the compiled kernel, cached per
  arguments.
- The eager style (TileLang's README since January 2026): the decorated
  function *is* the kernel. Its parameters are tensors (their shapes
  declared in the body: ``M, N = T.const("M, N")`` and ``A: T.Tensor((M,
  N), dtype)``), scalars (``x: T.float32``) and compile-time constants;
  ``C = T.empty(...)`` makes the outputs it returns. Calling it with
  tensors compiles for their shapes and dtypes and the constants (cached)
  and runs the kernel; ``.compile(...)`` returns the kernel, taking the
  shape constants by name when no tensors are given.

As TileLang's, the style is told apart by what the function does: one
that defines a nested kernel function, or returns a PrimFunc when called,
is a factory.
"""

import ast
import inspect
import textwrap
import warnings

import numpy as np

from .language._frontend import EagerCall, PrimFunc, parse_prim_func, parse_source
from .language._values import DType, TensorArg, TensorType, dtype_of, _TORCH_DTYPES

__all__ = ["JITImpl", "tensor_arg"]

# Element types of the tensors a kernel takes.
_TORCH_TYPES = {f"torch.{name}": type_ for type_, name in _TORCH_DTYPES.items()}
_NUMPY_TYPES = {"float32": "f32", "float16": "f16", "int32": "i32",
                "bool": "i1", "int8": "i8", "uint8": "ui8"}
_SUPPORTED = "float32, float16, bfloat16, int32, int8, uint8 and bool"


def _is_tensor(value):
    return isinstance(value, (np.ndarray, TensorType)) or (
        type(value).__module__.startswith("torch") and hasattr(value, "shape")
        and hasattr(value, "dtype"))


def tensor_arg(name, value):
    """The TensorArg (shape, element type) of a tensor passed as ``name``:
    a torch tensor, a NumPy array or a ``T.Tensor(shape, dtype)``
    shape-only ``T.Tensor(shape, dtype)``. A dtype no kernel can take is a
    TypeError naming it."""
    if isinstance(value, TensorType):
        shape = value.shape
        if isinstance(shape, int):
            shape = (shape,)
        if not all(isinstance(e, int) and not isinstance(e, bool) and e > 0
                   for e in shape):
            raise ValueError(f"the placeholder for '{name}' needs a shape of positive "
                             f"integers, got {shape!r}")
        dtype = dtype_of(value.dtype)
        if dtype is None:
            raise TypeError(f"the placeholder for '{name}' has the dtype "
                            f"{value.dtype!r}: Tilt's kernels take {_SUPPORTED}")
        return TensorArg(shape, dtype)
    if isinstance(value, np.ndarray):
        dtype = _NUMPY_TYPES.get(str(value.dtype))
        kind = f"a NumPy {value.dtype}"
    else:
        dtype = _TORCH_TYPES.get(str(value.dtype))
        kind = f"a {value.dtype}"
    if dtype is None:
        raise TypeError(f"'{name}' is {kind} tensor: Tilt's kernels take "
                        f"{_SUPPORTED} tensors (docs/python.md)")
    return TensorArg(tuple(int(e) for e in value.shape), dtype)


def _key_of(value):
    """A hashable stand-in for a compile-time constant."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__,) + tuple(_key_of(v) for v in value)
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted((k, _key_of(v)) for k, v in value.items()))
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return value


def _defines_kernel(fn):
    """Whether ``fn``'s body defines a nested function (a factory's
    ``@T.prim_func``)."""
    try:
        source = textwrap.dedent(inspect.getsource(fn))
        node = parse_source(source).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return False
    return any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
               for n in ast.walk(node) if n is not node)


_WARNED = set()


def check_pass_configs(pass_configs):
    """``pass_configs`` as TileLang takes it: a dict whose keys are Tilt's
    (``tilt.allow_tf32``, a bool) or TileLang's GPU switches (no effect);
    any other key is warned about once. Returns ``allow_tf32``."""
    from . import PassConfigKey
    if pass_configs is None:
        return False
    if not isinstance(pass_configs, dict):
        raise TypeError("pass_configs must be a dict, got "
                        f"{type(pass_configs).__name__}")
    known = {v for k, v in vars(PassConfigKey).items() if k.isupper()}
    for key in pass_configs:
        if key not in known and key not in _WARNED:
            _WARNED.add(key)
            warnings.warn(f"pass_configs: '{key}' is neither a TileLang nor a Tilt "
                          "option; it has no effect", stacklevel=4)
    value = pass_configs.get("tilt.allow_tf32", False)
    if not isinstance(value, bool):
        raise TypeError("pass_configs['tilt.allow_tf32'] must be True or "
                        f"False, got {value!r}")
    return value


def storage_formats_of(pass_configs):
    """``pass_configs['tilt.storage_formats']``, checked: a dict from tensor
    parameter names to ``"bfp8_b"`` or ``"bfp4_b"`` (empty when absent)."""
    formats = (pass_configs or {}).get("tilt.storage_formats", {})
    if not isinstance(formats, dict):
        raise TypeError("pass_configs['tilt.storage_formats'] must be a dict "
                        "from tensor names to 'bfp8_b' or 'bfp4_b', got "
                        f"{type(formats).__name__}")
    for name, fmt in formats.items():
        if not isinstance(name, str) or fmt not in ("bfp8_b", "bfp4_b"):
            raise ValueError("pass_configs['tilt.storage_formats'] maps tensor "
                             "names to 'bfp8_b' or 'bfp4_b', got "
                             f"{name!r}: {fmt!r}")
    return dict(formats)


class JITImpl:
    """The object ``@tilt.jit`` makes of a function (TileLang's JITImpl):
    call it, ``.compile(...)`` it, ``.get_kernel_source(...)``,
    ``.get_tir(...)``, ``.par_compile(configs)``."""

    def __init__(self, func, out_idx=None, target="wormhole_b0",
                 pass_configs=None, mode="auto", **options):
        check_pass_configs(pass_configs)  # a bad value fails at the decorator
        if mode not in ("auto", "lazy", "eager"):
            raise ValueError(f"mode must be 'auto', 'lazy' or 'eager', got {mode!r}")
        self.func = func
        self.out_idx = out_idx
        self.target = target
        self.pass_configs = pass_configs
        self.options = options
        self.mode = mode
        # A translated kernel (`tilelang.jit(out_idx=...)(prim_func)`) is a
        # factory of no arguments that returns it.
        if isinstance(func, (PrimFunc, str)):
            self.mode = "lazy"
            self.signature = inspect.Signature()
        else:
            self.signature = inspect.signature(func)
        self._kernels = {}
        self.__name__ = getattr(func, "name", None) or getattr(func, "__name__", "kernel")
        self.__doc__ = getattr(func, "__doc__", None)
        self.__wrapped__ = func
        if self.mode == "auto" and _defines_kernel(func):
            self.mode = "lazy"

    # TileLang's JITImpl exposes the undecorated function as ``.func``;
    # Tilt's earlier ``jit`` called it ``.factory``.
    @property
    def factory(self):
        return self.func

    def __repr__(self):
        return f"<tilt.jit {self.mode} kernel {self.__name__}>"

    # -- which style --------------------------------------------------------

    def _settle_mode(self, args, kwargs):
        if self.mode != "auto":
            return self.mode
        try:
            self.signature.bind(*args, **kwargs)
            result = self.func(*args, **kwargs)
        except Exception:  # an eager body cannot run as Python: T.const raises
            result = None
        self.mode = "lazy" if isinstance(result, (PrimFunc, str)) else "eager"
        if self.mode == "eager" and self.out_idx is not None:
            raise ValueError("out_idx is for factory-style kernels; an eager "
                             "kernel returns the tensors it makes with T.empty")
        return self.mode

    # -- arguments ------------------------------------------------------------

    def _bind(self, args, kwargs):
        """An eager call's EagerCall, the runtime values of the kernel's
        parameters by name and the cache key."""
        params = self.signature.parameters
        takes_kwargs = any(p.kind == p.VAR_KEYWORD for p in params.values())
        consts = {} if takes_kwargs else \
            {k: kwargs.pop(k) for k in list(kwargs) if k not in params}
        try:
            bound = self.signature.bind_partial(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{self.__name__}(): {error}") from None
        bound.apply_defaults()
        values, runtime, key = {}, {}, []
        for name, value in bound.arguments.items():
            annotation = params[name].annotation if name in params else None
            if _is_tensor(value):
                arg = tensor_arg(name, value)
                values[name] = arg
                runtime[name] = value
                key.append((name, "tensor", arg.shape, arg.dtype))
            elif isinstance(annotation, DType) and annotation.mlir in ("f32", "f16", "bf16"):
                values[name] = value
                runtime[name] = value
                key.append((name, "scalar"))
            else:
                values[name] = value
                key.append((name, _key_of(value)))
        for name, value in sorted(consts.items()):
            key.append((name, "const", _key_of(value)))
        return EagerCall(values, consts), runtime, tuple(key)

    def _prepare(self, args, kwargs):
        """A call's EagerCall (None for a factory), its runtime values (None
        for a factory) and its cache key."""
        if self._settle_mode(args, dict(kwargs)) == "lazy":
            return None, None, (_key_of(args), _key_of(dict(kwargs)))
        return self._bind(args, dict(kwargs))

    def parse_cache_key(self, *args, **kwargs):
        """The key the kernel of these arguments is cached under."""
        return self._prepare(args, kwargs)[2]

    # -- compiling ------------------------------------------------------------

    def get_tir(self, *args, **kwargs):
        """The translated kernel (a PrimFunc) for these arguments."""
        if isinstance(self.func, (PrimFunc, str)):
            if args or kwargs:
                raise TypeError(f"{self.__name__}: a compiled kernel takes no "
                                "arguments to compile; call the kernel it returns")
            return self.func
        if self._settle_mode(args, dict(kwargs)) == "lazy":
            result = self.func(*args, **kwargs)
            if not isinstance(result, (PrimFunc, str)):
                raise TypeError(f"the factory {self.__name__} returned "
                                f"{type(result).__name__}, not a @T.prim_func kernel")
            return result
        return parse_prim_func(self.func, eager=self._bind(args, dict(kwargs))[0])

    def _compile(self, prim_func):
        from . import kernel
        return kernel.compile(prim_func, out_idx=self.out_idx, target=self.target,
                              pass_configs=self.pass_configs, **self.options)

    def _kernel(self, args, kwargs):
        """The cached or new kernel for these arguments, and the eager
        call's runtime values (None for a factory)."""
        call, runtime, key = self._prepare(args, kwargs)
        kernel = self._kernels.get(key)
        if kernel is None:
            # An eager call is translated from the binding it was keyed by.
            func = self.get_tir(*args, **kwargs) if call is None else \
                parse_prim_func(self.func, eager=call)
            kernel = self._compile(func)
            self._kernels[key] = kernel
        return kernel, runtime

    def compile(self, *args, **kwargs):
        """The compiled kernel for these arguments: a factory's arguments,
        or an eager kernel's tensors (or shape-only ``T.Tensor(shape, dtype)``) and
        constants; an eager kernel's shape constants can be given by name
        (``matmul.compile(M=1024, N=1024, K=1024, block_M=128, ...)``)."""
        return self._kernel(args, kwargs)[0]

    def get_kernel_source(self, *args, **kwargs):
        """The compute kernel's C++ for these arguments."""
        return self.compile(*args, **kwargs).get_kernel_source()

    def par_compile(self, configs, num_workers=None, ignore_error=False):
        """Compiles each configuration (a dict of keyword arguments or a tuple
        of positional ones), the C++ compiles in parallel on ``num_workers``
        threads (default: the machine's cores); returns the kernels, None
        for a configuration that failed when ``ignore_error``."""
        import concurrent.futures
        import os
        configs = list(configs)

        def one(config):
            if isinstance(config, dict):
                return self.compile(**config)
            if isinstance(config, tuple):
                return self.compile(*config)
            raise TypeError(f"a configuration is a dict or a tuple, got "
                            f"{type(config).__name__}")
        workers = max(1, min(len(configs), num_workers or os.cpu_count() or 1))
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            futures = [pool.submit(one, config) for config in configs]
        kernels = []
        for future in futures:
            try:
                kernels.append(future.result())
            except Exception as error:
                if not ignore_error:
                    raise
                warnings.warn(f"{self.__name__}: a configuration failed: {error}")
                kernels.append(None)
        return kernels

    # -- calling --------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        """A factory's kernel, or an eager kernel's run on these tensors
        (returning what the function returns)."""
        kernel, runtime = self._kernel(args, kwargs)
        if runtime is None:
            return kernel
        names = [p["name"] for _, p in kernel.caller_inputs()]
        missing = [n for n in names if n not in runtime]
        if missing:
            raise TypeError(f"{self.__name__}() needs the tensor '{missing[0]}' to run; "
                            f"use {self.__name__}.compile(...) to compile without "
                            "tensors")
        return kernel(*(runtime[n] for n in names))
