// tile-lower-data-movement needs the layouts of tile-legalize and the loop
// of tile-partition.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-lower-data-movement))' %s

// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @not_partitioned(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{copies are lowered in partitioned kernels (run tile-partition first)}}
    tile.copy %a[%c0, %c0], %s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @no_layout(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) attributes {partition = {arch = "wormhole_b0", cores = array<i64: 1, 1>, ranges = array<i64: 0, 1>}} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{the tensor has no tile layout (run tile-legalize first)}}
    tile.copy %a[%c0, %c0], %s : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}
