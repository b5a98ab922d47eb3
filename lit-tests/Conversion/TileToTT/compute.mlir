// tile-lower-compute: gemm, tile.parallel and buffer copies on the compute
// side. (Canonicalize and CSE only tidy the index arithmetic.)
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// A 128x128 f32 accumulator over 3 K blocks: fp32 DST accumulation holds 4
// tiles, so 4 sub-blocks of 1x4 tiles. Matmul needs the reverse source
// order. The packer adds each K block's sums to the block in c_24 (L1
// accumulation: the first K block overwrites, the others add), so partial
// sums never go back through the source registers; after the last K block
// the f32 block is converted into the bf16 output CB tile by tile.
// CHECK-LABEL: func.func @gemm
// CHECK: tile.kernel {{.*}}fp32_dest_acc
// CHECK: %cb24 = cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 16>
// CHECK: tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse) {tt.role = "compute"}
// CHECK-NEXT: %start, %count = tile.block_range
// CHECK: scf.for %[[K:.*]] = %c0 to %c3 step %c1 {
// CHECK: cb.wait_front %cb1, 4 {tt.role = "compute"}
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %c0 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %c1 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi sge, %[[NEXT]], %c3 : index
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: cb.reserve_back %cb24, 16 {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: %[[ACC:.*]] = arith.select %[[FIRST]], %c0_i32, %c1_i32 : i32
// CHECK-NEXT: tt.pack_reconfig_l1_acc %[[ACC]] {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[SUB:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: tt.tile_regs_acquire {tt.role = "compute"}
// CHECK-NEXT: tt.matmul_init cb(0, 1) transpose(0) {tt.role = "compute"}
// A tile (m, 0) is m: A holds 4x1 tiles; B tile (0, n) is n.
// CHECK-NEXT: %[[M:.*]] = arith.index_cast %[[SUB]] : index to i32
// CHECK-NEXT: tt.matmul_tiles %[[M]], %c0_i32 cb(0, 1) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.matmul_tiles %[[M]], %c1_i32 cb(0, 1) dst(1) {tt.role = "compute"}
// CHECK-NEXT: tt.matmul_tiles %[[M]], %c2_i32 cb(0, 1) dst(2) {tt.role = "compute"}
// CHECK-NEXT: tt.matmul_tiles %[[M]], %c3_i32 cb(0, 1) dst(3) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_commit {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_wait {tt.role = "compute"}
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[SUB]], %c4 : index
// CHECK-NEXT: %[[AT:.*]] = arith.index_cast %[[ROW]] : index to i32
// CHECK-NEXT: tt.pack_tile_at %[[AT]] cb(24) dst(0) {tt.role = "compute"}
// CHECK: tt.pack_tile_at %{{.*}} cb(24) dst(3) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_release {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: tt.pack_reconfig_l1_acc %c0_i32 {tt.role = "compute"}
// CHECK-NEXT: cb.push_back %cb24, 16 {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.pop_front %cb1, 4 {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %cb0, 4 {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.wait_front %cb24, 16 {tt.role = "compute"}
// CHECK-NEXT: cb.reserve_back %cb16, 16 {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[T:.*]] = %c0 to %c16 step %c1 {
// CHECK-NEXT: %[[TILE:.*]] = arith.index_cast %[[T]] : index to i32
// CHECK-NEXT: tt.tile_regs_acquire {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile_init cb(24) {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile %[[TILE]] cb(24) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_commit {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_wait {tt.role = "compute"}
// CHECK-NEXT: tt.pack_tile cb(16) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_release {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.push_back %cb16, 16 {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %cb24, 16 {tt.role = "compute"}
// No tile op is left.
// CHECK-NOT: tile.gemm
// CHECK-NOT: tile.clear
// CHECK-NOT: tile.copy
func.func @gemm(%A: !tile.tensor<128x96xbf16>, %B: !tile.tensor<96x128xbf16>, %C: !tile.tensor<128x128xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<128x96xbf16>, %b = %B : !tile.tensor<96x128xbf16>, %c = %C : !tile.tensor<128x128xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<128x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x128xbf16, shared>
    %c_l = tile.alloc : !tile.buf<128x128xf32, fragment>
    tile.clear %c_l : !tile.buf<128x128xf32, fragment>
    tile.pipelined %k = %c0 to %c3 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<128x96xbf16>, !tile.buf<128x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<96x128xbf16>, !tile.buf<32x128xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<128x32xbf16, shared>, !tile.buf<32x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<128x128xf32, fragment>, !tile.tensor<128x128xbf16>
  }
  return
}

