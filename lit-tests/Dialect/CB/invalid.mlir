// Every error of the cb verifiers and type parser.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

func.func @index_range() {
  // expected-error@+1 {{'cb.alloc' op index 32 is not in 0..31}}
  %0 = cb.alloc 32 : !cb.cb<bf16, page_size = 2048, pages = 2>
  return
}

// -----

func.func @count_too_large() {
  %0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-error@+1 {{'cb.reserve_back' op page count 3 is more than the buffer's 2 pages}}
  cb.reserve_back %0, 3 : !cb.cb<bf16, page_size = 2048, pages = 2>
  return
}

// -----

func.func @count_not_positive() {
  %0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-error@+1 {{'cb.wait_front' op page count must be positive, got 0}}
  cb.wait_front %0, 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
  return
}

// -----

func.func @pop_too_many() {
  %0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-error@+1 {{'cb.pop_front' op page count 8 is more than the buffer's 2 pages}}
  cb.pop_front %0, 8 : !cb.cb<bf16, page_size = 2048, pages = 2>
  return
}

// -----

func.func @push_operand(%x: i32) {
  // expected-error@+1 {{'cb.push_back' op operand must be a !cb.cb, got 'i32'}}
  "cb.push_back"(%x) <{pages = 1 : i64}> : (i32) -> ()
  return
}

// -----

func.func @pointer_result() {
  %0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-error@+1 {{'cb.get_read_ptr' op result must be i32 (an L1 address)}}
  %1 = "cb.get_read_ptr"(%0) : (!cb.cb<bf16, page_size = 2048, pages = 2>) -> i64
  return
}

// -----

// expected-error@+1 {{data format must be bf16, f16, f32, i32, !cb.bfp8_b or !cb.bfp4_b, got 'f64'}}
func.func @format(%x: !cb.cb<f64, page_size = 2048, pages = 2>) {
  return
}

// -----

// expected-error@+1 {{unknown cb type 'bfp2_b' (expected 'cb', 'bfp8_b' or 'bfp4_b')}}
func.func @block_float(%x: !cb.cb<!cb.bfp2_b, page_size = 2048, pages = 2>) {
  return
}

// -----

// expected-error@+1 {{pages must be positive, got 0}}
func.func @pages(%x: !cb.cb<bf16, page_size = 2048, pages = 0>) {
  return
}

// -----

// expected-error@+1 {{page_size must be positive, got -4}}
func.func @page_size(%x: !cb.cb<bf16, page_size = -4, pages = 2>) {
  return
}
