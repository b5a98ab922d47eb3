// Multicasts `count` writes of `bytes` to a rectangle of cores, then waits
// for their acknowledgements (tt-metal's one-to-all multicast test).
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  uint32_t x0 = get_arg_val<uint32_t>(0), y0 = get_arg_val<uint32_t>(1);
  uint32_t x1 = get_arg_val<uint32_t>(2), y1 = get_arg_val<uint32_t>(3);
  uint32_t destinations = get_arg_val<uint32_t>(4);
  uint32_t bytes = get_arg_val<uint32_t>(5);
  uint32_t count = get_arg_val<uint32_t>(6);
  uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  uint64_t rectangle = get_noc_multicast_addr(x0, y0, x1, y1, l1);
  for (uint32_t i = 0; i < count; ++i)
    noc_async_write_multicast(l1, rectangle, bytes, destinations);
  noc_async_write_barrier();
}
