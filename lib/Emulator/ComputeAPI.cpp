//===- ComputeAPI.cpp - The Metalium compute API on the emulator ----------===//
//
// The compute engine of a core as the kernel sees it through the API: the
// configuration state of the unpacker, math engine and packer, DST, and the
// tile operations. What decides the numbers follows the hardware, never
// more leniently (docs/emulator.md has each rule and its source in
// tt-metal / tt-llk):
//
//  - SrcA, SrcB and the packer decode and encode with the format they are
//    configured for, not the CB's; unpacking a CB of another format, or
//    packing into one, is an error naming the call that configured it.
//  - fp32 data that enters SrcA/SrcB is TF32; only copy_tile of a CB in
//    UnpackToDestFp32 mode brings fp32 into DST unchanged.
//  - Without fp32_dest_acc_en, DST is 16-bit and every result written to it
//    is rounded to that format.
//  - reduce_tile leaves garbage outside its result, which the packer's edge
//    mask hides only between reduce_init and reduce_uninit.
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

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

void emu::initComputeEngine(KernelContext &context,
                            const KernelInstance &instance) {
  ComputeEngine &engine = context.engine;
  // Half-sync DST (tile_regs_*): half of 16 tiles of 16-bit data, or of 8
  // with fp32 (ttnn kernel_lib dest_helpers.hpp, tt-llk ckernel.h
  // get_dest_max_tiles); the whole of it with dst_full_sync_en.
  context.dstCapacity =
      (instance.fp32DestAcc ? 4 : 8) * (instance.dstFullSync ? 2 : 1);
  engine.fp32Dest = instance.fp32DestAcc;
  engine.bfp8PackPrecise = instance.bfp8PackPrecise;
  engine.unpackToDestFp32 = instance.unpackToDestFp32;
  engine.lax = getLaxRules();
  engine.fidelityPhases =
      engine.lax & LaxLoFi ? 1u : std::max(1u, instance.fidelityPhases);
  // The JIT build's unpack_conditional_dst_format (genfiles.cpp
  // compute_data_formats): Float16 when the CBs' exponents are of kind A
  // (Float16) or every CB is Float32, else Float16_b; with
  // fp32_dest_acc_en, Float32 data becomes TF32 unless kind-A formats are
  // mixed in (data_format.cpp get_unpack_dst_formats).
  bool anyFloat16 = false, allFloat32 = true, any = false;
  for (const CircularBuffer &cb : context.core->cbs)
    if (cb.configured) {
      any = true;
      anyFloat16 |= cb.config.format == emu::DataFormat::Float16;
      allFloat32 &= cb.config.format == emu::DataFormat::Float32;
    }
  bool kindA = anyFloat16 || (any && allFloat32);
  engine.dst16 = kindA && !(engine.lax & LaxBF16Dst)
                     ? emu::DataFormat::Float16
                     : emu::DataFormat::Float16_b;
  engine.fp32Source = instance.fp32DestAcc && (allFloat32 || !kindA)
                          ? emu::DataFormat::Float32
                          : engine.dst16;
}

// cb_get_tile (api/compute/cb_api.h) gives the compute kernel a pointer
// to tile `index` at the front of a CB, as the LLKs' get_tile calls return
// the unpacker's read pointer: 16 bytes before the page, so the page's
// first word is p[4] ("Using cb_get_tile, the first 4 elements do not have
// the data": ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/
// kernels/compute/sdpa_flash_decode.cpp reads cur_pos at index_addr_ptr[4
// + ...] after cb_wait_front of the page the reader pushed).
// The tile must be among the pages waited for; cb_release_tile ends the
// read.
void cb_get_tile(uint32_t cb_id, uint32_t index, volatile void *p_tile,
                 tilt_emu::Here here) {
  tilt_emu::at(here);
  KernelContext &context = enterKernel();
  CircularBuffer &buffer = lookupCB(context, cb_id, "cb_get_tile");
  if (index >= buffer.waited)
    fail(context, "cb_get_tile reads tile " + std::to_string(index) + " of cb " +
                      std::to_string(cb_id) + " but the kernel waited for " +
                      std::to_string(buffer.waited) + " pages");
  uint32_t offset = buffer.offset + (buffer.readPage + index) *
                                        buffer.config.pageSize;
  volatile uint8_t *pointer = context.core->l1 + offset - 16;
  *reinterpret_cast<volatile uint8_t *volatile *>(p_tile) = pointer;
  context.engine.gotTile |= 1u << cb_id;
}

