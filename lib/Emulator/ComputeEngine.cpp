//===- ComputeEngine.cpp - The compute engine's shared helpers ------------===//
//
// The helpers of ComputeEngine.h that the files of the emulated compute API
// share: reports and timing records, the format registers and their checks,
// reading tiles from CBs and holding them in the source registers, the
// rounding of results into DST, the FPU's arithmetic, and the packer's
// conversion into L1. docs/emulator.md has each rule and its source in
// tt-metal / tt-llk.
//
//===----------------------------------------------------------------------===//

#include "ComputeEngine.h"
#include "BlockFloat.h"
#include "tilt_emu/compute_api.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

using namespace tilt;
using namespace tilt::emu;

namespace tilt {
namespace emu {
namespace engine {

[[noreturn]] void fail(KernelContext &context, const std::string &message) {
  context.device->fail(context, message);
}

void count(KernelContext &context, TileOp op) {
  ++context.counters.tileOps[size_t(op)];
}

void timeFpuOp(KernelContext &context, Work work,
               std::initializer_list<uint32_t> cbs, double mathCycles,
               bool perPhase) {
  const TimingParams &timing = context.device->timing;
  // SrcA's and SrcB's unpackers work in parallel, within their joint
  // bandwidth.
  double largest = 0, total = 0;
  for (uint32_t cb : cbs) {
    double bytes = getTileBytes(context.core->cbs[cb % 32].config.format);
    largest = std::max(largest, bytes);
    total += bytes;
  }
  double unpack = timing.unpackOverheadCycles +
                  std::max(largest / timing.unpackBytesPerCycle,
                           total / timing.unpackTotalBytesPerCycle);
  recordQueue(context, Stream::Unpack, EventKind::Reserve, kSourceQueue, 1);
  recordBusy(context, Stream::Unpack, Work::Unpack, unpack);
  recordQueue(context, Stream::Unpack, EventKind::Push, kSourceQueue, 1);
  recordQueue(context, Stream::Math, EventKind::Wait, kSourceQueue, 1);
  recordBusy(context, Stream::Math, work,
             mathCycles * (perPhase ? context.instance->fidelityPhases : 1));
  recordQueue(context, Stream::Math, EventKind::Pop, kSourceQueue, 1);
}

void timeSfpuOp(KernelContext &context, bool complex) {
  const TimingParams &timing = context.device->timing;
  recordBusy(context, Stream::Math, Work::Sfpu,
             complex ? timing.sfpuComplexCycles : timing.sfpuSimpleCycles);
}

void timeSetup(KernelContext &context, Work work,
               std::initializer_list<Stream> streams) {
  const TimingParams &timing = context.device->timing;
  for (Stream stream : streams)
    recordBusy(context, stream, work,
               work == Work::Init ? timing.initCycles : timing.reconfigCycles);
}

CircularBuffer &lookupCB(KernelContext &context, uint32_t index,
                         const char *function) {
  std::lock_guard<std::mutex> lock(context.device->mutex);
  return getCB(context, int32_t(index), function);
}

//===----------------------------------------------------------------------===//
// Format state
//===----------------------------------------------------------------------===//

/// 'A', 'B' or 'P' (the packer).
FormatRegister &getRegister(ComputeEngine &engine, char reg) {
  return reg == 'A' ? engine.srcA : reg == 'B' ? engine.srcB : engine.pack;
}

const char *getRegisterName(char reg) {
  return reg == 'A' ? "SrcA" : reg == 'B' ? "SrcB" : "the packer";
}

void setRegister(KernelContext &context, char reg, uint32_t cb,
                 const char *call) {
  FormatRegister &target = getRegister(context.engine, reg);
  target.configured = true;
  target.format = lookupCB(context, cb, call).config.format;
  target.setBy = std::string(call) + " from " + getCBText(cb);
}

std::string describeRegister(const FormatRegister &reg) {
  return std::string(getFormatName(reg.format)) + " (set by " + reg.setBy + ")";
}

/// Stops the kernel unless `reg` is configured for the format of `cb`.
/// `operand` says which operand of `function` the CB is; `hint` is added
/// to the report.
void checkFormat(KernelContext &context, char reg, uint32_t cb,
                 const char *function, const char *operand, const char *hint) {
  const FormatRegister &target = getRegister(context.engine, reg);
  emu::DataFormat format = lookupCB(context, cb, function).config.format;
  if (target.configured && target.format == format)
    return;
  // Only a failing check spends time on its report.
  std::string what =
      std::string(function) + (reg == 'P' ? " packs into " : " unpacks ") +
      (*operand ? std::string(operand) + " " : "") + getCBText(cb) + " (" +
      getFormatName(format) + ")" +
      (reg == 'P' ? "" : std::string(" through ") + getRegisterName(reg));
  if (!target.configured)
    fail(context, what + ", but no call has configured " +
                      getRegisterName(reg) +
                      " (compute_kernel_hw_startup comes first)");
  fail(context, what + ", but " + getRegisterName(reg) + " is configured for " +
                    describeRegister(target) + "; reconfigure it first" + hint);
}

//===----------------------------------------------------------------------===//
// Tiles in and out
//===----------------------------------------------------------------------===//

float *dstTile(KernelContext &context, uint32_t index, const char *function,
               DstState required) {
  if (context.dst != required) {
    const char *expected = required == DstState::Acquired
                               ? "between tile_regs_acquire and "
                                 "tile_regs_commit"
                               : "between tile_regs_wait and "
                                 "tile_regs_release";
    fail(context, std::string(function) + " must run " + expected);
  }
  if (index >= context.dstCapacity)
    fail(context,
         std::string(function) + ": DST index " + std::to_string(index) +
             " is out of range (DST holds " +
             std::to_string(context.dstCapacity) + " tiles per acquire with " +
             (context.engine.fp32Dest ? "fp32" : "16-bit") + " data in " +
             (context.dstCapacity > (context.engine.fp32Dest ? 4u : 8u)
                  ? "full"
                  : "half") +
             "-sync mode)");
  return context.dstTiles.data() + size_t(index) * 1024;
}

/// An FPU result as DST stores it: fp32, or rounded to nearest even to
/// its 16-bit format.
float toDst(const ComputeEngine &engine, double value) {
  return engine.fp32Dest ? float(value) : roundToFormat(value, engine.dst16);
}

/// An SFPU result as SFPSTORE writes it: fp32, or truncated to the 16-bit
/// format (tt-isa-documentation SFPSTORE.md).
float sfpuToDst(const ComputeEngine &engine, float value) {
  if (engine.fp32Dest)
    return value;
  if (engine.lax & LaxBF16Sfpu)
    value = truncateToFormat(value, emu::DataFormat::Float16_b);
  return truncateToFormat(value, engine.dst16);
}

unsigned getLaxRules() {
  // The emulator runtime depends on the C++ library only (CMakeLists.txt).
  static const unsigned rules = [] {
    const char *text = std::getenv("TILT_EMU_TESTING_LAX");
    std::string list = std::string(",") + (text ? text : "") + ",";
    unsigned bits = 0;
    for (auto [name, bit] : {std::make_pair(",tf32-copy,", LaxTF32Copy),
                             std::make_pair(",bf16-sfpu,", LaxBF16Sfpu),
                             std::make_pair(",lofi,", LaxLoFi),
                             std::make_pair(",bf16-dst,", LaxBF16Dst)})
      if (list.find(name) != std::string::npos)
        bits |= bit;
    return bits;
  }();
  return rules;
}

float sfpuBinaryToDst(const ComputeEngine &engine, EltwiseBinaryType type,
                      float a, float b) {
  float result = float(applyBinary(type, a, b));
  if (engine.fp32Dest || (type != ELWMUL && type != ELWDIV))
    return sfpuToDst(engine, result);
  // tt-metal's ckernel_sfpu_binary.h (wormhole_b0 and blackhole llk_sfpu):
  // without fp32 DST, mul rounds its product with float32_to_bf16_rne and
  // makes 0 * x zero (inf and NaN included), div rounds its quotient the
  // same way; the test is is_fp32_dest_acc_en alone, so a Float16 DST gets
  // bf16 precision too. add, sub and rsub keep SFPSTORE's truncation
  // (DstRoundingMode::Default).
  if (type == ELWMUL && (a == 0 || b == 0))
    result = 0.0f;
  return sfpuToDst(engine, sfpuRoundToBF16Even(result));
}

float fpuMultiply(const KernelContext &context, float a, float b) {
  if (!std::isfinite(a) || !std::isfinite(b))
    return toDst(context.engine, double(a) * double(b));
  unsigned phases = context.engine.fidelityPhases;
  double dst = 0;
  for (unsigned phase = 0; phase < phases; ++phase) {
    double product =
        double(fidelityPartA(a, phase)) * double(fidelityPartB(b, phase));
    dst = toDst(context.engine, dst + product);
  }
  return float(dst);
}

float fpuBinaryToDst(const KernelContext &context, EltwiseBinaryType type,
                     float a, float b) {
  if (type == ELWMUL)
    return fpuMultiply(context, a, b);
  return toDst(context.engine, applyFpuBinary(type, a, b));
}

/// Tile `itile` of the front of `cb`, row-major, exactly as stored.
const CircularBuffer &readTile(KernelContext &context, uint32_t cb,
                               uint32_t itile, float *out,
                               const char *function) {
  checkTileUnpack(context, function);
  CircularBuffer &buffer = lookupCB(context, cb, function);
  if (itile >= buffer.waited)
    fail(context, std::string(function) + " reads tile " +
                      std::to_string(itile) + " of " + getCBText(cb) +
                      " but the kernel waited for " +
                      std::to_string(buffer.waited) + " pages");
  const uint8_t *page = context.core->l1 + buffer.offset +
                        (buffer.readPage + itile) * buffer.config.pageSize;
  // The page in the tile layout of faces, row-major out.
  auto decode = [&](auto values, auto convert) {
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        out[r * 32 + c] = convert(values[faceIndex(r, c)]);
  };
  switch (buffer.config.format) {
  case emu::DataFormat::Float16_b:
    decode(reinterpret_cast<const uint16_t *>(page), bf16ToFloat);
    break;
  case emu::DataFormat::Float16:
    decode(reinterpret_cast<const uint16_t *>(page), halfToFloat);
    break;
  case emu::DataFormat::Float32:
    decode(reinterpret_cast<const float *>(page), [](float v) { return v; });
    break;
  case emu::DataFormat::Int32:
    // The words as they are (DST holds an int32 as its word).
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        std::memcpy(&out[r * 32 + c], page + 4 * faceIndex(r, c), 4);
    break;
  case emu::DataFormat::Bfp8_b:
  case emu::DataFormat::Bfp4_b: {
    // The unpacker's conversion to bf16 is exact (BlockFloat.cpp).
    float values[1024];
    unpackBfpTile(buffer.config.format, page, values);
    decode(values, [](float v) { return v; });
    break;
  }
  default:
    fail(context, std::string(function) +
                      ": the emulator computes on Float32, Float16, "
                      "Float16_b, Bfp8_b, Bfp4_b and Int32 tiles, not " +
                      getFormatName(buffer.config.format));
  }
  return buffer;
}

/// Unpacks tile `itile` of `cb` into source register `reg` ('A' or 'B'):
/// checks the configured format, then holds the values as the register
/// does (fp32 as TF32).
void unpackToSrc(KernelContext &context, char reg, uint32_t cb, uint32_t itile,
                 float *out, const char *function, const char *operand,
                 const char *hint) {
  checkFormat(context, reg, cb, function, operand, hint);
  if (context.engine.unpackToDestFp32 >> cb & 1u)
    fail(context, std::string(function) + " unpacks " + getCBText(cb) +
                      " through " + getRegisterName(reg) +
                      ", but the CB is in UnpackToDestFp32 mode "
                      "(ComputeConfig::unpack_to_dest_mode), in which the "
                      "unpacker writes it to DST: only copy_tile may read it");
  const CircularBuffer &buffer = readTile(context, cb, itile, out, function);
  // SrcA and SrcB hold 19-bit data (tt-isa-documentation SrcASrcB.md): an
  // int32 word does not survive them; tt-metal unpacks Int32 CBs straight
  // into DST (UnpackToDestFp32) and computes on them with the SFPU.
  if (buffer.config.format == emu::DataFormat::Int32)
    fail(context, std::string(function) + " unpacks " + getCBText(cb) +
                      " (Int32) through " + getRegisterName(reg) +
                      ", which holds 19 bits: int32 words must be unpacked "
                      "straight into DST (UnpackToDestFp32) by copy_tile");
  holdInSource(context.engine, buffer.config.format, out, 1024);
}

void holdInSource(const ComputeEngine &engine, emu::DataFormat format,
                  float *values, size_t count) {
  if (format != emu::DataFormat::Float32)
    return; // bf16 and fp16 fit the 19-bit source registers exactly.
  // TF32 with fp32_dest_acc_en; else the kernel's 16-bit format (the
  // rounding of that conversion is undocumented: truncation, the worse).
  emu::DataFormat source = engine.fp32Source;
  if (source == emu::DataFormat::Float32)
    for (size_t i = 0; i < count; ++i)
      values[i] = roundToTF32(values[i]);
  else
    for (size_t i = 0; i < count; ++i)
      values[i] = truncateToFormat(values[i], source);
}

double fpuAddWithInfinity(double a, double b) {
  bool infiniteA = std::isinf(a), infiniteB = std::isinf(b);
  if (infiniteA && infiniteB)
    return std::signbit(a) == std::signbit(b) ? a : NAN;
  double finite = infiniteA ? b : a;
  if (std::isnan(finite) || std::fabs(finite) >= 0x1p103)
    return NAN;
  return infiniteA ? a : b;
}

double applyFpuBinary(EltwiseBinaryType type, double a, double b) {
  switch (type) {
  case ELWADD:
    return fpuAdd(a, b);
  case ELWSUB:
    return fpuAdd(a, -b);
  default:
    return applyBinary(type, a, b);
  }
}

double applyBinary(EltwiseBinaryType type, double a, double b) {
  switch (type) {
  case ELWADD:
    return a + b;
  case ELWSUB:
    return a - b;
  case ELWMUL:
    return a * b;
  case ELWDIV:
    return a / b;
  default:
    return b;
  }
}

/// Whether the packer's edge mask keeps element (row, column): a mask bit
/// per datum of a 16-wide face row (tt-llk llk_pack_common.h
/// _llk_pack_reduce_mask_config_): REDUCE_ROW keeps the first datum of
/// every face row (tile columns 0 and 16), REDUCE_COL the first row of the
/// top faces, REDUCE_SCALAR element [0, 0].
bool isKeptByMask(PackMask mask, uint32_t row, uint32_t column) {
  switch (mask) {
  case PackMask::None:
    return true;
  case PackMask::Column0:
    return column % 16 == 0;
  case PackMask::Row0:
    return row == 0;
  case PackMask::Element0:
    return row == 0 && column == 0;
  }
  return true;
}

} // namespace engine
} // namespace emu
} // namespace tilt

