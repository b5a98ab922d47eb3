// tile-lower-compute lowers each tile op on its own, on the L1 homes of its
// buffers (see docs/pipeline.md, "Compute").
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(tile-legalize,tile-partition{grid=1x1},tile-lower-data-movement,tile-lower-compute,canonicalize,cse))' %s | FileCheck %s

// A K loop feeding an epilogue: the accumulator's home (f32, 4 tiles) is
// reserved before the loop, each K block is added to it in L1 by the
// packer, it is pushed after the loop; the relu reads it and packs straight
// into the output CB (the copy out is its only reader), then the home is
// popped.
// CHECK-LABEL: func.func @gemm_relu
// CHECK: %[[OUT:.*]] = cb.alloc 16 : !cb.cb<bf16, page_size = 2048, pages = 8>
// CHECK: %[[HOME:.*]] = cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 4>
// CHECK: tt.compute_kernel_hw_startup cb(0, 1, 24) order(reverse)
// CHECK: cb.reserve_back %[[HOME]], 4
// CHECK-NEXT: scf.for %[[K:.*]] = %c0 to %c2
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %c0
// CHECK-NEXT: %[[ACC:.*]] = arith.select %[[FIRST]], %c0_i32, %c1_i32
// CHECK-NEXT: tt.pack_reconfig_l1_acc %[[ACC]]
// CHECK: tt.matmul_block_init cb(0, 1) transpose(0) ct_dim(2) rt_dim(2) kt_dim(1)
// CHECK: tt.matmul_block %{{.*}}, %{{.*}} cb(0, 1) dst(0) transpose(0) ct_dim(2) rt_dim(2) kt_dim(1)
// CHECK: tt.pack_tile_at %c3_i32 cb(24) dst(3)
// CHECK-NEXT: tt.tile_regs_release
// CHECK-NEXT: tt.pack_reconfig_l1_acc %c0_i32
// CHECK: cb.push_back %[[HOME]], 4
// CHECK-NEXT: cb.wait_front %[[HOME]], 4
// CHECK-NEXT: cb.reserve_back %[[OUT]], 4
// CHECK-NEXT: scf.for
// CHECK: tt.copy_tile %{{.*}} cb(24) dst(0)
// CHECK-NEXT: tt.relu_tile_init
// CHECK-NEXT: tt.relu_tile dst(0)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK: cb.push_back %[[OUT]], 4
// CHECK-NEXT: cb.pop_front %[[HOME]], 4
func.func @gemm_relu(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x64xbf16>, %C: !tile.tensor<64x64xbf16>) {
  tile.kernel grid [1, 1] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xbf16>, %b = %B : !tile.tensor<64x64xbf16>, %c = %C : !tile.tensor<64x64xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %c_l : !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.parallel ins(%c_l : !tile.buf<64x64xf32, fragment>) outs(%c_l : !tile.buf<64x64xf32, fragment>) {
    ^bb0(%x: f32):
      %r = arith.maximumf %x, %zero : f32
      tile.yield %r : f32
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xbf16>
  }
  return
}

// -----

// A gemm whose accumulator is only copied out, in its own type: the K
// blocks accumulate in the output CB itself; no home.
// CHECK-LABEL: func.func @gemm
// CHECK-NOT: cb.alloc 24
// CHECK: cb.reserve_back %cb16, 4
// CHECK-NEXT: scf.for
// CHECK: tt.pack_tile_at %c3_i32 cb(16) dst(3)
// CHECK: cb.push_back %cb16, 4
// CHECK-NOT: tt.copy_tile
func.func @gemm(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x64xbf16>, %C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1, 1] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xbf16>, %b = %B : !tile.tensor<64x64xbf16>, %c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.clear %c_l : !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// Bias preload: the accumulator starts as a block copied from DRAM, which
// is packed into the output CB's pages before the K loop; every K block
// then adds to it.
// CHECK-LABEL: func.func @bias
// CHECK: cb.wait_front %cb2, 4
// CHECK-NEXT: cb.reserve_back %cb16, 4
// CHECK-NEXT: tt.pack_reconfig_l1_acc %c0_i32
// CHECK-NEXT: scf.for
// CHECK: tt.copy_tile %{{.*}} cb(2) dst(0)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK: scf.for
// CHECK: tt.pack_reconfig_l1_acc %c1_i32
// CHECK: tt.pack_tile_at %c3_i32 cb(16) dst(3)
func.func @bias(%A: !tile.tensor<64x64xbf16>, %B: !tile.tensor<64x64xbf16>, %D: !tile.tensor<64x64xf32>, %C: !tile.tensor<64x64xf32>) {
  tile.kernel grid [1, 1] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xbf16>, %b = %B : !tile.tensor<64x64xbf16>, %d = %D : !tile.tensor<64x64xf32>, %c = %C : !tile.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %a_s = tile.alloc : !tile.buf<64x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %c_l = tile.alloc : !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x64xbf16, shared>
    }
    tile.copy %d[%c0, %c0], %c_l : !tile.tensor<64x64xf32>, !tile.buf<64x64xf32, fragment>
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c32 : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<64x64xbf16>, !tile.buf<64x32xbf16, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<64x64xbf16>, !tile.buf<32x64xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<64x32xbf16, shared>, !tile.buf<32x64xbf16, shared>, !tile.buf<64x64xf32, fragment>
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<64x64xf32, fragment>, !tile.tensor<64x64xf32>
  }
  return
}

