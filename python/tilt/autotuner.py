"""``tilt.autotuner``: TileLang's autotuner (``autotune``, ``AutoTuner``),
tuning for a Tenstorrent card without the card.

Each configuration is translated to tile IR here (cheap, and the only
step that needs the user's Python), then compiled and timed in parallel
by workers that receive only the translated kernel: a process pool by
default, or any ``concurrent.futures.Executor`` (a ``dask.distributed``
``Client`` works unchanged). A worker compiles the kernel, runs it once on
the emulator and returns the **timing model's predicted device time**
(docs/timing-model.md); a configuration that fails to compile or run is
skipped with its error recorded. Configurations are ranked by predicted
time, the best one is checked against the reference program (or, without
one, against Tilt's reference interpreter) and the result is cached on
disk, keyed by the kernel's source, its arguments and shapes, the
configurations and the compile options.

    @autotune(configs=[{"block_M": 64}, {"block_M": 128}], warmup=3, rep=20)
    @tilt.jit(out_idx=[-1])
    def matmul(M, N, K, block_M=128): ...

    kernel = matmul(1024, 1024, 1024)   # tunes; kernel.config, kernel.latency
"""

import concurrent.futures
import concurrent.futures.process
import hashlib
import inspect
import io
import json
import multiprocessing
import os
import pathlib
import sys
import threading
import time
import warnings

__all__ = ["autotune", "AutoTuner", "AutotuneResult", "TuneRecord",
           "set_autotune_inputs"]

_CAPTURED = threading.local()


def _captured_inputs():
    """The inputs of the innermost ``with set_autotune_inputs(...)`` of this
    thread, or None."""
    stack = getattr(_CAPTURED, "stack", None)
    return stack[-1] if stack else None


class _InputsCapture:
    def __init__(self, tensors):
        self.tensors = tensors

    def __enter__(self):
        if not hasattr(_CAPTURED, "stack"):
            _CAPTURED.stack = []
        _CAPTURED.stack.append(self.tensors)
        return self

    def __exit__(self, *exc):
        _CAPTURED.stack.pop()
        return False


