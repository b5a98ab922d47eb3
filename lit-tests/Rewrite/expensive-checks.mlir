// With --rewrite-expensive-checks the driver fingerprints the IR around each
// pattern and reports a pattern that does not keep its word.
// RUN: tilt-opt --split-input-file --verify-diagnostics --rewrite-expensive-checks -p 'builtin.module(func.func(test-greedy-patterns))' %s
// Without the checks, the same input goes through.
// RUN: tilt-opt --split-input-file -p 'builtin.module(func.func(test-greedy-patterns))' %s 2>&1 | FileCheck %s
// CHECK: "test.lie_success"
// CHECK: "test.lie_failure"() {touched}

// expected-error@+1 {{pass 'test-greedy-patterns' failed on 'func.func'}}
func.func @success_without_change() {
  // expected-error@+1 {{LieSuccessPattern' returned success but did not change the IR}}
  "test.lie_success"() : () -> ()
  return
}

// -----

// expected-error@+1 {{pass 'test-greedy-patterns' failed on 'func.func'}}
func.func @change_then_failure() {
  // expected-error@+1 {{LieFailurePattern' changed the IR but returned failure}}
  "test.lie_failure"() : () -> ()
  return
}
