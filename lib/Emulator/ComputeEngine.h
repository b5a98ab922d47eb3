//===- ComputeEngine.h - The compute engine's shared helpers ----*- C++ -*-===//
//
// What the files of the emulated compute API (ComputeAPI.cpp,
// ComputeBcastSfpu.cpp, ComputeTilize.cpp) share, defined in
// ComputeEngine.cpp: reports, the format checks of the unpacker and packer,
// DST access, the rounding of results into DST and the packer's conversion.
// The rules behind them are in docs/emulator.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_EMULATOR_COMPUTEENGINE_H
#define TILT_LIB_EMULATOR_COMPUTEENGINE_H

#include "Runtime.h"
#include "tilt_emu/compute_api.h"

#include <cmath>

namespace tilt {
namespace emu {
namespace engine {

/// Testing only: rules the emulator can compute at a lower precision than
/// the hardware (TILT_EMU_TESTING_LAX, names separated by commas), so that
/// a test can see the interpreter's budget catch a device that does:
/// `tf32-copy` (copy_tile and tilize_block of an UnpackToDestFp32 CB keep
/// TF32),
/// `bf16-sfpu` (SFPU results in a 16-bit DST are truncated to bf16),
/// `lofi` (every multiply runs one fidelity phase), `bf16-dst` (a Float16
/// DST holds bf16).
enum LaxRule : unsigned {
  LaxTF32Copy = 1,
  LaxBF16Sfpu = 2,
  LaxLoFi = 4,
  LaxBF16Dst = 8,
};
/// The LaxRule bits TILT_EMU_TESTING_LAX names (0 without it).
unsigned getLaxRules();

/// Stops the kernel with `message` (a run error).
[[noreturn]] void fail(KernelContext &context, const std::string &message);

/// Counts one tile operation of kind `op`.
void count(KernelContext &context, TileOp op);

/// The timing model's record of an FPU op (Timeline.h): the unpacker
/// brings tiles of `cbs` into the source registers, then the math engine
/// works `mathCycles` on them (x the kernel's fidelity phases when
/// `perPhase`).
void timeFpuOp(KernelContext &context, Work work,
               std::initializer_list<uint32_t> cbs, double mathCycles,
               bool perPhase);
/// The timing model's record of an SFPU op on DST.
void timeSfpuOp(KernelContext &context, bool complex);
/// The timing model's record of an init or reconfiguration on `streams`.
void timeSetup(KernelContext &context, Work work,
               std::initializer_list<Stream> streams);

/// CB `index` of the kernel's core; `function` names the call in reports.
CircularBuffer &lookupCB(KernelContext &context, uint32_t index,
                         const char *function);

/// Configures register `reg` ('A', 'B' or 'P') from the format of `cb`;
/// `call` is the configuring call, for reports.
void setRegister(KernelContext &context, char reg, uint32_t cb,
                 const char *call);

/// Stops the kernel unless `reg` is configured for the format of `cb`.
/// `operand` says which operand of `function` the CB is; `hint` is added
/// to the report.
void checkFormat(KernelContext &context, char reg, uint32_t cb,
                 const char *function, const char *operand,
                 const char *hint = "");

/// DST tile `index` (1024 floats, row-major), checked against the DST
/// protocol state `required` and the capacity.
float *dstTile(KernelContext &context, uint32_t index, const char *function,
               DstState required);

/// An FPU result as DST stores it: fp32, or rounded to nearest even to
/// its 16-bit format.
float toDst(const ComputeEngine &engine, double value);

/// An SFPU result as SFPSTORE writes it: fp32, or truncated to the 16-bit
/// format (tt-isa-documentation SFPSTORE.md).
float sfpuToDst(const ComputeEngine &engine, float value);

/// a op b of the SFPU's binary ops (add/sub/mul/div_binary_tile) as DST
/// holds it: mul and div round to bf16 first in a 16-bit DST.
float sfpuBinaryToDst(const ComputeEngine &engine, EltwiseBinaryType type,
                      float a, float b);

/// Stops the kernel unless `init` is the last init of `unit`; `function`
/// names the call and `expected` the init it needs.
void checkInit(KernelContext &context, tilt_emu::InitUnit unit,
               const std::string &init, const std::string &function,
               const std::string &expected);

/// Tile `itile` of the front of `cb`, row-major, exactly as stored. The
/// caller unpacks it as a tile, so the unpacker must be in its tile layout
/// (checkTileUnpack).
const CircularBuffer &readTile(KernelContext &context, uint32_t cb,
                               uint32_t itile, float *out,
                               const char *function);

/// Stops the kernel unless the unpacker can unpack a tile for `function`:
/// not in the tilize or untilize layout, and not left with the MOPs a
/// tilize or untilize init programmed (ComputeTilize.cpp).
void checkTileUnpack(KernelContext &context, const char *function);

/// `values` of a CB of `format` as a source register holds them: fp32 as
/// TF32 with fp32_dest_acc_en, else as the kernel's 16-bit format
/// (truncated); bf16 and fp16 unchanged.
void holdInSource(const ComputeEngine &engine, emu::DataFormat format,
                  float *values, size_t count);

/// Packs `values` (a DST tile, row-major) into tile `position` of the
/// reserved pages of `ocb`, as the packer converts them (the configured
/// format, the edge mask, L1 accumulation); `function` names the call.
void packTile(KernelContext &context, const float *values, uint32_t ocb,
              uint32_t position, const char *function);

/// `ocb`, checked to be a CB the packer is configured for and the emulator
/// packs into.
CircularBuffer &lookupPackedCB(KernelContext &context, uint32_t ocb,
                               const char *function);

/// Whether the packer's edge mask keeps DST element (row, column).
bool isKeptByMask(PackMask mask, uint32_t row, uint32_t column);

/// Writes DST value `value` as datum `index` of the `format` data at
/// `data`, as the packer converts it (and adds it under L1 accumulation).
void packDatum(const ComputeEngine &engine, emu::DataFormat format, float value,
               uint8_t *data, size_t index);

/// Stops the kernel unless the packer packs tiles: not in pack_untilize's
/// mode (ComputeTilize.cpp).
void checkTilePack(KernelContext &context, const char *function);

/// Unpacks tile `itile` of `cb` into source register `reg` ('A' or 'B'):
/// checks the configured format, then holds the values as the register
/// does (fp32 as TF32, or the 16-bit format without fp32_dest_acc_en).
void unpackToSrc(KernelContext &context, char reg, uint32_t cb, uint32_t itile,
                 float *out, const char *function, const char *operand,
                 const char *hint = "");

/// a op b for the SFPU binary ops (IEEE754 for infinities: tt-isa-
/// documentation SFPMAD.md).
double applyBinary(EltwiseBinaryType type, double a, double b);

/// a + b on the FPU, whose only sums with an infinity are Inf + Inf and
/// -Inf - Inf (tt-metal tech_reports/Handling_Special_Value/
/// special_values.md); any other infinity is an ordinary number there
/// (exponent 255). A finite operand below 2^103 in magnitude cannot move
/// such a number by a rounding step, so the sum keeps the infinity; a
/// larger one, a NaN or opposite infinities give NaN: a value the device
/// does not define.
double fpuAddWithInfinity(double a, double b);
inline double fpuAdd(double a, double b) {
  if (!std::isinf(a) && !std::isinf(b))
    return a + b;
  return fpuAddWithInfinity(a, b);
}

/// a op b for the FPU's binary ops (add, sub: fpuAdd; mul: IEEE, which
/// the same report lists for the FPU's products with infinities).
double applyFpuBinary(EltwiseBinaryType type, double a, double b);

/// a * b as the FPU's ELWMUL writes it into DST (a in SrcA, b in SrcB),
/// over the kernel's fidelity phases: each phase multiplies the operand
/// bits it uses (fidelityPartA/B) and adds into DST, which rounds to its
/// format every time (tt-isa-documentation ELWMUL.md; tt-llk
/// llk_math_eltwise_binary.h loops ELWMUL over NUM_FIDELITY_PHASES). An
/// infinite operand multiplies as IEEE in one step.
float fpuMultiply(const KernelContext &context, float a, float b);

/// The result of an FPU binary op (a in SrcA, b in SrcB) as DST holds it:
/// add and sub rounded once, mul over the fidelity phases.
float fpuBinaryToDst(const KernelContext &context, EltwiseBinaryType type,
                     float a, float b);

} // namespace engine
} // namespace emu
} // namespace tilt

#endif // TILT_LIB_EMULATOR_COMPUTEENGINE_H
