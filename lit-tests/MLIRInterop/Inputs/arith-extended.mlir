func.func @syntax(%a: i32, %b: i32, %t: tensor<4xi8>) -> (i32, i1, i32, i32, i32, i32, tensor<4xi8>, tensor<4xi1>) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %a, %b {test.tag} : i32
  %s3, %o3 = arith.addui_extended %t, %t : tensor<4xi8>, tensor<4xi1>
  return %s, %o, %l, %h, %l2, %h2, %s3, %o3 : i32, i1, i32, i32, i32, i32, tensor<4xi8>, tensor<4xi1>
}
func.func @folds(%a: i32, %b: i32) -> (i32, i1, i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm = arith.constant -7 : i32
  %c9 = arith.constant 2000000000 : i32
  %s, %o = arith.addui_extended %c9, %c9 : i32, i1
  %l, %h = arith.mulsi_extended %cm, %c9 : i32
  %l2, %h2 = arith.mului_extended %cm, %c9 : i32
  %s3, %o3 = arith.addui_extended %a, %c0 : i32, i1
  %l4, %h4 = arith.mulsi_extended %a, %c0 : i32
  %l5, %h5 = arith.mulsi_extended %a, %c1 : i32
  %l6, %h6 = arith.mului_extended %a, %c1 : i32
  %s7, %o7 = arith.addui_extended %a, %b : i32, i1
  %l8, %h8 = arith.mului_extended %a, %b : i32
  return %s, %o, %l, %h, %l2, %h2, %s3, %o3, %l4, %h4, %l5, %h5, %l6, %h6, %s7, %l8 : i32, i1, i32, i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32
}
