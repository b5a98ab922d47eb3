// tile-to-tt: multicast of shared GEMM blocks. A 2x3 grid of 64x64 blocks
// on 3x2 cores, one block per core: the cores of a grid row read the same
// A block and those of a grid column the same B block at every K step. The
// first core of each row reads A and multicasts it along the row (reader,
// NoC 1), the first core of each column B down the column (writer, NoC 0),
// tt-metal's in0/in1 sender and receiver protocol (docs/pipeline.md). Each shared copy takes two
// semaphores: 2m counts the ready receivers on the sender, 2m+1 is each
// receiver's VALID flag.
// RUN: tilt-opt --tile-to-tt='grid=3x2' %s | FileCheck %s
// RUN: tilt-opt --tile-to-tt='grid=3x2 multicast=false' %s | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: tt.program @gemm grid [3, 2]
// CHECK: tt.semaphore 0 cores [0, 0] to [2, 1] init 0
// CHECK-NEXT: tt.semaphore 1 cores [0, 0] to [2, 1] init 0
// CHECK-NEXT: tt.semaphore 2 cores [0, 0] to [2, 1] init 0
// CHECK-NEXT: tt.semaphore 3 cores [0, 0] to [2, 1] init 0
// A goes through the reader on NoC 1, which gives each rectangle's end
// corner first.
// CHECK: tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["arg0_addr", "start", "count", "cb0_mcast_receivers", "cb0_mcast_sender", "cb0_mcast_sender_x", "cb0_mcast_sender_y", "cb0_mcast_x0", "cb0_mcast_x1", "cb0_mcast_y0", "cb0_mcast_y1"] ct_args [@arg0]
// The sender of A: read the block, wait for every receiver to be ready,
// multicast it, then set VALID on the receivers.
// CHECK: cb.reserve_back %[[CB0:.*]], 2
// CHECK-NEXT: %[[DST:.*]] = cb.get_write_ptr %[[CB0]]
// CHECK-NEXT: %[[SENDER:.*]] = tt.get_arg_val index(4)
// CHECK-NEXT: %[[IS_SENDER:.*]] = arith.cmpi ne, %[[SENDER]], %{{.*}} : i32
// CHECK-NEXT: %[[READY:.*]] = tt.get_semaphore id(0)
// CHECK-NEXT: %[[VALID:.*]] = tt.get_semaphore id(1)
// CHECK-NEXT: scf.if %[[IS_SENDER]] {
// CHECK: tt.noc_async_read_tile
// CHECK: tt.noc_async_read_barrier
// CHECK-NEXT: %[[N:.*]] = tt.get_arg_val index(3)
// CHECK: tt.noc_semaphore_wait %[[READY]], %[[N]]
// CHECK-NEXT: tt.noc_semaphore_set %[[READY]], %{{.*}}
// CHECK: %[[RECT:.*]] = tt.get_noc_multicast_addr %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[DST]]
// CHECK-NEXT: tt.noc_async_write_multicast %[[DST]], %[[RECT]], %{{.*}}, %[[N]]
// CHECK-NEXT: tt.noc_semaphore_set %[[VALID]], %{{.*}}
// CHECK-NEXT: %[[FLAGS:.*]] = tt.get_noc_multicast_addr %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[VALID]]
// CHECK-NEXT: tt.noc_semaphore_set_multicast %[[VALID]], %[[FLAGS]], %[[N]]
// CHECK-NEXT: tt.noc_async_writes_flushed
// A receiver: clear VALID, count itself ready on the sender, wait for VALID.
// CHECK: } else {
// CHECK-NEXT: tt.noc_semaphore_set %[[VALID]], %{{.*}}
// CHECK-NEXT: %[[SX:.*]] = tt.get_arg_val index(5)
// CHECK-NEXT: %[[SY:.*]] = tt.get_arg_val index(6)
// CHECK-NEXT: %[[SENDER_READY:.*]] = tt.get_noc_addr %[[SX]], %[[SY]], %[[READY]]
// CHECK-NEXT: tt.noc_semaphore_inc %[[SENDER_READY]], %{{.*}}
// CHECK-NEXT: tt.noc_semaphore_wait %[[VALID]], %{{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: cb.push_back %[[CB0]], 2
// CHECK-NOT: tt.get_semaphore id(2)
// Core [0, 0] sends A to columns 2..1 of row 0 (two receivers); cores
// [1, 0] and [2, 0] receive it from core [0, 0].
// CHECK: tt.runtime_args @reader core [0, 0] [@arg0, 0, 1, 2, 1, 0, 0, noc_x(2), noc_x(1), noc_y(0), noc_y(0)]
// CHECK-NEXT: tt.runtime_args @reader core [1, 0] [@arg0, 1, 1, 0, 0, noc_x(0), noc_y(0), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @reader core [2, 0] [@arg0, 2, 1, 0, 0, noc_x(0), noc_y(0), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @reader core [0, 1] [@arg0, 3, 1, 2, 1, 0, 0, noc_x(2), noc_x(1), noc_y(1), noc_y(1)]
// CHECK-NEXT: tt.runtime_args @reader core [1, 1] [@arg0, 4, 1, 0, 0, noc_x(0), noc_y(1), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @reader core [2, 1] [@arg0, 5, 1, 0, 0, noc_x(0), noc_y(1), 0, 0, 0, 0]
// CHECK: tt.kernel @compute
// B goes through the writer on NoC 0 (start corner first), with
// semaphores 2 and 3: the cores of row 0 send it down their columns to
// row 1.
// CHECK: tt.kernel @writer writer processor riscv_0 noc 0 rt_args ["arg1_addr", "arg2_addr", "start", "count", "cb1_mcast_receivers", "cb1_mcast_sender", "cb1_mcast_sender_x", "cb1_mcast_sender_y", "cb1_mcast_x0", "cb1_mcast_x1", "cb1_mcast_y0", "cb1_mcast_y1"] ct_args [@arg1, @arg2]
// CHECK: cb.reserve_back %[[CB1:.*]], 2
// CHECK: tt.get_semaphore id(2)
// CHECK-NEXT: tt.get_semaphore id(3)
// CHECK: tt.noc_async_write_multicast
// CHECK: tt.noc_semaphore_inc
// CHECK: cb.push_back %[[CB1]], 2
// CHECK: tt.runtime_args @writer core [0, 0] [@arg1, @arg2, 0, 1, 1, 1, 0, 0, noc_x(0), noc_x(0), noc_y(1), noc_y(1)]
// CHECK-NEXT: tt.runtime_args @writer core [1, 0] [@arg1, @arg2, 1, 1, 1, 1, 0, 0, noc_x(1), noc_x(1), noc_y(1), noc_y(1)]
// CHECK-NEXT: tt.runtime_args @writer core [2, 0] [@arg1, @arg2, 2, 1, 1, 1, 0, 0, noc_x(2), noc_x(2), noc_y(1), noc_y(1)]
// CHECK-NEXT: tt.runtime_args @writer core [0, 1] [@arg1, @arg2, 3, 1, 0, 0, noc_x(0), noc_y(0), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @writer core [1, 1] [@arg1, @arg2, 4, 1, 0, 0, noc_x(1), noc_y(0), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @writer core [2, 1] [@arg1, @arg2, 5, 1, 0, 0, noc_x(2), noc_y(0), 0, 0, 0, 0]

// Without multicast every core reads its own blocks: no semaphores, no
// per-core multicast arguments.
// OFF-LABEL: tt.program @gemm grid [3, 2]
// OFF-NOT: tt.semaphore
// OFF: tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["arg0_addr", "arg1_addr", "start", "count"] ct_args [@arg0, @arg1]
// OFF-NOT: mcast
// OFF-NOT: tt.noc_semaphore
// OFF: tt.kernel @compute
// scripts/gen_tile_gemm.py 128 192 64 --block 64x64x32
func.func @gemm(%A: !tile.tensor<128x64xbf16>, %B: !tile.tensor<64x192xbf16>, %C: !tile.tensor<128x192xf32>) {
  tile.kernel grid [3, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<128x64xbf16>, %b = %B : !tile.tensor<64x192xbf16>, %c = %C : !tile.tensor<128x192xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant 32 : index
    %bm = arith.constant 64 : index
    %bn = arith.constant 64 : index
    %steps = arith.constant 2 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %c_l : !tile.buf<64x64xf32, fragment>
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    tile.pipelined %k = %c0 to %steps step %c1 stages 2 {
      %kk = arith.muli %k, %bk : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<128x64xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<64x192xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x192xf32>
  }
  return
}
