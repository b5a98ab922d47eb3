// Selects on element indices that have no mask lowering: each error names
// the op and what would lower.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// A product of two indices is not affine.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @product(%Y: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%y = %Y : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %a = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.parallel outs(%a : !tile.buf<64x64xf32, fragment>) {
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      // expected-error@+1 {{'arith.muli' on element indices has no mask lowering: a condition on tile.index must compare affine forms}}
      %p = arith.muli %i, %j : index
      %c = arith.cmpi slt, %p, %c64 : index
      %m = arith.select %c, %one, %zero : f32
      tile.yield %m : f32
    }
    tile.copy %a, %y[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Unsigned comparisons are not lowered.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @unsigned(%Y: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%y = %Y : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %a = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.parallel outs(%a : !tile.buf<64x64xf32, fragment>) {
      %i = tile.index 0 : index
      %j = tile.index 1 : index
      // expected-error@+1 {{an unsigned comparison of element indices has no mask lowering; use a signed predicate (slt, sle, sgt, sge) or eq / ne}}
      %c = arith.cmpi ult, %i, %j : index
      %m = arith.select %c, %one, %zero : f32
      tile.yield %m : f32
    }
    tile.copy %a, %y[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

