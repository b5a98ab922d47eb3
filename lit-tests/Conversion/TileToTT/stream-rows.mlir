// tile-stream-rows: a kernel whose buffers of one block need more L1 than a
// core has computes its wide rows in chunks of columns (up to 8 tiles): a
// loop per run of column-wise ops, row reductions accumulating from their
// identity, and the wide buffers a later loop reads again loaded from DRAM
// again or computed again from such loads. Otherwise a remark says why
// not (docs/pipeline.md).
// RUN: tilt-opt --verify-diagnostics --split-input-file --tile-stream-rows %s | FileCheck %s

// Softmax over rows of 8192 f32: the max, the sum of exp(x - max), then
// exp(x - max) / sum, which reads x again and computes exp again.
// CHECK-LABEL: func.func @softmax
// Each loop has chunk buffers of its own (a chunk lives for one trip).
// CHECK: tile.kernel {{.*}} attributes {tile.streamed}
// CHECK-NEXT: %[[X:.*]] = tile.alloc : !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: %[[X2:.*]] = tile.alloc : !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: %[[X3:.*]] = tile.alloc : !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: %[[E:.*]] = tile.alloc : !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: %[[E3:.*]] = tile.alloc : !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: %[[M:.*]] = tile.alloc : !tile.buf<32xf32, fragment>
// CHECK-NEXT: %[[S:.*]] = tile.alloc : !tile.buf<32xf32, fragment>
// CHECK: %[[R:.*]] = arith.muli
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: tile.fill %[[M]], %[[NEGINF]]
// CHECK: tile.pipelined %[[C:.*]] = %{{.*}} to %[[N:.*]] step %{{.*}} stages 2 {
// CHECK-NEXT: %[[W:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[C]], %[[W]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.addi %{{.*}}, %[[OFF]] : index
// CHECK-NEXT: tile.copy %{{.*}}[%[[R]], %[[COL]]], %[[X]]
// CHECK-NEXT: tile.reduce max %[[X]] -> %[[M]] dim 1 accumulate
// CHECK-NEXT: }
// CHECK: tile.fill %[[S]]
// CHECK: tile.pipelined
// CHECK: tile.copy %{{.*}}, %[[X2]]
// CHECK-NEXT: tile.parallel ins(%[[X2]], %[[M]][d0] : {{.*}}) outs(%[[E]] : !tile.buf<32x256xf32, fragment>)
// CHECK: math.exp
// CHECK: tile.reduce sum %[[E]] -> %[[S]] dim 1 accumulate
// CHECK: tile.pipelined
// CHECK: tile.copy %{{.*}}, %[[X3]]
// CHECK-NEXT: tile.parallel ins(%[[X3]], %[[M]][d0] : {{.*}}) outs(%[[E3]] : {{.*}})
// CHECK: math.exp
// CHECK: tile.parallel ins(%[[E3]], %[[S]][d0] : {{.*}}) outs(%[[E3]] : {{.*}})
// CHECK: arith.divf
// CHECK: tile.copy %[[E3]], %{{.*}}[%[[R]], %{{.*}}]
// CHECK-NOT: tile.pipelined
func.func @softmax(%X: !tile.tensor<64x8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  // expected-remark@+1 {{tile-stream-rows: the buffers of a block need 2105344 bytes of L1 (wormhole_b0 has 1468006 usable): rows of 8192 columns are computed in chunks of 256 columns, in 3 loops (0 loads kept whole on the core, 2 reads from DRAM again, 1 T.Parallel computed again)}}
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %e = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.reduce max %x -> %m dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%x, %m[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %d = arith.subf %a, %b : f32
      %v = math.exp %d : f32
      tile.yield %v : f32
    }
    tile.reduce sum %e -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%e, %s[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.divf %a, %b : f32
      tile.yield %v : f32
    }
    tile.copy %e, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}

// -----

