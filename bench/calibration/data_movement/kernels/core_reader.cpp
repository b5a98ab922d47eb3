// Reads `count` transfers of `bytes` from another core's L1, then waits
// for them all (tt-metal's one-from-one test).
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  uint32_t x = get_arg_val<uint32_t>(0);
  uint32_t y = get_arg_val<uint32_t>(1);
  uint32_t bytes = get_arg_val<uint32_t>(2);
  uint32_t count = get_arg_val<uint32_t>(3);
  uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  uint64_t source = get_noc_addr(x, y, l1);
  for (uint32_t i = 0; i < count; ++i)
    noc_async_read(source, l1, bytes);
  noc_async_read_barrier();
}
