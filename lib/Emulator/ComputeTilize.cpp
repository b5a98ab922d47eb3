//===- ComputeTilize.cpp - Tilize and untilize, emulated ------------------===//
//
// tt-metal's api/compute/tilize.h, untilize.h and pack_untilize.h on the
// emulator, with the rules of ComputeAPI.cpp for what decides the numbers
// (docs/emulator.md, "Tilize and untilize", has each rule and its source):
//
//  - tilize_block unpacks row-major data through SrcA in tilize mode (tt-llk
//    llk_unpack_tilize.h: the row pitch is tilize_init's block width),
//    copies it into DST and packs it as tiles (tilize.h: per tile, a DST
//    section, llk_math_eltwise_unary_datacopy<A2D>, llk_pack out of order
//    at output_tile_index + t). A Float32 CB in UnpackToDestFp32 mode goes
//    straight into DST at full precision; any other fp32 is TF32 or 16-bit
//    in SrcA, as for every unpack (tt-llk _llk_unpack_tilize_:
//    unpack_to_dest when unpack_dst_format is Float32).
//  - untilize_block unpacks full_ct_dim tiles row by row through SrcA
//    (tt-llk llk_unpack_untilize.h has no unpack-to-DST path), copies them
//    into DST block_ct_dim tiles per section and packs them in order, as
//    pack_tile does (untilize.h: llk_pack<..., out_of_order = false>).
//  - Both take DST themselves, so the kernel must not hold it.
//  - The inits set the unpacker's layout mode, which only their uninit
//    leaves; no other op may unpack in between, and since the uninit
//    restores the unpacker's configuration but not the unpack and math
//    programs (tt-llk _llk_unpack_tilize_uninit_, _llk_unpack_untilize_
//    uninit_), the next op needs its own init. On Blackhole tilize_init puts
//    the packer in tilize mode as well, until tilize_uninit.
//  - pack_untilize.h unpacks as copy_tile does (lossless for a Float32 CB
//    in UnpackToDestFp32 mode) and the packer writes the DST tiles as rows
//    (tt-metal llk_pack_untilize_api.h, tt-llk llk_pack_untilize.h); its
//    inits configure the packer from ocb and hold it in untilize mode, in
//    which no tile may be packed, until pack_untilize_uninit.
//
//===----------------------------------------------------------------------===//

#include "ComputeEngine.h"
#include "tilt_emu/compute_api.h"

#include <string>
#include <vector>

using namespace tilt;
using namespace tilt::emu;
using namespace tilt::emu::engine;