// A layer norm's weights (1-d, indexed by the column) stream with the
// rows, and a column index in a body counts from the chunk's first column.
// The weights, the same for every block, stay on the core whole (1 MiB as
// 256 column tiles of f32, one copy: tile-partition reads them once per
// core) and each chunk is a slice of them; x's rows (2 MiB for two
// blocks) do not fit beside them and are read again.
// CHECK-LABEL: func.func @weights
// CHECK: %[[GW:.*]] = tile.alloc : !tile.buf<8192xf32, shared>
// CHECK-NEXT: %[[G:.*]] = tile.alloc : !tile.buf<256xf32, shared>
// CHECK: tile.pipelined
// CHECK: tile.copy %{{.*}}[%{{.*}}], %[[GW]] : !tile.tensor<8192xf32>, !tile.buf<8192xf32, shared>
// CHECK: tile.pipelined %[[C:.*]] =
// CHECK: %[[OFF:.*]] = arith.muli %[[C]]
// CHECK: tile.copy %{{.*}}, %{{.*}} : !tile.tensor<64x8192xf32>, !tile.buf<32x256xf32, fragment>
// CHECK-NEXT: tile.copy %[[GW]][%[[OFF]]], %[[G]] : !tile.buf<8192xf32, shared>, !tile.buf<256xf32, shared>
// CHECK-NEXT: tile.parallel ins(%{{.*}}, %[[G]][d1]
// CHECK: %[[J:.*]] = tile.index 1 : index
// CHECK-NEXT: %[[JC:.*]] = arith.addi %[[J]], %[[OFF]] : index
// CHECK-NEXT: arith.index_cast %[[JC]]
func.func @weights(%X: !tile.tensor<64x8192xf32>, %G: !tile.tensor<8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  // expected-remark@+1 {{in 2 loops (1 loads kept whole on the core, 1 reads from DRAM again, 0 T.Parallel computed again)}}
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %G = %G : !tile.tensor<8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %y = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %g = tile.alloc : !tile.buf<8192xf32, shared>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.reduce sum %x -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.copy %G[%c0], %g : !tile.tensor<8192xf32>, !tile.buf<8192xf32, shared>
    tile.parallel ins(%x, %g[d1], %s[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<8192xf32, shared>, !tile.buf<32xf32, fragment>) outs(%y : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %w: f32, %t: f32):
      %j = tile.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %jf = arith.sitofp %ji : i32 to f32
      %d = arith.subf %a, %t : f32
      %p = arith.mulf %d, %w : f32
      %v = arith.addf %p, %jf : f32
      tile.yield %v : f32
    }
    tile.copy %y, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}

// -----

// An RMS norm over rows of 8192 bf16 (examples/python/rmsnorm.py's
// shape): a block's rows (512 KiB, two blocks of them) stay on the core,
// loaded whole before the first loop; both loops slice them instead of the
// second reading x from DRAM again.
// CHECK-LABEL: func.func @resident_rows
// CHECK: %[[XW:.*]] = tile.alloc : !tile.buf<32x8192xbf16, shared>
// CHECK-NEXT: %[[XC:.*]] = tile.alloc : !tile.buf<32x256xbf16, shared>
// CHECK-NEXT: %[[XC2:.*]] = tile.alloc : !tile.buf<32x256xbf16, shared>
// CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}], %[[XW]] : !tile.tensor<256x8192xbf16>, !tile.buf<32x8192xbf16, shared>
// CHECK: tile.pipelined %[[C:.*]] =
// CHECK: %[[OFF:.*]] = arith.muli %[[C]]
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: tile.copy %[[XW]][%[[Z]], %[[OFF]]], %[[XC]] : !tile.buf<32x8192xbf16, shared>, !tile.buf<32x256xbf16, shared>
// CHECK-NEXT: tile.parallel ins(%[[XC]] :
// CHECK: tile.pipelined %[[C2:.*]] =
// CHECK: %[[OFF2:.*]] = arith.muli %[[C2]]
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: tile.copy %[[XW]][%[[Z2]], %[[OFF2]]], %[[XC2]]
// CHECK-NOT: !tile.tensor<256x8192xbf16>, !tile.buf<32x256xbf16
// CHECK: tile.copy %{{.*}}, %{{.*}} : !tile.buf<32x256xf32, fragment>, !tile.tensor<256x8192xf32>
func.func @resident_rows(%X: !tile.tensor<256x8192xbf16>, %Y: !tile.tensor<256x8192xf32>) {
  // expected-remark@+1 {{in 2 loops (1 loads kept whole on the core, 0 reads from DRAM again, 0 T.Parallel computed again)}}
  tile.kernel grid [8] blocks(%bx) args(%X = %X : !tile.tensor<256x8192xbf16>, %Y = %Y : !tile.tensor<256x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xbf16, shared>
    %sq = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %y = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<256x8192xbf16>, !tile.buf<32x8192xbf16, shared>
    tile.parallel ins(%x : !tile.buf<32x8192xbf16, shared>) outs(%sq : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: bf16):
      %e = arith.extf %a : bf16 to f32
      %v = arith.mulf %e, %e : f32
      tile.yield %v : f32
    }
    tile.reduce sum %sq -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%x, %s[d0] : !tile.buf<32x8192xbf16, shared>, !tile.buf<32xf32, fragment>) outs(%y : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: bf16, %b: f32):
      %e = arith.extf %a : bf16 to f32
      %v = arith.mulf %e, %b : f32
      tile.yield %v : f32
    }
    tile.copy %y, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<256x8192xf32>
  }
  return
}

