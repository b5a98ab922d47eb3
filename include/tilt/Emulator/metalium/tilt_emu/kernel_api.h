//===- kernel_api.h - The Metalium device API, emulated ---------*- C++ -*-===//
//
// Declarations of the device API (data movement and compute) with Metalium's
// names and signatures; the definitions are in the emulator (lib/Emulator/
// KernelAPI.cpp) and are resolved when a kernel is loaded. Every api/...
// header of the emulator includes this one, so a kernel compiles whichever
// of the real headers it names.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_KERNEL_API_H
#define TILT_EMU_KERNEL_API_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#define FORCE_INLINE inline __attribute__((always_inline))
#define ALWI inline __attribute__((always_inline))
#define tt_l1_ptr
#define tt_reg_ptr
#define UNPACK(x) x
#define MATH(x) x
#define PACK(x) x

#include "tilt_emu/common.h"

using DataFormat = tt::DataFormat;

// Compile-time arguments: the build passes -DKERNEL_COMPILE_TIME_ARGS=a,b,c.
#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif
namespace tilt_emu {
// The first entry is a placeholder so that an empty list is valid.
constexpr uint32_t kCompileTimeArgs[] = {0, KERNEL_COMPILE_TIME_ARGS};
template <uint32_t Index> constexpr uint32_t getCompileTimeArg() {
  static_assert(Index + 1 < sizeof(kCompileTimeArgs) / sizeof(uint32_t),
                "compile-time argument index out of range");
  return kCompileTimeArgs[Index + 1];
}
} // namespace tilt_emu

// Named compile-time arguments (DataMovementConfig/ComputeConfig::
// named_compile_args): the build passes
// -DKERNEL_COMPILE_TIME_ARG_MAP={{"name",value},...}, as tt-metal's JIT
// build does. A name the host did not give is a compile error (a constant
// expression that throws), as on tt-metal.
#ifndef KERNEL_COMPILE_TIME_ARG_MAP
#define KERNEL_COMPILE_TIME_ARG_MAP
#endif
namespace tilt_emu {
struct NamedCompileTimeArg {
  const char *name;
  uint32_t value;
};
// An entry without a name leads, so that a kernel without named arguments
// still has a valid array; no name matches it.
constexpr NamedCompileTimeArg kNamedCompileTimeArgs[] = {
    {nullptr, 0}, KERNEL_COMPILE_TIME_ARG_MAP};
constexpr bool sameName(const char *a, const char *b) {
  while (*a && *a == *b)
    ++a, ++b;
  return *a == *b;
}
} // namespace tilt_emu
// A template: a kernel without named arguments never gets a constant from
// it, which Clang rejects in a plain constexpr function but not in a
// template.
template <typename Name>
constexpr uint32_t get_named_compile_time_arg_val(Name name) {
  for (const auto &arg : tilt_emu::kNamedCompileTimeArgs)
    if (arg.name && tilt_emu::sameName(arg.name, name))
      return arg.value;
  // The compiler quotes this line in its error.
  throw "no named compile-time argument of this name in the kernel's config";
}
namespace tilt_emu {
uint32_t getRuntimeArg(int index);
/// The line of a kernel's source that calls an API function. Every emulated
/// API function that costs time takes one as its last, defaulted parameter
/// (TILT_HERE: `__builtin_LINE()` at the call), and the timing model's
/// profile attributes cycles to it. The constructor is explicit, so that no
/// argument of a call is ever taken for it.
struct Here {
  explicit constexpr Here(uint32_t line) : line(line) {}
  uint32_t line;
};
/// Records `here` as the calling line of the kernel's next API work.
void at(Here here);
/// Opens a profiler zone named `name` in the running kernel's timeline and
/// returns it; endProfileZone closes it (DeviceZoneScopedN).
uint32_t beginProfileZone(const char *name, Here here);
void endProfileZone(uint32_t zone);
/// A profiler zone over a scope.
class ProfileZone {
public:
  ProfileZone(const char *name, Here here)
      : zone(beginProfileZone(name, here)) {}
  ~ProfileZone() { endProfileZone(zone); }
  ProfileZone(const ProfileZone &) = delete;
  ProfileZone &operator=(const ProfileZone &) = delete;

private:
  uint32_t zone;
};
/// The NoC of the running kernel (DataMovementConfig::noc).
uint8_t getNocIndex();
uint64_t interleavedNocAddress(uint32_t base, uint32_t pageSize, uint32_t id,
                               uint32_t offset, bool dram);
} // namespace tilt_emu
#define TILT_HERE ::tilt_emu::Here here = ::tilt_emu::Here(__builtin_LINE())

