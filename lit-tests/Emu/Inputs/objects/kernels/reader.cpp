// Reads this core's tiles of a through a TensorAccessor and of b from their
// DRAM banks (page i of an interleaved buffer of at most 8 pages lies in
// bank i at the buffer's address), with the device API's objects.
#include "api/dataflow/circular_buffer.h"
#include "api/dataflow/endpoints.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"

void kernel_main() {
  uint32_t a = get_arg_val<uint32_t>(0);
  uint32_t b = get_arg_val<uint32_t>(1);
  uint32_t start = get_arg_val<uint32_t>(2);
  uint32_t count = get_arg_val<uint32_t>(3);
  Noc noc;
  CircularBuffer cb_a(tt::CBIndex::c_0);
  CircularBuffer cb_b(tt::CBIndex::c_1);
  const uint32_t bytes = cb_a.get_tile_size();
  constexpr auto args = TensorAccessorArgs<0>();
  const auto in_a = TensorAccessor(args, a, bytes);
  AllocatorBank<AllocatorBankType::DRAM> bank;
  for (uint32_t i = start; i < start + count; ++i) {
    cb_a.reserve_back(1);
    cb_b.reserve_back(1);
    noc.async_read(in_a, cb_a, bytes, {.page_id = i}, {});
    noc.async_read(bank, cb_b, bytes, {.bank_id = i, .addr = b}, {});
    noc.async_read_barrier();
    cb_a.push_back(1);
    cb_b.push_back(1);
  }
}
