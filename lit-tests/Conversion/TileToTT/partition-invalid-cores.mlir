// tile-partition: a tile.cores sub-grid written by hand must lie within the
// target grid.
// RUN: tilt-opt --verify-diagnostics --tile-partition='grid=4x4' %s

// expected-error@unknown {{pass 'tile-partition' (TilePartition) failed on 'builtin.module'}}
func.func @k(%A: !tile.tensor<64x64xf32>) {
  // expected-error@+1 {{tile-partition: 'tile.cores' must be array<i64: columns, rows> within the 4x4 grid}}
  tile.kernel grid [2, 2] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x64xf32>) attributes {tile.cores = array<i64: 8, 2>} {
  }
  return
}
