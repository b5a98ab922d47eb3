// tile-lower-data-movement on tile.load (gathers): the reader reads the
// element of the index tensor (tiled: page = tile, byte = face order) into
// a scratch CB and takes the word through the L1 pointer; the copy it
// offsets is guarded against the tensor's extent and not multicast.
// (Canonicalize and CSE only tidy the index arithmetic.)
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=2x1},tile-lower-data-movement,canonicalize,cse))' %s | FileCheck %s

// CHECK-LABEL: func.func @gather
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// The index tensor's accessor (4096-byte i32 tiles) and the scratch page.
// CHECK-DAG: %[[SCRATCH:.*]] = cb.alloc {{[0-9]+}} : !cb.cb<i32, page_size = 64, pages = 1>
// CHECK: %[[IDX:.*]] = tt.tensor_accessor %{{.*}}, %{{.*}} ct_offset(0) {tt.role = "reader"}
// CHECK: %[[NOC:.*]] = tt.get_page_noc_addr %{{.*}}, %[[IDX]], %{{.*}} {tt.role = "reader"}
// CHECK-NEXT: %[[L1:.*]] = cb.get_write_ptr %[[SCRATCH]] {tt.role = "reader"}
// CHECK-NEXT: tt.noc_async_read %[[NOC]], %[[L1]], %[[C64]] {tt.role = "reader"}
// CHECK-NEXT: tt.noc_async_read_barrier {tt.role = "reader"}
// CHECK: %[[WORD:.*]] = arith.addi %[[L1]], %{{.*}} : i32
// CHECK-NEXT: %[[PAGE:.*]] = tt.read_l1_u32 %[[WORD]] {tt.role = "reader"}
// CHECK-NEXT: %[[ROW:.*]] = arith.index_cast %[[PAGE]] : i32 to index
// The block's tile is read only when the index keeps it inside the tensor.
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: tt.noc_async_read_tile
// CHECK: } else {
// CHECK: tt.fill_zero_tile
func.func @gather(%I: !tile.tensor<8xi32>, %X: !tile.tensor<256x64xbf16>, %Y: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi32>, %x = %X : !tile.tensor<256x64xbf16>, %y = %Y : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %v = tile.load %i[%bx] : !tile.tensor<8xi32>
    %block = arith.index_cast %v : i32 to index
    %row = arith.muli %block, %c32 : index
    %out = arith.muli %bx, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %s, %y[%out, %c0] : !tile.buf<32x64xbf16, shared>, !tile.tensor<256x64xbf16>
  }
  return
}

// -----

// A value read from a tensor used by compute (a scalar of the body) is
// not supported yet.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @load_in_compute(%I: !tile.tensor<8xi32>, %X: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi32>, %x = %X : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{a value read from a tensor is supported as a copy offset only (a gather by the reader or the writer); here it is used by 'arith.sitofp', which is not supported yet}}
    %v = tile.load %i[%bx] : !tile.tensor<8xi32>
    // expected-note@+1 {{the use}}
    %f = arith.sitofp %v : i32 to bf16
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %t = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%c0, %c0], %s : !tile.tensor<256x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.parallel ins(%s : !tile.buf<32x64xbf16, shared>) outs(%t : !tile.buf<32x64xbf16, shared>) {
    ^bb0(%a: bf16):
      %r = arith.addf %a, %f : bf16
      tile.yield %r : bf16
    }
  }
  return
}

// -----

// Both the reader and the writer would need the element.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @load_both_ways(%I: !tile.tensor<8xi32>, %X: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi32>, %x = %X : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    // expected-error@+1 {{the element is used by copies both from and to tensors (the reader and the writer would each need it): not supported yet; read it twice}}
    %v = tile.load %i[%bx] : !tile.tensor<8xi32>
    %block = arith.index_cast %v : i32 to index
    %row = arith.muli %block, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %s, %x[%row, %c0] : !tile.buf<32x64xbf16, shared>, !tile.tensor<256x64xbf16>
  }
  return
}
