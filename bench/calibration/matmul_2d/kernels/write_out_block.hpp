// The "writer" half of the in1 kernels: drains one output block from the
// output CB to the interleaved output tensor, one out subblock at a time.
//
// Design followed: the WRITER section of tt-metal's
// ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
// reader_bmm_tile_layout_in1_sender_writer_padding.cpp and
// reader_bmm_tile_layout_in1_receiver_writer_padding.cpp (the non
// TILE_PACK_ROW_MAJOR path): the compute kernel pushes an out block
// subblock by subblock (row-major subblocks, row-major tiles inside each),
// and the writer waits for one subblock, writes its tiles to their places
// in the row-major tile grid of the output, waits for the writes, pops the
// subblock. No padding here: every dimension divides evenly.
#pragma once

#include "api/dataflow/dataflow_api.h"

#include <cstdint>

// `first_tile` is the output tile id of the block's top-left tile; `Nt` the
// output's width in tiles (its row stride in tile ids).
template <typename Accessor>
inline void write_out_block(uint32_t cb_out, const Accessor &out,
                            uint32_t first_tile, uint32_t Nt,
                            uint32_t out_block_h, uint32_t out_block_w,
                            uint32_t out_subblock_h, uint32_t out_subblock_w) {
  const uint32_t tile_bytes = get_tile_size(cb_out);
  const uint32_t subblock_tiles = out_subblock_h * out_subblock_w;
  for (uint32_t sb_row = 0; sb_row < out_block_h / out_subblock_h; ++sb_row) {
    for (uint32_t sb_col = 0; sb_col < out_block_w / out_subblock_w; ++sb_col) {
      // Top-left tile of this subblock in the output tensor.
      uint32_t sb_first =
          first_tile + sb_row * out_subblock_h * Nt + sb_col * out_subblock_w;
      cb_wait_front(cb_out, subblock_tiles);
      uint32_t l1_read = get_read_ptr(cb_out);
      for (uint32_t h = 0; h < out_subblock_h; ++h) {
        for (uint32_t w = 0; w < out_subblock_w; ++w) {
          noc_async_write_tile(sb_first + h * Nt + w, out, l1_read);
          l1_read += tile_bytes;
        }
      }
      noc_async_write_barrier();
      cb_pop_front(cb_out, subblock_tiles);
    }
  }
}
