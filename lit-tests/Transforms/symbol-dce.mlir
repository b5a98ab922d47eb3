// symbol-dce erases private symbols nothing live references (same output as
// mlir-opt --symbol-dce, checked in MLIRInterop/passes.test).
// RUN: tilt-opt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s
// RUN: not tilt-opt -p "builtin.module(func.func(symbol-dce))" %s 2>&1 | FileCheck %s --check-prefix=NOTABLE
// NOTABLE: error: 'func.func' op was scheduled to run under symbol-dce, but does not define a symbol table
// RUN: tilt-opt --allow-unregistered-dialect --symbol-dce --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: (S) 5 num-dce'd - Number of symbols DCE'd

// CHECK-NOT: @dead
// CHECK-NOT: @used_by_dead
// CHECK: func.func private @live()
// CHECK: func.func private @live_via_attr()
// CHECK: func.func @pub()
// CHECK-NOT: @decl
// CHECK: module @inner
// CHECK-NOT: @inner_dead
// CHECK: func.func @inner_pub()
module {
  func.func private @dead() {
    return
  }
  func.func private @used_by_dead() {
    return
  }
  func.func private @dead2() {
    func.call @used_by_dead() : () -> ()
    return
  }
  func.func private @live() {
    return
  }
  func.func private @live_via_attr() {
    return
  }
  func.func @pub() {
    func.call @live() : () -> ()
    "test.op"() {refs = [@live_via_attr]} : () -> ()
    return
  }
  func.func private @decl()
  module @inner {
    func.func private @inner_dead() {
      return
    }
    func.func @inner_pub() {
      return
    }
  }
}