// -----

// One K block (no loop), bf16 accumulation: 8 DST tiles, sub-blocks of 2x4,
// no intermediate CB; B transposed (B tile of (k, n) is n * Kt + k).
// CHECK-LABEL: func.func @one_block
// CHECK-NOT: fp32_dest_acc
// CHECK-NOT: cb.alloc 24
// CHECK: cb.reserve_back %cb16, 16 {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[SUB:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[SUB]], %c2 : index
// CHECK-NEXT: tt.tile_regs_acquire {tt.role = "compute"}
// CHECK-NEXT: tt.matmul_init cb(0, 1) transpose(1) {tt.role = "compute"}
// CHECK: tt.matmul_tiles %{{.*}}, %c0_i32 cb(0, 1) dst(0) {tt.role = "compute"}
// CHECK: tt.matmul_tiles %{{.*}}, %c1_i32 cb(0, 1) dst(1) {tt.role = "compute"}
// CHECK: tt.matmul_tiles %{{.*}}, %c3_i32 cb(0, 1) dst(7) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK: tt.pack_tile_at %{{.*}} cb(16) dst(7) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.push_back %cb16, 16 {tt.role = "compute"}
func.func @one_block(%A: !tile.tensor<128x32xbf16>, %B: !tile.tensor<128x32xbf16>, %C: !tile.tensor<128x128xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<128x32xbf16>, %b = %B : !tile.tensor<128x32xbf16>, %c = %C : !tile.tensor<128x128xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<128x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<128x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<128x128xbf16, fragment>
    tile.clear %c_l : !tile.buf<128x128xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<128x32xbf16>, !tile.buf<128x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<128x32xbf16>, !tile.buf<128x32xbf16, shared>
    tile.gemm %a_s, %b_s, %c_l transpose_b : !tile.buf<128x32xbf16, shared>, !tile.buf<128x32xbf16, shared>, !tile.buf<128x128xbf16, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<128x128xbf16, fragment>, !tile.tensor<128x128xbf16>
  }
  return
}

// -----

