//===- compute_api.h - The Metalium compute API, emulated -------*- C++ -*-===//
//
// The compute subset of the Metalium API: startup, inits and data-format
// reconfiguration, the DST protocol, FPU matmul and eltwise ops, SFPU unary
// and binary ops, copy, pack and transpose (reduce is in api/compute/
// reduce.h, which needs REDUCE_OP and REDUCE_DIM like the real header;
// tilize and untilize in api/compute/tilize.h, untilize.h and
// pack_untilize.h, as on the device; broadcast and the ops that check their
// init in tilt_emu/bcast_sfpu_api.h). Every api/compute/*.h header of the
// emulator includes this one.
//
// The emulator keeps the compute engine's configuration as state, as the
// hardware does (docs/emulator.md): the formats SrcA, SrcB and the packer
// are configured for, which calls set them, packer L1 accumulation and the
// packer's edge mask. An init passes the emulator the effect its real
// counterpart documents; an op checks the state against the CBs it reads
// and writes.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_COMPUTE_API_H
#define TILT_EMU_COMPUTE_API_H

#include "tilt_emu/kernel_api.h"
// tt-metal's compute firmware includes the profiler, so compute kernels
// have its zones without including it.
#include "tools/profiler/kernel_profiler.hpp"

enum class SrcOrder { Regular, Reverse };
enum EltwiseBinaryType { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWMOV };
enum class EltwiseBinaryReuseDestType { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum PoolType { SUM, AVG, MAX, MIN };
enum ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };
enum class VectorMode { None, R, C, RC };
/// Which part of in1 a broadcast op spreads over the tile (tt-llk
/// llk_defs.h BroadcastType): COL its column 0, ROW its row 0, SCALAR
/// element [0, 0]. An enum class here, so kernels must qualify the values
/// as tt-metal's own kernels do (BroadcastType::ROW).
enum class BroadcastType { NONE, COL, ROW, SCALAR };

// api/compute/cb_api.h's pointer into a CB for reading values in the
// compute kernel (a block count, an index the reader pushed).
void cb_get_tile(uint32_t cb_id, uint32_t index, volatile void *p_tile,
                 TILT_HERE);
void cb_release_tile(uint32_t cb_id, TILT_HERE);

