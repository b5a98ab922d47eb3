// tt-verify: semaphores and multicast between cores.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s | FileCheck %s

// The in0 protocol of tt-metal's multicast matmul passes: core [0, 0] reads
// each block from DRAM and multicasts it to cores [1, 0] to [3, 0]; each
// receiver clears its VALID flag, increments the sender's count and waits
// for VALID; the sender waits for the count, clears it, multicasts the
// block and sets VALID on the receivers.
// CHECK-LABEL: tt.program @mcast
tt.program @mcast grid [4, 1] arch wormhole_b0 {
  tt.buffer @a size 8192 page_size 2048 : bf16
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

// -----

// On NoC 1 the rectangle is given end first, as tt-metal's multicast matmul
// passes it to a kernel on NOC_1.
// CHECK-LABEL: tt.program @noc1
tt.program @noc1 grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 1 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(2), noc_y(0), noc_x(1), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// A local set by another kernel of the core can satisfy a wait.
// CHECK-LABEL: tt.program @local
tt.program @local grid [1, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.kernel @reader reader noc 0 {
    %one = arith.constant 1 : i32
    %sem = tt.get_semaphore id(0)
    tt.noc_semaphore_wait %sem, %one
  }
  tt.kernel @writer writer noc 1 {
    %one = arith.constant 1 : i32
    %sem = tt.get_semaphore id(0)
    tt.noc_semaphore_set %sem, %one
  }
}

// -----

// A wait that nothing can satisfy: no core writes the semaphore.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @nobody grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @reader reader noc 0 {
    %one = arith.constant 1 : i32
    %sem = tt.get_semaphore id(0)
    tt.noc_semaphore_set %sem, %one
    // A wait the kernel's own set satisfies needs no other writer.
    tt.noc_semaphore_wait %sem, %one
    %two = arith.constant 2 : i32
    // expected-error@+1 {{waits on semaphore 0, which no core sets or increments (kernel @reader on core [0, 0])}}
    tt.noc_semaphore_wait_min %sem, %two
  }
}

// -----