namespace {

const char *getLayoutName(UnpackLayout layout) {
  return layout == UnpackLayout::Tilize ? "tilize" : "untilize";
}

const char *getUninitName(UnpackLayout layout) {
  return layout == UnpackLayout::Tilize ? "tilize_uninit" : "untilize_uninit";
}

/// Whether `init` (ComputeEngine::fpuInit) is an init of the tilize or
/// untilize layout.
bool isLayoutInit(const std::string &init) {
  return init == "tilize_init" || init == "tilize_init_short_with_dt" ||
         init == "untilize_init";
}

bool isBlackhole(const KernelContext &context) {
  return context.device->arch.name == "blackhole";
}

/// "set by tilize_init from cb 0", for reports.
std::string describeLayout(const ComputeEngine &engine) {
  return "set by " + engine.layoutInit + " from " + getCBText(engine.layoutCB);
}

/// Stops the kernel while it holds DST: tilize_block and untilize_block
/// acquire and release DST sections themselves (llk_math_wait_for_dest_
/// available, llk_math_dest_section_done in tilize.h and untilize.h).
void checkDstFree(KernelContext &context, const char *function) {
  if (context.dst == DstState::Released)
    return;
  fail(context, std::string(function) +
                    " while the kernel holds DST (between tile_regs_acquire "
                    "and tile_regs_release): it takes DST sections itself");
}

/// Stops the kernel unless the unpacker is in `layout` and its init is the
/// last unpack/math init (another init replaces the unpack and math
/// programs the layout's init set).
void checkLayoutInit(KernelContext &context, UnpackLayout layout,
                     const char *function) {
  const ComputeEngine &engine = context.engine;
  const char *init =
      layout == UnpackLayout::Tilize ? "tilize_init" : "untilize_init";
  if (engine.unpackLayout == UnpackLayout::Tiles)
    fail(context, std::string(function) + " without " + init +
                      " (the unpacker is not in " + getLayoutName(layout) +
                      " mode)");
  if (engine.unpackLayout != layout)
    fail(context, std::string(function) + " while the unpacker is in " +
                      getLayoutName(engine.unpackLayout) + " mode (" +
                      describeLayout(engine) + "); " +
                      getUninitName(engine.unpackLayout) + " and " + init +
                      " come first");
  if (engine.fpuInit != engine.layoutInit)
    fail(context, std::string(function) + " needs " + engine.layoutInit +
                      " as the last unpack/math init, but the last one was " +
                      engine.fpuInit);
}

/// Stops the kernel unless the unpacker can enter `layout` from its
/// current one: the uninit of another layout comes first (neither init
/// restores what the other changed).
void checkLayoutSwitch(KernelContext &context, UnpackLayout layout,
                       const char *call) {
  const ComputeEngine &engine = context.engine;
  if (engine.unpackLayout == UnpackLayout::Tiles ||
      engine.unpackLayout == layout)
    return;
  fail(context, std::string(call) + " while the unpacker is in " +
                    getLayoutName(engine.unpackLayout) + " mode (" +
                    describeLayout(engine) + "); " +
                    getUninitName(engine.unpackLayout) + " comes first");
}

/// Stops the kernel unless `icb`, whose format an uninit restores SrcA's
/// output format from, has the format SrcA is configured for.
void checkUninitCB(KernelContext &context, const char *call, uint32_t icb) {
  const FormatRegister &srcA = context.engine.srcA;
  emu::DataFormat format = lookupCB(context, icb, call).config.format;
  if (!srcA.configured || srcA.format == format)
    return;
  fail(context, std::string(call) + " restores SrcA's output format from " +
                    getCBText(icb) + " (" + getFormatName(format) +
                    "), but SrcA is configured for " +
                    getFormatName(srcA.format) + " (set by " + srcA.setBy +
                    "); pass the input CB of the init");
}

/// Stops the kernel unless the emulator computes on `cb`'s format.
const CircularBuffer &lookupComputedCB(KernelContext &context, uint32_t cb,
                                       const char *function) {
  const CircularBuffer &buffer = lookupCB(context, cb, function);
  emu::DataFormat format = buffer.config.format;
  if (format != emu::DataFormat::Float32 &&
      format != emu::DataFormat::Float16 &&
      format != emu::DataFormat::Float16_b)
    fail(context, std::string(function) +
                      ": the emulator computes on Float32, Float16 and "
                      "Float16_b tiles, not " +
                      getFormatName(format));
  return buffer;
}

/// Datum `index` of the data of `format` at `data`, exactly.
float decodeDatum(emu::DataFormat format, const uint8_t *data, size_t index) {
  if (format == emu::DataFormat::Float32)
    return reinterpret_cast<const float *>(data)[index];
  uint16_t bits = reinterpret_cast<const uint16_t *>(data)[index];
  return format == emu::DataFormat::Float16 ? halfToFloat(bits)
                                            : bf16ToFloat(bits);
}

/// The timing model's record of one DST section of a tilize or untilize:
/// the unpacker brings each of `tiles` tiles into SrcA (`unpackCycles`
/// each), the math engine copies them into DST (`mathCycles` each) and the
/// packer packs them (`packCycles` each).
void timeSection(KernelContext &context, uint32_t tiles, double unpackCycles,
                 double mathCycles, double packCycles) {
  const TimingParams &timing = context.device->timing;
  recordQueue(context, Stream::Math, EventKind::Reserve, kDstQueue, 1);
  recordBusy(context, Stream::Math, Work::Api, timing.dstHandshakeCycles);
  for (uint32_t t = 0; t < tiles; ++t) {
    recordQueue(context, Stream::Unpack, EventKind::Reserve, kSourceQueue, 1);
    recordBusy(context, Stream::Unpack, Work::Unpack, unpackCycles);
    recordQueue(context, Stream::Unpack, EventKind::Push, kSourceQueue, 1);
    recordQueue(context, Stream::Math, EventKind::Wait, kSourceQueue, 1);
    recordBusy(context, Stream::Math, Work::Copy, mathCycles);
    recordQueue(context, Stream::Math, EventKind::Pop, kSourceQueue, 1);
  }
  recordQueue(context, Stream::Math, EventKind::Push, kDstQueue, 1);
  recordQueue(context, Stream::Pack, EventKind::Wait, kDstQueue, 1);
  recordBusy(context, Stream::Pack, Work::Api, timing.dstHandshakeCycles);
  recordBusy(context, Stream::Pack, Work::Pack, tiles * packCycles);
  recordQueue(context, Stream::Pack, EventKind::Pop, kDstQueue, 1);
}

} // namespace

