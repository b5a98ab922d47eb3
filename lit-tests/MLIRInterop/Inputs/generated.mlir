// The three shapes of the IR benchmark, small: flat arith chains, nested
// scf.for loops, and foldable work, in generic form.
"func.func"() ({
^bb0(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index):
  %0 = "arith.constant"() {value = 7 : i32} : () -> i32
  %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
  %2 = "arith.muli"(%1, %arg1) : (i32, i32) -> i32
  %3 = "arith.subi"(%2, %1) : (i32, i32) -> i32
  %4 = "arith.addi"(%arg2, %arg3) : (index, index) -> index
  "func.return"(%3, %4) : (i32, index) -> ()
}) {function_type = (i32, i32, index, index) -> (i32, index), sym_name = "flat"} : () -> ()
"func.func"() ({
^bb0(%arg0: i32, %arg1: index):
  %0 = "arith.constant"() {value = 0 : index} : () -> index
  %1 = "arith.constant"() {value = 1 : index} : () -> index
  %2 = "arith.constant"() {value = 37 : i32} : () -> i32
  %3 = "scf.for"(%0, %arg1, %1, %arg0) ({
  ^bb0(%4: index, %5: i32):
    %6 = "arith.index_cast"(%4) : (index) -> i32
    %7 = "arith.addi"(%5, %6) : (i32, i32) -> i32
    %8 = "arith.muli"(%7, %2) : (i32, i32) -> i32
    "scf.yield"(%8) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  %9 = "arith.addi"(%3, %2) : (i32, i32) -> i32
  "func.return"(%9) : (i32) -> ()
}) {function_type = (i32, index) -> i32, sym_name = "f0"} : () -> ()
