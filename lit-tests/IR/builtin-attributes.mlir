// Every builtin attribute and type literal prints as MLIR prints it.
// RUN: tilt-opt --allow-unregistered-dialect --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect %s | tilt-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.integers"
// CHECK-SAME: a = 1 : i64, b = -1 : i8, c = 255 : ui8, d = true, e = false, f = 42 : index, g = 7 : si16, h = 12345678901234567890123 : i128
"test.integers"() {a = 1, b = 255 : i8, c = 255 : ui8, d = true, e = false, f = 42 : index, g = 7 : si16, h = 12345678901234567890123 : i128} : () -> ()

// CHECK-LABEL: "test.floats"
// CHECK-SAME: a = 1.000000e+00 : f64, b = -2.500000e-01 : f32, c = 9.997550e-02 : f16, d = 0x7FC00000 : f32, e = 0x7C00 : f16, f = 3.140630e+00 : bf16, g = 1.000000e+10 : f64
"test.floats"() {a = 1.0, b = -0.25 : f32, c = 0.1 : f16, d = 0x7FC00000 : f32, e = 1.0e10 : f16, f = 3.14 : bf16, g = 1.0e10} : () -> ()

// CHECK-LABEL: "test.strings"
// CHECK-SAME: a = "plain", b = "quote\22 backslash\\ newline\0A tab\09"
"test.strings"() {a = "plain", b = "quote\" backslash\\ newline\n tab\t"} : () -> ()

// CHECK-LABEL: "test.containers"
// CHECK-SAME: a = [], b = [1 : i32, [unit, "s"]], c = {}, d = {x = 1 : i64, y}
"test.containers"() {a = [], b = [1 : i32, [unit, "s"]], c = {}, d = {y, x = 1}} : () -> ()

// CHECK-LABEL: "test.types"
// CHECK-SAME: a = i32, b = index, c = (i32, f16) -> (bf16, none), d = tensor<4x?x8xf32>, e = tensor<i1>, f = () -> (() -> ()), g = !foo.bar<1, "two">, h = !foo<"x y">
"test.types"() {a = i32, b = index, c = (i32, f16) -> (bf16, none), d = tensor<4x?x8xf32>, e = tensor<i1>, f = () -> (() -> ()), g = !foo.bar<1, "two">, h = !foo<"x y">} : () -> ()

// CHECK-LABEL: "test.dense"
// CHECK-SAME: a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.500000e+00, -2.000000e+00>
// CHECK-SAME: e = dense<[1, 2]> : tensor<2xi32>, f = dense<7> : tensor<4xi8>, g = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, h = dense<true> : tensor<3xi1>, i = dense<5> : tensor<2xi32>
"test.dense"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.5, -2.0>, e = dense<[1, 2]> : tensor<2xi32>, f = dense<7> : tensor<4xi8>, g = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, h = dense<true> : tensor<3xi1>, i = dense<[5, 5]> : tensor<2xi32>} : () -> ()

// Opaque dialect attributes keep their body as written; the pretty form is
// used when the body is simple enough, as in MLIR.
// CHECK-LABEL: "test.opaque"
// CHECK-SAME: a = #foo.bar, b = #foo.baz<[1, 2] -> {x}>, c = #foo.a.b, d = #foo<"str">
"test.opaque"() {a = #foo.bar, b = #foo.baz<[1, 2] -> {x}>, c = #foo<a.b>, d = #foo<"str">} : () -> ()

// A body with `-` prints in the <...> form, as MLIR prints it; Tilt reads
// that back (MLIR does not: Parser/dialect-bodies.mlir).
// CHECK-LABEL: "test.dash"
// CHECK-SAME: a = #foo<ba->, b = !foo<t-1>
"test.dash"() {a = #foo.ba-, b = !foo.t-1} : () -> ()
