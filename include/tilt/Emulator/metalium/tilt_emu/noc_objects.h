//===- noc_objects.h - The device API's NoC objects, emulated ---*- C++ -*-===//
//
// tt-metal's object-style data-movement API (api/dataflow/noc.h,
// endpoints.h, noc_semaphore.h, api/core_local_mem.h, api/tensor/
// noc_traits.h; in namespace experimental before 2026-05): a `Noc` moves
// bytes between a source and a destination object, each with its own
// arguments (`noc.async_read(accessor, cb, bytes, {.page_id = i}, {})`), and
// a `Semaphore<>` names a semaphore by its id. Every call is the free
// function of dataflow_api.h that tt-metal's implementation calls, so the
// emulator checks it the same way and reports the kernel's line.
//
// Not emulated, a compile error at the call: transaction ids
// (NocOptions::TXN_ID), posted writes (POSTED), inline writes
// (inline_dw_write), the stateful calls (set_async_*_state,
// async_*_with_state), write_zeros, Semaphore::inc_multicast, L1 banks.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_NOC_OBJECTS_H
#define TILT_EMU_NOC_OBJECTS_H

#include "api/dataflow/dataflow_api.h"
#include "tilt_emu/circular_buffer.h"

#include <type_traits>

/// What a Noc call asks of a type: the arguments it takes as a source, a
/// destination and a multicast destination, and the address they make,
/// remote (a NoC address) or local (an L1 address). A type without a
/// specialization cannot take part in a transfer.
template <typename T> struct noc_traits_t {
  static_assert(sizeof(T) == 0, "NoC transactions are not supported for "
                                "this type");
};

enum class NocOptions : uint32_t {
  DEFAULT = 0,
  TXN_ID = 1u << 0,
  POSTED = 1u << 1,
  CUSTOM_VC = 1u << 2,
  MCAST_INCL_SRC = 1u << 3,
  INLINE_L1 = 1u << 4,
  INLINE_REG = 1u << 5,
};
constexpr NocOptions operator|(NocOptions a, NocOptions b) noexcept {
  return NocOptions(uint32_t(a) | uint32_t(b));
}
constexpr bool has_flag(NocOptions options, NocOptions flag) noexcept {
  return (uint32_t(options) & uint32_t(flag)) != 0;
}
/// The values of the options that take one (CUSTOM_VC, TXN_ID).
struct NocOptVals {
  uint32_t vc = NOC_UNICAST_WRITE_VC;
  uint32_t trid = 0;
};

namespace tilt_emu {
template <NocOptions Options> constexpr void checkNocOptions() {
  static_assert(!has_flag(Options, NocOptions::TXN_ID),
                "transaction ids (NocOptions::TXN_ID) are not emulated");
  static_assert(!has_flag(Options, NocOptions::POSTED),
                "posted writes (NocOptions::POSTED) are not emulated");
  static_assert(!has_flag(Options, NocOptions::INLINE_L1) &&
                    !has_flag(Options, NocOptions::INLINE_REG),
                "inline writes are not emulated");
}
template <typename T, typename = void> struct HasRemote : std::false_type {};
template <typename T>
struct HasRemote<T, std::void_t<decltype(noc_traits_t<T>::remote)>>
    : std::true_type {};
template <typename T, typename = void> struct HasLocal : std::false_type {};
template <typename T>
struct HasLocal<T, std::void_t<decltype(noc_traits_t<T>::local)>>
    : std::true_type {};
template <typename T, typename = void> struct HasMulticast : std::false_type {};
template <typename T>
struct HasMulticast<T, std::void_t<decltype(noc_traits_t<T>::multicast)>>
    : std::true_type {};
} // namespace tilt_emu

class Noc {
public:
  enum class AddressType { NOC, LOCAL_L1 };
  static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

  template <typename T>
  using src_args_t = typename noc_traits_t<T>::src_args_type;
  template <typename T>
  using dst_args_t = typename noc_traits_t<T>::dst_args_type;
  template <typename T>
  using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

  /// The kernel's NoC (DataMovementConfig::noc).
  Noc() : id(noc_index) {}
  explicit Noc(uint8_t noc_id) : id(noc_id) {}
  uint8_t get_noc_id() const { return id; }

