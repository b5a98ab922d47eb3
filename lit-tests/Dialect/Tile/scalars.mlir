// Float scalar operands of tile.kernel (f32, bf16, f16) and
// tile.scalar_bits, printed back the same.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null

// CHECK-LABEL: func.func @scalar_operands(
// CHECK: tile.kernel grid [1] blocks(%{{.*}}) args(%[[A:.*]] = %{{.*}} : !tile.tensor<32x32xf32>, %[[S:.*]] = %{{.*}} : f32, %[[T:.*]] = %{{.*}} : bf16, %{{.*}} = %{{.*}} : f16) {
// CHECK: tile.fill %{{.*}}, %[[S]] : !tile.buf<32x32xf32, fragment>, f32
// CHECK: tile.scalar_bits %[[T]] : bf16
func.func @scalar_operands(%A: !tile.tensor<32x32xf32>, %s: f32, %t: bf16, %u: f16) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %sk = %s : f32, %tk = %t : bf16, %uk = %u : f16) {
    %c0 = arith.constant 0 : index
    %x = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.fill %x, %sk : !tile.buf<32x32xf32, fragment>, f32
    %bits = tile.scalar_bits %tk : bf16
    tile.copy %x, %a[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