//===----------------------------------------------------------------------===//
// The unpacker's layout
//===----------------------------------------------------------------------===//

void engine::checkTileUnpack(KernelContext &context, const char *function) {
  const ComputeEngine &engine = context.engine;
  if (engine.unpackLayout != UnpackLayout::Tiles)
    fail(context, std::string(function) +
                      " unpacks a tile while the unpacker is in " +
                      getLayoutName(engine.unpackLayout) + " mode (" +
                      describeLayout(engine) + "); " +
                      getUninitName(engine.unpackLayout) + " comes first");
  // Only the uninit leaves the layout, so the uninit has run.
  if (isLayoutInit(engine.fpuInit))
    fail(context, std::string(function) + " needs its own init after " +
                      (engine.fpuInit == "untilize_init" ? "untilize_uninit"
                                                         : "tilize_uninit") +
                      ": the uninit restores the unpacker's configuration, "
                      "not the unpack and math programs " +
                      engine.fpuInit + " set");
}

//===----------------------------------------------------------------------===//
// Tilize
//===----------------------------------------------------------------------===//

void tilt_emu::tilizeInit(const char *call, uint32_t icb, uint32_t block,
                          uint32_t ocb) {
  KernelContext &context = enterKernel();
  lookupCB(context, icb, call);
  lookupCB(context, ocb, call);
  checkLayoutSwitch(context, UnpackLayout::Tilize, call);
  if (block == 0)
    fail(context,
         std::string(call) + ": block must be at least 1 tile (tilize.h: > 0)");
  ComputeEngine &engine = context.engine;
  // tt-llk _llk_unpack_tilize_init_: tileize_mode = 1 and a row pitch
  // (shift_amount) of block x 32 datums; the unpack and math programs
  // become tilize's (the MOP, llk_math_eltwise_unary_datacopy_init<A2D>).
  engine.unpackLayout = UnpackLayout::Tilize;
  engine.layoutInit = call;
  engine.layoutCB = icb;
  engine.tilizeBlock = block;
  engine.fpuInit = call;
  engine.packerTilize = isBlackhole(context);
  timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math});
  if (engine.packerTilize)
    timeSetup(context, Work::Init, {Stream::Pack});
}

