// Every error the tile verifiers and parsers report.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @grid_not_positive(%A: !tile.tensor<64x64xf32>) {
  // expected-error@+1 {{'tile.kernel' op grid extent 0 (dimension 1) is not positive}}
  tile.kernel grid [2, 0] blocks(%bx, %by) args(%a = %A : !tile.tensor<64x64xf32>) {
  }
  return
}

// -----

func.func @grid_rank() {
  // expected-error@+1 {{'tile.kernel' op grid must have 1 to 3 dimensions, got 4}}
  tile.kernel grid [1, 1, 1, 1] blocks(%a, %b, %c, %d) args() {
  }
  return
}

// -----

func.func @kernel_operand(%x: i32) {
  // expected-error@+1 {{'tile.kernel' op operand #0 must be a !tile.tensor or an f32, bf16 or f16 scalar, got 'i32'}}
  tile.kernel grid [1] blocks(%bx) args(%a = %x : i32) {
  }
  return
}

// -----

// A scalar operand is f32, bf16 or f16: not f64 (no tile format), not index.
func.func @kernel_operand_f64(%A: !tile.tensor<64xf32>, %x: f64) {
  // expected-error@+1 {{'tile.kernel' op operand #1 must be a !tile.tensor or an f32, bf16 or f16 scalar, got 'f64'}}
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64xf32>, %s = %x : f64) {
  }
  return
}

// -----

// The body argument of a scalar operand has the operand's type.
func.func @kernel_scalar_arg_type(%x: f32) {
  // expected-error@+1 {{'tile.kernel' op argument #0 type does not match its operand}}
  "tile.kernel"(%x) <{grid = array<i64: 1>}> ({
  ^bb0(%bx: index, %s: bf16):
  }) : (f32) -> ()
  return
}

// -----

func.func @scalar_bits_type(%x: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %x : !tile.tensor<64xf32>) {
    // expected-error@+1 {{'tile.scalar_bits' op operand must be an f32, bf16 or f16 scalar, got 'index'}}
    %bits = tile.scalar_bits %bx : index
  }
  return
}

// -----

func.func @kernel_block_args(%A: !tile.tensor<64xf32>) {
  // expected-error@+1 {{'tile.kernel' op body must have 1 block indices and 1 tensor arguments, got 1 arguments}}
  "tile.kernel"(%A) <{grid = array<i64: 4>}> ({
  ^bb0(%bx: index):
  }) : (!tile.tensor<64xf32>) -> ()
  return
}

// -----

func.func @outside_kernel() {
  // expected-error@+1 {{'tile.alloc' op must be inside a tile.kernel}}
  %0 = tile.alloc : !tile.buf<32x32xf32, shared>
  return
}

// -----

// A kernel is isolated from above: a buffer of one kernel is not even
// visible in another (as in MLIR, the name is unknown there).
func.func @buffer_outside_its_kernel() {
  tile.kernel grid [1] blocks(%bx) args() {
    %buf = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.kernel grid [1] blocks(%by) args() {
      // expected-error@+1 {{use of undeclared SSA value name}}
      tile.clear %buf : !tile.buf<32x32xf32, shared>
    }
  }
  return
}

// -----

func.func @alloc_type() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{'tile.alloc' op result must be a !tile.buf, got 'f32'}}
    %0 = tile.alloc : f32
  }
  return
}

// -----

func.func @gemm_k_mismatch() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<128x32xbf16, shared>
    %b = tile.alloc : !tile.buf<64x128xbf16, shared>
    %c = tile.alloc : !tile.buf<128x128xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op shapes do not compose: A is 128x32 and B is 64x128 (K 32 vs 64)}}
    tile.gemm %a, %b, %c : !tile.buf<128x32xbf16, shared>, !tile.buf<64x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
  }
  return
}

// -----

func.func @gemm_transpose_respected() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x128xbf16, shared>
    %b = tile.alloc : !tile.buf<32x128xbf16, shared>
    %c = tile.alloc : !tile.buf<128x128xf32, fragment>
    // A^T x B composes; A x B does not.
    tile.gemm %a, %b, %c transpose_a : !tile.buf<32x128xbf16, shared>, !tile.buf<32x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op shapes do not compose: A is 32x128 and B is 32x128 (K 128 vs 32)}}
    tile.gemm %a, %b, %c : !tile.buf<32x128xbf16, shared>, !tile.buf<32x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
  }
  return
}

