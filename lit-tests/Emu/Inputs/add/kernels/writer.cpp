// Writes CB 16 to c through a TensorAccessor (compile-time arguments from
// TensorAccessorArgs), and prints the first element of one tile.
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"
#include "common.hpp"

void kernel_main() {
  uint32_t c = get_arg_val<uint32_t>(0);
  uint32_t tiles = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb_c = tt::CBIndex::c_16;
  constexpr auto args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(args, c, get_tile_size(cb_c));
  for (uint32_t i = 0; i < tiles; ++i) {
    cb_wait_front(cb_c, 1);
    uint32_t l1 = get_read_ptr(cb_c);
    if (i == kTileToPrint)
      DPRINT << "tile " << i << " starts with 0x" << HEX()
             << *reinterpret_cast<volatile uint16_t *>(l1) << ENDL();
    noc_async_write_tile(i, out, l1);
    noc_async_write_barrier();
    cb_pop_front(cb_c, 1);
  }
  // tt-metal's JIT build defines the architecture for every kernel.
#if defined(ARCH_BLACKHOLE)
  DPRINT << "built for Blackhole" << ENDL();
#elif defined(ARCH_WORMHOLE)
  DPRINT << "built for Wormhole" << ENDL();
#endif
}
