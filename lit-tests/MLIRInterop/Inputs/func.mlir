// func.func, func.return and func.call in their custom forms.

func.func private @decl(i32 {foo.a}, f32) -> (i32 {foo.b})

func.func @multi(%a: i32, %b: f32 {foo.x = 1}) -> (i32, f32) attributes {foo.y} {
  %r = func.call @decl(%a, %b) : (i32, f32) -> i32
  func.return %r, %b : i32, f32
}

func.func public @vis() {
  return
}

// A function type as the single result needs parentheses.
func.func private @returns_fn() -> (() -> ())

func.func nested @nested_vis() {
  return
}

func.func @entry_block(i32, f32) -> i32 {
^bb0(%a: i32, %b: f32):
  return %a : i32
}

func.func @function_values(%a: i32) -> i32 {
  %f = func.constant @entry_block : (i32, f32) -> i32
  %g = constant {test.tag} @vis : () -> ()
  %c = arith.constant 1.0 : f32
  %r = func.call_indirect %f(%a, %c) : (i32, f32) -> i32
  call_indirect %g() {test.call} : () -> ()
  return %r : i32
}
