"""``tilt.compile``: a TileLang kernel as a program that runs on the emulator.

    import tilt, tilt.language as T
    kernel = tilt.compile(matmul(1024, 1024, 1024, 128, 128, 32), out_idx=[2])
    c = kernel(a, b)          # NumPy in, NumPy out (the emulator runs it)
    print(kernel.check(a, b)) # compared with Tilt's reference interpreter
    print(kernel.source("compute"))

The kernel's tile IR is parsed and verified through the bindings
(``tilt.ir``), lowered, emitted and run by Tilt's driver library (the one
``tilt-run`` uses). Every error is a ``tilt.ir.TiltError`` located at the
kernel's Python line.
"""

import linecache
import numbers
import os
import re
import sys

import numpy as np

from . import ir
from ._tilt import run as _run
from .language import PrimFunc
from .language._values import _TORCH_DTYPES

__all__ = ["compile", "jit", "Kernel", "CheckResult", "Profile"]

# The NumPy type of each element type: bf16 has none, so bf16 tensors are
# float32 arrays whose values the run rounds to bf16.
_NUMPY = {"f32": np.float32, "bf16": np.float32, "f16": np.float16,
          "i32": np.int32, "i1": np.bool_, "i8": np.int8, "ui8": np.uint8}

# What a caller's array may hold for a parameter of each element type: the
# kinds of its element type (NumPy's: f float, i signed, u unsigned, b
# bool) the call converts without loss or by the documented rounding of
# floats to the parameter's type (docs/python.md, "The kernel object").
_READS = {"f32": "f", "bf16": "f", "f16": "f", "i32": "iub", "i1": "iub",
          "i8": "iub", "ui8": "iub"}
# The range of the integer element types.
_INT_RANGE = {"i32": (-2 ** 31, 2 ** 31 - 1), "i1": (0, 1), "i8": (-128, 127),
              "ui8": (0, 255)}


def _kind_of(value):
    """(kind, bytes, name) of an array's or tensor's element type: NumPy's
    kind letter, the element's size and how to name it; torch's bfloat16
    is a float of 2 bytes."""
    if _is_torch_tensor(value):
        name = str(value.dtype).replace("torch.", "")
        if name == "bfloat16":
            return "f", 2, "torch bfloat16"
        if name == "bool":
            return "b", 1, "torch bool"
        import torch
        try:
            info = torch.finfo(value.dtype)
            return ("c" if value.dtype.is_complex else "f"), info.bits // 8, \
                f"torch {name}"
        except TypeError:
            info = torch.iinfo(value.dtype)
            return ("i" if info.min < 0 else "u"), info.bits // 8, f"torch {name}"
    dtype = np.asarray(value).dtype
    return dtype.kind, dtype.itemsize, f"NumPy {dtype}"


def _holds(kind, size, torch_name, element):
    """Whether an array of (kind, size) holds every value of a parameter of
    `element` type exactly (an output written back into it)."""
    if element in ("f32", "bf16"):
        return kind == "f" and (size >= 4 or torch_name == "torch bfloat16" and
                                element == "bf16")
    if element == "f16":
        return kind == "f" and (size >= 4 or torch_name.endswith("float16"))
    if element == "i32":
        return kind == "i" and size >= 4
    if element == "i8":
        return kind == "i"
    if element == "ui8":
        return kind == "u" or (kind == "i" and size >= 2)
    return kind in "biu"


def _is_torch_tensor(value):
    """Whether `value` is a torch.Tensor, without importing torch."""
    return type(value).__module__.startswith("torch") and hasattr(value, "detach")


def _writable(target):
    """Whether the results can be written into `target` (a NumPy array or
    a torch tensor) element by element: not read-only, no two elements at
    one address (a broadcast or expanded view)."""
    if _is_torch_tensor(target):
        return target.device.type != "meta" and not any(
            stride == 0 and size > 1
            for stride, size in zip(target.stride(), target.shape))
    return target.flags.writeable and not any(
        stride == 0 and size > 1 for stride, size in zip(target.strides, target.shape))


