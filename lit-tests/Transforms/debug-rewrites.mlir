// --debug-rewrites logs each pattern tried on each op.
// RUN: tilt-opt --canonicalize --debug-rewrites %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: Processing operation : 'arith.addi' at loc("{{.*}}debug-rewrites.mlir":{{[0-9]+}}:{{[0-9]+}}) {
// CHECK-NEXT:   * Pattern AddIReassociate : 'arith.addi -> ()' {
// CHECK: } -> success
func.func @f(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = arith.addi %x, %c3 : i32
  %b = arith.addi %a, %c4 : i32
  return %b : i32
}
