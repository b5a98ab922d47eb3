// cse as MLIR 22's: ops with regions are merged when their regions match
// and hold no side effects, dead ops are erased, and multi-block regions are
// walked along their dominator tree. MLIRInterop/cse-regions.test checks
// that mlir-opt prints the same.
// RUN: tilt-opt --allow-unregistered-dialect --cse %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect --cse --mlir-print-debuginfo %s | FileCheck %s --check-prefix=LOC
// RUN: tilt-opt --allow-unregistered-dialect --cse --mlir-pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS: CSE
// STATS-NEXT: (S) {{[0-9]+}} num-cse'd - Number of operations CSE'd
// STATS-NEXT: (S) {{[0-9]+}} num-dce'd - Number of operations DCE'd

// Two scf.if with the same condition, results and regions: one stays.
// CHECK-LABEL: func.func @same_if
// CHECK: %[[R:.*]] = scf.if
// CHECK-NOT: scf.if
// CHECK: return %[[R]], %[[R]] : i32, i32
func.func @same_if(%c: i1, %a: i32) -> (i32, i32) {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %s = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %r, %s : i32, i32
}

// Regions that differ, or hold an op with effects (an unregistered op may
// have any): both stay.
// CHECK-LABEL: func.func @different_if
// CHECK-COUNT-4: scf.if
func.func @different_if(%c: i1, %a: i32) -> (i32, i32, i32, i32) {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %s = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  %t = scf.if %c -> (i32) {
    %x = "test.op"(%a) : (i32) -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %u = scf.if %c -> (i32) {
    %x = "test.op"(%a) : (i32) -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %r, %s, %t, %u : i32, i32, i32, i32
}

// Regions are compared as they were before the pass: a duplicate (or a dead
// op) found inside the first scf.if is still there when the second is
// compared with it, so both stay.
// CHECK-LABEL: func.func @compared_before_erasure
// CHECK: scf.if
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
// CHECK: scf.if
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
func.func @compared_before_erasure(%c: i1, %a: i32) -> (i32, i32) {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  %s = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %r, %s : i32, i32
}

// Ops replaced by an outer value still correspond, so the two scf.if match.
// CHECK-LABEL: func.func @replaced_inside
// CHECK: %[[X:.*]] = arith.addi
// CHECK-NEXT: %[[R:.*]] = scf.if
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NOT: scf.if
// CHECK: return %[[R]], %[[R]] : i32, i32
func.func @replaced_inside(%c: i1, %a: i32) -> (i32, i32) {
  %x = arith.addi %a, %a : i32
  %r = scf.if %c -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  %s = scf.if %c -> (i32) {
    %z = arith.addi %a, %a : i32
    scf.yield %z : i32
  } else {
    scf.yield %x : i32
  }
  return %r, %s : i32, i32
}

// scf.for and scf.while with effect-free bodies, block arguments
// corresponding.
// CHECK-LABEL: func.func @loops
// CHECK: %[[F:.*]] = scf.for
// CHECK-NOT: scf.for
// CHECK: %[[W:.*]] = scf.while
// CHECK-NOT: scf.while
// CHECK: return %[[F]], %[[F]], %[[W]], %[[W]] : i32, i32, i32, i32
func.func @loops(%n: index, %a: i32) -> (i32, i32, i32, i32) {
  %f = scf.for %i = %n to %n step %n iter_args(%acc = %a) -> (i32) {
    %x = arith.addi %acc, %acc : i32
    scf.yield %x : i32
  }
  %g = scf.for %i = %n to %n step %n iter_args(%acc = %a) -> (i32) {
    %x = arith.addi %acc, %acc : i32
    scf.yield %x : i32
  }
  %w = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %x : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  %v = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %x : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %f, %g, %w, %v : i32, i32, i32, i32
}

// scf.execute_region and scf.index_switch; an scf.execute_region of several
// blocks is never merged.
// CHECK-LABEL: func.func @execute_and_switch
// CHECK: %[[E:.*]] = scf.execute_region
// CHECK: %[[S:.*]] = scf.index_switch
// CHECK: %[[M1:.*]] = scf.execute_region
// CHECK: %[[M2:.*]] = scf.execute_region
// CHECK: return %[[E]], %[[E]], %[[S]], %[[S]], %[[M1]], %[[M2]]
func.func @execute_and_switch(%i: index, %a: i32)
    -> (i32, i32, i32, i32, i32, i32) {
  %e = scf.execute_region -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %f = scf.execute_region -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %s = scf.index_switch %i -> i32
  case 1 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  default {
    scf.yield %a : i32
  }
  %t = scf.index_switch %i -> i32
  case 1 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  default {
    scf.yield %a : i32
  }
  %m1 = scf.execute_region -> i32 {
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    scf.yield %a : i32
  }
  %m2 = scf.execute_region -> i32 {
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    scf.yield %a : i32
  }
  return %e, %f, %s, %t, %m1, %m2 : i32, i32, i32, i32, i32, i32
}

// Commutative ops match with their operands in another order.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT: %[[X:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[Y:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %[[Z:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: return %[[X]], %[[X]], %[[Y]], %[[Z]]
func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %x = arith.addi %a, %b : i32
  %y = arith.addi %b, %a : i32
  %z = arith.subi %a, %b : i32
  %w = arith.subi %b, %a : i32
  return %x, %y, %z, %w : i32, i32, i32, i32
}

// Unused ops without effects are erased, scf.if included; an op that only
// loses its last use to another erased op stays.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: %[[M:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: "test.keep"
// CHECK-NEXT: return
func.func @dead(%c: i1, %a: i32) {
  %m = arith.muli %a, %a : i32
  %n = arith.muli %m, %m : i32
  scf.if %c {
    %x = arith.addi %a, %a : i32
  }
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  "test.keep"() : () -> ()
  return
}

// Several blocks: a block sees the values of the blocks that dominate it,
// not those of its siblings; unreachable blocks are left as they are.
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT: %[[X:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: "test.br"()[^bb1]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.cond_br"()[^bb2, ^bb3]
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[L:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT: "test.br"(%[[L]])[^bb4]
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT: "test.br"(%[[R]])[^bb4]
// CHECK-NEXT: ^bb4(%{{.*}}: i32):
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT: return %[[J]] : i32
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32
func.func @blocks(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  %y = arith.addi %a, %a : i32
  "test.cond_br"()[^bb2, ^bb3] : () -> ()
^bb2:
  %l = arith.muli %y, %y : i32
  "test.br"(%l)[^bb4] : (i32) -> ()
^bb3:
  %r = arith.muli %y, %y : i32
  "test.br"(%r)[^bb4] : (i32) -> ()
^bb4(%v: i32):
  %j = arith.muli %x, %x : i32
  return %j : i32
^bb5:
  %q = arith.addi %a, %a : i32
  %q2 = arith.addi %a, %a : i32
  "test.br"(%q2)[^bb4] : (i32) -> ()
}

// A survivor without a location takes the location of the op it replaces.
// LOC-LABEL: func.func @location
// LOC-NEXT: arith.addi %arg0, %arg0 : i32 loc([[HERE:#loc[0-9]+]])
// LOC: [[HERE]] = loc("here":3:4)
func.func @location(%a: i32) -> (i32, i32) {
  %x = arith.addi %a, %a : i32 loc(unknown)
  %y = arith.addi %a, %a : i32 loc("here":3:4)
  return %x, %y : i32, i32
}
