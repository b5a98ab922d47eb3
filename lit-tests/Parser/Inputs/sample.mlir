#alias = [1, 2]
func.func @f(%a: i32, %n: index) -> i32 attributes {tag = #alias} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %s = arith.addi %acc, %a : i32
    scf.yield %s : i32
  }
  %x:2 = "test.pair"(%r) {s = "str\22ing", d = dense<[1, 2]> : tensor<2xi8>} : (i32) -> (i32, f32) loc("f.tilt":1:2)
  return %x#0 : i32
}