//===----------------------------------------------------------------------===//
// The packer
//===----------------------------------------------------------------------===//

using namespace tilt::emu::engine;

void engine::packTile(KernelContext &context, const float *values, uint32_t ocb,
                      uint32_t position, const char *function) {
  checkTilePack(context, function);
  CircularBuffer &cb = lookupPackedCB(context, ocb, function);
  if (position >= cb.reserved)
    fail(context, std::string(function) + " writes tile " +
                      std::to_string(position) + " of " + getCBText(ocb) +
                      " but the kernel reserved " +
                      std::to_string(cb.reserved) + " pages");
  uint8_t *page = context.core->l1 + cb.offset +
                  (cb.writePage + position) * cb.config.pageSize;
  PackMask mask = context.engine.mask;
  if (cb.config.format == emu::DataFormat::Bfp8_b ||
      cb.config.format == emu::DataFormat::Bfp4_b) {
    // A block float is packed a face row (16 datums) at a time.
    float faceOrder[1024];
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        faceOrder[faceIndex(r, c)] =
            isKeptByMask(mask, r, c) ? values[r * 32 + c] : 0.0f;
    packBfpTile(cb.config.format, faceOrder, context.engine.bfp8PackPrecise,
                context.engine.fp32Dest, page);
    return;
  }
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      packDatum(context.engine, cb.config.format,
                isKeptByMask(mask, r, c) ? values[r * 32 + c] : 0.0f, page,
                faceIndex(r, c));
}

