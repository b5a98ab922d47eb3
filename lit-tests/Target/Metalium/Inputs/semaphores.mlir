// Hand-written programs that synchronise cores by semaphores: @mcast is the
// in0 multicast of tt-metal's multicast matmul (core [0, 0] reads each block
// from DRAM and multicasts it to cores [1, 0] to [3, 0], the receivers
// handshake through semaphores 0 and 1); @flags uses the remaining
// semaphore calls. Both pass tt-verify.
tt.program @mcast grid [4, 1] arch wormhole_b0 {
  tt.buffer @a size 8192 page_size 2048 {padded_shape = array<i64: 64, 64>, shape = array<i64: 64, 64>} : bf16
  tt.cb_config 0 cores [0, 0] to [3, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  // Semaphore 0 counts the receivers that are ready (on the sender);
  // semaphore 1 is each receiver's VALID flag.
  tt.semaphore 0 cores [0, 0] to [3, 0] init 0
  tt.semaphore 1 cores [0, 0] to [3, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["a_addr", "blocks", "x0", "y0", "x1", "y1", "dests"] ct_args [@a] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %addr = tt.get_arg_val index(0)
    %blocks = tt.get_arg_val index(1)
    %x0 = tt.get_arg_val index(2)
    %y0 = tt.get_arg_val index(3)
    %x1 = tt.get_arg_val index(4)
    %y1 = tt.get_arg_val index(5)
    %dests = tt.get_arg_val index(6)
    %n = arith.index_cast %blocks : i32 to index
    %a = tt.tensor_accessor %addr, %bytes ct_offset(0)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 2>
      %id = arith.index_cast %i : index to i32
      tt.noc_async_read_tile %id, %a, %l1
      tt.noc_async_read_barrier
      tt.noc_semaphore_wait %ready, %dests
      tt.noc_semaphore_set %ready, %zero
      %data = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %l1
      tt.noc_async_write_multicast %l1, %data, %bytes, %dests
      tt.noc_async_writes_flushed
      %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
      tt.noc_semaphore_set_multicast %valid, %flag, %dests
      cb.push_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
    tt.noc_async_write_barrier
  }
  tt.kernel @receiver reader cores [1, 0] to [3, 0] noc 0 rt_args ["blocks", "sender_x", "sender_y"] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %blocks = tt.get_arg_val index(0)
    %x = tt.get_arg_val index(1)
    %y = tt.get_arg_val index(2)
    %n = arith.index_cast %blocks : i32 to index
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      tt.noc_semaphore_set %valid, %zero
      tt.noc_semaphore_inc %sender, %one
      tt.noc_semaphore_wait %valid, %one
      cb.push_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.kernel @compute compute rt_args ["blocks"] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %blocks = tt.get_arg_val index(0)
    %n = arith.index_cast %blocks : i32 to index
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    scf.for %i = %c0 to %n step %c1 {
      cb.wait_front %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.pop_front %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.runtime_args @sender core [0, 0] [@a, 4, noc_x(1), noc_y(0), noc_x(3), noc_y(0), 3]
  tt.runtime_args @receiver core [1, 0] [4, noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [4, noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [3, 0] [4, noc_x(0), noc_y(0)]
  tt.runtime_args @compute core [0, 0] [4]
  tt.runtime_args @compute core [1, 0] [4]
  tt.runtime_args @compute core [2, 0] [4]
  tt.runtime_args @compute core [3, 0] [4]
}

tt.program @flags grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @signal reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %flag = tt.get_semaphore id(0)
    tt.noc_semaphore_set %flag, %one
    %remote = tt.get_noc_addr %x, %y, %flag
    tt.noc_semaphore_set_remote %flag, %remote
  }
  tt.kernel @await reader cores [1, 0] to [1, 0] noc 1 {
    %one = arith.constant 1 : i32
    %flag = tt.get_semaphore id(0)
    tt.noc_semaphore_wait_min %flag, %one
  }
  tt.runtime_args @signal core [0, 0] [noc_x(1), noc_y(0)]
}
