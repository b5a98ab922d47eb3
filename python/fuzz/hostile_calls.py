"""Hostile calls of a compiled kernel (issue 34), for the mutation fuzzer.

`check(kernel, rng)` calls a `tilt.Kernel` as a careless or hostile user
would and returns a list of findings (strings; empty when it behaved):

- a call with arrays of the right shapes and types runs, or fails with a
  TiltError located at a line of the kernel's file;
- the same values given non-contiguous, in Fortran order, as torch tensors
  (one requiring grad) or from two threads at once give the same bits;
- wrong argument counts, arrays of the wrong shape or of an element type
  Tilt does not convert (complex, object, datetime64, strings, masked
  arrays, ragged lists, values out of an integer type's range, torch's meta
  device) and outputs that cannot take the results (integer, read-only or
  broadcast arrays) are refused with TypeError, ValueError or IndexError
  naming the parameter, before anything is written;
- no message names an internal object.
"""

import threading

import numpy as np

_FLOATS = ("f32", "bf16", "f16")
_NUMPY = {"f32": np.float32, "bf16": np.float32, "f16": np.float16,
          "i32": np.int32, "i1": np.bool_, "i8": np.int8, "ui8": np.uint8}
_REFUSALS = (TypeError, ValueError, IndexError)


def _value(argument, shape, rng):
    """An array of `argument`'s type and `shape` with small values."""
    element = argument["dtype"]
    if element in _FLOATS:
        return rng.standard_normal(shape).astype(_NUMPY[element])
    if element == "i1":
        return rng.integers(0, 2, shape).astype(np.bool_)
    return rng.integers(0, 4, shape).astype(_NUMPY[element])


def _snapshot(result, arrays):
    """What a call produced: its returned arrays and the arrays it was
    given (written in place), as float64 NumPy copies."""
    if result is None:
        returned = []
    elif isinstance(result, tuple):
        returned = list(result)
    else:
        returned = [result]
    return [_plain(v) for v in returned + list(arrays)]


def _plain(value):
    if type(value).__module__.startswith("torch"):
        value = value.detach().float().numpy()
    return np.array(value, dtype=np.float64)


def _same(a, b):
    return len(a) == len(b) and all(
        x.shape == y.shape and np.array_equal(x, y, equal_nan=True)
        for x, y in zip(a, b))


