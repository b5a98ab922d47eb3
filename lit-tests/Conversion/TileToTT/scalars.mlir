// Runtime scalars through the pipeline: the fill value t and the body's s
// become tt.scalar symbols and runtime arguments of the compute kernel (f32
// bits), passed by the host from --scalar.
// RUN: tilt-opt --retain-ssa-names --tile-to-tt='grid=2x2' %s | FileCheck %s
// RUN: tilt-opt --retain-ssa-names --tile-to-tt='grid=2x2' %s | tilt-translate --tt-to-metalium -o %t && FileCheck %s --check-prefix=KERNEL < %t/compute.cpp && FileCheck %s --check-prefix=HOST < %t/main.cpp

// CHECK-LABEL: tt.program @axpb
// CHECK: tt.scalar @s {arg = 1 : i64} : f32
// CHECK: tt.scalar @t {arg = 2 : i64} : f32
// CHECK: tt.kernel @reader reader {{.*}}rt_args ["X_addr", "start", "count"]
// CHECK: tt.kernel @compute compute {{.*}}rt_args ["s_bits", "t_bits", "start", "count"]
// CHECK-DAG: %[[T:.*]] = tt.get_arg_val index(1)
// CHECK-DAG: %[[S:.*]] = tt.get_arg_val index(0)
// CHECK: tt.mul_unary_tile %[[S]] dst(0)
// CHECK: tt.add_unary_tile %[[T]] dst(0)
// CHECK: tt.runtime_args @compute core [0, 0] [@s, @t, 0, 1]
// CHECK: tt.runtime_args @compute core [1, 1] [@s, @t, 3, 1]

// KERNEL: const uint32_t s_bits = get_arg_val<uint32_t>(0);
// KERNEL: mul_unary_tile(0, s_bits);
// KERNEL: add_unary_tile(0, t_bits);

// HOST: --scalar SCALAR=VALUE
// HOST: if (!parseArgs(argc, argv, {"X", "Y"}, {"s", "t"}, args))
// HOST: if (!scalarBits<float>(args, "s", s_bits))
// HOST: const uint32_t compute_args[4][6] = {
// HOST-NEXT: {0, 0, s_bits, t_bits, 0u, 1u},
func.func @axpb(%X: !tile.tensor<64x64xf32>, %s: f32, %t: f32, %Y: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2, 2] blocks(%bx, %by)
      args(%x = %X : !tile.tensor<64x64xf32>, %sk = %s : f32, %tk = %t : f32,
           %y = %Y : !tile.tensor<64x64xf32>) {
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %f = tile.alloc : !tile.buf<32x32xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %x_s : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
    tile.fill %f, %tk : !tile.buf<32x32xf32, fragment>, f32
    tile.parallel ins(%x_s, %f : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>)
                  outs(%y_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%xv: f32, %fv: f32):
      %m = arith.mulf %xv, %sk : f32
      %r = arith.addf %m, %fv : f32
      tile.yield %r : f32
    }
    tile.copy %y_l, %y[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}