void cb_release_tile(uint32_t cb_id, tilt_emu::Here here) {
  tilt_emu::at(here);
  KernelContext &context = enterKernel();
  if (!(context.engine.gotTile >> cb_id & 1u))
    fail(context, "cb_release_tile of cb " + std::to_string(cb_id) +
                      " without cb_get_tile");
  context.engine.gotTile &= ~(1u << cb_id);
}

void tilt_emu::noInit() { enterKernel(); }

void tilt_emu::recordInit(InitUnit unit, const char *name) {
  KernelContext &context = enterKernel();
  (unit == InitUnit::Fpu ? context.engine.fpuInit : context.engine.sfpuInit) =
      name;
  if (unit == InitUnit::Fpu)
    timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math});
  else
    timeSetup(context, Work::Init, {Stream::Math});
}

void tilt_emu::configureFormats(const char *call, int32_t srcA, int32_t srcB,
                                int32_t pack) {
  KernelContext &context = enterKernel();
  if (srcA != kKeep)
    setRegister(context, 'A', uint32_t(srcA), call);
  if (srcB != kKeep)
    setRegister(context, 'B', uint32_t(srcB), call);
  if (pack != kKeep)
    setRegister(context, 'P', uint32_t(pack), call);
  if (srcA != kKeep || srcB != kKeep)
    timeSetup(context, Work::Reconfigure, {Stream::Unpack});
  if (pack != kKeep)
    timeSetup(context, Work::Reconfigure, {Stream::Pack});
}

void tilt_emu::reconfigureIfDifferent(const char *call, char reg,
                                      uint32_t oldCB, uint32_t newCB) {
  KernelContext &context = enterKernel();
  emu::DataFormat oldFormat = lookupCB(context, oldCB, call).config.format;
  emu::DataFormat newFormat = lookupCB(context, newCB, call).config.format;
  if (oldFormat != newFormat)
    setRegister(context, reg, newCB, call);
  timeSetup(context, Work::Reconfigure,
            {reg == 'P' ? Stream::Pack : Stream::Unpack});
}

void tilt_emu::setL1Accumulation(uint32_t enable) {
  KernelContext &context = enterKernel();
  context.engine.l1Accumulate = enable != 0;
  timeSetup(context, Work::Reconfigure, {Stream::Pack});
}

//===----------------------------------------------------------------------===//
// DST
//===----------------------------------------------------------------------===//

void tile_regs_acquire(tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  if (context.dst != DstState::Released)
    fail(context, "tile_regs_acquire while DST is held (no tile_regs_release "
                  "since the last acquire)");
  context.dst = DstState::Acquired;
  // The packer clears the half it releases, so an acquired half is zero.
  context.dstTiles.assign(size_t(context.dstCapacity) * 1024, 0.0f);
  context.dstWritten.assign(context.dstCapacity, false);
  recordQueue(context, Stream::Math, EventKind::Reserve, kDstQueue, 1);
  recordBusy(context, Stream::Math, Work::Api,
             context.device->timing.dstHandshakeCycles);
}

void tile_regs_commit(tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  if (context.dst != DstState::Acquired)
    fail(context, "tile_regs_commit without tile_regs_acquire");
  context.dst = DstState::Committed;
  recordQueue(context, Stream::Math, EventKind::Push, kDstQueue, 1);
}

