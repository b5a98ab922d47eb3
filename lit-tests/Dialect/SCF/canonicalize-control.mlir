// Canonicalization of scf.while, scf.index_switch, scf.execute_region,
// scf.parallel and scf.forall: MLIR 22's patterns, with the same output as
// mlir-opt --canonicalize (MLIRInterop/scf-control.test diffs the two on
// this file).
// RUN: tilt-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// Every pattern keeps its contract (a success changes the IR, a failure does not):
// RUN: tilt-opt --allow-unregistered-dialect --canonicalize --rewrite-expensive-checks %s | FileCheck %s

// A before argument the after region always yields back as its initial
// value is that value.
// CHECK-LABEL: func.func @while_invariant_arg
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: scf.while (%[[A:.*]] = %[[X]]) : (i32) -> i32 {
// CHECK-NEXT: "foo.c"(%[[A]], %[[Y]])
// CHECK: scf.yield %{{.*}} : i32
func.func @while_invariant_arg(%x: i32, %y: i32) -> i32 {
  %r = scf.while (%a = %x, %b = %y) : (i32, i32) -> i32 {
    %c = "foo.c"(%a, %b) : (i32, i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %n = "foo.n"(%q) : (i32) -> i32
    scf.yield %n, %y : i32, i32
  }
  return %r : i32
}

// A value from outside forwarded by scf.condition replaces the result and
// the after argument.
// CHECK-LABEL: func.func @while_invariant_result
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while (%{{.*}} = %[[X]]) : (i32) -> i32 {
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[Q:.*]]: i32):
// CHECK-NEXT: "foo.n"(%[[Q]], %[[Y]])
// CHECK: return %[[R]], %[[Y]] : i32, i32
func.func @while_invariant_result(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, i32) {
    %c = "foo.c"(%a) : (i32) -> i1
    scf.condition(%c) %a, %y : i32, i32
  } do {
  ^bb0(%q: i32, %w: i32):
    %n = "foo.n"(%q, %w) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}

// A result unused outside and in the after region goes; the discardable
// attributes stay.
// CHECK-LABEL: func.func @while_unused_result
// CHECK: %{{.*}} = scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// CHECK: scf.condition(%{{.*}}) %{{.*}} : i32
// CHECK: } attributes {foo = 1 : i64}
func.func @while_unused_result(%x: i32) -> i32 {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, i32) {
    %c = "foo.c"(%a) : (i32) -> i1
    %v = "foo.v"(%a) : (i32) -> i32
    scf.condition(%c) %a, %v : i32, i32
  } do {
  ^bb0(%q: i32, %w: i32):
    %n = "foo.n"(%q) : (i32) -> i32
    scf.yield %n : i32
  } attributes {foo = 1}
  return %r#0 : i32
}

// A before argument nobody uses goes with its initial and yielded values.
// CHECK-LABEL: func.func @while_unused_arg
// CHECK: scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK: "foo.m"
// CHECK-NEXT: scf.yield %{{.*}} : i32
func.func @while_unused_arg(%x: i32, %y: i32) {
  %r = scf.while (%a = %x, %b = %y) : (i32, i32) -> i32 {
    %c = "foo.c"(%a) : (i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %n = "foo.n"(%q) : (i32) -> i32
    %m = "foo.m"(%q) : (i32) -> i32
    scf.yield %n, %m : i32, i32
  }
  return
}

// The same value forwarded twice: one result, used for both.
// CHECK-LABEL: func.func @while_duplicate_results
// CHECK: %[[R:.*]] = scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK: ^bb0(%[[Q:.*]]: i32):
// CHECK-NEXT: "foo.n"(%[[Q]], %[[Q]])
// CHECK: return %[[R]], %[[R]] : i32, i32
func.func @while_duplicate_results(%x: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, i32) {
    %c = "foo.c"(%a) : (i32) -> i1
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%q: i32, %w: i32):
    %n = "foo.n"(%q, %w) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}