// -----

// TileLang's elementwise example: fragment -> shared -> global. Both
// on-core copies pass the version on; the add packs into the output CB.
// CHECK-LABEL: func.func @through_shared
// CHECK-NOT: cb.alloc 24
// CHECK: cb.reserve_back %cb16, 1
// CHECK: tt.add_tiles %{{.*}}, %{{.*}} cb(0, 1) dst(0)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK: cb.push_back %cb16, 1
// CHECK-NOT: tt.copy_tile
func.func @through_shared(%A: !tile.tensor<32x32xbf16>, %B: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx)
      args(%a = %A : !tile.tensor<32x32xbf16>, %b = %B : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %c_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>) outs(%c_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %s = arith.addf %x, %y : bf16
      tile.yield %s : bf16
    }
    tile.copy %c_l, %c_s : !tile.buf<32x32xbf16, fragment>, !tile.buf<32x32xbf16, shared>
    tile.copy %c_s, %c[%c0, %c0] : !tile.buf<32x32xbf16, shared>, !tile.tensor<32x32xbf16>
  }
  return
}

// -----

// A buffer read by two later ops stays in its home until the second;
// a filled buffer is a constant, applied with the SFPU's scalar forms.
// CHECK-LABEL: func.func @two_readers
// CHECK: %[[HOME:.*]] = cb.alloc 24 : !cb.cb<bf16, page_size = 2048, pages = 1>
// CHECK: cb.reserve_back %[[HOME]], 1
// CHECK: tt.exp_tile dst(0)
// CHECK: tt.pack_tile cb(24) dst(0)
// CHECK: cb.push_back %[[HOME]], 1
// CHECK-NEXT: cb.wait_front %[[HOME]], 1
// CHECK: tt.copy_tile %{{.*}} cb(24) dst(0)
// CHECK-NEXT: tt.binop_with_scalar_tile_init
// CHECK-NEXT: tt.mul_unary_tile %c1073741824_i32 dst(0)
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK: tt.copy_tile %{{.*}} cb(24) dst(0)
// CHECK: tt.pack_tile cb(17) dst(0)
// CHECK: cb.push_back %cb17, 1
// CHECK-NEXT: cb.pop_front %[[HOME]], 1
func.func @two_readers(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>, %D: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx)
      args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>, %d = %D : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : bf16
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %e_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %t_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %c_l = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.fill %t_l, %two : !tile.buf<32x32xbf16, fragment>, bf16
    tile.parallel ins(%a_s : !tile.buf<32x32xbf16, shared>) outs(%e_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16):
      %e = math.exp %x : bf16
      tile.yield %e : bf16
    }
    tile.parallel ins(%e_l, %t_l : !tile.buf<32x32xbf16, fragment>, !tile.buf<32x32xbf16, fragment>) outs(%c_l : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %m = arith.mulf %x, %y : bf16
      tile.yield %m : bf16
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
    tile.copy %e_l, %d[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
  }
  return
}

// -----

