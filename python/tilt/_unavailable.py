"""The names of TileLang's API that have no meaning on Tenstorrent (or that
Tilt does not support yet), and what each raises: a NotAvailableError
that says why and what to use instead, at the user's line (an import, an
attribute, or a kernel's line via the translator). docs/python.md lists
them."""

import importlib.abc
import sys

__all__ = ["NotAvailableError", "module_reason", "language_reason"]


class NotAvailableError(ImportError):
    """A TileLang name that has no meaning on Tenstorrent, or that Tilt does
    not support yet; the message says which and what to use instead. Raised
    by ``import`` and by attribute access alike (an ImportError, as
    ``from tilt.language import tma_copy`` expects)."""


_GPU_ONLY = "is CUDA/ROCm-only and has no meaning on Tenstorrent"

# tilt.<module>: why it is not there.
_MODULES = {
    "carver": f"tilelang.carver (the GPU hardware model: SM counts, tensor-core "
              f"tilings) {_GPU_ONLY}; on Tenstorrent, tune block sizes with "
              "tilt.autotuner over explicit configurations, ranked by Tilt's "
              "timing model of the card",
    "cuda": f"tilelang.cuda (PTX intrinsics and MMA layouts) {_GPU_ONLY}; T.gemm "
            "and T.copy are lowered to the Tensix matrix engine and the NoC by Tilt",
    "rocm": f"tilelang.rocm (MFMA intrinsics) {_GPU_ONLY}; use T.gemm",
    "contrib": f"tilelang.contrib (nvcc, hipcc, the CUDA toolchain) {_GPU_ONLY}; "
               "Tilt emits TT-Metalium C++ (kernel.get_kernel_source())",
    "tvm": "tilelang.tvm is TileLang's TVM; Tilt has its own IR (tilt.ir), in "
           "MLIR's text format",
    "engine": "tilelang.engine (TVM lowering and CUDA post-processing callbacks) "
              "is TileLang's own compiler; Tilt's passes are listed by "
              "kernel.pipeline and run with tilt.passmanager",
    "tools": f"tilelang.tools (GPU layout plots, the CUDA analyzer, IKET) "
             f"{_GPU_ONLY}; kernel.profile() gives the timing model's breakdown",
    "layout": f"tilelang.layout (GPU shared-memory and fragment layouts) "
              f"{_GPU_ONLY}; Tilt chooses the tile layout of every buffer",
    "autodd": "tilelang.autodd (TileLang's bug minimizer for its own compiler) is "
              "not part of Tilt",
}

_SYNC = (f"{_GPU_ONLY}: Tilt derives the data movement and its circular-buffer "
         "synchronization from T.copy and T.Pipelined")
_TENSOR_CORE = f"{_GPU_ONLY}: use T.gemm, which runs on the Tensix matrix engine"
_THREADS = (f"{_GPU_ONLY}: a Tensix core has no threads or warps; write the work "
            "with T.Parallel and T.reduce_*")
_NOT_YET = "is not supported by Tilt yet (docs/status.md)"
_FP8 = ("is a GPU 8/4-bit float format that Tenstorrent's Tensix cores do not "
        "have (their narrow formats are the block floats Bfp8_b and Bfp4_b, which "
        "Tilt does not compute with yet); convert fp8 data to bfloat16 on the "
        "host, which is exact (`t.to(torch.bfloat16)`), and use T.bfloat16")

_LANGUAGE = {}
# (T.ws, T.tma_copy, T.alloc_barrier and the barrier waits and arrivals of
# warp-specialized kernels are read: tilt/language/__init__.py.)
for _name in ("alloc_cluster_barrier", "cp_async_barrier_noinc",
              "ptx_cp_async", "ptx_wait_group", "ptx_commit_group",
              "sync_grid", "any_sync", "ws_op", "WSSync", "WSID", "WSRole",
              "WSScope", "WSPipeline", "WSSchedule", "annotate_ws_schedule",
              "no_set_max_nreg", "disable_warp_group_reg_alloc",
              "annotate_producer_reg_dealloc", "annotate_consumer_reg_alloc",
              "PersistentTileScheduler", "launch_thread",
              "ClusterKernel", "block_rank_in_cluster", "clc_try_cancel_multicast",
              "clc_is_canceled", "clc_get_first_ctaid_x", "import_source",
              "call_extern", "access_ptr"):
    _LANGUAGE[_name] = _SYNC
for _name in ("tcgen05_gemm", "tcgen05_mma_arrive", "tcgen05_sf_warp_transpose",
              "tcgen05_cp_warpx4", "tcgen05_gemm_blockscaled", "wgmma_gemm",
              "wait_wgmma", "mma_gemm_blockscaled", "alloc_tmem", "gemm_sp", "dp4a"):
    _LANGUAGE[_name] = _TENSOR_CORE
for _name in ("get_thread_binding", "thread_binding", "get_block_binding",
              "tvm_warp_shuffle", "tvm_thread_allreduce", "shfl_xor", "shfl_down",
              "shfl_up", "shfl_sync"):
    _LANGUAGE[_name] = _THREADS
for _name in ("float8_e4m3fn", "float8_e5m2", "float8_e4m3", "float8_e5m2fnuz",
              "float8_e4m3fnuz", "float4_e2m1fn", "float4_e2m1_unpacked",
              "tfloat32"):
    _LANGUAGE[_name] = _FP8
for _name in ("atomic_addx4", "atomic_load",
              "atomic_store",
              "int16",
              "uint16", "uint32", "uint64", "int64", "int4", "uint",
              "alloc_global", "alloc_reducer", "finalize_reducer", "cumsum",
              "reshape", "view", "make_tensor", "reinterpret",
              "comm_reducer", "Ref", "device_assert", "rng_init", "rng_rand",
              "index_to_coordinates", "symbolic", "handle", "sin", "cos",
              "ceil", "shift_left",
              "assume", "block", "attr", "reads", "writes", "evaluate",
              "alloc_buffer", "Fragment", "Layout", "contiguous", "to"):
    _LANGUAGE[_name] = _NOT_YET


def module_reason(name):
    """Why ``tilt.<name>`` does not exist, or None."""
    return _MODULES.get(name)


def language_reason(name):
    """Why ``T.<name>`` is not available, or None."""
    reason = _LANGUAGE.get(name)
    return f"T.{name} {reason}" if reason else None


class _Finder(importlib.abc.MetaPathFinder):
    """Makes ``import tilt.carver`` (and its submodules) a NotAvailableError
    that says why, instead of "No module named"."""

    def find_spec(self, fullname, path=None, target=None):
        parts = fullname.split(".")
        if len(parts) >= 2 and parts[0] == "tilt":
            reason = module_reason(parts[1])
            if reason:
                raise NotAvailableError(reason, name=fullname)
        return None


def install():
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
