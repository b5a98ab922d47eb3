"""T.alloc_global workspaces (issue 33): DRAM buffers the runtime
allocates for each call, which one kernel of a function writes and the
next reads (split partials combined by a second kernel), in the factory
and the eager styles; the caller neither passes nor gets them."""

import pytest

import tilt as tilelang
import tilt.language as T
from tilt.language import FrontendError

torch = pytest.importorskip("torch")


@tilelang.jit(out_idx=[-1])
def split_sum(M, N, splits, block=32):
    @T.prim_func
    def kernel(X: T.Tensor((M, N * splits), "float32"), Bias: T.Tensor((M, N), "float32"),
               Y: T.Tensor((M, N), "float32")):
        partial = T.alloc_global((splits, M, N), "float32")
        with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block), splits) as (bx, by, bz):
            x = T.alloc_shared((block, block), "float32")
            p = T.alloc_fragment((block, block), "float32")
            T.copy(X[by * block, bz * N + bx * block], x)
            for i, j in T.Parallel(block, block):
                p[i, j] = x[i, j] * x[i, j]
            T.copy(p, partial[bz, by * block, bx * block])
        with T.Kernel(T.ceildiv(N, block), T.ceildiv(M, block)) as (bx, by):
            acc = T.alloc_fragment((block, block), "float32")
            part = T.alloc_shared((block, block), "float32")
            T.copy(Bias[by * block, bx * block], acc)
            for s in T.serial(splits):
                T.copy(partial[s, by * block, bx * block], part)
                for i, j in T.Parallel(block, block):
                    acc[i, j] += part[i, j]
            T.copy(acc, Y[by * block, bx * block])
    return kernel


def test_a_workspace_carries_partials_between_kernels():
    torch.manual_seed(0)
    kernel = split_sum(64, 96, 3)
    x, bias = torch.randn(64, 288), torch.randn(64, 96)
    y = kernel(x, bias)  # out_idx=-1 is Y, the last parameter the caller sees
    squares = (x.double() ** 2).reshape(64, 3, 96).sum(dim=1)
    assert y.shape == (64, 96)
    assert torch.allclose(y.double(), bias.double() + squares, rtol=1e-6, atol=1e-5)
    # Twice: each call starts from a new workspace.
    assert torch.equal(kernel(x, bias), y)


@tilelang.jit
def scaled_rows(X, scale: float = 2.0, block: int = 32):
    M, N = T.const("M, N")
    X: T.Tensor((M, N), T.float32)
    Y = T.empty((M, N), T.float32)
    staged = T.alloc_global((M, N), T.float32)
    with T.Kernel(T.ceildiv(M, block)) as bx:
        a = T.alloc_fragment((block, N), T.float32)
        T.copy(X[bx * block, 0], a)
        for i, j in T.Parallel(block, N):
            a[i, j] = a[i, j] * scale
        T.copy(a, staged[bx * block, 0])
    with T.Kernel(T.ceildiv(M, block)) as bx:
        b = T.alloc_fragment((block, N), T.float32)
        T.copy(staged[bx * block, 0], b)
        for i, j in T.Parallel(block, N):
            b[i, j] = b[i, j] + 1.0
        T.copy(b, Y[bx * block, 0])
    return Y


def test_an_eager_kernel_takes_workspaces_too():
    x = torch.randn(64, 64)
    assert torch.equal(scaled_rows(x), x * 2.0 + 1.0)


def test_a_workspace_inside_a_kernel_is_a_located_error():
    def build():
        @T.prim_func
        def inside(X: T.Tensor((32, 32), "float32")):
            with T.Kernel(1) as bx:
                w = T.alloc_global((32, 32), "float32")  # workspace in a kernel
                T.copy(X[0, 0], w)
    with pytest.raises(FrontendError) as info:
        build()
    assert "T.alloc_global makes a DRAM workspace before the `with T.Kernel` " \
        "blocks" in str(info.value)
    assert "test_workspaces.py" in str(info.value)


@tilelang.jit(out_idx=[1])
def cast_rows(M, N, block=64):
    @T.prim_func
    def kernel(X: T.Tensor((2, M, N), "float32"), Y: T.Tensor((2, M, N), "bfloat16")):
        with T.Kernel(T.ceildiv(M, block), 2) as (bx, b):
            # A copy between two tensors goes through an on-core buffer of
            # the slices' shape: block x N.
            T.copy(X[b, bx * block : (bx + 1) * block, :],
                   Y[b, bx * block : (bx + 1) * block, :])
    return kernel


def test_a_copy_between_two_tensors_goes_through_l1():
    # TileLang's post-processing kernels (dQ in f32 to dQ_out in 16 bits).
    x = torch.randn(2, 128, 96).bfloat16().float()  # bf16-exact values
    y = cast_rows(128, 96)(x)
    assert y.dtype == torch.bfloat16
    assert torch.equal(y.float(), x)
    text = cast_rows(128, 96).tile_ir
    assert "!tile.buf<64x96xf32, shared>" in text