def set_autotune_inputs(*args):
    """TileLang's ``with set_autotune_inputs(q, k, v, cu_seqlens, ...)``: the
    kernels tuned inside the block are timed and checked on these inputs
    (the caller's parameters, in order; one list or tuple of them works
    too) instead of supplied ones, as a kernel whose work depends on its
    data (varlen's ``cu_seqlens``) needs."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    return _InputsCapture(list(args))


class AutotuneResult:
    """TileLang's result of a search: ``latency`` (the best predicted time,
    ms), ``config``, ``ref_latency`` (None: a reference program cannot be
    timed on the card's model), ``libcode`` (the compute kernel's C++),
    ``func`` (the translated kernel), ``kernel``; Tilt adds ``records`` (a
    TuneRecord per configuration) and ``seconds`` (the search's wall time)."""

    def __init__(self, latency=None, config=None, ref_latency=None, libcode=None,
                 func=None, kernel=None, records=(), seconds=0.0, cached=False):
        self.latency = latency
        self.config = config
        self.ref_latency = ref_latency
        self.libcode = libcode
        self.func = func
        self.kernel = kernel
        self.records = list(records)
        self.seconds = seconds
        self.cached = cached

    def __repr__(self):
        return (f"AutotuneResult(latency={self.latency!r} ms predicted, "
                f"config={self.config!r})")


class TuneRecord:
    """One configuration's outcome: ``config``, ``latency`` (predicted ms,
    None when it failed), ``error`` (why it failed), ``compile_seconds`` and
    ``run_seconds`` (the worker's host times)."""

    def __init__(self, config, latency=None, error=None, compile_seconds=0.0,
                 run_seconds=0.0):
        self.config = config
        self.latency = latency
        self.error = error
        self.compile_seconds = compile_seconds
        self.run_seconds = run_seconds

    def as_json(self):
        return dict(vars(self))

    def __repr__(self):
        state = f"{self.latency:.6f} ms" if self.latency is not None else self.error
        return f"TuneRecord({self.config!r}: {state})"


def _measure(job):
    """A worker's job: compile one translated kernel and predict its time.
    Takes and returns plain data, so that any executor can carry it."""
    prim_func, options, supply_type, seed, inputs = job
    from . import kernel as _kernel
    from .profiler import Profiler
    start = time.perf_counter()
    # The compiler's remarks (which cores a kernel runs on) are not news
    # for every configuration of a search.
    quiet, sys.stderr = sys.stderr, io.StringIO()
    try:
        compiled = _kernel.compile(prim_func, **options)
    except Exception as error:  # the configuration is skipped, with why
        return {"error": f"{type(error).__name__}: {error}",
                "compile_seconds": time.perf_counter() - start}
    finally:
        sys.stderr = quiet
    compiled_at = time.perf_counter()
    try:
        profiler = Profiler(compiled, supply_type, seed=seed, use_torch=False)
        latency = profiler.do_bench(input_tensors=inputs)
    except Exception as error:
        return {"error": f"{type(error).__name__}: {error}",
                "compile_seconds": compiled_at - start,
                "run_seconds": time.perf_counter() - compiled_at}
    return {"latency": latency, "compile_seconds": compiled_at - start,
            "run_seconds": time.perf_counter() - compiled_at}


def _to_numpy(value):
    """A captured input as plain data (a torch tensor as a NumPy array;
    bf16, which NumPy lacks, as float32, exact)."""
    if type(value).__module__.startswith("torch"):
        import torch
        if value.dtype == torch.bfloat16:
            value = value.float()
        return value.detach().cpu().numpy()
    return value


def _default_executor(workers):
    """A pool of `workers` processes (spawned: they import Tilt afresh and
    receive only translated kernels), or of threads when this machine
    cannot start one (no POSIX semaphores): the C++ compile and the
    emulator's run release the GIL, so threads run them in parallel too."""
    try:
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    except (OSError, ImportError, NotImplementedError) as error:
        warnings.warn(f"tilt.autotuner: no process pool here ({error}); measuring "
                      "the configurations on threads")
        return concurrent.futures.ThreadPoolExecutor(workers)


class _Progress:
    """A progress bar on a terminal; silent when stderr is not one (CI)."""

    def __init__(self, total, label):
        self.total = total
        self.label = label
        self.done = 0
        self.enabled = sys.stderr.isatty() and not os.environ.get("CI")

    def step(self):
        self.done += 1
        if self.enabled:
            width = 30
            filled = width * self.done // max(self.total, 1)
            sys.stderr.write(f"\r{self.label}: [{'#' * filled}{'.' * (width - filled)}]"
                             f" {self.done}/{self.total}")
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _cache_dir():
    """$TILT_AUTOTUNE_DIR, else the autotuner/ directory of Tilt's cache
    (where the emulator keeps its compiled programs: $TILT_CACHE_DIR,
    $XDG_CACHE_HOME/tilt or ~/.cache/tilt)."""
    if os.environ.get("TILT_AUTOTUNE_DIR"):
        return pathlib.Path(os.environ["TILT_AUTOTUNE_DIR"])
    root = os.environ.get("TILT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tilt")
    return pathlib.Path(root) / "autotuner"


def _compiler_stamp():
    """What identifies the compiler that timed a configuration: the
    extension module's size and modification time."""
    from . import _tilt
    try:
        stat = os.stat(_tilt.__file__)
        return f"{stat.st_size}:{int(stat.st_mtime)}"
    except (OSError, AttributeError):
        return "unknown"


def _describe(value):
    """A stable text of a call's argument for the cache key: tensors by
    shape and dtype, everything else by repr."""
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        return f"tensor{tuple(shape)}:{value.dtype}"
    if isinstance(value, (list, tuple)):
        return "(" + ",".join(_describe(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}={_describe(v)}" for k, v in sorted(value.items())) + "}"
    if callable(value):
        return f"callable:{getattr(value, '__qualname__', type(value).__name__)}"
    return repr(value)


class _Param:
    """A kernel parameter as TileLang's ``supply_prog`` sees it."""

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype


class AutoTuner:
    """TileLang's AutoTuner: ``AutoTuner.from_kernel(kernel=fn,
    configs=...).set_compile_args(...).set_profile_args(...).run()``.
    ``fn`` is a factory of ``@T.prim_func`` kernels (or a ``@tilt.jit``
    function) that takes each configuration's entries as keyword
    arguments."""

    def __init__(self, fn, configs):
        self.fn = fn
        self.configs = configs
        self.args = ()
        self.kwargs = {}
        self.compile_args = {"out_idx": None, "target": "wormhole_b0",
                             "pass_configs": None}
        self.profile_args = {"supply_type": None, "ref_prog": None,
                             "supply_prog": None, "rtol": 1e-2, "atol": 1e-2,
                             "max_mismatched_ratio": 0.01, "skip_check": False,
                             "manual_check_prog": None}
        self.executor = None
        self.use_cache = os.environ.get("TILT_AUTOTUNE_CACHE", "1") != "0"

    @classmethod
    def from_kernel(cls, kernel, configs):
        return cls(kernel, configs)

    def set_compile_args(self, out_idx=None, target="auto", execution_backend=None,
                         target_host=None, verbose=None, pass_configs=None,
                         **options):
        """The compile options (``tilt.compile``'s); TileLang's execution
        backend, host target and verbosity have no meaning here."""
        from ._jit import check_pass_configs
        check_pass_configs(pass_configs)
        target = "wormhole_b0" if target in (None, "auto", "tenstorrent") else target
        self.compile_args = {"out_idx": out_idx, "target": target,
                             "pass_configs": pass_configs, **options}
        return self

    def set_profile_args(self, warmup=25, rep=100, timeout=30, supply_type=None,
                         ref_prog=None, supply_prog=None, rtol=1e-2, atol=1e-2,
                         max_mismatched_ratio=0.01, skip_check=False,
                         manual_check_prog=None, cache_input_tensors=False,
                         backend="event"):
        """How the best configuration is checked (``supply_prog`` makes its
        inputs). ``warmup``, ``rep`` and ``backend`` time a GPU; here the
        time is the model's prediction, which does not depend on the inputs;
        ``cache_input_tensors`` has nothing to cache."""
        self.profile_args = {"supply_type": supply_type, "ref_prog": ref_prog,
                             "supply_prog": supply_prog, "rtol": rtol, "atol": atol,
                             "max_mismatched_ratio": max_mismatched_ratio,
                             "skip_check": skip_check,
                             "manual_check_prog": manual_check_prog}
        self.timeout = timeout
        return self

    def set_kernel_parameters(self, args, kwargs):
        """The call's own arguments, which every configuration adds to."""
        self.args = tuple(args)
        self.kwargs = dict(kwargs)
        return self

    def set_executor(self, executor):
        """Where the configurations are compiled and timed: any
        ``concurrent.futures.Executor`` or a ``dask.distributed.Client``."""
        self.executor = executor
        return self

    # -- the search ------------------------------------------------------------

    def _configs(self):
        configs = self.configs
        if callable(configs):
            configs = configs(*self.args, **self.kwargs)
        configs = list(configs)
        if not configs:
            raise ValueError("the autotuner has no configurations to try")
        for config in configs:
            if not isinstance(config, dict):
                raise TypeError(f"a configuration is a dict of keyword arguments, got "
                                f"{type(config).__name__}")
        return configs

    def _translate(self, config):
        """The translated kernel (PrimFunc) of one configuration."""
        from ._jit import JITImpl
        kwargs = {**self.kwargs, **config}
        if isinstance(self.fn, JITImpl):
            return self.fn.get_tir(*self.args, **kwargs)
        return self.fn(*self.args, **kwargs)

    def _options(self):
        from ._jit import JITImpl
        options = dict(self.compile_args)
        if isinstance(self.fn, JITImpl):
            options = {"out_idx": self.fn.out_idx, "target": self.fn.target,
                       "pass_configs": self.fn.pass_configs, **self.fn.options}
        options["target"] = "wormhole_b0" if options.get("target") in (
            None, "auto", "tenstorrent") else options["target"]
        if getattr(self, "timeout", None):
            options["timeout"] = self.timeout
        return options

    def _key(self, configs, options):
        fn = getattr(self.fn, "func", self.fn)
        try:
            source = inspect.getsource(fn)
        except (OSError, TypeError):
            source = getattr(fn, "__qualname__", repr(fn))
        text = json.dumps({"source": source, "args": _describe(self.args),
                           "kwargs": _describe(self.kwargs),
                           "configs": _describe(configs),
                           "options": _describe(options),
                           "compiler": _compiler_stamp()}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    def _inputs(self, kernel):
        """The check's inputs: ``supply_prog``'s (TileLang's: called with the
        kernel's input parameters, each with ``shape`` and a torch
        ``dtype``) or the supply type's."""
        from .profiler import Profiler
        from .utils.tensor import TensorSupplyType
        profile = self.profile_args
        captured = _captured_inputs()
        if captured is not None:
            if profile["supply_prog"] is not None:
                warnings.warn("tilt.autotuner: supply_prog is ignored inside "
                              "`with set_autotune_inputs(...)`", stacklevel=3)
            return list(captured)
        if profile["supply_prog"] is None:
            profiler = Profiler(kernel, profile["supply_type"] or TensorSupplyType.Auto)
            return profiler._make_inputs()
        import torch
        from .language._values import _TORCH_DTYPES
        params = [_Param(tuple(a["shape"]), getattr(torch, _TORCH_DTYPES[a["dtype"]]))
                  for _, a in kernel.caller_inputs()]
        return list(profile["supply_prog"](params))

    def _check(self, kernel):
        """Raises AssertionError when the kernel does not match its reference."""
        from .profiler import Profiler
        from .utils.tensor import TensorSupplyType
        profile = self.profile_args
        if profile["skip_check"]:
            return
        if profile["manual_check_prog"] is not None:
            inputs = self._inputs(kernel)
            profile["manual_check_prog"](kernel(*inputs), *inputs)
            return
        if profile["ref_prog"] is not None:
            profiler = Profiler(kernel, profile["supply_type"] or TensorSupplyType.Auto)
            profiler.assert_allclose(profile["ref_prog"], input_tensors=self._inputs(kernel),
                                     rtol=profile["rtol"], atol=profile["atol"],
                                     max_mismatched_ratio=profile["max_mismatched_ratio"])
            return
        result = kernel.check()
        if not result.ok:
            raise AssertionError(result.report)

    def run(self, warmup=25, rep=100, timeout=None, executor=None):
        """Tunes: returns the AutotuneResult of the fastest configuration (by
        predicted time) that compiles, runs and passes the check."""
        from . import kernel as _kernel
        from .utils.tensor import TensorSupplyType
        if timeout is not None:
            self.timeout = timeout
        executor = executor or self.executor
        start = time.perf_counter()
        configs = self._configs()
        options = self._options()
        name = getattr(self.fn, "__name__", "kernel")
        key = self._key(configs, options)
        path = _cache_dir() / f"{key}.json"
        if self.use_cache and path.exists():
            try:
                saved = json.loads(path.read_text())
                records = [TuneRecord(**r) for r in saved["records"]]
                config = saved["config"]
                func = self._translate(config)
                kernel = _kernel.compile(func, **options)
                return self._result(kernel, func, config, saved["latency"], records,
                                    time.perf_counter() - start, cached=True)
            except (OSError, ValueError, KeyError, TypeError):
                pass  # an unreadable cache entry is tuned again
        records, jobs = [], []
        supply = self.profile_args["supply_type"] or TensorSupplyType.Auto
        # Inputs of `with set_autotune_inputs(...)`, as NumPy arrays: plain
        # data for the workers.
        captured = _captured_inputs()
        if captured is not None:
            captured = [_to_numpy(value) for value in captured]
        for config in configs:
            try:
                func = self._translate(config)
            except Exception as error:
                records.append(TuneRecord(config, error=f"{type(error).__name__}: {error}"))
                continue
            record = TuneRecord(config)
            records.append(record)
            jobs.append((record, func, (func, options, supply, 0, captured)))
        progress = _Progress(len(jobs), f"tuning {name}")
        own = executor is None
        if own:
            executor = _default_executor(max(1, min(len(jobs), os.cpu_count() or 1)))
        try:
            futures = [(record, func, job, executor.submit(_measure, job))
                       for record, func, job in jobs]
            for record, func, job, future in futures:
                try:
                    outcome = future.result()
                except concurrent.futures.process.BrokenProcessPool as error:
                    # A worker died (killed, out of memory): this
                    # configuration is measured here instead.
                    warnings.warn(f"tilt.autotuner: a worker process failed ({error}); "
                                  "measuring its configuration in this process")
                    outcome = _measure(job)
                record.latency = outcome.get("latency")
                record.error = outcome.get("error")
                record.compile_seconds = outcome.get("compile_seconds", 0.0)
                record.run_seconds = outcome.get("run_seconds", 0.0)
                progress.step()
        finally:
            if own:
                executor.shutdown()
        funcs = {id(record): func for record, func, _ in jobs}
        ranked = sorted((r for r in records if r.latency is not None),
                        key=lambda r: r.latency)
        for record in ranked:
            kernel = _kernel.compile(funcs[id(record)], **options)
            try:
                self._check(kernel)
            except AssertionError as error:
                record.error = f"does not match the reference: {error}"
                continue
            result = self._result(kernel, funcs[id(record)], record.config,
                                  record.latency, records,
                                  time.perf_counter() - start)
            if self.use_cache:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(json.dumps({
                        "config": record.config, "latency": record.latency,
                        "records": [r.as_json() for r in records]}, default=repr))
                except (OSError, TypeError):
                    pass  # tuning works without a cache
            return result
        failures = "\n".join(f"  {r.config!r}: {r.error}" for r in records)
        raise RuntimeError(f"autotuning {name}: no configuration compiled, ran and "
                           f"matched its reference:\n{failures}")

    def _result(self, kernel, func, config, latency, records, seconds, cached=False):
        kernel.config = config
        kernel.latency = latency
        kernel.ref_latency = None
        kernel.autotune_result = None
        try:
            libcode = kernel.get_kernel_source()
        except KeyError:
            libcode = None
        result = AutotuneResult(latency=latency, config=config, libcode=libcode,
                                func=func, kernel=kernel, records=records,
                                seconds=seconds, cached=cached)
        kernel.autotune_result = result
        return result


class _Tuned:
    """What ``@autotune`` makes of a ``@tilt.jit`` function: a call without
    the tuned parameters tunes them (once per arguments); a call that gives
    them all compiles that configuration."""

    def __init__(self, fn, configs, tuner_options, executor):
        self.fn = fn
        self.configs = configs
        self.tuner_options = tuner_options
        self.executor = executor
        self.results = {}
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__wrapped__ = fn

    def _tuned_names(self, args, kwargs):
        configs = self.configs(*args, **kwargs) if callable(self.configs) else self.configs
        return set().union(*(set(c) for c in configs)) if configs else set()

    def tune(self, *args, **kwargs):
        """The AutotuneResult for these arguments (tuning if needed)."""
        from ._jit import _key_of
        key = (_key_of(args), _key_of(kwargs))
        if key not in self.results:
            tuner = AutoTuner(self.fn, self.configs).set_kernel_parameters(args, kwargs)
            tuner.set_profile_args(**self.tuner_options)
            self.results[key] = tuner.run(executor=self.executor)
        return self.results[key]

    def __call__(self, *args, **kwargs):
        from ._jit import JITImpl
        names = self._tuned_names(args, kwargs)
        if names and names <= set(kwargs):
            return self.fn(*args, **kwargs)  # the configuration is given
        result = self.tune(*args, **kwargs)
        if isinstance(self.fn, JITImpl) and self.fn.mode == "eager":
            # An eager kernel runs on the call's tensors with the best configuration.
            return self.fn(*args, **{**kwargs, **result.config})
        return result.kernel

    def compile(self, *args, **kwargs):
        names = self._tuned_names(args, kwargs)
        if names and names <= set(kwargs) and hasattr(self.fn, "compile"):
            # The configuration is given: compiled as it is, not tuned (as
            # TileLang's tuner skips the search).
            return self.fn.compile(*args, **kwargs)
        return self.tune(*args, **kwargs).kernel


def autotune(func=None, *, configs, warmup=25, rep=100, timeout=100,
             supply_type=None, ref_prog=None, supply_prog=None, rtol=1e-2,
             atol=1e-2, max_mismatched_ratio=0.01, skip_check=False,
             manual_check_prog=None, cache_input_tensors=False,
             do_not_specialize=None, early_stop=False, early_stop_factor=2.0,
             executor=None):
    """TileLang's ``@autotune(configs=...)`` over a ``@tilt.jit`` function
    (or a factory of kernels). ``executor``: a
    ``concurrent.futures.Executor`` or ``dask.distributed.Client`` to run
    the search on (default: a process pool of the machine's cores).
    ``warmup``/``rep`` time a GPU and are accepted for TileLang's
    signature; the time here is the timing model's prediction."""
    if early_stop:
        raise ValueError("early_stop stops a GPU's measurement early; a predicted "
                         "time has nothing to stop")
    options = {"warmup": warmup, "rep": rep, "timeout": timeout,
               "supply_type": supply_type, "ref_prog": ref_prog,
               "supply_prog": supply_prog, "rtol": rtol, "atol": atol,
               "max_mismatched_ratio": max_mismatched_ratio,
               "skip_check": skip_check, "manual_check_prog": manual_check_prog,
               "cache_input_tensors": cache_input_tensors}

    def decorate(fn):
        return _Tuned(fn, configs, options, executor)
    return decorate(func) if func is not None else decorate
