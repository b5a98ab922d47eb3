// scf ops in their custom forms (MLIR 22's syntax; MLIRInterop/scf-control.test
// compares the same forms with mlir-opt's).
// RUN: tilt-opt --allow-unregistered-dialect --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect %s | tilt-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @loops
func.func @loops(%n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // The terminator of a loop without results is implicit.
  // CHECK: scf.for %[[IV:.*]] = %c0 to %arg0 step %c1 {
  // CHECK-NEXT: "test.use"(%[[IV]]) : (index) -> ()
  // CHECK-NEXT: }
  scf.for %i = %c0 to %n step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: %[[R:.*]]:2 = scf.for %[[IV2:.*]] = %c0 to %arg0 step %c1 iter_args(%[[A:.*]] = %arg1, %[[B:.*]] = %arg1) -> (i32, i32) {
  // CHECK: scf.yield %[[B]], %[[A]] : i32, i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %k, %b = %k) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  // An integer induction variable is written with MLIR's two spaces.
  // CHECK: scf.for %{{.*}} = %arg1 to %arg1 step %arg1  : i32 {
  scf.for %j = %k to %k step %k : i32 {
  }
  // CHECK: scf.for unsigned %{{.*}} = %c0 to %arg0 step %c1 {
  scf.for unsigned %u = %c0 to %n step %c1 {
  }
  return %r#0 : i32
}

// CHECK-LABEL: func.func @branches
func.func @branches(%c: i1, %x: f32, %y: f32) -> f32 {
  // CHECK: scf.if %arg0 {
  // CHECK-NEXT: "test.then"() : () -> ()
  // CHECK-NEXT: }
  scf.if %c {
    "test.then"() : () -> ()
  }
  // CHECK: scf.if %arg0 {
  // CHECK: } else {
  // CHECK-NEXT: "test.else"() : () -> ()
  scf.if %c {
  } else {
    "test.else"() : () -> ()
  }
  // CHECK: %[[V:.*]] = scf.if %arg0 -> (f32) {
  // CHECK-NEXT: scf.yield %arg1 : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %arg2 : f32
  %v = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  return %v : f32
}

// scf.while: the `(%arg = %init)` list and the functional type; the after
// region shows its arguments, the before region takes them from the list.
// CHECK-LABEL: func.func @while_loops
func.func @while_loops(%x: i32, %n: i32) -> (i32, f32) {
  // CHECK: %[[R:.*]] = scf.while (%[[A:.*]] = %arg0) : (i32) -> i32 {
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[A]], %arg1 : i32
  // CHECK-NEXT: scf.condition(%[[C]]) %[[A]] : i32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[B:.*]]: i32):
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[B]], %[[B]] : i32
  // CHECK-NEXT: scf.yield %[[S]] : i32
  // CHECK-NEXT: }
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %s = arith.addi %b, %b : i32
    scf.yield %s : i32
  }
  // No values: no list, `() -> ()`, and a bare scf.yield.
  // CHECK: scf.while : () -> () {
  // CHECK: scf.condition(%{{.*}})
  // CHECK-NEXT: } do {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  scf.while : () -> () {
    %c = "test.cond"() : () -> i1
    scf.condition(%c)
  } do {
    scf.yield
  }
  // Results of other types than the iteration values, and attributes.
  // CHECK: %{{.*}}:2 = scf.while (%{{.*}} = %arg0, %{{.*}} = %arg1) : (i32, i32) -> (i32, f32) {
  // CHECK: scf.condition(%{{.*}}) {tag} %{{.*}}, %{{.*}} : i32, f32
  // CHECK: } attributes {foo = 1 : i64}
  %w:2 = scf.while (%a = %x, %b = %n) : (i32, i32) -> (i32, f32) {
    %c = "test.cond"() : () -> i1
    %f = "test.f"() : () -> f32
    scf.condition(%c) {tag} %a, %f : i32, f32
  } do {
  ^bb0(%q: i32, %v: f32):
    scf.yield %q, %q : i32, i32
  } attributes {foo = 1}
  return %r, %w#1 : i32, f32
}

