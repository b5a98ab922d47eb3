//===- span.hpp - tt::stl::Span, emulated -----------------------*- C++ -*-===//
//
// tt-metal's tt_stl/span.hpp: a view of contiguous elements, made from a
// pointer and a size, a vector or (C++20) a std::span; make_const_span.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_TT_STL_SPAN_HPP
#define TILT_EMU_TT_STL_SPAN_HPP

#include <cstddef>
#include <type_traits>
#include <vector>
#if __cplusplus >= 202002L
#include <span>
#endif

namespace tt {
namespace stl {

template <typename T> class Span {
public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using iterator = T *;

  constexpr Span() = default;
  constexpr Span(T *data, std::size_t size) : pointer(data), count(size) {}
  template <typename U, typename = std::enable_if_t<
                            std::is_convertible_v<U (*)[], T (*)[]>>>
  Span(std::vector<U> &v) : pointer(v.data()), count(v.size()) {}
  template <typename U, typename = std::enable_if_t<
                            std::is_convertible_v<const U (*)[], T (*)[]>>>
  Span(const std::vector<U> &v) : pointer(v.data()), count(v.size()) {}
#if __cplusplus >= 202002L
  template <
      typename U, std::size_t N,
      typename = std::enable_if_t<std::is_convertible_v<U (*)[], T (*)[]>>>
  Span(std::span<U, N> s) : pointer(s.data()), count(s.size()) {}
#endif

  constexpr T *data() const { return pointer; }
  constexpr std::size_t size() const { return count; }
  constexpr bool empty() const { return count == 0; }
  constexpr T *begin() const { return pointer; }
  constexpr T *end() const { return pointer + count; }
  constexpr T &operator[](std::size_t i) const { return pointer[i]; }

private:
  T *pointer = nullptr;
  std::size_t count = 0;
};

template <typename T> Span<const T> make_const_span(const std::vector<T> &v) {
  return Span<const T>(v.data(), v.size());
}
template <typename T> Span<T> make_span(std::vector<T> &v) {
  return Span<T>(v.data(), v.size());
}

} // namespace stl
} // namespace tt

#endif // TILT_EMU_TT_STL_SPAN_HPP