class _Checker:
    def __init__(self, kernel, rng, path):
        self.kernel = kernel
        self.rng = rng
        self.path = path
        self.findings = []
        self.inputs = kernel.caller_inputs()

    def base(self):
        return [None if a["scalar"] else _value(a, self.kernel.user_shape(a), self.rng)
                for _, a in self.inputs]

    def scalars(self, arrays):
        return [1.5 if a["scalar"] else v for (_, a), v in zip(self.inputs, arrays)]

    def call(self, label, arrays):
        """Calls the kernel; returns ("ok", snapshot) or ("refused", error)
        or ("failed", error) for a located TiltError of the run; records a
        finding for anything else."""
        from tilt.ir import TiltError
        try:
            result = self.kernel(*arrays)
            return "ok", _snapshot(result, arrays)
        except TiltError as error:
            text = str(error)
            if self.path + ":" not in text:
                self.findings.append(f"{label}: unlocated TiltError: {text[:300]}")
            self.internal(label, text)
            return "failed", error
        except _REFUSALS as error:
            self.internal(label, str(error))
            return "refused", error
        except Exception as error:  # noqa: BLE001 -- any other is a finding
            self.findings.append(f"{label}: raw {type(error).__name__}: "
                                 f"{str(error)[:300]}")
            return "raw", error

    def internal(self, label, text):
        if " at 0x" in text or "tilt.language._" in text or \
                "incompatible function arguments" in text:
            self.findings.append(f"{label}: internal repr: {text[:300]}")

    def refused(self, label, arrays, name=None, unchanged=()):
        """A call that must be refused, naming `name` when given, without
        writing into the arrays in `unchanged`."""
        before = [np.array(a, copy=True) for a in unchanged]
        outcome, detail = self.call(label, arrays)
        if outcome == "ok":
            self.findings.append(f"{label}: accepted")
        elif outcome == "refused" and name is not None and f"'{name}'" not in str(detail):
            self.findings.append(f"{label}: the refusal does not name '{name}': "
                                 f"{str(detail)[:300]}")
        for old, new in zip(before, unchanged):
            if old.tobytes() != np.asarray(new).tobytes():
                self.findings.append(f"{label}: refused after writing into an array")

    def same(self, label, reference, arrays):
        outcome, detail = self.call(label, arrays)
        if outcome == "refused":
            self.findings.append(f"{label}: refused: {str(detail)[:300]}")
        elif outcome == "ok" and not _same(reference, detail):
            self.findings.append(f"{label}: different results")

    def run(self):
        base = self.scalars(self.base())
        outcome, reference = self.call("arrays of the right types", base)
        if outcome == "refused":
            self.findings.append(f"a correct call was refused: {str(reference)[:300]}")
            return self.findings
        count = len(base)
        copy = lambda: [np.array(v, copy=True) if isinstance(v, np.ndarray) else v  # noqa: E731
                        for v in base]
        if outcome == "ok":
            self.equivalent(copy, reference)
        self.refused("one array too many", copy() + [np.zeros(4, np.float32)])
        if count:
            self.refused("one array too few", copy()[:-1])
        arrays = [i for i, (_, a) in enumerate(self.inputs) if not a["scalar"]]
        if arrays:
            self.bad_inputs(copy, self.rng.choice(arrays))
        scalars = [i for i, (_, a) in enumerate(self.inputs) if a["scalar"]]
        if scalars:
            position = self.rng.choice(scalars)
            name = self.inputs[position][1]["name"]
            for label, value in (("a string", "1.0"), ("an array", np.ones(2)),
                                 ("a bool", True), ("a complex", 1j)):
                args = copy()
                args[position] = value
                self.refused(f"scalar '{name}' given {label}", args, name)
        self.bad_outputs()
        return self.findings

    def equivalent(self, copy, reference):
        """The same values in other layouts and containers give the same bits."""
        strided = []
        for value in copy():
            if isinstance(value, np.ndarray) and value.ndim:
                wide = np.repeat(value, 2, axis=-1)
                wide[..., 0::2] = value
                strided.append(wide[..., 0::2])
            else:
                strided.append(value)
        self.same("non-contiguous arrays", reference, strided)
        self.same("Fortran-order arrays", reference,
                  [np.asfortranarray(v) if isinstance(v, np.ndarray) else v
                   for v in copy()])
        import torch
        tensors = []
        for (_, argument), value in zip(self.inputs, copy()):
            if isinstance(value, np.ndarray):
                tensor = torch.from_numpy(value)
                if argument["dtype"] == "bf16":
                    tensor = tensor.to(torch.bfloat16)
                if tensor.is_floating_point() and argument["dtype"] != "bf16":
                    tensor.requires_grad_(True)
                value = tensor
            tensors.append(value)
        if not any(a["dtype"] == "bf16" for _, a in self.inputs):
            self.same("torch tensors", reference, tensors)
        results = [None, None]

        def worker(slot):
            results[slot] = self.call(f"thread {slot}", copy())

        threads = [threading.Thread(target=worker, args=(slot,)) for slot in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for slot, (outcome, detail) in enumerate(results):
            if outcome != "ok":
                self.findings.append(f"thread {slot}: {outcome}: {str(detail)[:300]}")
            elif not _same(reference, detail):
                self.findings.append(f"thread {slot}: different results")

    def bad_inputs(self, copy, position):
        """Values of position's parameter that must be refused."""
        argument = self.inputs[position][1]
        name, element = argument["name"], argument["dtype"]
        shape = self.kernel.user_shape(argument)
        size = int(np.prod(shape))
        bad = [
            ("complex", np.ones(shape, np.complex64)),
            ("object", np.full(shape, None, dtype=object)),
            ("datetime64", np.zeros(shape, "datetime64[D]")),
            ("strings", np.full(shape, "1")),
            ("None", None),
            ("a number", 1.0),
            ("another shape", np.ones(tuple(shape) + (2,), _NUMPY[element])),
            ("too few elements", np.ones(max(size - 1, 0), _NUMPY[element])),
            ("a masked array", np.ma.masked_array(np.ones(shape, _NUMPY[element]),
                                                  mask=np.ones(shape, bool))),
            ("a ragged list", [[1.0], [1.0, 2.0]]),
        ]
        if element in _FLOATS:
            bad.append(("integers", np.ones(shape, np.int32)))
        else:
            bad.append(("floats", np.ones(shape, np.float32)))
            if element != "i32":
                bad.append(("a value out of range", np.full(shape, 1000, np.int32)))
        import torch
        bad.append(("a meta tensor", torch.empty(shape, device="meta")))
        bad.append(("a complex tensor", torch.ones(shape, dtype=torch.complex64)))
        for label, value in bad:
            args = copy()
            args[position] = value
            self.refused(f"'{name}' given {label}", args, name,
                         [a for a in args if isinstance(a, np.ndarray) and a is not value])

    def bad_outputs(self):
        """Outputs passed (all parameters) that cannot take the results:
        refused when the kernel writes them (an output it never writes
        takes any array)."""
        kernel = self.kernel
        try:
            result, _ = kernel.run(*self.scalars(self.base()), random=False)
        except Exception:  # noqa: BLE001 -- the base call reported it already
            return
        written = {b["name"] for b in result.buffers if b["written"]}
        outputs = [i for i in kernel.out_idx if not kernel.arguments[i]["scalar"]
                   and kernel.arguments[i]["name"] in written]
        if not outputs:
            return
        index = self.rng.choice(outputs)
        argument = kernel.arguments[index]
        name = argument["name"]
        if argument["dtype"] not in _FLOATS:
            return
        shape = kernel.user_shape(argument)
        given = dict(zip([i for i, _ in self.inputs], self.scalars(self.base())))
        users = [i for i in range(len(kernel.arguments)) if i not in kernel.workspaces]
        for label, target in (
                ("an int32 output", np.zeros(shape, np.int32)),
                ("a float16 output", np.zeros(shape, np.float16)),
                ("a read-only output", _read_only(shape)),
                ("a broadcast output", np.broadcast_to(np.zeros(1, np.float32), shape))):
            args = [given.get(i, np.zeros(kernel.user_shape(kernel.arguments[i]),
                                          _NUMPY[kernel.arguments[i]["dtype"]]))
                    for i in users]
            args[users.index(index)] = target
            others = [a for a in args if isinstance(a, np.ndarray) and a is not target]
            self.refused(f"'{name}' given {label}", args, name, others)


def _read_only(shape):
    array = np.zeros(shape, np.float32)
    array.setflags(write=False)
    return array


def check(kernel, rng, path):
    """The findings of hostile calls of `kernel` (compiled from `path`)."""
    return _Checker(kernel, rng, path).run()
