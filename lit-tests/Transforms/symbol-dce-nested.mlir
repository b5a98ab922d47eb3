// symbol-dce erases dead `nested` symbols as well as private ones (a nested
// symbol is private to the parent of its symbol table), keeps a nested
// symbol an enclosing table references (`@inner::@f`), and treats a named
// module as a symbol. Same output as mlir-opt 22 --symbol-dce.
// RUN: tilt-opt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s

// CHECK-NOT: @nested_dead
// CHECK: func.func nested @nested_used()
// CHECK: func.func @pub()
// CHECK: module @inner {
// CHECK-NOT: @inner_nested_dead
// CHECK: func.func nested @inner_nested_used()
// CHECK: func.func @inner_pub()
// CHECK-NOT: @privmod
// CHECK-NOT: @nestedmod
// CHECK: func.func @use_inner()
module {
  func.func nested @nested_dead() { return }
  func.func nested @nested_used() { return }
  func.func @pub() {
    call @nested_used() : () -> ()
    return
  }
  module @inner {
    func.func nested @inner_nested_dead() { return }
    func.func nested @inner_nested_used() { return }
    func.func @inner_pub() { return }
  }
  module @privmod attributes {sym_visibility = "private"} {
    func.func @pub_in_private() { return }
  }
  module @nestedmod attributes {sym_visibility = "nested"} {
    func.func @pub_in_nested() { return }
  }
  func.func @use_inner() {
    "foo.use"() {r = @inner::@inner_nested_used} : () -> ()
    return
  }
}
