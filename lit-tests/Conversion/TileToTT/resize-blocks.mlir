// Resized blocks: with no grid given, tile-coarsen may give each core a
// block of ceil(tiles / cores) tiles along each block index, as tt-metal's
// matmuls size per_core_M and per_core_N, when that is predicted at least
// 5 % faster than whole blocks merged (docs/pipeline.md, tile-coarsen).
// The last row and column of blocks run past the tensors.
// RUN: tilt-opt --verify-diagnostics --tile-coarsen='board=p150_unharvested' %s | FileCheck %s
// RUN: tilt-opt --tile-coarsen='board=p150_unharvested grid=13x10' %s 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: tilt-opt --tile-to-tt='board=p150_unharvested' %s 2>/dev/null | FileCheck %s --check-prefix=LOWERED

// 4000x128 by 128x4096 in 32x128 blocks (a [32, 125] grid) on a 13x10
// Blackhole: 125 tile rows in blocks of 13 (10 blocks, the last one 8 rows
// inside the tensor), 128 tile columns in blocks of 10 (13 blocks, the last
// 8), one block per core.
// CHECK-LABEL: func.func @gemm
// CHECK: tile.kernel grid [13, 10] {{.*}} attributes {tile.coarsened = array<i64: 5, 2, 13, 1>}
// CHECK: %[[A:.*]] = tile.alloc : !tile.buf<416x64xbf16, shared>
// CHECK: %[[B:.*]] = tile.alloc : !tile.buf<64x320xbf16, shared>
// CHECK: %[[C:.*]] = tile.alloc : !tile.buf<416x320xf32, fragment>
// CHECK: %[[M:.*]] = arith.constant 416 : index
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %[[M]] : index
// CHECK: %[[N:.*]] = arith.constant 320 : index
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: tile.copy %{{.*}}[%[[ROW]], %{{.*}}], %[[A]]
// CHECK: tile.copy %{{.*}}[%{{.*}}, %[[COL]]], %[[B]]
// CHECK: tile.copy %[[C]], %{{.*}}[%[[ROW]], %[[COL]]]
// A grid the user gives keeps the blocks.
// GIVEN-NOT: remark
// GIVEN: tile.kernel grid [32, 125]
// GIVEN-NOT: tile.coarsened

// Every core of the 13x10 grid runs, with multicast; the reads past the
// tensors are guarded.
// LOWERED: tt.program @gemm grid [13, 10] arch blackhole board p150_unharvested
// LOWERED: tt.cb_config 0 cores [0, 0] to [12, 9] : !cb.cb<bf16, page_size = 2048, pages = 52>
// LOWERED: tt.kernel @reader reader processor riscv_1 noc 1 rt_args [{{.*}}"cb0_mcast_receivers"
// LOWERED: arith.cmpi ult
// LOWERED: tt.noc_async_read_tile
// LOWERED: tt.fill_zero_tile

// scripts/gen_tile_gemm.py 4000 4096 128 --out-type bf16
func.func @gemm(%A: !tile.tensor<4000x128xbf16>, %B: !tile.tensor<128x4096xbf16>, %C: !tile.tensor<4000x4096xbf16>) {
  // expected-remark@+1 {{tile-coarsen: resizes the blocks to cover the 13x10 grid (grid [32, 125] -> [13, 10], each block 5/2 as wide and 13/1 as tall), on cores [0, 0] to [12, 9], 1 block per core: an estimated 33280 cycles against 102400 with whole blocks on 8x5 cores (a grid option keeps the blocks)}}
  tile.kernel grid [32, 125] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<4000x128xbf16>, %b = %B : !tile.tensor<128x4096xbf16>, %c = %C : !tile.tensor<4000x4096xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant 64 : index
    %bm = arith.constant 32 : index
    %bn = arith.constant 128 : index
    %steps = arith.constant 2 : index
    %a_s = tile.alloc : !tile.buf<32x64xbf16, shared>
    %b_s = tile.alloc : !tile.buf<64x128xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x128xf32, fragment>
    tile.clear %c_l : !tile.buf<32x128xf32, fragment>
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    tile.pipelined %k = %c0 to %steps step %c1 stages 2 {
      %kk = arith.muli %k, %bk : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<4000x128xbf16>, !tile.buf<32x64xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<128x4096xbf16>, !tile.buf<64x128xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<32x64xbf16, shared>, !tile.buf<64x128xbf16, shared>, !tile.buf<32x128xf32, fragment>
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x128xf32, fragment>, !tile.tensor<4000x4096xbf16>
  }
  return
}
