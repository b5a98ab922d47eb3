//===- ComputeBcastSfpu.cpp - Broadcast and more SFPU ops, emulated -------===//
//
// The broadcast FPU ops of api/compute/bcast.h and the SFPU ops declared in
// tilt_emu/bcast_sfpu_api.h, with the rules of ComputeAPI.cpp (configured
// source formats, TF32 or 16-bit source registers, DST rounding) and one
// more: each op needs its own init as the last init of its engine.
//
//  - bcast.h: add/sub/mul_tiles_bcast unpack in0 to SrcA and in1 to SrcB
//    (llk_unpack_AB<BroadcastType>) like add_tiles; the FPU reads in1's row
//    0 (ROW), column 0 (COL) or element [0, 0] (SCALAR) for every row or
//    column. unary_bcast unpacks to SrcB and copies B to DST (B2D: "SrcB
//    is only 19bits wide", so 32-bit data goes straight into DST instead,
//    which is UnpackToDestFp32 mode here; Float32 or Int32 words).
//  - SFPU ops compute in f32 and store like SFPSTORE (truncated into a
//    16-bit DST), except rsub with a scalar, which ckernel_sfpu_binop_with_
//    scalar.h rounds to nearest even into a bf16 DST.
//
//===----------------------------------------------------------------------===//

#include "Bits.h"
#include "ComputeEngine.h"
#include "tilt_emu/compute_api.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace tilt;
using namespace tilt::emu;
using namespace tilt::emu::engine;