namespace tilt_emu {
/// "No CB": a format register a call leaves as it is.
constexpr int32_t kKeep = -1;
/// Configures SrcA, SrcB and the packer from the formats of CBs (kKeep
/// leaves one unchanged); `call` names the call in reports.
void configureFormats(const char *call, int32_t srcA, int32_t srcB,
                      int32_t pack);
/// The (old, new) reconfigurations: they change the register only when the
/// two CBs' formats differ, as the real ones compare the CB formats, not
/// the register.
void reconfigureIfDifferent(const char *call, char reg, uint32_t oldCB,
                            uint32_t newCB);
void setL1Accumulation(uint32_t enable);
void matmulInit(uint32_t in0, uint32_t in1, uint32_t transpose);
void matmul(uint32_t in0, uint32_t in1, uint32_t itile0, uint32_t itile1,
            uint32_t idst);
/// matmul_block: rt_dim x ct_dim products of in0's rows and in1's columns,
/// unpacked as tt-llk does (one operand held across the block).
void matmulBlock(uint32_t in0, uint32_t in1, uint32_t itile0, uint32_t itile1,
                 uint32_t idst, uint32_t ct, uint32_t rt, uint32_t kt);
void binaryTiles(EltwiseBinaryType type, uint32_t icb0, uint32_t icb1,
                 uint32_t itile0, uint32_t itile1, uint32_t idst);
void destReuse(EltwiseBinaryType type, EltwiseBinaryReuseDestType reuse,
               uint32_t icb, uint32_t itile, uint32_t idst);
void sfpuBinary(EltwiseBinaryType type, uint32_t idst0, uint32_t idst1,
                uint32_t odst);
enum class Unary { Exp, Log, Sqrt, Rsqrt, Recip, Relu, Gelu, Tanh, Sigmoid,
                   Abs, Negative, Square };
void sfpuUnary(Unary op, uint32_t idst);
void copy(uint32_t icb, uint32_t itile, uint32_t idst);
void pack(uint32_t idst, uint32_t ocb, bool outOfOrder, uint32_t index);
void transpose(uint32_t icb, uint32_t itile, uint32_t idst);
void reduceInit(PoolType type, ReduceDim dim);
void reduce(PoolType type, ReduceDim dim, uint32_t icb, uint32_t scb,
            uint32_t itile, uint32_t iscaler, uint32_t idst);
void reduceUninit();
void fill(uint32_t idst, float value);
void noInit();
/// The two engines an init prepares: the unpacker and FPU (an op's unpack
/// and math configuration) and the SFPU (its constants and address modes).
enum class InitUnit { Fpu, Sfpu };
/// Records `name` as the last init of `unit`; ops that need their own init
/// check it (tilt_emu/bcast_sfpu_api.h).
void recordInit(InitUnit unit, const char *name);
/// api/compute/tilize.h and untilize.h. `call` names the init or uninit in
/// reports; the ops copy through SrcA, DST and the packer.
void tilizeInit(const char *call, uint32_t icb, uint32_t block, uint32_t ocb);
void tilizeBlock(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t inputTile,
                 uint32_t outputTile);
void tilizeUninit(const char *call, uint32_t icb, uint32_t ocb);
void untilizeInit(uint32_t icb);
void untilizeBlock(uint32_t blockColumns, uint32_t icb, uint32_t fullColumns,
                   uint32_t ocb);
void untilizeUninit(uint32_t icb);
/// api/compute/pack_untilize.h: the packer writes DST tiles as rows. `icb`
/// < 0 is the dest init, which programs no unpack and math.
void packUntilizeInit(const char *call, uint32_t blockColumns,
                      uint32_t fullColumns, int32_t icb, uint32_t ocb,
                      uint32_t faceRows, uint32_t faces);
void packUntilizeBlock(uint32_t blockColumns, uint32_t fullColumns,
                       uint32_t icb, uint32_t blockRows, uint32_t ocb,
                       uint32_t blockIndex);
void packUntilizeDest(uint32_t blockColumns, uint32_t fullColumns,
                      uint32_t dstColumnOffset, uint32_t ocb,
                      uint32_t blockRows, uint32_t blockIndex,
                      uint32_t faceRows, uint32_t faces, uint32_t dstRowOffset);
void packUntilizeUninit(uint32_t ocb);
} // namespace tilt_emu

//===----------------------------------------------------------------------===//
// Startup and data formats
//===----------------------------------------------------------------------===//

// compute_kernel_hw_startup.h: unpacker, math and packer hardware
// configuration. Regular: SrcA from icb0, SrcB from icb1; Reverse (matmul):
// SrcA from icb1, SrcB from icb0.
template <SrcOrder order = SrcOrder::Regular>
void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb,
                               TILT_HERE) {
  ::tilt_emu::at(here);
  if (order == SrcOrder::Reverse)
    tilt_emu::configureFormats("compute_kernel_hw_startup<SrcOrder::Reverse>",
                               int32_t(icb1), int32_t(icb0), int32_t(ocb));
  else
    tilt_emu::configureFormats("compute_kernel_hw_startup", int32_t(icb0),
                               int32_t(icb1), int32_t(ocb));
}
inline void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("compute_kernel_hw_startup", int32_t(icb0),
                             int32_t(icb0), int32_t(ocb));
}
// eltwise_binary.h / eltwise_unary.h: the full hardware configuration of
// the older init style.
inline void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb,
                                  TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("binary_op_init_common", int32_t(icb0),
                             int32_t(icb1), int32_t(ocb));
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "binary_op_init_common");
}
inline void unary_op_init_common(uint32_t icb, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("unary_op_init_common", int32_t(icb),
                             int32_t(icb), int32_t(ocb));
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "unary_op_init_common");
}
inline void init_sfpu(uint32_t icb, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("init_sfpu", int32_t(icb), int32_t(icb),
                             int32_t(ocb));
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "init_sfpu");
}