// A fragment carried across a pipelined loop: it is moved into its home
// before the loop (the clear, filled), and each trip writes a new version
// behind the old one (two versions' pages), pops the old and waits for the
// new.
// CHECK-LABEL: func.func @carried
// CHECK: %[[HOME:.*]] = cb.alloc 24 : !cb.cb<f32, page_size = 4096, pages = 2>
// CHECK: cb.reserve_back %[[HOME]], 1
// CHECK: tt.fill_tile_bitcast %c0_i32 dst(0)
// CHECK: cb.push_back %[[HOME]], 1
// CHECK-NEXT: cb.wait_front %[[HOME]], 1
// CHECK-NEXT: scf.for
// CHECK: cb.reserve_back %[[HOME]], 1
// CHECK: tt.pack_tile cb(24) dst(0)
// CHECK: cb.push_back %[[HOME]], 1
// CHECK-NEXT: cb.pop_front %[[HOME]], 1
// CHECK-NEXT: cb.wait_front %[[HOME]], 1
func.func @carried(%X: !tile.tensor<32x128xf32>, %S: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%by)
      args(%x = %X : !tile.tensor<32x128xf32>, %s = %S : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %acc : !tile.buf<32x32xf32, fragment>
    tile.pipelined %k = %c0 to %c4 step %c1 stages 2 {
      %col = arith.muli %k, %c32 : index
      tile.copy %x[%c0, %col], %x_s : !tile.tensor<32x128xf32>, !tile.buf<32x32xf32, shared>
      tile.parallel ins(%acc, %x_s : !tile.buf<32x32xf32, fragment>, !tile.buf<32x32xf32, shared>) outs(%acc : !tile.buf<32x32xf32, fragment>) {
      ^bb0(%a: f32, %v: f32):
        %n = arith.addf %a, %v : f32
        tile.yield %n : f32
      }
    }
    tile.copy %acc, %s[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}

// -----

// A row sum feeding an elementwise op: the sums (a column vector) go to
// a home the next op reads.
// CHECK-LABEL: func.func @sum_then_exp
// CHECK: %[[HOME:.*]] = cb.alloc [[INDEX:.*]] : !cb.cb<f32, page_size = 4096, pages = 1>
// CHECK: tt.reduce_tile
// CHECK: tt.pack_tile cb([[INDEX]]) dst(0)
// CHECK-NEXT: tt.reduce_uninit
// CHECK: cb.push_back %[[HOME]], 1
// CHECK-NEXT: cb.wait_front %[[HOME]], 1
// CHECK: tt.copy_tile %{{.*}} cb([[INDEX]]) dst(0)
// CHECK-NEXT: tt.exp_tile_init
func.func @sum_then_exp(%A: !tile.tensor<32x64xf32>, %S: !tile.tensor<32xf32>) {
  tile.kernel grid [1] blocks(%by)
      args(%a = %A : !tile.tensor<32x64xf32>, %s = %S : !tile.tensor<32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %s_l = tile.alloc : !tile.buf<32xf32, fragment>
    %e_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x64xf32>, !tile.buf<32x64xf32, shared>
    tile.reduce sum %a_s -> %s_l dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
    tile.parallel ins(%s_l : !tile.buf<32xf32, fragment>) outs(%e_l : !tile.buf<32xf32, fragment>) {
    ^bb0(%x: f32):
      %e = math.exp %x : f32
      tile.yield %e : f32
    }
    tile.copy %e_l, %s[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
  }
  return
}

// -----

// Homes are shared between buffers of one block, format and size whose
// lifetimes do not overlap: %e2 takes over %e1's CB once %e1 is done.
// CHECK-LABEL: func.func @reuse
// CHECK: cb.alloc 24 : !cb.cb<bf16, page_size = 2048, pages = 1>
// CHECK-NEXT: cb.alloc 25 : !cb.cb<bf16, page_size = 2048, pages = 1>
// CHECK-NOT: cb.alloc 26
// CHECK: tt.exp_tile
// CHECK: tt.pack_tile cb(24)
// CHECK: tt.pack_tile cb(25)
// CHECK: cb.pop_front %cb24, 1
// CHECK: tt.sqrt_tile
// CHECK: tt.pack_tile cb(24)
func.func @reuse(%A: !tile.tensor<32x32xbf16>, %C: !tile.tensor<32x32xbf16>) {
  tile.kernel grid [1] blocks(%bx) args(%a = %A : !tile.tensor<32x32xbf16>, %c = %C : !tile.tensor<32x32xbf16>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %e1 = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %y1 = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %e2 = tile.alloc : !tile.buf<32x32xbf16, fragment>
    %o = tile.alloc : !tile.buf<32x32xbf16, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.parallel ins(%a_s : !tile.buf<32x32xbf16, shared>) outs(%e1 : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16):
      %e = math.exp %x : bf16
      tile.yield %e : bf16
    }
    tile.parallel ins(%e1, %a_s : !tile.buf<32x32xbf16, fragment>, !tile.buf<32x32xbf16, shared>) outs(%y1 : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %s = arith.addf %x, %y : bf16
      tile.yield %s : bf16
    }
    tile.parallel ins(%y1 : !tile.buf<32x32xbf16, fragment>) outs(%e2 : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16):
      %r = math.sqrt %x : bf16
      tile.yield %r : bf16
    }
    tile.parallel ins(%e2, %y1 : !tile.buf<32x32xbf16, fragment>, !tile.buf<32x32xbf16, fragment>) outs(%o : !tile.buf<32x32xbf16, fragment>) {
    ^bb0(%x: bf16, %y: bf16):
      %m = arith.mulf %x, %y : bf16
      tile.yield %m : bf16
    }
    tile.copy %o, %c[%c0, %c0] : !tile.buf<32x32xbf16, fragment>, !tile.tensor<32x32xbf16>
  }
  return
}
