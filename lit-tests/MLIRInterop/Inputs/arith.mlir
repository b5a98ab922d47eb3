// Every arith op of the subset in its custom form, as mlir-opt prints it.

func.func @integers(%a: i32, %b: i32, %i: index) -> i32 {
  // CHECK: %c42_i32 = arith.constant 42 : i32
  // CHECK: %c-7_i8 = arith.constant -7 : i8
  // CHECK: %c0 = arith.constant 0 : index
  // CHECK: %true = arith.constant true
  // CHECK: %false = arith.constant false
  // CHECK: %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
  %c = arith.constant 42 : i32
  %n = arith.constant -7 : i8
  %z = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %d = arith.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: arith.addi %arg0, %arg1 : i32
  // CHECK: arith.subi %arg0, %arg1 overflow<nsw> : i32
  // CHECK: arith.muli %arg0, %arg1 overflow<nsw, nuw> : i32
  // CHECK: arith.divsi
  // CHECK: arith.divui
  // CHECK: arith.remsi
  // CHECK: arith.remui
  // CHECK: arith.ceildivsi
  // CHECK: arith.floordivsi
  // CHECK: arith.minsi
  // CHECK: arith.maxsi
  // CHECK: arith.minui
  // CHECK: arith.maxui
  // CHECK: arith.andi
  // CHECK: arith.ori
  // CHECK: arith.xori
  // CHECK: arith.shli %arg0, %arg1 overflow<nuw> : i32
  // CHECK: arith.shrsi
  // CHECK: arith.shrui
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b overflow<nsw> : i32
  %2 = arith.muli %a, %b overflow<nuw, nsw> : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.floordivsi %a, %b : i32
  %9 = arith.minsi %a, %b : i32
  %10 = arith.maxsi %a, %b : i32
  %11 = arith.minui %a, %b : i32
  %12 = arith.maxui %a, %b : i32
  %13 = arith.andi %a, %b : i32
  %14 = arith.ori %a, %b : i32
  %15 = arith.xori %a, %b : i32
  %16 = arith.shli %a, %b overflow<nuw> : i32
  %17 = arith.shrsi %a, %b : i32
  %18 = arith.shrui %a, %b : i32
  // CHECK: %[[CMP:.*]] = arith.cmpi uge, %arg0, %arg1 : i32
  // CHECK: arith.select %[[CMP]], %arg0, %arg1 : i32
  // CHECK: arith.index_cast %arg2 : index to i32
  // CHECK: arith.index_cast %{{.*}} : i32 to index
  %19 = arith.cmpi uge, %a, %b : i32
  %20 = arith.select %19, %a, %b : i32
  %21 = arith.index_cast %i : index to i32
  %22 = arith.index_cast %21 : i32 to index
  return %20 : i32
}

func.func @floats(%x: f32, %y: f32, %h: f16, %i: i32) -> f32 {
  // CHECK: %cst = arith.constant 2.500000e+00 : f32
  // CHECK: %cst_0 = arith.constant 1.000000e+00 : bf16
  %c = arith.constant 2.5 : f32
  %cb = arith.constant 1.0 : bf16
  // CHECK: arith.addf %arg0, %arg1 : f32
  // CHECK: arith.subf %arg0, %arg1 fastmath<fast> : f32
  // CHECK: arith.mulf %arg0, %arg1 fastmath<nnan,contract> : f32
  // CHECK: arith.divf
  // CHECK: arith.maximumf
  // CHECK: arith.minimumf
  // CHECK: arith.negf %arg0 : f32
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y fastmath<fast> : f32
  %2 = arith.mulf %x, %y fastmath<contract,nnan> : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.maximumf %x, %y : f32
  %5 = arith.minimumf %x, %y : f32
  %6 = arith.negf %x : f32
  // CHECK: arith.cmpf olt, %arg0, %arg1 : f32
  // CHECK: arith.cmpf uno, %arg0, %arg1 fastmath<nnan> : f32
  %7 = arith.cmpf olt, %x, %y : f32
  %8 = arith.cmpf uno, %x, %y fastmath<nnan> : f32
  // CHECK: arith.extf %arg2 : f16 to f32
  // CHECK: arith.truncf %arg0 : f32 to f16
  // CHECK: arith.sitofp %arg3 : i32 to f32
  // CHECK: arith.fptosi %arg0 : f32 to i32
  %9 = arith.extf %h : f16 to f32
  %10 = arith.truncf %x : f32 to f16
  %11 = arith.sitofp %i : i32 to f32
  %12 = arith.fptosi %x : f32 to i32
  return %0 : f32
}

// The generic form carries the default properties, as in MLIR.