  /// Reads `size_bytes` from `src` (remote) into `dst` (this core's L1).
  template <NocOptions Options = NocOptions::DEFAULT,
            uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_read(const Src &src, const Dst &dst, uint32_t size_bytes,
                  const src_args_t<Src> &src_args,
                  const dst_args_t<Dst> &dst_args, const NocOptVals & = {},
                  TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    static_assert(tilt_emu::HasRemote<Src>::value,
                  "the source of a NoC read is remote (an accessor, an "
                  "endpoint, a bank)");
    static_assert(tilt_emu::HasLocal<Dst>::value,
                  "the destination of a NoC read is this core's L1");
    noc_async_read(noc_traits_t<Src>::remote(src, src_args, id),
                   noc_traits_t<Dst>::local(dst, dst_args, false), size_bytes,
                   id, here);
  }

  /// Writes `size_bytes` from `src` (this core's L1) to `dst` (remote).
  template <NocOptions Options = NocOptions::DEFAULT,
            uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_write(const Src &src, const Dst &dst, uint32_t size_bytes,
                   const src_args_t<Src> &src_args,
                   const dst_args_t<Dst> &dst_args, const NocOptVals & = {},
                   TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    static_assert(tilt_emu::HasLocal<Src>::value,
                  "the source of a NoC write is this core's L1");
    static_assert(tilt_emu::HasRemote<Dst>::value,
                  "the destination of a NoC write is remote (an accessor, "
                  "an endpoint, a bank)");
    noc_async_write(noc_traits_t<Src>::local(src, src_args, true),
                    noc_traits_t<Dst>::remote(dst, dst_args, id), size_bytes,
                    id, here);
  }

  /// Writes `size_bytes` from `src` to the same address on every core of a
  /// rectangle (`num_dsts` cores; with MCAST_INCL_SRC, the sender among
  /// them).
  template <NocOptions Options = NocOptions::DEFAULT,
            uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_write_multicast(const Src &src, const Dst &dst,
                             uint32_t size_bytes, uint32_t num_dsts,
                             const src_args_t<Src> &src_args,
                             const dst_args_mcast_t<Dst> &dst_args,
                             bool linked = false, TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    static_assert(tilt_emu::HasLocal<Src>::value,
                  "the source of a multicast is this core's L1");
    static_assert(tilt_emu::HasMulticast<Dst>::value,
                  "this type cannot be a multicast destination");
    uint32_t source = noc_traits_t<Src>::local(src, src_args, true);
    uint64_t target = noc_traits_t<Dst>::multicast(dst, dst_args, id);
    if constexpr (has_flag(Options, NocOptions::MCAST_INCL_SRC))
      noc_async_write_multicast_loopback_src(source, target, size_bytes,
                                             num_dsts, linked, id, here);
    else
      noc_async_write_multicast(source, target, size_bytes, num_dsts, linked,
                                id, here);
  }

  template <NocOptions Options = NocOptions::DEFAULT>
  void async_read_barrier(const NocOptVals & = {}, TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    noc_async_read_barrier(id, here);
  }
  template <NocOptions Options = NocOptions::DEFAULT>
  void async_write_barrier(const NocOptVals & = {}, TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    noc_async_write_barrier(id, here);
  }
  template <NocOptions Options = NocOptions::DEFAULT>
  void async_writes_flushed(const NocOptVals & = {}, TILT_HERE) const {
    tilt_emu::checkNocOptions<Options>();
    noc_async_writes_flushed(id, here);
  }
  void async_atomic_barrier(TILT_HERE) const {
    noc_async_atomic_barrier(id, here);
  }
  void async_full_barrier(TILT_HERE) const { noc_async_full_barrier(id, here); }

private:
  uint8_t id;
};

//===----------------------------------------------------------------------===//
// Endpoints and banks (api/dataflow/endpoints.h)
//===----------------------------------------------------------------------===//

/// A core by its NoC coordinates; as the local side, only `addr` counts.
struct UnicastEndpoint {};
/// A rectangle of cores by NoC coordinates (a multicast destination).
struct MulticastEndpoint {};
enum class AllocatorBankType { L1, DRAM };
/// A bank of the allocator by its id (DRAM banks; L1 banks are not
/// emulated).
template <AllocatorBankType Type> struct AllocatorBank {};

template <> struct noc_traits_t<UnicastEndpoint> {
  struct src_args_type {
    uint32_t noc_x{};
    uint32_t noc_y{};
    uint32_t addr{};
  };
  using dst_args_type = src_args_type;
  static uint64_t remote(const UnicastEndpoint &, const src_args_type &args,
                         uint8_t noc) {
    return get_noc_addr(args.noc_x, args.noc_y, args.addr, noc);
  }
  static uint32_t local(const UnicastEndpoint &, const src_args_type &args,
                        bool) {
    return args.addr;
  }
};