// Two before arguments always fed the same values: one.
// CHECK-LABEL: func.func @while_duplicate_args
// CHECK: scf.while (%[[A:.*]] = %arg0) : (i32) -> i32 {
// CHECK-NEXT: "foo.c"(%[[A]], %[[A]])
func.func @while_duplicate_args(%x: i32) -> i32 {
  %r = scf.while (%a = %x, %b = %x) : (i32, i32) -> i32 {
    %c = "foo.c"(%a, %b) : (i32, i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %n = "foo.n"(%q) : (i32) -> i32
    scf.yield %n, %n : i32, i32
  }
  return %r : i32
}

// The condition forwarded to the after region is true there.
// CHECK-LABEL: func.func @while_condition_truth
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: scf.while (%{{.*}} = %arg0) : (i1) -> () {
// CHECK: } do {
// CHECK-NEXT: "foo.use"(%[[TRUE]]) : (i1) -> ()
// CHECK-NEXT: scf.yield %[[TRUE]] : i1
func.func @while_condition_truth(%x: i1) {
  %r = scf.while (%a = %x) : (i1) -> i1 {
    %c = "foo.c"(%a) : (i1) -> i1
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%q: i1):
    "foo.use"(%q) : (i1) -> ()
    scf.yield %q : i1
  }
  return
}

// The loop's compare repeated on the forwarded value is true in the after
// region (its inverse would be false).
// CHECK-LABEL: func.func @while_compare
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i32):
// CHECK-NEXT: "foo.use"(%[[TRUE]]) : (i1) -> ()
func.func @while_compare(%x: i32, %n: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %c2 = arith.cmpi slt, %q, %n : i32
    "foo.use"(%c2) : (i1) -> ()
    %s = arith.addi %q, %q : i32
    scf.yield %s : i32
  }
  return
}

// CHECK-LABEL: func.func @while_compare_inverse
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: "foo.use"(%[[FALSE]]) : (i1) -> ()
func.func @while_compare_inverse(%x: i32, %n: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi ult, %n, %a : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %c2 = arith.cmpi uge, %n, %q : i32
    "foo.use"(%c2) : (i1) -> ()
    %s = arith.addi %q, %q : i32
    scf.yield %s : i32
  }
  return
}

// Before arguments forwarded in another order: the results follow the
// arguments' order.
// CHECK-LABEL: func.func @while_align
// CHECK: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %arg0, %[[B:.*]] = %arg1) : (i32, i64) -> (i32, i64) {
// CHECK: scf.condition(%{{.*}}) %[[A]], %[[B]] : i32, i64
// CHECK: return %[[R]]#1, %[[R]]#0 : i64, i32
func.func @while_align(%x: i32, %y: i64) -> (i64, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i64) -> (i64, i32) {
    %c = "foo.c"(%a) : (i32) -> i1
    scf.condition(%c) %b, %a : i64, i32
  } do {
  ^bb0(%q: i64, %w: i32):
    %n:2 = "foo.n"(%q, %w) : (i64, i32) -> (i32, i64)
    scf.yield %n#0, %n#1 : i32, i64
  }
  return %r#0, %r#1 : i64, i32
}

// An scf.if on the loop condition right before scf.condition moves into
// the after region; the values it used travel as extra arguments.
// CHECK-LABEL: func.func @while_move_if_down
// CHECK: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %arg0) : (i32) -> (i32, i32) {
// CHECK-NEXT: %[[C:.*]] = "foo.c"(%[[A]])
// CHECK-NEXT: %[[V:.*]] = "foo.v"(%[[A]])
// CHECK-NEXT: scf.condition(%[[C]]) %[[A]], %[[V]] : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %[[W:.*]]: i32):
// CHECK-NEXT: %[[N:.*]] = "foo.w"(%[[W]])
// CHECK-NEXT: scf.yield %[[N]] : i32
// CHECK: return %[[R]]#0 : i32
func.func @while_move_if_down(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"(%a) : (i32) -> i1
    %v = "foo.v"(%a) : (i32) -> i32
    %i = scf.if %c -> i32 {
      %w = "foo.w"(%v) : (i32) -> i32
      scf.yield %w : i32
    } else {
      scf.yield %a : i32
    }
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%q: i32):
    scf.yield %q : i32
  }
  return %r : i32
}