// An elementwise chain stays in DST: unary ops after a copy_tile, a
// binary op of two DST values on the SFPU, one of a DST value and a CB
// tile in the dest-reuse form (z - s: the CB tile is source A), 1 / x as
// recip and x * x as square.
// CHECK-LABEL: func.func @chain
// CHECK: cb.reserve_back %cb16, 4 {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[T:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: %[[TILE:.*]] = arith.index_cast %[[T]] : index to i32
// CHECK-NEXT: tt.tile_regs_acquire {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile_init cb(0) {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile %[[TILE]] cb(0) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.exp_tile_init {tt.role = "compute"}
// CHECK-NEXT: tt.exp_tile dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile_init cb(1) {tt.role = "compute"}
// CHECK-NEXT: tt.copy_tile %[[TILE]] cb(1) dst(1) {tt.role = "compute"}
// CHECK-NEXT: tt.relu_tile_init {tt.role = "compute"}
// CHECK-NEXT: tt.relu_tile dst(1) {tt.role = "compute"}
// CHECK-NEXT: tt.sub_binary_tile_init {tt.role = "compute"}
// CHECK-NEXT: tt.sub_binary_tile dst(0, 1, 0) {tt.role = "compute"}
// CHECK-NEXT: tt.binary_dest_reuse_tiles_init cb(2) type(sub) reuse(dest_to_srcb) {tt.role = "compute"}
// CHECK-NEXT: tt.binary_dest_reuse_tiles %[[TILE]] cb(2) dst(0) type(sub) reuse(dest_to_srcb) {tt.role = "compute"}
// CHECK-NEXT: tt.recip_tile_init {tt.role = "compute"}
// CHECK-NEXT: tt.recip_tile dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.square_tile_init {tt.role = "compute"}
// CHECK-NEXT: tt.square_tile dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_commit {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_wait {tt.role = "compute"}
// CHECK-NEXT: tt.pack_tile cb(16) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_release {tt.role = "compute"}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.push_back %cb16, 4 {tt.role = "compute"}
// CHECK-NOT: tile.parallel
func.func @chain(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>, %C: !tile.tensor<64x64xf32>, %D: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>, %c = %C : !tile.tensor<64x64xf32>, %d = %D : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %a_s = tile.alloc : !tile.buf<64x64xf32, shared>
    %b_s = tile.alloc : !tile.buf<64x64xf32, shared>
    %c_s = tile.alloc : !tile.buf<64x64xf32, shared>
    %d_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    tile.copy %c[%c0, %c0], %c_s : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, shared>
    tile.parallel ins(%a_s, %b_s, %c_s : !tile.buf<64x64xf32, shared>, !tile.buf<64x64xf32, shared>, !tile.buf<64x64xf32, shared>) outs(%d_l : !tile.buf<64x64xf32, fragment>) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %e = math.exp %x : f32
      %r = arith.maximumf %y, %zero : f32
      %s = arith.subf %e, %r : f32
      %t = arith.subf %z, %s : f32
      %q = arith.divf %one, %t : f32
      %sq = arith.mulf %q, %q : f32
      tile.yield %sq : f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Two CB tiles: the FPU op, with its init.
// CHECK-LABEL: func.func @add
// CHECK: tt.tile_regs_acquire {tt.role = "compute"}
// CHECK-NEXT: tt.add_tiles_init cb(0, 1) {tt.role = "compute"}
// CHECK-NEXT: tt.add_tiles %[[T:[0-9a-z_]+]], %[[T]] cb(0, 1) dst(0) {tt.role = "compute"}
// CHECK-NEXT: tt.tile_regs_commit
func.func @add(%A: !tile.tensor<32x32xbf16>, %B: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %b = %B : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>) outs(%c_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %s = arith.addf %x, %y : bf16
      tile.yield %s : bf16
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
  }
  return
}

// -----

// A block copied in and straight out goes through DST.
// CHECK-LABEL: func.func @copy
// CHECK: cb.reserve_back %cb16, 2 {tt.role = "compute"}
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.copy_tile %{{.*}} cb(0) dst(0)
// CHECK-NEXT: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK-NEXT: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.push_back %cb16, 2 {tt.role = "compute"}
// CHECK: cb.pop_front %cb0, 2 {tt.role = "compute"}
func.func @copy(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<64x64xf32>, %b = %B : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %row = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    tile.copy %a[%row, %c0], %s : !tile.tensor<64x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %s, %b[%row, %c0] : !tile.buf<32x64xf32, shared>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// A row sum: the reader fills a scaler tile (1.0) once into the first free
// input CB; per tile row, reduce_tile over the row's tiles into DST[0].
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[SCALER:.*]] = cb.alloc 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
// CHECK-NEXT: cb.reserve_back %[[SCALER]], 1 {tt.role = "reader"}
// CHECK-NEXT: %[[PTR:.*]] = cb.get_write_ptr %[[SCALER]] {tt.role = "reader"}
// CHECK-NEXT: tt.fill_scaler_tile %[[PTR]], %c1065369472_i32 {tt.role = "reader"}
// CHECK-NEXT: cb.push_back %[[SCALER]], 1 {tt.role = "reader"}
// CHECK-NEXT: cb.wait_front %[[SCALER]], 1 {tt.role = "compute"}
// CHECK: cb.reserve_back %cb16, 2 {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[ROW:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.reduce_init cb(0, 1, 16) type(max) dim(row)
// CHECK-NEXT: scf.for %[[COL:.*]] = %c0 to %c4 step %c1 {
// CHECK: tt.reduce_tile %{{.*}}, %c0_i32 cb(0, 1) dst(0) type(max) dim(row)
// The packer's edge mask hides the garbage beside the result until
// reduce_uninit, so it comes after the pack.
// CHECK: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK-NEXT: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.reduce_uninit
// CHECK-NEXT: tt.tile_regs_release
// CHECK: cb.push_back %cb16, 2 {tt.role = "compute"}
// The scaler is popped once, after the persistent loop.
// CHECK: cb.pop_front %[[SCALER]], 1 {tt.role = "compute"}
// CHECK-NEXT: }
func.func @row_sum(%A: !tile.tensor<128x128xf32>, %S: !tile.tensor<128xf32>) {
  tile.kernel grid [2] blocks(%bx) args(%a = %A : !tile.tensor<128x128xf32>, %s = %S : !tile.tensor<128xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %a_s = tile.alloc : !tile.buf<64x128xf32, shared>
    %s_l = tile.alloc : !tile.buf<64xf32, fragment>
    tile.copy %a[%row, %c0], %a_s : !tile.tensor<128x128xf32>, !tile.buf<64x128xf32, shared>
    tile.reduce max %a_s -> %s_l dim 1 : !tile.buf<64x128xf32, shared>, !tile.buf<64xf32, fragment>
    tile.copy %s_l, %s[%row] : !tile.buf<64xf32, fragment>, !tile.tensor<128xf32>
  }
  return
}