void tilt_emu::tilizeBlock(uint32_t icb, uint32_t block, uint32_t ocb,
                           uint32_t inputTile, uint32_t outputTile) {
  KernelContext &context = enterKernel();
  const char *function = "tilize_block";
  checkDstFree(context, function);
  checkLayoutInit(context, UnpackLayout::Tilize, function);
  ComputeEngine &engine = context.engine;
  if (block != engine.tilizeBlock)
    fail(context, "tilize_block of " + std::to_string(block) + " tiles after " +
                      engine.layoutInit + " of " +
                      std::to_string(engine.tilizeBlock) +
                      ": the unpacker reads rows of the init's width");
  checkFormat(context, 'A', icb, function, "in");
  const CircularBuffer &in = lookupComputedCB(context, icb, function);
  emu::DataFormat format = in.config.format;
  // A Float32 CB in UnpackToDestFp32 mode is tilized straight into DST
  // (tt-llk _llk_unpack_tilize_: unpack_to_dest when unpack_dst_format is
  // Float32, which data_format.cpp gives such a CB), as copy_tile reads it.
  bool toDest = engine.unpackToDestFp32 >> icb & 1u;
  if (toDest && (format != emu::DataFormat::Float32 || !engine.fp32Dest))
    fail(context, "tilize_block: " + getCBText(icb) +
                      " is in UnpackToDestFp32 mode, which needs a Float32 "
                      "CB and fp32_dest_acc_en");
  // Row r of tile column `column` of row block `rowBlock` starts at datum
  // ((rowBlock x 32 + r) x block + column) x 32 of the read pointer
  // (tt-metal llk_unpack_tilize_block: input_tile_index % block +
  // (input_tile_index / block) x block x 32 in units of 32 datums).
  uint32_t rowBlock = inputTile / block, firstColumn = inputTile % block;
  uint32_t datumBytes = getTileBytes(format) / 1024;
  size_t endByte = (size_t(rowBlock * 32 + 31) * block + firstColumn + block) *
                   32 * datumBytes;
  if (endByte > size_t(in.waited) * in.config.pageSize)
    fail(context, "tilize_block reads " +
                      std::to_string((endByte + in.config.pageSize - 1) /
                                     in.config.pageSize) +
                      " pages of " + getCBText(icb) +
                      " but the kernel waited for " +
                      std::to_string(in.waited) + " pages");
  const uint8_t *data =
      context.core->l1 + in.offset + in.readPage * in.config.pageSize;
  const CircularBuffer &out = lookupCB(context, ocb, function);
  double unpackCycles =
      getLayoutCosts(context.device->arch.name).tilizeUnpackCycles *
      getTileBytes(format) / getTileBytes(emu::DataFormat::Float16_b);
  for (uint32_t t = 0; t < block; ++t) {
    float tile[1024];
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        tile[r * 32 + c] = decodeDatum(
            format, data,
            (size_t(rowBlock * 32 + r) * block + firstColumn + t) * 32 + c);
    if (!toDest)
      holdInSource(engine, format, tile, 1024);
    else if (engine.lax & LaxTF32Copy)
      for (float &value : tile)
        value = roundToTF32(value);
    for (float &value : tile)
      value = toDst(engine, value);
    packTile(context, tile, ocb, outputTile + t, function);
    count(context, TileOp::Copy);
    count(context, TileOp::Pack);
    timeSection(context, 1, unpackCycles,
                toDest ? 0 : context.device->timing.copyCycles,
                getPackCycles(context.device->timing, out.config.format));
  }
}

void tilt_emu::tilizeUninit(const char *call, uint32_t icb, uint32_t ocb) {
  KernelContext &context = enterKernel();
  lookupCB(context, ocb, call);
  // tt-llk _llk_unpack_tilize_uninit_ writes SrcA's output format from
  // icb's unpack format and clears tileize_mode; another layout stays.
  checkUninitCB(context, call, icb);
  ComputeEngine &engine = context.engine;
  if (engine.unpackLayout == UnpackLayout::Tilize)
    engine.unpackLayout = UnpackLayout::Tiles;
  bool packer = engine.packerTilize;
  engine.packerTilize = false;
  timeSetup(context, Work::Init, {Stream::Unpack});
  if (packer)
    timeSetup(context, Work::Init, {Stream::Pack});
}

//===----------------------------------------------------------------------===//
// Untilize
//===----------------------------------------------------------------------===//

void tilt_emu::untilizeInit(uint32_t icb) {
  KernelContext &context = enterKernel();
  const char *call = "untilize_init";
  lookupCB(context, icb, call);
  checkLayoutSwitch(context, UnpackLayout::Untilize, call);
  // tt-llk _llk_unpack_untilize_init_: a row of one face at a time, the
  // Y stride of the untilize pass; the math program is a datacopy.
  ComputeEngine &engine = context.engine;
  engine.unpackLayout = UnpackLayout::Untilize;
  engine.layoutInit = call;
  engine.layoutCB = icb;
  engine.fpuInit = call;
  timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math});
}

