// scf.for, scf.if and scf.yield in their custom forms.

func.func @loops(%n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // The terminator of a loop without results is implicit.
  // CHECK: scf.for %[[IV:.*]] = %c0 to %arg0 step %c1 {
  // CHECK-NEXT: "foo.use"(%[[IV]]) : (index) -> ()
  // CHECK-NEXT: }
  scf.for %i = %c0 to %n step %c1 {
    "foo.use"(%i) : (index) -> ()
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

func.func @branches(%c: i1, %x: f32, %y: f32) -> f32 {
  // CHECK: scf.if %arg0 {
  // CHECK-NEXT: "foo.then"() : () -> ()
  // CHECK-NEXT: }
  scf.if %c {
    "foo.then"() : () -> ()
  }
  // CHECK: scf.if %arg0 {
  // CHECK: } else {
  // CHECK-NEXT: "foo.else"() : () -> ()
  scf.if %c {
  } else {
    "foo.else"() : () -> ()
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