// -----

func.func @gemm_c_shape() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c = tile.alloc : !tile.buf<64x32xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op C is 64x32 but A x B is 64x64}}
    tile.gemm %a, %b, %c : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x32xf32, fragment>
  }
  return
}

// -----

func.func @gemm_element_types() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b = tile.alloc : !tile.buf<32x32xf16, shared>
    %c = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op A and B element types differ: 'bf16' and 'f16'}}
    tile.gemm %a, %b, %c : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf16, shared>, !tile.buf<32x32xf32, fragment>
  }
  return
}

// -----

func.func @gemm_accumulator_type() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c = tile.alloc : !tile.buf<32x32xf16, fragment>
    // expected-error@+1 {{'tile.gemm' op C must hold 'bf16' or 'f32' (the accumulation type), got 'f16'}}
    tile.gemm %a, %a, %c : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf16, fragment>
  }
  return
}

// -----

func.func @gemm_rank() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32xbf16, shared>
    %c = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op A must be a 2-d buffer, got 32}}
    tile.gemm %a, %a, %c : !tile.buf<32xbf16, shared>, !tile.buf<32xbf16, shared>, !tile.buf<32x32xf32, fragment>
  }
  return
}

// -----

func.func @gemm_operand_kind(%x: f32) {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    %t = arith.constant 0.0 : f32
    // expected-error@+1 {{'tile.gemm' op C must be a !tile.buf, got 'f32'}}
    "tile.gemm"(%a, %a, %t) : (!tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, f32) -> ()
  }
  return
}

// -----

func.func @copy_past_the_end(%A: !tile.tensor<100x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<100x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %buf = tile.alloc : !tile.buf<32x32xbf16, shared>
    // 96..127 is the tensor's padding (allowed); 128.. is past it.
    // expected-error@+1 {{'tile.copy' op the slice [128, 160) of dimension 0 runs past the tensor's size 128 (padded to whole tiles)}}
    tile.copy %a[%c128, %c0], %buf : !tile.tensor<100x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// At constant offsets (a block larger than the tensor at a computed offset
// overhangs it, as the last block of a grid may).
func.func @copy_buffer_too_large(%A: !tile.tensor<16x64xbf16>, %i: index) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<16x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<64x32xbf16, shared>
    // expected-error@+1 {{'tile.copy' op the buffer (64x32) is larger than the tensor (16x64, padded to whole tiles) in dimension 0}}
    tile.copy %buf, %a[%c0, %c0] : !tile.buf<64x32xbf16, shared>, !tile.tensor<16x64xbf16>
  }
  return
}

// -----

func.func @copy_offsets(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) {
    %buf = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{'tile.copy' op expected 2 offsets into the tensor, got 1}}
    tile.copy %a[%bx], %buf : !tile.tensor<64x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// A buffer of higher rank than the tensor.
func.func @copy_rank(%A: !tile.tensor<64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64xbf16>) {
    %buf = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{'tile.copy' op the buffer (rank 2) has a higher rank than the tensor (rank 1)}}
    tile.copy %a[%bx], %buf : !tile.tensor<64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// A buffer of lower rank still takes one offset per tensor dimension.
func.func @copy_lower_rank_offsets(%A: !tile.tensor<2x4x128x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<2x4x128x64xbf16>) {
    %buf = tile.alloc : !tile.buf<64x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op expected 4 offsets into the tensor, got 2}}
    tile.copy %a[%bx, %bx], %buf : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64x64xbf16, shared>
  }
  return
}

// -----

// A constant offset of a leading dimension (not covered by the buffer)
// past the tensor.
func.func @copy_leading_past_the_end(%A: !tile.tensor<2x4x128x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<2x4x128x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %buf = tile.alloc : !tile.buf<64x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op the slice [4, 5) of dimension 1 runs past the tensor's size 4}}
    tile.copy %a[%c0, %c4, %c0, %c0], %buf : !tile.tensor<2x4x128x64xbf16>, !tile.buf<64x64xbf16, shared>
  }
  return
}

// -----

