// Writes this core's tiles of c; then the second core counts itself in on
// the first core's `arrived` semaphore, and the first, once it has,
// multicasts a word of its L1 and then `go` to the second.
#include "api/core_local_mem.h"
#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/endpoints.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/noc_semaphore.h"
#include "api/debug/dprint.h"
#include "api/tensor/noc_traits.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main() {
  uint32_t c = get_arg_val<uint32_t>(0);
  uint32_t start = get_arg_val<uint32_t>(1);
  uint32_t count = get_arg_val<uint32_t>(2);
  bool first = get_arg_val<uint32_t>(3) != 0;
  uint32_t first_x = get_arg_val<uint32_t>(4),
           first_y = get_arg_val<uint32_t>(5);
  uint32_t second_x = get_arg_val<uint32_t>(6),
           second_y = get_arg_val<uint32_t>(7);
  Noc noc;
  CircularBuffer cb_c(tt::CBIndex::c_16);
  constexpr auto args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(args, c, cb_c.get_tile_size());
  {
    DeviceZoneScopedN("WRITE");
    for (uint32_t i = start; i < start + count; ++i) {
      cb_c.wait_front(1);
      noc.async_write(cb_c, out, cb_c.get_tile_size(), {}, {.page_id = i});
      noc.async_writes_flushed();
      cb_c.pop_front(1);
    }
    noc.async_write_barrier();
  }
  Semaphore<> arrived(get_named_compile_time_arg_val("arrived"));
  Semaphore<> go(get_named_compile_time_arg_val("go"));
  // A word both cores have at the same L1 address: the page of CB 2, which
  // each reserves (a remote write must land in a reserved page) and then
  // pushes and pops.
  CircularBuffer scratch(tt::CBIndex::c_2);
  scratch.reserve_back(1);
  CoreLocalMem<uint32_t> word(scratch.get_write_ptr());
  if (first) {
    arrived.down(1);
    *reinterpret_cast<volatile uint32_t *>(word.get_address()) = 0x5eed;
    noc.async_write_multicast(word, MulticastEndpoint{}, 4, 1, {},
                              {.noc_x_start = second_x,
                               .noc_y_start = second_y,
                               .noc_x_end = second_x,
                               .noc_y_end = second_y,
                               .addr = uint32_t(word.get_address())});
    noc.async_write_barrier();
    go.up(1);
    go.set_multicast(noc, second_x, second_y, second_x, second_y, 1);
    noc.async_write_barrier();
  } else {
    arrived.up(noc, first_x, first_y, 1);
    noc.async_atomic_barrier();
    go.wait(1);
  }
  scratch.push_back(1);
  scratch.wait_front(1);
  DPRINT << "word 0x" << HEX()
         << *reinterpret_cast<volatile uint32_t *>(scratch.get_read_ptr())
         << ENDL();
  scratch.pop_front(1);
}
