// tile.im2col: a block of the im2col matrix of a 2-d convolution (TileLang's
// T.im2col) read from an NHWC image; round trips through the generic form.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @conv(
// CHECK: tile.im2col %{{.*}}[%[[BY:.*]], %[[K:.*]]], %[[S:.*]] kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<2x8x8x64xf16>, !tile.buf<64x32xf16, shared>
// CHECK: tile.gemm %[[S]], %{{.*}}, %{{.*}}
// GENERIC: "tile.im2col"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{dilation = 1 : i64, kernel = 3 : i64, padding = 1 : i64, stride = 1 : i64}>
func.func @conv(%D: !tile.tensor<2x8x8x64xf16>, %W: !tile.tensor<576x64xf16>, %O: !tile.tensor<128x64xf16>) {
  tile.kernel grid [1, 2] blocks(%bx, %by) args(%d = %D : !tile.tensor<2x8x8x64xf16>, %w = %W : !tile.tensor<576x64xf16>, %o = %O : !tile.tensor<128x64xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c18 = arith.constant 18 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %a = tile.alloc : !tile.buf<64x32xf16, shared>
    %b = tile.alloc : !tile.buf<32x64xf16, shared>
    %acc = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %acc : !tile.buf<64x64xf32, fragment>
    scf.for %k = %c0 to %c18 step %c1 {
      tile.im2col %d[%by, %k], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<2x8x8x64xf16>, !tile.buf<64x32xf16, shared>
      %row = arith.muli %k, %c32 : index
      tile.copy %w[%row, %c0], %b : !tile.tensor<576x64xf16>, !tile.buf<32x64xf16, shared>
      tile.gemm %a, %b, %acc : !tile.buf<64x32xf16, shared>, !tile.buf<32x64xf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    %m = arith.muli %by, %c64 : index
    tile.copy %acc, %o[%m, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x64xf16>
  }
  return
}