void tile_regs_wait(tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  if (context.dst != DstState::Committed)
    fail(context, "tile_regs_wait without tile_regs_commit");
  context.dst = DstState::Waited;
  recordQueue(context, Stream::Pack, EventKind::Wait, kDstQueue, 1);
  recordBusy(context, Stream::Pack, Work::Api,
             context.device->timing.dstHandshakeCycles);
}

void tile_regs_release(tilt_emu::Here here) {
  KernelContext &context = enterKernel();
  context.line = here.line;
  if (context.dst != DstState::Waited)
    fail(context, "tile_regs_release without tile_regs_wait");
  context.dst = DstState::Released;
  recordQueue(context, Stream::Pack, EventKind::Pop, kDstQueue, 1);
}

//===----------------------------------------------------------------------===//
// FPU: matmul, eltwise binary, reduce, transpose, copy
//===----------------------------------------------------------------------===//

namespace {

/// Where reduce_tile leaves garbage in DST besides its result: the rest of
/// the faces it writes (tt-llk _llk_math_reduce_: a row reduction pools
/// into faces 0 and 2 and transposes back through SrcB, a column reduction
/// pools into row 0 of faces 0 and 1).
bool isReduceGarbage(ReduceDim dim, uint32_t row, uint32_t column) {
  switch (dim) {
  case REDUCE_ROW:
    return column > 0 && column < 16;
  case REDUCE_COL:
    return row > 0 && row < 16;
  default:
    return row < 16 && column < 16 && (row || column);
  }
}

} // namespace

/// The products of one 16-element chunk of K for a whole tile: sums[i][j]
/// = sum over k < 16 of scales[i][k] * rows[k][j], where scales has a row
/// stride of 32 and rows are 32 wide. Each product of fidelity parts is
/// exact in double (at most 7 by 6 significant bits). The AVX2 clone,
/// chosen at load time on the machines that have it, keeps a row of sums
/// in registers.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void
multiplyChunk(const double *scales, const double *rows, double *sums) {
  for (uint32_t i = 0; i < 32; ++i) {
    double row[32] = {};
    for (uint32_t k = 0; k < 16; ++k) {
      double scale = scales[i * 32 + k];
      for (uint32_t j = 0; j < 32; ++j)
        row[j] += scale * rows[k * 32 + j];
    }
    for (uint32_t j = 0; j < 32; ++j)
      sums[i * 32 + j] = row[j];
  }
}

/// dst[n] = float(dst[n] + sums[n]) for a whole fp32 DST tile, if every
/// operand is finite (then fpuAdd is the IEEE sum); false, with the tile
/// unchanged, if any is not.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static bool
addFiniteToDst(const double *sums, float *dst) {
  // A value is finite unless its exponent field is all ones.
  uint64_t sumsExponents = 0;
  uint32_t dstExponents = 0;
  for (uint32_t n = 0; n < 1024; ++n) {
    uint64_t sumBits;
    uint32_t dstBits;
    std::memcpy(&sumBits, sums + n, sizeof sumBits);
    std::memcpy(&dstBits, dst + n, sizeof dstBits);
    sumsExponents |=
        uint64_t((sumBits & 0x7ff0000000000000u) == 0x7ff0000000000000u);
    dstExponents |= uint32_t((dstBits & 0x7f800000u) == 0x7f800000u);
  }
  if (sumsExponents || dstExponents)
    return false;
  for (uint32_t n = 0; n < 1024; ++n)
    dst[n] = float(double(dst[n]) + sums[n]);
  return true;
}

void tilt_emu::matmulInit(uint32_t, uint32_t, uint32_t transpose) {
  KernelContext &context = enterKernel();
  context.engine.matmulTranspose = transpose != 0;
}

