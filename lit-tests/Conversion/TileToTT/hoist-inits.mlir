// tt-hoist-inits: an init that every trip of a loop repeats runs once,
// before the loop, when nothing else in the loop configures its unit; an
// init that repeats its unit's last one is erased. The unpacker / math
// engine (copy_tile_init, reconfig_data_format...) and the SFPU (the
// *_tile_init of SFPU ops) are configured apart.
// RUN: tilt-opt --split-input-file -p 'builtin.module(tt.program(tt.kernel(tt-hoist-inits)))' %s | FileCheck %s

// x * x: both copy_tile_inits and the SFPU init leave the loop; the second
// copy_tile_init is the same as the first.
// CHECK-LABEL: tt.program @square
// CHECK: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.mul_binary_tile_init
// CHECK-NEXT: scf.for
// CHECK-NOT: _init
// CHECK: }
tt.program @square grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %i0 = arith.constant 0 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      tt.tile_regs_acquire
      tt.copy_tile_init cb(0)
      tt.copy_tile %i0 cb(0) dst(0)
      tt.copy_tile_init cb(0)
      tt.copy_tile %i0 cb(0) dst(1)
      tt.mul_binary_tile_init
      tt.mul_binary_tile dst(0, 1, 0)
      tt.tile_regs_commit
      tt.tile_regs_wait
      tt.pack_tile cb(16) dst(0)
      tt.tile_regs_release
    }
  }
}

// -----

// Copies from two CBs switch the unpacker every trip: their inits stay;
// the SFPU's init leaves the loop all the same.
// CHECK-LABEL: tt.program @two_inputs
// CHECK: tt.exp_tile_init
// CHECK-NEXT: scf.for
// CHECK: tt.copy_tile_init cb(0)
// CHECK: tt.copy_tile_init cb(1)
// CHECK-NOT: tt.exp_tile_init
tt.program @two_inputs grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %i0 = arith.constant 0 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      tt.tile_regs_acquire
      tt.copy_tile_init cb(0)
      tt.copy_tile %i0 cb(0) dst(0)
      tt.exp_tile_init
      tt.exp_tile dst(0)
      tt.copy_tile_init cb(1)
      tt.copy_tile %i0 cb(1) dst(1)
      tt.tile_regs_commit
      tt.tile_regs_wait
      tt.pack_tile cb(16) dst(0)
      tt.tile_regs_release
    }
  }
}

// -----

// Two SFPU inits in one loop configure one unit: both stay in the loop.
// A format reconfiguration between two equal copy_tile_inits keeps the
// second (the pass leaves the unpacker's formats alone).
// CHECK-LABEL: tt.program @kept
// CHECK: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.reconfig_data_format_srca cb(1)
// CHECK-NEXT: tt.copy_tile_init cb(0)
// CHECK: scf.for
// CHECK-NEXT: tt.exp_tile_init
// CHECK-NEXT: tt.exp_tile dst(0)
// CHECK-NEXT: tt.log_tile_init
// CHECK-NEXT: tt.log_tile dst(0)
tt.program @kept grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    tt.copy_tile_init cb(0)
    tt.reconfig_data_format_srca cb(1)
    tt.copy_tile_init cb(0)
    scf.for %i = %c0 to %c4 step %c1 {
      tt.exp_tile_init
      tt.exp_tile dst(0)
      tt.log_tile_init
      tt.log_tile dst(0)
    }
  }
}

// -----

// Straight-line code: a copy_tile_init after an SFPU op repeats the last
// unpacker init and goes; one after a loop that configures the unpacker
// stays.
// CHECK-LABEL: tt.program @repeated
// CHECK: tt.copy_tile_init cb(0)
// CHECK-NEXT: tt.copy_tile
// CHECK-NEXT: tt.exp_tile_init
// CHECK-NEXT: tt.exp_tile dst(0)
// CHECK-NEXT: tt.copy_tile
// CHECK-NEXT: scf.for
// CHECK: }
// CHECK-NEXT: tt.copy_tile_init cb(0)
tt.program @repeated grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute rt_args ["count"] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %i0 = arith.constant 0 : i32
    %n = tt.get_arg_val index(0)
    %count = arith.index_cast %n : i32 to index
    tt.copy_tile_init cb(0)
    tt.copy_tile %i0 cb(0) dst(0)
    tt.exp_tile_init
    tt.exp_tile dst(0)
    tt.copy_tile_init cb(0)
    tt.copy_tile %i0 cb(0) dst(1)
    scf.for %i = %c0 to %count step %c1 {
      tt.copy_tile_init cb(1)
      tt.copy_tile %i0 cb(1) dst(0)
    }
    tt.copy_tile_init cb(0)
    tt.copy_tile %i0 cb(0) dst(1)
  }
}