// reconfig_data_format.h. The SrcOrder says which of the two CBs goes to
// SrcA, as for compute_kernel_hw_startup.
template <SrcOrder order = SrcOrder::Regular>
void reconfig_data_format(uint32_t icb0_new, uint32_t icb1_new, TILT_HERE) {
  ::tilt_emu::at(here);
  bool reverse = order == SrcOrder::Reverse;
  tilt_emu::configureFormats("reconfig_data_format",
                             int32_t(reverse ? icb1_new : icb0_new),
                             int32_t(reverse ? icb0_new : icb1_new),
                             tilt_emu::kKeep);
}
template <SrcOrder order = SrcOrder::Regular>
void reconfig_data_format(uint32_t icb0_old, uint32_t icb0_new,
                          uint32_t icb1_old, uint32_t icb1_new, TILT_HERE) {
  ::tilt_emu::at(here);
  bool reverse = order == SrcOrder::Reverse;
  tilt_emu::reconfigureIfDifferent("reconfig_data_format", reverse ? 'B' : 'A',
                                   icb0_old, icb0_new);
  tilt_emu::reconfigureIfDifferent("reconfig_data_format", reverse ? 'A' : 'B',
                                   icb1_old, icb1_new);
}
inline void reconfig_data_format_srca(uint32_t srca_new, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("reconfig_data_format_srca", int32_t(srca_new),
                             tilt_emu::kKeep, tilt_emu::kKeep);
}
inline void reconfig_data_format_srca(uint32_t srca_old, uint32_t srca_new,
                                      TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("reconfig_data_format_srca", 'A', srca_old,
                                   srca_new);
}
inline void reconfig_data_format_srcb(uint32_t srcb_new, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("reconfig_data_format_srcb", tilt_emu::kKeep,
                             int32_t(srcb_new), tilt_emu::kKeep);
}
inline void reconfig_data_format_srcb(uint32_t srcb_old, uint32_t srcb_new,
                                      TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("reconfig_data_format_srcb", 'B', srcb_old,
                                   srcb_new);
}
// pack.h.
inline void pack_reconfig_data_format(uint32_t new_ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("pack_reconfig_data_format", tilt_emu::kKeep,
                             tilt_emu::kKeep, int32_t(new_ocb));
}
inline void pack_reconfig_data_format(uint32_t old_ocb, uint32_t new_ocb,
                                      TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("pack_reconfig_data_format", 'P', old_ocb,
                                   new_ocb);
}
inline void pack_reconfig_l1_acc(uint32_t l1_acc_en, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::setL1Accumulation(l1_acc_en);
}
// The LLK call ttnn's matmul kernels make for it, `PACK((
// llk_pack_reconfig_l1_acc(1)))` (tt-metal llk_pack_api.h).
inline void llk_pack_reconfig_l1_acc(uint32_t enable, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::setL1Accumulation(enable);
}

//===----------------------------------------------------------------------===//
// DST
//===----------------------------------------------------------------------===//

void tile_regs_acquire(TILT_HERE);
void tile_regs_commit(TILT_HERE);
void tile_regs_wait(TILT_HERE);
void tile_regs_release(TILT_HERE);
inline void acquire_dst(TILT_HERE) {
  ::tilt_emu::at(here);
  tile_regs_acquire(here);
  tile_regs_wait(here);
}
inline void release_dst(TILT_HERE) {
  ::tilt_emu::at(here);
  tile_regs_commit(here);
  tile_regs_release(here);
}

