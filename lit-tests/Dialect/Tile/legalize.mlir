// tile-legalize: DRAM tile layouts for global tensors (padding shapes that
// are not whole tiles), and the checks of what Tenstorrent can run.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize))' %s | FileCheck %s
// Running it twice changes nothing more.
// RUN: not tilt-opt --split-input-file --tile-legalize %s 2>/dev/null | tilt-opt --split-input-file --tile-legalize 2>/dev/null | FileCheck %s
// RUN: tilt-opt --tile-legalize --verify-roundtrip %S/../../../examples/gemm.tilt | FileCheck %s --check-prefix=GEMM

// 100x70 by 70x50: padded to 128x96 and 96x64; the logical shape stays.
// CHECK-LABEL: func.func @unaligned(
// CHECK-SAME: %arg0: !tile.tensor<100x70xbf16, {kind = "dram_interleaved", padded_shape = array<i64: 128, 96>, page_size = 2048 : i64, tile = array<i64: 32, 32>}>
// CHECK-SAME: %arg1: !tile.tensor<70x50xf32, {kind = "dram_interleaved", padded_shape = array<i64: 96, 64>, page_size = 4096 : i64, tile = array<i64: 32, 32>}>
// CHECK-SAME: %arg2: !tile.tensor<64xf16, {kind = "dram_interleaved", padded_shape = array<i64: 64>, page_size = 2048 : i64, tile = array<i64: 32, 32>}>
// The kernel's arguments follow their operands.
// CHECK-NEXT: tile.kernel grid [2] blocks(%arg3) args(%arg4 = %arg0 : !tile.tensor<100x70xbf16, {kind = "dram_interleaved", padded_shape = array<i64: 128, 96>
func.func @unaligned(%A: !tile.tensor<100x70xbf16>, %B: !tile.tensor<70x50xf32>, %C: !tile.tensor<64xf16>) {
  tile.kernel grid [2] blocks(%bx)
      args(%a = %A : !tile.tensor<100x70xbf16>, %b = %B : !tile.tensor<70x50xf32>, %c = %C : !tile.tensor<64xf16>) {
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    %row = tile.alloc : !tile.buf<32xf16, fragment>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @unaligned_buffer() {
  tile.kernel grid [1] blocks(%bx) args() {
    // expected-error@+1 {{buffer of shape 48x32 is not made of whole 32x32 tiles; choose block sizes that are multiples of 32 (tensors of any size are padded instead)}}
    %buf = tile.alloc : !tile.buf<48x32xbf16, shared>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @integer_gemm() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xi32, shared>
    // expected-error@+1 {{i32 gemm has no Tenstorrent equivalent (the matrix engine takes bf16, f16 or f32)}}
    tile.gemm %a, %a, %a : !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>, !tile.buf<32x32xi32, shared>
  }
  return
}

// -----

// i32 reductions along rows run on the SFPU (sum, max, min).
// CHECK-LABEL: func.func @integer_row_reduce
func.func @integer_row_reduce() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x64xi32, fragment>
    %m = tile.alloc : !tile.buf<32xi32, fragment>
    // CHECK: tile.reduce max
    tile.reduce max %a -> %m dim 1 : !tile.buf<32x64xi32, fragment>, !tile.buf<32xi32, fragment>
    // CHECK: tile.reduce sum
    tile.reduce sum %a -> %m dim 1 accumulate : !tile.buf<32x64xi32, fragment>, !tile.buf<32xi32, fragment>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @integer_column_reduce() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xi32, fragment>
    %m = tile.alloc : !tile.buf<32xi32, fragment>
    // expected-error@+1 {{a tile.reduce of 'i32' tiles along dimension 0 is not supported yet (the SFPU reduces i32 rows; its column result would need a transpose of int32 words, which the FPU's 19-bit source registers cannot hold)}}
    tile.reduce max %a -> %m dim 0 : !tile.buf<32x32xi32, fragment>, !tile.buf<32xi32, fragment>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @integer_absmax() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xi32, fragment>
    %m = tile.alloc : !tile.buf<32xi32, fragment>
    // expected-error@+1 {{a tile.reduce absmax of 'i32' tiles is not supported (the SFPU reduces i32 rows by sum, max and min)}}
    tile.reduce absmax %a -> %m dim 1 : !tile.buf<32x32xi32, fragment>, !tile.buf<32xi32, fragment>
  }
  return
}

// -----

