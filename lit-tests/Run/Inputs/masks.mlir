// Block masks of one-byte integers (issue 33): each 32x32 block of X is
// doubled where its mask element says so and has one added elsewhere. The
// masks are a bool (i1, taken when not zero), an int8 (i8, sign extended:
// taken when above 0) and a uint8 (ui8, zero extended: taken when above
// 100). The reader reads the element's word and takes its byte; compute
// gets it through a CB.
func.func @masks(%bM: !tile.tensor<4x4xi1>, %bX: !tile.tensor<128x128xf32>, %bY: !tile.tensor<128x128xf32>,
                 %sM: !tile.tensor<4x4xi8>, %sX: !tile.tensor<128x128xf32>, %sY: !tile.tensor<128x128xf32>,
                 %uM: !tile.tensor<4x4xui8>, %uX: !tile.tensor<128x128xf32>, %uY: !tile.tensor<128x128xf32>) {
  tile.kernel grid [4, 4] blocks(%bx, %by) args(%m = %bM : !tile.tensor<4x4xi1>, %x = %bX : !tile.tensor<128x128xf32>, %y = %bY : !tile.tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %bound = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %e = tile.load %m[%by, %bx] : !tile.tensor<4x4xi1>
    %w = arith.extui %e : i1 to i32
    %v = arith.index_cast %w : i32 to index
    %cond = arith.cmpi ne, %v, %bound : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %t = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %s : !tile.tensor<128x128xf32>, !tile.buf<32x32xf32, shared>
    tile.fill %t, %one : !tile.buf<32x32xf32, fragment>, f32
    scf.if %cond {
      tile.parallel ins(%s : !tile.buf<32x32xf32, shared>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    } else {
      tile.parallel ins(%s, %t : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<128x128xf32>
  }
  tile.kernel grid [4, 4] blocks(%bx, %by) args(%m = %sM : !tile.tensor<4x4xi8>, %x = %sX : !tile.tensor<128x128xf32>, %y = %sY : !tile.tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %bound = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %e = tile.load %m[%by, %bx] : !tile.tensor<4x4xi8>
    %w = arith.extsi %e : i8 to i32
    %v = arith.index_cast %w : i32 to index
    %cond = arith.cmpi sgt, %v, %bound : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %t = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %s : !tile.tensor<128x128xf32>, !tile.buf<32x32xf32, shared>
    tile.fill %t, %one : !tile.buf<32x32xf32, fragment>, f32
    scf.if %cond {
      tile.parallel ins(%s : !tile.buf<32x32xf32, shared>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    } else {
      tile.parallel ins(%s, %t : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<128x128xf32>
  }
  tile.kernel grid [4, 4] blocks(%bx, %by) args(%m = %uM : !tile.tensor<4x4xui8>, %x = %uX : !tile.tensor<128x128xf32>, %y = %uY : !tile.tensor<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %bound = arith.constant 100 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %e = tile.load %m[%by, %bx] : !tile.tensor<4x4xui8>
    %w = arith.extui %e : i8 to i32
    %v = arith.index_cast %w : i32 to index
    %cond = arith.cmpi sgt, %v, %bound : index
    %s = tile.alloc : !tile.buf<32x32xf32, shared>
    %t = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%row, %col], %s : !tile.tensor<128x128xf32>, !tile.buf<32x32xf32, shared>
    tile.fill %t, %one : !tile.buf<32x32xf32, fragment>, f32
    scf.if %cond {
      tile.parallel ins(%s : !tile.buf<32x32xf32, shared>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    } else {
      tile.parallel ins(%s, %t : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>) outs(%t : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %col] : !tile.buf<32x32xf32, fragment>, !tile.tensor<128x128xf32>
  }
  return
}
