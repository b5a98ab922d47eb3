// tt-verify: programs Metalium would hang on or corrupt data with.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s | FileCheck %s

// A balanced program passes and is unchanged.
// CHECK-LABEL: tt.program @balanced
tt.program @balanced grid [2, 1] arch wormhole_b0 {
  tt.buffer @a size 8192 page_size 2048 : bf16
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader rt_args ["a_addr", "count"] {
    %page = arith.constant 2048 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %addr = tt.get_arg_val index(0)
    %count = tt.get_arg_val index(1)
    %n = arith.index_cast %count : i32 to index
    %acc = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.kernel @compute compute rt_args ["count"] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %count = tt.get_arg_val index(0)
    %n = arith.index_cast %count : i32 to index
    scf.for %i = %c0 to %n step %c1 {
      cb.wait_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a, 2]
  tt.runtime_args @reader core [1, 0] [@a, 2]
  tt.runtime_args @compute core [0, 0] [2]
  tt.runtime_args @compute core [1, 0] [2]
}

// -----

// The trip counts come from the runtime arguments of each core: core [1, 0]
// pushes 3 pages and pops 2.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @unbalanced grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader rt_args ["count"] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %count = tt.get_arg_val index(0)
    %n = arith.index_cast %count : i32 to index
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      // expected-error@+2 {{circular buffer 0 is unbalanced on core [1, 0]: kernel @reader pushes 3 pages in all, kernel @compute pops 2}}
      // expected-note@+1 {{pushed 1 pages per iteration here}}
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    scf.for %i = %c0 to %c2 step %c1 {
      cb.wait_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      // expected-note@+1 {{popped 1 pages per iteration here}}
      cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [2]
  tt.runtime_args @reader core [1, 0] [3]
}

// -----

tt.program @too_big_wait grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    // expected-error@+1 {{'cb.wait_front' op page count 4 is more than the buffer's 2 pages}}
    cb.wait_front %cb0, 4 : !cb.cb<bf16, page_size = 2048, pages = 2>
  }
}

// -----

// The kernel's view of a CB must be the program's configuration.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @mismatch grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{circular buffer 0 is configured as !cb.cb<bf16, page_size = 2048, pages = 2> in the program (kernel @compute on core [0, 0])}}
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 4>
    cb.wait_front %cb0, 4 : !cb.cb<bf16, page_size = 2048, pages = 4>
  }
}

// -----

// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @wrapping grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 3>
  tt.kernel @reader reader {
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 3>
    // expected-error@+1 {{cb.reserve_back of 2 pages on circular buffer 0 of 3 pages: blocks would wrap around the buffer's end (make its pages a multiple of 2)}}
    cb.reserve_back %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 3>
  }
}

// -----

// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @push_without_reserve grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    // expected-error@+1 {{cb.push_back of 2 pages on circular buffer 0 after a reserve of 1 (every push must follow a reserve of at least as many pages) (kernel @reader on core [0, 0])}}
    cb.push_back %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 2>
  }
}

// -----

// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @pop_without_wait grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    // expected-error@+1 {{cb.pop_front of 1 pages on circular buffer 0 after a wait for 0 (every pop must follow a wait for at least as many pages)}}
    cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
  }
}

// -----

// Reading a tile that was not waited for.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @read_beyond_wait grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %cb1 = cb.alloc 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    tt.compute_kernel_hw_startup cb(0, 1, 1) order(regular)
    cb.wait_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    cb.wait_front %cb1, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    tt.tile_regs_acquire
    // expected-error@+1 {{reads tile 1 of circular buffer 0 but only 1 pages are waited for}}
    tt.add_tiles %c1, %c0 cb(0, 1) dst(0)
  }
}

// -----

// DST: math outside an acquisition, packing before tile_regs_wait.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @dst_outside_acquire grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute {
    // expected-error@+1 {{writes DST outside tile_regs_acquire ... tile_regs_commit}}
    tt.exp_tile dst(0)
  }
}

// -----

// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @pack_before_wait grid [1, 1] arch wormhole_b0 {
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    tt.compute_kernel_hw_startup cb(16, 16, 16) order(regular)
    tt.tile_regs_acquire
    tt.tile_regs_commit
    // expected-error@+1 {{packs DST outside tile_regs_wait ... tile_regs_release}}
    tt.pack_tile cb(16) dst(0)
  }
}

// -----

// A DST index beyond the kernel's capacity is an error of the op itself.
tt.program @dst_range grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute fp32_dest_acc {
    tt.tile_regs_acquire
    // expected-error@+1 {{'tt.exp_tile' op DST index 4 is out of range: kernel @compute holds 4 tiles per acquire (fp32 accumulation, half-sync)}}
    tt.exp_tile dst(4)
  }
}

// -----

// A runtime argument the host does not give on a core the kernel runs on.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @missing_args grid [2, 1] arch wormhole_b0 {
  // expected-error@+1 {{kernel @reader reads 1 runtime arguments but the host gives none on core [1, 0] (tt.runtime_args)}}
  tt.kernel @reader reader rt_args ["count"] {
    %count = tt.get_arg_val index(0)
  }
  tt.runtime_args @reader core [0, 0] [4]
}

// -----

// The CBs of a core must fit its L1.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @l1_overflow grid [1, 1] arch grayskull {
  // expected-note@+1 {{c_0: 128 pages of 4096 bytes ('f32') = 524288 bytes}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 128>
  // The error is at the largest CB; a note names each.
  // expected-error@+2 {{the circular buffers of core [0, 0] need 1048577 bytes of L1; grayskull has 1048576 usable (use fewer stages or smaller blocks)}}
  // expected-note@+1 {{c_1: 1 pages of 524289 bytes ('f32') = 524289 bytes}}
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 524289, pages = 1>
}

// -----

// A CB pushed that nobody pops.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @never_popped grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    // expected-error@+1 {{circular buffer 0 is pushed (1 pages on core [0, 0]) but no kernel pops it: the producer stalls once it is full}}
    cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
  }
}
