// Buffers are named after the function's arguments when the parser keeps
// their names (--retain-ssa-names) or they carry a name location; otherwise,
// and for names that cannot name host variables, they are @argN.
// RUN: tilt-opt --split-input-file --retain-ssa-names --tile-to-tt='grid=1x1' %s | FileCheck %s
// RUN: tilt-opt --split-input-file --tile-to-tt='grid=1x1' %s | FileCheck %s --check-prefix=UNNAMED

// Source names; runtime arguments follow the argument order.
// CHECK-LABEL: tt.program @copy
// CHECK-NEXT: tt.buffer @Input size
// CHECK-NEXT: tt.buffer @Output size
// CHECK: tt.kernel @reader {{.*}} rt_args ["Input_addr", "start", "count"]
// CHECK: tt.runtime_args @reader core [0, 0] [@Input, 0, 1]
// CHECK: tt.kernel @writer {{.*}} rt_args ["Output_addr", "start", "count"]
// CHECK: tt.runtime_args @writer core [0, 0] [@Output, 0, 1]
// UNNAMED-LABEL: tt.program @copy
// UNNAMED-NEXT: tt.buffer @arg0 size
// UNNAMED-NEXT: tt.buffer @arg1 size
func.func @copy(%Input: !tile.tensor<32x32xf32>, %Output: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %Input : !tile.tensor<32x32xf32>, %b = %Output : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%c0, %c0], %s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %s, %b[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// An explicit name location wins over the SSA name; a name with a `.`, a
// name taken by a kernel (@reader) and a duplicate fall back to @argN.
// CHECK-LABEL: tt.program @fallbacks
// CHECK-NEXT: tt.buffer @src size
// CHECK-NEXT: tt.buffer @arg1 size
// CHECK-NEXT: tt.buffer @arg2 size
// CHECK-NEXT: tt.buffer @arg3 size
func.func @fallbacks(%x: !tile.tensor<32x32xf32> loc("src"), %in.put: !tile.tensor<32x32xf32>,
                     %reader: !tile.tensor<32x32xf32>, %y: !tile.tensor<32x32xf32> loc("src")) {
  tile.kernel grid [1] blocks(%bx) args(%a = %x : !tile.tensor<32x32xf32>, %b = %in.put : !tile.tensor<32x32xf32>,
                                        %c = %reader : !tile.tensor<32x32xf32>, %d = %y : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %t = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%c0, %c0], %s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %b[%c0, %c0], %t : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %s, %c[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
    tile.copy %t, %d[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
  }
  return
}
