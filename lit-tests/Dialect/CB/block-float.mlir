// Block-float data formats (Metalium's Bfp8_b and Bfp4_b) in circular
// buffers, in custom and generic form.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Bfp8_b tiles are 1088 bytes, Bfp4_b tiles 576.
// CHECK-LABEL: func.func @block_floats()
// CHECK-NEXT: %cb1 = cb.alloc 1 : !cb.cb<!cb.bfp8_b, page_size = 1088, pages = 4>
// CHECK-NEXT: %cb2 = cb.alloc 2 : !cb.cb<!cb.bfp4_b, page_size = 576, pages = 2>
// CHECK-NEXT: cb.wait_front %cb1, 2 : !cb.cb<!cb.bfp8_b, page_size = 1088, pages = 4>
// GENERIC: "cb.alloc"() <{index = 1 : i64}> : () -> !cb.cb<!cb.bfp8_b, page_size = 1088, pages = 4>
// GENERIC: "cb.alloc"() <{index = 2 : i64}> : () -> !cb.cb<!cb.bfp4_b, page_size = 576, pages = 2>
func.func @block_floats() {
  %a = cb.alloc 1 : !cb.cb<!cb.bfp8_b, page_size = 1088, pages = 4>
  %b = cb.alloc 2 : !cb.cb<!cb.bfp4_b, page_size = 576, pages = 2>
  cb.wait_front %a, 2 : !cb.cb<!cb.bfp8_b, page_size = 1088, pages = 4>
  return
}