def _from_torch(tensor):
    """A torch tensor's values as a contiguous NumPy array (its data, read
    as is: requires_grad, any strides, any device torch can copy to the
    CPU). bfloat16, which NumPy lacks, widens to float32 exactly."""
    tensor = tensor.detach().cpu()
    if str(tensor.dtype) == "torch.bfloat16":
        tensor = tensor.float()
    return tensor.contiguous().numpy()


def _source_line(file, line, col):
    """The Python line ``line`` of ``file`` with a caret under ``col``."""
    text = linecache.getline(file, line) if file and line else ""
    if not text.strip():
        return ""
    text = text.rstrip("\n")
    return f"\n{text}\n{' ' * max(col - 1, 0)}^"


class _Located:
    """A diagnostic moved to the Python line its tile IR line came from."""

    def __init__(self, diag, file, line, col):
        self.severity = diag.severity
        self.message = diag.message
        self.notes = list(diag.notes)
        self.file, self.line, self.col = file, line, col
        self.location = f"{file}:{line}:{col}"


_IR_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)\)\s*$')


def _from_tile_ir(diag, ir_text):
    """``diag`` at a line of the generated tile IR (a parse error: a size or
    a literal the IR cannot hold) moved to the Python line that IR line was
    written for, which it names at its end (`loc("kernel.py":12:9)`)."""
    if not (diag.file and diag.file.endswith(" (tile IR)") and diag.line):
        return diag
    lines = ir_text.splitlines()
    if not 0 < diag.line <= len(lines):
        return diag
    match = _IR_LOC.search(lines[diag.line - 1])
    if not match:
        return diag
    file = match.group(1).replace('\\"', '"').replace("\\\\", "\\")
    return _Located(diag, file, int(match.group(2)), int(match.group(3)))


def _at_python_lines(error, ir_text=None):
    """``error`` (a TiltError from the C++ side) with each diagnostic shown
    at the user's Python line: the line read from the Python file (the C++
    passes only see the tile IR), one message per line of Python (a
    T.Parallel body's ops all carry its line), and the pass manager's
    "pass ... failed" summary dropped when a located error says why. A
    parse error of the generated IR (``ir_text``) is shown at the Python
    line its IR line came from."""
    diagnostics = list(getattr(error, "diagnostics", ()))
    if ir_text is not None:
        diagnostics = [_from_tile_ir(d, ir_text) for d in diagnostics]
    located = [d for d in diagnostics if d.file and d.line]
    if not located:
        return error
    kept, seen = [], set()
    for diag in located:
        key = (diag.file, diag.line, diag.message)
        if key not in seen:
            seen.add(key)
            kept.append(diag)

    def show(diag):
        severity = str(diag.severity).rsplit(".", 1)[-1].lower()
        text = f"{diag.file}:{diag.line}:{diag.col}: {severity}: {diag.message}"
        text += _source_line(diag.file, diag.line, diag.col)
        for note in diag.notes:
            text += "\n" + show(note)
        return text
    head = str(error).split(":\n", 1)[0]
    result = ir.TiltError(head + ":\n" + "\n".join(show(d) for d in kept))
    result.diagnostics = diagnostics
    return result


# TileLang target names and Tilt's architectures.
_TARGETS = {"wormhole_b0": "wormhole_b0", "wormhole": "wormhole_b0",
            "blackhole": "blackhole", "grayskull": "grayskull",
            "tenstorrent": "", "auto": ""}


def _grid_text(grid):
    if grid is None:
        return ""
    if isinstance(grid, str):
        return grid
    try:
        cols, rows = grid
    except (TypeError, ValueError):
        raise ValueError(f"grid must be 'CxR' or (cols, rows), got {grid!r}") from None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0
               for v in (cols, rows)):
        raise ValueError(f"grid must be 'CxR' or (cols, rows) of positive integers, "
                         f"got {grid!r}")
    return f"{cols}x{rows}"


