// Reads this core's tiles of a (interleaved in L1, over the L1 banks of
// every core) through a TensorAccessor; b's tiles are in this core's CB 1
// already: pushing them makes them the compute kernel's.
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  uint32_t a = get_arg_val<uint32_t>(0);
  uint32_t start = get_arg_val<uint32_t>(1);
  uint32_t count = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb_a = 0, cb_b = 1;
  constexpr auto args = TensorAccessorArgs<0>();
  const auto in = TensorAccessor(args, a, get_tile_size(cb_a));
  cb_reserve_back(cb_b, count);
  cb_push_back(cb_b, count);
  for (uint32_t i = start; i < start + count; ++i) {
    cb_reserve_back(cb_a, 1);
    noc_async_read_tile(i, in, get_write_ptr(cb_a));
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
  }
}
