// Writes this core's tiles of c to DRAM.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  uint32_t c = get_arg_val<uint32_t>(0);
  uint32_t start = get_arg_val<uint32_t>(1);
  uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_c = 16;
  constexpr auto args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(args, c, get_tile_size(cb_c));
  for (uint32_t i = start; i < start + count; ++i) {
    cb_wait_front(cb_c, 1);
    noc_async_write_tile(i, out, get_read_ptr(cb_c));
    noc_async_write_barrier();
    cb_pop_front(cb_c, 1);
  }
}