/// DST[idst] += in0[itile0] x in1[itile1], the numerics of one product
/// (its timing is the caller's).
static void multiplyTile(KernelContext &context, const char *function,
                         uint32_t in0, uint32_t in1, uint32_t itile0,
                         uint32_t itile1, uint32_t idst) {
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  const char *hint = " (matmul unpacks in0 to SrcB and in1 to SrcA: "
                     "compute_kernel_hw_startup<SrcOrder::Reverse>(in0, in1, "
                     "out) configures them so)";
  float a[1024], b[1024];
  unpackToSrc(context, 'B', in0, itile0, a, function, "in0", hint);
  unpackToSrc(context, 'A', in1, itile1, b, function, "in1", hint);
  if (context.engine.matmulTranspose)
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = r + 1; c < 32; ++c)
        std::swap(b[r * 32 + c], b[c * 32 + r]);
  // The FPU multiplies 16 inner elements at a time into DST, so DST
  // rounds (to its format) once per 16-element chunk of K; each fidelity
  // phase is a pass of its own over the whole tile (tt-llk
  // llk_math_matmul.h: the phases are the MOP's loop around the 16
  // MVMULs), multiplying the bits of in0 (SrcB) and in1 (SrcA) that phase
  // uses (MatrixUnit.md). The products of those parts are exact in double.
  // A phase whose parts are all zero adds nothing and is skipped.
  unsigned phases = context.engine.fidelityPhases;
  static thread_local double partA[1024], partB[1024];
  double sums[32 * 32];
  bool fp32Dest = context.engine.fp32Dest;
  for (unsigned phase = 0; phase < phases; ++phase) {
    bool anyB = false, anyA = false;
    for (uint32_t n = 0; n < 1024; ++n) {
      partB[n] = fidelityPartB(a[n], phase);
      partA[n] = fidelityPartA(b[n], phase);
      anyB |= partB[n] != 0;
      anyA |= partA[n] != 0;
    }
    if (phase > 0 && (!anyB || !anyA))
      continue;
    for (uint32_t chunk = 0; chunk < 32; chunk += 16) {
      multiplyChunk(partB + chunk, partA + chunk * 32, sums);
      if (fp32Dest && addFiniteToDst(sums, dst))
        continue;
      for (uint32_t i = 0; i < 32; ++i) {
        float *out = dst + i * 32;
        for (uint32_t j = 0; j < 32; ++j) {
          double sum = sums[i * 32 + j];
          // A chunk with an infinite product adds again by the FPU's rules
          // (rare: the fast sum above is IEEE).
          if (!std::isfinite(sum)) {
            sum = 0;
            for (uint32_t k = chunk; k < chunk + 16; ++k)
              sum = fpuAdd(sum, partB[i * 32 + k] * partA[k * 32 + j]);
          }
          double total = fpuAdd(double(out[j]), sum);
          out[j] = fp32Dest ? float(total) : toDst(context.engine, total);
        }
      }
    }
  }
  context.dstWritten[idst] = true;
  count(context, TileOp::Matmul);
}

void tilt_emu::matmul(uint32_t in0, uint32_t in1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst) {
  KernelContext &context = enterKernel();
  multiplyTile(context, "matmul_tiles", in0, in1, itile0, itile1, idst);
  timeFpuOp(context, Work::Matmul, {in0, in1},
            context.device->timing.matmulCyclesPerPhase, true);
}