// -----

// Rows computed from other computed rows (exp, then squared in place),
// read again after a row reduction: computed again in two steps from the
// rows read again, in the order they were computed.
// CHECK-LABEL: func.func @twice_computed
// CHECK: tile.pipelined
// CHECK: tile.pipelined
// CHECK: tile.copy
// CHECK-NEXT: tile.parallel
// CHECK: math.exp
// CHECK: tile.parallel
// CHECK: arith.mulf
// CHECK: tile.parallel
// CHECK: arith.divf
func.func @twice_computed(%X: !tile.tensor<64x8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  // expected-remark@+1 {{in 2 loops (0 loads kept whole on the core, 1 reads from DRAM again, 2 T.Parallel computed again)}}
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %e = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.parallel ins(%x : !tile.buf<32x8192xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32):
      %v = math.exp %a : f32
      tile.yield %v : f32
    }
    tile.parallel ins(%e : !tile.buf<32x8192xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32):
      %v = arith.mulf %a, %a : f32
      tile.yield %v : f32
    }
    tile.reduce sum %e -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%e, %s[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.divf %a, %b : f32
      tile.yield %v : f32
    }
    tile.copy %e, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}

// -----

// Rows computed from a row vector that changed since (m += s after the
// sum): they cannot be computed again, so the kernel stays whole (and does
// not fit L1).
// CHECK-LABEL: func.func @changed_vector
// CHECK: tile.alloc : !tile.buf<32x8192xf32, fragment>
// CHECK-NOT: tile.pipelined
func.func @changed_vector(%X: !tile.tensor<64x8192xf32>, %Y: !tile.tensor<64x8192xf32>) {
  // expected-remark@+1 {{tile-stream-rows: the buffers of a block need 2105344 bytes of L1 (wormhole_b0 has 1468006 usable), and their rows cannot be streamed in chunks: a wide buffer's whole rows are read again after a row reduction, and they cannot be read from DRAM or computed again chunk by chunk (computed from values that changed since, or by an op other than a T.Parallel of one output)}}
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x8192xf32>, %Y = %Y : !tile.tensor<64x8192xf32>) {
    %x = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %e = tile.alloc : !tile.buf<32x8192xf32, fragment>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    %s = tile.alloc : !tile.buf<32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x8192xf32>, !tile.buf<32x8192xf32, fragment>
    tile.reduce max %x -> %m dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%x, %m[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %d = arith.subf %a, %b : f32
      %v = math.exp %d : f32
      tile.yield %v : f32
    }
    tile.reduce sum %e -> %s dim 1 : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%m, %s : !tile.buf<32xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%m : !tile.buf<32xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.addf %a, %b : f32
      tile.yield %v : f32
    }
    tile.parallel ins(%e, %s[d0] : !tile.buf<32x8192xf32, fragment>, !tile.buf<32xf32, fragment>) outs(%e : !tile.buf<32x8192xf32, fragment>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.divf %a, %b : f32
      tile.yield %v : f32
    }
    tile.copy %e, %Y[%r, %c0] : !tile.buf<32x8192xf32, fragment>, !tile.tensor<64x8192xf32>
  }
  return
}

// -----

// Buffers that fit stay whole.
// CHECK-LABEL: func.func @fits
// CHECK: tile.alloc : !tile.buf<32x1024xf32, fragment>
// CHECK-NOT: tile.pipelined
// CHECK-NOT: tile.streamed
func.func @fits(%X: !tile.tensor<64x1024xf32>, %Y: !tile.tensor<64x1024xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%X = %X : !tile.tensor<64x1024xf32>, %Y = %Y : !tile.tensor<64x1024xf32>) {
    %x = tile.alloc : !tile.buf<32x1024xf32, fragment>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %bx, %c32 : index
    tile.copy %X[%r, %c0], %x : !tile.tensor<64x1024xf32>, !tile.buf<32x1024xf32, fragment>
    tile.copy %x, %Y[%r, %c0] : !tile.buf<32x1024xf32, fragment>, !tile.tensor<64x1024xf32>
  }
  return
}
