// Reads `count` pages of `bytes` from an interleaved DRAM buffer into one
// L1 buffer, then waits for them all (tt-metal's DRAM packet-size test).
#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  uint32_t base = get_arg_val<uint32_t>(0);
  uint32_t bytes = get_arg_val<uint32_t>(1);
  uint32_t count = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> pages = {.bank_base_address = base,
                                          .page_size = bytes};
  uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  for (uint32_t i = 0; i < count; ++i)
    noc_async_read(get_noc_addr(i, pages), l1, bytes);
  noc_async_read_barrier();
}
