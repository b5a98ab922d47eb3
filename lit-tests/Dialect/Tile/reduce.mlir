// tile.reduce's kinds (sum, max, min, absmax) and accumulate (TileLang's
// clear=False): printed back the same, through the generic form too.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @kinds(
// CHECK: tile.reduce max %[[S:.*]] -> %[[M:.*]] dim 1 accumulate : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
// CHECK-NEXT: tile.reduce min %[[S]] -> %[[M]] dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
// CHECK-NEXT: tile.reduce absmax %[[S]] -> %[[N:.*]] dim 0 : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
// CHECK-NEXT: tile.reduce sum %[[S]] -> %[[N]] dim 0 accumulate : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
// CHECK-NEXT: tile.reduce sum %[[M]] -> %{{.*}} dim 0 accumulate : !tile.buf<32xf32, fragment>, !tile.buf<1xf32, fragment>
// GENERIC: "tile.reduce"(%{{.*}}, %{{.*}}) <{accumulate, dim = 1 : i64, kind = "max"}>
// GENERIC-NEXT: "tile.reduce"(%{{.*}}, %{{.*}}) <{dim = 1 : i64, kind = "min"}>
func.func @kinds() {
  tile.kernel grid [1] blocks(%bx) args() {
    %s = tile.alloc : !tile.buf<32x64xf32, shared>
    %m = tile.alloc : !tile.buf<32xf32, fragment>
    %n = tile.alloc : !tile.buf<64xf32, fragment>
    %t = tile.alloc : !tile.buf<1xf32, fragment>
    tile.reduce max %s -> %m dim 1 accumulate : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
    tile.reduce min %s -> %m dim 1 : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>
    tile.reduce absmax %s -> %n dim 0 : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
    tile.reduce sum %s -> %n dim 0 accumulate : !tile.buf<32x64xf32, shared>, !tile.buf<64xf32, fragment>
    tile.reduce sum %m -> %t dim 0 accumulate : !tile.buf<32xf32, fragment>, !tile.buf<1xf32, fragment>
  }
  return
}
