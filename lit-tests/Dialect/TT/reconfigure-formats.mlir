// tt-reconfigure-formats: reconfigurations where a compute kernel's CB
// formats change, and nowhere else; unpack-to-DST for f32 CBs only copied.
// RUN: tilt-opt --split-input-file --tt-reconfigure-formats %s | FileCheck %s

// A GEMM block accumulated in an f32 CB and converted to the bf16 output:
// SrcA goes back to in1 before the K loop (not per tile: nothing else in
// the loop needs SrcA), to the f32 block before the copies (before their
// init); the packer likewise. The f32 block, only copied, is unpacked
// straight to DST.
// CHECK-LABEL: tt.program @gemm_block
// CHECK: tt.kernel @compute compute fp32_dest_acc unpack_to_dest_fp32 [24] rt_args ["count"] {
// CHECK: tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
// CHECK-NEXT: scf.for
// CHECK-NEXT: tt.reconfig_data_format_srca cb(1)
// CHECK-NEXT: tt.pack_reconfig_data_format cb(24)
// CHECK-NEXT: scf.for
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.matmul_init
// CHECK-NEXT: tt.matmul_tiles
// CHECK-NOT: reconfig
// CHECK: tt.pack_tile cb(24) dst(0)
// CHECK: tt.reconfig_data_format_srca cb(24)
// CHECK-NEXT: tt.pack_reconfig_data_format cb(16)
// CHECK-NEXT: scf.for
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.copy_tile_init cb(24)
// CHECK-NOT: reconfig
// CHECK: tt.runtime_args
tt.program @gemm_block grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 1>
  tt.kernel @compute compute fp32_dest_acc rt_args ["count"] {
    %c0 = arith.constant 0 : i32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    %count = tt.get_arg_val index(0)
    %n = arith.index_cast %count : i32 to index
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
    scf.for %block = %i0 to %n step %i1 {
      scf.for %k = %i0 to %i4 step %i1 {
        tt.tile_regs_acquire
        tt.matmul_init cb(0, 1) transpose(0)
        tt.matmul_tiles %c0, %c0 cb(0, 1) dst(0)
        tt.tile_regs_commit
        tt.tile_regs_wait
        tt.pack_tile cb(24) dst(0)
        tt.tile_regs_release
      }
      scf.for %t = %i0 to %i1 step %i1 {
        tt.tile_regs_acquire
        tt.copy_tile_init cb(24)
        tt.copy_tile %c0 cb(24) dst(0)
        tt.tile_regs_commit
        tt.tile_regs_wait
        tt.pack_tile cb(16) dst(0)
        tt.tile_regs_release
      }
    }
  }
  tt.runtime_args @compute core [0, 0] [0]
}

// -----

// Formats that never change: nothing is inserted, and an f32 CB that an
// FPU op also reads stays unpacked through the source registers.
// CHECK-LABEL: tt.program @unchanged
// CHECK: tt.kernel @compute compute fp32_dest_acc {
// CHECK-NOT: reconfig
// CHECK: tt.pack_tile cb(16) dst(0)
tt.program @unchanged grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %c0 = arith.constant 0 : i32
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(regular)
    tt.tile_regs_acquire
    tt.copy_tile_init cb(0)
    tt.copy_tile %c0 cb(0) dst(0)
    tt.add_tiles_init cb(0, 1)
    tt.add_tiles %c0, %c0 cb(0, 1) dst(1)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.pack_tile cb(16) dst(0)
    tt.tile_regs_release
  }
}

// -----

// Without fp32_dest_acc, DST cannot hold fp32: no unpack to DST. A use
// inside a branch is fixed inside the branch.
// CHECK-LABEL: tt.program @branch
// CHECK: tt.kernel @compute compute rt_args ["flag"] {
// CHECK: scf.if
// CHECK-NEXT: tt.tile_regs_acquire
// CHECK-NEXT: tt.reconfig_data_format_srca cb(2)
// CHECK-NEXT: tt.copy_tile_init cb(2)
// CHECK: tt.reconfig_data_format_srca cb(0)
// CHECK-NEXT: tt.copy_tile_init cb(0)
tt.program @branch grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 2 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute rt_args ["flag"] {
    %c0 = arith.constant 0 : i32
    %flag = tt.get_arg_val index(0)
    %cond = arith.cmpi ne, %flag, %c0 : i32
    tt.compute_kernel_hw_startup cb(0, 0, 16) order(regular)
    scf.if %cond {
      tt.tile_regs_acquire
      tt.copy_tile_init cb(2)
      tt.copy_tile %c0 cb(2) dst(0)
      tt.tile_regs_commit
      tt.tile_regs_wait
      tt.pack_tile cb(16) dst(0)
      tt.tile_regs_release
    }
    tt.tile_regs_acquire
    tt.copy_tile_init cb(0)
    tt.copy_tile %c0 cb(0) dst(0)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.pack_tile cb(16) dst(0)
    tt.tile_regs_release
  }
  tt.runtime_args @compute core [0, 0] [1]
}
