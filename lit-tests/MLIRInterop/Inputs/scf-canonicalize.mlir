func.func @zero_trip(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @same_bounds(%x: i32, %n: index) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @one_trip(%x: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c2 to %c3 step %c8 iter_args(%a = %x) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %y = arith.addi %a, %v : i32
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @two_trips(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @iter_args(%x: i32, %z: i32, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %z, %c = %x, %d = %x) -> (i32, i32, i32, i32) {
    %y = arith.addi %a, %b : i32
    %w = arith.muli %d, %d : i32
    scf.yield %a, %y, %z, %w : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %x : i32, i32, i32, i32
}
func.func @dead_loop(%x: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  return %x : i32
}
func.func @if_unused(%c: i1, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#1 : i32
}
