// Tile ops in scf.while's condition or in scf.execute_region have no lowering: the
// pipeline reports it at the op, and does not crash.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// A tile.parallel in the condition region of scf.while (its body may hold
// tile ops: Run/while.test).
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @in_while_condition(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %a_s = tile.alloc : !tile.buf<64x64xf32, shared>
    %b_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    // expected-error@+1 {{tile ops in the condition of an 'scf.while' have no lowering (move them into its body)}}
    %r = scf.while (%i = %c0) : (index) -> index {
      tile.parallel ins(%a_s : !tile.buf<64x64xf32, shared>) outs(%b_l : !tile.buf<64x64xf32, fragment>) {
      ^bb0(%x: f32):
        %m = arith.maximumf %x, %zero : f32
        tile.yield %m : f32
      }
      %c = arith.cmpi slt, %i, %c64 : index
      scf.condition(%c) %i : index
    } do {
    ^bb0(%j: index):
      %n = arith.addi %j, %c64 : index
      scf.yield %n : index
    }
    tile.copy %b_l, %b[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// A tile.parallel in scf.execute_region.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @in_execute_region(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a_s = tile.alloc : !tile.buf<64x64xf32, shared>
    %b_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    // expected-error@+1 {{tile ops inside 'scf.execute_region' have no lowering (only loops, scf.while and scf.if)}}
    scf.execute_region no_inline {
      tile.parallel ins(%a_s : !tile.buf<64x64xf32, shared>) outs(%b_l : !tile.buf<64x64xf32, fragment>) {
      ^bb0(%x: f32):
        %m = arith.maximumf %x, %zero : f32
        tile.yield %m : f32
      }
      scf.yield
    }
    tile.copy %b_l, %b[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}