// One-byte integers widen into int32 or f32 buffers when read, nothing
// else: a uint8 mask does not become bf16, nor is an int32 buffer written
// into a uint8 tensor.
func.func @narrow_copies(%M: !tile.tensor<64x64xui8>) {
  tile.kernel grid [1] blocks(%bx) args(%m = %M : !tile.tensor<64x64xui8>) {
    %c0 = arith.constant 0 : index
    %i = tile.alloc : !tile.buf<32x32xi32, shared>
    %f = tile.alloc : !tile.buf<32x32xf32, shared>
    %h = tile.alloc : !tile.buf<32x32xbf16, shared>
    tile.copy %m[%c0, %c0], %i : !tile.tensor<64x64xui8>, !tile.buf<32x32xi32, shared>
    tile.copy %m[%c0, %c0], %f : !tile.tensor<64x64xui8>, !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{'tile.copy' op element types do not match: 'ui8' and 'bf16'}}
    tile.copy %m[%c0, %c0], %h : !tile.tensor<64x64xui8>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

func.func @narrow_writes(%M: !tile.tensor<64x64xui8>) {
  tile.kernel grid [1] blocks(%bx) args(%m = %M : !tile.tensor<64x64xui8>) {
    %c0 = arith.constant 0 : index
    %i = tile.alloc : !tile.buf<32x32xi32, shared>
    // expected-error@+1 {{'tile.copy' op element types do not match: 'i32' and 'ui8'}}
    tile.copy %i, %m[%c0, %c0] : !tile.buf<32x32xi32, shared>, !tile.tensor<64x64xui8>
  }
  return
}

// -----

func.func @copy_element_types(%A: !tile.tensor<64x64xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xi32>) {
    %buf = tile.alloc : !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{'tile.copy' op element types do not match: 'i32' and 'f32'}}
    tile.copy %a[%bx, %bx], %buf : !tile.tensor<64x64xi32>, !tile.buf<32x32xf32, shared>
  }
  return
}

// -----

func.func @copy_tensor_to_tensor(%A: !tile.tensor<64xf32>, %B: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64xf32>, %b = %B : !tile.tensor<64xf32>) {
    // expected-error@+1 {{'tile.copy' op cannot copy from one global tensor to another; copy through a buffer}}
    tile.copy %a, %b : !tile.tensor<64xf32>, !tile.tensor<64xf32>
  }
  return
}

// -----

func.func @copy_buffer_shapes() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %y = tile.alloc : !tile.buf<32x64xf32, shared>
    // expected-error@+1 {{'tile.copy' op buffer shapes differ: 32x32 and 32x64}}
    tile.copy %x, %y : !tile.buf<32x32xf32, shared>, !tile.buf<32x64xf32, shared>
  }
  return
}

// -----

func.func @copy_offsets_on_both_sides(%A: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64xf32>) {
    %x = tile.alloc : !tile.buf<32xf32, shared>
    // expected-error@+1 {{only one side of a copy (the global tensor) takes offsets}}
    tile.copy %a[%bx], %x[%bx] : !tile.tensor<64xf32>, !tile.buf<32xf32, shared>
  }
  return
}

// -----

func.func @fill_type() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32xbf16, shared>
    %v = arith.constant 1.0 : f32
    // expected-error@+1 {{'tile.fill' op the value ('f32') must have the buffer's element type ('bf16')}}
    tile.fill %x, %v : !tile.buf<32xbf16, shared>, f32
  }
  return
}

// -----

func.func @clear_operand(%x: f32) {
  tile.kernel grid [1] blocks(%bx) args() {
    %v = arith.constant 1.0 : f32
    // expected-error@+1 {{'tile.clear' op the cleared value must be a !tile.buf, got 'f32'}}
    tile.clear %v : f32
  }
  return
}

// -----

func.func @pipelined_stages() {
  tile.kernel grid [1] blocks(%bx) args() {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'tile.pipelined' op stages must be at least 1, got 0}}
    tile.pipelined %k = %c0 to %c0 step %c0 stages 0 {
    }
  }
  return
}

// -----

func.func @parallel_shapes() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<64x64xf32, shared>
    %y = tile.alloc : !tile.buf<32x64xf32, fragment>
    // expected-error@+1 {{'tile.parallel' op input #0 is 64x64 but the iteration space (the outputs' shape) is 32x64; list the dimensions that index a broadcast input}}
    tile.parallel ins(%x : !tile.buf<64x64xf32, shared>) outs(%y : !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: f32):
      tile.yield %v : f32
    }
  }
  return
}

// -----

