//===- dataflow_api.h - Metalium data-movement API, emulated ----*- C++ -*-===//
//
// The data-movement subset of the Metalium API: NoC reads and writes, address
// generators and TensorAccessor over interleaved buffers, barriers,
// semaphores and multicast. NoC addresses encode a DRAM bank, a core (by its
// NoC coordinates) or a rectangle of cores, and an address; transfers are
// copies that the emulator checks (bounds, barriers before a push or pop,
// the order of writes into other cores' CBs: docs/emulator.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_DATAFLOW_API_H
#define TILT_EMU_DATAFLOW_API_H

#include "tilt_emu/kernel_api.h"
// As tt-metal's dataflow_api.h: kernels get the profiler's zones with it.
#include "tools/profiler/kernel_profiler.hpp"

#include <type_traits>

// The NoC of the running kernel (DataMovementConfig::noc). tt-metal's
// tt_metal/hw/inc/internal/dataflow/dataflow_api_common.h: under
// KERNEL_BUILD, `constexpr uint8_t noc_index = NOC_INDEX;`, which the JIT
// build defines per kernel; the emulator's build does the same. Kernels
// compiled into a program without it (the emulator's unit tests) read the
// running kernel's NoC at each use.
#ifdef NOC_INDEX
constexpr uint8_t noc_index = NOC_INDEX;
#else
namespace tilt_emu {
struct NocIndex {
  operator uint8_t() const { return getNocIndex(); }
};
} // namespace tilt_emu
constexpr tilt_emu::NocIndex noc_index{};
#endif

// The virtual channels and the largest packet of tt-metal's
// tt_metal/hw/inc/internal/dataflow/dataflow_api_common.h and noc_parameters.h
// (NOC_MAX_BURST_SIZE: 8 KiB on Wormhole, 16 KiB on Blackhole). The emulator
// moves data the same on every channel.
#define NOC_UNICAST_WRITE_VC 1
#define NOC_MULTICAST_WRITE_VC 4
#ifndef NOC_MAX_BURST_SIZE
#ifdef ARCH_BLACKHOLE
#define NOC_MAX_BURST_SIZE 16384
#else
#define NOC_MAX_BURST_SIZE 8192
#endif
#endif

uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                      uint8_t noc = noc_index);
/// The NoC address of `bank_address_offset` in DRAM bank `bank_id`
/// (`DRAM`; L1 banks are not emulated, an error when called).
template <bool DRAM>
uint64_t get_noc_addr_from_bank_id(uint32_t bank_id,
                                   uint32_t bank_address_offset,
                                   uint8_t /*noc*/ = noc_index, TILT_HERE) {
  return tilt_emu::bankNocAddress(DRAM, bank_id, bank_address_offset, here);
}
uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index);
void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                    uint32_t size, uint8_t noc = noc_index, TILT_HERE);
void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                     uint32_t size, uint8_t noc = noc_index, TILT_HERE);
void noc_async_read_barrier(uint8_t noc = noc_index, TILT_HERE);
void noc_async_write_barrier(uint8_t noc = noc_index, TILT_HERE);
void noc_async_writes_flushed(uint8_t noc = noc_index, TILT_HERE);
void noc_async_atomic_barrier(uint8_t noc_idx = noc_index, TILT_HERE);
/// Waits for everything the kernel issued on `noc`: reads, writes and
/// atomics (tt-metal's noc_async_full_barrier).
inline void noc_async_full_barrier(uint8_t noc = noc_index, TILT_HERE) {
  noc_async_read_barrier(noc, here);
  noc_async_write_barrier(noc, here);
  noc_async_atomic_barrier(noc, here);
}

// Semaphores: words in a reserved region of every core's L1 that the host
// creates with CreateSemaphore (the same address on every core).
uint32_t get_semaphore(uint32_t semaphore_id);
void noc_semaphore_set(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val,
                       TILT_HERE);
void noc_semaphore_wait(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val,
                        TILT_HERE);
void noc_semaphore_wait_min(volatile tt_l1_ptr uint32_t *sem_addr, uint32_t val,
                            TILT_HERE);
void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id = noc_index,
                       TILT_HERE);
