// in1 receiver + output writer: runs on every core with y > 0. Reader
// half: per K block, room in CB 1, "ready" to the in1 sender at the top of
// its column, wait for VALID, push. Writer half: after the K blocks of an
// output block, write that block from CB 4 to DRAM.
//
// Design followed: tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
// reader_bmm_tile_layout_in1_receiver_writer_padding.cpp (its READER is
// the same handshake as reader_bmm_tile_layout_in0_receiver.cpp; its
// WRITER the subblock-wise output write, kernels/write_out_block.hpp).
#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/common_values.hpp"
#include "write_out_block.hpp"

#include <cstdint>

void kernel_main() {
  const uint32_t sender_noc_x = get_arg_val<uint32_t>(0);
  const uint32_t sender_noc_y = get_arg_val<uint32_t>(1);
  const uint32_t out_addr = get_arg_val<uint32_t>(2);
  const uint32_t out_first_tile = get_arg_val<uint32_t>(3);

  constexpr uint32_t in1_block_tiles = get_compile_time_arg_val(0);
  constexpr uint32_t num_blocks_k = get_compile_time_arg_val(1);
  constexpr uint32_t num_blocks_w = get_compile_time_arg_val(2);
  constexpr uint32_t num_blocks_h = get_compile_time_arg_val(3);
  constexpr uint32_t sender_sem_id = get_compile_time_arg_val(4);
  constexpr uint32_t receiver_sem_id = get_compile_time_arg_val(5);
  constexpr uint32_t Nt = get_compile_time_arg_val(6);
  constexpr uint32_t out_block_w = get_compile_time_arg_val(7);
  constexpr uint32_t out_block_h = get_compile_time_arg_val(8);
  constexpr uint32_t out_subblock_h = get_compile_time_arg_val(9);
  constexpr uint32_t out_subblock_w = get_compile_time_arg_val(10);
  constexpr auto out_args = TensorAccessorArgs<11>();

  constexpr uint32_t cb_in1 = tt::CBIndex::c_1;
  constexpr uint32_t cb_out = tt::CBIndex::c_4;
  const auto out = TensorAccessor(out_args, out_addr, get_tile_size(cb_out));

  volatile tt_l1_ptr uint32_t *valid_flag =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(
          get_semaphore(receiver_sem_id));
  const uint64_t sender_ready_count =
      get_noc_addr(sender_noc_x, sender_noc_y, get_semaphore(sender_sem_id));

  for (uint32_t bh = 0; bh < num_blocks_h; ++bh) {
    for (uint32_t bw = 0; bw < num_blocks_w; ++bw) {
      for (uint32_t block = 0; block < num_blocks_k; ++block) {
        cb_reserve_back(cb_in1, in1_block_tiles);
        noc_semaphore_set(valid_flag, INVALID);
        noc_semaphore_inc(sender_ready_count, 1);
        noc_semaphore_wait(valid_flag, VALID);
        cb_push_back(cb_in1, in1_block_tiles);
      }
      write_out_block(cb_out, out,
                      out_first_tile + bh * out_block_h * Nt + bw * out_block_w,
                      Nt, out_block_h, out_block_w, out_subblock_h,
                      out_subblock_w);
    }
  }
  noc_async_write_barrier();
}