namespace {

const char *getOpName(EltwiseBinaryType type) {
  return type == ELWADD ? "add" : type == ELWSUB ? "sub" : "mul";
}

const char *getDimName(BroadcastType dim) {
  return dim == BroadcastType::ROW   ? "ROW"
         : dim == BroadcastType::COL ? "COL"
                                     : "SCALAR";
}

/// The key the inits of a broadcast op record (the short and the full init
/// of one op and dimension prepare the same unpacker and FPU state).
std::string getBcastKey(EltwiseBinaryType type, BroadcastType dim) {
  return std::string("bcast ") + getOpName(type) + " " + getDimName(dim);
}

/// The short init of a broadcast op, as bcast.h names it.
std::string getShortInit(EltwiseBinaryType type, BroadcastType dim) {
  std::string op = getOpName(type);
  if (dim == BroadcastType::SCALAR && type != ELWADD)
    return op + "_tiles_bcast_scalar_init_short";
  return op + "_bcast_" +
         (dim == BroadcastType::ROW   ? "rows"
          : dim == BroadcastType::COL ? "cols"
                                      : "scalar") +
         "_init_short";
}

/// Where in1's value for element (row, column) comes from.
uint32_t getBroadcastIndex(BroadcastType dim, uint32_t row, uint32_t column) {
  switch (dim) {
  case BroadcastType::ROW:
    return column;
  case BroadcastType::COL:
    return row * 32;
  case BroadcastType::SCALAR:
    return 0;
  default:
    return row * 32 + column;
  }
}

struct ScalarOpInfo {
  const char *function, *init;
};

ScalarOpInfo getScalarOpInfo(tilt_emu::SfpuScalarOp op) {
  using Op = tilt_emu::SfpuScalarOp;
  switch (op) {
  case Op::Exp2:
    return {"exp2_tile", "exp2_tile_init"};
  case Op::Silu:
    return {"silu_tile", "silu_tile_init"};
  case Op::Erf:
    return {"erf_tile", "erf_tile_init"};
  case Op::LogWithBase:
    return {"log_with_base_tile", "log_with_base_tile_init"};
  case Op::Add:
    return {"add_unary_tile", "binop_with_scalar_tile_init"};
  case Op::Sub:
    return {"sub_unary_tile", "binop_with_scalar_tile_init"};
  case Op::Mul:
    return {"mul_unary_tile", "binop_with_scalar_tile_init"};
  case Op::Div:
    return {"div_unary_tile", "binop_with_scalar_tile_init"};
  case Op::Rsub:
    return {"rsub_unary_tile", "binop_with_scalar_tile_init"};
  case Op::Max:
    return {"unary_max_tile", "unary_max_tile_init"};
  case Op::Min:
    return {"unary_min_tile", "unary_min_tile_init"};
  case Op::Eq:
    return {"unary_eq_tile", "unary_eq_tile_init"};
  case Op::Ne:
    return {"unary_ne_tile", "unary_ne_tile_init"};
  case Op::Lt:
    return {"unary_lt_tile", "unary_lt_tile_init"};
  case Op::Gt:
    return {"unary_gt_tile", "unary_gt_tile_init"};
  case Op::Le:
    return {"unary_le_tile", "unary_le_tile_init"};
  case Op::Ge:
    return {"unary_ge_tile", "unary_ge_tile_init"};
  }
  return {"an SFPU op", ""};
}

float applyScalar(tilt_emu::SfpuScalarOp op, float v, float s) {
  using Op = tilt_emu::SfpuScalarOp;
  switch (op) {
  case Op::Exp2:
    return std::exp2(v);
  case Op::Silu:
    return v / (1.0f + std::exp(-v));
  case Op::Erf:
    return std::erf(v);
  // base_scale is the f32 bits of 1/ln(base) (compute_kernel_api.h).
  case Op::LogWithBase:
    return std::log(v) * s;
  case Op::Add:
    return v + s;
  case Op::Sub:
    return v - s;
  case Op::Mul:
    return v * s;
  // "inversion is carried out on host side": the operand is 1/scalar.
  case Op::Div:
    return v * s;
  case Op::Rsub:
    return s - v;
  case Op::Max:
    return std::max(v, s);
  case Op::Min:
    return std::min(v, s);
  case Op::Eq:
  case Op::Ne:
  case Op::Lt:
  case Op::Gt:
  case Op::Le:
  case Op::Ge:
    break;
  }
  return v;
}

/// 1.0 where `a rel b` holds, else 0.0: the SFPU's comparisons
/// (ckernel_sfpu_binary_comp.h, ckernel_sfpu_unary_comp.h) compare the
/// values DST holds as f32, so a 16-bit DST's values compare exactly.
/// A NaN compares as IEEE says (unequal to everything, unordered): the
/// emulator's choice; tt-metal documents no NaN rule for them.
float compare(char rel, float a, float b) {
  bool holds = rel == '='   ? a == b
               : rel == '!' ? a != b
               : rel == '<' ? a < b
               : rel == '>' ? a > b
               : rel == 'l' ? a <= b
                            : a >= b;
  return holds ? 1.0f : 0.0f;
}

/// The relation of a comparison op (SfpuScalarOp or SfpuPairOp, which
/// name them alike), or 0 for another op.
template <typename OpT> char getRelation(OpT op) {
  switch (op) {
  case OpT::Eq:
    return '=';
  case OpT::Ne:
    return '!';
  case OpT::Lt:
    return '<';
  case OpT::Gt:
    return '>';
  case OpT::Le:
    return 'l';
  case OpT::Ge:
    return 'g';
  default:
    return 0;
  }
}

const char *getPairName(tilt_emu::SfpuPairOp op) {
  using Op = tilt_emu::SfpuPairOp;
  switch (op) {
  case Op::Div:
    return "div_binary_tile";
  case Op::Max:
    return "binary_max_tile";
  case Op::Min:
    return "binary_min_tile";
  case Op::Eq:
    return "eq_binary_tile";
  case Op::Ne:
    return "ne_binary_tile";
  case Op::Lt:
    return "lt_binary_tile";
  case Op::Gt:
    return "gt_binary_tile";
  case Op::Le:
    return "le_binary_tile";
  case Op::Ge:
    return "ge_binary_tile";
  }
  return "an SFPU binary op";
}

} // namespace

