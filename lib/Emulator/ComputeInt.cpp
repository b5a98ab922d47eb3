//===- ComputeInt.cpp - Integer SFPU ops and typecast, emulated -----------===//
//
// The ops of tilt_emu/int_sfpu_api.h. DST holds an int32 as its 32-bit
// word, so every op needs a 32-bit DST (fp32_dest_acc_en): in a 16-bit DST
// the words do not fit, and the hardware would compute on halves. The
// words are moved with memcpy (an int32 may look like a signalling NaN).
//
//  - add_int_tile, sub_int_tile, mul_int_tile: two's complement, wrapping
//    (tt-llk ckernel_sfpu_add_int32.h SFPIADD; ckernel_sfpu_mul_int32.h
//    keeps the low 32 bits of the product);
//  - binary_max/min_int32_tile, lt/gt/le/ge_int_tile and the zero tests
//    (eqz_tile_int32, ...): signed compares, results 1 or 0;
//  - bitwise and/or/xor; shifts left, right (arithmetic) and logical
//    right by the other tile's words, an amount outside 0..31 shifting
//    every bit out (tt-metal's binary_shift.h states no rule: the
//    emulator's choice; MLIR makes it poison);
//  - fill_tile_int: the word itself;
//  - typecast_tile Int32 -> Float32: the nearest float (SFPCAST rounds to
//    nearest even); Float32 -> Int32: toward zero, 0 below 1 in magnitude,
//    INT_MIN from 2^31 up, infinities and NaN included (tt-llk
//    ckernel_sfpu_typecast.h _calculate_typecast_fp32_to_int32_: the
//    mantissa shifted by the exponent, `exp >= 31` gives 0x80000000, the
//    sign applied as two's complement). Other pairs are not modelled.
//
//===----------------------------------------------------------------------===//

#include "ComputeEngine.h"
#include "tilt_emu/compute_api.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

using namespace tilt;
using namespace tilt::emu;
using namespace tilt::emu::engine;

namespace {

int32_t loadWord(const float *tile, uint32_t i) {
  int32_t word;
  std::memcpy(&word, &tile[i], 4);
  return word;
}

void storeWord(float *tile, uint32_t i, int32_t word) {
  std::memcpy(&tile[i], &word, 4);
}

/// Stops the kernel unless DST holds 32-bit words and `format` is Int32.
void checkIntDst(KernelContext &context, const char *function,
                 tt::DataFormat format) {
  if (!context.engine.fp32Dest)
    fail(context, std::string(function) +
                      " in a 16-bit DST: int32 words need a 32-bit DST "
                      "(fp32_dest_acc_en)");
  if (format != tt::DataFormat::Int32)
    fail(context, std::string(function) + " with data format " +
                      std::to_string(int(format)) +
                      ": the emulator computes on Int32 only");
}

struct IntOpNames {
  const char *function, *init;
};

IntOpNames getNames(tilt_emu::IntPairOp op) {
  using Op = tilt_emu::IntPairOp;
  switch (op) {
  case Op::Add:
    return {"add_int_tile", "add_int_tile_init"};
  case Op::Sub:
    return {"sub_int_tile", "sub_int_tile_init"};
  case Op::Mul:
    return {"mul_int_tile", "mul_int_tile_init"};
  case Op::Max:
    return {"binary_max_int32_tile", "binary_max_int32_tile_init"};
  case Op::Min:
    return {"binary_min_int32_tile", "binary_min_int32_tile_init"};
  case Op::Lt:
    return {"lt_int_tile", "lt_int_tile_init"};
  case Op::Gt:
    return {"gt_int_tile", "gt_int_tile_init"};
  case Op::Le:
    return {"le_int_tile", "le_int_tile_init"};
  case Op::Ge:
    return {"ge_int_tile", "ge_int_tile_init"};
  case Op::And:
    return {"bitwise_and_binary_tile", "binary_bitwise_tile_init"};
  case Op::Or:
    return {"bitwise_or_binary_tile", "binary_bitwise_tile_init"};
  case Op::Xor:
    return {"bitwise_xor_binary_tile", "binary_bitwise_tile_init"};
  case Op::Shl:
    return {"binary_left_shift_tile", "binary_shift_tile_init"};
  case Op::Shr:
    return {"binary_right_shift_tile", "binary_shift_tile_init"};
  case Op::Shru:
    return {"binary_logical_right_shift_tile", "binary_shift_tile_init"};
  }
  return {"an int SFPU op", ""};
}

IntOpNames getNames(tilt_emu::IntZeroOp op) {
  using Op = tilt_emu::IntZeroOp;
  switch (op) {
  case Op::Eqz:
    return {"eqz_tile_int32", "eqz_tile_init"};
  case Op::Nez:
    return {"nez_tile_int32", "nez_tile_init"};
  case Op::Ltz:
    return {"ltz_tile_int32", "ltz_tile_init"};
  case Op::Gtz:
    return {"gtz_tile_int32", "gtz_tile_init"};
  case Op::Lez:
    return {"lez_tile_int32", "lez_tile_init"};
  case Op::Gez:
    return {"gez_tile_int32", "gez_tile_init"};
  }
  return {"an int SFPU op", ""};
}

int32_t applyPair(tilt_emu::IntPairOp op, int32_t a, int32_t b) {
  using Op = tilt_emu::IntPairOp;
  uint32_t ua = uint32_t(a), ub = uint32_t(b);
  switch (op) {
  case Op::Add:
    return int32_t(ua + ub);
  case Op::Sub:
    return int32_t(ua - ub);
  case Op::Mul:
    return int32_t(ua * ub);
  case Op::Max:
    return a > b ? a : b;
  case Op::Min:
    return a < b ? a : b;
  case Op::Lt:
    return a < b;
  case Op::Gt:
    return a > b;
  case Op::Le:
    return a <= b;
  case Op::Ge:
    return a >= b;
  case Op::And:
    return int32_t(ua & ub);
  case Op::Or:
    return int32_t(ua | ub);
  case Op::Xor:
    return int32_t(ua ^ ub);
  case Op::Shl:
    return b < 0 || b > 31 ? 0 : int32_t(ua << b);
  case Op::Shru:
    return b < 0 || b > 31 ? 0 : int32_t(ua >> b);
  case Op::Shr:
    return b < 0 || b > 31 ? (a < 0 ? -1 : 0) : a >> b;
  }
  return 0;
}

int32_t applyZero(tilt_emu::IntZeroOp op, int32_t a) {
  using Op = tilt_emu::IntZeroOp;
  switch (op) {
  case Op::Eqz:
    return a == 0;
  case Op::Nez:
    return a != 0;
  case Op::Ltz:
    return a < 0;
  case Op::Gtz:
    return a > 0;
  case Op::Lez:
    return a <= 0;
  case Op::Gez:
    return a >= 0;
  }
  return 0;
}

/// Float32 -> Int32 as the SFPU converts it.
int32_t floatToInt(float value) {
  if (std::isnan(value) || std::fabs(value) >= 2147483648.0f)
    return INT32_MIN;
  return int32_t(value); // toward zero; 0 below 1 in magnitude
}

std::string getTypecastInit(uint32_t in, uint32_t out) {
  return "typecast_tile_init<" + std::to_string(in) + ", " +
         std::to_string(out) + ">";
}

} // namespace

