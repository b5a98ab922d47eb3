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
