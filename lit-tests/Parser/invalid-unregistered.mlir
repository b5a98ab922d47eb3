// Ops, types and attributes of unknown dialects need the option.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{operation being parsed with an unregistered dialect}}
"mystery.op"() : () -> ()

// -----

// expected-error@+1 {{type '!mystery.t' belongs to the unregistered dialect 'mystery'}}
func.func private @f(!mystery.t)

// -----

// expected-error@+1 {{attribute '#mystery.a<1>' belongs to the unregistered dialect 'mystery'}}
func.func private @g() attributes {x = #mystery.a<1>}

// -----

// expected-error@+1 {{dialect 'mystery' not found for custom op 'mystery.op'}}
mystery.op

// -----

func.func @h() {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate
}

// -----

// expected-error@+1 {{custom op 'arith.frobnicate' is unknown}}
arith.frobnicate

// -----

// An op that is not registered in a loaded dialect is rejected by the
// verifier.
// expected-error@+1 {{'arith.frobnicate' op unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
"arith.frobnicate"() : () -> ()
