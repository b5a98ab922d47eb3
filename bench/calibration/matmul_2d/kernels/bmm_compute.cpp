// Compute kernel of every core: C_block = sum over K blocks of
// A_block(k) x B_block(k), for each output block the core owns.
//
// Design followed: tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/compute/
// bmm_large_block_zm_fused_bias_activation.cpp, without bias, activation,
// untilize or transposes:
//  - the output block is cut into out_subblock_h x out_subblock_w
//    subblocks, each of which fits in DST (8 tiles, 4 with an fp32 DST);
//  - per K block, per subblock: in0_block_w calls of matmul_block (one
//    column of in0's subblock rows times one row of in1's subblock
//    columns each: ct_dim = out_subblock_w, rt_dim = out_subblock_h,
//    kt_dim = in0_block_w, which is in0's row stride in the block);
//  - between K blocks the partial sums leave DST: without PACKER_L1_ACC
//    they are packed to the partials CB (c_5) and copied back into DST
//    before the next K block's products (spill and reload); with
//    PACKER_L1_ACC the packer adds them to what the partials CB already
//    holds in L1 (the CB holds exactly one out block, so after a pop the
//    next reserve returns the same pages), and only the last K block
//    reloads them once;
//  - the last K block packs the subblock to the output CB (c_4), which the
//    writer drains.
// The older init names of ttnn's 2024-25 kernels are used (mm_block_init,
// mm_block_init_short_with_dt, copy_block_matmul_partials,
// matmul_pack_tile), as in bmm_large_block_zm_fused_bias_activation.cpp of
// that time.
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/pack.h"
#include "compute_kernel_api/reconfig_data_format.h"
#include "compute_kernel_api/tile_move_copy.h"

#include <cstdint>