void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                              uint8_t noc = noc_index, TILT_HERE);
void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                 uint64_t dst_noc_addr_multicast,
                                 uint32_t num_dests, bool linked = false,
                                 uint8_t noc = noc_index, TILT_HERE);
void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
                                              uint64_t dst_noc_addr_multicast,
                                              uint32_t num_dests,
                                              bool linked = false,
                                              uint8_t noc = noc_index,
                                              TILT_HERE);

// Multicast: a rectangle of cores by NoC coordinates, start and end in the
// NoC's direction (on NoC 1 the start is the bottom-right corner).
uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
                                uint32_t noc_x_end, uint32_t noc_y_end,
                                uint32_t addr, uint8_t noc = noc_index);
void noc_async_write_multicast(uint32_t src_local_l1_addr,
                               uint64_t dst_noc_addr_multicast, uint32_t size,
                               uint32_t num_dests, bool linked = false,
                               uint8_t noc = noc_index, TILT_HERE);
void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr,
                                            uint64_t dst_noc_addr_multicast,
                                            uint32_t size, uint32_t num_dests,
                                            bool linked = false,
                                            uint8_t noc = noc_index, TILT_HERE);

// tt-metal's multicasts took `bool multicast_path_reserve = true` between
// `linked` and `noc` until 2025 (NOC_CMD_PATH_RESERVE, a routing hint that
// moves no data), and kernels written then pass it: `(..., linked, true)`.
// These overloads take that form; a bool in sixth place is the path
// reservation, a uint8_t (noc_index, a NoC variable) the NoC. An int
// literal there is ambiguous: write the type meant.
inline void noc_async_write_multicast(uint32_t src_local_l1_addr,
                                      uint64_t dst_noc_addr_multicast,
                                      uint32_t size, uint32_t num_dests,
                                      bool linked, bool multicast_path_reserve,
                                      uint8_t noc = noc_index, TILT_HERE) {
  (void)multicast_path_reserve;
  noc_async_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size,
                            num_dests, linked, noc, here);
}
inline void noc_async_write_multicast_loopback_src(
    uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast, uint32_t size,
    uint32_t num_dests, bool linked, bool multicast_path_reserve,
    uint8_t noc = noc_index, TILT_HERE) {
  (void)multicast_path_reserve;
  noc_async_write_multicast_loopback_src(src_local_l1_addr,
                                         dst_noc_addr_multicast, size,
                                         num_dests, linked, noc, here);
}
inline void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                        uint64_t dst_noc_addr_multicast,
                                        uint32_t num_dests, bool linked,
                                        bool multicast_path_reserve,
                                        uint8_t noc = noc_index, TILT_HERE) {
  (void)multicast_path_reserve;
  noc_semaphore_set_multicast(src_local_l1_addr, dst_noc_addr_multicast,
                              num_dests, linked, noc, here);
}
inline void noc_semaphore_set_multicast_loopback_src(
    uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
    uint32_t num_dests, bool linked, bool multicast_path_reserve,
    uint8_t noc = noc_index, TILT_HERE) {
  (void)multicast_path_reserve;
  noc_semaphore_set_multicast_loopback_src(
      src_local_l1_addr, dst_noc_addr_multicast, num_dests, linked, noc, here);
}

// Interleaved address generators (the pre-TensorAccessor examples).
template <bool DRAM> struct InterleavedAddrGen {
  uint32_t bank_base_address;
  uint32_t page_size;
  uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                        uint8_t /*noc*/ = noc_index) const {
    return tilt_emu::interleavedNocAddress(bank_base_address, page_size, id,
                                           offset, DRAM);
  }
};
template <bool DRAM, uint32_t tile_hw = 1024> struct InterleavedAddrGenFast {
  uint32_t bank_base_address;
  uint32_t page_size;
  DataFormat data_format;
  uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                        uint8_t /*noc*/ = noc_index) const {
    return tilt_emu::interleavedNocAddress(bank_base_address, page_size, id,
                                           offset, DRAM);
  }
};

