// --retain-ssa-names gives named block arguments a name location around
// their file location; numbered and printer-default names (%0, %arg0) and
// explicit locations are left as they are. Without it, as in mlir-opt,
// arguments keep only their file location.
// RUN: tilt-opt --retain-ssa-names --print-debuginfo %s | FileCheck %s
// RUN: tilt-opt --print-debuginfo %s | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %arg0: index loc("lhs"(#loc{{[0-9]+}}))
// CHECK-SAME: %arg1: index loc("{{.*}}retain-ssa-names.mlir":[[@LINE+8]]:27)
// CHECK-SAME: %arg2: index loc("given")
// CHECK: scf.for %{{.*}} = {{.*}} {
// PLAIN-LABEL: func.func @f(
// PLAIN-SAME: %arg0: index loc("{{.*}}retain-ssa-names.mlir":[[@LINE+4]]:14)
// PLAIN-SAME: %arg1: index loc("{{.*}}retain-ssa-names.mlir":[[@LINE+3]]:27)
// PLAIN-SAME: %arg2: index loc("given")
// PLAIN: scf.for %{{.*}} = {{.*}} {
func.func @f(%lhs: index, %arg7: index, %rhs: index loc("given")) {
  scf.for %iv = %lhs to %rhs step %arg7 {
  }
  return
}
