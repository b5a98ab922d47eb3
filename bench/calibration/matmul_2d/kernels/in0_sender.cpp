// in0 sender: runs on the left column (x = 0) of the grid. For every K
// block it reads its row block of A (out_block_h rows x in0_block_w columns
// of tiles) from DRAM into CB 0, then multicasts that block into CB 0 of
// the other cores of its row, which compute with it too.
//
// Design followed: tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
// reader_bmm_tile_layout_in0_sender_padding.cpp (interleaved in0 path):
//  - the local copy of the receivers' flag semaphore is set to VALID once,
//    and multicast to them after each block;
//  - per block: reserve the block in CB 0, read its tiles, read barrier;
//    wait until every receiver has incremented the sender semaphore (they
//    have reserved the same pages in their CB 0), reset it, multicast the
//    block to the same L1 address (linked to the flag multicast that
//    follows on the same NoC and VC, so no barrier in between), multicast
//    VALID, push the block for the local compute kernel.
//  - the rectangle excludes the sender; num_dests counts receivers only.
#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/common_values.hpp"

#include <cstdint>

void kernel_main() {
  // Runtime arguments.
  const uint32_t in0_addr = get_arg_val<uint32_t>(0);
  const uint32_t in0_first_tile = get_arg_val<uint32_t>(1); // row block start
  const uint32_t mcast_start_x = get_arg_val<uint32_t>(2);
  const uint32_t mcast_start_y = get_arg_val<uint32_t>(3);
  const uint32_t mcast_end_x = get_arg_val<uint32_t>(4);
  const uint32_t mcast_end_y = get_arg_val<uint32_t>(5);

  // Compile-time arguments.
  constexpr uint32_t in0_block_w = get_compile_time_arg_val(0); // K tiles
  constexpr uint32_t in0_block_h = get_compile_time_arg_val(1); // M tiles
  constexpr uint32_t in0_block_tiles = get_compile_time_arg_val(2);
  constexpr uint32_t Kt = get_compile_time_arg_val(3); // A's row stride
  constexpr uint32_t num_blocks_k = get_compile_time_arg_val(4);
  constexpr uint32_t num_blocks_w = get_compile_time_arg_val(5);
  constexpr uint32_t num_blocks_h = get_compile_time_arg_val(6);
  constexpr uint32_t sender_sem_id = get_compile_time_arg_val(7);
  constexpr uint32_t receiver_sem_id = get_compile_time_arg_val(8);
  constexpr uint32_t mcast_num_dests = get_compile_time_arg_val(9);
  constexpr auto in0_args = TensorAccessorArgs<10>();

  constexpr uint32_t cb_in0 = tt::CBIndex::c_0;
  constexpr uint32_t tile_bytes = get_tile_size(cb_in0);
  constexpr uint32_t block_bytes = in0_block_tiles * tile_bytes;
  const auto in0 = TensorAccessor(in0_args, in0_addr, tile_bytes);

#ifndef SKIP_MCAST
  const uint32_t sender_sem_addr = get_semaphore(sender_sem_id);
  const uint32_t receiver_sem_addr = get_semaphore(receiver_sem_id);
  volatile tt_l1_ptr uint32_t *ready_count =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sender_sem_addr);
  // The value the flag multicast carries.
  *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(receiver_sem_addr) = VALID;
  const uint64_t flag_mcast_addr =
      get_noc_multicast_addr(mcast_start_x, mcast_start_y, mcast_end_x,
                             mcast_end_y, receiver_sem_addr);
  const uint64_t data_mcast_base = get_noc_multicast_addr(
      mcast_start_x, mcast_start_y, mcast_end_x, mcast_end_y, 0);
#endif

  for (uint32_t bh = 0; bh < num_blocks_h; ++bh) {
    for (uint32_t bw = 0; bw < num_blocks_w; ++bw) {
      // Every output block of the row needs the whole of K again.
      uint32_t k_block_first = in0_first_tile + bh * in0_block_h * Kt;
      for (uint32_t block = 0; block < num_blocks_k; ++block) {
        cb_reserve_back(cb_in0, in0_block_tiles);
        const uint32_t block_l1 = get_write_ptr(cb_in0);
        uint32_t l1 = block_l1;
        for (uint32_t h = 0; h < in0_block_h; ++h)
          for (uint32_t w = 0; w < in0_block_w; ++w) {
            noc_async_read_tile(k_block_first + h * Kt + w, in0, l1);
            l1 += tile_bytes;
          }
        k_block_first += in0_block_w;
        noc_async_read_barrier();

#ifndef SKIP_MCAST
        // All receivers have room for the block.
        noc_semaphore_wait(ready_count, mcast_num_dests);
        noc_semaphore_set(ready_count, 0);
        noc_async_write_multicast(block_l1, data_mcast_base | block_l1,
                                  block_bytes, mcast_num_dests,
                                  /*linked=*/true);
#ifdef ARCH_BLACKHOLE
        // tt-metal flushes here on Blackhole (the flag's source could be
        // read before the data command leaves).
        noc_async_writes_flushed();
#endif
        noc_semaphore_set_multicast(receiver_sem_addr, flag_mcast_addr,
                                    mcast_num_dests);
#endif
        cb_push_back(cb_in0, in0_block_tiles);
      }
    }
  }
  noc_async_write_barrier();
}
