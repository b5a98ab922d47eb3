// tt-split-kernels: one tt.program per kernel, with buffers, CBs, a reader,
// a compute and a writer kernel and the runtime arguments of every core.
// RUN: tilt-opt --split-input-file --verify-diagnostics --tile-legalize --tile-partition='grid=3x2' --tile-lower-data-movement --tile-lower-compute --tt-split-kernels %s | FileCheck %s

// 8 blocks on 6 cores: 2, 2, 1, 1, 1, 1. The tensors are padded from
// 100x40 to 128x64.
// CHECK-LABEL: tt.program @scale grid [3, 2] arch wormhole_b0 board n150 {
// CHECK-NEXT: tt.buffer @arg0 size 32768 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 128, 64>, shape = array<i64: 100, 40>} : f32
// CHECK-NEXT: tt.buffer @arg1 size 32768 page_size 4096 {arg = 1 : i64, padded_shape = array<i64: 128, 64>, shape = array<i64: 100, 40>} : f32
// CHECK-NEXT: tt.cb_config 0 cores [0, 0] to [2, 1] : !cb.cb<f32, page_size = 4096, pages = 2>
// CHECK-NEXT: tt.cb_config 16 cores [0, 0] to [2, 1] : !cb.cb<f32, page_size = 4096, pages = 2>
// The reader: addresses, then the block range.
// CHECK-NEXT: tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["arg0_addr", "start", "count"] ct_args [@arg0] {
// CHECK-NOT: tt.role
// CHECK-NOT: tt.tile_regs
// CHECK: %[[ADDR:.*]] = tt.get_arg_val index(0)
// CHECK: tt.tensor_accessor %[[ADDR]], %{{.*}} ct_offset(0)
// CHECK: %[[START:.*]] = tt.get_arg_val index(1)
// CHECK-NEXT: %[[FIRST:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK-NEXT: %[[COUNT:.*]] = tt.get_arg_val index(2)
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[COUNT]] : i32 to index
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[FIRST]], %[[N]] : index
// CHECK: scf.for %{{.*}} = %[[FIRST]] to %[[END]] step
// CHECK: tt.noc_async_read_tile
// CHECK: tt.runtime_args @reader core [0, 0] [@arg0, 0, 2]
// CHECK-NEXT: tt.runtime_args @reader core [1, 0] [@arg0, 2, 2]
// CHECK-NEXT: tt.runtime_args @reader core [2, 0] [@arg0, 4, 1]
// CHECK-NEXT: tt.runtime_args @reader core [0, 1] [@arg0, 5, 1]
// CHECK-NEXT: tt.runtime_args @reader core [1, 1] [@arg0, 6, 1]
// CHECK-NEXT: tt.runtime_args @reader core [2, 1] [@arg0, 7, 1]
// Compute: no NoC, no addresses; fp32 accumulation for f32 data.
// CHECK-NEXT: tt.kernel @compute compute math_fidelity HiFi4 fp32_dest_acc rt_args ["start", "count"] {
// CHECK-NOT: tt.noc
// CHECK: tt.exp_tile
// CHECK: tt.runtime_args @compute core [0, 0] [0, 2]
// CHECK: tt.kernel @writer writer processor riscv_0 noc 0 rt_args ["arg1_addr", "start", "count"] ct_args [@arg1] {
// CHECK-NOT: tt.tile_regs
// CHECK: tt.noc_async_write_tile
// CHECK: tt.runtime_args @writer core [2, 1] [@arg1, 7, 1]
// The function is gone: the program is what the host runs.
// CHECK-NOT: func.func
func.func @scale(%A: !tile.tensor<100x40xf32>, %B: !tile.tensor<100x40xf32>) {
  tile.kernel grid [2, 4] blocks(%bx, %by) args(%a = %A : !tile.tensor<100x40xf32>, %b = %B : !tile.tensor<100x40xf32>) {
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %r = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%row, %col], %s : !tile.tensor<100x40xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%s : !tile.buf<32x32xf32, shared>) outs(%r : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %e = math.exp %x : f32
      tile.yield %e : f32
    }
    tile.copy %r, %b[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<100x40xf32>
  }
  return
}

// -----

// 4 blocks on 6 cores: the last two cores are idle and run no kernel; CBs
// are configured on the cores' bounding box.
// CHECK-LABEL: tt.program @idle grid [3, 2]
// CHECK: tt.cb_config 0 cores [0, 0] to [2, 1]
// CHECK: tt.kernel @reader reader cores [0, 0] to [2, 0], [0, 1] to [0, 1] processor riscv_1
// CHECK: tt.runtime_args @reader core [0, 1] [@arg0, 3, 1]
// CHECK-NOT: tt.runtime_args @reader core [1, 1]
// CHECK: tt.kernel @compute compute cores [0, 0] to [2, 0], [0, 1] to [0, 1]
func.func @idle(%A: !tile.tensor<128x32xf32>, %B: !tile.tensor<128x32xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%a = %A : !tile.tensor<128x32xf32>, %b = %B : !tile.tensor<128x32xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%row, %c0], %s : !tile.tensor<128x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %s, %b[%row, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<128x32xf32>
  }
  return
}

// -----

func.func @host_code(%A: !tile.tensor<32x32xf32>, %B: !tile.tensor<32x32xf32>) {
  // expected-error@+1 {{host code around tile.kernel ops is not supported: the function may only hold kernels}}
  "test.host"() : () -> ()
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %b = %B : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%c0, %c0], %s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %s, %b[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
  }
  return
}

// The implicit module has no source line.
// expected-error@unknown {{pass 'tt-split-kernels' (TTSplitKernels) failed on 'builtin.module'}}