def _check_options(board, math_fidelity, flags, work_dir, timeout):
    """Refuses compile options of the wrong type with a message naming the
    option, before they reach the bindings."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{name} is True or False, got {value!r}")
    if board is not None and not isinstance(board, str):
        raise TypeError(f"board is a board's name (n150, p150, ...), got {board!r}")
    if not isinstance(math_fidelity, str):
        raise TypeError("math_fidelity is 'LoFi', 'HiFi2', 'HiFi3' or 'HiFi4', got "
                        f"{math_fidelity!r}")
    if work_dir is not None and not isinstance(work_dir, (str, os.PathLike)):
        raise TypeError(f"work_dir is a directory's path, got {work_dir!r}")
    if timeout is not None and (isinstance(timeout, bool) or
                                not isinstance(timeout, numbers.Real) or timeout < 0):
        raise ValueError(f"timeout is a number of seconds, at least 0, got {timeout!r}")


def compile(func, out_idx=None, target="wormhole_b0", grid=None, board=None,
            math_fidelity="HiFi4", fuse=True, coarsen=True, multicast=True,
            spread=True, work_dir=None, timeout=None, pass_configs=None,
            allow_tf32=None):  # noqa: A001 -- TileLang's name
    """Compiles a ``@T.prim_func`` kernel (or tile IR text) for Tenstorrent.

    ``out_idx``: the parameters (indices, negative from the end) the
    kernel allocates and returns, as TileLang's; ``target``: the
    architecture (``wormhole_b0``, ``blackhole``, ``grayskull``);
    ``grid``: the cores to use (``"8x8"`` or ``(8, 8)``; default: the
    board's whole grid); ``board``: ``n150``, ``p150``, ...;
    ``allow_tf32`` (or ``pass_configs={"tilt.allow_tf32": True}``): f32
    add, sub and mul on the FPU with TF32 operands instead of exactly on
    the SFPU; ``pass_configs={"tilt.storage_formats": {"B": "bfp8_b"}}``:
    the tensor ``B`` stored in DRAM as block floats (weights that
    ``T.gemm`` multiplies; docs/python.md); ``spread=False``: each slice's split (split-K's
    ``T.atomic_add``) runs on one core instead of the cores the other
    blocks leave idle. The other options are tilt-run's
    (docs/tilt-run.md)."""
    from ._jit import check_pass_configs, storage_formats_of
    if allow_tf32 is None:
        allow_tf32 = check_pass_configs(pass_configs)
    return Kernel(func, out_idx=out_idx, target=target, grid=grid, board=board,
                  math_fidelity=math_fidelity, fuse=fuse, coarsen=coarsen,
                  multicast=multicast, spread=spread, work_dir=work_dir,
                  timeout=timeout, allow_tf32=allow_tf32,
                  storage_formats=storage_formats_of(pass_configs))


def jit(func=None, *, out_idx=None, target="wormhole_b0", pass_configs=None,
        **options):
    """TileLang's ``@tilelang.jit``, in both of its styles (``tilt._jit``):
    a factory of ``@T.prim_func`` kernels (calling it returns the compiled
    kernel) or an eager kernel (calling it with tensors compiles for their
    shapes and runs). ``pass_configs``: TileLang's GPU switches have no
    effect; ``tilt.allow_tf32`` is ``compile``'s ``allow_tf32``."""
    from ._jit import JITImpl

    def decorate(fn):
        return JITImpl(fn, out_idx=out_idx, target=target,
                       pass_configs=pass_configs, **options)
    return decorate(func) if func is not None else decorate


# The lists tilt.profiler.do_bench collects the predicted times of the runs
# of its function in.
_RECORDERS = []


def _predicted_seconds(profile_json):
    """The predicted device time of a run, from its profile's JSON."""
    import json
    profile = json.loads(profile_json)
    steps = profile if isinstance(profile, list) else [profile]
    return sum(step["seconds"] for step in steps)