void tilt_emu::untilizeBlock(uint32_t blockColumns, uint32_t icb,
                             uint32_t fullColumns, uint32_t ocb) {
  KernelContext &context = enterKernel();
  const char *function = "untilize_block";
  checkDstFree(context, function);
  checkLayoutInit(context, UnpackLayout::Untilize, function);
  ComputeEngine &engine = context.engine;
  // untilize.h: block_ct_dim tiles per DST section (at most what DST
  // holds), full_ct_dim divisible by block_ct_dim.
  if (blockColumns == 0 || blockColumns > context.dstCapacity)
    fail(context, "untilize_block<" + std::to_string(blockColumns) +
                      ">: a DST section holds 1 to " +
                      std::to_string(context.dstCapacity) + " tiles");
  if (fullColumns == 0 || fullColumns % blockColumns)
    fail(context, "untilize_block<" + std::to_string(blockColumns) + "> of " +
                      std::to_string(fullColumns) +
                      " tiles: full_ct_dim must be a positive multiple of "
                      "block_ct_dim");
  checkFormat(context, 'A', icb, function, "in");
  if (engine.unpackToDestFp32 >> icb & 1u)
    fail(context, "untilize_block unpacks " + getCBText(icb) +
                      " through SrcA, but the CB is in UnpackToDestFp32 mode "
                      "(ComputeConfig::unpack_to_dest_mode), which the "
                      "untilize unpacker cannot read (it has no "
                      "unpack-to-DST path)");
  const CircularBuffer &in = lookupComputedCB(context, icb, function);
  if (fullColumns > in.waited)
    fail(context, "untilize_block reads " + std::to_string(fullColumns) +
                      " tiles of " + getCBText(icb) +
                      " but the kernel waited for " +
                      std::to_string(in.waited) + " pages");
  emu::DataFormat format = in.config.format;
  const uint8_t *data =
      context.core->l1 + in.offset + in.readPage * in.config.pageSize;
  // The tiles as SrcA holds them, row-major per tile.
  std::vector<float> tiles(size_t(fullColumns) * 1024);
  for (uint32_t t = 0; t < fullColumns; ++t)
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c)
        tiles[t * 1024 + r * 32 + c] = decodeDatum(
            format, data + size_t(t) * in.config.pageSize, faceIndex(r, c));
  holdInSource(engine, format, tiles.data(), tiles.size());
  CircularBuffer &out = lookupCB(context, ocb, function);
  double unpackCycles =
      getLayoutCosts(context.device->arch.name).untilizeUnpackCycles;
  uint32_t width = fullColumns * 32;
  for (uint32_t section = 0; section < fullColumns / blockColumns; ++section) {
    for (uint32_t t = section * blockColumns; t < (section + 1) * blockColumns;
         ++t) {
      // Page t holds datums t x 1024 .. of the 32 rows; the packer writes
      // a DST tile in the order of its faces, so DST holds them so.
      float dst[1024];
      for (uint32_t r = 0; r < 32; ++r)
        for (uint32_t c = 0; c < 32; ++c) {
          uint32_t datum = t * 1024 + faceIndex(r, c);
          uint32_t row = datum / width, column = datum % width;
          dst[r * 32 + c] = toDst(
              engine, tiles[(column / 32) * 1024 + row * 32 + column % 32]);
        }
      packTile(context, dst, ocb, out.packCursor++, function);
      count(context, TileOp::Copy);
      count(context, TileOp::Pack);
    }
    timeSection(context, blockColumns, unpackCycles,
                context.device->timing.copyCycles,
                getPackCycles(context.device->timing, out.config.format));
  }
}

