// Grid choice: with no grid given, tile-coarsen estimates the whole grid,
// every sub-grid on which the blocks divide evenly and blocks resized to
// the whole grid, and keeps the whole grid unless another is faster
// (docs/pipeline.md, tile-coarsen).
// RUN: tilt-opt --verify-diagnostics --tile-coarsen='board=p150_unharvested' %s | FileCheck %s --check-prefix=BH
// RUN: tilt-opt --tile-coarsen='board=n150' %s 2>&1 | FileCheck %s --check-prefix=WH
// RUN: tilt-opt --tile-coarsen='board=p150_unharvested grid=13x10' %s 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: tilt-opt --tile-to-tt='board=p150_unharvested' %s 2>/dev/null | FileCheck %s --check-prefix=LOWERED

// An 8x8 grid of 128x128 GEMM blocks on a 13x10 Blackhole: on the whole
// grid the 64 blocks land on the first 64 cores row-major, block rows and
// core rows do not line up and every core reads its own strips (8 MiB); on
// the 8x8 sub-grid the strips are multicast (1 MiB read), but each K step
// of one tile ends with the packer adding the block's 16 f32 tiles into L1
// (72 cycles each against 64 of HiFi4 math a tile: 9216 cycles). Blocks
// resized to 96x128 on 11x8 cores (multicast too) are predicted faster
// (8000 cycles: the 16 multicast handshakes) and taken, with a remark.
// BH: tile.kernel grid [11, 8] {{.*}} attributes {tile.coarsened = array<i64: 3, 4, 1, 1>, tile.cores = array<i64: 11, 8>}
// On the n150 the 8x8 grid is the whole grid: nothing to announce.
// WH-NOT: remark
// WH: tile.kernel grid [8, 8]
// WH-NOT: tile.coarsened
// WH-NOT: tile.cores
// A grid the user gives is used as given.
// GIVEN-NOT: remark
// GIVEN: tile.kernel grid [8, 8]
// GIVEN-NOT: tile.cores
// GIVEN-NOT: tile.coarsened

// The lowered program runs on cores [0, 0] to [10, 7] only, with multicast.
// LOWERED: tt.program @gemm grid [13, 10] arch blackhole board p150_unharvested
// LOWERED: tt.cb_config 0 cores [0, 0] to [10, 7]
// LOWERED: tt.semaphore 0 cores [0, 0] to [10, 7] init 0
// LOWERED: tt.kernel @reader reader cores [0, 0] to [10, 7] processor riscv_1 noc 1 rt_args [{{.*}}"cb0_mcast_receivers"
// LOWERED: tt.runtime_args @reader core [0, 0] [@arg0, 0, 1, 10, 1,
// LOWERED: tt.runtime_args @reader core [10, 7] [@arg0, 87, 1,
// LOWERED-NOT: tt.runtime_args @reader core [11,
// LOWERED: tt.kernel @compute compute cores [0, 0] to [10, 7]

// scripts/gen_tile_gemm.py 1024 1024 256 --block 128x128x32
func.func @gemm(%A: !tile.tensor<1024x256xbf16>, %B: !tile.tensor<256x1024xbf16>, %C: !tile.tensor<1024x1024xf32>) {
  // expected-remark@+1 {{tile-coarsen: resizes the blocks to cover the 13x10 grid (grid [8, 8] -> [11, 8], each block 3/4 as wide and 1/1 as tall), on cores [0, 0] to [10, 7], 1 block per core: an estimated 8000 cycles against 9216 with whole blocks on 8x8 cores (a grid option keeps the blocks)}}
  tile.kernel grid [8, 8] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<1024x256xbf16>, %b = %B : !tile.tensor<256x1024xbf16>, %c = %C : !tile.tensor<1024x1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant 32 : index
    %bm = arith.constant 128 : index
    %bn = arith.constant 128 : index
    %steps = arith.constant 8 : index
    %a_s = tile.alloc : !tile.buf<128x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x128xbf16, shared>
    %c_l = tile.alloc : !tile.buf<128x128xf32, fragment>
    tile.clear %c_l : !tile.buf<128x128xf32, fragment>
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    tile.pipelined %k = %c0 to %steps step %c1 stages 2 {
      %kk = arith.muli %k, %bk : index
      tile.copy %a[%row, %kk], %a_s : !tile.tensor<1024x256xbf16>, !tile.buf<128x32xbf16, shared>
      tile.copy %b[%kk, %col], %b_s : !tile.tensor<256x1024xbf16>, !tile.buf<32x128xbf16, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<128x32xbf16, shared>, !tile.buf<32x128xbf16, shared>, !tile.buf<128x128xf32, fragment>
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<128x128xf32, fragment>, !tile.tensor<1024x1024xf32>
  }
  return
}