func.func @parallel_body_arguments() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<64xf32, shared>
    // expected-error@+1 {{'tile.parallel' op body argument #0 must be 'f32' (the element type of input #0), got 'bf16'}}
    tile.parallel ins(%x : !tile.buf<64xf32, shared>) outs(%x : !tile.buf<64xf32, shared>) {
    ^bb0(%v: bf16):
      %w = arith.constant 0.0 : f32
      tile.yield %w : f32
    }
  }
  return
}

// -----

func.func @parallel_yield() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<64xf32, shared>
    %y = tile.alloc : !tile.buf<64xbf16, shared>
    tile.parallel ins(%x : !tile.buf<64xf32, shared>) outs(%y : !tile.buf<64xbf16, shared>) {
    ^bb0(%v: f32):
      // expected-error@+1 {{'tile.yield' op value #0 is 'f32' but output #0 holds 'bf16'}}
      tile.yield %v : f32
    }
  }
  return
}

// -----

func.func @parallel_yield_count() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<64xf32, shared>
    tile.parallel ins(%x : !tile.buf<64xf32, shared>) outs(%x : !tile.buf<64xf32, shared>) {
    ^bb0(%v: f32):
      // expected-error@+1 {{'tile.yield' op yields 2 values but the tile.parallel has 1 outputs}}
      tile.yield %v, %v : f32, f32
    }
  }
  return
}

// -----

func.func @reduce_dim() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.reduce' op dimension 2 is out of range for a source of rank 2}}
    tile.reduce sum %x -> %y dim 2 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
  }
  return
}

// -----

func.func @reduce_shape() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<64xf32, fragment>
    // expected-error@+1 {{'tile.reduce' op the destination must be 32 (the source 32x64 without dimension 1), got 64}}
    tile.reduce sum %x -> %y dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
  }
  return
}

// -----

func.func @reduce_kind() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.reduce' op kind must be 'sum', 'max', 'min' or 'absmax', got 'prod'}}
    tile.reduce prod %x -> %y dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
  }
  return
}

// -----

// expected-error@+1 {{!tile.buf element type must be bf16, f16, f32 or i32, got 'f64'}}
func.func @bad_element(%x: !tile.buf<32xf64, shared>) {
  return
}

// -----

// One-byte integers are for tensors read element by element, not buffers.
// expected-error@+1 {{!tile.buf element type must be bf16, f16, f32 or i32, got 'i8'}}
func.func @byte_buffer(%x: !tile.buf<32xi8, shared>) {
  return
}

// -----

// expected-error@+1 {{!tile.tensor element type must be bf16, f16, f32 or i32 (or i1, i8, ui8), got 'si8'}}
func.func @signed_byte_tensor(%x: !tile.tensor<32xsi8>) {
  return
}

// -----

// expected-error@+1 {{expected 'shared' or 'fragment', got 'global'}}
func.func @bad_space(%x: !tile.buf<32xf32, global>) {
  return
}

// -----

// expected-error@+1 {{!tile.tensor dimensions must be positive, got 0}}
func.func @bad_dim(%x: !tile.tensor<0x4xf32>) {
  return
}

// -----

// expected-error@+1 {{unknown tile type 'matrix' (expected 'tensor' or 'buf')}}
func.func @bad_type(%x: !tile.matrix<4xf32>) {
  return
}

// -----

// The errors below are reachable through the generic form (or the API).

func.func @kernel_no_grid() {
  // expected-error@+1 {{'tile.kernel' op requires a 'grid' property: array<i64: ...>}}
  "tile.kernel"() ({
  ^bb0(%bx: index):
  }) : () -> ()
  return
}

// -----

func.func @kernel_block_index_type() {
  // expected-error@+1 {{'tile.kernel' op block index #0 must be of type index}}
  "tile.kernel"() <{grid = array<i64: 4>}> ({
  ^bb0(%bx: i32):
  }) : () -> ()
  return
}

// -----

func.func @kernel_argument_type(%A: !tile.tensor<64xf32>) {
  // expected-error@+1 {{'tile.kernel' op argument #0 type does not match its operand}}
  "tile.kernel"(%A) <{grid = array<i64: 4>}> ({
  ^bb0(%bx: index, %a: !tile.tensor<32xf32>):
  }) : (!tile.tensor<64xf32>) -> ()
  return
}

// -----