void tilt_emu::untilizeUninit(uint32_t icb) {
  KernelContext &context = enterKernel();
  const char *call = "untilize_uninit";
  lookupCB(context, icb, call);
  // Wormhole's _llk_unpack_untilize_uninit_ restores the registers
  // untilize_init saved; Blackhole's rewrites them from icb's format
  // (untilize.h passes icb on ARCH_BLACKHOLE only).
  if (isBlackhole(context))
    checkUninitCB(context, call, icb);
  ComputeEngine &engine = context.engine;
  if (engine.unpackLayout == UnpackLayout::Untilize)
    engine.unpackLayout = UnpackLayout::Tiles;
  timeSetup(context, Work::Init, {Stream::Unpack});
}

//===----------------------------------------------------------------------===//
// Pack untilize
//===----------------------------------------------------------------------===//

namespace {

/// Stops the kernel unless the packer is in pack_untilize's mode for blocks
/// of `blockColumns` of `fullColumns` tiles (pack_untilize.h: "The width of
/// the block has to be the same as the one provided during the
/// initialization").
void checkPackUntilize(KernelContext &context, uint32_t blockColumns,
                       uint32_t fullColumns, const char *function) {
  const ComputeEngine &engine = context.engine;
  std::string widths = "<" + std::to_string(blockColumns) + ", " +
                       std::to_string(fullColumns) + ">";
  if (engine.packUntilizeBlock == 0)
    fail(context, std::string(function) + widths +
                      " without pack_untilize_init (the packer is not in "
                      "untilize mode)");
  if (engine.packUntilizeBlock != blockColumns ||
      engine.packUntilizeFull != fullColumns)
    fail(context, std::string(function) + widths + " after " +
                      engine.packUntilizeInit + "<" +
                      std::to_string(engine.packUntilizeBlock) + ", " +
                      std::to_string(engine.packUntilizeFull) +
                      ">: the widths must be the init's");
}

/// Stops the kernel unless tiles are 32x32 of four 16x16 faces.
void checkFaces(KernelContext &context, uint32_t faceRows, uint32_t faces,
                const char *function) {
  if (faceRows == 16 && faces == 4)
    return;
  fail(context, std::string(function) + " of " + std::to_string(faces) +
                    " faces of " + std::to_string(faceRows) +
                    " rows: the emulator packs 32x32 tiles of four 16x16 "
                    "faces");
}

/// Packs the DST tiles `tiles` (`blockColumns` of them, row-major) as
/// columns blockIndex x blockColumns x 32 .. of row block `rowBlock` of
/// rows fullColumns x 32 long at ocb's write pointer (tt-metal
/// llk_pack_untilize_api.h: the block's address from block_c_index, the
/// next row block full_ct_dim pages further).
void packRows(KernelContext &context, const char *function,
              const std::vector<const float *> &tiles, uint32_t fullColumns,
              uint32_t blockIndex, uint32_t rowBlock, uint32_t ocb) {
  CircularBuffer &cb = lookupPackedCB(context, ocb, function);
  if (cb.config.format == emu::DataFormat::Bfp8_b ||
      cb.config.format == emu::DataFormat::Bfp4_b)
    fail(context, std::string(function) + " into " + getCBText(ocb) + " (" +
                      getFormatName(cb.config.format) +
                      "): row-major data has no block-float layout (pack "
                      "untilize writes Float32, Float16, Float16_b or Int32)");
  uint32_t blockColumns = uint32_t(tiles.size());
  size_t width = size_t(fullColumns) * 32;
  size_t first =
      size_t(rowBlock) * 32 * width + size_t(blockIndex) * blockColumns * 32;
  size_t endBytes = (first + 31 * width + blockColumns * 32) *
                    (getTileBytes(cb.config.format) / 1024);
  if (endBytes > size_t(cb.reserved) * cb.config.pageSize)
    fail(context, std::string(function) + " writes " +
                      std::to_string((endBytes + cb.config.pageSize - 1) /
                                     cb.config.pageSize) +
                      " pages of " + getCBText(ocb) +
                      " but the kernel reserved " +
                      std::to_string(cb.reserved) + " pages");
  uint8_t *data =
      context.core->l1 + cb.offset + cb.writePage * cb.config.pageSize;
  const ComputeEngine &engine = context.engine;
  for (uint32_t c = 0; c < blockColumns; ++c)
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t j = 0; j < 32; ++j)
        packDatum(engine, cb.config.format,
                  isKeptByMask(engine.mask, r, j) ? tiles[c][r * 32 + j] : 0.0f,
                  data, first + r * width + c * 32 + j);
}

