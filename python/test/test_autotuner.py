"""tilt.autotuner: TileLang's ``@autotune`` and ``AutoTuner`` ranking
configurations by the timing model's predicted time, compiled in parallel
on any executor, the best one checked, results cached on disk."""

import concurrent.futures

import numpy as np
import pytest

import tilt as tilelang
import tilt.language as T
from tilt.autotuner import AutoTuner, autotune

torch = pytest.importorskip("torch")

CONFIGS = [{"block_M": 32, "block_N": 32}, {"block_M": 64, "block_N": 64},
           {"block_M": 32, "block_N": 64},
           {"block_M": 32, "block_N": 48}]  # columns not whole tiles: fails to compile


def matmul(M, N, K, block_M=32, block_N=32, block_K=32):
    @T.prim_func
    def main(A: T.Tensor((M, K), T.bfloat16), B: T.Tensor((K, N), T.bfloat16),
             C: T.Tensor((M, N), T.float32)):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M)) as (bx, by):
            A_s = T.alloc_shared((block_M, block_K), T.bfloat16)
            B_s = T.alloc_shared((block_K, block_N), T.bfloat16)
            C_l = T.alloc_fragment((block_M, block_N), T.float32)
            T.clear(C_l)
            for k in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
                T.copy(A[by * block_M, k * block_K], A_s)
                T.copy(B[k * block_K, bx * block_N], B_s)
                T.gemm(A_s, B_s, C_l)
            T.copy(C_l, C[by * block_M, bx * block_N])
    return main


def ref_program(A, B):
    return A.float() @ B.float()


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TILT_AUTOTUNE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def tuner(executor=None, **profile):
    return (AutoTuner.from_kernel(kernel=matmul, configs=CONFIGS)
            .set_kernel_parameters((64, 128, 64), {})
            .set_compile_args(out_idx=[-1], target="auto")
            .set_profile_args(ref_prog=ref_program, **profile)
            .set_executor(executor))


def test_ranked_by_predicted_time_failures_recorded_and_cached(cache_dir):
    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        result = tuner(executor).run(warmup=3, rep=20)
    timed = [r for r in result.records if r.latency is not None]
    assert len(timed) == 3
    assert result.latency == min(r.latency for r in timed) > 0
    assert result.config == min(timed, key=lambda r: r.latency).config
    failed = next(r for r in result.records if r.config["block_N"] == 48)
    assert failed.latency is None and "not made of whole 32x32 tiles" in failed.error
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 128, dtype=torch.bfloat16)
    torch.testing.assert_close(result.kernel(a, b), ref_program(a, b), rtol=1e-2, atol=1e-2)
    assert "matmul_tiles" in result.libcode
    # A second search of the same kernel, shapes and configurations: from disk.
    assert list(cache_dir.glob("*.json"))
    again = tuner(executor=concurrent.futures.ThreadPoolExecutor(1)).run()
    assert again.cached and again.config == result.config
    assert again.latency == result.latency


def test_the_best_configuration_must_pass_the_check():
    rejected = []

    def check(outputs, A, B):
        # Rejects the fastest configuration: the next one is chosen.
        if not rejected:
            rejected.append(True)
            raise AssertionError("rejected for the test")

    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        result = tuner(executor, manual_check_prog=check).run()
    timed = sorted((r for r in result.records if r.latency is not None),
                   key=lambda r: r.latency)
    assert result.config == timed[1].config
    assert "does not match the reference: rejected for the test" in timed[0].error


def test_autotune_decorator_over_jit_on_the_default_process_pool():
    @autotune(configs=CONFIGS[:2], warmup=3, rep=20)
    @tilelang.jit(out_idx=[-1])
    def tuned(M, N, K, block_M=32, block_N=32):
        return matmul(M, N, K, block_M, block_N)

    kernel = tuned(64, 64, 64)
    assert kernel.config in CONFIGS[:2] and kernel.latency > 0
    assert tuned(64, 64, 64) is kernel  # tuned once per arguments
    # All tuned parameters given: that configuration, without a search.
    fixed = tuned(64, 64, 64, block_M=64, block_N=64)
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    torch.testing.assert_close(fixed(a, a), ref_program(a, a), rtol=1e-2, atol=1e-2)


def test_autotune_of_an_eager_kernel_runs_the_best_configuration():
    @autotune(configs=[{"block": 32}, {"block": 64}],
              executor=concurrent.futures.ThreadPoolExecutor(2))
    @tilelang.jit
    def scale(X, block=32):
        N = T.const("N")
        X: T.Tensor((N,), T.float32)
        Y = T.empty((N,), T.float32)
        with T.Kernel(T.ceildiv(N, block)) as bx:
            for i in T.Parallel(block):
                Y[bx * block + i] = X[bx * block + i] * 3.0
        return Y

    x = torch.randn(128)
    torch.testing.assert_close(scale(x), x * 3)
    assert scale.tune(x).config in ({"block": 32}, {"block": 64})
    # .compile with every tuned parameter given compiles that configuration
    # without a search (TileLang's examples compile their defaults so).
    fixed = scale.compile(x, block=64)
    assert "autotune_result" not in vars(fixed)
    torch.testing.assert_close(fixed(x), x * 3)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # tornado, inside dask
def test_a_dask_cluster_runs_the_search_unchanged():
    distributed = pytest.importorskip("distributed")
    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                           processes=True, dashboard_address=None)
    except (OSError, TimeoutError) as error:  # a machine without local networking
        pytest.skip(f"no local dask cluster here: {error}")
    with cluster, distributed.Client(cluster) as client:
        result = tuner(client).run()
    assert result.config in CONFIGS[:3]
    assert sum(r.latency is not None for r in result.records) == 3
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 128, dtype=torch.bfloat16)
    np.testing.assert_allclose(result.kernel(a, b).numpy(), ref_program(a, b).numpy(),
                               rtol=1e-2, atol=1e-2)


def test_supply_prog_makes_the_check_inputs():
    seen = []

    def supply(params):
        seen.append([(p.shape, p.dtype) for p in params])
        return [torch.ones(p.shape, dtype=p.dtype) for p in params]

    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        result = tuner(executor, supply_prog=supply).run()
    assert seen[0] == [((64, 64), torch.bfloat16), ((64, 128), torch.bfloat16)]
    assert result.config in CONFIGS[:3]


def test_set_autotune_inputs_times_and_checks_on_the_given_tensors():
    # TileLang's varlen attention tunes inside `with set_autotune_inputs(q,
    # k, v, cu_seqlens_q, ...)`: its work depends on the data, so the
    # search and the check run on the caller's tensors.
    from tilt.autotuner import set_autotune_inputs
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    b = torch.randn(64, 128, dtype=torch.bfloat16)
    seen = []

    def reference(A, B):
        seen.append((A, B))
        return ref_program(A, B)

    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        with set_autotune_inputs(a, b):
            result = (AutoTuner.from_kernel(kernel=matmul, configs=CONFIGS)
                      .set_kernel_parameters((64, 128, 64), {})
                      .set_compile_args(out_idx=[-1], target="auto")
                      .set_profile_args(ref_prog=reference)
                      .set_executor(executor).run(warmup=3, rep=20))
    assert result.config in CONFIGS[:3]
    assert len(seen) == 1 and seen[0][0] is a and seen[0][1] is b
    with set_autotune_inputs([a, b]) as capture:
        assert capture.tensors == [a, b]
