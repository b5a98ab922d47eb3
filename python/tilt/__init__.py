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

__all__ = ["ir", "passmanager", "compile", "jit", "autotune", "PassConfigKey",
           "cdiv", "testing", "utils", "profiler", "autotuner"]


from ._unavailable import NotAvailableError
from ._unavailable import install as _install_unavailable
from ._unavailable import module_reason as _module_reason


def cdiv(a, b):
    """TileLang's ``tilelang.cdiv``: ceil(a / b) for integers."""
    return -(-a // b)


class PassConfigKey:
    """The keys of ``pass_configs`` (``tilt.jit``, ``tilt.compile``): Tilt's
    own, and TileLang's, which name GPU compiler switches and are accepted
    without effect on Tenstorrent. A key that is neither is warned about
    once (docs/python.md)."""
    #: True: f32 elementwise add, sub and mul run on the FPU with TF32
    #: operands (10-bit mantissas), as PyTorch's ``allow_tf32``; default
    #: False, exact f32 on the SFPU.
    TILT_ALLOW_TF32 = "tilt.allow_tf32"
    #: ``{"B": "bfp8_b"}``: the tensor parameters stored in DRAM as
    #: Tenstorrent's block floats (``bfp8_b``, ``bfp4_b``), as weights that
    #: ``T.gemm`` multiplies often are (ttnn's ``bfloat8_b``); the kernel
    #: computes with the values the host's conversion leaves.
    TILT_STORAGE_FORMATS = "tilt.storage_formats"
    # TileLang's keys (tilelang/transform/pass_config.py).
    TL_SIMPLIFY = "tl.Simplify"
    TL_DISABLE_BUFFER_INIT_CHECK = "tl.disable_buffer_init_check"
    TL_DISABLE_DATA_RACE_CHECK = "tl.disable_data_race_check"
    TL_DISABLE_PRELOWER_SEMANTIC_CHECK = "tl.disable_prelower_semantic_check"
    TL_DISABLE_WARP_SPECIALIZED = "tl.disable_warp_specialized"
    TL_ENABLE_FAST_MATH = "tl.enable_fast_math"
    TL_PTXAS_REGISTER_USAGE_LEVEL = "tl.ptxas_register_usage_level"
    TL_DEVICE_COMPILE_FLAGS = "tl.device_compile_flags"
    TL_EMIT_LINE_DIRECTIVES = "tl.emit_line_directives"
    TL_CONFIG_INDEX_BITWIDTH = "tl.config_index_bitwidth"
    TL_ENABLE_REDUCER_PLAN_VERBOSE = "tl.enable_reducer_plan_verbose"
    TL_LAYOUT_COST_MODEL = "tl.layout_cost_model"
    TL_REDUCER_FORCE_BASELINE = "tl.reducer_force_baseline"
    TL_DISABLE_TMA_LOWER = "tl.disable_tma_lower"
    TL_DISABLE_SAFE_MEMORY_ACCESS = "tl.disable_safe_memory_legalize"
    TL_DISABLE_VECTORIZE_256 = "tl.disable_vectorize_256"
    TL_ENABLE_ASYNC_COPY = "tl.enable_async_copy"
    TL_ENABLE_LOWER_LDGSTG = "tl.enable_lower_ldgstg"
    TL_ENABLE_LOWER_LDGSTG_PREDICATED = "tl.enable_lower_ldgstg_predicated"
    TL_ENABLE_VECTORIZE_PLANNER_VERBOSE = "tl.enable_vectorize_planner_verbose"
    TL_DISABLE_WGMMA = "tl.disable_wgmma"
    TL_DEBUG_MERGE_SHARED_MEMORY_ALLOCATIONS = "tl.debug_merge_shared_memory_allocations"
    TL_ENABLE_AGGRESSIVE_SHARED_MEMORY_MERGE = "tl.enable_aggressive_shared_memory_merge"
    TL_DISABLE_SHARED_MEMORY_REUSE = "tl.disable_shared_memory_reuse"
    TL_DISABLE_SHUFFLE_ELECT = "tl.disable_shuffle_elect"
    TL_DISABLE_LOOP_UNSWITCHING = "tl.disable_loop_unswitching"
    TL_LOOP_UNSWITCHING_ALLOW_NON_TRIVIAL_ELSE = "tl.loop_unswitching_allow_non_trivial_else"
    TL_IF_STMT_BINDING_INLINE_REPLAYABLE_BINDS = "tl.if_stmt_binding_inline_replayable_binds"
    TL_DISABLE_THREAD_STORAGE_SYNC = "tl.disable_thread_storage_sync"
    TL_FORCE_LET_INLINE = "tl.force_let_inline"
    TL_AST_PRINT_ENABLE = "tl.ast_print_enable"
    TL_LAYOUT_VISUALIZATION_ENABLE = "tl.layout_visualization_enable"
    TL_LAYOUT_VISUALIZATION_FORMATS = "tl.layout_visualization_formats"
    TL_STORAGE_REWRITE_DETECT_INPLACE = "tl.storage_rewrite_detect_inplace"
    TIR_ENABLE_EQUIV_TERMS_IN_CSE = "tir.enable_equiv_terms_in_cse_tir"
    TIR_DISABLE_CSE = "tirx.disable_cse_tir"
    TIR_SIMPLIFY = "tirx.Simplify"
    TIR_DISABLE_STORAGE_REWRITE = "tirx.disable_storage_rewrite"
    TIR_DISABLE_VECTORIZE = "tirx.disable_vectorize"
    TIR_USE_ASYNC_COPY = "tirx.use_async_copy"
    TIR_ENABLE_DEBUG = "tirx.enable_debug"
    TIR_MERGE_STATIC_SMEM = "tirx.merge_static_smem"
    TIR_ADD_LOWER_PASS = "tirx.add_lower_pass"
    TIR_NOALIAS = "tirx.noalias"
    CUDA_KERNELS_OUTPUT_DIR = "cuda.kernels_output_dir"
    TL_DISABLE_OUT_OF_BOUND_WARNING = "tl.disable_out_of_bound_warning"
    TL_ENABLE_DUMP_IR = "tl.enable_dump_ir"
    TL_DUMP_IR_DIR = "tl.dump_ir_path"
    TL_PASS_PROFILE = "tl.pass_profile"
    TL_PASS_PROFILE_THRESHOLD_MS = "tl.pass_profile_threshold_ms"


def compile(func, **options):  # noqa: A001 -- TileLang's name
    """``tilt.kernel.compile``: see there (loads the bindings on first use)."""
    from . import kernel
    return kernel.compile(func, **options)


def jit(func=None, **options):
    """``tilt.kernel.jit``: TileLang's ``@tilelang.jit`` for kernel factories."""
    from . import kernel
    return kernel.jit(func, **options)


def autotune(func=None, **options):
    """``tilt.autotuner.autotune``: TileLang's ``@tilelang.autotune``."""
    from .autotuner import autotune as _autotune
    return _autotune(func, **options)


def next_power_of_2(n):
    """TileLang's ``tilelang.next_power_of_2``: the least power of two >= n."""
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def set_log_level(level):
    """TileLang's log level: Tilt logs nothing; its errors are exceptions."""


def disable_cache():
    """TileLang's ``disable_cache``: the autotuner stops reading and writing
    its disk cache (``tilt.autotuner``)."""
    import os
    os.environ["TILT_AUTOTUNE_CACHE"] = "0"


def enable_cache():
    import os
    os.environ["TILT_AUTOTUNE_CACHE"] = "1"


_install_unavailable()

# Names loaded on first use, and the modules they come from.
_LAZY = {"TensorSupplyType": ("utils.tensor", "TensorSupplyType"),
         "JITKernel": ("kernel", "Kernel"), "Profiler": ("profiler", "Profiler"),
         "AutoTuner": ("autotuner", "AutoTuner")}


def __getattr__(name):
    import importlib
    # The submodules load on first use, as ``tilelang.testing`` does.
    if name in ("testing", "utils", "profiler", "autotuner", "kernel", "math",
                "transform"):
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY:
        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(f".{module}", __name__), attribute)
    reason = _module_reason(name)
    if reason:
        raise NotAvailableError(reason, name=f"tilt.{name}")
    raise AttributeError(f"module 'tilt' has no attribute '{name}'")
