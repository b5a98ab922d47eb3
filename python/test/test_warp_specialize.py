"""Warp-specialized kernels (issue 33), in TileLang's style with kernels of
our own: a producer warp group copies (T.tma_copy) and a consumer one
computes, synchronized by barriers. On Tenstorrent the reader and compute
kernels are the producer and the consumer and circular buffers synchronize
them, so `with T.ws(...)` bodies are read in place, the barriers are what
the circular buffers do, T.tma_copy is T.copy, and a buffer of pipeline
stages used only as `A_s[ko % stages, :, :]` is one buffer (its circular
buffer holds the stages). One remark says so per kernel."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

torch = pytest.importorskip("torch")


@tilelang.jit
def producer_consumer(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=256) as (bx, by):
        A_s = T.alloc_shared((block_M, block_K), T.bfloat16)
        B_s = T.alloc_shared((block_K, block_N), T.bfloat16)
        C_l = T.alloc_fragment((block_M, block_N), T.float32)
        ready = T.alloc_barrier(arrive_count=128)
        done = T.alloc_barrier(arrive_count=128)
        with T.ws(1):
            T.clear(C_l)
        for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=0):
            with T.ws(0):
                T.barrier_wait(done, (ko + 1) % 2)
                T.tma_copy(A[by * block_M, ko * block_K], A_s, barrier=ready)
                T.tma_copy(B[ko * block_K, bx * block_N], B_s, barrier=ready)
                T.barrier_arrive(ready)
            with T.ws(1):
                T.barrier_wait(ready, ko % 2)
                T.gemm(A_s, B_s, C_l)
                T.barrier_arrive(done)
        with T.ws(1):
            T.copy(C_l, C[by * block_M, bx * block_N])
    return C


@tilelang.jit
def two_consumers(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    half = block_N // 2
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=256) as (bx, by):
        A_s = T.alloc_shared((block_M, block_K), T.bfloat16)
        B0 = T.alloc_shared((block_K, half), T.bfloat16)
        B1 = T.alloc_shared((block_K, half), T.bfloat16)
        C0 = T.alloc_fragment((block_M, half), T.float32)
        C1 = T.alloc_fragment((block_M, half), T.float32)
        with T.ws(1):
            T.clear(C1)
        with T.ws(0):
            T.clear(C0)
        for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=0):
            T.copy(A[by * block_M, ko * block_K], A_s)
            with T.ws(1):
                T.copy(B[ko * block_K, bx * block_N + half], B1)
                T.gemm(A_s, B1, C1)
            with T.ws(0):
                T.copy(B[ko * block_K, bx * block_N], B0)
                T.gemm(A_s, B0, C0)
        with T.ws(1):
            T.copy(C1, C[by * block_M, bx * block_N + half])
        with T.ws(0):
            T.copy(C0, C[by * block_M, bx * block_N])
    return C


@tilelang.jit
def staged(A, B, block_M: int = 64, block_N: int = 64, block_K: int = 32):
    M, N, K = T.const("M, N, K")
    A: T.Tensor((M, K), T.bfloat16)
    B: T.Tensor((K, N), T.bfloat16)
    C = T.empty((M, N), T.float32)
    stages = 2
    with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=256) as (bx, by):
        A_s = T.alloc_shared((stages, block_M, block_K), T.bfloat16)
        B_s = T.alloc_shared((stages, block_K, block_N), T.bfloat16)
        C_l = T.alloc_fragment((block_M, block_N), T.float32)
        bars = T.alloc_barrier([128, 128] * stages)
        with T.ws(0):
            T.clear(C_l)
        for ko in range(T.ceildiv(K, block_K)):
            with T.ws(1):
                T.mbarrier_wait_parity(mbarrier=bars[ko % stages + stages],
                                       parity=((ko // stages) % stages) ^ 1)
                T.tma_copy(A[by * block_M:(by + 1) * block_M, ko * block_K:(ko + 1) * block_K],
                           A_s[ko % stages, :, :], barrier=bars[ko % stages])
                T.tma_copy(B[ko * block_K:(ko + 1) * block_K, bx * block_N:(bx + 1) * block_N],
                           B_s[ko % stages, :, :], barrier=bars[ko % stages])
                T.mbarrier_arrive(mbarrier=bars[ko % stages])
            with T.ws(0):
                T.mbarrier_wait_parity(mbarrier=bars[ko % stages],
                                       parity=(ko // stages) % stages)
                T.gemm(A_s[ko % stages, :, :], B_s[ko % stages, :, :], C_l)
                T.mbarrier_arrive(mbarrier=bars[ko % stages + stages])
        with T.ws(0):
            T.copy(C_l, C[by * block_M, bx * block_N])
    return C


@pytest.mark.parametrize("kernel", [producer_consumer, two_consumers, staged])
def test_a_warp_specialized_gemm_runs_as_reader_and_compute(kernel):
    torch.manual_seed(0)
    a = torch.randn(128, 96, dtype=torch.bfloat16)
    b = torch.randn(96, 128, dtype=torch.bfloat16)
    torch.testing.assert_close(kernel(a, b), a.float() @ b.float(), rtol=1e-2, atol=1e-2)


def test_the_mapping_is_one_remark(capfd):
    a = torch.randn(64, 64, dtype=torch.bfloat16)
    producer_consumer(a, a, block_M=32)
    err = capfd.readouterr().err
    assert err.count("warp specialization (T.ws and its barriers: the reader, "
                     "compute and writer kernels are the producer and consumer, "
                     "synchronized by circular buffers)") == 1


def test_stages_read_in_another_trip_are_a_located_error():
    # A stage prefetched for the next trip (a different stage expression)
    # is not one buffer: the slice of an on-core buffer is an error.
    with pytest.raises(FrontendError) as info:
        @T.prim_func
        def main(A: T.Tensor((64, 64), T.bfloat16), C: T.Tensor((64, 64), T.float32)):
            with T.Kernel(1) as bx:
                A_s = T.alloc_shared((2, 64, 32), T.bfloat16)
                B_s = T.alloc_shared((32, 64), T.bfloat16)
                C_l = T.alloc_fragment((64, 64), T.float32)
                T.clear(C_l)
                for ko in range(2):
                    T.copy(A[0, ko * 32], A_s[(ko + 1) % 2, :, :])
                    T.copy(A[ko * 32, 0], B_s)
                    T.gemm(A_s[ko % 2, :, :], B_s, C_l)
                T.copy(C_l, C[0, 0])
    assert "a slice of an on-core buffer is not supported" in str(info.value)
    assert "supported when every use takes the same stage" in str(info.value)
    assert "test_warp_specialize.py:" in str(info.value)