func.func @copy_kinds() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<4xf32, shared>
    %v = arith.constant 0.0 : f32
    // expected-error@+1 {{'tile.copy' op copies between !tile.tensor and !tile.buf values, got '!tile.buf<4xf32, shared>' and 'f32'}}
    "tile.copy"(%x, %v) : (!tile.buf<4xf32, shared>, f32) -> ()
  }
  return
}

// -----

func.func @copy_offset_type(%A: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64xf32>) {
    %x = tile.alloc : !tile.buf<4xf32, shared>
    %i = arith.constant 0 : i32
    // expected-error@+1 {{'tile.copy' op offsets must be of type index}}
    "tile.copy"(%a, %x, %i) : (!tile.tensor<64xf32>, !tile.buf<4xf32, shared>, i32) -> ()
  }
  return
}

// -----

func.func @slice_rank() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<64xf32, shared>
    // expected-error@+1 {{'tile.copy' op a slice of a buffer has the buffer's rank: 32x64 and 64}}
    "tile.copy"(%x, %y, %bx) : (!tile.buf<32x64xf32, shared>, !tile.buf<64xf32, shared>, index) -> ()
  }
  return
}

// -----

func.func @slice_offset_count() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<32x32xf32, shared>
    // expected-error@+1 {{'tile.copy' op expected 2 offsets into the source buffer, got 1}}
    "tile.copy"(%x, %y, %bx) : (!tile.buf<32x64xf32, shared>, !tile.buf<32x32xf32, shared>, index) -> ()
  }
  return
}

// -----

func.func @slice_larger() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %y = tile.alloc : !tile.buf<32x64xf32, shared>
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'tile.copy' op the destination (32x64) is larger than the source (32x32) in dimension 1}}
    tile.copy %x[%c0, %bx], %y : !tile.buf<32x32xf32, shared>, !tile.buf<32x64xf32, shared>
  }
  return
}

// -----

func.func @slice_past_end() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x64xf32, shared>
    %y = tile.alloc : !tile.buf<32x32xf32, shared>
    %c0 = arith.constant 0 : index
    %c48 = arith.constant 48 : index
    // expected-error@+1 {{'tile.copy' op the slice [48, 80) of dimension 1 runs past the source buffer's size 64}}
    tile.copy %x[%c0, %c48], %y : !tile.buf<32x64xf32, shared>, !tile.buf<32x32xf32, shared>
  }
  return
}

// -----

func.func @slice_offsets_on_dest() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %y = tile.alloc : !tile.buf<32x64xf32, shared>
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{the offsets of a copy from a buffer go on its source}}
    tile.copy %x, %y[%c0, %c0] : !tile.buf<32x32xf32, shared>, !tile.buf<32x64xf32, shared>
  }
  return
}

// -----

func.func @copy_out_offsets_on_buffer(%A: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>) {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{the offsets of a copy to a tensor go on the tensor}}
    tile.copy %x[%c0, %c0], %a : !tile.buf<32x32xf32, shared>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

func.func @copy_in_offsets_on_buffer(%A: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>) {
    %x = tile.alloc : !tile.buf<32x32xf32, shared>
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{the offsets of a copy from a tensor go on its source}}
    tile.copy %a, %x[%c0, %c0] : !tile.tensor<64x64xf32>, !tile.buf<32x32xf32, shared>
  }
  return
}

// -----

func.func @gemm_flags() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{'tile.gemm' op transpose flags must be unit attributes}}
    "tile.gemm"(%a, %a, %c) <{transpose_a = 1 : i64}> : (!tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>) -> ()
  }
  return
}

// -----

func.func @fill_operand() {
  tile.kernel grid [1] blocks(%bx) args() {
    %v = arith.constant 0.0 : f32
    // expected-error@+1 {{'tile.fill' op the filled value must be a !tile.buf, got 'f32'}}
    "tile.fill"(%v, %v) : (f32, f32) -> ()
  }
  return
}

// -----

func.func @pipelined_properties() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{'tile.pipelined' op requires an integer 'stages' property}}
    "tile.pipelined"(%bx, %bx, %bx) ({
    ^bb0(%k: index):
    }) : (index, index, index) -> ()
  }
  return
}

// -----

func.func @pipelined_bounds() {
  tile.kernel grid [1] blocks(%bx) args() {
    %i = arith.constant 0 : i32
    // expected-error@+1 {{'tile.pipelined' op bounds and step must be of type index}}
    "tile.pipelined"(%i, %bx, %bx) <{stages = 1 : i64}> ({
    ^bb0(%k: index):
    }) : (i32, index, index) -> ()
  }
  return
}

