// The cb ops and type in custom and generic form.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// A reader's side and a compute kernel's side of one circular buffer.
// CHECK-LABEL: func.func @protocol()
// CHECK-NEXT: %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: %cb16 = cb.alloc 16 {note = "output"} : !cb.cb<f32, page_size = 4096, pages = 2>
// CHECK-NEXT: cb.reserve_back %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: %0 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: cb.push_back %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: cb.wait_front %cb0, 4 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: %1 = cb.get_read_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: cb.pop_front %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 4>
// CHECK-NEXT: return %0, %1 : i32, i32

// GENERIC: %0 = "cb.alloc"() <{index = 0 : i64}> : () -> !cb.cb<bf16, page_size = 2048, pages = 4>
// GENERIC: "cb.reserve_back"(%0) <{pages = 2 : i64}> : (!cb.cb<bf16, page_size = 2048, pages = 4>) -> ()
// GENERIC: "cb.get_write_ptr"(%0) : (!cb.cb<bf16, page_size = 2048, pages = 4>) -> i32

func.func @protocol() -> (i32, i32) {
  %in = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 4>
  %out = cb.alloc 16 {note = "output"} : !cb.cb<f32, page_size = 4096, pages = 2>
  cb.reserve_back %in, 2 : !cb.cb<bf16, page_size = 2048, pages = 4>
  %w = cb.get_write_ptr %in : !cb.cb<bf16, page_size = 2048, pages = 4>
  cb.push_back %in, 2 : !cb.cb<bf16, page_size = 2048, pages = 4>
  cb.wait_front %in, 4 : !cb.cb<bf16, page_size = 2048, pages = 4>
  %r = cb.get_read_ptr %in : !cb.cb<bf16, page_size = 2048, pages = 4>
  cb.pop_front %in, 1 : !cb.cb<bf16, page_size = 2048, pages = 4>
  return %w, %r : i32, i32
}
