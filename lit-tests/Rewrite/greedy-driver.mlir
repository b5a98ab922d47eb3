// The greedy driver on the test dialect's patterns (test-greedy-patterns).
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(test-greedy-patterns))' %s 2>/dev/null | FileCheck %s
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(test-greedy-patterns{strictness=existing}))' %s 2>/dev/null | FileCheck %s --check-prefix=EXISTING
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(test-greedy-patterns{region-simplify=false}))' %s 2>/dev/null | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(test-greedy-patterns))' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: not tilt-opt -p 'builtin.module(func.func(test-greedy-patterns{strictness=some}))' %s 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: unknown strictness 'some' (expected any, existing-and-new or existing)

// Of two patterns on one op, the higher benefit wins, whatever the order
// they were added in.
// CHECK-LABEL: func.func @benefit
// CHECK-NEXT: "test.high"
// CHECK-NOT: test.low
func.func @benefit(%a: i32) -> i32 {
  %0 = "test.benefit"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// Ops a pattern creates are revisited (any op, existing and new ops), but
// not with strictness=existing: the chain stops after one step.
// CHECK-LABEL: func.func @strictness
// CHECK-NEXT: "test.done"() {n = 0 : i64}
// EXISTING-LABEL: func.func @strictness
// EXISTING-NEXT: "test.chain"() {n = 2 : i64}
func.func @strictness() {
  "test.chain"() {n = 3 : i64} : () -> ()
  return
}

// -----

// Side-effect-free ops whose results are unused are removed; ops that may
// have effects are kept.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: %[[K:.*]] = "test.op"
// CHECK-NEXT: return
func.func @dead(%a: i32) {
  %0 = "test.pure"(%a) : (i32) -> i32
  %1 = "test.pure"(%0) : (i32) -> i32
  %2 = "test.op"(%a) : (i32) -> i32
  return
}

// -----

// A cycle of patterns never converges: the driver stops and says so.
// REMARK: greedy-driver.mlir:[[@LINE+1]]:1: remark: converged: no, iterations: 1, rewrites: 1001
func.func @cycle() {
  "test.ping"() : () -> ()
  return
}

// -----

// Region simplification: unreachable blocks go, and so do block arguments
// no op uses (the branches stop passing them).
// CHECK-LABEL: func.func @regions
// CHECK: "test.branch"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%[[Q:.*]]: i32):
// CHECK-NEXT: "test.op"(%[[Q]])
// CHECK-NEXT: "test.terminator"
// CHECK-NEXT: })
// NOSIMPLIFY-LABEL: func.func @regions
// NOSIMPLIFY: ^bb2:
// NOSIMPLIFY: ^bb3(
// REMARK: remark: converged: yes, iterations: 2, rewrites: 0, erased blocks: 2, erased arguments: 1
func.func @regions(%a: i32) {
  "test.op"() ({
    %x = "test.op"() : () -> i32
    "test.branch"(%x, %a)[^bb1] : (i32, i32) -> ()
  ^bb1(%p: i32, %q: i32):
    "test.op"(%q) : (i32) -> ()
    "test.terminator"() : () -> ()
  ^bb2:
    %y = "test.op"() : () -> i32
    "test.branch"(%y, %y)[^bb3] : (i32, i32) -> ()
  ^bb3(%r: i32, %s: i32):
    "test.op"(%r) : (i32) -> ()
    "test.branch"(%r, %s)[^bb3] : (i32, i32) -> ()
  }) : () -> ()
  return
}