/// The pack cost of one tile of `format` in untilize mode.
double getPackUntilizeCycles(const KernelContext &context,
                             emu::DataFormat format) {
  return getLayoutCosts(context.device->arch.name).packUntilizeCycles *
         getTileBytes(format) / getTileBytes(emu::DataFormat::Float16_b);
}

} // namespace

void engine::checkTilePack(KernelContext &context, const char *function) {
  const ComputeEngine &engine = context.engine;
  if (engine.packUntilizeBlock == 0)
    return;
  fail(context, std::string(function) +
                    " packs a tile while the packer is in untilize mode (set "
                    "by " +
                    engine.packUntilizeInit + " from " +
                    getCBText(engine.packUntilizeCB) +
                    "); pack_untilize_uninit comes first");
}

void tilt_emu::packUntilizeInit(const char *call, uint32_t blockColumns,
                                uint32_t fullColumns, int32_t icb, uint32_t ocb,
                                uint32_t faceRows, uint32_t faces) {
  KernelContext &context = enterKernel();
  checkFaces(context, faceRows, faces, call);
  // pack_untilize.h: pack_untilize_dest_init reconfigures the packer from
  // ocb (llk_pack_reconfig_data_format_disaggregated) and runs
  // llk_pack_untilize_init; pack_untilize_init also programs the unpacker
  // and math engine as copy_tile_init does (llk_unpack_A_init,
  // llk_math_eltwise_unary_datacopy_init<A2D>).
  setRegister(context, 'P', ocb, call);
  ComputeEngine &engine = context.engine;
  engine.packUntilizeBlock = blockColumns;
  engine.packUntilizeFull = fullColumns;
  engine.packUntilizeCB = ocb;
  engine.packUntilizeInit = call;
  if (icb < 0) {
    timeSetup(context, Work::Init, {Stream::Pack});
    return;
  }
  lookupCB(context, uint32_t(icb), call);
  engine.fpuInit = call;
  timeSetup(context, Work::Init, {Stream::Unpack, Stream::Math, Stream::Pack});
}