// A 1-d buffer written into a column (top-k's Out[bx * 64 + i, k]): the
// tensor is stored row-major.
// CHECK-LABEL: func.func @column_write
// CHECK-SAME: kind = "dram_row_major"
func.func @column_write(%out: !tile.tensor<64x6xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%o = %out : !tile.tensor<64x6xf32>) {
    %c32 = arith.constant 32 : index
    %c5 = arith.constant 5 : index
    %v = tile.alloc : !tile.buf<32xf32, fragment>
    %row = arith.muli %bx, %c32 : index
    tile.copy %v, %o[%row, %c5] {dims = array<i64: 0>} : !tile.buf<32xf32, fragment>, !tile.tensor<64x6xf32>
  }
  return
}

// -----

// Read too.
// CHECK-LABEL: func.func @column_read
// CHECK-SAME: kind = "dram_row_major"
func.func @column_read(%in: !tile.tensor<64x6xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%i = %in : !tile.tensor<64x6xf32>) {
    %c32 = arith.constant 32 : index
    %c5 = arith.constant 5 : index
    %v = tile.alloc : !tile.buf<32xf32, fragment>
    %row = arith.muli %bx, %c32 : index
    tile.copy %i[%row, %c5], %v {dims = array<i64: 0>} : !tile.tensor<64x6xf32>, !tile.buf<32xf32, fragment>
  }
  return
}

// -----

// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @column_bf16(%out: !tile.tensor<64x6xbf16>) {
  tile.kernel grid [2] blocks(%bx) args(%o = %out : !tile.tensor<64x6xbf16>) {
    %c32 = arith.constant 32 : index
    %c5 = arith.constant 5 : index
    %v = tile.alloc : !tile.buf<32xbf16, fragment>
    %row = arith.muli %bx, %c32 : index
    // expected-error@+1 {{a column of a tensor is copied element by element in 4-byte words (f32 or i32); a column of 'bf16' is not supported yet}}
    tile.copy %v, %o[%row, %c5] {dims = array<i64: 0>} : !tile.buf<32xbf16, fragment>, !tile.tensor<64x6xbf16>
  }
  return
}

// -----

// An i32 tile.parallel is legal (the SFPU's integer ops).
// CHECK-LABEL: func.func @integer_parallel
func.func @integer_parallel() {
  tile.kernel grid [1] blocks(%bx) args() {
    %a = tile.alloc : !tile.buf<32x32xi32, shared>
    // CHECK: tile.parallel
    tile.parallel ins(%a : !tile.buf<32x32xi32, shared>) outs(%a : !tile.buf<32x32xi32, shared>) {
    ^bb0(%x: i32):
      tile.yield %x : i32
    }
  }
  return
}

// GEMM: func.func @gemm(%arg0: !tile.tensor<1024x1024xbf16, {kind = "dram_interleaved", padded_shape = array<i64: 1024, 1024>, page_size = 2048 : i64, tile = array<i64: 32, 32>}>
// GEMM-SAME: %arg2: !tile.tensor<1024x1024xf32, {kind = "dram_interleaved", padded_shape = array<i64: 1024, 1024>, page_size = 4096 : i64, tile = array<i64: 32, 32>}>

// -----

// A ceildiv grid may overhang the tensor: grid 2 of 96-row blocks reaches
// row 191 of a 100-row tensor (the lowering reads zeros past the padding).
// CHECK-LABEL: func.func @overhang
func.func @overhang(%A: !tile.tensor<100x64xbf16>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<100x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c96 = arith.constant 96 : index
    %row = arith.muli %bx, %c96 : index
    %buf = tile.alloc : !tile.buf<96x64xbf16, shared>
    tile.copy %a[%row, %c0], %buf : !tile.tensor<100x64xbf16>, !tile.buf<96x64xbf16, shared>
  }
  return
}

// -----

// CHECK-LABEL: func.func @padding_covered
func.func @padding_covered(%A: !tile.tensor<100x64xbf16>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<100x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %buf = tile.alloc : !tile.buf<64x64xbf16, shared>
    tile.copy %a[%row, %c0], %buf : !tile.tensor<100x64xbf16>, !tile.buf<64x64xbf16, shared>
  }
  return
}

// -----