// -----

func.func @pipelined_body() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{'tile.pipelined' op body must have one index argument (the induction variable)}}
    "tile.pipelined"(%bx, %bx, %bx) <{stages = 1 : i64}> ({
    ^bb0(%k: i32):
    }) : (index, index, index) -> ()
  }
  return
}

// -----

func.func @parallel_segments() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<4xf32, shared>
    // expected-error@+1 {{'tile.parallel' op requires operandSegmentSizes = array<i32: inputs, outputs> with at least one output, matching the operands}}
    "tile.parallel"(%x) <{operandSegmentSizes = array<i32: 1, 0>}> ({
    ^bb0(%v: f32):
      "tile.yield"() : () -> ()
    }) : (!tile.buf<4xf32, shared>) -> ()
  }
  return
}

// -----

func.func @parallel_operand_kind() {
  tile.kernel grid [1] blocks(%bx) args() {
    %v = arith.constant 0.0 : f32
    // expected-error@+1 {{'tile.parallel' op every operand must be a !tile.buf, got 'f32'}}
    "tile.parallel"(%v) <{operandSegmentSizes = array<i32: 0, 1>}> ({
      "tile.yield"(%v) : (f32) -> ()
    }) : (f32) -> ()
  }
  return
}

// -----

func.func @parallel_arity() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<4xf32, shared>
    // expected-error@+1 {{'tile.parallel' op body must have one argument per input (1), got 0}}
    tile.parallel ins(%x : !tile.buf<4xf32, shared>) outs(%x : !tile.buf<4xf32, shared>) {
      %w = arith.constant 0.0 : f32
      tile.yield %w : f32
    }
  }
  return
}

// -----

func.func @reduce_types() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<4x4xf32, shared>
    %y = tile.alloc : !tile.buf<4xbf16, fragment>
    // expected-error@+1 {{'tile.reduce' op the destination must hold 'f32', got 'bf16'}}
    tile.reduce max %x -> %y dim 0 : !tile.buf<4x4xf32, shared>, !tile.buf<4xbf16, fragment>
  }
  return
}

// -----

func.func @reduce_dim_property() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<4x4xf32, shared>
    %y = tile.alloc : !tile.buf<4xf32, fragment>
    // expected-error@+1 {{'tile.reduce' op requires an integer 'dim' property}}
    "tile.reduce"(%x, %y) <{kind = "sum"}> : (!tile.buf<4x4xf32, shared>, !tile.buf<4xf32, fragment>) -> ()
  }
  return
}

// -----

// expected-error@+1 {{!tile.buf needs a shape (e.g. 64x64xbf16)}}
func.func @no_shape(%x: !tile.buf<f32, shared>) {
  return
}

// -----

// accumulate is a unit property.
func.func @accumulate_not_unit() {
  tile.kernel grid [1] blocks(%bx) args() {
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    // expected-error@+1 {{'tile.reduce' op 'accumulate' must be a unit attribute}}
    "tile.reduce"(%s, %m) <{accumulate = 1 : i64, dim = 1 : i64, kind = "max"}> : (!tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>) -> ()
  }
  return
}

// -----

func.func @copy_dims_count(%Q: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op 'dims' names 3 tensor dimensions for a buffer of rank 2}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = array<i64: 0, 1, 3>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}

// -----

func.func @copy_dims_order(%Q: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op 'dims' must name tensor dimensions in increasing order (0 to 3), got array<i64: 3, 1>}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = array<i64: 3, 1>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}

// -----

func.func @copy_dims_type(%Q: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op 'dims' must be an array<i64>, got [1, 3]}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = [1, 3]} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}

// -----

// With dims [1, 3], the buffer's 64 columns run along dimension 3 (64):
// its 64 rows along dimension 1 (16, padded to 32) do not fit.
func.func @copy_dims_extent(%Q: !tile.tensor<2x16x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x16x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<64x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op the buffer (64x64) is larger than the tensor (2x16x4x64, padded to whole tiles) in dimension 1}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = array<i64: 1, 3>} : !tile.tensor<2x16x4x64xbf16>, !tile.buf<64x64xbf16, shared>
  }
  return
}

// -----

