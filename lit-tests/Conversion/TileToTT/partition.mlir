// tile-partition: the grid becomes a persistent loop over each core's
// blocks.
// RUN: tilt-opt --split-input-file --verify-diagnostics --tile-partition='grid=2x2' %s | FileCheck %s

// 9 blocks on 4 cores: 3, 2, 2, 2 blocks, contiguous, row-major.
// CHECK-LABEL: func.func @uneven
// CHECK: tile.kernel grid [3, 3] blocks(%{{.*}}, %{{.*}}) args() attributes {partition = {arch = "wormhole_b0", board = "n150", cores = array<i64: 2, 2>, ranges = array<i64: 0, 3, 3, 2, 5, 2, 7, 2>}} {
// CHECK-NEXT: %start, %count = tile.block_range
// CHECK-NEXT: %[[END:.*]] = arith.addi %start, %count : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %[[ID:.*]] = %start to %[[END]] step %[[ONE]] {
// bx = id mod 3, by = id / 3.
// CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[BX:.*]] = arith.remui %[[ID]], %[[THREE]] : index
// CHECK-NEXT: %[[BY:.*]] = arith.divui %[[ID]], %[[THREE]] : index
// CHECK-NEXT: "test.use"(%[[BX]], %[[BY]])
func.func @uneven() {
  tile.kernel grid [3, 3] blocks(%bx, %by) args() {
    "test.use"(%bx, %by) : (index, index) -> ()
  }
  return
}

// -----

// As many block columns as core columns and twice as many block rows: in
// lock-step, core (x, y) runs blocks (x, y) and (x, y + 2), 4 ids apart,
// so that the cores of a row run blocks of one block row at each step.
// CHECK-LABEL: func.func @lockstep_rows
// CHECK: partition = {arch = "wormhole_b0", board = "n150", cores = array<i64: 2, 2>, ranges = array<i64: 0, 2, 1, 2, 2, 2, 3, 2>, stride = 4 : i64}
// CHECK-NEXT: %start, %count = tile.block_range
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[SPAN:.*]] = arith.muli %count, %[[FOUR]] : index
// CHECK-NEXT: %[[END:.*]] = arith.addi %start, %[[SPAN]] : index
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 4 : index
// CHECK-NEXT: scf.for %{{.*}} = %start to %[[END]] step %[[STEP]] {
func.func @lockstep_rows() {
  tile.kernel grid [2, 4] blocks(%bx, %by) args() {
    "test.use"(%bx, %by) : (index, index) -> ()
  }
  return
}

// -----

// The transpose: three times as many block columns, as many block rows.
// Core (x, y) runs blocks (x, y), (x + 2, y), (x + 4, y): 2 ids apart.
// CHECK-LABEL: func.func @lockstep_columns
// CHECK: ranges = array<i64: 0, 3, 1, 3, 6, 3, 7, 3>, stride = 2 : i64}
func.func @lockstep_columns() {
  tile.kernel grid [6, 2] blocks(%bx, %by) args() {
    "test.use"(%bx, %by) : (index, index) -> ()
  }
  return
}

// -----

// 2 blocks on 4 cores: cores 2 and 3 get nothing.
// CHECK-LABEL: func.func @idle
// CHECK: ranges = array<i64: 0, 1, 1, 1, 0, 0, 0, 0>
func.func @idle() {
  tile.kernel grid [2] blocks(%bx) args() {
    "test.use"(%bx) : (index) -> ()
  }
  return
}

// -----

// Three grid dimensions: bx fastest, then by, then bz.
// CHECK-LABEL: func.func @three_d
// CHECK: ranges = array<i64: 0, 6, 6, 6, 12, 6, 18, 6>
// CHECK: %[[BX:.*]] = arith.remui %[[ID:.*]], %[[C2:.*]] : index
// CHECK-NEXT: %[[REST:.*]] = arith.divui %[[ID]], %[[C2]] : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[BY:.*]] = arith.remui %[[REST]], %[[C3]] : index
// CHECK-NEXT: %[[BZ:.*]] = arith.divui %[[REST]], %[[C3]] : index
// CHECK-NEXT: "test.use"(%[[BX]], %[[BY]], %[[BZ]])
func.func @three_d() {
  tile.kernel grid [2, 3, 4] blocks(%bx, %by, %bz) args() {
    "test.use"(%bx, %by, %bz) : (index, index, index) -> ()
  }
  return
}

// -----

// Partitioning twice changes nothing.
// CHECK-LABEL: func.func @once
// CHECK-COUNT-1: tile.block_range
// CHECK-NOT: tile.block_range
func.func @once() {
  tile.kernel grid [4] blocks(%bx) args() attributes {partition = {arch = "wormhole_b0", board = "n150", cores = array<i64: 2, 2>, ranges = array<i64: 0, 1, 1, 1, 2, 1, 3, 1>}} {
    %start, %count = tile.block_range
  }
  return
}

// -----

func.func @outside() {
  // expected-error@+1 {{'tile.block_range' op must be inside a tile.kernel}}
  %start, %count = tile.block_range
  return
}

// -----

func.func @unpartitioned() {
  tile.kernel grid [4] blocks(%bx) args() {
    // expected-error@+1 {{'tile.block_range' op is inside a tile.kernel that has no 'partition' (run tile-partition)}}
    %start, %count = tile.block_range
  }
  return
}

// -----

// A loop whose trip count depends on the block (causal attention's KV
// loop, bx + 1 trips): the ranges count positions in the mirrored order,
// position v being block v / 2 when v is even and 15 - v / 2 when odd, so
// that each core's 4 blocks pair the cheap with the dear (core 0: blocks
// 0, 15, 1, 14).
// CHECK-LABEL: func.func @uneven_work
// CHECK: order = "mirrored", ranges = array<i64: 0, 4, 4, 4, 8, 4, 12, 4>
// CHECK: scf.for %[[V:.*]] = %start to %{{.*}} step %{{.*}} {
// CHECK: %[[HALF:.*]] = arith.divui %[[V]], %[[TWO:.*]] : index
// CHECK: %[[PARITY:.*]] = arith.remui %[[V]], %[[TWO]] : index
// CHECK: %[[ODD:.*]] = arith.cmpi ne, %[[PARITY]], %{{.*}} : index
// CHECK: %[[FROM_END:.*]] = arith.subi %{{.*}}, %[[HALF]] : index
// CHECK: %[[ID:.*]] = arith.select %[[ODD]], %[[FROM_END]], %[[HALF]] : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[ID]] step
func.func @uneven_work() {
  tile.kernel grid [16] blocks(%bx) args() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %bx step %c1 {
      "test.use"(%k) : (index) -> ()
    }
  }
  return
}

// -----

// The same work for every block: contiguous runs.
// CHECK-LABEL: func.func @even_work
// CHECK-NOT: mirrored
// CHECK: ranges = array<i64: 0, 4, 4, 4, 8, 4, 12, 4>
// CHECK-NOT: arith.select
func.func @even_work() {
  tile.kernel grid [16] blocks(%bx) args() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      "test.use"(%k, %bx) : (index, index) -> ()
    }
  }
  return
}
