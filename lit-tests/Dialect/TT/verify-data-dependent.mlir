// tt-verify on control flow that a value read at run time decides (an
// element of a tensor read into L1: a trip count, a condition). Any trip
// count, none included, must leave the protocol as one trip does, and both
// branches of an if must leave it alike.
// RUN: tilt-opt --split-input-file --verify-diagnostics -p 'builtin.module(tt.program(tt-verify))' %s | FileCheck %s

// A loop over a count read from L1 whose trip waits for a page and pops
// it, in both kernels: balanced for any count.
// CHECK-LABEL: tt.program @counted
tt.program @counted grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<i32, page_size = 64, pages = 1>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %cb1 = cb.alloc 1 : !cb.cb<i32, page_size = 64, pages = 1>
    cb.reserve_back %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %l1 = cb.get_write_ptr %cb1 : !cb.cb<i32, page_size = 64, pages = 1>
    %count = tt.read_l1_u32 %l1
    cb.push_back %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %n = arith.index_cast %count : i32 to index
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w0 = arith.constant 0 : i32
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %cb1 = cb.alloc 1 : !cb.cb<i32, page_size = 64, pages = 1>
    cb.wait_front %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %count = tt.read_cb_u32 %w0 cb(1)
    cb.pop_front %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %n = arith.index_cast %count : i32 to index
    scf.for %i = %c0 to %n step %c1 {
      cb.wait_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
}

// -----

// A trip that leaves a page reserved: the next trip would reserve past it.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @leaky grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %count = tt.read_l1_u32 %l1
    %n = arith.index_cast %count : i32 to index
    // expected-error@+1 {{a trip of a loop whose trip count is known only when the kernel runs leaves the circular buffers or DST in another state than it found them}}
    scf.for %i = %c0 to %n step %c1 {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
}

// -----

// A branch that pushes a page the other does not reserve.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @uneven grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : i32
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %flag = tt.read_l1_u32 %l1
    %set = arith.cmpi ne, %flag, %c0 : i32
    // expected-error@+1 {{the branches of a condition known only when the kernel runs leave the circular buffers or DST in different states}}
    scf.if %set {
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    }
  }
}

// -----

// A loop with a count known only at run time may carry values (a column
// it advances): they, and its results, are unknown.
// CHECK-LABEL: tt.program @carried
tt.program @carried grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %count = tt.read_l1_u32 %l1
    %n = arith.index_cast %count : i32 to index
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
      %next = arith.addi %s, %c1 : index
      scf.yield %next : index
    }
  }
}

// -----

// scf.while on a count read from L1: one trip (its state unknown) must
// keep the protocol; the reader pushes a page a trip, the compute kernel
// pops one.
// CHECK-LABEL: tt.program @while_counted
tt.program @while_counted grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<i32, page_size = 64, pages = 1>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %cb1 = cb.alloc 1 : !cb.cb<i32, page_size = 64, pages = 1>
    cb.reserve_back %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %l1 = cb.get_write_ptr %cb1 : !cb.cb<i32, page_size = 64, pages = 1>
    %count = tt.read_l1_u32 %l1
    cb.push_back %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %n = arith.index_cast %count : i32 to index
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
  }
  tt.kernel @compute compute {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w0 = arith.constant 0 : i32
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %cb1 = cb.alloc 1 : !cb.cb<i32, page_size = 64, pages = 1>
    cb.wait_front %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %count = tt.read_cb_u32 %w0 cb(1)
    cb.pop_front %cb1, 1 : !cb.cb<i32, page_size = 64, pages = 1>
    %n = arith.index_cast %count : i32 to index
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      cb.wait_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
  }
}

// -----

// A while loop with a known condition is run trip by trip: three trips
// push three pages into a CB of two that nobody pops.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @while_known grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %c3 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      // expected-error@+1 {{circular buffer 0 is pushed (3 pages on core [0, 0]) but no kernel pops it}}
      cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
  }
}

// -----

// A while loop whose condition is known only at run time and whose trip
// leaves a page reserved.
// expected-error@+1 {{pass 'tt-verify' (TTVerify) failed on 'tt.program'}}
tt.program @while_leaky grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @reader reader {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %count = tt.read_l1_u32 %l1
    %n = arith.index_cast %count : i32 to index
    // expected-error@+1 {{a trip of a while loop whose condition is known only when the kernel runs leaves the circular buffers or DST in another state than it found them}}
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
  }
}