// -----

// A filled buffer copied out: fill_tile in DST (the value's f32 bits;
// 2.5 is 0x40200000), packed tile by tile.
// CHECK-LABEL: func.func @fill
// CHECK: cb.reserve_back %cb16, 2 {tt.role = "compute"}
// CHECK-NEXT: scf.for
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.fill_tile_init
// CHECK-NEXT: tt.fill_tile_bitcast %c1075838976_i32 dst(0)
// CHECK-NEXT: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK-NEXT: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: cb.push_back %cb16, 2 {tt.role = "compute"}
// CHECK-NOT: tile.fill
func.func @fill(%C: !tile.tensor<32x64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%c = %C : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %v = arith.constant 2.5 : f32
    %c_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.fill %c_l, %v : !tile.buf<32x64xf32, fragment>, f32
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
  }
  return
}

// -----

// A column sum: per tile column, reduce_tile down the column (the result is
// row 0 of DST), packed to an intermediate CB and transposed into the
// column vector of the 1-d layout.
// CHECK-LABEL: func.func @column_sum
// CHECK: %cb24 = cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 1>
// CHECK: cb.reserve_back %cb16, 2 {tt.role = "compute"}
// CHECK-NEXT: scf.for %[[COL:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.reduce_init cb(0, 1, 24) type(sum) dim(col)
// CHECK-NEXT: scf.for %[[ROW:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[ROW]], %c2 : index
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[BASE]], %[[COL]] : index
// CHECK-NEXT: %[[T32:.*]] = arith.index_cast %[[T]] : index to i32
// CHECK-NEXT: tt.reduce_tile %[[T32]], %c0_i32 cb(0, 1) dst(0) type(sum) dim(col)
// CHECK: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK-NEXT: cb.reserve_back %cb24, 1
// CHECK-NEXT: tt.pack_tile cb(24) dst(0)
// CHECK-NEXT: tt.reduce_uninit
// CHECK-NEXT: cb.push_back %cb24, 1
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: cb.wait_front %cb24, 1
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.transpose_wh_init cb(24, 16)
// CHECK-NEXT: tt.transpose_wh_tile %c0_i32 cb(24) dst(0)
// CHECK-NEXT: tt.tile_regs_commit
// CHECK-NEXT: tt.tile_regs_wait
// CHECK-NEXT: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: cb.pop_front %cb24, 1
func.func @column_sum(%A: !tile.tensor<96x64xf32>, %S: !tile.tensor<64xf32>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<96x64xf32>, %s = %S : !tile.tensor<64xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<96x64xf32, shared>
    %s_l = tile.alloc : !tile.buf<64xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<96x64xf32>, !tile.buf<96x64xf32, shared>
    tile.reduce sum %a_s -> %s_l dim 0 : !tile.buf<96x64xf32, shared>, !tile.buf<64xf32, fragment>
    tile.copy %s_l, %s[%c0] : !tile.buf<64xf32, fragment>, !tile.tensor<64xf32>
  }
  return
}
