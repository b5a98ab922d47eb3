// IR printing around passes: the op a pass runs on, with MLIR's headers.
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-before=cse %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --print-ir-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTERALL
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-before-all --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFOREALL
// RUN: not tilt-opt -p 'builtin.module(func.func(cse,test-pass-failure))' --mlir-print-ir-after-failure %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// Dumps are in op order whether or not the pipeline ran on threads.
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all %s -o /dev/null 2> %t.threaded
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --mlir-disable-threading %s -o /dev/null 2> %t.single
// RUN: diff %t.threaded %t.single

// BEFORE-NOT: IR Dump After
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFORE-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-NEXT: func.func @g(

// AFTERALL: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTERALL-NEXT: func.func @f(
// AFTERALL: // -----// IR Dump After CSE (cse) //----- //
// AFTERALL-NEXT: func.func @f(
// AFTERALL: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTERALL-NEXT: func.func @g(
// AFTERALL: // -----// IR Dump After CSE (cse) //----- //
// AFTERALL-NEXT: func.func @g(

// Canonicalize changes only @f, cse only @g.
// CHANGE: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHANGE-NEXT: func.func @f(
// CHANGE-NOT: IR Dump
// CHANGE: // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @g(
// CHANGE-NOT: IR Dump

// BEFOREALL-COUNT-2: IR Dump Before
// BEFOREALL-NOT: IR Dump After

// FAILURE-NOT: IR Dump After CSE
// FAILURE: error: test.fail_here reached
// FAILURE: // -----// IR Dump After TestPassFailure Failed (test-pass-failure) //----- //
// FAILURE-NEXT: func.func @h() {
// FAILURE: error: pass 'test-pass-failure' (TestPassFailure) failed on 'func.func'

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @h() {
  "test.fail_here"() : () -> ()
  return
}