namespace NAMESPACE {
void MAIN {
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(0);
  constexpr uint32_t in0_num_subblocks = get_compile_time_arg_val(1);
  constexpr uint32_t in0_block_tiles = get_compile_time_arg_val(2);
  constexpr uint32_t in0_subblock_tiles = get_compile_time_arg_val(3);
  constexpr uint32_t in1_num_subblocks = get_compile_time_arg_val(4);
  constexpr uint32_t in1_block_tiles = get_compile_time_arg_val(5);
  constexpr uint32_t in1_block_w = get_compile_time_arg_val(6);
  constexpr uint32_t num_blocks_k = get_compile_time_arg_val(7);
  constexpr uint32_t num_blocks_w = get_compile_time_arg_val(8);
  constexpr uint32_t num_blocks_h = get_compile_time_arg_val(9);
  constexpr uint32_t out_subblock_h = get_compile_time_arg_val(10);
  constexpr uint32_t out_subblock_w = get_compile_time_arg_val(11);
  constexpr uint32_t out_subblock_tiles = get_compile_time_arg_val(12);
  [[maybe_unused]] constexpr uint32_t out_block_tiles =
      get_compile_time_arg_val(13);

  constexpr uint32_t cb_in0 = tt::CBIndex::c_0;
  constexpr uint32_t cb_in1 = tt::CBIndex::c_1;
  constexpr uint32_t cb_out = tt::CBIndex::c_4;
  constexpr uint32_t cb_partials = tt::CBIndex::c_5;
  [[maybe_unused]] constexpr bool spill = num_blocks_k > 1;
  constexpr bool several_out_blocks = num_blocks_w * num_blocks_h > 1;

  // Unpacker: in1 -> SrcA, in0 -> SrcB; packer configured for partials.
  mm_block_init(cb_in0, cb_in1, cb_partials, /*transpose=*/0, out_subblock_w,
                out_subblock_h, in0_block_w);

  for (uint32_t bh = 0; bh < num_blocks_h; ++bh) {
    for (uint32_t bw = 0; bw < num_blocks_w; ++bw) {
      bool reload = false;
      if constexpr (several_out_blocks)
        PACK((pack_reconfig_data_format(cb_partials)));

      for (uint32_t block = 0; block < num_blocks_k; ++block) {
        const bool last_k_block = block == num_blocks_k - 1;
        cb_wait_front(cb_in0, in0_block_tiles);
        cb_wait_front(cb_in1, in1_block_tiles);

        uint32_t in0_subblock_first = 0;
        for (uint32_t sb_row = 0; sb_row < in0_num_subblocks; ++sb_row) {
          uint32_t in1_subblock_first = 0;
          for (uint32_t sb_col = 0; sb_col < in1_num_subblocks; ++sb_col) {
            tile_regs_acquire();
            if (reload) {
              // Partial sums of the earlier K blocks back into DST.
              copy_tile_to_dst_init_short_with_dt(cb_in1, cb_partials);
              cb_wait_front(cb_partials, out_subblock_tiles);
              copy_block_matmul_partials(cb_partials, 0, 0, out_subblock_tiles);
              cb_pop_front(cb_partials, out_subblock_tiles);
              mm_block_init_short_with_dt(cb_in0, cb_in1, cb_partials,
                                          /*transpose=*/0, out_subblock_w,
                                          out_subblock_h, in0_block_w);
            }

            // DST[subblock] += in0 rows x in1 columns, one K tile at a time.
            uint32_t in0_index = in0_subblock_first;
            uint32_t in1_index = in1_subblock_first;
            for (uint32_t k = 0; k < in0_block_w; ++k) {
              matmul_block(cb_in0, cb_in1, in0_index, in1_index, /*idst=*/0,
                           /*transpose=*/0, out_subblock_w, out_subblock_h,
                           in0_block_w);
              in0_index += 1;           // next column of in0's block
              in1_index += in1_block_w; // next row of in1's block
            }

            if (last_k_block) {
              tile_regs_commit();
              cb_reserve_back(cb_out, out_subblock_tiles);
              tile_regs_wait();
#if defined(FP32_DEST_ACC_EN) || defined(PACKER_L1_ACC)
              PACK((pack_reconfig_data_format(cb_out)));
#endif
#ifdef PACKER_L1_ACC
              PACK((pack_reconfig_l1_acc(0)));
#endif
              matmul_pack_tile(0, cb_out, out_subblock_tiles);
              tile_regs_release();
              cb_push_back(cb_out, out_subblock_tiles);
            } else {
              tile_regs_commit();
              cb_reserve_back(cb_partials, out_subblock_tiles);
              tile_regs_wait();
#ifdef PACKER_L1_ACC
              // K block 0 overwrites; from K block 1 on the packer adds.
              if (block == 0)
                PACK((pack_reconfig_l1_acc(0)));
              else if (block == 1)
                PACK((pack_reconfig_l1_acc(1)));
#endif
              matmul_pack_tile(0, cb_partials, out_subblock_tiles);
              tile_regs_release();
              cb_push_back(cb_partials, out_subblock_tiles);
            }
            in1_subblock_first += out_subblock_w;
          }
          in0_subblock_first += in0_subblock_tiles;
        }

#ifdef PACKER_L1_ACC
        // Keep accumulating in L1: release the block's pages so that the
        // next K block's reserve lands on the same sums; the second to last
        // K block leaves them for the single reload of the last one.
        if (block + 2 < num_blocks_k) {
          for (uint32_t t = 0; t < out_block_tiles; t += out_subblock_tiles) {
            cb_wait_front(cb_partials, out_subblock_tiles);
            cb_pop_front(cb_partials, out_subblock_tiles);
          }
        }
        if (block + 2 == num_blocks_k)
          reload = true;
#else
        if constexpr (spill)
          reload = true;
#endif
        cb_pop_front(cb_in0, in0_block_tiles);
        cb_pop_front(cb_in1, in1_block_tiles);
      }

      if constexpr (several_out_blocks) {
        // Back to the matmul configuration for the next output block.
        reconfig_data_format_srca(cb_partials, cb_in1);
        mm_block_init_short(cb_in0, cb_in1, /*transpose=*/0, out_subblock_w,
                            out_subblock_h, in0_block_w);
      }
    }
  }
}
} // namespace NAMESPACE
