// Every verifier and parser error of tile.parallel's broadcast inputs.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// A dimension past the iteration space.
func.func @dim_out_of_range() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.parallel' op input #1 is indexed by d2, out of range for an iteration space of rank 2}}
    tile.parallel ins(%a, %m[d2] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>) outs(%a : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %y: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// Dimensions out of order (a transpose).
func.func @not_increasing() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{'tile.parallel' op the dimensions indexing input #0 must be increasing, got d1 before d0}}
    tile.parallel ins(%a[d1, d0] : !tile.buf<32x32xf32, shared>) outs(%a : !tile.buf<32x32xf32, shared>) {
    ^bb0(%x: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// A broadcast input whose extent is not the iteration space's.
func.func @extent_mismatch() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    %n = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.parallel' op input #1 has extent 32 in dimension 0 but d1 of the iteration space has extent 64}}
    tile.parallel ins(%a, %n[d1] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>) outs(%a : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %y: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// A broadcast input indexed by fewer dimensions than its rank.
func.func @rank_mismatch() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    %b = tile.alloc : !tile.buf<32x64xf32, shared>
    // expected-error@+1 {{'tile.parallel' op input #1 has rank 2 but is indexed by 1 dimensions}}
    tile.parallel ins(%a, %b[d0] : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, shared>) outs(%a : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %y: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// An input without dimensions must have the outputs' shape.
func.func @identity_shape() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.parallel' op input #1 is 32 but the iteration space (the outputs' shape) is 32x64; list the dimensions that index a broadcast input}}
    tile.parallel ins(%a, %m : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>) outs(%a : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32, %y: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// Outputs of different shapes.
func.func @output_shapes() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.parallel' op outputs have different shapes: 32x64 and 32 (output #1)}}
    tile.parallel ins(%a : !tile.buf<32x64xf32, shared>) outs(%a, %m : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>) {
    ^bb0(%x: f32):
      tile.yield %x, %x : f32, f32
    }
  }
  return
}

// -----

// A malformed indexing property (generic form).
func.func @bad_indexing() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    // expected-error@+1 {{'tile.parallel' op requires 'indexing' to be an array of 1 array<i64: ...> (one per input)}}
    "tile.parallel"(%a, %a) <{indexing = [array<i64: 0>, array<i64: 1>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%x: f32):
      tile.yield %x : f32
    }) : (!tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, shared>) -> ()
  }
  return
}

// -----

// Dimensions are written d0, d1, ...
func.func @bad_dim_name() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    // expected-error@+1 {{expected an iteration dimension (d0, d1, ...)}}
    tile.parallel ins(%a[i0] : !tile.buf<32x64xf32, shared>) outs(%a : !tile.buf<32x64xf32, shared>) {
    ^bb0(%x: f32):
      tile.yield %x : f32
    }
  }
  return
}

// -----

// tile.index belongs to a tile.parallel body.
func.func @index_outside() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{'tile.index' op must be in the body of a tile.parallel}}
    %i = tile.index 0 : index
  }
  return
}

// -----

func.func @index_dim() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xf32, shared>
    tile.parallel outs(%a : !tile.buf<32x64xf32, shared>) {
      // expected-error@+1 {{'tile.index' op dimension 2 is out of range for an iteration space of rank 2}}
      %i = tile.index 2 : index
      %z = arith.constant 0.0 : f32
      tile.yield %z : f32
    }
  }
  return
}

// -----

func.func @index_type() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32xf32, shared>
    tile.parallel outs(%a : !tile.buf<32xf32, shared>) {
      // expected-error@+1 {{'tile.index' op result must be index, got 'i32'}}
      %i = tile.index 0 : i32
      %z = arith.constant 0.0 : f32
      tile.yield %z : f32
    }
  }
  return
}

// -----

func.func @index_dim_missing() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32xf32, shared>
    tile.parallel outs(%a : !tile.buf<32xf32, shared>) {
      // expected-error@+1 {{'tile.index' op requires an integer 'dim' property}}
      %i = "tile.index"() : () -> index
      %z = arith.constant 0.0 : f32
      tile.yield %z : f32
    }
  }
  return
}
