// Generic syntax: regions, blocks with arguments and successors, result
// groups, properties and attribute dictionaries of unregistered ops.
// RUN: tilt-opt --allow-unregistered-dialect --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect %s | tilt-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect --mlir-print-op-generic %s | tilt-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.results"
// CHECK-NEXT: %[[R:.*]]:2 = "test.pair"() : () -> (i32, f32)
// CHECK-NEXT: "test.use"(%[[R]]#1, %[[R]]#0) : (f32, i32) -> ()
"test.results"() ({
  %p:2 = "test.pair"() : () -> (i32, f32)
  "test.use"(%p#1, %p#0) : (f32, i32) -> ()
}) : () -> ()

// Separately named results of one op form result groups.
// CHECK-LABEL: "test.named_results"
// CHECK-NEXT: %[[G:.*]]:3 = "test.three"() : () -> (i1, i2, i3)
// CHECK-NEXT: "test.use"(%[[G]]#0, %[[G]]#2) : (i1, i3) -> ()
"test.named_results"() ({
  %a, %b:2 = "test.three"() : () -> (i1, i2, i3)
  "test.use"(%a, %b#1) : (i1, i3) -> ()
}) : () -> ()

// CHECK-LABEL: "test.cfg"
// CHECK-NEXT: ^bb0(%[[ARG:.*]]: i32):
// CHECK-NEXT:   "test.br"(%[[ARG]])[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "test.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "test.return"() : () -> ()
"test.cfg"() ({
^entry(%x: i32):
  "test.br"(%x)[^then, ^done] : (i32) -> ()
^then:
  "test.br"()[^done] : () -> ()
^done:
  "test.return"() : () -> ()
}) : () -> ()

// CHECK-LABEL: "test.no_preds"
// CHECK: ^bb1:  // no predecessors
"test.no_preds"() ({
  "test.return"() : () -> ()
^dead:
  "test.return"() : () -> ()
}) : () -> ()

// Empty regions and several regions.
// CHECK: "test.regions"() ({
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"test.regions"() ({
}, {
^bb0:
}) : () -> ()

// Properties and discardable attributes are kept apart.
// CHECK: "test.props"() <{a = 1 : i32, b = "x"}> {c, d = [1, 2.500000e+00 : f32]} : () -> ()
"test.props"() <{b = "x", a = 1 : i32}> {d = [1, 2.5 : f32], c} : () -> ()

// Forward references in a graph region (the module body).
// CHECK: %[[FWD:.*]] = "test.def"(%[[FWD]]) : (i32) -> i32
%fwd = "test.def"(%fwd) : (i32) -> i32

// Quoted names for ops, attributes and symbols.
// CHECK: "test.weird"() {"a b" = @"sym bol", "x-y" = @a::@b::@c} : () -> ()
"test.weird"() {"a b" = @"sym bol", "x-y" = @a::@b::@c} : () -> ()