void tilt_emu::sfpuIntPair(IntPairOp op, tt::DataFormat format, uint32_t idst0,
                           uint32_t idst1, uint32_t odst) {
  KernelContext &context = enterKernel();
  IntOpNames names = getNames(op);
  checkInit(context, InitUnit::Sfpu, names.init, names.function, names.init);
  checkIntDst(context, names.function, format);
  const float *a = dstTile(context, idst0, names.function, DstState::Acquired);
  const float *b = dstTile(context, idst1, names.function, DstState::Acquired);
  float *out = dstTile(context, odst, names.function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i)
    storeWord(out, i, applyPair(op, loadWord(a, i), loadWord(b, i)));
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
  timeSfpuOp(context, op == IntPairOp::Mul);
}

void tilt_emu::sfpuIntZero(IntZeroOp op, uint32_t idst) {
  KernelContext &context = enterKernel();
  IntOpNames names = getNames(op);
  checkInit(context, InitUnit::Sfpu, names.init, names.function, names.init);
  checkIntDst(context, names.function, tt::DataFormat::Int32);
  float *x = dstTile(context, idst, names.function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i)
    storeWord(x, i, applyZero(op, loadWord(x, i)));
  count(context, TileOp::SfpuUnary);
  timeSfpuOp(context, false);
}

void tilt_emu::fillInt(tt::DataFormat format, uint32_t idst, uint32_t bits) {
  KernelContext &context = enterKernel();
  const char *function = "fill_tile_int";
  checkInit(context, InitUnit::Sfpu, "fill_tile_init", function,
            "fill_tile_init");
  checkIntDst(context, function, format);
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i)
    storeWord(dst, i, int32_t(bits));
  context.dstWritten[idst] = true;
  count(context, TileOp::Fill);
  timeSfpuOp(context, false);
}

void tilt_emu::typecastInit(uint32_t in, uint32_t out) {
  KernelContext &context = enterKernel();
  context.engine.sfpuInit = getTypecastInit(in, out);
  timeSetup(context, Work::Init, {Stream::Math});
}

void tilt_emu::typecast(uint32_t in, uint32_t out, uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = "typecast_tile";
  std::string init = getTypecastInit(in, out);
  checkInit(context, InitUnit::Sfpu, init, function, init);
  auto int32 = uint32_t(tt::DataFormat::Int32);
  auto float32 = uint32_t(tt::DataFormat::Float32);
  if (!((in == int32 && out == float32) || (in == float32 && out == int32)))
    fail(context, "typecast_tile<" + std::to_string(in) + ", " +
                      std::to_string(out) +
                      ">: the emulator models Int32 <-> Float32 only");
  checkIntDst(context, function, tt::DataFormat::Int32);
  float *x = dstTile(context, idst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i) {
    if (in == int32)
      x[i] = float(loadWord(x, i)); // nearest, ties to even
    else
      storeWord(x, i, floatToInt(x[i]));
  }
  count(context, TileOp::SfpuUnary);
  timeSfpuOp(context, false);
}

