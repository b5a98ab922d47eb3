func.func @ops(%a: tensor<4xi32>, %b: tensor<4xf32>, %d: tensor<?xi32>, %s: i1) {
  %0 = arith.addi %a, %a : tensor<4xi32>
  %1 = arith.addf %b, %b fastmath<fast> : tensor<4xf32>
  %2 = arith.cmpi slt, %a, %a : tensor<4xi32>
  %3 = arith.select %2, %a, %a : tensor<4xi1>, tensor<4xi32>
  %4 = arith.extsi %a : tensor<4xi32> to tensor<4xi64>
  %5 = arith.cmpf olt, %b, %b : tensor<4xf32>
  %6 = arith.index_cast %d : tensor<?xi32> to tensor<?xindex>
  %7 = arith.extf %b fastmath<fast> : tensor<4xf32> to tensor<4xf64>
  %8 = arith.select %s, %a, %a : tensor<4xi32>
  "test.use"(%0, %1, %3, %4, %5, %6, %7, %8) : (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xi1>, tensor<?xindex>, tensor<4xf64>, tensor<4xi32>) -> ()
  return
}
func.func @modes(%a: f32, %h: f16) {
  %0 = arith.truncf %a to_nearest_even : f32 to bf16
  %1 = arith.truncf %a downward fastmath<fast> : f32 to bf16
  %2 = "arith.truncf"(%a) <{roundingmode = 2 : i32}> : (f32) -> bf16
  %3 = arith.truncf %a toward_zero : f32 to bf16
  %4 = arith.truncf %a to_nearest_away : f32 to bf16
  %5 = arith.truncf %a fastmath<none> : f32 to f16
  %6 = arith.extf %h fastmath<nnan,contract> : f16 to f32
  "test.use"(%0, %1, %2, %3, %4, %5, %6) : (bf16, bf16, bf16, bf16, bf16, f16, f32) -> ()
  return
}