void tilt_emu::packUntilizeBlock(uint32_t blockColumns, uint32_t fullColumns,
                                 uint32_t icb, uint32_t blockRows, uint32_t ocb,
                                 uint32_t blockIndex) {
  KernelContext &context = enterKernel();
  const char *function = "pack_untilize_block";
  checkDstFree(context, function);
  checkPackUntilize(context, blockColumns, fullColumns, function);
  ComputeEngine &engine = context.engine;
  if (engine.fpuInit != "pack_untilize_init" &&
      engine.fpuInit != "copy_tile_init")
    fail(context, std::string(function) +
                      " needs pack_untilize_init as the last unpack/math "
                      "init, but the last one was " +
                      (engine.fpuInit.empty() ? "none" : engine.fpuInit));
  if (blockColumns > context.dstCapacity)
    fail(context, "pack_untilize_block<" + std::to_string(blockColumns) +
                      ">: a DST section holds 1 to " +
                      std::to_string(context.dstCapacity) + " tiles");
  if (blockIndex >= fullColumns / blockColumns)
    fail(context, "pack_untilize_block: block_c_index " +
                      std::to_string(blockIndex) + " is beyond the " +
                      std::to_string(fullColumns / blockColumns) +
                      " blocks of a row");
  const TimingParams &timing = context.device->timing;
  emu::DataFormat inFormat = lookupCB(context, icb, function).config.format;
  emu::DataFormat outFormat = lookupCB(context, ocb, function).config.format;
  bool toDest = engine.unpackToDestFp32 >> icb & 1u;
  // pack_untilize.h loops block_rt_dim times over tiles 0 .. block_ct_dim -
  // 1 of icb and packs each time at the same address (llk_unpack_A(icb, c),
  // llk_pack_untilize(1, ocb, ..., block_c_index)).
  std::vector<float> dst(size_t(blockColumns) * 1024);
  std::vector<const float *> tiles;
  for (uint32_t c = 0; c < blockColumns; ++c)
    tiles.push_back(dst.data() + size_t(c) * 1024);
  for (uint32_t rowBlock = 0; rowBlock < blockRows; ++rowBlock) {
    for (uint32_t c = 0; c < blockColumns; ++c) {
      float *tile = dst.data() + size_t(c) * 1024;
      // As copy_tile: llk_unpack_A<..., UnpackToDestEn> writes a Float32
      // CB in UnpackToDestFp32 mode straight into DST (tt-metal PR #33904
      // made the untilize op lossless for fp32 so).
      if (toDest) {
        checkFormat(context, 'A', icb, function, "in");
        readTile(context, icb, c, tile, function);
        if (inFormat != emu::DataFormat::Float32 || !engine.fp32Dest)
          fail(context, "pack_untilize_block: " + getCBText(icb) +
                            " is in UnpackToDestFp32 mode, which needs a "
                            "Float32 CB and fp32_dest_acc_en");
        if (engine.lax & LaxTF32Copy)
          for (uint32_t i = 0; i < 1024; ++i)
            tile[i] = roundToTF32(tile[i]);
      } else {
        unpackToSrc(context, 'A', icb, c, tile, function, "in");
      }
      for (uint32_t i = 0; i < 1024; ++i)
        tile[i] = toDst(engine, tile[i]);
      count(context, TileOp::Copy);
      count(context, TileOp::Pack);
    }
    packRows(context, function, tiles, fullColumns, blockIndex, 0, ocb);
    timeSection(context, blockColumns,
                timing.unpackOverheadCycles +
                    getTileBytes(inFormat) / timing.unpackBytesPerCycle,
                toDest ? 0 : timing.copyCycles,
                getPackUntilizeCycles(context, outFormat));
  }
}

void tilt_emu::packUntilizeDest(uint32_t blockColumns, uint32_t fullColumns,
                                uint32_t dstColumnOffset, uint32_t ocb,
                                uint32_t blockRows, uint32_t blockIndex,
                                uint32_t faceRows, uint32_t faces,
                                uint32_t dstRowOffset) {
  KernelContext &context = enterKernel();
  const char *function = "pack_untilize_dest";
  checkFaces(context, faceRows, faces, function);
  checkPackUntilize(context, blockColumns, fullColumns, function);
  if (blockIndex >= fullColumns / blockColumns)
    fail(context, "pack_untilize_dest: block_c_index " +
                      std::to_string(blockIndex) + " is beyond the " +
                      std::to_string(fullColumns / blockColumns) +
                      " blocks of a row");
  // tt-llk _llk_pack_untilize_: row block r packs DST tiles
  // tile_dst_ct_offset + r x block_ct_dim + tile_dst_rt_offset onwards.
  for (uint32_t rowBlock = 0; rowBlock < blockRows; ++rowBlock) {
    std::vector<const float *> tiles;
    for (uint32_t c = 0; c < blockColumns; ++c) {
      tiles.push_back(dstTile(
          context, dstColumnOffset + rowBlock * blockColumns + dstRowOffset + c,
          function, DstState::Waited));
      count(context, TileOp::Pack);
    }
    packRows(context, function, tiles, fullColumns, blockIndex, rowBlock, ocb);
  }
  emu::DataFormat format = lookupCB(context, ocb, function).config.format;
  recordBusy(context, Stream::Pack, Work::Pack,
             blockRows * blockColumns * getPackUntilizeCycles(context, format));
}

void tilt_emu::packUntilizeUninit(uint32_t ocb) {
  KernelContext &context = enterKernel();
  // pack_untilize.h: llk_pack_reconfig_data_format(ocb), llk_pack_init.
  setRegister(context, 'P', ocb, "pack_untilize_uninit");
  ComputeEngine &engine = context.engine;
  engine.packUntilizeBlock = engine.packUntilizeFull = 0;
  timeSetup(context, Work::Init, {Stream::Pack});
}