//===----------------------------------------------------------------------===//
// Matmul: DST[idst] += A @ B, in0 unpacked to SrcB and in1 to SrcA
//===----------------------------------------------------------------------===//

// matmul_init is a short init: it leaves the data formats as they are.
inline void matmul_init(uint32_t in0, uint32_t in1, uint32_t transpose = 0,
                        TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmulInit(in0, in1, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "matmul_init");
}
inline void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id,
                         uint32_t in0_tile_index, uint32_t in1_tile_index,
                         uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmul(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index, idst);
}
inline void matmul_block_init(uint32_t in0, uint32_t in1,
                              uint32_t transpose = 0, uint32_t = 1,
                              uint32_t = 1, uint32_t = 1, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmulInit(in0, in1, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "matmul_block_init");
}
// The older matmul inits (tt-metal's compute_kernel_api/matmul.h before
// compute_kernel_hw_startup replaced the full ones; ttnn's matmul kernels
// of 2024-25 call them): mm_init and mm_block_init configure the hardware
// for (in0 -> SrcB, in1 -> SrcA, out -> packer) and then init, as
// compute_kernel_hw_startup<SrcOrder::Reverse> followed by matmul_init /
// matmul_block_init; the _short forms init only; _with_dt first
// reconfigures SrcA from old_in1's format to in1's (llk_unpack_reconfig_
// data_format_srca(old_in1_cb_id, in1_cb_id)), _with_both_dt SrcB from
// old_in0's to in0's too.
inline void mm_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
                    uint32_t out_cb_id = 16, uint32_t transpose = 0,
                    TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("mm_init", int32_t(in1_cb_id), int32_t(in0_cb_id),
                             int32_t(out_cb_id));
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_init");
}
inline void mm_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
                          uint32_t transpose = 0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_init_short");
}
inline void mm_init_short_with_dt(uint32_t in0_cb_id, uint32_t in1_cb_id,
                                  uint32_t old_in1_cb_id,
                                  uint32_t transpose = 0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("mm_init_short_with_dt", 'A', old_in1_cb_id,
                                   in1_cb_id);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_init_short_with_dt");
}
inline void mm_block_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
                          uint32_t out_cb_id = 16, uint32_t transpose = 0,
                          uint32_t = 1, uint32_t = 1, uint32_t = 1, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("mm_block_init", int32_t(in1_cb_id),
                             int32_t(in0_cb_id), int32_t(out_cb_id));
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_block_init");
}
inline void mm_block_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
                                uint32_t transpose = 0, uint32_t = 1,
                                uint32_t = 1, uint32_t = 1, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_block_init_short");
}
inline void mm_block_init_short_with_dt(uint32_t in0_cb_id, uint32_t in1_cb_id,
                                        uint32_t old_in1_cb_id,
                                        uint32_t transpose = 0, uint32_t = 1,
                                        uint32_t = 1, uint32_t = 1, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("mm_block_init_short_with_dt", 'A',
                                   old_in1_cb_id, in1_cb_id);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mm_block_init_short_with_dt");
}
inline void
mm_block_init_short_with_both_dt(uint32_t in0_cb_id, uint32_t in1_cb_id,
                                 uint32_t old_in0_cb_id, uint32_t old_in1_cb_id,
                                 uint32_t transpose = 0, uint32_t = 1,
                                 uint32_t = 1, uint32_t = 1, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("mm_block_init_short_with_both_dt", 'A',
                                   old_in1_cb_id, in1_cb_id);
  tilt_emu::reconfigureIfDifferent("mm_block_init_short_with_both_dt", 'B',
                                   old_in0_cb_id, in0_cb_id);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu,
                       "mm_block_init_short_with_both_dt");
}
inline void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id,
                         uint32_t in0_tile_index, uint32_t in1_tile_index,
                         uint32_t idst, uint32_t transpose, uint32_t ct_dim,
                         uint32_t rt_dim, uint32_t kt_dim, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::matmulInit(in0_cb_id, in1_cb_id, transpose);
  tilt_emu::matmulBlock(in0_cb_id, in1_cb_id, in0_tile_index, in1_tile_index,
                        idst, ct_dim, rt_dim, kt_dim);
}