func.func @load_offsets(%T: !tile.tensor<2x4xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%t = %T : !tile.tensor<2x4xi32>) {
    // expected-error@+1 {{'tile.load' op expected 2 offsets into the tensor, got 1}}
    %v = tile.load %t[%bx] : !tile.tensor<2x4xi32>
  }
  return
}

// -----

func.func @load_outside(%T: !tile.tensor<2x4xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%t = %T : !tile.tensor<2x4xi32>) {
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{'tile.load' op offset 4 of dimension 1 is outside the tensor's size 4}}
    %v = tile.load %t[%bx, %c4] : !tile.tensor<2x4xi32>
  }
  return
}

// -----

func.func @load_result(%T: !tile.tensor<2x4xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%t = %T : !tile.tensor<2x4xi32>) {
    // expected-error@+1 {{'tile.load' op result type 'f32' is not the tensor's element type 'i32'}}
    %v = "tile.load"(%t, %bx, %bx) : (!tile.tensor<2x4xi32>, index, index) -> f32
  }
  return
}

// -----

func.func @load_unsigned_result(%T: !tile.tensor<4xui8>) {
  tile.kernel grid [1] blocks(%bx) args(%t = %T : !tile.tensor<4xui8>) {
    // expected-error@+1 {{'tile.load' op result type 'ui8' is not the tensor's element type 'i8'}}
    %v = "tile.load"(%t, %bx) : (!tile.tensor<4xui8>, index) -> ui8
  }
  return
}

// -----

func.func @load_outside_kernel(%T: !tile.tensor<2x4xi32>, %i: index) {
  // expected-error@+1 {{'tile.load' op must be inside a tile.kernel}}
  %v = tile.load %T[%i, %i] : !tile.tensor<2x4xi32>
  return
}

// -----

func.func @atomic_into_buffer(%C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<64x64xf32>) {
    %a = tile.alloc : !tile.buf<32x32xf32, fragment>
    %b = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op adds a !tile.buf into a !tile.tensor, got '!tile.buf<32x32xf32, fragment>' and '!tile.buf<32x32xf32, fragment>'}}
    "tile.atomic_add"(%a, %b) : (!tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, fragment>) -> ()
  }
  return
}

// -----

func.func @atomic_offsets(%C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<64x64xf32>) {
    %a = tile.alloc : !tile.buf<32x32xf32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op expected 2 offsets into the tensor, got 1}}
    tile.atomic_add %a, %c[%bx] : !tile.buf<32x32xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

func.func @atomic_dims_count(%C: !tile.tensor<2x64x4x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<2x64x4x64xf32>) {
    %a = tile.alloc : !tile.buf<32x64xf32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op 'dims' names 3 tensor dimensions for a buffer of rank 2}}
    tile.atomic_add %a, %c[%bx, %bx, %bx, %bx] {dims = array<i64: 1, 2, 3>} : !tile.buf<32x64xf32, fragment>, !tile.tensor<2x64x4x64xf32>
  }
  return
}

// -----

func.func @atomic_dims_order(%C: !tile.tensor<2x64x4x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<2x64x4x64xf32>) {
    %a = tile.alloc : !tile.buf<32x64xf32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op 'dims' must name tensor dimensions in increasing order (0 to 3), got array<i64: 3, 1>}}
    tile.atomic_add %a, %c[%bx, %bx, %bx, %bx] {dims = array<i64: 3, 1>} : !tile.buf<32x64xf32, fragment>, !tile.tensor<2x64x4x64xf32>
  }
  return
}

// -----

// Without dims, a [S, D] block of a BSHD tensor would cover H.
func.func @atomic_bshd_without_dims(%C: !tile.tensor<2x64x4x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<2x64x4x64xf32>) {
    %a = tile.alloc : !tile.buf<64x64xf32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op the buffer (64x64) is larger than the tensor (2x64x4x64, padded to whole tiles) in dimension 2}}
    tile.atomic_add %a, %c[%bx, %bx, %bx, %bx] : !tile.buf<64x64xf32, fragment>, !tile.tensor<2x64x4x64xf32>
  }
  return
}

// -----

func.func @atomic_integers(%C: !tile.tensor<64x64xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<64x64xi32>) {
    %a = tile.alloc : !tile.buf<32x32xi32, fragment>
    // expected-error@+1 {{'tile.atomic_add' op adds floats (got 'i32' into 'i32')}}
    tile.atomic_add %a, %c[%bx, %bx] : !tile.buf<32x32xi32, fragment>, !tile.tensor<64x64xi32>
  }
  return
}