template <> struct noc_traits_t<MulticastEndpoint> {
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t addr{};
  };
  static uint64_t multicast(const MulticastEndpoint &,
                            const dst_args_mcast_type &args, uint8_t noc) {
    return get_noc_multicast_addr(args.noc_x_start, args.noc_y_start,
                                  args.noc_x_end, args.noc_y_end, args.addr,
                                  noc);
  }
};

template <AllocatorBankType Type> struct noc_traits_t<AllocatorBank<Type>> {
  struct src_args_type {
    uint32_t bank_id{};
    uint32_t addr{};
  };
  using dst_args_type = src_args_type;
  static uint64_t remote(const AllocatorBank<Type> &, const src_args_type &args,
                         uint8_t noc) {
    return get_noc_addr_from_bank_id<Type == AllocatorBankType::DRAM>(
        args.bank_id, args.addr, noc);
  }
};

//===----------------------------------------------------------------------===//
// Accessors (api/tensor/noc_traits.h)
//===----------------------------------------------------------------------===//

template <typename Args> struct noc_traits_t<TensorAccessorImpl<Args>> {
  struct src_args_type {
    uint32_t page_id{};
    uint32_t offset_bytes = 0;
  };
  using dst_args_type = src_args_type;
  static uint64_t remote(const TensorAccessorImpl<Args> &accessor,
                         const src_args_type &args, uint8_t noc) {
    return accessor.get_noc_addr(args.page_id, args.offset_bytes, noc);
  }
};

//===----------------------------------------------------------------------===//
// This core's L1 (CircularBuffer, CoreLocalMem)
//===----------------------------------------------------------------------===//

/// CBs are local only: as a source the read pointer, as a destination the
/// write pointer (use<...>(cb) picks one), plus `offset_bytes`. As a
/// multicast destination, the same CB's write pointer on every core of the
/// rectangle.
template <> struct noc_traits_t<CircularBuffer> {
  struct src_args_type {
    uint32_t offset_bytes{};
  };
  using dst_args_type = src_args_type;
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t offset_bytes{};
  };
  static uint32_t local(const CircularBuffer &cb, const src_args_type &args,
                        bool source) {
    return (source ? cb.get_read_ptr() : cb.get_write_ptr()) +
           args.offset_bytes;
  }
  static uint64_t multicast(const CircularBuffer &cb,
                            const dst_args_mcast_type &args, uint8_t noc) {
    return get_noc_multicast_addr(args.noc_x_start, args.noc_y_start,
                                  args.noc_x_end, args.noc_y_end,
                                  cb.get_write_ptr() + args.offset_bytes, noc);
  }
};

template <CircularBuffer::AddrSelector Selector>
struct noc_traits_t<CircularBufferView<Selector>> {
  using src_args_type = noc_traits_t<CircularBuffer>::src_args_type;
  using dst_args_type = src_args_type;
  static uint32_t local(const CircularBufferView<Selector> &view,
                        const src_args_type &args, bool) {
    return (Selector == CircularBuffer::AddrSelector::READ_PTR
                ? view.cb.get_read_ptr()
                : view.cb.get_write_ptr()) +
           args.offset_bytes;
  }
};

/// A typed pointer into this core's L1 by its address.
template <typename T, typename AddressType = uintptr_t> class CoreLocalMem {
public:
  CoreLocalMem(AddressType address) : address(address) {}
  AddressType get_address() const { return address; }
  CoreLocalMem &operator+=(ptrdiff_t elements) {
    address += elements * sizeof(T);
    return *this;
  }
  CoreLocalMem &operator-=(ptrdiff_t elements) {
    address -= elements * sizeof(T);
    return *this;
  }
  CoreLocalMem operator+(ptrdiff_t elements) const {
    return CoreLocalMem(address + elements * sizeof(T));
  }
  CoreLocalMem operator-(ptrdiff_t elements) const {
    return CoreLocalMem(address - elements * sizeof(T));
  }
  bool operator==(const CoreLocalMem &other) const {
    return address == other.address;
  }
  bool operator!=(const CoreLocalMem &other) const {
    return address != other.address;
  }

private:
  AddressType address;
};

template <typename T, typename AddressType>
struct noc_traits_t<CoreLocalMem<T, AddressType>> {
  struct src_args_type {
    AddressType offset_bytes = 0;
  };
  using dst_args_type = src_args_type;
  static uint32_t local(const CoreLocalMem<T, AddressType> &memory,
                        const src_args_type &args, bool) {
    return uint32_t(memory.get_address() + args.offset_bytes);
  }
};

//===----------------------------------------------------------------------===//
// Semaphores (api/dataflow/noc_semaphore.h)
//===----------------------------------------------------------------------===//

