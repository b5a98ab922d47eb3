// Slices of on-core buffers: a block of rows and a vector loaded whole,
// then processed in chunks of 64 columns, each chunk a slice of them.
func.func @slices(%X: !tile.tensor<64x256xf32>, %V: !tile.tensor<256xf32>, %Y: !tile.tensor<64x256xf32>) {
  tile.kernel grid [2] blocks(%b) args(%x = %X : !tile.tensor<64x256xf32>, %v = %V : !tile.tensor<256xf32>, %y = %Y : !tile.tensor<64x256xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %whole = tile.alloc : !tile.buf<32x256xf32, shared>
    %vector = tile.alloc : !tile.buf<256xf32, shared>
    %part = tile.alloc : !tile.buf<32x64xf32, shared>
    %piece = tile.alloc : !tile.buf<64xf32, shared>
    %out = tile.alloc : !tile.buf<32x64xf32, fragment>
    %row = arith.muli %b, %c32 : index
    tile.copy %x[%row, %c0], %whole : !tile.tensor<64x256xf32>, !tile.buf<32x256xf32, shared>
    tile.copy %v[%c0], %vector : !tile.tensor<256xf32>, !tile.buf<256xf32, shared>
    scf.for %k = %c0 to %c4 step %c1 {
      %col = arith.muli %k, %c64 : index
      tile.copy %whole[%c0, %col], %part : !tile.buf<32x256xf32, shared>, !tile.buf<32x64xf32, shared>
      tile.copy %vector[%col], %piece : !tile.buf<256xf32, shared>, !tile.buf<64xf32, shared>
      tile.parallel ins(%part, %piece[d1] : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, shared>) outs(%out : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32, %w: f32):
        %p = arith.mulf %a, %w : f32
        tile.yield %p : f32
      }
      tile.copy %out, %y[%row, %col] : !tile.buf<32x64xf32, fragment>, !tile.tensor<64x256xf32>
    }
  }
  return
}
