// Type, attribute and location aliases; locations are printed inline with
// --print-debuginfo.
// RUN: tilt-opt --allow-unregistered-dialect --verify-roundtrip %s | FileCheck %s
// RUN: tilt-opt --allow-unregistered-dialect --print-debuginfo %s | FileCheck %s --check-prefix=LOC
// RUN: tilt-opt --allow-unregistered-dialect --print-debuginfo %s | tilt-opt --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOC

!tile = !foo.tile<32x32, bf16>
#map = [1, 2, 3]
#attr = #foo.layout<interleaved>

// CHECK: "test.aliased"() {a = [1, 2, 3], b = #foo.layout<interleaved>} : () -> !foo.tile<32x32, bf16>
%0 = "test.aliased"() {a = #map, b = #attr} : () -> !tile

// LOC: "test.file"() : () -> () loc("a.tilt":3:7)
"test.file"() : () -> () loc("a.tilt":3:7)
// LOC: "test.name"() : () -> () loc("kernel"("a.tilt":1:1))
"test.name"() : () -> () loc("kernel"("a.tilt":1:1))
// LOC: "test.callsite"() : () -> () loc(callsite("f" at "b.tilt":10:2))
"test.callsite"() : () -> () loc(callsite("f" at "b.tilt":10:2))
// LOC: "test.fused"() : () -> () loc(fused<"pass">["a.tilt":1:2, unknown])
"test.fused"() : () -> () loc(fused<"pass">["a.tilt":1:2, unknown])
// Location aliases may be defined after their use.
// LOC: "test.alias"() : () -> () loc("later.tilt":5:6)
"test.alias"() : () -> () loc(#later)
// Without a location the op gets its position in this file.
// LOC: "test.here"() : () -> () loc("{{.*}}aliases-and-locations.mlir":[[# @LINE + 1]]:1)
"test.here"() : () -> ()
// LOC: "test.block_args"() ({
// LOC-NEXT: ^bb0(%arg0: i32 loc("arg.tilt":1:1)):
"test.block_args"() ({
^bb0(%x: i32 loc("arg.tilt":1:1)):
  "test.return"() : () -> ()
}) : () -> ()

#later = loc("later.tilt":5:6)