//===----------------------------------------------------------------------===//
// FPU eltwise binary: DST[idst] = A op B, icb0 unpacked to SrcA, icb1 to SrcB
//===----------------------------------------------------------------------===//

inline void add_tiles_init(uint32_t, uint32_t, bool = false, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "add_tiles_init");
}
inline void sub_tiles_init(uint32_t, uint32_t, bool = false, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "sub_tiles_init");
}
inline void mul_tiles_init(uint32_t, uint32_t, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "mul_tiles_init");
}
inline void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::binaryTiles(ELWADD, icb0, icb1, itile0, itile1, idst);
}
inline void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::binaryTiles(ELWSUB, icb0, icb1, itile0, itile1, idst);
}
inline void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::binaryTiles(ELWMUL, icb0, icb1, itile0, itile1, idst);
}
// DEST_TO_SRCA: DST moves to SrcA and the CB tile is unpacked to SrcB;
// DEST_TO_SRCB the other way round.
template <EltwiseBinaryType type = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
void binary_dest_reuse_tiles_init(uint32_t, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "binary_dest_reuse_tiles_init");
}
template <EltwiseBinaryType type = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index,
                             uint32_t dst_tile_index, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::destReuse(type, reuse, in_cb_id, in_tile_index, dst_tile_index);
}

//===----------------------------------------------------------------------===//
// SFPU binary: DST[odst] = DST[idst0] op DST[idst1]
//===----------------------------------------------------------------------===//

inline void add_binary_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "add_binary_tile_init");
}
inline void sub_binary_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "sub_binary_tile_init");
}
inline void mul_binary_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "mul_binary_tile_init");
}
inline void add_binary_tile(uint32_t a, uint32_t b, uint32_t out, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuBinary(ELWADD, a, b, out);
}
inline void sub_binary_tile(uint32_t a, uint32_t b, uint32_t out, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuBinary(ELWSUB, a, b, out);
}
inline void mul_binary_tile(uint32_t a, uint32_t b, uint32_t out, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuBinary(ELWMUL, a, b, out);
}

//===----------------------------------------------------------------------===//
// Copy (through SrcA, or straight to DST for UnpackToDestFp32) and pack
//===----------------------------------------------------------------------===//

// tile_move_copy.h: copy_tile_init and copy_tile_to_dst_init_short do not
// reconfigure the unpacker's data formats; the _with_dt form reconfigures
// SrcA from old_cbid's format to new_cbid's when they differ.
inline void copy_tile_init(uint32_t, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "copy_tile_init");
}
inline void copy_tile_to_dst_init_short(uint32_t, uint32_t = 0, uint32_t = 0,
                                        TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "copy_tile_to_dst_init_short");
}
inline void copy_tile_to_dst_init_short_with_dt(uint32_t old_cbid,
                                                uint32_t new_cbid, uint32_t = 0,
                                                TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reconfigureIfDifferent("copy_tile_to_dst_init_short_with_dt", 'A',
                                   old_cbid, new_cbid);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "copy_tile_to_dst_init_short_with_dt");
}
inline void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index,
                      uint32_t dst_tile_index, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::copy(in_cb_id, in_tile_index, dst_tile_index);
}
template <bool out_of_order_output = false>
void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0,
               TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::pack(ifrom_dst, icb, out_of_order_output, output_tile_index);
}
// The older block forms ttnn's matmul kernels use to spill and reload
// partial sums: tile_move_copy.h's copy_block_matmul_partials copies
// `ntiles` consecutive CB tiles into consecutive DST tiles (copy_tile's
// unpack and datacopy, after copy_tile_to_dst_init_short), pack.h's
// matmul_pack_tile packs `ntiles` consecutive DST tiles in order.
inline void copy_block_matmul_partials(uint32_t in_cb_id,
                                       uint32_t start_in_tile_index,
                                       uint32_t start_dst_tile_index,
                                       uint32_t ntiles, TILT_HERE) {
  ::tilt_emu::at(here);
  for (uint32_t i = 0; i < ntiles; ++i)
    tilt_emu::copy(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
}
inline void matmul_pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles,
                             TILT_HERE) {
  ::tilt_emu::at(here);
  for (uint32_t i = 0; i < ntiles; ++i)
    tilt_emu::pack(ifrom_dst + i, icb, false, 0);
}
// Its current name (api/compute/pack.h pack_tile_block).
inline void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles,
                            TILT_HERE) {
  matmul_pack_tile(ifrom_dst, icb, ntiles, here);
}

