//===- int_sfpu_api.h - Integer SFPU ops and typecast, emulated -*- C++ -*-===//
//
// The Metalium calls on int32 data in DST: add_int_sfpu.h, sub_int_sfpu.h,
// mul_int_sfpu.h, binary_max_min.h's int32 forms, binary_comp.h,
// binary_bitwise_sfpu.h, binary_shift.h,
// eltwise_unary/comp.h's int32 zero tests, eltwise_unary/fill.h's
// fill_tile_int, eltwise_unary/typecast.h and compute_kernel_api.h's
// sfpu_reduce (int32 and fp32 words). Included by compute_api.h.
//
// DST holds an int32 as its 32-bit word, which only a 32-bit DST
// (fp32_dest_acc_en) has room for: each op stops the kernel otherwise.
// Each checks that its own init is the last SFPU init, as the float ops
// do (tilt_emu/bcast_sfpu_api.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_INT_SFPU_API_H
#define TILT_EMU_INT_SFPU_API_H

#include "tilt_emu/compute_api.h"

namespace tilt_emu {
/// The SFPU ops on two DST tiles of int32 words.
enum class IntPairOp {
  Add, Sub, Mul, Max, Min, Lt, Gt, Le, Ge, And, Or, Xor, Shl, Shr, Shru
};
void sfpuIntPair(IntPairOp op, DataFormat format, uint32_t idst0,
                 uint32_t idst1, uint32_t odst);
/// The int32 comparisons with zero, in place: 1 where they hold, else 0.
enum class IntZeroOp { Eqz, Nez, Ltz, Gtz, Lez, Gez };
void sfpuIntZero(IntZeroOp op, uint32_t idst);
/// fill_tile_int: every word of DST[idst] is `bits`.
void fillInt(DataFormat format, uint32_t idst, uint32_t bits);
/// typecast_tile<in, out>(idst).
void typecast(uint32_t in, uint32_t out, uint32_t idst);
/// typecast_tile_init<in, out>(): recorded with its formats.
void typecastInit(uint32_t in, uint32_t out);
/// sfpu_reduce_init<type, format>(): recorded with its pool and format.
void sfpuReduceInit(PoolType type, DataFormat format);
/// sfpu_reduce<type, format, dim>(idst, ct_dim, rt_dim).
void sfpuReduce(PoolType type, DataFormat format, ReduceDim dim, uint32_t idst,
                uint32_t ctDim, uint32_t rtDim);
} // namespace tilt_emu

#define TILT_EMU_INT_INIT(name)                                                \
  inline void name(TILT_HERE) {                                                \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, #name);                     \
  }

// The ops on two int tiles whose format is a template argument.
#define TILT_EMU_INT_PAIR(name, op)                                            \
  template <DataFormat data_format>                                            \
  void name(uint32_t idst0, uint32_t idst1, uint32_t odst, TILT_HERE) {        \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuIntPair(tilt_emu::IntPairOp::op, data_format, idst0, idst1,  \
                          odst);                                               \
  }
