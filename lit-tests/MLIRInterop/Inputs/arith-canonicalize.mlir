func.func @add_add(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c2 overflow<nsw> : i32
  return %1 : i32
}
func.func @add_sub_rhs(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.subi %x, %c5 : i32
  %1 = arith.addi %0, %c7 : i32
  return %1 : i32
}
func.func @add_sub_lhs(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.subi %c5, %x : i32
  %1 = arith.addi %0, %c7 : i32
  return %1 : i32
}
func.func @add_mul_neg(%x: i32, %y: i32) -> (i32, i32) {
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %y, %m1 : i32
  %1 = arith.addi %x, %0 : i32
  %2 = arith.addi %0, %x : i32
  return %1, %2 : i32, i32
}
func.func @mul_mul(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %x, %c3 : i32
  %1 = arith.muli %0, %c4 : i32
  return %1 : i32
}
func.func @sub_cases(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %a = arith.addi %x, %c5 : i32
  %0 = arith.subi %a, %c7 : i32
  %1 = arith.subi %c7, %a : i32
  %s = arith.subi %x, %c5 : i32
  %2 = arith.subi %s, %c7 : i32
  %t = arith.subi %c5, %x : i32
  %3 = arith.subi %t, %c7 : i32
  %4 = arith.subi %c7, %s : i32
  %5 = arith.subi %c7, %t : i32
  %u = arith.subi %x, %y : i32
  %6 = arith.subi %u, %x : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}
func.func @cancel(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %s = arith.subi %a, %b : i32
  %0 = arith.addi %s, %b : i32
  %1 = arith.addi %b, %s : i32
  %p = arith.addi %a, %b : i32
  %2 = arith.subi %p, %b : i32
  %3 = arith.subi %p, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
func.func @casts(%i: index, %j: i32) -> (index, i64) {
  %0 = arith.index_cast %i : index to i32
  %1 = arith.index_cast %0 : i32 to index
  %2 = arith.index_cast %j : i32 to index
  %3 = arith.index_cast %2 : index to i64
  return %1, %3 : index, i64
}