//===----------------------------------------------------------------------===//
// SFPU unary, in place on DST[idst]
//===----------------------------------------------------------------------===//

#define TILT_EMU_UNARY(name, op)                                               \
  template <bool approx = false> void name##_tile_init(TILT_HERE) {            \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, #name "_tile_init");        \
  }                                                                            \
  template <bool approx = false> void name##_tile(uint32_t idst, TILT_HERE) {  \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuUnary(tilt_emu::Unary::op, idst);                            \
  }
TILT_EMU_UNARY(exp, Exp)
TILT_EMU_UNARY(log, Log)
TILT_EMU_UNARY(sqrt, Sqrt)
TILT_EMU_UNARY(rsqrt, Rsqrt)
TILT_EMU_UNARY(recip, Recip)
TILT_EMU_UNARY(relu, Relu)
TILT_EMU_UNARY(gelu, Gelu)
TILT_EMU_UNARY(tanh, Tanh)
TILT_EMU_UNARY(sigmoid, Sigmoid)
TILT_EMU_UNARY(abs, Abs)
TILT_EMU_UNARY(negative, Negative)
TILT_EMU_UNARY(square, Square)
#undef TILT_EMU_UNARY

inline void fill_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "fill_tile_init");
}
inline void fill_tile(uint32_t idst, float value, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::fill(idst, value);
}
inline void fill_tile_bitcast(uint32_t idst, uint32_t bits, TILT_HERE) {
  ::tilt_emu::at(here);
  float value;
  std::memcpy(&value, &bits, 4);
  tilt_emu::fill(idst, value);
}

//===----------------------------------------------------------------------===//
// Transpose: unpacks through SrcA
//===----------------------------------------------------------------------===//

// transpose_wh.h: the full init configures SrcA (and SrcB) from icb and the
// packer from ocb; the short init leaves the formats.
inline void transpose_wh_init(uint32_t icb, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::configureFormats("transpose_wh_init", int32_t(icb), int32_t(icb),
                             int32_t(ocb));
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "transpose_wh_init");
}
inline void transpose_wh_init_short(uint32_t, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "transpose_wh_init_short");
}
inline void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst,
                              TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::transpose(icb, itile, idst);
}

// Broadcast ops and the SFPU ops that check their init.
#include "tilt_emu/bcast_sfpu_api.h"
// The SFPU ops on int32 data and typecast.
#include "tilt_emu/int_sfpu_api.h"

// tt-metal's older compute kernels are `namespace NAMESPACE { void MAIN {
// ... } }`, names its JIT build defines once per TRISC (the unpack, math
// and pack builds of one source). The emulator builds a compute kernel
// once and loads `tilt_compute::kernel_main_of_namespace()` when the
// kernel has no `void kernel_main()`. Every compute header defines them,
// as every one of tt-metal's includes its common.h.
#ifndef NAMESPACE
#define NAMESPACE tilt_compute
#endif
#ifndef MAIN
#define MAIN kernel_main_of_namespace()
#endif

#endif // TILT_EMU_COMPUTE_API_H
