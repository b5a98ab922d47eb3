// Reads tile i of a and b into CBs 0 and 1, as tt-metal's classic examples
// do (InterleavedAddrGenFast, get_arg_val), naming the CBs by named
// compile-time arguments as its current kernels do.
#include "dataflow_api.h"

void kernel_main() {
  uint32_t a = get_arg_val<uint32_t>(0);
  uint32_t b = get_arg_val<uint32_t>(1);
  uint32_t tiles = get_arg_val<uint32_t>(2);
  // The CBs by name (DataMovementConfig::named_compile_args).
  constexpr uint32_t cb_a = get_named_compile_time_arg_val("cb_a");
  constexpr uint32_t cb_b = get_named_compile_time_arg_val("cb_b");
  const uint32_t bytes = get_tile_size(cb_a);
  const InterleavedAddrGenFast<true> in_a = {.bank_base_address = a,
                                             .page_size = bytes,
                                             .data_format =
                                                 get_dataformat(cb_a)};
  const InterleavedAddrGenFast<true> in_b = {.bank_base_address = b,
                                             .page_size = bytes,
                                             .data_format =
                                                 get_dataformat(cb_b)};
  for (uint32_t i = 0; i < tiles; ++i) {
    cb_reserve_back(cb_a, 1);
    cb_reserve_back(cb_b, 1);
    noc_async_read_tile(i, in_a, get_write_ptr(cb_a));
    noc_async_read_tile(i, in_b, get_write_ptr(cb_b));
    noc_async_read_barrier();
    cb_push_back(cb_a, 1);
    cb_push_back(cb_b, 1);
  }
}