void tilt_emu::matmulBlock(uint32_t in0, uint32_t in1, uint32_t itile0,
                           uint32_t itile1, uint32_t idst, uint32_t ct,
                           uint32_t rt, uint32_t kt) {
  KernelContext &context = enterKernel();
  for (uint32_t r = 0; r < rt; ++r)
    for (uint32_t c = 0; c < ct; ++c)
      multiplyTile(context, "matmul_block", in0, in1, itile0 + r * kt,
                   itile1 + c, idst + r * ct + c);
  // The unpacker holds one operand across the block (tt-llk
  // llk_unpack_AB_matmul.h, _llk_unpack_AB_matmul_: reuse_a = ct_dim >=
  // rt_dim). With reuse, each row's in0 tile goes to SrcB once and every
  // in1 tile of the row to SrcA; else each column's in1 tile once and every
  // in0 tile of the column. So only the first product of a row (column)
  // unpacks both operands.
  bool reuseIn0 = ct >= rt;
  uint32_t outer = reuseIn0 ? rt : ct, inner = reuseIn0 ? ct : rt;
  uint32_t streamed = reuseIn0 ? in1 : in0;
  double cycles = context.device->timing.matmulCyclesPerPhase;
  for (uint32_t t = 0; t < outer; ++t)
    for (uint32_t u = 0; u < inner; ++u) {
      if (u == 0)
        timeFpuOp(context, Work::Matmul, {in0, in1}, cycles, true);
      else
        timeFpuOp(context, Work::Matmul, {streamed}, cycles, true);
    }
}

void tilt_emu::binaryTiles(EltwiseBinaryType type, uint32_t icb0,
                           uint32_t icb1, uint32_t itile0, uint32_t itile1,
                           uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = type == ELWADD   ? "add_tiles"
                         : type == ELWSUB ? "sub_tiles"
                                          : "mul_tiles";
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  float a[1024], b[1024];
  unpackToSrc(context, 'A', icb0, itile0, a, function, "in0");
  unpackToSrc(context, 'B', icb1, itile1, b, function, "in1");
  for (uint32_t i = 0; i < 1024; ++i)
    dst[i] = fpuBinaryToDst(context, type, a[i], b[i]);
  context.dstWritten[idst] = true;
  count(context, TileOp::EltwiseBinary);
  bool multiply = type == ELWMUL;
  timeFpuOp(context, Work::Eltwise, {icb0, icb1},
            multiply ? context.device->timing.eltwiseMulCyclesPerPhase
                     : context.device->timing.eltwiseCycles,
            multiply);
}

void tilt_emu::destReuse(EltwiseBinaryType type,
                         EltwiseBinaryReuseDestType reuse, uint32_t icb,
                         uint32_t itile, uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = "binary_dest_reuse_tiles";
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  // DEST_TO_SRCA: DST moves to SrcA (operand A, the left one) and the CB
  // tile is unpacked to SrcB; DEST_TO_SRCB the other way round.
  bool destIsA = reuse == EltwiseBinaryReuseDestType::DEST_TO_SRCA;
  float tile[1024];
  unpackToSrc(context, destIsA ? 'B' : 'A', icb, itile, tile, function, "in");
  // The move from an fp32 DST to a source register truncates to the
  // register's format: TF32 when it is configured for Float32, else bf16
  // (MOVD2A.md / MOVD2B.md); a 16-bit DST moves unchanged.
  const FormatRegister &target = destIsA ? context.engine.srcA
                                         : context.engine.srcB;
  emu::DataFormat moveFormat = target.format == emu::DataFormat::Float32
                              ? emu::DataFormat::Float32
                              : target.format == emu::DataFormat::Float16
                                    ? emu::DataFormat::Float16
                                    : emu::DataFormat::Float16_b;
  for (uint32_t i = 0; i < 1024; ++i) {
    double moved = dst[i];
    if (context.engine.fp32Dest)
      moved = moveFormat == emu::DataFormat::Float32
                  ? roundToTF32(dst[i])
                  : truncateToFormat(dst[i], moveFormat);
    dst[i] = destIsA ? fpuBinaryToDst(context, type, float(moved), tile[i])
                     : fpuBinaryToDst(context, type, tile[i], float(moved));
  }
  context.dstWritten[idst] = true;
  count(context, TileOp::EltwiseBinary);
  bool multiply = type == ELWMUL;
  timeFpuOp(context, Work::Eltwise, {icb},
            multiply ? context.device->timing.eltwiseMulCyclesPerPhase
                     : context.device->timing.eltwiseCycles,
            multiply);
}

