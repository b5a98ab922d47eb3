// File metadata ({-# ... #-}) is accepted and printed back verbatim.
// RUN: tilt-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "test.op"() : () -> ()
// CHECK: {-#
// CHECK-NEXT: external_resources: {
// CHECK-NEXT:   mlir_reproducer: {pipeline: "builtin.module(canonicalize)", disable_threading: true}
// CHECK-NEXT: }
// CHECK-NEXT: #-}
"test.op"() : () -> ()

{-#
external_resources: {
  mlir_reproducer: {pipeline: "builtin.module(canonicalize)", disable_threading: true}
}
#-}
