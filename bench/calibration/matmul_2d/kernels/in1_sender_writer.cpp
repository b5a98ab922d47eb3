// in1 sender + output writer: runs on the top row (y = 0) of the grid.
// Reader half: for every K block it reads its column block of B
// (in0_block_w rows x out_block_w columns of tiles) from DRAM into CB 1 and
// multicasts it down its column into CB 1 of the cores below. Writer half:
// after the K blocks of an output block, it writes that block from CB 4 to
// DRAM.
//
// Design followed: tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
// reader_bmm_tile_layout_in1_sender_writer_padding.cpp (interleaved in1
// path, no bias, interleaved output): the same handshake as the in0 sender
// (wait for the receivers' increments, reset, linked data multicast, VALID
// multicast), then the subblock-wise output write.
#include "api/dataflow/dataflow_api.h"
#include "hostdevcommon/common_values.hpp"
#include "write_out_block.hpp"

#include <cstdint>

void kernel_main() {
  const uint32_t in1_addr = get_arg_val<uint32_t>(0);
  const uint32_t in1_first_tile = get_arg_val<uint32_t>(1); // column block
  const uint32_t mcast_start_x = get_arg_val<uint32_t>(2);
  const uint32_t mcast_start_y = get_arg_val<uint32_t>(3);
  const uint32_t mcast_end_x = get_arg_val<uint32_t>(4);
  const uint32_t mcast_end_y = get_arg_val<uint32_t>(5);
  const uint32_t out_addr = get_arg_val<uint32_t>(6);
  const uint32_t out_first_tile = get_arg_val<uint32_t>(7);

  constexpr uint32_t in1_block_w = get_compile_time_arg_val(0); // N tiles
  constexpr uint32_t in1_block_h = get_compile_time_arg_val(1); // K tiles
  constexpr uint32_t in1_block_tiles = get_compile_time_arg_val(2);
  constexpr uint32_t Nt = get_compile_time_arg_val(3); // B's row stride
  constexpr uint32_t num_blocks_k = get_compile_time_arg_val(4);
  constexpr uint32_t num_blocks_w = get_compile_time_arg_val(5);
  constexpr uint32_t num_blocks_h = get_compile_time_arg_val(6);
  constexpr uint32_t sender_sem_id = get_compile_time_arg_val(7);
  constexpr uint32_t receiver_sem_id = get_compile_time_arg_val(8);
  constexpr uint32_t mcast_num_dests = get_compile_time_arg_val(9);
  constexpr uint32_t out_subblock_h = get_compile_time_arg_val(10);
  constexpr uint32_t out_subblock_w = get_compile_time_arg_val(11);
  constexpr uint32_t out_block_h = get_compile_time_arg_val(12);
  constexpr auto in1_args = TensorAccessorArgs<13>();
  constexpr auto out_args =
      TensorAccessorArgs<in1_args.next_compile_time_args_offset()>();

  constexpr uint32_t cb_in1 = tt::CBIndex::c_1;
  constexpr uint32_t cb_out = tt::CBIndex::c_4;
  constexpr uint32_t tile_bytes = get_tile_size(cb_in1);
  constexpr uint32_t block_bytes = in1_block_tiles * tile_bytes;
  const auto in1 = TensorAccessor(in1_args, in1_addr, tile_bytes);
  const auto out = TensorAccessor(out_args, out_addr, get_tile_size(cb_out));

#ifndef SKIP_MCAST
  const uint32_t sender_sem_addr = get_semaphore(sender_sem_id);
  const uint32_t receiver_sem_addr = get_semaphore(receiver_sem_id);
  volatile tt_l1_ptr uint32_t *ready_count =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(sender_sem_addr);
  *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(receiver_sem_addr) = VALID;
  const uint64_t flag_mcast_addr =
      get_noc_multicast_addr(mcast_start_x, mcast_start_y, mcast_end_x,
                             mcast_end_y, receiver_sem_addr);
  const uint64_t data_mcast_base = get_noc_multicast_addr(
      mcast_start_x, mcast_start_y, mcast_end_x, mcast_end_y, 0);
#endif

  for (uint32_t bh = 0; bh < num_blocks_h; ++bh) {
    for (uint32_t bw = 0; bw < num_blocks_w; ++bw) {
      // K block 0 of this output block's columns.
      uint32_t k_block_first = in1_first_tile + bw * in1_block_w;
      for (uint32_t block = 0; block < num_blocks_k; ++block) {
        cb_reserve_back(cb_in1, in1_block_tiles);
        const uint32_t block_l1 = get_write_ptr(cb_in1);
        uint32_t l1 = block_l1;
        for (uint32_t h = 0; h < in1_block_h; ++h)
          for (uint32_t w = 0; w < in1_block_w; ++w) {
            noc_async_read_tile(k_block_first + h * Nt + w, in1, l1);
            l1 += tile_bytes;
          }
        k_block_first += in1_block_h * Nt;
        noc_async_read_barrier();

#ifndef SKIP_MCAST
        noc_semaphore_wait(ready_count, mcast_num_dests);
        noc_semaphore_set(ready_count, 0);
        noc_async_write_multicast(block_l1, data_mcast_base | block_l1,
                                  block_bytes, mcast_num_dests,
                                  /*linked=*/true);
#ifdef ARCH_BLACKHOLE
        noc_async_writes_flushed();
#endif
        noc_semaphore_set_multicast(receiver_sem_addr, flag_mcast_addr,
                                    mcast_num_dests);
#endif
        cb_push_back(cb_in1, in1_block_tiles);
      }
      write_out_block(cb_out, out,
                      out_first_tile + bh * out_block_h * Nt + bw * in1_block_w,
                      Nt, out_block_h, in1_block_w, out_subblock_h,
                      out_subblock_w);
    }
  }
  noc_async_write_barrier();
}
