// cse in regions without SSA dominance: the module's (a graph region) and a
// single-block region of an unregistered op, where a use by an op equivalent
// to a known one keeps the replaced op alive; an unregistered op's
// multi-block region still follows dominance.
%u = arith.addi %c2, %c2 : i32
"test.use"(%c2, %c1, %u) : (i32, i32, i32) -> ()
%c1 = arith.constant 1 : i32
%c2 = arith.constant 1 : i32
"test.region"() ({
  %v = arith.addi %d2, %d2 : i32
  "test.use"(%d2, %d1, %v) : (i32, i32, i32) -> ()
  %d1 = arith.constant 2 : i32
  %d2 = arith.constant 2 : i32
  %d3 = arith.constant 2 : i32
  "test.use"(%d3) : (i32) -> ()
  "test.term"() : () -> ()
}) : () -> ()
"test.region"() ({
  %e1 = arith.constant 3 : i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  %e2 = arith.constant 3 : i32
  "test.use"(%e1, %e2) : (i32, i32) -> ()
  "test.term"() : () -> ()
}) : () -> ()
