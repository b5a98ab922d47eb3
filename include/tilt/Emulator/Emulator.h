//===- Emulator.h - A CPU emulator of a Tenstorrent device ------*- C++ -*-===//
//
// The machine under the Metalium API headers in include/tilt/Emulator/
// metalium: Tensix cores with an L1 byte array and 32 circular buffers each,
// interleaved DRAM banks, and kernels that run as threads (a reader, a
// compute and a writer kernel per core, concurrently). Circular buffers
// block like the hardware's; a deadlock, a protocol violation or a bad
// index stops the run with a report instead of hanging or going on.
//
// Numerics and configuration state (docs/emulator.md): the emulator is at
// least as strict as the hardware on what decides the numbers: the formats
// the unpacker and packer are configured for (a mismatch with a CB's format
// is an error), TF32 for fp32 data in SrcA/SrcB, a 16-bit DST that rounds
// every result unless fp32 accumulation is on, half-sync DST capacity and
// the packer's reduce edge mask. SFPU functions use the C math library.
//
// This header is the emulator's own C++ API, for the host shim, tilt-run and
// tests; it does not depend on LLVM so that generated host programs link
// only the emulator.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMULATOR_EMULATOR_H
#define TILT_EMULATOR_EMULATOR_H

#include "tilt/Emulator/Timing.h"

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tilt {
namespace emu {

/// tt::DataFormat codes of the formats the emulator computes with.
enum class DataFormat : uint8_t {
  Float32 = 0,
  Float16 = 1,
  Float16_b = 5,
  Bfp8_b = 6,
  Bfp4_b = 7,
  Int32 = 8,
  Invalid = 0xff,
};

/// Bytes of one 32x32 tile in `format`, or 0 for an unsupported one.
uint32_t getTileBytes(DataFormat format);
/// The name of `format` in reports (`Float16_b`, ...).
const char *getFormatName(DataFormat format);

/// bf16 of `value`, rounded to nearest even (NaN stays NaN).
uint16_t floatToBF16(float value);
/// The float value of bf16 `bits` (exact).
float bf16ToFloat(uint16_t bits);
/// IEEE half conversions, rounded to nearest even.
uint16_t floatToHalf(float value);
/// The float value of IEEE half `bits` (exact).
float halfToFloat(uint16_t bits);

/// Rounds the values of a row-major array whose rows are `columns` long as
/// tt-metal's host rounds them into Bfp8_b or Bfp4_b tiles
/// (pack_as_bfp8_tiles, then unpack_bfp8_tiles_into_float_vec): a face row
/// of a tile is 16 values of one row at a column that is a multiple of 16,
/// and shares one exponent. What a program that reads such a tensor sees.
void roundAsBlockFloatTiles(DataFormat format, float *values, size_t count,
                            size_t columns);

/// `value` rounded to nearest even to bf16, as a float.
float roundToBF16(double value);
/// `value` rounded to nearest even to IEEE half, as a float.
float roundToHalf(double value);
/// `value` (an fp32 number) as the unpacker puts it in SrcA/SrcB: TF32, the
/// low 13 mantissa bits dropped.
float roundToTF32(float value);
/// `value` cut to `format` (Float16_b, Float16) toward zero, as SFPSTORE
/// writes a 16-bit DST and MOVD2A/MOVD2B move fp32 DST values to a source
/// register; Float32 unchanged.
float truncateToFormat(float value, DataFormat format);
/// `value` rounded to nearest even to `format` (Float32, Float16_b,
/// Float16), as the FPU writes a 16-bit DST.
float roundToFormat(double value, DataFormat format);
/// `value` as the packer converts an fp32 DST value to `format`: to
/// nearest, ties away from zero; Float32 unchanged.
float packRound(float value, DataFormat format);
/// `value` as the packer writes an fp32 DST value into a Float16 CB:
/// tt-metal's jit_build/data_format.cpp makes the packer's source format
/// Float16_b then, so the early conversion rounds to bf16 (ties away from
/// zero) and the late one narrows the exponent (Packers/
/// FormatConversion.md: saturate, flush what is below fp16's normal range).
float packFp32ToHalf(float value);
/// `value` rounded to bf16 as the SFPU's SFPSTOCHRND rounds to nearest
/// (ties away from zero: tt-isa-documentation SFPSTOCHRND_FloatFloat.md).
float sfpuRoundToBF16(float value);
/// `value` rounded to bf16 to nearest even, as tt-metal's
/// float32_to_bf16_rne (the SFPU's mul and div into a 16-bit DST).
float sfpuRoundToBF16Even(float value);

/// The part of a SrcA value the multiplier uses in fidelity phase `phase`
/// (tt-isa-documentation MatrixUnit.md, SrcAFidelityBits): even phases the
/// sign, exponent, implicit 1 and four mantissa bits, odd phases the next
/// five mantissa bits. The tenth mantissa bit (TF32, FP16) is never used.
float fidelityPartA(float value, unsigned phase);
/// The part of a SrcB value the multiplier uses in fidelity phase `phase`
/// (SrcBFidelityBits): phases 0 and 1 the implicit 1 and six mantissa
/// bits, phases 2 and 3 the next four.
float fidelityPartB(float value, unsigned phase);

/// The position of element (row, col) of a 32x32 tile in the layout of four
/// 16x16 faces (top-left, top-right, bottom-left, bottom-right, each
/// row-major).
inline uint32_t faceIndex(uint32_t row, uint32_t col) {
  return ((row >= 16) * 2 + (col >= 16)) * 256 + (row % 16) * 16 + col % 16;
}

/// Row-major `rows` x `cols` (multiples of 32) to tiles of faces, tiles in
/// row-major order, and back.
std::vector<float> tilize(const std::vector<float> &matrix, uint32_t rows,
                          uint32_t cols);
/// Tiles of faces, in row-major tile order, back to a row-major
/// `rows` x `cols` matrix (the inverse of tilize).
std::vector<float> untilize(const std::vector<float> &tiles, uint32_t rows,
                            uint32_t cols);

/// What one architecture looks like to the emulator.
struct ArchInfo {
  std::string name;
  /// The board whose compute grid gridColumns x gridRows is (empty for a
  /// whole die).
  std::string board;
  uint32_t gridColumns = 0, gridRows = 0;
  uint32_t l1Bytes = 0;
  /// L1 below this offset is reserved (firmware, runtime arguments); CBs
  /// are placed above it.
  uint32_t l1ReservedBytes = 0;
  uint32_t dramBanks = 0;
  uint32_t dramAlignment = 0;
};

/// The architecture named `name` (grayskull, wormhole_b0, blackhole), or
/// null; its grid is the die's whole Tensix array.
const ArchInfo *getArchInfo(const std::string &name);
/// The board named `name` (n150, n300, galaxy, p100, p150, p150_unharvested, e150), or null:
/// its chip's architecture with the compute grid a program gets on it (the
/// tt dialect's tt::getBoards; the emulator does not link LLVM, so the
/// table is repeated there).
const ArchInfo *getBoardInfo(const std::string &name);
/// The board a user of `arch` gets by default: n150, p150, p150_unharvested or e150.
std::string getDefaultBoard(const std::string &arch);

/// A circular buffer configured on a core.
struct CBConfig {
  uint32_t index = 0;
  DataFormat format = DataFormat::Invalid;
  uint32_t pageSize = 0;
  uint32_t numPages = 0;
  /// A CB configured before on the core whose memory this one shares (the
  /// indices of one CircularBufferConfig: tt-metal gives them a single
  /// allocation of its total size); -1: memory of its own.
  int32_t sharesMemoryOf = -1;
  /// The L1 offset of the buffer whose memory the CB is (tt-metal's
  /// set_globally_allocated_address: a CB over a sharded buffer); -1: a CB
  /// of the program's own.
  int64_t globalOffset = -1;
};

/// Tile operations counted per core.
enum class TileOp : unsigned {
  Matmul,
  EltwiseBinary,
  SfpuBinary,
  SfpuUnary,
  Copy,
  Pack,
  Reduce,
  Transpose,
  Fill,
  Count
};
/// The name of a tile operation kind in the counters (`matmul`, ...).
const char *getTileOpName(TileOp op);

/// Counters of one core.
struct CoreCounters {
  uint64_t dramBytesRead = 0, dramBytesWritten = 0;
  uint64_t nocReads = 0, nocWrites = 0;
  /// noc_async_write_multicast calls (data multicasts; nocWrites counts
  /// unicast writes).
  uint64_t multicastWrites = 0;
  /// Semaphore calls: sets (local, remote, multicast), increments, waits.
  uint64_t semaphoreOps = 0;
  /// NoC links crossed by transfers between cores: a unicast transfer's
  /// hops, a multicast's whole tree (one transfer per link used).
  uint64_t nocLinks = 0;
  std::array<uint64_t, size_t(TileOp::Count)> tileOps{};
  /// Seconds each kernel spent blocked, by "<kernel> cb<index>".
  std::map<std::string, double> blockedSeconds;

  /// Adds `other` to these counters.
  void add(const CoreCounters &other);
};

/// One kernel on one core: an entry point and its runtime arguments.
struct KernelInstance {
  std::string name; ///< e.g. "reader"
  /// The kernel's source file, when known (the profile quotes its lines).
  std::string source;
  std::string role; ///< "reader", "writer", "compute" (or "data_movement")
  uint32_t column = 0, row = 0;
  std::vector<uint32_t> runtimeArgs;
  /// DataMovementConfig::noc: the NoC a data-movement kernel's calls use
  /// by default (`noc_index`).
  uint8_t noc = 0;
  /// DataMovementConfig::processor: 0 RISCV_0 (BRISC), 1 RISCV_1 (NCRISC);
  /// DPRINT names it.
  uint8_t processor = 0;
  /// ComputeConfig::fp32_dest_acc_en: a 32-bit DST (else 16-bit).
  bool fp32DestAcc = false;
  /// ComputeConfig::bfp8_pack_precise: the packer converts into Bfp8_b and
  /// Bfp4_b CBs from Float16_b or Float32 (one rounding) rather than from
  /// Bfp8_b (two; BlockFloat.cpp).
  bool bfp8PackPrecise = false;
  /// ComputeConfig::dst_full_sync_en: the whole DST per acquire (else half).
  bool dstFullSync = false;
  /// ComputeConfig::math_fidelity as the number of multiplier phases
  /// (LoFi 1, HiFi2 2, HiFi3 3, HiFi4 4).
  uint32_t fidelityPhases = 4;
  /// CBs whose ComputeConfig::unpack_to_dest_mode is UnpackToDestFp32, one
  /// bit each: copy_tile unpacks them straight into DST at full fp32.
  uint32_t unpackToDestFp32 = 0;
  std::function<void()> entry;
};

/// The result of a run.
struct RunReport {
  bool ok = true;
  /// The first error and what was going on (blocked kernels, counters).
  std::string error;
  /// The kernel (its source's name without extension) and the line of its
  /// source whose API call the first error happened in; empty and 0 when
  /// no kernel's call is to blame.
  std::string errorKernel;
  uint32_t errorLine = 0;
  double seconds = 0;
  std::map<std::pair<uint32_t, uint32_t>, CoreCounters> cores;
  /// The timing model's prediction (valid when the run succeeded).
  TimingReport timing;

  CoreCounters total() const;
  /// A table of the counters per core and in total.
  std::string formatTable() const;
  /// The counters as JSON.
  std::string formatJson() const;
};

class DeviceImpl;

/// An emulated device: DRAM and the cores of one architecture.
class Device {
public:
  explicit Device(const ArchInfo &arch);
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const ArchInfo &getArch() const;

  /// Allocates an interleaved DRAM buffer of `size` bytes in pages of
  /// `pageSize`; returns its address (the same in every bank).
  uint32_t allocateDram(uint64_t size, uint32_t pageSize);
  /// Copies to or from an interleaved buffer at `address`: page `i` of
  /// the data is page `i` of the buffer, in bank `i % banks`.
  void writeDram(uint32_t address, uint32_t pageSize, const void *data,
                 uint64_t size);
  void readDram(uint32_t address, uint32_t pageSize, void *data,
                uint64_t size);
  /// Copies `size` bytes to or from DRAM bank `bank` at `address` (the
  /// pages of a DRAM-sharded buffer); throws outside the bank's memory.
  void writeDramBank(uint32_t bank, uint32_t address, const void *data,
                     uint64_t size);
  void readDramBank(uint32_t bank, uint32_t address, void *data, uint64_t size);

  /// Allocates an L1 buffer of `bytesPerBank` bytes at one offset of every
  /// core's L1, from the top of L1 down (tt-metal allocates L1 buffers top
  /// down, CBs bottom up); returns the offset, or throws when no gap
  /// between the reserved bottom and the top of L1 holds it.
  uint32_t allocateL1(uint64_t bytesPerBank);
  /// Frees the L1 buffer at `offset`.
  void freeL1(uint32_t offset);
  /// The L1 banks of interleaved L1 buffers: one per worker core, bank ids
  /// shuffled over the cores as tt-metal's L1 banking allocator does. The
  /// (column, row) of the core of bank `bank`.
  uint32_t getL1Banks() const;
  void getL1BankCore(uint32_t bank, uint32_t &column, uint32_t &row) const;
  /// Copies `size` bytes to or from the L1 of core (column, row) at
  /// `offset` (host writes and reads of L1 buffers).
  void writeL1(uint32_t column, uint32_t row, uint32_t offset, const void *data,
               uint64_t size);
  void readL1(uint32_t column, uint32_t row, uint32_t offset, void *data,
              uint64_t size);

  /// Configures CB `config.index` on core (column, row) for the next run.
  /// Returns false with `error` set when it does not fit or clashes.
  bool configureCB(uint32_t column, uint32_t row, const CBConfig &config,
                   std::string &error);

  /// Creates semaphore `id` (below 16) with `initialValue` on core (column,
  /// row) for the next run. Returns false with `error` set when the core is
  /// outside the grid or the id is taken there.
  bool configureSemaphore(uint32_t column, uint32_t row, uint32_t id,
                          uint32_t initialValue, std::string &error);
  /// Whether semaphore `id` exists on core (column, row) for the next run.
  bool hasSemaphore(uint32_t column, uint32_t row, uint32_t id) const;

  /// The NoC coordinate kernels use for logical core (column, row)
  /// (tt-metal's worker_core_from_logical_core); false outside the grid.
  bool getWorkerNocCoord(uint32_t column, uint32_t row, uint32_t &x,
                         uint32_t &y) const;

  /// Runs `kernels` concurrently until all end or the first error; the CB
  /// and semaphore configuration is cleared afterwards. A kernel that makes no
  /// progress for the watchdog's time (blocked in one wait, or making no API
  /// call) stops the run with a report of every kernel; one that never reaches
  /// an API call again, or that crashes (a signal in its thread), ends the
  /// process with the report and exit status 3, since its thread cannot be
  /// stopped.
  RunReport run(std::vector<KernelInstance> kernels);

  /// Seconds without progress before the watchdog reports a kernel
  /// (default 120; TILT_EMU_TIMEOUT in host programs).
  void setWatchdogSeconds(double seconds);
  /// The timing model's costs (by default the arch's, getDefaultTiming).
  void setTiming(const TimingParams &params);
  const TimingParams &getTiming() const;
  /// Whether runs keep the slices and transfers of a trace.
  void setKeepTrace(bool keep);

private:
  std::unique_ptr<DeviceImpl> impl;
};

} // namespace emu
} // namespace tilt

#endif // TILT_EMULATOR_EMULATOR_H
