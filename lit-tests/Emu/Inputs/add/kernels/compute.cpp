// c = a + b tile by tile, in the NAMESPACE/MAIN convention.
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE {
void MAIN {
  uint32_t tiles = get_arg_val<uint32_t>(0);
  constexpr auto cb_a = tt::CBIndex::c_0;
  constexpr auto cb_b = tt::CBIndex::c_1;
  constexpr auto cb_c = tt::CBIndex::c_16;
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
} // namespace NAMESPACE
