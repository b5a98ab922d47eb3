// tile-lower-compute reports, at the op (with a note at the tile op when
// the cause is inside its body), what it cannot lower.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute))' %s

// A gemm accumulating into a buffer nothing wrote.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @unwritten_accumulator(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-remark@+1 {{the buffer read before it is written}}
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{this op reads a buffer that nothing has written yet}}
    tile.gemm %a_s, %a_s, %c_l : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// An op of the body with no tile equivalent: the error is at that op, the
// note at the tile.parallel.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @body_op(%A: !tile.tensor<32x32xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%a_s : !tile.buf<32x32xf32, shared>) outs(%c_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      // expected-error@+1 {{'arith.cmpf' with predicate 'ugt' has no Tenstorrent tile equivalent (supported: oeq, une, olt, ogt, ole, oge, whose NaN rule the SFPU's comparisons share)}}
      %p = arith.cmpf ugt, %x, %zero : f32
      %s = arith.select %p, %x, %zero : f32
      tile.yield %s : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A fill with a value computed at run time (from the block index).
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @runtime_fill(%C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %i = arith.index_cast %bx : index to i32
    // expected-note@+1 {{the fill value is computed here}}
    %v = arith.sitofp %i : i32 to f32
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{the fill value must be a constant or a scalar argument of the kernel: a value computed from a runtime scalar has no device form yet (compute it on the host and pass it as a scalar argument)}}
    tile.fill %c_l, %v : !tile.buf<32x32xf32, fragment>, f32
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A fill with a value computed from a runtime scalar argument (1 / eps):
// only the scalar itself reaches the device.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @computed_scalar_fill(%C: !tile.tensor<32x32xf32>, %EPS: f32) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x32xf32>, %eps = %EPS : f32) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    // expected-note@+1 {{the fill value is computed here}}
    %inv = arith.divf %one, %eps : f32
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{the fill value must be a constant or a scalar argument of the kernel}}
    tile.fill %c_l, %inv : !tile.buf<32x32xf32, fragment>, f32
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A body capturing a value computed from a runtime scalar outside it.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @computed_scalar_capture(%C: !tile.tensor<32x32xf32>, %S: f32) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x32xf32>, %s = %S : f32) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : f32
    // expected-error@+1 {{a scalar from outside the body must be a constant or a scalar argument of the kernel: a value computed from a runtime scalar has no device form yet}}
    %s2 = arith.mulf %s, %two : f32
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %c[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    // expected-note@+1 {{in this 'tile.parallel'}}
    tile.parallel ins(%x_s : !tile.buf<32x32xf32, shared>) outs(%y_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%x: f32):
      %r = arith.mulf %x, %s2 : f32
      tile.yield %r : f32
    }
    tile.copy %y_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A block read from DRAM inside a branch and read after it: its pages are
// popped inside the branch.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @load_in_branch(%X: !tile.tensor<128x64xf32>, %Y: !tile.tensor<128x64xf32>) {
  tile.kernel grid [4] blocks(%bx) args(%x = %X : !tile.tensor<128x64xf32>, %y = %Y : !tile.tensor<128x64xf32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %row = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %low = arith.cmpi ult, %bx, %c2 : index
    tile.fill %s, %zero : !tile.buf<32x64xf32, shared>, f32
    // expected-error@+1 {{a buffer filled from DRAM inside this branch is read after it: not supported yet (copy it into another buffer inside the branch, or fill it outside)}}
    scf.if %low {
      tile.copy %x[%row, %c0], %s : !tile.tensor<128x64xf32>, !tile.buf<32x64xf32, shared>
    }
    tile.copy %s, %y[%row, %c0] : !tile.buf<32x64xf32, shared>, !tile.tensor<128x64xf32>
  }
  return
}


// -----

// A slice of an on-core buffer moves whole tiles: an offset that is not
// provably a multiple of 32 cannot be copied tile by tile.
// expected-error@+1 {{pass 'tile-lower-compute' (TileLowerCompute) failed on 'func.func'}}
func.func @slice_not_whole_tiles(%A: !tile.tensor<32x128xf32>, %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x128xf32>, %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %whole = tile.alloc : !tile.buf<32x128xf32, shared>
    %part = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %a[%c0, %c0], %whole : !tile.tensor<32x128xf32>, !tile.buf<32x128xf32, shared>
    // expected-error@+1 {{a slice of an on-core buffer is copied in whole 32x32 tiles: its offsets must be provably multiples of 32 and its extents multiples of 32 (dimension 1)}}
    tile.copy %whole[%c0, %c16], %part : !tile.buf<32x128xf32, shared>, !tile.buf<32x32xf32, shared>
    tile.copy %part, %c[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<32x32xf32>
  }
  return
}
