// --mlir-timing prints a tree of the tool's phases and passes; the numbers
// vary, the shape does not.
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-timing %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: ... Execution time report ...
// TIMING: Total Execution Time: {{[0-9.]+}} seconds
// TIMING: ----Wall Time----  ----Name----
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    Canonicalizer
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    (V) Verifier
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    CSE
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest
// TIMING-NEXT: {{[0-9.]+}} (100.0%)  Total

// Without verification after each pass there is no verifier line.
// RUN: tilt-opt -p 'builtin.module(func.func(cse))' --mlir-timing --verify-each=false %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOVERIFY
// NOVERIFY: CSE
// NOVERIFY-NOT: Verifier

// --mlir-pass-statistics: counters of each pass, summed over the functions
// (and threads).
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tilt-opt -p 'builtin.module(func.func(canonicalize,cse))' --mlir-pass-statistics --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: ... Pass statistics report ...
// STATS: 'func.func' Pipeline
// STATS-NEXT:   Canonicalizer
// STATS-NEXT:     (S) 0 num-rewrites - Number of pattern rewrites
// STATS-NEXT:     (S) 4 num-folds - Number of ops folded
// STATS-NEXT:     (S) 2 num-dead-erased - Number of trivially dead ops erased
// STATS-NEXT:   CSE
// STATS-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATS-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @k(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  %1 = arith.subi %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