void tilt_emu::copy(uint32_t icb, uint32_t itile, uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = "copy_tile";
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  float tile[1024];
  if (context.engine.unpackToDestFp32 >> icb & 1u) {
    // Unpacked straight into DST: fp32 stays fp32 (data_format.cpp gives
    // the CB a Float32 unpack destination instead of Tf32).
    checkFormat(context, 'A', icb, function, "");
    const CircularBuffer &buffer = readTile(context, icb, itile, tile, function);
    bool words = buffer.config.format == emu::DataFormat::Float32 ||
                 buffer.config.format == emu::DataFormat::Int32;
    if (!words || !context.engine.fp32Dest)
      fail(context, "copy_tile: " + getCBText(icb) +
                        " is in UnpackToDestFp32 mode, which needs a Float32 "
                        "or Int32 CB and fp32_dest_acc_en");
    if (buffer.config.format == emu::DataFormat::Int32) {
      // The words unchanged (the unpacker's Int32 to a 32-bit DST).
      std::memcpy(dst, tile, sizeof(tile));
      context.dstWritten[idst] = true;
      count(context, TileOp::Copy);
      timeFpuOp(context, Work::Copy, {icb}, context.device->timing.copyCycles,
                false);
      return;
    }
  } else {
    unpackToSrc(context, 'A', icb, itile, tile, function, "");
  }
  if ((context.engine.lax & LaxTF32Copy) &&
      (context.engine.unpackToDestFp32 >> icb & 1u))
    for (uint32_t i = 0; i < 1024; ++i)
      tile[i] = roundToTF32(tile[i]);
  for (uint32_t i = 0; i < 1024; ++i)
    dst[i] = toDst(context.engine, tile[i]);
  context.dstWritten[idst] = true;
  count(context, TileOp::Copy);
  timeFpuOp(context, Work::Copy, {icb}, context.device->timing.copyCycles, false);
}

void tilt_emu::transpose(uint32_t icb, uint32_t itile, uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = "transpose_wh_tile";
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  float tile[1024];
  unpackToSrc(context, 'A', icb, itile, tile, function, "");
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      dst[c * 32 + r] = toDst(context.engine, tile[r * 32 + c]);
  context.dstWritten[idst] = true;
  count(context, TileOp::Transpose);
  timeFpuOp(context, Work::Transpose, {icb}, context.device->timing.transposeCycles, false);
}

void tilt_emu::reduceInit(PoolType, ReduceDim dim) {
  KernelContext &context = enterKernel();
  context.engine.mask = dim == REDUCE_ROW   ? PackMask::Column0
                        : dim == REDUCE_COL ? PackMask::Row0
                                            : PackMask::Element0;
}

void tilt_emu::reduceUninit() {
  KernelContext &context = enterKernel();
  context.engine.mask = PackMask::None;
  timeSetup(context, Work::Init, {Stream::Pack});
}

