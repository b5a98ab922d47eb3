// tt-verify: data formats. The unpacker decodes with the formats SrcA and
// SrcB are configured for and the packer encodes with its own; a tile that
// goes through a register configured for another format is garbage on the
// device.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s | FileCheck %s

// fp32 partial sums reloaded with copy_tile_init + copy_tile after a bf16
// startup: copy_tile_init does not reconfigure the unpacker.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @partials_after_bf16_startup grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %c0 = arith.constant 0 : i32
    // expected-note@+1 {{SrcA is configured for 'bf16' here}}
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
    tt.tile_regs_acquire
    tt.copy_tile_init cb(24)
    // expected-error@+1 {{unpacks circular buffer 24 ('f32') through SrcA, but SrcA may be configured for another format here}}
    tt.copy_tile %c0 cb(24) dst(0)
  }
}

// -----

// Packing into an f32 CB with the packer configured for a bf16 output.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @pack_wrong_format grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute {
    // expected-note@+1 {{the packer is configured for 'bf16' here}}
    tt.compute_kernel_hw_startup cb(0, 0, 16) order(regular)
    tt.tile_regs_acquire
    tt.tile_regs_commit
    tt.tile_regs_wait
    // expected-error@+1 {{packs into circular buffer 24 ('f32'), but the packer may be configured for another format here}}
    tt.pack_tile cb(24) dst(0)
  }
}

// -----

// Matmul unpacks in0 through SrcB and in1 through SrcA: with operands of
// two formats, a Regular startup configures them the wrong way round.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @matmul_regular_order grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %c0 = arith.constant 0 : i32
    // expected-note@+2 {{SrcA is configured for 'bf16' here}}
    // expected-note@+1 {{SrcB is configured for 'f32' here}}
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(regular)
    tt.tile_regs_acquire
    tt.matmul_init cb(0, 1) transpose(0)
    // expected-error@+2 {{unpacks circular buffer 0 ('bf16') through SrcB, but SrcB may be configured for another format here}}
    // expected-error@+1 {{unpacks circular buffer 1 ('f32') through SrcA, but SrcA may be configured for another format here}}
    tt.matmul_tiles %c0, %c0 cb(0, 1) dst(0)
  }
}

// -----

// A reconfiguration after the use in a loop: the second iteration reaches
// the use with the other format (the back edge).
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @loop_back_edge grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %c0 = arith.constant 0 : i32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i4 = arith.constant 4 : index
    tt.compute_kernel_hw_startup cb(0, 0, 16) order(regular)
    scf.for %i = %i0 to %i4 step %i1 {
      tt.tile_regs_acquire
      tt.copy_tile_init cb(0)
      // expected-error@+1 {{unpacks circular buffer 0 ('bf16') through SrcA, but SrcA may be configured for another format here}}
      tt.copy_tile %c0 cb(0) dst(0)
      // expected-note@+1 {{SrcA is configured for 'f32' here}}
      tt.reconfig_data_format_srca cb(24)
      tt.copy_tile_init cb(24)
      tt.copy_tile %c0 cb(24) dst(1)
      tt.tile_regs_commit
      tt.tile_regs_wait
      tt.tile_regs_release
    }
  }
}

// -----

// A reconfiguration on one branch only.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @one_branch grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc rt_args ["flag"] {
    %c0 = arith.constant 0 : i32
    %flag = tt.get_arg_val index(0)
    %cond = arith.cmpi ne, %flag, %c0 : i32
    // expected-note@+1 {{SrcA is configured for 'bf16' here}}
    tt.compute_kernel_hw_startup cb(0, 0, 16) order(regular)
    scf.if %cond {
      tt.reconfig_data_format_srca cb(24)
    }
    tt.tile_regs_acquire
    tt.copy_tile_init cb(24)
    // expected-error@+1 {{unpacks circular buffer 24 ('f32') through SrcA, but SrcA may be configured for another format here}}
    tt.copy_tile %c0 cb(24) dst(0)
  }
}

// -----

// No startup at all.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @no_startup grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-note@+1 {{no op configures SrcA before it on some path (compute_kernel_hw_startup comes first)}}
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : i32
    tt.tile_regs_acquire
    tt.copy_tile_init cb(0)
    // expected-error@+1 {{unpacks circular buffer 0 ('bf16') through SrcA, but SrcA may be configured for another format here}}
    tt.copy_tile %c0 cb(0) dst(0)
  }
}

// -----

// A CB unpacked straight to DST cannot feed SrcA or SrcB, and must be f32.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @unpack_to_dest_misuse grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  // expected-error@+1 {{circular buffer 0 holds 'bf16'; only f32 and i32 CBs can be unpacked straight to DST (unpack_to_dest_fp32)}}
  tt.kernel @compute compute fp32_dest_acc unpack_to_dest_fp32 [0, 24] {
    %c0 = arith.constant 0 : i32
    tt.compute_kernel_hw_startup cb(24, 24, 16) order(regular)
    tt.tile_regs_acquire
    tt.add_tiles_init cb(24, 24)
    // expected-error@+2 {{unpacks circular buffer 24 through SrcA, but the kernel unpacks it straight to DST (unpack_to_dest_fp32): only tt.copy_tile, tt.unary_bcast, tt.tilize_block and tt.pack_untilize_block may read it}}
    // expected-error@+1 {{unpacks circular buffer 24 through SrcB, but the kernel unpacks it straight to DST (unpack_to_dest_fp32): only tt.copy_tile, tt.unary_bcast, tt.tilize_block and tt.pack_untilize_block may read it}}
    tt.add_tiles %c0, %c0 cb(24, 24) dst(0)
  }
}

// -----

// Formats that change where they should pass: a reverse startup for
// matmul, then the f32 block reconfigured for a copy and the packer for
// the output.
// CHECK-LABEL: tt.program @reconfigured
tt.program @reconfigured grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 24 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc unpack_to_dest_fp32 [24] {
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
    tt.reconfig_data_format_srca cb(24)
    tt.pack_reconfig_data_format cb(16)
    tt.copy_tile_init cb(24)
  }
}

// -----

// An i32 CB read through SrcA (the 19-bit source register), by copy_tile
// without unpack_to_dest_fp32 or by an FPU op.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @int_through_srca grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<i32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<i32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %c0 = arith.constant 0 : i32
    tt.compute_kernel_hw_startup cb(0, 0, 16) order(regular)
    tt.tile_regs_acquire
    tt.copy_tile_init cb(0)
    // expected-error@+1 {{unpacks circular buffer 0 (i32) through SrcA, which holds 19 bits: an i32 CB must be unpacked straight to DST (unpack_to_dest_fp32) by tt.copy_tile}}
    tt.copy_tile %c0 cb(0) dst(0)
    tt.add_tiles_init cb(0, 0)
    // expected-error@+2 {{unpacks circular buffer 0 (i32) through SrcA}}
    // expected-error@+1 {{unpacks circular buffer 0 (i32) through SrcB}}
    tt.add_tiles %c0, %c0 cb(0, 0) dst(0)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.pack_tile cb(16) dst(0)
    tt.tile_regs_release
  }
}
