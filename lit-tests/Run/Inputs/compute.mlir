// A hand-written tt program that copies a 64x64 f32 tensor through the
// compute kernel on one core: reader -> c_0 -> copy_tile -> DST -> pack ->
// c_16 -> writer. The base of the end-to-end tests of the emulator's
// compute-engine errors, which fill in with sed the compute kernel's
// settings, its configuration and how it moves a tile into DST (the three
// words between at signs).
tt.program @compute grid [1, 1] arch wormhole_b0 {
  tt.buffer @A size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @B size 16384 page_size 4096 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["A_addr"] ct_args [2, 4096] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %a = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_read_tile %id, %a, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@A]
  tt.kernel @compute compute @FLAGS@ {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %cb16 = cb.alloc 16 : !cb.cb<f32, page_size = 4096, pages = 2>
    @STARTUP@
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.reserve_back %cb16, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      tt.tile_regs_acquire
      @OP@
      tt.tile_regs_commit
      tt.tile_regs_wait
      tt.pack_tile cb(16) dst(0)
      tt.tile_regs_release
      cb.push_back %cb16, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args ["B_addr"] ct_args [2, 4096] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %page = arith.constant 4096 : i32
    %cb16 = cb.alloc 16 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %b = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb16, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_read_ptr %cb16 : !cb.cb<f32, page_size = 4096, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_write_tile %id, %b, %l1
      tt.noc_async_write_barrier
      cb.pop_front %cb16, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @writer core [0, 0] [@B]
}