void tilt_emu::reduce(PoolType type, ReduceDim dim, uint32_t icb, uint32_t scb,
                      uint32_t itile, uint32_t iscaler, uint32_t idst) {
  KernelContext &context = enterKernel();
  const char *function = "reduce_tile";
  // tt-llk's _llk_math_reduce_ pools by max (GMPOOL) or else sums
  // (GAPOOL): it has no minimum.
  if (type == MIN)
    fail(context, "reduce_tile<PoolType::MIN>: the FPU's reduce pools by "
                  "SUM, AVG or MAX (sfpu_reduce has MIN)");
  float *dst = dstTile(context, idst, function, DstState::Acquired);
  float tile[1024], scaler[1024];
  unpackToSrc(context, 'A', icb, itile, tile, function, "in");
  unpackToSrc(context, 'B', scb, iscaler, scaler, function, "scaler");
  double scale = scaler[0];
  bool first = !context.dstWritten[idst];
  // Sums add 16 elements at a time into DST, like matmul.
  auto fold = [&](uint32_t count, double into, auto element) {
    if (type == MAX) {
      double result = first ? -INFINITY : into;
      for (uint32_t i = 0; i < count; ++i)
        result = std::max(result, element(i) * scale);
      return double(toDst(context.engine, result));
    }
    // GAPOOL multiplies over the fidelity phases as MVMUL does (ISA
    // GAPOOL.md; tt-llk llk_math_reduce.h), the data in SrcA and the
    // scaler in SrcB: at LoFi a sum keeps five bits of each element.
    double result = into;
    for (unsigned phase = 0; phase < context.engine.fidelityPhases;
         ++phase) {
      double scalePart = fidelityPartB(float(scale), phase);
      if (phase > 0 && scalePart == 0)
        continue;
      for (uint32_t chunk = 0; chunk < count; chunk += 16) {
        double sum = 0;
        for (uint32_t i = chunk; i < std::min(count, chunk + 16); ++i)
          sum =
              fpuAdd(sum, fidelityPartA(float(element(i)), phase) * scalePart);
        result = toDst(context.engine, fpuAdd(result, sum));
      }
    }
    return result;
  };
  if (dim == REDUCE_ROW) {
    for (uint32_t r = 0; r < 32; ++r)
      dst[r * 32] = float(fold(32, dst[r * 32], [&](uint32_t c) {
        return double(tile[r * 32 + c]);
      }));
  } else if (dim == REDUCE_COL) {
    for (uint32_t c = 0; c < 32; ++c)
      dst[c] = float(fold(32, dst[c], [&](uint32_t r) {
        return double(tile[r * 32 + c]);
      }));
  } else {
    dst[0] = float(fold(1024, dst[0], [&](uint32_t i) { return double(tile[i]); }));
  }
  // The garbage the packer's edge mask hides is NaN here, so that packing
  // it unmasked cannot go unseen.
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      if (isReduceGarbage(dim, r, c))
        dst[r * 32 + c] = NAN;
  context.dstWritten[idst] = true;
  count(context, TileOp::Reduce);
  timeFpuOp(context, Work::Reduce, {icb, scb}, context.device->timing.reduceCyclesPerPhase,
            true);
}

//===----------------------------------------------------------------------===//
// SFPU
//===----------------------------------------------------------------------===//

void tilt_emu::sfpuBinary(EltwiseBinaryType type, uint32_t idst0,
                          uint32_t idst1, uint32_t odst) {
  KernelContext &context = enterKernel();
  const char *function = "an SFPU binary op";
  float *a = dstTile(context, idst0, function, DstState::Acquired);
  float *b = dstTile(context, idst1, function, DstState::Acquired);
  float *out = dstTile(context, odst, function, DstState::Acquired);
  for (uint32_t i = 0; i < 1024; ++i)
    out[i] = sfpuBinaryToDst(context.engine, type, a[i], b[i]);
  context.dstWritten[odst] = true;
  count(context, TileOp::SfpuBinary);
  timeSfpuOp(context, type == ELWDIV);
}