// The sender multicasts VALID without setting its own copy first: the
// receivers wait for 1 and get 0.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @no_valid grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    // expected-error@+1 {{waits for semaphore 1 to be 1, but the cores that set it write only 0 (kernel @receiver on core [1, 0])}}
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// The sender waits for three receivers, but two increment its count.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @unbalanced grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    %three = arith.constant 3 : i32
    // expected-error@+1 {{waits for 3 increments of semaphore 0 in all (1 wait for 3), but the cores that increment it add 2 (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_wait %ready, %three
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    // expected-note@+1 {{incremented here}}
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// The receivers wait for VALID twice; the sender sets it once.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @too_few_sets grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    // expected-error@+1 {{waits 2 times for semaphore 1 to be set, but other cores set it once (kernel @receiver on core [1, 0])}}
    tt.noc_semaphore_wait %valid, %one
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// num_dests counts the cores of the rectangle besides the sender.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @num_dests grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    // expected-error@+1 {{num_dests is 3, but cores [1, 0] to [2, 0] hold 2 destinations (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 3]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// A rectangle that holds the sender: num_dests leaves it out, and a
// rectangle of the sender alone is no multicast.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @self grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
    %alone = tt.get_noc_multicast_addr %x0, %y0, %x0, %y0, %valid
    %zero = arith.constant 0 : i32
    // expected-error@+1 {{multicasts to its own core only ([0, 0] to [0, 0]); a multicast needs another destination (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_set_multicast %valid, %alone, %zero
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(0), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// On NoC 0 the rectangle starts at its top-left corner.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @noc0_order grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    // expected-error@+1 {{takes the rectangle's corners [2, 0] and [1, 0] end first, but the kernel multicasts on NoC 0, where get_noc_multicast_addr takes the start (top-left) corner first (kernel @sender on core [0, 0])}}
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(2), noc_y(0), noc_x(1), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// On NoC 1 it starts at its bottom-right corner.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @noc1_order grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 1 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    // expected-error@+1 {{takes the rectangle's corners [1, 0] and [2, 0] start first, but the kernel multicasts on NoC 1, where get_noc_multicast_addr takes the end (bottom-right) corner first (tt-metal's multicast matmul swaps the corners for NoC 1) (kernel @sender on core [0, 0])}}
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// A coordinate moved off the grid.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @outside grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %beyond = arith.addi %x1, %one : i32
    // expected-error@+1 {{names logical column 3 (operand #2), outside the program's 3x1 grid (kernel @sender on core [0, 0])}}
    %flag = tt.get_noc_multicast_addr %x0, %y0, %beyond, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// A NoC y coordinate where an x coordinate belongs.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @axis grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [2, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %dests
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    // expected-error@+1 {{takes noc_y(0) as operand #0, a NoC x coordinate (kernel @receiver on core [1, 0])}}
    %swapped = tt.get_noc_addr %y, %x, %ready
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// The rectangle reaches core [3, 0], which runs no kernel.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @no_kernel grid [4, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [3, 0] init 0
  tt.semaphore 1 cores [0, 0] to [3, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    %two = arith.constant 2 : i32
    tt.noc_semaphore_wait %ready, %two
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    // expected-error@+1 {{multicasts to core [3, 0], which runs no kernel (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(3), noc_y(0), 3]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// Core [3, 0] runs a kernel, but none that waits on the semaphore.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @no_waiter grid [4, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [3, 0] init 0
  tt.semaphore 1 cores [0, 0] to [3, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    %two = arith.constant 2 : i32
    tt.noc_semaphore_wait %ready, %two
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    // expected-error@+1 {{multicasts semaphore 1 to core [3, 0], where no kernel waits on it (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [2, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.kernel @idle reader cores [3, 0] to [3, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(3), noc_y(0), 3]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
  tt.runtime_args @receiver core [2, 0] [noc_x(0), noc_y(0)]
}

// -----

// Semaphore 1 is not declared on core [2, 0], which the multicast reaches.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @undeclared_multicast grid [3, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
  tt.semaphore 1 cores [0, 0] to [1, 0] init 0
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "y0", "x1", "y1", "dests"] {
    %one = arith.constant 1 : i32
    %x0 = tt.get_arg_val index(0)
    %y0 = tt.get_arg_val index(1)
    %x1 = tt.get_arg_val index(2)
    %y1 = tt.get_arg_val index(3)
    %dests = tt.get_arg_val index(4)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    tt.noc_semaphore_set %valid, %one
    tt.noc_semaphore_wait %ready, %one
    %flag = tt.get_noc_multicast_addr %x0, %y0, %x1, %y1, %valid
    // expected-error@+1 {{multicasts semaphore 1 to core [2, 0], which declares no semaphore 1 (tt.semaphore) (kernel @sender on core [0, 0])}}
    tt.noc_semaphore_set_multicast %valid, %flag, %dests
  }
  tt.kernel @receiver reader cores [1, 0] to [1, 0] noc 0 rt_args ["x", "y"] {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %valid = tt.get_semaphore id(1)
    %sender = tt.get_noc_addr %x, %y, %ready
    tt.noc_semaphore_set %valid, %zero
    tt.noc_semaphore_inc %sender, %one
    tt.noc_semaphore_wait %valid, %one
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0), noc_x(2), noc_y(0), 2]
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
}

// -----

// A receiver increments a semaphore its sender's core does not declare.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @undeclared_increment grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [1, 0] to [1, 0] init 0
  tt.kernel @receiver reader cores [1, 0] to [1, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %ready = tt.get_semaphore id(0)
    %sender = tt.get_noc_addr %x, %y, %ready
    // expected-error@+1 {{increments semaphore 0 of core [0, 0], which declares no semaphore 0 (tt.semaphore) (kernel @receiver on core [1, 0])}}
    tt.noc_semaphore_inc %sender, %one
  }
  tt.runtime_args @receiver core [1, 0] [noc_x(0), noc_y(0)]
}

// -----