void engine::checkInit(KernelContext &context, tilt_emu::InitUnit unit,
                       const std::string &init, const std::string &function,
                       const std::string &expected) {
  bool fpu = unit == tilt_emu::InitUnit::Fpu;
  const std::string &last =
      fpu ? context.engine.fpuInit : context.engine.sfpuInit;
  if (last == init)
    return;
  std::string engineName = fpu ? "unpack/math" : "SFPU";
  fail(context, function + " needs " + expected + " as the last " + engineName +
                    " init, but " +
                    (last.empty() ? "no " + engineName + " init has run"
                                  : "the last one was " + last));
}

//===----------------------------------------------------------------------===//
// Broadcast (bcast.h)
//===----------------------------------------------------------------------===//

void tilt_emu::bcastInit(const char *call, EltwiseBinaryType type,
                         BroadcastType dim, uint32_t icb0, uint32_t icb1,
                         int32_t ocb) {
  KernelContext &context = enterKernel();
  // init_bcast: llk_unpack_hw_configure(icb0, icb1) and
  // llk_pack_hw_configure(ocb); the *_init_short forms configure no format.
  if (ocb != kKeep) {
    setRegister(context, 'A', icb0, call);
    setRegister(context, 'B', icb1, call);
    setRegister(context, 'P', uint32_t(ocb), call);
  }
  context.engine.fpuInit = getBcastKey(type, dim);
  timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math});
}

void tilt_emu::bcastTiles(EltwiseBinaryType type, BroadcastType dim,
                          uint32_t icb0, uint32_t icb1, uint32_t itile0,
                          uint32_t itile1, uint32_t idst) {
  KernelContext &context = enterKernel();
  std::string function = std::string(getOpName(type)) +
                         "_tiles_bcast<BroadcastType::" + getDimName(dim) + ">";
  checkInit(context, InitUnit::Fpu, getBcastKey(type, dim), function,
            getShortInit(type, dim) + " or init_bcast<ELW" +
                (type == ELWADD   ? "ADD"
                 : type == ELWSUB ? "SUB"
                                  : "MUL") +
                ", BroadcastType::" + getDimName(dim) + ">");
  float *dst = dstTile(context, idst, function.c_str(), DstState::Acquired);
  float a[1024], b[1024];
  unpackToSrc(context, 'A', icb0, itile0, a, function.c_str(), "in0");
  unpackToSrc(context, 'B', icb1, itile1, b, function.c_str(), "in1");
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      dst[r * 32 + c] = fpuBinaryToDst(context, type, a[r * 32 + c],
                                       b[getBroadcastIndex(dim, r, c)]);
  context.dstWritten[idst] = true;
  count(context, TileOp::EltwiseBinary);
  bool multiply = type == ELWMUL;
  timeFpuOp(context, Work::Eltwise, {icb0, icb1},
            multiply ? context.device->timing.eltwiseMulCyclesPerPhase
                     : context.device->timing.eltwiseCycles,
            multiply);
}

void tilt_emu::unaryBcastInit(BroadcastType dim, uint32_t icb, uint32_t ocb) {
  KernelContext &context = enterKernel();
  std::string call =
      std::string("unary_bcast_init<BroadcastType::") + getDimName(dim) + ">";
  // llk_unpack_hw_configure(icb) "will configure A & B in similar way";
  // llk_pack_hw_configure(ocb).
  setRegister(context, 'A', icb, call.c_str());
  setRegister(context, 'B', icb, call.c_str());
  setRegister(context, 'P', ocb, call.c_str());
  context.engine.fpuInit = std::string("unary_bcast ") + getDimName(dim);
  timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math});
}

