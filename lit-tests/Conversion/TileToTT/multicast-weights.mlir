// tile-to-tt: a copy the same for every block (a norm's weights: constant
// offsets, a tensor the kernel does not write) that tile-partition moved
// before the persistent loop is read once per core, and every core reads
// the same pages: the first core of each row of cores reads them and
// multicasts them along its row, with the sender and receiver protocol of
// the shared GEMM blocks (multicast.mlir). 8 blocks on 2x2 cores, two per
// core (docs/pipeline.md, tile-lower-data-movement).
// RUN: tilt-opt --tile-to-tt='grid=2x2' %s | FileCheck %s
// RUN: tilt-opt --tile-to-tt='grid=2x2 multicast=false' %s | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: tt.program @scale_columns grid [2, 2]
// CHECK: tt.semaphore 0 cores [0, 0] to [1, 1] init 0
// CHECK-NEXT: tt.semaphore 1 cores [0, 0] to [1, 1] init 0
// CHECK: tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["arg0_addr", "arg1_addr", "start", "count", "cb0_mcast_receivers", "cb0_mcast_sender", "cb0_mcast_sender_x", "cb0_mcast_sender_y", "cb0_mcast_x0", "cb0_mcast_x1", "cb0_mcast_y0", "cb0_mcast_y1"]
// The weights, before the persistent loop: read and multicast by the
// sender, waited for by the receivers.
// CHECK: cb.reserve_back %[[W:.*]], 4
// CHECK: scf.if
// CHECK: tt.noc_async_read_tile
// CHECK: tt.noc_async_write_multicast
// CHECK: } else {
// CHECK: tt.noc_semaphore_wait
// CHECK: }
// CHECK-NEXT: cb.push_back %[[W]], 4
// Then the blocks, each core its own rows of X.
// CHECK: scf.for
// CHECK: tt.noc_async_read_tile
// Core [0, 0] sends to core [1, 0], core [0, 1] to core [1, 1].
// CHECK: tt.runtime_args @reader core [0, 0] [@arg0, @arg1, 0, 2, 1, 1, 0, 0, noc_x(1), noc_x(1), noc_y(0), noc_y(0)]
// CHECK-NEXT: tt.runtime_args @reader core [1, 0] [@arg0, @arg1, 2, 2, 0, 0, noc_x(0), noc_y(0), 0, 0, 0, 0]
// CHECK-NEXT: tt.runtime_args @reader core [0, 1] [@arg0, @arg1, 4, 2, 1, 1, 0, 0, noc_x(1), noc_x(1), noc_y(1), noc_y(1)]
// CHECK-NEXT: tt.runtime_args @reader core [1, 1] [@arg0, @arg1, 6, 2, 0, 0, noc_x(0), noc_y(1), 0, 0, 0, 0]
// OFF-LABEL: tt.program @scale_columns grid [2, 2]
// OFF-NOT: tt.semaphore
// OFF-NOT: multicast
func.func @scale_columns(%X: !tile.tensor<256x128xbf16>, %W: !tile.tensor<128xbf16>, %Y: !tile.tensor<256x128xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%x = %X : !tile.tensor<256x128xbf16>, %w = %W : !tile.tensor<128xbf16>, %y = %Y : !tile.tensor<256x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %x_s = tile.alloc : !tile.buf<32x128xbf16, shared>
    %w_s = tile.alloc : !tile.buf<128xbf16, shared>
    %o = tile.alloc : !tile.buf<32x128xbf16, shared>
    tile.copy %x[%row, %c0], %x_s : !tile.tensor<256x128xbf16>, !tile.buf<32x128xbf16, shared>
    tile.copy %w[%c0], %w_s : !tile.tensor<128xbf16>, !tile.buf<128xbf16, shared>
    tile.parallel ins(%x_s, %w_s[d1] : !tile.buf<32x128xbf16, shared>, !tile.buf<128xbf16, shared>) outs(%o : !tile.buf<32x128xbf16, shared>) {
    ^bb0(%v: bf16, %u: bf16):
      %r = arith.mulf %v, %u : bf16
      tile.yield %r : bf16
    }
    tile.copy %o, %y[%row, %c0] : !tile.buf<32x128xbf16, shared>, !tile.tensor<256x128xbf16>
  }
  return
}
