// Tile ops inside scf.if on block indices and loop variables: the first
// half of the blocks doubles its rows, the rest adds one (an if without an
// else around a buffer filled before it), and a K loop clears its
// accumulator on the first trip only (an if inside a loop around the
// accumulator the gemm reads after it).
func.func @branches(%X: !tile.tensor<128x64xf32>, %Y: !tile.tensor<128x64xf32>,
                    %A: !tile.tensor<128x96xbf16>, %B: !tile.tensor<96x64xbf16>, %C: !tile.tensor<128x64xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%x = %X : !tile.tensor<128x64xf32>, %y = %Y : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %row = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %t = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%row, %c0], %s : !tile.tensor<128x64xf32>, !tile.buf<32x64xf32, shared>
    tile.fill %t, %one : !tile.buf<32x64xf32, fragment>, f32
    %low = arith.cmpi ult, %bx, %c2 : index
    scf.if %low {
      tile.parallel ins(%s : !tile.buf<32x64xf32, shared>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    } else {
      tile.parallel ins(%s, %t : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, fragment>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<128x64xf32>
  }
  tile.kernel grid [1, 2] blocks(%bx, %by) args(%a = %A : !tile.tensor<128x96xbf16>, %b = %B : !tile.tensor<96x64xbf16>, %c = %C : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %by, %c64 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %acc = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c3 step %c1 stages 2 {
      %first = arith.cmpi eq, %k, %c0 : index
      scf.if %first {
        tile.clear %acc : !tile.buf<64x64xf32, fragment>
      }
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<128x96xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<96x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %acc : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %acc, %c[%row, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<128x64xf32>
  }
  return
}