// A while whose regions have no effect and whose results are unused is
// dead.
// CHECK-LABEL: func.func @while_dead
// CHECK-NEXT: return
func.func @while_dead(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %a : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%q: i32):
    %s = arith.addi %q, %q : i32
    scf.yield %s : i32
  }
  return
}

// A constant false condition does not remove the loop: the before region
// still runs once (MLIR 22 has no pattern for it).
// CHECK-LABEL: func.func @while_false_condition
// CHECK: scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK: scf.condition(%false)
func.func @while_false_condition(%x: i32) -> i32 {
  %f = arith.constant false
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %n = "foo.side"(%a) : (i32) -> i32
    scf.condition(%f) %n : i32
  } do {
  ^bb0(%q: i32):
    "foo.side2"() : () -> ()
    scf.yield %q : i32
  }
  return %r : i32
}

// scf.index_switch on a constant becomes the matching case.
// CHECK-LABEL: func.func @switch_constant_case
// CHECK-NEXT: %[[V:.*]] = "foo.x"() : () -> i32
// CHECK-NEXT: return %[[V]] : i32
func.func @switch_constant_case() -> i32 {
  %c5 = arith.constant 5 : index
  %0 = scf.index_switch %c5 -> i32
  case 2 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  case 5 {
    %2 = "foo.x"() : () -> i32
    scf.yield %2 : i32
  }
  default {
    %3 = arith.constant 30 : i32
    scf.yield %3 : i32
  }
  return %0 : i32
}

// ... or the default region when no case matches.
// CHECK-LABEL: func.func @switch_constant_default
// CHECK-NEXT: %[[V:.*]] = "foo.y"() : () -> i32
// CHECK-NEXT: return %[[V]] : i32
func.func @switch_constant_default() -> i32 {
  %c7 = arith.constant 7 : index
  %0 = scf.index_switch %c7 -> i32
  case 2 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  default {
    %3 = "foo.y"() : () -> i32
    scf.yield %3 : i32
  }
  return %0 : i32
}

// Unused results go; a result every region yields from outside is that
// value.
// CHECK-LABEL: func.func @switch_results
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: i32)
// CHECK: %[[V:.*]] = scf.index_switch %[[I]] -> i32 {{$}}
// CHECK: return %[[V]], %[[X]] : i32, i32
func.func @switch_results(%i: index, %x: i32) -> (i32, i32) {
  %0:3 = scf.index_switch %i -> i32, i32, i32
  case 2 {
    %1 = "foo.a"() : () -> i32
    scf.yield %1, %1, %x : i32, i32, i32
  }
  default {
    %3 = "foo.y"() : () -> i32
    scf.yield %3, %3, %x : i32, i32, i32
  }
  return %0#0, %0#2 : i32, i32
}

// An scf.index_switch without effects or used results is dead.
// CHECK-LABEL: func.func @switch_dead
// CHECK-NEXT: return
func.func @switch_dead(%i: index, %x: i32) {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  default {
    scf.yield %x : i32
  }
  return
}

// A single-block scf.execute_region is inlined unless it is `no_inline`.
// CHECK-LABEL: func.func @execute_region_inline
// CHECK-NEXT: %[[A:.*]] = "foo.v"() : () -> i32
// CHECK-NEXT: %[[B:.*]] = scf.execute_region -> i32 no_inline {
// CHECK: arith.addi %[[A]], %[[B]] : i32
func.func @execute_region_inline() -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = "foo.v"() : () -> i32
    scf.yield %1 : i32
  }
  %2 = scf.execute_region -> i32 no_inline {
    %1 = "foo.v"() : () -> i32
    scf.yield %1 : i32
  }
  %3 = arith.addi %0, %2 : i32
  return %3 : i32
}