void tilt_emu::unaryBcast(BroadcastType dim, uint32_t icb, uint32_t itile,
                          uint32_t idst) {
  KernelContext &context = enterKernel();
  std::string function =
      std::string("unary_bcast<BroadcastType::") + getDimName(dim) + ">";
  checkInit(context, InitUnit::Fpu,
            std::string("unary_bcast ") + getDimName(dim), function,
            std::string("unary_bcast_init<BroadcastType::") + getDimName(dim) +
                ">");
  float *dst = dstTile(context, idst, function.c_str(), DstState::Acquired);
  float tile[1024];
  if (context.engine.unpackToDestFp32 >> icb & 1u) {
    // A 32-bit unpack destination: straight into DST, exact (bcast.h).
    checkFormat(context, 'A', icb, function.c_str(), "");
    const CircularBuffer &buffer =
        readTile(context, icb, itile, tile, function.c_str());
    bool words = buffer.config.format == emu::DataFormat::Int32;
    if ((buffer.config.format != emu::DataFormat::Float32 && !words) ||
        !context.engine.fp32Dest)
      fail(context, function + ": " + getCBText(icb) +
                        " is in UnpackToDestFp32 mode, which needs a Float32 "
                        "or Int32 CB and fp32_dest_acc_en");
    if (words) {
      // int32 words move unchanged (an int32 may look like a NaN).
      for (uint32_t r = 0; r < 32; ++r)
        for (uint32_t c = 0; c < 32; ++c)
          std::memcpy(&dst[r * 32 + c], &tile[getBroadcastIndex(dim, r, c)], 4);
      context.dstWritten[idst] = true;
      count(context, TileOp::Copy);
      timeFpuOp(context, Work::Copy, {icb}, context.device->timing.copyCycles,
                false);
      return;
    }
  } else {
    unpackToSrc(context, 'B', icb, itile, tile, function.c_str(), "");
  }
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      dst[r * 32 + c] =
          toDst(context.engine, tile[getBroadcastIndex(dim, r, c)]);
  context.dstWritten[idst] = true;
  count(context, TileOp::Copy);
  timeFpuOp(context, Work::Copy, {icb}, context.device->timing.copyCycles, false);
}

//===----------------------------------------------------------------------===//
// SFPU
//===----------------------------------------------------------------------===//

void tilt_emu::sfpuScalar(SfpuScalarOp op, uint32_t idst, uint32_t bits) {
  KernelContext &context = enterKernel();
  ScalarOpInfo info = getScalarOpInfo(op);
  checkInit(context, InitUnit::Sfpu, info.init, info.function, info.init);
  float *x = dstTile(context, idst, info.function, DstState::Acquired);
  float scalar = fromBits(bits);
  // ckernel_sfpu_binop_with_scalar.h: rsub into a bf16 DST rounds to
  // nearest even instead of SFPSTORE's truncation.
  // tt-metal's float32_to_bf16_rne: bf16 precision in a Float16 DST too.
  // exp2 rounds to bf16 with SFPSTOCHRND (tt-llk ckernel_sfpu_exp2.h:
  // float_to_fp16b), ties away from zero; so does log_with_base, the log
  // body with a base scale (ckernel_sfpu_log.h: float_to_fp16b before the
  // store).
  bool roundNearest = op == SfpuScalarOp::Rsub && !context.engine.fp32Dest;
  bool roundAway =
      (op == SfpuScalarOp::Exp2 || op == SfpuScalarOp::LogWithBase) &&
      !context.engine.fp32Dest;
  // erf_tile without INP_FLOAT32 evaluates tt-metal's bf16-grade rational
  // fit (ckernel_sfpu_erf.h: n8/d8, "MaxULP=1" in bf16): the emulator
  // keeps erf to one bf16 step, truncated, whatever DST holds; with the
  // define (bits = 1) the fp32 fit, modelled as the C library's erf.
  bool bf16GradeErf = op == SfpuScalarOp::Erf && bits == 0;
  char relation = getRelation(op);
  for (uint32_t i = 0; i < 1024; ++i) {
    float v = relation ? compare(relation, x[i], scalar)
                       : applyScalar(op, x[i], scalar);
    if (bf16GradeErf)
      v = truncateToFormat(v, emu::DataFormat::Float16_b);
    if (roundNearest)
      v = sfpuRoundToBF16Even(v);
    else if (roundAway)
      v = sfpuRoundToBF16(v);
    x[i] = sfpuToDst(context.engine, v);
  }
  count(context, TileOp::SfpuUnary);
  timeSfpuOp(context, op == SfpuScalarOp::Exp2 || op == SfpuScalarOp::Silu ||
                          op == SfpuScalarOp::Erf ||
                          op == SfpuScalarOp::LogWithBase);
}