CircularBuffer &engine::lookupPackedCB(KernelContext &context, uint32_t ocb,
                                       const char *function) {
  checkFormat(context, 'P', ocb, function, "");
  CircularBuffer &cb = lookupCB(context, ocb, function);
  emu::DataFormat format = cb.config.format;
  bool blockFloat =
      format == emu::DataFormat::Bfp8_b || format == emu::DataFormat::Bfp4_b;
  if (format != emu::DataFormat::Float32 &&
      format != emu::DataFormat::Float16 &&
      format != emu::DataFormat::Float16_b && !blockFloat &&
      format != emu::DataFormat::Int32)
    fail(context, std::string(function) +
                      ": the emulator packs Float32, Float16, Float16_b, "
                      "Bfp8_b, Bfp4_b and Int32 tiles, not " +
                      getFormatName(format));
  if (blockFloat && context.engine.l1Accumulate)
    fail(context, std::string(function) + " into " + getCBText(ocb) + " (" +
                      getFormatName(format) +
                      ") with L1 accumulation, which adds FP32, BF16 and FP16 "
                      "data only (tt-isa-documentation L1.md)");
  if (format == emu::DataFormat::Int32 && !context.engine.fp32Dest)
    fail(context, std::string(function) + " into " + getCBText(ocb) +
                      " (Int32) from a 16-bit DST, which holds no int32 "
                      "words (fp32_dest_acc_en)");
  if (format == emu::DataFormat::Int32 && context.engine.l1Accumulate)
    fail(context, std::string(function) + " into " + getCBText(ocb) +
                      " (Int32) with L1 accumulation, which adds FP32, BF16 "
                      "and FP16 data only (tt-isa-documentation L1.md)");
  return cb;
}

