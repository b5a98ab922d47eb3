// tt-verify evaluates a kernel's integer arithmetic to follow addresses
// and trip counts. A result that does not fit in 64 bits stays unknown
// instead of wrapping (the sanitizer suite runs this file), and any 64-bit
// value decodes as an address; tt-verify reports nothing here.
// RUN: tilt-opt -p 'builtin.module(tt.program(tt-verify))' %s 2> %t.err | FileCheck %s
// RUN: count 0 < %t.err

// CHECK-LABEL: tt.program @wide
tt.program @wide grid [2, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.kernel @k reader cores [0, 0] to [0, 0] noc 0 {
    %max = arith.constant 9223372036854775807 : i64
    %min = arith.constant -9223372036854775808 : i64
    %m1 = arith.constant -1 : i64
    %sum = arith.addi %max, %max : i64
    %difference = arith.subi %min, %max : i64
    %product = arith.muli %max, %max : i64
    %quotient = arith.divsi %min, %m1 : i64
    %up = arith.ceildivsi %min, %m1 : i64
    %down = arith.floordivsi %min, %m1 : i64
    %rest = arith.remsi %min, %m1 : i64
    // 2 (2^31 - 1)^2 = 2^63 - 2^33 + 2: the largest region of the abstract
    // address space, where rounding to a region used to overflow.
    %x = arith.constant 2147483647 : i32
    %square = arith.muli %x, %x : i32
    %top = arith.addi %square, %square : i32
    %cube = arith.muli %square, %x : i32
    %a = tt.get_noc_multicast_addr %top, %top, %top, %top, %top
    %b = tt.get_noc_addr %cube, %top, %top
  }
}