//===----------------------------------------------------------------------===//
// sfpu_reduce
//===----------------------------------------------------------------------===//

namespace {

const char *getPoolName(PoolType type) {
  switch (type) {
  case SUM:
    return "SUM";
  case AVG:
    return "AVG";
  case MAX:
    return "MAX";
  case MIN:
    return "MIN";
  }
  return "?";
}

std::string getSfpuReduceInit(PoolType type, tt::DataFormat format) {
  return std::string("sfpu_reduce_init<PoolType::") + getPoolName(type) +
         ", DataFormat::" +
         (format == tt::DataFormat::Int32 ? "Int32" : "Float32") + ">";
}

} // namespace

void tilt_emu::sfpuReduceInit(PoolType type, tt::DataFormat format) {
  KernelContext &context = enterKernel();
  context.engine.sfpuInit = getSfpuReduceInit(type, format);
  timeSetup(context, Work::Init, {Stream::Math});
}

// tt-metal's compute_kernel_api.h: sfpu_reduce<pool, format, dim>(idst,
// ct_dim, rt_dim) reduces the tile in DST in place, down columns into row
// 0 (any pool) or along rows into column 0 (SUM, MAX and MIN only),
// Float32, Int32 (and UInt32, UInt16, Float16_b, not modelled here). The
// emulator models one tile (ct_dim = rt_dim = 1), words of a 32-bit DST,
// and leaves NaN words in the rest of the tile: the API states nothing of
// it, so nothing may read it.
void tilt_emu::sfpuReduce(PoolType type, tt::DataFormat format, ReduceDim dim,
                          uint32_t idst, uint32_t ctDim, uint32_t rtDim) {
  KernelContext &context = enterKernel();
  const char *function = "sfpu_reduce";
  std::string init = getSfpuReduceInit(type, format);
  checkInit(context, InitUnit::Sfpu, init, function, init);
  bool isInt = format == tt::DataFormat::Int32;
  if (!isInt && format != tt::DataFormat::Float32)
    fail(context, std::string(function) + " with data format " +
                      std::to_string(int(format)) +
                      ": the emulator models Float32 and Int32");
  if (!context.engine.fp32Dest)
    fail(context, std::string(function) +
                      " in a 16-bit DST: Float32 and Int32 words need a "
                      "32-bit DST (fp32_dest_acc_en)");
  if (dim == REDUCE_SCALAR || (dim == REDUCE_ROW && type == AVG))
    fail(context, std::string(function) +
                      ": the SFPU reduces columns by SUM, AVG, MAX or MIN and "
                      "rows by SUM, MAX or MIN");
  if (ctDim != 1 || rtDim != 1)
    fail(context, std::string(function) +
                      ": the emulator models one tile (ct_dim = rt_dim = 1)");
  float *x = dstTile(context, idst, function, DstState::Acquired);
  bool rows = dim == REDUCE_ROW;
  // Each line's result as its word (moved with memcpy, as every int32).
  int32_t results[32];
  for (uint32_t line = 0; line < 32; ++line) {
    auto at = [&](uint32_t k) { return rows ? line * 32 + k : k * 32 + line; };
    if (isInt) {
      int32_t acc = loadWord(x, at(0));
      for (uint32_t k = 1; k < 32; ++k) {
        int32_t v = loadWord(x, at(k));
        acc = type == MAX   ? std::max(acc, v)
              : type == MIN ? std::min(acc, v)
                            : int32_t(uint32_t(acc) + uint32_t(v));
      }
      // AVG rounds toward zero, as tt-llk's sign-corrected shift.
      results[line] = type == AVG ? acc / 32 : acc;
      continue;
    }
    float acc = x[at(0)];
    for (uint32_t k = 1; k < 32; ++k) {
      float v = x[at(k)];
      acc = type == MAX   ? std::max(acc, v)
            : type == MIN ? std::min(acc, v)
                          : acc + v;
    }
    if (type == AVG)
      acc *= 0.03125f;
    std::memcpy(&results[line], &acc, 4);
  }
  for (uint32_t i = 0; i < 1024; ++i)
    x[i] = NAN;
  for (uint32_t line = 0; line < 32; ++line)
    storeWord(x, rows ? line * 32 : line, results[line]);
  count(context, TileOp::SfpuUnary);
  // Five passes of the SFPU over the tile's lanes at most (a tree over 32
  // elements): timed as that many unary SFPU ops.
  for (int pass = 0; pass < 5; ++pass)
    timeSfpuOp(context, false);
}
