// Every builtin attribute and type literal prints as MLIR prints it.

"foo.integers"() {a = 1, b = 255 : i8, c = 255 : ui8, d = true, e = false, f = 42 : index, g = 7 : si16, h = 12345678901234567890123 : i128} : () -> ()

"foo.floats"() {a = 1.0, b = -0.25 : f32, c = 0.1 : f16, d = 0x7FC00000 : f32, e = 1.0e10 : f16, f = 3.14 : bf16, g = 1.0e10} : () -> ()

"foo.strings"() {a = "plain", b = "quote\" backslash\\ newline\n tab\t"} : () -> ()

"foo.containers"() {a = [], b = [1 : i32, [unit, "s"]], c = {}, d = {y, x = 1}} : () -> ()

"foo.types"() {a = i32, b = index, c = (i32, f16) -> (bf16, none), d = tensor<4x?x8xf32>, e = tensor<i1>, f = () -> (() -> ()), g = !foo.bar<1, "two">, h = !foo<"x y">} : () -> ()

"foo.dense"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<f32: 1.5, -2.0>, e = dense<[1, 2]> : tensor<2xi32>, f = dense<7> : tensor<4xi8>, g = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, h = dense<true> : tensor<3xi1>, i = dense<[5, 5]> : tensor<2xi32>} : () -> ()

// Opaque dialect attributes keep their body as written; the pretty form is
// used when the body is simple enough, as in MLIR.
"foo.opaque"() {a = #foo.bar, b = #foo.baz<[1, 2] -> {x}>, c = #foo<a.b>, d = #foo<"str">} : () -> ()

// Typed strings keep their type (a none type is no type); i0 is a type.
"foo.typed_strings"() {a = "x" : i32, b = ["s" : i8, "t"], c = {k = "v" : tensor<2xf32>}, d = "n" : none} : () -> ()
func.func @zero_width(%a: i0) -> i0 {
  return %a : i0
}
