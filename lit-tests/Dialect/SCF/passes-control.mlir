// Other passes on the new scf ops: cse keeps each region's values to the
// region and the regions nested in it (a before region's value is not
// visible in the after region; a loop body's is in its scf.reduce
// regions), and symbol-dce keeps the functions called inside them. Same
// output as mlir-opt (MLIRInterop/scf-control.test).
// RUN: tilt-opt --allow-unregistered-dialect --cse %s | FileCheck %s --check-prefix=CSE
// RUN: tilt-opt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s --check-prefix=DCE

// CSE-LABEL: func.func @while_scopes
// CSE: arith.addi %arg0, %arg0
// CSE: } do {
// CSE-NEXT: ^bb0(%[[B:.*]]: i32):
// CSE-NEXT: %[[T:.*]] = arith.addi %arg0, %arg0 : i32
// CSE-NEXT: "foo.n"(%[[B]], %[[T]], %[[T]])
func.func @while_scopes(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %s = arith.addi %x, %x : i32
    %c = "foo.c"(%a, %s) : (i32, i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %t = arith.addi %x, %x : i32
    %u = arith.addi %x, %x : i32
    %n = "foo.n"(%b, %t, %u) : (i32, i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}

// A value computed before the op is reused in all its regions.
// CSE-LABEL: func.func @outer_value
// CSE: %[[S:.*]] = arith.addi %arg0, %arg0 : i32
// CSE: case 1 {
// CSE-NEXT: scf.yield %[[S]] : i32
// CSE: default {
// CSE-NEXT: scf.yield %[[S]] : i32
// CSE: scf.execute_region -> i32 no_inline {
// CSE-NEXT: scf.yield %[[S]] : i32
func.func @outer_value(%x: i32, %i: index) -> i32 {
  %s = arith.addi %x, %x : i32
  %r = scf.index_switch %i -> i32
  case 1 {
    %t = arith.addi %x, %x : i32
    scf.yield %t : i32
  }
  default {
    %u = arith.addi %x, %x : i32
    scf.yield %u : i32
  }
  %e = scf.execute_region -> i32 no_inline {
    %v = arith.addi %x, %x : i32
    scf.yield %v : i32
  }
  "foo.use"(%s, %e) : (i32, i32) -> ()
  return %r : i32
}

// CSE-LABEL: func.func @reduce_scope
// CSE: %[[V:.*]] = arith.addf %arg1, %arg1 : f32
// CSE: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32):
// CSE-NEXT: arith.mulf %[[A]], %[[V]] : f32
func.func @reduce_scope(%n: index, %f: f32) -> f32 {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    %v = arith.addf %f, %f : f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %w = arith.addf %f, %f : f32
      %s = arith.mulf %a, %w : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// DCE-NOT: @dead
// DCE: func.func private @in_while
// DCE: func.func private @in_switch
// DCE: func.func private @in_reduce
// DCE: func.func private @in_forall
// DCE: func.func private @in_execute_region
func.func private @dead()
func.func private @in_while(i32) -> i32
func.func private @in_switch()
func.func private @in_reduce(f32, f32) -> f32
func.func private @in_forall(index)
func.func private @in_execute_region() -> i32
func.func @calls(%x: i32, %i: index, %f: f32) -> (i32, f32, i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "foo.c"(%a) : (i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = func.call @in_while(%b) : (i32) -> i32
    scf.yield %n : i32
  }
  scf.index_switch %i
  case 0 {
    func.call @in_switch() : () -> ()
    scf.yield
  }
  default {
  }
  %p = scf.parallel (%j) = (%i) to (%i) step (%i) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = func.call @in_reduce(%l, %m) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }
  }
  scf.forall (%k) in (%i) {
    func.call @in_forall(%k) : (index) -> ()
  }
  %e = scf.execute_region -> i32 {
    %v = func.call @in_execute_region() : () -> i32
    scf.yield %v : i32
  }
  return %r, %p, %e : i32, f32, i32
}
