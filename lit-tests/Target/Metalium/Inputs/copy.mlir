// A hand-written tt program that copies a 64x64 f32 tensor through circular
// buffer 0, one tile at a time.
tt.program @copy grid [2, 1] arch wormhole_b0 {
  tt.buffer @arg0 size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @arg1 size 16384 page_size 4096 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.cb_config 5 cores [1, 0] to [1, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader cores [0, 0] to [0, 0] processor riscv_1 noc 1 rt_args ["arg0_addr"] ct_args [2, 4096] {
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
  tt.runtime_args @reader core [0, 0] [@arg0]
  tt.kernel @writer writer cores [0, 0] to [0, 0] processor riscv_0 noc 0 rt_args ["arg1_addr"] ct_args [2, 4096] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %page = arith.constant 4096 : i32
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %c = tt.tensor_accessor %addr, %page ct_offset(0)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_read_ptr %cb : !cb.cb<f32, page_size = 4096, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_write_tile %id, %c, %l1
      tt.noc_async_write_barrier
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @writer core [0, 0] [@arg1]
}
