// tt-verify: tensor accessors against the kernel's compile-time arguments
// (a @buffer of ct_args is two words, an integer one) and constant DRAM tile
// ids against their buffer's pages.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s | FileCheck %s

// The intact program: @a's words start at 1, @b's at 3.
// CHECK-LABEL: tt.program @copy
tt.program @copy grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @b size 8192 page_size 2048 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["a_addr"] ct_args [7, @a, @b] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 0 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %acc = tt.tensor_accessor %addr, %page ct_offset(1)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %j = arith.addi %i, %shift : index
      %id = arith.index_cast %j : index to i32
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a]
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args [] ct_args [] {
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
}

// -----

// An accessor that starts inside @a's words.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @copy grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @b size 8192 page_size 2048 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["a_addr"] ct_args [7, @a, @b] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 0 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    // expected-error@+1 {{ct_offset(2) is not where a buffer's TensorAccessorArgs start; the kernel's ct_args place them at 1 (@a), 3 (@b) (kernel @reader on core [0, 0])}}
    %acc = tt.tensor_accessor %addr, %page ct_offset(2)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %j = arith.addi %i, %shift : index
      %id = arith.index_cast %j : index to i32
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a]
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args [] ct_args [] {
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
}

// -----

// An accessor past the compile-time words.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @copy grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @b size 8192 page_size 2048 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["a_addr"] ct_args [7, @a, @b] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 0 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    // expected-error@+1 {{reads compile-time arguments 4 and 5 (TensorAccessorArgs) but the kernel has 5 (kernel @reader on core [0, 0])}}
    %acc = tt.tensor_accessor %addr, %page ct_offset(4)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %j = arith.addi %i, %shift : index
      %id = arith.index_cast %j : index to i32
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a]
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args [] ct_args [] {
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
}

// -----

// A page size that is not @b's.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @copy grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @b size 8192 page_size 2048 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["a_addr"] ct_args [7, @a, @b] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 0 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    // expected-error@+1 {{page size 4096 differs from the page size 2048 of @b (ct_offset(3)) (kernel @reader on core [0, 0])}}
    %acc = tt.tensor_accessor %addr, %page ct_offset(3)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %j = arith.addi %i, %shift : index
      %id = arith.index_cast %j : index to i32
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a]
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args [] ct_args [] {
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
}

// -----

// Tile ids 1..4 of @a, which has 4 pages (0..3).
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @copy grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 16384 page_size 4096 {arg = 0 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : f32
  tt.buffer @b size 8192 page_size 2048 {arg = 1 : i64, padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @reader reader processor riscv_1 noc 1 rt_args ["a_addr"] ct_args [7, @a, @b] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 1 : index
    %page = arith.constant 4096 : i32
    %cb0 = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %addr = tt.get_arg_val index(0)
    %acc = tt.tensor_accessor %addr, %page ct_offset(1)
    scf.for %i = %c0 to %c4 step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      %l1 = cb.get_write_ptr %cb0 : !cb.cb<f32, page_size = 4096, pages = 2>
      %j = arith.addi %i, %shift : index
      %id = arith.index_cast %j : index to i32
      // expected-error@+1 {{reads tile 4 of @a, which has 4 pages (kernel @reader on core [0, 0])}}
      tt.noc_async_read_tile %id, %acc, %l1
      tt.noc_async_read_barrier
      cb.push_back %cb0, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
  tt.runtime_args @reader core [0, 0] [@a]
  tt.kernel @writer writer processor riscv_0 noc 0 rt_args [] ct_args [] {
    %cb = cb.alloc 0 : !cb.cb<f32, page_size = 4096, pages = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<f32, page_size = 4096, pages = 2>
    }
  }
}