// Data multicast into a CB of a core where no kernel pushes it.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @not_pushed grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 1>
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 1>
    cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
    %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 1>
    %data = tt.get_noc_multicast_addr %x, %y, %x, %y, %l1
    // expected-error@+1 {{multicasts into circular buffer 0 of core [1, 0], where no kernel pushes it: nothing there receives the data (kernel @sender on core [0, 0])}}
    tt.noc_async_write_multicast %l1, %data, %bytes, %one
  }
  tt.kernel @idle reader cores [1, 0] to [1, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// Data multicast into a CB the destination core does not configure.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @not_configured grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 1>
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 1>
    cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
    %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 1>
    %data = tt.get_noc_multicast_addr %x, %y, %x, %y, %l1
    // expected-error@+1 {{multicasts into circular buffer 0, which core [1, 0] does not configure (tt.cb_config) (kernel @sender on core [0, 0])}}
    tt.noc_async_write_multicast %l1, %data, %bytes, %one
  }
  tt.kernel @idle reader cores [1, 0] to [1, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// Data multicast to an L1 address that is no CB's.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @not_a_cb grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 1>
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 1>
    cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
    %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 1>
    %somewhere = arith.constant 4096 : i32
    %data = tt.get_noc_multicast_addr %x, %y, %x, %y, %somewhere
    // expected-error@+1 {{multicasts to an L1 address inside no circular buffer (the receivers take multicast data into a CB they reserved) (kernel @sender on core [0, 0])}}
    tt.noc_async_write_multicast %l1, %data, %bytes, %one
  }
  tt.kernel @idle reader cores [1, 0] to [1, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// Data multicast past the end of the CB.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @too_long grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 1>
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 1>
    cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
    %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 1>
    %data = tt.get_noc_multicast_addr %x, %y, %x, %y, %l1
    %twice = arith.constant 4096 : i32
    // expected-error@+1 {{writes bytes 0 to 4096 of circular buffer 0, which holds 2048 bytes (kernel @sender on core [0, 0])}}
    tt.noc_async_write_multicast %l1, %data, %twice, %one
  }
  tt.kernel @idle reader cores [1, 0] to [1, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// A multicast needs a multicast address.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @unicast grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 1>
  tt.kernel @sender reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %cb = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 1>
    cb.reserve_back %cb, 1 : !cb.cb<bf16, page_size = 2048, pages = 1>
    %l1 = cb.get_write_ptr %cb : !cb.cb<bf16, page_size = 2048, pages = 1>
    %data = tt.get_noc_addr %x, %y, %l1
    // expected-error@+1 {{multicasts to the address of one core (get_noc_addr); a multicast takes one from get_noc_multicast_addr (kernel @sender on core [0, 0])}}
    tt.noc_async_write_multicast %l1, %data, %bytes, %one
  }
  tt.kernel @idle reader cores [1, 0] to [1, 0] noc 0 {
  }
  tt.runtime_args @sender core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// noc_semaphore_inc and noc_semaphore_set_remote take the address of one
// core.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @inc_multicast grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @reader reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %sem = tt.get_semaphore id(0)
    %all = tt.get_noc_multicast_addr %x, %y, %x, %y, %sem
    // expected-error@+1 {{noc_semaphore_inc takes the address of one core (get_noc_addr), not a multicast address (kernel @reader on core [0, 0])}}
    tt.noc_semaphore_inc %all, %one
  }
  tt.runtime_args @reader core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// A remote set into a core that does not declare the semaphore.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @undeclared_set grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.kernel @reader reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %sem = tt.get_semaphore id(0)
    %remote = tt.get_noc_addr %x, %y, %sem
    // expected-error@+1 {{sets semaphore 0 of core [1, 0], which declares no semaphore 0 (tt.semaphore) (kernel @reader on core [0, 0])}}
    tt.noc_semaphore_set_remote %sem, %remote
  }
  tt.runtime_args @reader core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// noc_semaphore_set_multicast writes a semaphore on the destinations.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @not_a_semaphore grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @reader reader cores [0, 0] to [0, 0] noc 0 rt_args ["x", "y"] {
    %one = arith.constant 1 : i32
    %somewhere = arith.constant 4096 : i32
    %x = tt.get_arg_val index(0)
    %y = tt.get_arg_val index(1)
    %sem = tt.get_semaphore id(0)
    %all = tt.get_noc_multicast_addr %x, %y, %x, %y, %somewhere
    // expected-error@+1 {{sets an L1 address that is no semaphore (get_semaphore) on the cores it multicasts to (kernel @reader on core [0, 0])}}
    tt.noc_semaphore_set_multicast %sem, %all, %one
  }
  tt.runtime_args @reader core [0, 0] [noc_x(1), noc_y(0)]
}

// -----

// A rectangle that holds the sender: num_dests counts the others.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @sender_inside grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @reader reader cores [0, 0] to [0, 0] noc 0 rt_args ["x0", "x1", "y"] {
    %two = arith.constant 2 : i32
    %x0 = tt.get_arg_val index(0)
    %x1 = tt.get_arg_val index(1)
    %y = tt.get_arg_val index(2)
    %sem = tt.get_semaphore id(0)
    %all = tt.get_noc_multicast_addr %x0, %y, %x1, %y, %sem
    // expected-error@+1 {{num_dests is 2, but cores [0, 0] to [1, 0] hold 1 destination besides the sender (kernel @reader on core [0, 0])}}
    tt.noc_semaphore_set_multicast %sem, %all, %two
  }
  tt.runtime_args @reader core [0, 0] [noc_x(0), noc_x(1), noc_y(0)]
}
