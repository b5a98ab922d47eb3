// c = a + b tile by tile, the CBs as objects (their experimental:: name),
// in a profiler zone (compute kernels have DeviceZoneScopedN without an
// include, as in tt-metal).
#include "api/compute/eltwise_binary.h"
#include "experimental/circular_buffer.h"

void kernel_main() {
  uint32_t tiles = get_arg_val<uint32_t>(0);
  experimental::CircularBuffer cb_a(tt::CBIndex::c_0);
  experimental::CircularBuffer cb_b(tt::CBIndex::c_1);
  experimental::CircularBuffer cb_c(tt::CBIndex::c_16);
  DeviceZoneScopedN("ADD");
  binary_op_init_common(cb_a.get_cb_id(), cb_b.get_cb_id(), cb_c.get_cb_id());
  add_tiles_init(cb_a.get_cb_id(), cb_b.get_cb_id());
  for (uint32_t i = 0; i < tiles; ++i) {
    cb_a.wait_front(1);
    cb_b.wait_front(1);
    tile_regs_acquire();
    add_tiles(cb_a.get_cb_id(), cb_b.get_cb_id(), 0, 0, 0);
    tile_regs_commit();
    cb_a.pop_front(1);
    cb_b.pop_front(1);
    cb_c.reserve_back(1);
    tile_regs_wait();
    pack_tile(0, cb_c.get_cb_id());
    tile_regs_release();
    cb_c.push_back(1);
  }
}