// Past the kernels' 32-bit tile ids; the largest offset saturates instead
// of wrapping (3 * 2^62 used to wrap to a negative value and pass).
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @overhang_overflows(%A: !tile.tensor<128x64xbf16>) {
  tile.kernel grid [4] blocks(%bx) args(%a = %A : !tile.tensor<128x64xbf16>) {
    %c0 = arith.constant 0 : index
    %huge = arith.constant 4611686018427387904 : index
    %row = arith.muli %bx, %huge : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{the block reaches index 9223372036854775807 or more of dimension 0, past 2^31 - 1, the largest index the kernels' 32-bit tile ids address}}
    tile.copy %a[%row, %c0], %buf : !tile.tensor<128x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}

// -----

// A tensor read in slices over non-trailing dimensions (TileLang's
// Q[b, s0:s1, h, :] of a [batch, seq, heads, dim] tensor) is stored
// row-major: one page per row of its last dimension. Its other copies
// read it the same way; a tensor read in the usual way stays tiled.
// CHECK-LABEL: func.func @row_major(
// CHECK-SAME: %arg0: !tile.tensor<2x100x4x64xbf16, {kind = "dram_row_major", padded_shape = array<i64: 2, 100, 4, 64>, page_size = 128 : i64, tile = array<i64: 1, 64>}>
// CHECK-SAME: %arg1: !tile.tensor<2x4x100x48xf32, {kind = "dram_row_major", padded_shape = array<i64: 2, 4, 100, 64>, page_size = 256 : i64, tile = array<i64: 1, 64>}>
// CHECK-SAME: %arg2: !tile.tensor<2x4x100x64xbf16, {kind = "dram_interleaved"
func.func @row_major(%Q: !tile.tensor<2x100x4x64xbf16>, %O: !tile.tensor<2x4x100x48xf32>, %K: !tile.tensor<2x4x100x64xbf16>) {
  tile.kernel grid [4, 4, 2] blocks(%bx, %by, %bz)
      args(%q = %Q : !tile.tensor<2x100x4x64xbf16>, %o = %O : !tile.tensor<2x4x100x48xf32>, %k = %K : !tile.tensor<2x4x100x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %q_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %k_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %o_s = tile.alloc : !tile.buf<32x64xf32, shared>
    tile.copy %q[%bz, %row, %by, %c0], %q_s {dims = array<i64: 1, 3>} : !tile.tensor<2x100x4x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %k[%bz, %by, %row, %c0], %k_s : !tile.tensor<2x4x100x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %o_s, %o[%bz, %by, %row, %c0] : !tile.buf<32x64xf32, shared>, !tile.tensor<2x4x100x48xf32>
    tile.copy %o_s, %o[%bz, %row, %by, %c0] {dims = array<i64: 2, 3>} : !tile.buf<32x64xf32, shared>, !tile.tensor<2x4x100x48xf32>
    tile.copy %o_s, %o[%bz, %by, %row, %c0] {dims = array<i64: 0, 3>} : !tile.buf<32x64xf32, shared>, !tile.tensor<2x4x100x48xf32>
  }
  return
}

// -----

// Row-major pages hold whole rows of the last dimension: a part of each
// row is read at a column offset that is a multiple of 32 (an aligned
// read), not at column 16.
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @row_major_partial_row(%Q: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %buf = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-error@+1 {{a tensor stored row-major (one page per row of its last dimension) is copied in whole rows or in parts of rows that start at a column that is a multiple of 32; this copy's column offset is not provably one}}
    tile.copy %q[%c0, %c0, %c0, %c16], %buf {dims = array<i64: 1, 3>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// The reason is shown at the other copies of the tensor too.
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @row_major_other_copy(%Q: !tile.tensor<2x128x4x64xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x4x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    %narrow = tile.alloc : !tile.buf<32x32xbf16, shared>
    // expected-note@+1 {{the tensor is stored row-major because this copy takes a slice over non-trailing dimensions}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = array<i64: 1, 3>} : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{this copy's column offset is not provably one}}
    tile.copy %q[%c0, %c0, %c0, %c16], %narrow : !tile.tensor<2x128x4x64xbf16>, !tile.buf<32x32xbf16, shared>
  }
  return
}

// -----

// A slice whose columns are not the last dimension (a transposing read).
// expected-error@+1 {{pass 'tile-legalize' (TileLegalize) failed on 'func.func'}}
func.func @row_major_columns(%Q: !tile.tensor<2x128x64x4xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%q = %Q : !tile.tensor<2x128x64x4xbf16>) {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc : !tile.buf<32x64xbf16, shared>
    // expected-error@+1 {{a slice over non-trailing dimensions must be copied with a 2-d buffer whose columns are the tensor's last dimension (rows of 4 elements); other slices are not supported yet}}
    tile.copy %q[%c0, %c0, %c0, %c0], %buf {dims = array<i64: 1, 2>} : !tile.tensor<2x128x64x4xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}