enum class ProgrammableCoreType { TENSIX, ACTIVE_ETH, IDLE_ETH };

/// A semaphore of this core by the id CreateSemaphore gave it. Every remote
/// operation takes the Noc it goes over.
template <ProgrammableCoreType CoreType = ProgrammableCoreType::TENSIX>
class Semaphore {
  static_assert(CoreType == ProgrammableCoreType::TENSIX,
                "the emulator has Tensix cores only");

public:
  explicit Semaphore(uint32_t semaphore_id)
      : address(get_semaphore(semaphore_id)) {}
  uint32_t get_address() const { return address; }

  /// Adds `value` to this core's semaphore (a plain read-modify-write, not
  /// an atomic).
  void up(uint32_t value, TILT_HERE) {
    tilt_emu::semaphoreAddLocal(pointer(), value, false, "Semaphore::up", here);
  }
  /// Atomically adds `value` to the same semaphore of the core at NoC
  /// (`noc_x`, `noc_y`) (noc_semaphore_inc).
  void up(const Noc &noc, uint32_t noc_x, uint32_t noc_y, uint32_t value,
          uint8_t /*vc*/ = NOC_UNICAST_WRITE_VC, TILT_HERE) {
    noc_semaphore_inc(get_noc_addr(noc_x, noc_y, address, noc.get_noc_id()),
                      value, noc.get_noc_id(), here);
  }
  /// Waits until the semaphore holds at least `value`, then subtracts it.
  void down(uint32_t value, TILT_HERE) {
    tilt_emu::semaphoreDown(pointer(), value, here);
  }
  void wait(uint32_t value, TILT_HERE) {
    noc_semaphore_wait(pointer(), value, here);
  }
  void wait_min(uint32_t value, TILT_HERE) {
    noc_semaphore_wait_min(pointer(), value, here);
  }
  void set(uint32_t value, TILT_HERE) {
    noc_semaphore_set(pointer(), value, here);
  }
  /// Sets this semaphore on every core of the rectangle to this core's value
  /// (noc_semaphore_set_multicast; with MCAST_INCL_SRC, the sender among
  /// them).
  template <NocOptions Options = NocOptions::DEFAULT>
  void set_multicast(const Noc &noc, uint32_t noc_x_start, uint32_t noc_y_start,
                     uint32_t noc_x_end, uint32_t noc_y_end, uint32_t num_dests,
                     bool linked = false, TILT_HERE) {
    relay_multicast<Options>(noc, *this, noc_x_start, noc_y_start, noc_x_end,
                             noc_y_end, num_dests, linked, here);
  }
  /// Writes this semaphore's value into `dst` on every core of the
  /// rectangle.
  template <NocOptions Options = NocOptions::DEFAULT,
            ProgrammableCoreType DstCoreType = CoreType>
  void relay_multicast(const Noc &noc, const Semaphore<DstCoreType> &dst,
                       uint32_t noc_x_start, uint32_t noc_y_start,
                       uint32_t noc_x_end, uint32_t noc_y_end,
                       uint32_t num_dests, bool linked = false, TILT_HERE) {
    tilt_emu::checkNocOptions<Options>();
    uint64_t target =
        get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end,
                               dst.get_address(), noc.get_noc_id());
    if constexpr (has_flag(Options, NocOptions::MCAST_INCL_SRC))
      noc_semaphore_set_multicast_loopback_src(address, target, num_dests,
                                               linked, noc.get_noc_id(), here);
    else
      noc_semaphore_set_multicast(address, target, num_dests, linked,
                                  noc.get_noc_id(), here);
  }
  /// Writes this semaphore's value into `dst` of the core at NoC (`noc_x`,
  /// `noc_y`) (noc_semaphore_set_remote).
  template <ProgrammableCoreType DstCoreType = CoreType>
  void relay_unicast(const Noc &noc, const Semaphore<DstCoreType> &dst,
                     uint32_t noc_x, uint32_t noc_y, TILT_HERE) {
    noc_semaphore_set_remote(
        address,
        get_noc_addr(noc_x, noc_y, dst.get_address(), noc.get_noc_id()),
        noc.get_noc_id(), here);
  }
  template <typename... Args> void inc_multicast(const Noc &, Args...) {
    static_assert(sizeof...(Args) == 0,
                  "multicast increments (noc_semaphore_inc_multicast) are not "
                  "emulated");
  }

private:
  volatile uint32_t *pointer() const {
    return reinterpret_cast<volatile uint32_t *>(uintptr_t(address));
  }
  uint32_t address;
};

#endif // TILT_EMU_NOC_OBJECTS_H
