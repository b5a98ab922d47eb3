// Nested pipelines run on a thread pool; the output, the diagnostics and
// their order are the same as with --mlir-disable-threading.
// RUN: not tilt-opt -p 'builtin.module(func.func(canonicalize,test-greedy-patterns,test-pass-failure))' %s > %t.out1 2> %t.err1
// RUN: not tilt-opt -p 'builtin.module(func.func(canonicalize,test-greedy-patterns,test-pass-failure))' --mlir-disable-threading %s > %t.out2 2> %t.err2
// RUN: diff %t.err1 %t.err2
// RUN: FileCheck %s < %t.err1
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,test-greedy-patterns))' %s > %t.out3 2> %t.err3
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,test-greedy-patterns))' --mlir-disable-threading %s > %t.out4 2> %t.err4
// RUN: diff %t.out3 %t.out4
// RUN: diff %t.err3 %t.err4

// The functions after the first failure are not reported, as sequentially.
// CHECK: threading.mlir:[[@LINE+1]]:1: remark: converged: yes
func.func @a(%x: i32) -> i32 {
  %0 = "test.benefit"(%x) : (i32) -> i32
  return %0 : i32
}
// CHECK: threading.mlir:[[@LINE+1]]:1: remark: converged: yes
func.func @b(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}
// CHECK: threading.mlir:[[@LINE+1]]:1: remark: converged: yes
func.func @c() {
// CHECK: threading.mlir:[[@LINE+1]]:3: error: test.fail_here reached
  "test.fail_here"() : () -> ()
  return
}
// CHECK: error: pass 'test-pass-failure' (TestPassFailure) failed on 'func.func'
// CHECK-NOT: remark
// CHECK-NOT: error
func.func @d() {
  "test.fail_here"() : () -> ()
  return
}
func.func @e(%x: i32) -> i32 {
  %0 = "test.benefit"(%x) : (i32) -> i32
  return %0 : i32
}