// add_int_sfpu.h, sub_int_sfpu.h: one init each; mul_int_sfpu.h's init
// takes the format too.
TILT_EMU_INT_INIT(add_int_tile_init)
TILT_EMU_INT_PAIR(add_int_tile, Add)
TILT_EMU_INT_INIT(sub_int_tile_init)
TILT_EMU_INT_PAIR(sub_int_tile, Sub)
template <DataFormat data_format> void mul_int_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "mul_int_tile_init");
}
TILT_EMU_INT_PAIR(mul_int_tile, Mul)
// binary_max_min.h: the int32 forms.
TILT_EMU_INT_INIT(binary_max_int32_tile_init)
inline void binary_max_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                                  TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuIntPair(tilt_emu::IntPairOp::Max, DataFormat::Int32, idst0,
                        idst1, odst);
}
TILT_EMU_INT_INIT(binary_min_int32_tile_init)
inline void binary_min_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                                  TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuIntPair(tilt_emu::IntPairOp::Min, DataFormat::Int32, idst0,
                        idst1, odst);
}
// binary_comp.h: lt, gt, le, ge of two int tiles, 1 or 0.
#define TILT_EMU_INT_COMPARE(rel, op)                                          \
  template <DataFormat data_format> void rel##_int_tile_init(TILT_HERE) {      \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, #rel "_int_tile_init");     \
  }                                                                            \
  TILT_EMU_INT_PAIR(rel##_int_tile, op)
TILT_EMU_INT_COMPARE(lt, Lt)
TILT_EMU_INT_COMPARE(gt, Gt)
TILT_EMU_INT_COMPARE(le, Le)
TILT_EMU_INT_COMPARE(ge, Ge)
#undef TILT_EMU_INT_COMPARE
// binary_bitwise_sfpu.h (one init for the three) and binary_shift.h (one
// init for the three; right is arithmetic, logical_right fills zeros).
TILT_EMU_INT_INIT(binary_bitwise_tile_init)
TILT_EMU_INT_INIT(binary_shift_tile_init)
TILT_EMU_INT_PAIR(bitwise_and_binary_tile, And)
TILT_EMU_INT_PAIR(bitwise_or_binary_tile, Or)
TILT_EMU_INT_PAIR(bitwise_xor_binary_tile, Xor)
TILT_EMU_INT_PAIR(binary_left_shift_tile, Shl)
TILT_EMU_INT_PAIR(binary_right_shift_tile, Shr)
TILT_EMU_INT_PAIR(binary_logical_right_shift_tile, Shru)
// eltwise_unary/comp.h: the int32 tests against zero share the float
// forms' inits (eqz_tile_init, ...).
#define TILT_EMU_INT_ZERO(name, init, op)                                      \
  TILT_EMU_INT_INIT(init)                                                      \
  inline void name(uint32_t idst, TILT_HERE) {                                 \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuIntZero(tilt_emu::IntZeroOp::op, idst);                      \
  }
TILT_EMU_INT_ZERO(eqz_tile_int32, eqz_tile_init, Eqz)
TILT_EMU_INT_ZERO(nez_tile_int32, nez_tile_init, Nez)
TILT_EMU_INT_ZERO(ltz_tile_int32, ltz_tile_init, Ltz)
TILT_EMU_INT_ZERO(gtz_tile_int32, gtz_tile_init, Gtz)
TILT_EMU_INT_ZERO(lez_tile_int32, lez_tile_init, Lez)
TILT_EMU_INT_ZERO(gez_tile_int32, gez_tile_init, Gez)
#undef TILT_EMU_INT_ZERO
// eltwise_unary/fill.h: fill_tile_int after fill_tile_init.
template <DataFormat data_format>
void fill_tile_int(uint32_t idst, uint32_t param0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::fillInt(data_format, idst, param0);
}
// eltwise_unary/typecast.h: formats as uint32_t template arguments.
template <uint32_t in_dtype, uint32_t out_dtype>
void typecast_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::typecastInit(in_dtype, out_dtype);
}
template <uint32_t in_dtype, uint32_t out_dtype>
void typecast_tile(uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::typecast(in_dtype, out_dtype, idst);
}
// compute_kernel_api.h: the SFPU's reduction of a tile in DST, int32 or
// fp32 words (SUM, MAX, MIN along rows; any pool down columns).
template <PoolType pool_type, DataFormat format>
void sfpu_reduce_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuReduceInit(pool_type, format);
}
template <PoolType pool_type, DataFormat format,
          ReduceDim reduce_dim = ReduceDim::REDUCE_COL>
void sfpu_reduce(uint32_t idst, uint32_t ct_dim = 1, uint32_t rt_dim = 1,
                 TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuReduce(pool_type, format, reduce_dim, idst, ct_dim, rt_dim);
}
#undef TILT_EMU_INT_INIT
#undef TILT_EMU_INT_PAIR

#endif // TILT_EMU_INT_SFPU_API_H
