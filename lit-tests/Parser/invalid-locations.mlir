// Location errors.
// RUN: tilt-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{expected '(' in location}}
"test.op"() : () -> () loc "a":1:2

// -----

// expected-error@+1 {{expected location instance}}
"test.op"() : () -> () loc(42)

// -----

// expected-error@+1 {{expected integer line number in FileLineColLoc}}
"test.op"() : () -> () loc("a":x:2)

// -----

// expected-error@+1 {{expected ':' in FileLineColLoc}}
"test.op"() : () -> () loc("a":1)

// -----

// expected-error@+1 {{expected integer column number in FileLineColLoc}}
"test.op"() : () -> () loc("a":1:y)

// -----

// expected-error@+1 {{expected ')' after child location}}
"test.op"() : () -> () loc("a"("b" "c"))

// -----

// expected-error@+1 {{expected '(' in callsite location}}
"test.op"() : () -> () loc(callsite "a")

// -----

// expected-error@+1 {{expected 'at' in callsite location}}
"test.op"() : () -> () loc(callsite("a" "b"))

// -----

// expected-error@+1 {{expected ')' in callsite location}}
"test.op"() : () -> () loc(callsite("a" at "b" "c"))

// -----

// expected-error@+1 {{expected '>' after fused location metadata}}
"test.op"() : () -> () loc(fused<"m"["a"])

// -----

// expected-error@+1 {{expected ')' in location}}
"test.op"() : () -> () loc("a":1:2

// -----

#attr = 1
// expected-error@+1 {{expected location, but found '#attr'}}
"test.op"() : () -> () loc(#attr)

// -----

// expected-error@+1 {{operation location alias was never defined}}
"test.op"() : () -> () loc(#nowhere)

// -----

"test.op"() ({
// expected-error@+1 {{undefined location alias 'nowhere'}}
^bb0(%a: i32 loc(#nowhere)):
  "test.return"() : () -> ()
}) : () -> ()
