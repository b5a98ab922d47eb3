// A float16 tensor written by a kernel with an fp32 DST (an f32
// accumulator: TileLang's fp16 GEMM) keeps bfloat16 precision on
// Tenstorrent: the packer converts fp32 to Float16 through Float16_b
// (tt-metal jit_build/data_format.cpp; the emulator models it). The user is
// told once per tensor; a kernel that computes in 16 bits is not.
// RUN: tilt-opt --split-input-file --verify-diagnostics --tile-to-tt='grid=2x2' %s -o /dev/null

func.func @gemm(%A: !tile.tensor<64x64xf16>, %B: !tile.tensor<64x64xf16>, %C: !tile.tensor<64x64xf16>) {
  tile.kernel grid [2, 2] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x64xf16>, %b = %B : !tile.tensor<64x64xf16>, %c = %C : !tile.tensor<64x64xf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %as = tile.alloc : !tile.buf<32x64xf16, shared>
    %bs = tile.alloc : !tile.buf<64x32xf16, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %acc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%r, %c0], %as : !tile.tensor<64x64xf16>, !tile.buf<32x64xf16, shared>
    tile.copy %b[%c0, %col], %bs : !tile.tensor<64x64xf16>, !tile.buf<64x32xf16, shared>
    tile.gemm %as, %bs, %acc : !tile.buf<32x64xf16, shared>, !tile.buf<64x32xf16, shared>, !tile.buf<32x32xf32, fragment>
    // expected-warning@+1 {{this float16 tensor is written by a kernel that computes in fp32 (an fp32 DST): Tenstorrent's packer converts fp32 to float16 through Float16_b (tt-metal jit_build/data_format.cpp), so the values keep bfloat16 precision (8 significant bits, relative errors up to 2^-8); write it as float32 to keep the fp32 result, or as bfloat16 to say what it holds}}
    tile.copy %acc, %c[%r, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf16>
  }
  return
}

// -----

func.func @add(%X: !tile.tensor<64x64xf16>, %Y: !tile.tensor<64x64xf16>) {
  tile.kernel grid [2, 2] blocks(%bx, %by) args(%x = %X : !tile.tensor<64x64xf16>, %y = %Y : !tile.tensor<64x64xf16>) {
    %r = arith.constant 0 : index
    %xs = tile.alloc : !tile.buf<32x32xf16, shared>
    %ys = tile.alloc : !tile.buf<32x32xf16, fragment>
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    tile.copy %x[%row, %col], %xs : !tile.tensor<64x64xf16>, !tile.buf<32x32xf16, shared>
    tile.parallel ins(%xs : !tile.buf<32x32xf16, shared>) outs(%ys : !tile.buf<32x32xf16, fragment>) {
    ^bb0(%a: f16):
      %v = arith.addf %a, %a : f16
      tile.yield %v : f16
    }
    tile.copy %ys, %y[%row, %col] : !tile.buf<32x32xf16, fragment>, !tile.tensor<64x64xf16>
  }
  return
}
