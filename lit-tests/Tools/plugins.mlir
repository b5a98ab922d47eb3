// A dialect from a plugin (examples/plugin): tilt-opt parses, verifies and
// prints its op and runs its canonicalization patterns, without being
// rebuilt.
// RUN: tilt-opt --load-dialect-plugin=%tilt_lib/sample-plugin.so --split-input-file --verify-diagnostics --canonicalize %s | FileCheck %s
// The two spellings of the flag.
// RUN: tilt-opt --load-dialect-plugin %tilt_lib/sample-plugin.so --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: tilt-opt -load-dialect-plugin=%tilt_lib/sample-plugin.so --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: builtin, {{.*}}sample

// Two scales in a row are one; a scale by 1.0 is dropped.
// CHECK-LABEL: func.func @merge
// CHECK-NEXT: %[[R:.*]] = sample.scale %arg0 by 6.000000e+00 : f32
// CHECK-NEXT: return %[[R]] : f32
func.func @merge(%x: f32) -> f32 {
  %a = sample.scale %x by 2.0 : f32
  %b = sample.scale %a by 3.0 : f32
  %c = sample.scale %b by 1.0 : f32
  return %c : f32
}

// -----

// CHECK-LABEL: func.func @unit
// CHECK-NEXT: return %arg0 : bf16
func.func @unit(%x: bf16) -> bf16 {
  %a = sample.scale %x by 1.0 : bf16
  return %a : bf16
}

// -----

// The plugin's verifier runs like any dialect's.
func.func @not_a_float(%x: i32) -> i32 {
  // expected-error@+1 {{'sample.scale' op scales floating-point values, not 'i32'}}
  %a = sample.scale %x by 2.0 : i32
  return %a : i32
}
