// canonicalize's options, as MLIR 22 names them: region-simplify
// (normal, aggressive, disabled), enable-patterns / disable-patterns (by
// the pattern's name, with or without its namespaces), top-down (default).
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize))' %s | FileCheck %s --check-prefix=DEFAULT
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize{region-simplify=aggressive}))' %s | FileCheck %s --check-prefix=DEFAULT
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize{region-simplify=disabled}))' %s | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize{disable-patterns=IndirectCallOfConstant}))' %s | FileCheck %s --check-prefix=DISABLED
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize{enable-patterns={Unrelated,Other}}))' %s | FileCheck %s --check-prefix=DISABLED
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize{enable-patterns=IndirectCallOfConstant}))' %s | FileCheck %s --check-prefix=DEFAULT
// RUN: not tilt-opt -p 'builtin.module(func.func(canonicalize{region-simplify=true}))' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value 'true' for option 'region-simplify' of pass 'canonicalize' (expected disabled, normal or aggressive)

func.func private @callee() -> i32

// DEFAULT-LABEL: func.func @f(
// DEFAULT-NEXT: %0 = call @callee() : () -> i32
// DEFAULT-NEXT: return %0 : i32
// NOSIMPLIFY-LABEL: func.func @f(
// NOSIMPLIFY: ^bb1:
// DISABLED-LABEL: func.func @f(
// DISABLED: call_indirect
func.func @f() -> i32 {
  %f = func.constant @callee : () -> i32
  %r = func.call_indirect %f() : () -> i32
  return %r : i32
^bb1:
  %u = func.call_indirect %f() : () -> i32
  return %u : i32
}