// TensorAccessorArgs of an interleaved buffer: two compile-time arguments,
// the ArgsConfig bits (bit 0 sharded, bit 1 DRAM) and the aligned page size.
template <size_t CTA_OFFSET, size_t CRTA_OFFSET = 0> struct TensorAccessorArgs {
  static constexpr uint32_t config() {
    return tilt_emu::getCompileTimeArg<CTA_OFFSET>();
  }
  static constexpr bool is_dram() { return (config() & 2u) != 0; }
  static constexpr bool is_sharded() { return (config() & 1u) != 0; }
  static constexpr uint32_t get_aligned_page_size() {
    return tilt_emu::getCompileTimeArg<CTA_OFFSET + 1>();
  }
  static constexpr uint32_t num_compile_time_args() { return 2; }
  static constexpr uint32_t next_compile_time_args_offset() {
    return CTA_OFFSET + 2;
  }
  static_assert(!is_sharded(), "the emulator has interleaved buffers only");
};

template <typename Args> class TensorAccessorImpl {
public:
  TensorAccessorImpl(uint32_t bank_base_address, uint32_t page_size)
      : base(bank_base_address),
        pageSize(page_size ? page_size : Args::get_aligned_page_size()) {}
  uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
                        uint8_t /*noc*/ = noc_index) const {
    return tilt_emu::interleavedNocAddress(base, pageSize, page_id, offset,
                                           Args::is_dram());
  }
  uint32_t get_aligned_page_size() const { return pageSize; }
  uint32_t page_size() const { return pageSize; }

private:
  uint32_t base, pageSize;
};

template <size_t C, size_t R>
TensorAccessorImpl<TensorAccessorArgs<C, R>>
TensorAccessor(const TensorAccessorArgs<C, R> &, size_t bank_base_address,
               uint32_t page_size = 0) {
  return TensorAccessorImpl<TensorAccessorArgs<C, R>>(
      uint32_t(bank_base_address), page_size);
}

// An address generator, not a coordinate: get_noc_addr(1, 0, addr) names a
// core (tt-metal constrains this overload to address generators too).
template <typename AddrGen,
          typename = std::enable_if_t<!std::is_arithmetic_v<AddrGen>>>
uint64_t get_noc_addr(uint32_t id, const AddrGen &generator,
                      uint32_t offset = 0, uint8_t noc = noc_index) {
  return generator.get_noc_addr(id, offset, noc);
}

namespace tilt_emu {
template <typename AddrGen> uint32_t pageSizeOf(const AddrGen &generator) {
  return generator.page_size;
}
template <typename Args>
uint32_t pageSizeOf(const TensorAccessorImpl<Args> &accessor) {
  return accessor.page_size();
}
} // namespace tilt_emu

template <typename AddrGen>
void noc_async_read_page(uint32_t id, const AddrGen &generator,
                         uint32_t dst_local_l1_addr, uint32_t offset = 0,
                         uint8_t noc = noc_index, TILT_HERE) {
  ::tilt_emu::at(here);
  noc_async_read(generator.get_noc_addr(id, offset, noc), dst_local_l1_addr,
                 tilt_emu::pageSizeOf(generator), noc, here);
}
template <typename AddrGen>
void noc_async_write_page(uint32_t id, const AddrGen &generator,
                          uint32_t src_local_l1_addr, uint32_t size = 0,
                          uint32_t offset = 0, uint8_t noc = noc_index,
                          TILT_HERE) {
  ::tilt_emu::at(here);
  noc_async_write(src_local_l1_addr, generator.get_noc_addr(id, offset, noc),
                  size ? size : tilt_emu::pageSizeOf(generator), noc, here);
}
template <typename AddrGen>
void noc_async_read_tile(uint32_t id, const AddrGen &generator,
                         uint32_t dst_local_l1_addr, uint32_t offset = 0,
                         uint8_t noc = noc_index, TILT_HERE) {
  ::tilt_emu::at(here);
  noc_async_read_page(id, generator, dst_local_l1_addr, offset, noc, here);
}
template <typename AddrGen>
void noc_async_write_tile(uint32_t id, const AddrGen &generator,
                          uint32_t src_local_l1_addr, uint8_t noc = noc_index,
                          TILT_HERE) {
  ::tilt_emu::at(here);
  noc_async_write_page(id, generator, src_local_l1_addr, 0, 0, noc, here);
}

#endif // TILT_EMU_DATAFLOW_API_H
