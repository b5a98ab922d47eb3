// Dominance around unregistered ops, as mlir-opt 22 verifies it: their
// regions may be graph regions (no order among their own values), but a
// value of the enclosing SSA region must still dominate the op.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// A use inside an unregistered op of a value defined after that op.
func.func @use_before_def_outside() {
  "foo.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%v) : (i32) -> ()
    "foo.yield"() : () -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = "foo.def"() : () -> i32
  return
}

// -----

// Inside the unregistered op's own region, order does not matter.
func.func @graph_like_inside() {
  "foo.region"() ({
    "foo.inner"() ({
      "foo.use"(%v) : (i32) -> ()
      "foo.yield"() : () -> ()
    }) : () -> ()
    %v = "foo.def"() : () -> i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  return
}
