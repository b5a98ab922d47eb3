//===- circular_buffer.h - The device API's CircularBuffer ------*- C++ -*-===//
//
// tt-metal's CircularBuffer object (api/dataflow/circular_buffer.h): a CB by
// its index, whose methods are the cb_* calls of the CB API, in data-movement
// and compute kernels alike, checked as those calls are. `use<READ_PTR>(cb)`
// makes a Noc call take the CB's read pointer where it would take the write
// pointer. `scoped_lock()` (tt-metal's debug bookkeeping) is a no-op object.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_CIRCULAR_BUFFER_H
#define TILT_EMU_CIRCULAR_BUFFER_H

#include "tilt_emu/kernel_api.h"

/// What tt-metal's Lock<ReleaseFunc> (api/lock.h) is to a kernel: an object
/// that does something when it goes out of scope, here nothing.
struct TiltEmuScopedLock {
  TiltEmuScopedLock() = default;
  TiltEmuScopedLock(const TiltEmuScopedLock &) = delete;
  TiltEmuScopedLock &operator=(const TiltEmuScopedLock &) = delete;
};

class CircularBuffer {
public:
  enum class AddrSelector { WRITE_PTR, READ_PTR };

  explicit CircularBuffer(uint32_t cb_id) : id(cb_id) {}
  uint32_t get_cb_id() const { return id; }

  void reserve_back(int32_t num_pages, TILT_HERE) {
    cb_reserve_back(int32_t(id), num_pages, here);
  }
  void push_back(int32_t num_pages, TILT_HERE) {
    cb_push_back(int32_t(id), num_pages, here);
  }
  void wait_front(int32_t num_pages, TILT_HERE) {
    cb_wait_front(int32_t(id), num_pages, here);
  }
  void pop_front(int32_t num_pages, TILT_HERE) {
    cb_pop_front(int32_t(id), num_pages, here);
  }
  bool pages_reservable_at_back(int32_t num_pages) const {
    return cb_pages_reservable_at_back(int32_t(id), num_pages);
  }
  bool pages_available_at_front(int32_t num_pages) const {
    return cb_pages_available_at_front(int32_t(id), num_pages);
  }
  uint32_t get_tile_size() const { return ::get_tile_size(int32_t(id)); }
  uint32_t get_tile_hw() const { return ::get_tile_hw(id); }
  DataFormat get_dataformat() const { return ::get_dataformat(int32_t(id)); }
  uint32_t get_write_ptr() const { return ::get_write_ptr(id); }
  uint32_t get_read_ptr() const { return ::get_read_ptr(id); }
  [[nodiscard]] TiltEmuScopedLock scoped_lock() const { return {}; }

private:
  uint32_t id;
};

/// A CB with the pointer a Noc call takes chosen (use<...>(cb)).
template <CircularBuffer::AddrSelector Selector> struct CircularBufferView {
  const CircularBuffer &cb;
};
template <CircularBuffer::AddrSelector Selector>
constexpr CircularBufferView<Selector> use(const CircularBuffer &cb) {
  return {cb};
}

#endif // TILT_EMU_CIRCULAR_BUFFER_H