// A `no_inline` region still loses the results it yields from outside and
// those nobody uses.
// CHECK-LABEL: func.func @execute_region_results
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[V:.*]] = scf.execute_region -> i32 no_inline {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: return %[[X]], %[[V]] : i32, i32
func.func @execute_region_results(%x: i32) -> (i32, i32) {
  %0:3 = scf.execute_region -> (i32, i32, i32) no_inline {
    %a = "foo.side"() : () -> i32
    scf.yield %x, %a, %a : i32, i32, i32
  }
  return %0#0, %0#2 : i32, i32
}

// Several blocks in a loop body (not a function, where MLIR would inline
// them with cf.br): the generic cleanups apply to every scf.yield.
// CHECK-LABEL: func.func @execute_region_blocks
// CHECK: %[[V:.*]] = scf.execute_region -> i32 {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %arg1 : i32
// CHECK: "foo.use"(%[[V]], %[[V]])
func.func @execute_region_blocks(%c: i1, %x: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0:2 = scf.execute_region -> (i32, i32) {
      "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
    ^bb1:
      %1 = "foo.v"() : () -> i32
      scf.yield %1, %1 : i32, i32
    ^bb2:
      scf.yield %x, %x : i32, i32
    }
    "foo.use"(%0#0, %0#1) : (i32, i32) -> ()
  }
  return
}

// scf.parallel: a dimension of zero iterations makes the loop its inits.
// CHECK-LABEL: func.func @parallel_zero_trip
// CHECK-NEXT: return %arg1 : f32
func.func @parallel_zero_trip(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c0) step (%c1, %c1) init (%x) -> f32 {
    %v = "foo.v"(%i, %j) : (index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// Dimensions of one iteration go; their variable is the lower bound.
// CHECK-LABEL: func.func @parallel_one_trip_dim
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%arg0) step (%{{.*}}) init (%arg1) -> f32 {
// CHECK-NEXT: "foo.v"(%[[I]], %[[C0]])
func.func @parallel_one_trip_dim(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c1) step (%c1, %c4) init (%x) -> f32 {
    %v = "foo.v"(%i, %j) : (index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// All dimensions of one iteration: the body, then each reduction of the
// init and the reduced value.
// CHECK-LABEL: func.func @parallel_one_trip
// CHECK: %[[V:.*]] = "foo.v"(%{{.*}}) : (index) -> f32
// CHECK-NEXT: %[[W:.*]] = "foo.w"(%{{.*}}) : (index) -> i32
// CHECK-NEXT: %[[S:.*]] = arith.mulf %arg0, %[[V]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.muli %arg1, %[[W]] : i32
// CHECK-NEXT: return %[[S]], %[[T]] : f32, i32
func.func @parallel_one_trip(%x: f32, %y: i32) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%x, %y) -> (f32, i32) {
    %v = "foo.v"(%i) : (index) -> f32
    %w = "foo.w"(%i) : (index) -> i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.muli %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}

// Nested loops without reductions, independent bounds: one loop nest.
// CHECK-LABEL: func.func @parallel_nested
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%arg0, %arg1) step (%{{.*}}, %{{.*}}) {
// CHECK-NEXT: "foo.use"(%[[I]], %[[J]])
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
func.func @parallel_nested(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%m) step (%c1) {
      "foo.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// The inner bounds use the outer variable: two loops stay.
// CHECK-LABEL: func.func @parallel_nested_dependent
// CHECK: scf.parallel
// CHECK: scf.parallel
func.func @parallel_nested_dependent(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      "foo.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @parallel_dead
// CHECK-NEXT: return
func.func @parallel_dead(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = arith.addf %x, %x : f32
  }
  return
}

// scf.forall: a dimension of zero iterations (also lb == ub, or a zero or
// negative step with constant bounds) removes the loop.
// CHECK-LABEL: func.func @forall_zero_trip
// CHECK-NEXT: return
func.func @forall_zero_trip(%n: index) {
  scf.forall (%i, %j) in (%n, 0) {
    "foo.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (%n) to (%n) step (1) {
    "foo.use"(%i) : (index) -> ()
  }
  scf.forall (%i) = (0) to (10) step (0) {
    "foo.use"(%i) : (index) -> ()
  }
  scf.forall (%i) = (0) to (10) step (-1) {
    "foo.use"(%i) : (index) -> ()
  }
  return
}

// ... but not with a dynamic bound and a constant zero step.
// CHECK-LABEL: func.func @forall_unknown_trips
// CHECK: scf.forall (%{{.*}}) = (0) to (%arg0) step (0) {
func.func @forall_unknown_trips(%n: index) {
  scf.forall (%i) = (0) to (%n) step (0) {
    "foo.use"(%i) : (index) -> ()
  }
  return
}

// A dimension of one iteration goes (the variable is its lower bound).
// CHECK-LABEL: func.func @forall_one_trip_dim
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.forall (%[[I:.*]]) in (%arg0) {
// CHECK-NEXT: "foo.use"(%[[I]], %[[C0]])
func.func @forall_one_trip_dim(%n: index) {
  scf.forall (%i, %j) in (%n, 1) {
    "foo.use"(%i, %j) : (index, index) -> ()
  }
  return
}

// With all dimensions of one iteration, the body is inlined (here one
// trip count comes from `ub = lb + 1` with no signed wrap).
// CHECK-LABEL: func.func @forall_one_trip
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT: scf.forall
// CHECK: "foo.use"(%[[C3]], %arg0)
func.func @forall_one_trip(%n: index) {
  %c1 = arith.constant 1 : index
  %u = arith.addi %n, %c1 overflow<nsw> : index
  scf.forall (%i, %j) = (3, %n) to (4, %u) step (1, 1) {
    "foo.use"(%i, %j) : (index, index) -> ()
  }
  return
}

// With a mapping, dimensions stay, but a one-iteration variable is still
// its lower bound.
// CHECK-LABEL: func.func @forall_mapped
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.forall (%[[I:.*]], %{{.*}}) in (%arg0, 1) {
// CHECK-NEXT: "foo.use"(%[[I]], %[[C0]])
// CHECK: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
func.func @forall_mapped(%n: index) {
  scf.forall (%i, %j) in (%n, 1) {
    "foo.use"(%i, %j) : (index, index) -> ()
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// Constant dynamic bounds become static (and the loop prints normalized).
// CHECK-LABEL: func.func @forall_static_bounds
// CHECK: scf.forall (%{{.*}}) in (%arg0) {
// CHECK: scf.forall (%{{.*}}) = (2) to (%arg0) step (2) {
func.func @forall_static_bounds(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    "foo.use"(%i) : (index) -> ()
  }
  scf.forall (%i) = (%c2) to (%n) step (%c2) {
    "foo.use"(%i) : (index) -> ()
  }
  return
}

// Nothing in scf.forall.in_parallel writes a shared_out: it and its result
// are the init value.
// CHECK-LABEL: func.func @forall_shared_outs
// CHECK-SAME: (%{{.*}}: index, %[[T:.*]]: tensor<4xf32>)
// CHECK: scf.forall (%{{.*}}) in (%arg0) {
// CHECK-NEXT: "foo.use"(%[[T]])
// CHECK: return %[[T]] : tensor<4xf32>
func.func @forall_shared_outs(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    "foo.use"(%o) : (tensor<4xf32>) -> ()
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @forall_dead
// CHECK-NEXT: return
func.func @forall_dead(%n: index, %x: f32) {
  scf.forall (%i) in (%n) {
    %v = arith.addf %x, %x : f32
  }
  return
}
