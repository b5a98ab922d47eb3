func.func @rows(%X: !tile.tensor<100x128xbf16>, %L: !tile.tensor<4xi32>, %Y: !tile.tensor<100x128xbf16>) {
  tile.kernel grid [4, 2] blocks(%b, %col) args(%x = %X : !tile.tensor<100x128xbf16>, %l = %L : !tile.tensor<4xi32>, %y = %Y : !tile.tensor<100x128xbf16>) {
    %c25 = arith.constant 25 : index
    %c64 = arith.constant 64 : index
    %start = arith.muli %b, %c25 : index
    %column = arith.muli %col, %c64 : index
    %n32 = tile.load %l[%b] : !tile.tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%start, %column], %buf : !tile.tensor<100x128xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %buf, %y[%start, %column] rows %n : !tile.buf<32x64xbf16, shared>, !tile.tensor<100x128xbf16>
  }
  return
}
