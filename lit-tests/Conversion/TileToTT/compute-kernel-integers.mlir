// A block index (or a loop variable, or integer arithmetic on them) used as
// a float in a tile.parallel body (TileLang's `T.exp2(-5.0 - 1.0 * i_h)`):
// the compute kernel computes the integer itself, fills it into DST as an
// int32 word (fill_tile_int) and converts it there (typecast_tile); the
// kernel gets an fp32 DST, which int32 words need, even with bf16 buffers.
// RUN: tilt-opt --tile-to-tt='grid=2x1' %s | FileCheck %s
// RUN: tilt-run %s --grid 2x1 2>&1 | FileCheck %s --check-prefix=EXEC

// CHECK: tt.kernel @compute compute math_fidelity HiFi4 fp32_dest_acc
// CHECK: scf.for %[[B:.*]] = %
// CHECK: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: %[[H:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK-NEXT: %[[W:.*]] = arith.index_cast %[[H]] : index to i32
// CHECK-NEXT: tt.fill_tile_init
// CHECK-NEXT: tt.fill_tile_int %[[W]] dst(1)
// CHECK-NEXT: tt.typecast_tile_init type(int32_to_float32)
// CHECK-NEXT: tt.typecast_tile dst(1) type(int32_to_float32)
// CHECK-NEXT: tt.exp2_tile_init
// CHECK-NEXT: tt.exp2_tile dst(1)
// CHECK-NEXT: tt.mul_binary_tile_init
// CHECK-NEXT: tt.mul_binary_tile dst(0, 1, 0)
// EXEC: PASS Y (64x32 bf16)
// EXEC: OK: the device results match the reference
func.func @decay(%X: !tile.tensor<64x32xbf16>, %Y: !tile.tensor<64x32xbf16>) {
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x32xbf16>, %Y = %Y : !tile.tensor<64x32xbf16>) {
    %x = tile.alloc : !tile.buf<32x32xbf16, shared>
    %y = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%x : !tile.buf<32x32xbf16, shared>) outs(%y : !tile.buf<32x32xbf16, shared>) {
    ^bb0(%a: bf16):
      %c1 = arith.constant 1 : index
      %h = arith.addi %bx, %c1 : index
      %hi = arith.index_cast %h : index to i32
      %hf = arith.sitofp %hi : i32 to f32
      %e = math.exp2 %hf : f32
      %af = arith.extf %a : bf16 to f32
      %p = arith.mulf %af, %e : f32
      %v = arith.truncf %p : f32 to bf16
      tile.yield %v : bf16
    }
    tile.copy %y, %Y[%r, %c0] : !tile.buf<32x32xbf16, shared>, !tile.tensor<64x32xbf16>
  }
  return
}
