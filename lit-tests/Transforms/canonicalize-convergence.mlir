// canonicalize reports a run that does not reach a fixpoint: a warning by
// default, an error that fails the pass with test-convergence=true.
// RUN: tilt-opt --verify-diagnostics -p 'builtin.module(func.func(canonicalize{max-iterations=1}))' %s | FileCheck %s
// RUN: not tilt-opt -p 'builtin.module(func.func(canonicalize{max-iterations=1 test-convergence=true}))' %s 2>&1 | FileCheck %s --check-prefix=ERROR

// The IR is still printed after the warning, as far as it got.
// CHECK: return %arg0 : i32
// ERROR: error: canonicalize did not converge after 1 iterations (0 rewrites, 1 folds)
// ERROR: error: pass 'canonicalize' (Canonicalizer) failed on 'func.func'

// expected-warning@+1 {{canonicalize did not converge after 1 iterations (0 rewrites, 1 folds)}}
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