void tilt_emu::sfpuUnary(Unary op, uint32_t idst) {
  KernelContext &context = enterKernel();
  float *x = dstTile(context, idst, "an SFPU unary op", DstState::Acquired);
  // Into a 16-bit DST these functions round their result to bf16 before
  // SFPSTORE (SFPSTOCHRND, ties away from zero; bf16 precision in a
  // Float16 DST too): tt-metal's llk_sfpu ckernel_sfpu_exp.h
  // (calculate_exponential: TTI_SFP_STOCH_RND ... FP32_TO_FP16B),
  // ckernel_sfpu_log.h, ckernel_sfpu_recip.h (one Newton step from a bf16
  // seed, then convert<vFloat16b>), ckernel_sfpu_tanh.h,
  // ckernel_sfpu_sigmoid.h, tt-llk ckernel_sfpu_sqrt.h (sqrt, rsqrt:
  // float_to_fp16b). gelu and square store with SFPSTORE's truncation.
  bool roundsToBF16 =
      !context.engine.fp32Dest &&
      (op == Unary::Exp || op == Unary::Log || op == Unary::Sqrt ||
       op == Unary::Rsqrt || op == Unary::Recip || op == Unary::Tanh ||
       op == Unary::Sigmoid);
  for (uint32_t i = 0; i < 1024; ++i) {
    float v = x[i];
    switch (op) {
    case Unary::Exp: v = std::exp(v); break;
    case Unary::Log: v = std::log(v); break;
    case Unary::Sqrt: v = std::sqrt(v); break;
    case Unary::Rsqrt: v = 1.0f / std::sqrt(v); break;
    case Unary::Recip: v = 1.0f / v; break;
    case Unary::Relu: v = v > 0.0f ? v : 0.0f; break;
    case Unary::Gelu:
      v = 0.5f * v * (1.0f + std::erf(v * 0.70710678118654752f));
      break;
    case Unary::Tanh: v = std::tanh(v); break;
    case Unary::Sigmoid: v = 1.0f / (1.0f + std::exp(-v)); break;
    case Unary::Abs: v = std::fabs(v); break;
    case Unary::Negative: v = -v; break;
    case Unary::Square: v = v * v; break;
    }
    if (roundsToBF16)
      v = sfpuRoundToBF16(v);
    x[i] = sfpuToDst(context.engine, v);
  }
  count(context, TileOp::SfpuUnary);
  timeSfpuOp(context, op != Unary::Relu && op != Unary::Abs &&
                          op != Unary::Negative && op != Unary::Square);
}

void tilt_emu::fill(uint32_t idst, float value) {
  KernelContext &context = enterKernel();
  float *dst = dstTile(context, idst, "fill_tile", DstState::Acquired);
  std::fill(dst, dst + 1024, sfpuToDst(context.engine, value));
  context.dstWritten[idst] = true;
  count(context, TileOp::Fill);
  timeSfpuOp(context, false);
}

//===----------------------------------------------------------------------===//
// Pack
//===----------------------------------------------------------------------===//

void tilt_emu::pack(uint32_t idst, uint32_t ocb, bool outOfOrder,
                    uint32_t index) {
  KernelContext &context = enterKernel();
  const char *function = "pack_tile";
  const float *dst = dstTile(context, idst, function, DstState::Waited);
  // Blackhole's tilize_init configures the packer for tilize too
  // (tilize.h: PACK(llk_pack_init<false, false, true /*tilize en*/>) under
  // ARCH_BLACKHOLE), until tilize_uninit.
  if (context.engine.packerTilize)
    fail(context, std::string(function) +
                      " while the packer is in tilize mode (set by " +
                      context.engine.layoutInit + " from " +
                      getCBText(context.engine.layoutCB) +
                      " on Blackhole); tilize_uninit comes first");
  CircularBuffer &cb = lookupCB(context, ocb, function);
  uint32_t position = outOfOrder ? index : cb.packCursor++;
  packTile(context, dst, ocb, position, function);
  count(context, TileOp::Pack);
  // A block float packed precisely goes through the packer at the width
  // of its source format, half (Float16_b) or a quarter (Float32) of the
  // bandwidth (tt-metal PR #14822).
  emu::DataFormat packed = cb.config.format;
  if ((packed == emu::DataFormat::Bfp8_b ||
       packed == emu::DataFormat::Bfp4_b) &&
      context.engine.bfp8PackPrecise)
    packed = context.engine.fp32Dest ? emu::DataFormat::Float32
                                     : emu::DataFormat::Float16_b;
  recordBusy(context, Stream::Pack, Work::Pack,
             getPackCycles(context.device->timing, packed));
}
