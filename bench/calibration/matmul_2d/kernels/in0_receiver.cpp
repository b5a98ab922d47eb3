// in0 receiver: runs on every core with x > 0. For every K block it makes
// room for the block in CB 0, tells the in0 sender of its row that it is
// ready, and waits for the sender's VALID flag, which arrives after the
// block's data (same NoC and VC); then hands the block to compute.
//
// Design followed: tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
// reader_bmm_tile_layout_in0_receiver.cpp (reserve, flag := INVALID,
// atomic increment of the sender's semaphore, wait for VALID, push).
#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/common_values.hpp"

#include <cstdint>

void kernel_main() {
  const uint32_t sender_noc_x = get_arg_val<uint32_t>(0);
  const uint32_t sender_noc_y = get_arg_val<uint32_t>(1);

  constexpr uint32_t in0_block_tiles = get_compile_time_arg_val(0);
  constexpr uint32_t num_blocks_k = get_compile_time_arg_val(1);
  constexpr uint32_t num_blocks_w = get_compile_time_arg_val(2);
  constexpr uint32_t num_blocks_h = get_compile_time_arg_val(3);
  constexpr uint32_t sender_sem_id = get_compile_time_arg_val(4);
  constexpr uint32_t receiver_sem_id = get_compile_time_arg_val(5);

  constexpr uint32_t cb_in0 = tt::CBIndex::c_0;
  volatile tt_l1_ptr uint32_t *valid_flag =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(
          get_semaphore(receiver_sem_id));
  const uint64_t sender_ready_count =
      get_noc_addr(sender_noc_x, sender_noc_y, get_semaphore(sender_sem_id));

  constexpr uint32_t blocks = num_blocks_h * num_blocks_w * num_blocks_k;
  for (uint32_t block = 0; block < blocks; ++block) {
    cb_reserve_back(cb_in0, in0_block_tiles);
    noc_semaphore_set(valid_flag, INVALID);
    noc_semaphore_inc(sender_ready_count, 1);
    noc_semaphore_wait(valid_flag, VALID);
    cb_push_back(cb_in0, in0_block_tiles);
  }
}
