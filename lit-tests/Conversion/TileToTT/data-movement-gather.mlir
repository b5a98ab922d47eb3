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
    // expected-error@+1 {{a value read from a tensor is supported as a copy offset or row limit, an `if` condition, a loop bound or an index of another element read only; here it is used by 'arith.sitofp', which is not supported yet}}
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

// Both the reader and the writer need the element: each reads it, and the
// kernels' values are one tile.role_value until tt-split-kernels.
// CHECK-LABEL: func.func @load_both_ways
// CHECK: %[[R:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "reader"}
// CHECK: %[[W:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "writer"}
// CHECK: "tile.role_value"(%[[R]], %[[W]]) <{roles = ["reader", "writer"]}> : (i32, i32) -> i32
func.func @load_both_ways(%I: !tile.tensor<8xi32>, %X: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi32>, %x = %X : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %v = tile.load %i[%bx] : !tile.tensor<8xi32>
    %block = arith.index_cast %v : i32 to index
    %row = arith.muli %block, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xbf16>, !tile.buf<32x64xbf16, shared>
    tile.copy %s, %x[%row, %c0] : !tile.buf<32x64xbf16, shared>, !tile.tensor<256x64xbf16>
  }
  return
}

// -----

// A branch on the element: the reader reads it and pushes its page to
// compute, which takes the word with cb_get_tile (tt.read_cb_u32).
// CHECK-LABEL: func.func @load_in_branch
// CHECK: cb.reserve_back %[[PAGE:.*]], 1 {tt.role = "reader"}
// CHECK: %[[R:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "reader"}
// CHECK-NEXT: cb.push_back %[[PAGE]], 1 {tt.role = "reader"}
// CHECK-NEXT: cb.wait_front %[[PAGE]], 1 {tt.role = "compute"}
// CHECK: %[[C:.*]] = tt.read_cb_u32 %{{.*}} cb({{[0-9]+}}) {tt.role = "compute"}
// CHECK-NEXT: cb.pop_front %[[PAGE]], 1 {tt.role = "compute"}
// CHECK: "tile.role_value"(%[[R]], %[[C]]) <{roles = ["reader", "compute"]}> : (i32, i32) -> i32
func.func @load_in_branch(%I: !tile.tensor<8xi32>, %X: !tile.tensor<256x64xf32>, %Y: !tile.tensor<256x64xf32>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi32>, %x = %X : !tile.tensor<256x64xf32>, %y = %Y : !tile.tensor<256x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %two = arith.constant 2.0 : f32
    %row = arith.muli %bx, %c32 : index
    %v = tile.load %i[%bx] : !tile.tensor<8xi32>
    %set = arith.cmpi ne, %v, %zero : i32
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %t = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %s, %t : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, fragment>
    scf.if %set {
      tile.parallel ins(%s : !tile.buf<32x64xf32, shared>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<256x64xf32>
  }
  return
}

// -----

// A bool mask element (one byte, tiled in 1024-byte UInt8 tiles): each
// kernel reads the aligned word that holds it and takes its byte, then
// makes it 0 or 1 (the extui the IR asks for); no i1 or i8 value is left.
// CHECK-LABEL: func.func @bool_in_branch
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[FF:.*]] = arith.constant 255 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: cb.alloc {{[0-9]+}} : !cb.cb<i32, page_size = 64, pages = 2>
// CHECK: %[[R:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "reader"}
// CHECK: %[[C:.*]] = tt.read_cb_u32 %{{.*}} cb({{[0-9]+}}) {tt.role = "compute"}
// CHECK: %[[SHIFT:.*]] = arith.muli %{{.*}}, %[[C8]] : i32
// CHECK: %[[RS:.*]] = arith.shrui %[[R]], %[[SHIFT]] : i32
// CHECK-NEXT: %[[RB:.*]] = arith.andi %[[RS]], %[[FF]] : i32
// CHECK-NEXT: %[[RV:.*]] = arith.minui %[[RB]], %[[C1]] : i32
// CHECK: "tile.role_value"(%[[RV]], %{{.*}}) <{roles = ["reader", "compute"]}> : (i32, i32) -> i32
// CHECK-NOT: tile.load
// CHECK-NOT: arith.extui
func.func @bool_in_branch(%M: !tile.tensor<8xi1>, %X: !tile.tensor<256x64xf32>, %Y: !tile.tensor<256x64xf32>) {
  tile.kernel grid [8] blocks(%bx) args(%m = %M : !tile.tensor<8xi1>, %x = %X : !tile.tensor<256x64xf32>, %y = %Y : !tile.tensor<256x64xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %two = arith.constant 2.0 : f32
    %row = arith.muli %bx, %c32 : index
    %e = tile.load %m[%bx] : !tile.tensor<8xi1>
    %v = arith.extui %e : i1 to i32
    %set = arith.cmpi ne, %v, %zero : i32
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %t = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %s, %t : !tile.buf<32x64xf32, shared>, !tile.buf<32x64xf32, fragment>
    scf.if %set {
      tile.parallel ins(%s : !tile.buf<32x64xf32, shared>) outs(%t : !tile.buf<32x64xf32, fragment>) {
      ^bb0(%a: f32):
        %r = arith.mulf %a, %two : f32
        tile.yield %r : f32
      }
    }
    tile.copy %t, %y[%row, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<256x64xf32>
  }
  return
}

// -----

// An int8 index offsets a copy: sign extended in the reader (shift left
// 24, arithmetic shift right 24).
// CHECK-LABEL: func.func @int8_offset
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : i32
// CHECK: %[[W:.*]] = tt.read_l1_u32 %{{.*}} {tt.role = "reader"}
// CHECK: %[[HI:.*]] = arith.shli %{{.*}}, %[[C24]] : i32
// CHECK-NEXT: %[[V:.*]] = arith.shrsi %[[HI]], %[[C24]] : i32
// CHECK-NEXT: arith.index_cast %[[V]] : i32 to index
func.func @int8_offset(%I: !tile.tensor<8xi8>, %X: !tile.tensor<256x64xbf16>, %Y: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xi8>, %x = %X : !tile.tensor<256x64xbf16>, %y = %Y : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %e = tile.load %i[%bx] : !tile.tensor<8xi8>
    %v = arith.extsi %e : i8 to i32
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

// A one-byte element is used through one extension to i32.
// expected-error@+1 {{pass 'tile-lower-data-movement' (TileLowerDataMovement) failed on 'func.func'}}
func.func @byte_without_extension(%I: !tile.tensor<8xui8>, %X: !tile.tensor<256x64xbf16>) {
  tile.kernel grid [8] blocks(%bx) args(%i = %I : !tile.tensor<8xui8>, %x = %X : !tile.tensor<256x64xbf16>) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{a one-byte element read as a number is used through one arith.extsi or arith.extui to i32; here it is used by 'arith.index_cast'}}
    %e = tile.load %i[%bx] : !tile.tensor<8xui8>
    // expected-note@+1 {{the use}}
    %block = arith.index_cast %e : i8 to index
    %c32 = arith.constant 32 : index
    %row = arith.muli %block, %c32 : index
    %s = tile.alloc : !tile.buf<32x64xbf16, shared>
    tile.copy %x[%row, %c0], %s : !tile.tensor<256x64xbf16>, !tile.buf<32x64xbf16, shared>
  }
  return
}