class CheckResult:
    """The comparison of a run with the reference: ``ok``, ``outputs``
    (name -> {"ok", "device", "reference"}) and ``report`` (tilt-run's text)."""

    def __init__(self, run):
        self.ok = run.verdict == "ok"
        self.verdict = run.verdict
        self.report = run.report
        self.outputs = {b["name"]: b for b in run.buffers if b["written"]}

    def __bool__(self):
        return self.ok

    def __str__(self):
        return self.report

    def __repr__(self):
        return f"<CheckResult {self.verdict}>"


class Profile:
    """The timing model's prediction of a run (docs/timing-model.md):
    ``report`` (tilt-run --profile's text) and ``json`` (its numbers)."""

    def __init__(self, run):
        self.report = run.profile
        self.json = run.profile_json

    def __str__(self):
        return self.report


class Kernel:
    """A compiled kernel: call it with NumPy arrays to run it on the emulator."""

    def __init__(self, func, out_idx=None, target="wormhole_b0", grid=None,
                 board=None, math_fidelity="HiFi4", fuse=True, coarsen=True,
                 multicast=True, spread=True, work_dir=None, timeout=None,
                 allow_tf32=False, storage_formats=None):
        if isinstance(func, PrimFunc):
            text, source, self.params = func.text, func.filename, func.params
        elif isinstance(func, str):
            text, source, self.params = func, "<tile IR>", None
        else:
            raise TypeError("tilt.compile takes a @T.prim_func kernel or tile IR "
                            f"text, got {type(func).__name__}")
        if target is not None and (not isinstance(target, str) or
                                   target not in _TARGETS):
            raise ValueError(f"unknown target {target!r}: expected one of "
                             f"{', '.join(sorted(_TARGETS))}")
        _check_options(board, math_fidelity,
                       {"fuse": fuse, "coarsen": coarsen, "multicast": multicast,
                        "spread": spread}, work_dir, timeout)
        if work_dir is not None:
            work_dir = os.fspath(work_dir)
        self.func = func
        self.work_dir = work_dir
        self.timeout = timeout
        self.context = ir.Context()
        # The module as the frontend wrote it, with its Python locations.
        # Its text is not the Python file: named apart, the diagnostics
        # printed for it (remarks, warnings) show the Python file's lines.
        buffer_name = source if isinstance(func, str) else source + " (tile IR)"
        try:
            self.module = ir.Module.parse(text, context=self.context,
                                          source_name=buffer_name)
            self.program = _run.compile(
                self.module, grid=_grid_text(grid),
                arch=_TARGETS.get(target or "", ""), board=board or "",
                math_fidelity=math_fidelity, fuse=fuse, coarsen=coarsen,
                multicast=multicast, spread=spread, allow_tf32=bool(allow_tf32),
                source_name=source, storage_formats=storage_formats or {})
        except ir.TiltError as error:
            if isinstance(func, str):
                raise
            raise _at_python_lines(error, text) from None
        # The frontend's remarks, as the compiler's are printed.
        for file, line, col, message in getattr(func, "remarks", ()):
            sys.stderr.write(f"{file}:{line}:{col}: remark: {message}\n")
        self.arguments = self.program.arguments
        # T.alloc_global workspaces: the last parameters, which each run
        # allocates (zeros) and the caller neither passes nor gets back.
        self.workspaces = [i for i, p in enumerate(self.params or ())
                           if p.get("workspace")]
        # Tensors the program reads through a T.Tensor view of their data:
        # the shape the caller passes, by name (the program's shape is the
        # view's).
        self._user_shapes = {p["name"]: tuple(p["user_shape"])
                             for p in self.params or () if "user_shape" in p}
        # An eager kernel's outputs are its T.empty tensors; it returns
        # those its function returns.
        eager = isinstance(func, PrimFunc) and func.out_idx is not None
        self.out_idx = self._outputs(func.out_idx if eager and out_idx is None
                                     else out_idx)
        self.returns = func.returns if eager else self.out_idx
        self.returns_tuple = func.returns_tuple if eager else len(self.out_idx) > 1

    # -- what was generated ------------------------------------------------

    @property
    def tile_ir(self):
        """The kernel's tile IR (custom form, as tilt-opt prints it)."""
        return str(self.module)

    @property
    def tt_ir(self):
        """The lowered program (the tt dialect)."""
        return self.program.lowered_asm()

    @property
    def pipeline(self):
        """The pass pipeline that lowered the kernel."""
        return self.program.pipeline

    @property
    def files(self):
        """The generated files, by name: ``<kernel>.cpp``, the host program
        (``main.cpp``, and ``host_io.hpp`` and ``host_io.cpp``, which every
        host program shares), ``plan.json`` (with several ``tile.kernel``
        ops, under a directory per program: ``f/main.cpp``, ``f_1/main.cpp``)."""
        return dict(self.program.files)

    def source(self, kind="compute"):
        """A generated file's text: ``reader``, ``compute``, ``writer`` (the
        kernel whose name contains it), ``host`` (main.cpp), ``plan``, or a
        file name."""
        files = self.files
        if kind in files:
            return files[kind]
        if kind == "host":
            return files["main.cpp"]
        if kind == "plan":
            return files["plan.json"]
        host = ("main.cpp", "host_io.cpp")
        matches = [name for name in files if kind in name and name.endswith(".cpp")
                   and name.rsplit("/", 1)[-1] not in host]
        if len(matches) != 1:
            raise KeyError(f"no single generated file for '{kind}': "
                           f"{', '.join(sorted(files))}")
        return files[matches[0]]

    get_kernel_source = source  # TileLang's name

    def save(self, directory):
        """Writes the generated files into ``directory`` (created if missing)."""
        os.makedirs(directory, exist_ok=True)
        for name, text in self.program.files:
            path = os.path.join(directory, name)
            # A function of several kernels has a directory per program.
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as file:
                file.write(text)
        return directory

    # -- running -----------------------------------------------------------

    def caller_inputs(self):
        """The parameters a caller passes, as (index, argument): all but
        the ``out_idx`` outputs and the T.alloc_global workspaces."""
        return [(i, a) for i, a in enumerate(self.arguments)
                if i not in self.out_idx and i not in self.workspaces]

    def _user_count(self):
        """The parameters a caller sees: all but the workspaces."""
        return len(self.arguments) - len(self.workspaces)

    def _outputs(self, out_idx):
        count = self._user_count()
        if out_idx is None:
            return []
        if isinstance(out_idx, int) and not isinstance(out_idx, bool):
            out_idx = [out_idx]
        if not isinstance(out_idx, (list, tuple)) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in out_idx):
            raise TypeError("out_idx is a parameter index or a list of them, got "
                            f"{out_idx!r}")
        result = []
        for index in out_idx:
            if not -count <= index < count:
                raise IndexError(f"out_idx {index} is not a parameter of a kernel "
                                 f"with {count}")
            index %= count
            if self.arguments[index]["scalar"]:
                raise ValueError(f"out_idx {index} is the scalar "
                                 f"'{self.arguments[index]['name']}'")
            if index in result:
                raise ValueError(f"out_idx names the parameter "
                                 f"'{self.arguments[index]['name']}' twice")
            result.append(index)
        return result

    def _inputs(self, arrays):
        """The run's inputs from the call's arrays: all parameters, or all
        but the ``out_idx`` ones."""
        count = self._user_count()
        given = list(range(count))
        if len(arrays) == count - len(self.out_idx):
            given = [i for i in range(count) if i not in self.out_idx]
        elif len(arrays) != count:
            raise TypeError(f"the kernel takes {count - len(self.out_idx)} arrays "
                            f"({', '.join(self._names(False))}), got {len(arrays)}")
        inputs, scalars, targets = {}, {}, {}
        for index, value in zip(given, arrays):
            argument = self.arguments[index]
            name = argument["name"]
            if argument["scalar"]:
                if isinstance(value, (bool, np.bool_)) or \
                        not isinstance(value, numbers.Real):
                    raise TypeError(f"'{name}' is a scalar parameter: it takes a "
                                    f"real number, got {type(value).__name__}")
                scalars[name] = float(value)
                continue
            element = argument["dtype"]
            if isinstance(value, np.ma.MaskedArray):
                raise TypeError(f"'{name}' is given a masked array, whose masked "
                                "elements have no values for the kernel: fill "
                                "them first (numpy.ma.filled)")
            given_value = value
            try:
                if not _is_torch_tensor(value):
                    value = np.asarray(value)
                kind, _, what = _kind_of(value)
            except (TypeError, ValueError) as error:
                raise TypeError(f"'{name}' is given {type(value).__name__} "
                                f"that is not an array: {error}") from None
            if kind not in _READS.get(element, "f"):
                raise TypeError(f"'{name}' is a {_TORCH_DTYPES.get(element, element)} "
                                f"parameter, given a {what} array: Tilt converts "
                                "floats to float parameters and integers or bools "
                                "to integer ones, and refuses other conversions "
                                "(they would lose values); convert it first")
            try:
                array = _from_torch(value) if _is_torch_tensor(value) else value
            except (RuntimeError, NotImplementedError) as error:
                raise TypeError(f"'{name}' is a tensor whose data Tilt cannot read "
                                f"on the CPU: {error}") from None
            if kind in "iub" and element in _INT_RANGE and array.size:
                low, high = _INT_RANGE[element]
                wide = array.astype(np.int64)
                if wide.min() < low or wide.max() > high:
                    raise ValueError(f"'{name}' holds a value outside the "
                                     f"{_TORCH_DTYPES.get(element, element)} range "
                                     f"[{low}, {high}]")
            shape = tuple(argument["shape"])
            user = self.user_shape(argument)
            if array.shape == user:
                # A T.Tensor view: the same elements in C order.
                array = np.ascontiguousarray(array).reshape(shape)
            elif array.shape != shape:
                raise ValueError(f"'{name}' must have shape {user}, got {array.shape}")
            if argument["dtype"] == "i32" and array.size and \
                    np.abs(array.astype(np.int64)).max() > 2 ** 24:
                # The run carries values as float32, exact for |v| <= 2**24.
                raise ValueError(f"'{name}' holds an int32 value beyond 2**24, "
                                 "which Tilt's emulator cannot carry exactly yet")
            inputs[name] = np.ascontiguousarray(array, dtype=np.float32)
            if isinstance(given_value, np.ndarray) or _is_torch_tensor(given_value):
                targets[name] = given_value
        return inputs, scalars, targets

    def user_shape(self, argument):
        """The shape of the array a caller passes for ``argument`` (one of
        ``arguments``): its own, or the tensor's shape when the program
        reads it through a T.Tensor view of another shape."""
        return self._user_shapes.get(argument["name"], tuple(argument["shape"]))

    def _names(self, outputs):
        return [a["name"] for i, a in enumerate(self.arguments)
                if (i in self.out_idx) == outputs and i not in self.workspaces]

    def run(self, *arrays, check=False, profile=False, seed=1, random=True):
        """Runs the kernel and returns the driver's result (see __call__):
        on random inputs when no arrays are given and ``random``."""
        given = bool(arrays) or not random
        inputs, scalars, targets = self._inputs(arrays) if given else ({}, {}, {})
        # Outputs the caller did not pass start as zeros, as TileLang allocates them.
        for index in self.out_idx + self.workspaces:
            argument = self.arguments[index]
            if argument["name"] not in inputs and given:
                inputs[argument["name"]] = np.zeros(argument["shape"], np.float32)
        # A run that fails on the emulator raises TiltError, located at the
        # kernel's `with T.Kernel` line.
        try:
            result = self.program.run(inputs, scalars, seed=seed,
                                      work_dir=self.work_dir or "",
                                      timeout=self.timeout or 0, profile=profile,
                                      check_reference=check)
        except ir.TiltError as error:
            if isinstance(self.func, str):
                raise
            raise _at_python_lines(error) from None
        return result, targets

    def __call__(self, *arrays):
        """Runs the kernel on the emulator with NumPy arrays or torch
        tensors. Arrays the kernel writes are written back into the arrays
        or tensors passed; the ``out_idx`` parameters are returned (one
        array, or a tuple): torch tensors of the parameters' dtypes when
        the call passed torch tensors, else NumPy arrays."""
        # A call runs on the caller's arrays only: no arrays is a call of a
        # kernel without inputs (its outputs start as zeros), never one on
        # random inputs (check() and profile() take those).
        if _RECORDERS:
            # Inside tilt.profiler.do_bench: the run is also timed by the model.
            result, targets = self.run(*arrays, profile=True, random=False)
            seconds = _predicted_seconds(result.profile_json)
            for recorder in _RECORDERS:
                recorder.append(seconds)
            return self._outputs_of(result, targets, arrays)
        result, targets = self.run(*arrays, random=False)
        return self._outputs_of(result, targets, arrays)

    def _outputs_of(self, result, targets, arrays):
        """The call's return value from a run's result."""
        torch = None
        if any(_is_torch_tensor(value) for value in arrays):
            import torch
        outputs, writes = {}, []
        for buffer in result.buffers:
            argument = next(a for a in self.arguments if a["name"] == buffer["name"])
            device = buffer["device"].astype(_NUMPY.get(argument["dtype"], np.float32))
            device = device.reshape(self.user_shape(argument))
            if torch is not None:
                # bf16 is torch's bfloat16: the device's values are bf16
                # numbers, so the conversion from float32 is exact.
                device = torch.from_numpy(np.ascontiguousarray(device)).to(
                    getattr(torch, _TORCH_DTYPES.get(argument["dtype"], "float32")))
            outputs[buffer["name"]] = device
            if buffer["written"] and buffer["name"] in targets:
                target = targets[buffer["name"]]
                kind, size, what = _kind_of(target)
                if not _holds(kind, size, what, argument["dtype"]):
                    raise TypeError(
                        f"'{buffer['name']}' is written by the kernel as "
                        f"{_TORCH_DTYPES.get(argument['dtype'], argument['dtype'])} "
                        f"values, which the {what} array passed for it cannot hold "
                        "exactly: pass an array of that type (or a wider one)")
                if not _writable(target):
                    raise ValueError(
                        f"'{buffer['name']}' is written by the kernel, but the "
                        "array passed for it cannot be written (read-only, or a "
                        "broadcast view whose elements share memory): pass a "
                        "writable array")
                writes.append((target, device))
        # Every target was checked before any is written: a refused call
        # leaves the caller's arrays as they were.
        for target, device in writes:
            if _is_torch_tensor(target):
                with torch.no_grad():
                    target.copy_(device)
            else:
                np.copyto(target, np.asarray(device), casting="unsafe")
        returned = [outputs[self.arguments[i]["name"]] for i in self.returns]
        if not returned:
            return None
        return tuple(returned) if self.returns_tuple else returned[0]

    def get_profiler(self, tensor_supply_type=None):
        """TileLang's profiler of this kernel (``tilt.profiler.Profiler``):
        inputs of ``tensor_supply_type`` (``tilt.utils.TensorSupplyType``,
        default ``Auto``), ``run_once``, ``assert_allclose`` against a
        reference program, and ``do_bench``, the timing model's predicted
        device time in ms."""
        from .profiler import Profiler
        from .utils.tensor import TensorSupplyType
        return Profiler(self, tensor_supply_type or TensorSupplyType.Auto)

    def check(self, *arrays, seed=1):
        """Runs the kernel (on ``arrays``, or random inputs) and compares
        every output with Tilt's reference interpreter of the tile program,
        each element within the error budget of the program's precision."""
        result, _ = self.run(*arrays, check=True, seed=seed)
        return CheckResult(result)

    def profile(self, *arrays, seed=1):
        """Runs the kernel and returns the timing model's prediction."""
        result, _ = self.run(*arrays, profile=True, seed=seed)
        return Profile(result)