namespace tilt_emu {
/// The NoC address of `addr` in DRAM bank `bank` (`dram`; L1 banks are not
/// emulated): get_noc_addr_from_bank_id and the device API's AllocatorBank.
uint64_t bankNocAddress(bool dram, uint32_t bank, uint32_t addr, Here here);
/// Adds `value` to (or subtracts it from) the running core's semaphore word
/// at `sem_addr`, a plain read-modify-write of the core's own L1, as the
/// device API's Semaphore::up(value) and down(value) do.
void semaphoreAddLocal(volatile uint32_t *sem_addr, uint32_t value,
                       bool subtract, const char *function, Here here);
/// Semaphore::down(value): waits until the word holds at least `value`,
/// then subtracts it.
void semaphoreDown(volatile uint32_t *sem_addr, uint32_t value, Here here);
} // namespace tilt_emu
#define get_compile_time_arg_val(index) (::tilt_emu::getCompileTimeArg<index>())

/// The L1 address of runtime argument `arg_idx` (tt-metal keeps a kernel's
/// runtime arguments in L1; kernels read them through a pointer).
uint32_t get_arg_addr(int arg_idx);
/// Datums per tile of a CB (tt-metal's constexpr get_tile_hw: its tile's
/// height times width); the emulator's tiles are 32x32.
constexpr uint32_t get_tile_hw(uint32_t /*cb_id*/) { return 32 * 32; }

template <typename T> T get_arg_val(int index) {
  static_assert(sizeof(T) == 4, "runtime arguments are 32-bit words");
  uint32_t word = tilt_emu::getRuntimeArg(index);
  T value;
  std::memcpy(&value, &word, 4);
  return value;
}

// Circular buffers (data movement and compute).
void cb_reserve_back(int32_t cb_id, int32_t num_pages, TILT_HERE);
void cb_push_back(int32_t cb_id, int32_t num_pages, TILT_HERE);
void cb_wait_front(int32_t cb_id, int32_t num_pages, TILT_HERE);
void cb_pop_front(int32_t cb_id, int32_t num_pages, TILT_HERE);
bool cb_pages_reservable_at_back(int32_t cb_id, int32_t num_pages);
bool cb_pages_available_at_front(int32_t cb_id, int32_t num_pages);
uint32_t get_write_ptr(uint32_t cb_id);
uint32_t get_read_ptr(uint32_t cb_id);
#ifdef TILT_CB_PAGE_SIZES
// A kernel built by the host API knows its cores' CBs, as tt-metal's JIT
// build writes them into a kernel's build: get_tile_size and
// get_dataformat are constexpr (`constexpr uint32_t tile_bytes =
// get_tile_size(cb_in0);`). 0 and DataFormat(255) for a CB not configured.
namespace tilt_emu {
constexpr int32_t kCBPageSizes[32] = {TILT_CB_PAGE_SIZES};
constexpr uint8_t kCBFormats[32] = {TILT_CB_FORMATS};
} // namespace tilt_emu
constexpr int32_t get_tile_size(int32_t cb_id) {
  return cb_id >= 0 && cb_id < 32 ? tilt_emu::kCBPageSizes[cb_id] : 0;
}
constexpr DataFormat get_dataformat(int32_t cb_id) {
  return DataFormat(cb_id >= 0 && cb_id < 32 ? tilt_emu::kCBFormats[cb_id]
                                             : 255);
}
#else
// Kernels compiled into a program of their own (the emulator's tests): the
// running kernel's CBs, asked at run time.
int32_t get_tile_size(int32_t cb_id);
DataFormat get_dataformat(int32_t cb_id);
#endif

#endif // TILT_EMU_KERNEL_API_H
