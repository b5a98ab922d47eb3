// c = a + b tile by tile.
#include "api/compute/eltwise_binary.h"

void kernel_main() {
  uint32_t tiles = get_arg_val<uint32_t>(0);
  constexpr uint32_t cb_a = 0, cb_b = 1, cb_c = 16;
  binary_op_init_common(cb_a, cb_b, cb_c);
  add_tiles_init(cb_a, cb_b);
  for (uint32_t i = 0; i < tiles; ++i) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    add_tiles(cb_a, cb_b, 0, 0, 0);
    tile_regs_commit();
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);
    cb_reserve_back(cb_c, 1);
    tile_regs_wait();
    pack_tile(0, cb_c);
    tile_regs_release();
    cb_push_back(cb_c, 1);
  }
}
