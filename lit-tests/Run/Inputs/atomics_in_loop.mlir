// Blocks of grid dimension 1 add x * x into the rows k of D for k from
// by / 2 to 2 (uneven, as a causal FlashAttention backward's dQ): the
// atomic is inside the loop, so each add reads, adds and writes its slice
// in place (atomics-in-loops.test).
func.func @acc(%X: !tile.tensor<4x64x32xf32>, %D: !tile.tensor<64x32xf32>) {
  tile.kernel grid [1, 4] blocks(%bx, %by) args(%X = %X : !tile.tensor<4x64x32xf32>, %D = %D : !tile.tensor<64x32xf32>) {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %p = tile.alloc : !tile.buf<32x32xf32, fragment>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %first = arith.divui %by, %c2 : index
    tile.pipelined %k = %first to %c2 step %c1 stages 2 {
      %r = arith.muli %k, %c32 : index
      tile.copy %X[%by, %r, %c0], %x : !tile.tensor<4x64x32xf32>, !tile.buf<32x32xf32, shared>
      tile.parallel ins(%x : !tile.buf<32x32xf32, shared>) outs(%p : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32):
        %v = arith.mulf %a, %a : f32
        tile.yield %v : f32
      }
      tile.atomic_add %p, %D[%r, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x32xf32>
    }
  }
  return
}
