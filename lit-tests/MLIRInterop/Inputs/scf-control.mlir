// scf.while, scf.condition, scf.index_switch, scf.execute_region,
// scf.parallel, scf.reduce, scf.reduce.return, scf.forall and
// scf.forall.in_parallel in their custom forms (used by scf-control.test).

func.func @while_loops(%x: i32, %n: i32) -> (i32, f32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %s = arith.addi %b, %b : i32
    scf.yield %s : i32
  }
  scf.while : () -> () {
    %c = "foo.cond"() : () -> i1
    scf.condition(%c)
  } do {
    scf.yield
  }
  %w:2 = scf.while (%a = %x, %b = %n) : (i32, i32) -> (i32, f32) {
    %c = "foo.cond"() : () -> i1
    %f = "foo.f"() : () -> f32
    scf.condition(%c) {tag} %a, %f : i32, f32
  } do {
  ^bb0(%q: i32, %v: f32):
    scf.yield %q, %q : i32, i32
  } attributes {foo = 1}
  return %r, %w#1 : i32, f32
}

func.func @switches(%i: index) -> (i32, f32) {
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
  scf.index_switch %i
  default {
  }
  scf.index_switch %i {foo}
  case 7 {
    "foo.x"() : () -> ()
    scf.yield
  }
  default {
    "foo.y"() : () -> ()
  }
  %p:2 = scf.index_switch %i -> i32, f32
  case 1 {
    %a = "foo.a"() : () -> i32
    %b = "foo.b"() : () -> f32
    scf.yield %a, %b : i32, f32
  }
  default {
    %a = "foo.a"() : () -> i32
    %b = "foo.b"() : () -> f32
    scf.yield %a, %b : i32, f32
  }
  return %0, %p#1 : i32, f32
}

func.func @execute_regions(%c: i1) -> i32 {
  %0 = scf.execute_region -> i32 {
    %1 = arith.constant 10 : i32
    scf.yield %1 : i32
  }
  scf.execute_region {
    "foo.side"() : () -> ()
    scf.yield
  }
  %2:2 = scf.execute_region -> (i32, i64) no_inline {
    %a = arith.constant 1 : i32
    %b = arith.constant 2 : i64
    scf.yield %a, %b : i32, i64
  } {foo}
  %3 = scf.execute_region -> i32 {
    "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  ^bb2:
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  return %0 : i32
}

func.func @parallel_loops(%n: index, %x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    "foo.use"(%i, %j) : (index, index) -> ()
  } {foo}
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x, %x) -> (f32, f32) {
    %v = "foo.v"(%i) : (index) -> f32
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %m = "foo.mix"(%a, %b, %v, %i) : (f32, f32, f32, index) -> f32
      scf.reduce.return %m : f32
    }
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a {tag} : f32
    } {tag}
  }
  return %r#0, %s : f32, f32
}

func.func @forall_loops(%n: index, %m: index, %t: tensor<4xf32>, %u: tensor<?x8xi32>) -> (tensor<4xf32>, tensor<?x8xi32>) {
  scf.forall (%i, %j) in (%n, 8) {
    "foo.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (%m) to (%n) step (2) {
    "foo.use"(%i) : (index) -> ()
  }
  scf.forall (%i) = (0) to (%n) step (1) {
    "foo.use"(%i) : (index) -> ()
  } {foo}
  scf.forall (%i, %j) in (%n, 4) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.block<x>, #gpu.mask<3>]}
  %r:2 = scf.forall (%i) = (%m) to (%n) step (%m) shared_outs(%o = %t, %p = %u) -> (tensor<4xf32>, tensor<?x8xi32>) {
    "foo.use"(%o, %p) : (tensor<4xf32>, tensor<?x8xi32>) -> ()
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<?x8xi32>
}
