// Type, attribute and location aliases; with --print-debuginfo, locations
// print through #loc aliases as mlir-opt prints them: op locations as
// loc(#locN) with the definitions after the module, block argument
// locations inline with their definitions before it.
// RUN: tilt-opt --allow-unregistered-dialect --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect --print-debuginfo %s | FileCheck %s --check-prefix=LOC
// RUN: tilt-opt --allow-unregistered-dialect --print-debuginfo %s | tilt-opt --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOC

!tile = !foo.tile<32x32, bf16>
#map = [1, 2, 3]
#attr = #foo.layout<interleaved>

// CHECK: "test.aliased"() {a = [1, 2, 3], b = #foo.layout<interleaved>} : () -> !foo.tile<32x32, bf16>
%0 = "test.aliased"() {a = #map, b = #attr} : () -> !tile

// The block argument's location is needed before the module.
// LOC: [[ARG:#loc[0-9]+]] = loc("arg.tilt":1:1)
// LOC-NEXT: module {
// LOC: "test.file"() : () -> () loc([[FILE:#loc[0-9]*]])
"test.file"() : () -> () loc("a.tilt":3:7)
// LOC: "test.name"() : () -> () loc([[NAME:#loc[0-9]*]])
"test.name"() : () -> () loc("kernel"("a.tilt":1:1))
// LOC: "test.callsite"() : () -> () loc([[CALL:#loc[0-9]*]])
"test.callsite"() : () -> () loc(callsite("f" at "b.tilt":10:2))
// LOC: "test.fused"() : () -> () loc([[FUSED:#loc[0-9]*]])
"test.fused"() : () -> () loc(fused<"pass">["a.tilt":1:2, unknown])
// Location aliases may be defined after their use.
// LOC: "test.alias"() : () -> () loc([[LATER:#loc[0-9]*]])
"test.alias"() : () -> () loc(#later)
// Without a location the op gets its position in this file.
// LOC: "test.here"() : () -> () loc([[HERE:#loc[0-9]*]])
"test.here"() : () -> ()
// LOC: "test.block_args"() ({
// LOC-NEXT: ^bb0(%arg0: i32 loc("arg.tilt":1:1)):
"test.block_args"() ({
^bb0(%x: i32 loc("arg.tilt":1:1)):
  "test.return"() : () -> ()
}) : () -> ()

// LOC: } loc(#loc)
// LOC-NEXT: #loc = loc("{{.*}}aliases-and-locations.mlir":0:0)
// LOC-DAG: [[FILE]] = loc("a.tilt":3:7)
// LOC-DAG: [[LATER]] = loc("later.tilt":5:6)
// LOC-DAG: [[HERE]] = loc("{{.*}}aliases-and-locations.mlir":32:1)
// Composite locations come last, their parts as aliases.
// LOC: [[NAME]] = loc("kernel"(#loc{{[0-9]+}}))
// LOC-NEXT: [[CALL]] = loc(callsite(#loc{{[0-9]+}} at #loc{{[0-9]+}}))
// LOC-NEXT: [[FUSED]] = loc(fused<"pass">[#loc{{[0-9]+}}, #loc{{[0-9]+}}])
#later = loc("later.tilt":5:6)
