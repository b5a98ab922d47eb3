// cse does not reuse a value across the region boundary of an unregistered
// op (it might be isolated from above), as mlir-opt 22 --cse; it still CSEs
// inside that region and across the regions of registered ops.
// RUN: tilt-opt --allow-unregistered-dialect --cse %s | FileCheck %s

// CHECK-LABEL: func.func @unregistered_region
// CHECK: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK: "foo.region"() ({
// CHECK-NEXT: %[[B:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: "foo.use"(%[[B]], %[[B]])
// CHECK: return %[[A]]
func.func @unregistered_region(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  "foo.region"() ({
    %b = arith.addi %x, %x : i32
    %c = arith.addi %x, %x : i32
    "foo.use"(%b, %c) : (i32, i32) -> ()
    "foo.yield"() : () -> ()
  }) : () -> ()
  return %a : i32
}

// CHECK-LABEL: func.func @registered_region
// CHECK: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK: scf.if
// CHECK-NEXT: "foo.use"(%[[A]])
func.func @registered_region(%x: i32, %c: i1) -> i32 {
  %a = arith.addi %x, %x : i32
  scf.if %c {
    %b = arith.addi %x, %x : i32
    "foo.use"(%b) : (i32) -> ()
  }
  return %a : i32
}
