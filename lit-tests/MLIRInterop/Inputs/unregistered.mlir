// Generic syntax: regions, blocks with arguments and successors, result
// groups, properties and attribute dictionaries of unregistered ops.

"foo.results"() ({
  %p:2 = "foo.pair"() : () -> (i32, f32)
  "foo.use"(%p#1, %p#0) : (f32, i32) -> ()
}) : () -> ()

// Separately named results of one op form result groups.
"foo.named_results"() ({
  %a, %b:2 = "foo.three"() : () -> (i1, i2, i3)
  "foo.use"(%a, %b#1) : (i1, i3) -> ()
}) : () -> ()

"foo.cfg"() ({
^entry(%x: i32):
  "foo.br"(%x)[^then, ^done] : (i32) -> ()
^then:
  "foo.br"()[^done] : () -> ()
^done:
  "foo.return"() : () -> ()
}) : () -> ()

"foo.no_preds"() ({
  "foo.return"() : () -> ()
^dead:
  "foo.return"() : () -> ()
}) : () -> ()

// Empty regions and several regions.
"foo.regions"() ({
}, {
^bb0:
}) : () -> ()

// Properties and discardable attributes are kept apart.
"foo.props"() <{b = "x", a = 1 : i32}> {d = [1, 2.5 : f32], c} : () -> ()

// Forward references in a graph region (the module body).
%fwd = "foo.def"(%fwd) : (i32) -> i32

// Quoted names for ops, attributes and symbols.
"foo.weird"() {"a b" = @"sym bol", "x-y" = @a::@b::@c} : () -> ()

// Dialect attributes and types whose bodies are not pretty names (a '$' in
// them) print in the <...> form; pretty ones keep the dotted form (bodies
// ending in '-': Parser/dialect-bodies.mlir, which mlir-opt cannot read
// back).
"test.dollar"() {c = #foo<a$b>, d = !foo.t.x_1, e = #foo.a<b>, f = #foo<x$-y>} : () -> ()