// -----

func.func @atomic_max_integers(%C: !tile.tensor<64x64xi32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<64x64xi32>) {
    %a = tile.alloc : !tile.buf<32x32xi32, fragment>
    // expected-error@+1 {{'tile.atomic_max' op takes the maximum of floats (got 'i32' into 'i32')}}
    tile.atomic_max %a, %c[%bx, %bx] : !tile.buf<32x32xi32, fragment>, !tile.tensor<64x64xi32>
  }
  return
}

// -----

func.func @atomic_min_larger_buffer(%C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x32xf32>) {
    %a = tile.alloc : !tile.buf<64x32xf32, fragment>
    // expected-error@+1 {{'tile.atomic_min' op the buffer (64x32) is larger than the tensor (32x32, padded to whole tiles) in dimension 0}}
    tile.atomic_min %a, %c[%bx, %bx] : !tile.buf<64x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

func.func @im2col_image_rank(%D: !tile.tensor<64x64xf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<64x64xf16>) {
    %a = tile.alloc : !tile.buf<32x32xf16, shared>
    // expected-error@+1 {{'tile.im2col' op the image must be a rank-4 !tile.tensor [N, H, W, C], got '!tile.tensor<64x64xf16>'}}
    tile.im2col %d[%b, %b], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<64x64xf16>, !tile.buf<32x32xf16, shared>
  }
  return
}

// -----

func.func @im2col_element(%D: !tile.tensor<1x8x8x32xf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x32xf16>) {
    %a = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{'tile.im2col' op the buffer must hold the image's element type 'f16', got 'bf16'}}
    tile.im2col %d[%b, %b], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<1x8x8x32xf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

func.func @im2col_stride(%D: !tile.tensor<1x8x8x32xf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x32xf16>) {
    %a = tile.alloc : !tile.buf<32x32xf16, shared>
    // expected-error@+1 {{'tile.im2col' op kernel, stride and dilation must be at least 1, got 3, 0 and 1}}
    tile.im2col %d[%b, %b], %a kernel 3 stride 0 dilation 1 padding 1 : !tile.tensor<1x8x8x32xf16>, !tile.buf<32x32xf16, shared>
  }
  return
}

// -----

func.func @im2col_too_large(%D: !tile.tensor<1x8x8x32xf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x32xf16>) {
    %a = tile.alloc : !tile.buf<32x32xf16, shared>
    // expected-error@+1 {{'tile.im2col' op the kernel (11 taps, dilation 1) does not fit in the padded image 8x8 (padding 1)}}
    tile.im2col %d[%b, %b], %a kernel 11 stride 1 dilation 1 padding 1 : !tile.tensor<1x8x8x32xf16>, !tile.buf<32x32xf16, shared>
  }
  return
}

// -----

func.func @im2col_steps(%D: !tile.tensor<1x8x8x32xf16>) {
  tile.kernel grid [1] blocks(%b) args(%d = %D : !tile.tensor<1x8x8x32xf16>) {
    %a = tile.alloc : !tile.buf<32x32xf16, shared>
    // expected-error@+1 {{expected two steps [nhw, k], got 1}}
    tile.im2col %d[%b], %a kernel 3 stride 1 dilation 1 padding 1 : !tile.tensor<1x8x8x32xf16>, !tile.buf<32x32xf16, shared>
  }
  return
}

// -----

func.func @row_limit_on_a_read(%A: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{'tile.copy' op a row limit (`rows %n`) applies to a copy from a buffer to a tensor}}
    tile.copy %a[%c0, %c0], %buf rows %c0 : !tile.tensor<64x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}

// -----

// A tile.workspace is a tensor of the function, outside kernels.
func.func @inside(%X: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%x = %X : !tile.tensor<32x32xf32>) {
    // expected-error@+1 {{'tile.workspace' op is a DRAM tensor of the function: it must be outside tile.kernel ops (pass it to them as an argument)}}
    %w = tile.workspace : !tile.tensor<32x32xf32>
  }
  return
}

// -----

// expected-error@+1 {{'tile.workspace' op result must be a !tile.tensor, got '!tile.buf<32x32xf32, shared>'}}
%w = tile.workspace : !tile.buf<32x32xf32, shared>
