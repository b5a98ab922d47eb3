// A small program in the func/arith/scf subsets: the sum of i*k for i in
// [0, n), then a select on a comparison. `tilt-opt examples/basics.mlir`
// parses, verifies and prints it.
func.func @sum_scaled(%n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %i32 = arith.index_cast %i : index to i32
    %term = arith.muli %i32, %k : i32
    %next = arith.addi %acc, %term : i32
    scf.yield %next : i32
  }
  %limit = arith.constant 1000 : i32
  %big = arith.cmpi sgt, %sum, %limit : i32
  %result = arith.select %big, %limit, %sum : i32
  return %result : i32
}

func.func @average(%a: f32, %b: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %s = arith.addf %a, %b : f32
  %m = arith.divf %s, %two : f32
  return %m : f32
}