void tilt_emu::sfpuPair(SfpuPairOp op, uint32_t idst0, uint32_t idst1,
                        uint32_t odst) {
  KernelContext &context = enterKernel();
  const char *function = getPairName(op);
  char relation = getRelation(op);
  std::string init = std::string(function) + "_init";
  checkInit(context, InitUnit::Sfpu, init, function, init);
  float *a = dstTile(context, idst0, function, DstState::Acquired);
  float *b = dstTile(context, idst1, function, DstState::Acquired);
  float *out = dstTile(context, odst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i) {
    if (op == SfpuPairOp::Div) {
      out[i] = sfpuBinaryToDst(context.engine, ELWDIV, a[i], b[i]);
      continue;
    }
    if (relation) {
      out[i] = compare(relation, a[i], b[i]);
      continue;
    }
    float v =
        op == SfpuPairOp::Max ? std::max(a[i], b[i]) : std::min(a[i], b[i]);
    out[i] = sfpuToDst(context.engine, v);
  }
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
  timeSfpuOp(context, op == SfpuPairOp::Div);
}

void tilt_emu::copyDestValues(uint32_t idst, uint32_t odst) {
  KernelContext &context = enterKernel();
  const char *function = "copy_dest_values";
  checkInit(context, InitUnit::Sfpu, "copy_dest_values_init", function,
            "copy_dest_values_init");
  const float *in = dstTile(context, idst, function, DstState::Acquired);
  float *out = dstTile(context, odst, function, DstState::Acquired);
  std::copy(in, in + 1024, out);
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
  timeSfpuOp(context, false);
}

void tilt_emu::where(tt::DataFormat format, uint32_t icond, uint32_t itrue,
                     uint32_t ifalse, uint32_t odst) {
  KernelContext &context = enterKernel();
  const char *function = "where_tile";
  checkInit(context, InitUnit::Sfpu, "where_tile_init", function,
            "where_tile_init");
  // tt-llk ckernel_sfpu_where.h (_calculate_where_): Float32, Int32 and
  // UInt32 move DST's 32-bit words (SFPLOAD/SFPSTORE InstrModLoadStore::
  // INT32), which only an fp32 DST (fp32_dest_acc_en) holds; Float16_b
  // moves the 16-bit datum (LO16), which only a 16-bit DST holds. Any other
  // format fails its static_assert. The condition is zero when its loaded
  // word is (SFPSETCC LREG_EQ0).
  bool wide = format == tt::DataFormat::Float32 ||
              format == tt::DataFormat::Int32 ||
              format == tt::DataFormat::UInt32;
  if (!wide && format != tt::DataFormat::Float16_b)
    fail(context, "where_tile<DataFormat " + std::to_string(int(format)) +
                      ">: only Float32, Int32, UInt32 and Float16_b are "
                      "supported (tt-llk ckernel_sfpu_where.h)");
  if (wide != context.engine.fp32Dest)
    fail(context, std::string("where_tile<") +
                      (wide ? "a 32-bit format" : "DataFormat::Float16_b") +
                      "> with a " + (context.engine.fp32Dest ? "32" : "16") +
                      "-bit DST: it moves " + (wide ? "32" : "16") +
                      "-bit words, so the values would be garbage (" +
                      (wide ? "set fp32_dest_acc_en" : "use Float32") + ")");
  const float *cond = dstTile(context, icond, function, DstState::Acquired);
  const float *onTrue = dstTile(context, itrue, function, DstState::Acquired);
  const float *onFalse = dstTile(context, ifalse, function, DstState::Acquired);
  float *out = dstTile(context, odst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &cond[i], 4);
    bool zero = wide ? bits == 0 : cond[i] == 0.0f;
    // Bit for bit: a copy of the float would do, but memcpy keeps any
    // pattern (an Int32 word that is a signalling NaN as a float).
    std::memcpy(&out[i], zero ? &onFalse[i] : &onTrue[i], 4);
  }
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
  timeSfpuOp(context, false);
}