void engine::packDatum(const ComputeEngine &engine, emu::DataFormat format,
                       float value, uint8_t *data, size_t index) {
  // L1 accumulation adds the converted datum to the one in L1, in the L1
  // format (L1.md: near-memory accumulate of FP32, BF16, FP16); the
  // rounding of that add is undocumented: to nearest even here.
  bool accumulate = engine.l1Accumulate;
  if (format == emu::DataFormat::Int32) {
    // The packer writes DST's 32-bit word unconverted: an int32 computed
    // there stays itself, a float becomes its bits.
    std::memcpy(data + 4 * index, &value, 4);
    return;
  }
  if (format == emu::DataFormat::Float32) {
    float *stored = reinterpret_cast<float *>(data) + index;
    *stored = accumulate ? *stored + value : value;
    return;
  }
  uint16_t *stored = reinterpret_cast<uint16_t *>(data) + index;
  bool bf16 = format == emu::DataFormat::Float16_b;
  // From an fp32 DST into a Float16 CB the packer's source format is
  // Float16_b (tt-metal jit_build/data_format.cpp), so the value passes
  // through bf16.
  float converted = !bf16 && engine.fp32Dest ? packFp32ToHalf(value)
                                             : packRound(value, format);
  if (accumulate)
    converted = roundToFormat(double(converted) + (bf16 ? bf16ToFloat(*stored)
                                                        : halfToFloat(*stored)),
                              format);
  *stored = bf16 ? floatToBF16(converted) : floatToHalf(converted);
}