// scf.index_switch: each case on its own line, the default region last
// with its terminator implicit when it yields nothing.
// CHECK-LABEL: func.func @switches
func.func @switches(%i: index) -> i32 {
  // CHECK: %[[V:.*]] = scf.index_switch %arg0 -> i32 {{$}}
  // CHECK-NEXT: case 2 {
  // CHECK-NEXT: %{{.*}} = arith.constant 10 : i32
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: case -5 {
  // CHECK: default {
  // CHECK-NEXT: %{{.*}} = arith.constant 30 : i32
  // CHECK-NEXT: scf.yield %{{.*}} : i32
  // CHECK-NEXT: }
  %0 = scf.index_switch %i -> i32
  case 2 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  case -5 {
    %2 = arith.constant 20 : i32
    scf.yield %2 : i32
  }
  default {
    %3 = arith.constant 30 : i32
    scf.yield %3 : i32
  }
  // CHECK: scf.index_switch %arg0 {{$}}
  // CHECK-NEXT: default {
  // CHECK-NEXT: }
  scf.index_switch %i
  default {
  }
  // Case regions keep their scf.yield; attributes come before the cases;
  // several results have no parentheses.
  // CHECK: %{{.*}}:2 = scf.index_switch %arg0 {foo} -> i32, f32 {{$}}
  // CHECK-NEXT: case 1 {
  // CHECK: scf.yield %{{.*}}, %{{.*}} : i32, f32
  %p:2 = scf.index_switch %i {foo} -> i32, f32
  case 1 {
    %a = "test.a"() : () -> i32
    %b = "test.b"() : () -> f32
    scf.yield %a, %b : i32, f32
  }
  default {
    %a = "test.a"() : () -> i32
    %b = "test.b"() : () -> f32
    scf.yield %a, %b : i32, f32
  }
  return %0 : i32
}

// scf.execute_region: `-> types`, `no_inline`, and several blocks.
// CHECK-LABEL: func.func @execute_regions
func.func @execute_regions(%c: i1) -> i32 {
  // CHECK: %{{.*}} = scf.execute_region -> i32 {
  // CHECK-NEXT: %{{.*}} = arith.constant 10 : i32
  // CHECK-NEXT: scf.yield
  %0 = scf.execute_region -> i32 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  // CHECK: scf.execute_region {
  // CHECK-NEXT: "test.side"() : () -> ()
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    "test.side"() : () -> ()
    scf.yield
  }
  // CHECK: %{{.*}}:2 = scf.execute_region -> (i32, i64) no_inline {
  // CHECK: } {foo}
  %2:2 = scf.execute_region -> (i32, i64) no_inline {
    %a = arith.constant 1 : i32
    %b = arith.constant 2 : i64
    scf.yield %a, %b : i32, i64
  } {foo}
  // CHECK: scf.execute_region -> i32 {
  // CHECK-NEXT: "test.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
  // CHECK-NEXT: ^bb1:  // pred: ^bb0
  // CHECK: ^bb2:  // pred: ^bb0
  %3 = scf.execute_region -> i32 {
    "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  ^bb2:
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  return %0 : i32
}

// scf.parallel: the scf.reduce terminator is always printed (with a space
// after it when it has no operands); `init` and the reduction regions.
// CHECK-LABEL: func.func @parallel_loops
func.func @parallel_loops(%n: index, %x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
  // CHECK-NEXT: "test.use"(%[[I]], %[[J]]) : (index, index) -> ()
  // CHECK-NEXT: scf.reduce {{$}}
  // CHECK-NEXT: } {foo}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    "test.use"(%i, %j) : (index, index) -> ()
  } {foo}
  // CHECK: %{{.*}}:2 = scf.parallel (%{{.*}}) = (%c0) to (%arg0) step (%c1) init (%arg1, %arg1) -> (f32, f32) {
  // CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, f32) {
  // CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[R]] : f32
  // CHECK-NEXT: scf.reduce.return %[[S]] : f32
  // CHECK-NEXT: }, {
  // CHECK: scf.reduce.return %{{.*}} : f32
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x, %x) -> (f32, f32) {
    %v = "test.v"(%i) : (index) -> f32
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      // A reduction may use the body's values and induction variables.
      %m = "test.mix"(%a, %b, %v, %i) : (f32, f32, f32, index) -> f32
      scf.reduce.return %m : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// scf.forall: `in (...)` when normalized, else `= (...) to (...) step
// (...)`, static and dynamic bounds mixed, shared_outs, mapping.
// CHECK-LABEL: func.func @forall_loops
func.func @forall_loops(%n: index, %m: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%arg0, 8) {
  // CHECK-NEXT: "test.use"
  // CHECK-NEXT: }
  scf.forall (%i, %j) in (%n, 8) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // CHECK: scf.forall (%{{.*}}) = (%arg1) to (%arg0) step (2) {
  scf.forall (%i) = (%m) to (%n) step (2) {
    "test.use"(%i) : (index) -> ()
  }
  // Lower bounds 0 and steps 1 print as the normalized form.
  // CHECK: scf.forall (%{{.*}}) in (%arg0) {
  // CHECK: } {foo}
  scf.forall (%i) = (0) to (%n) step (1) {
    "test.use"(%i) : (index) -> ()
  } {foo}
  // CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%arg0, 4) {
  // CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i, %j) in (%n, 4) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  // With results, the empty terminator is printed.
  // CHECK: %{{.*}} = scf.forall (%{{.*}}) in (%arg0) shared_outs(%[[O:.*]] = %arg2) -> (tensor<4xf32>) {
  // CHECK-NEXT: "test.use"(%[[O]]) : (tensor<4xf32>) -> ()
  // CHECK-NEXT: scf.forall.in_parallel {
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    "test.use"(%o) : (tensor<4xf32>) -> ()
  }
  return %r : tensor<4xf32>
}
