//===- bcast_sfpu_api.h - Broadcast and more SFPU ops, emulated -*- C++ -*-===//
//
// The Metalium calls of api/compute/bcast.h (FPU binary ops with in1
// broadcast, unary_bcast), and the SFPU ops of compute_kernel_api.h
// (exp2, silu, log_with_base, unary max/min), eltwise_unary/erf_erfc.h,
// eltwise_unary/binop_with_scalar.h, eltwise_binary_sfpu.h (div),
// binary_max_min.h, copy_dest_values.h, the comparisons of
// eltwise_binary_sfpu.h and eltwise_unary/comp.h, and eltwise_unary/where.h.
// Included by compute_api.h.
//
// Each of these ops checks that its own init is the last one of its engine
// (tilt_emu::InitUnit): a broadcast op after another FPU op's init, or an
// SFPU op after another SFPU op's init, stops the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_BCAST_SFPU_API_H
#define TILT_EMU_BCAST_SFPU_API_H

#include "tilt_emu/compute_api.h"

namespace tilt_emu {
/// The short or full init of the broadcast op `type` along `dim`; `full`
/// configures SrcA from icb0, SrcB from icb1 and the packer from ocb
/// (init_bcast), a short init leaves the formats.
void bcastInit(const char *call, EltwiseBinaryType type, BroadcastType dim,
               uint32_t icb0, uint32_t icb1, int32_t ocb);
/// DST[idst] = in0 op broadcast(in1), in0 through SrcA, in1 through SrcB.
void bcastTiles(EltwiseBinaryType type, BroadcastType dim, uint32_t icb0,
                uint32_t icb1, uint32_t itile0, uint32_t itile1,
                uint32_t idst);
/// unary_bcast_init: configures SrcA, SrcB from icb and the packer from ocb.
void unaryBcastInit(BroadcastType dim, uint32_t icb, uint32_t ocb);
/// DST[idst] = broadcast(tile itile of icb), through SrcB.
void unaryBcast(BroadcastType dim, uint32_t icb, uint32_t itile,
                uint32_t idst);
/// The SFPU ops on one DST tile with an f32 parameter given as its bits.
enum class SfpuScalarOp {
  Exp2,
  Silu,
  Erf,
  LogWithBase,
  Add,
  Sub,
  Mul,
  Div,
  Rsub,
  Max,
  Min,
  Eq,
  Ne,
  Lt,
  Gt,
  Le,
  Ge
};
void sfpuScalar(SfpuScalarOp op, uint32_t idst, uint32_t bits);
/// The SFPU ops on two DST tiles.
enum class SfpuPairOp { Div, Max, Min, Eq, Ne, Lt, Gt, Le, Ge };
void sfpuPair(SfpuPairOp op, uint32_t idst0, uint32_t idst1, uint32_t odst);
/// DST[odst] = DST[idst].
void copyDestValues(uint32_t idst, uint32_t odst);
/// DST[odst] = DST[icond] != 0 ? DST[itrue] : DST[ifalse], moved as the
/// words of `format`.
void where(DataFormat format, uint32_t icond, uint32_t itrue, uint32_t ifalse,
           uint32_t odst);
} // namespace tilt_emu

//===----------------------------------------------------------------------===//
// bcast.h: FPU binary ops with in1 broadcast
//===----------------------------------------------------------------------===//

template <EltwiseBinaryType op, BroadcastType dim>
void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::bcastInit("init_bcast", op, dim, icb0, icb1, int32_t(ocb));
}

#define TILT_EMU_BCAST_INIT(name, op, dim)                                     \
  inline void name(uint32_t icb0, uint32_t icb1, TILT_HERE) {                  \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::bcastInit(#name, op, BroadcastType::dim, icb0, icb1,             \
                        tilt_emu::kKeep);                                      \
  }
TILT_EMU_BCAST_INIT(add_bcast_rows_init_short, ELWADD, ROW)
TILT_EMU_BCAST_INIT(add_bcast_cols_init_short, ELWADD, COL)
TILT_EMU_BCAST_INIT(add_bcast_scalar_init_short, ELWADD, SCALAR)
TILT_EMU_BCAST_INIT(sub_bcast_rows_init_short, ELWSUB, ROW)
TILT_EMU_BCAST_INIT(sub_bcast_cols_init_short, ELWSUB, COL)
TILT_EMU_BCAST_INIT(sub_tiles_bcast_scalar_init_short, ELWSUB, SCALAR)
TILT_EMU_BCAST_INIT(mul_bcast_rows_init_short, ELWMUL, ROW)
TILT_EMU_BCAST_INIT(mul_bcast_cols_init_short, ELWMUL, COL)
TILT_EMU_BCAST_INIT(mul_tiles_bcast_scalar_init_short, ELWMUL, SCALAR)
#undef TILT_EMU_BCAST_INIT

// The template forms and the named ones (add_tiles_bcast_rows, ...). The
// real ROW forms take a bcast_row_idx; only row 0 is modelled.
#define TILT_EMU_BCAST(name, op)                                               \
  template <BroadcastType dim>                                                 \
  void name##_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0,       \
                          uint32_t itile1, uint32_t idst) {                    \
    tilt_emu::bcastTiles(op, dim, icb0, icb1, itile0, itile1, idst);           \
  }                                                                            \
  inline void name##_tiles_bcast_rows(uint32_t icb0, uint32_t icb1,            \
                                      uint32_t itile0, uint32_t itile1,        \
                                      uint32_t idst) {                         \
    tilt_emu::bcastTiles(op, BroadcastType::ROW, icb0, icb1, itile0, itile1,   \
                         idst);                                                \
  }                                                                            \
  inline void name##_tiles_bcast_cols(uint32_t icb0, uint32_t icb1,            \
                                      uint32_t itile0, uint32_t itile1,        \
                                      uint32_t idst) {                         \
    tilt_emu::bcastTiles(op, BroadcastType::COL, icb0, icb1, itile0, itile1,   \
                         idst);                                                \
  }                                                                            \
  inline void name##_tiles_bcast_scalar(uint32_t icb0, uint32_t icb1,          \
                                        uint32_t itile0, uint32_t itile1,      \
                                        uint32_t idst) {                       \
    tilt_emu::bcastTiles(op, BroadcastType::SCALAR, icb0, icb1, itile0,        \
                         itile1, idst);                                        \
  }
TILT_EMU_BCAST(add, ELWADD)
TILT_EMU_BCAST(sub, ELWSUB)
TILT_EMU_BCAST(mul, ELWMUL)
#undef TILT_EMU_BCAST

template <BroadcastType dim>
void unary_bcast_init(uint32_t icb, uint32_t ocb, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::unaryBcastInit(dim, icb, ocb);
}
template <BroadcastType dim>
void unary_bcast(uint32_t icb, uint32_t in_tile_index, uint32_t dst_tile_index,
                 TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::unaryBcast(dim, icb, in_tile_index, dst_tile_index);
}

//===----------------------------------------------------------------------===//
// SFPU ops on one DST tile
//===----------------------------------------------------------------------===//

#define TILT_EMU_SFPU_INIT(name)                                               \
  inline void name(TILT_HERE) {                                                \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, #name);                     \
  }
// compute_kernel_api.h: exp2 and silu templates take is_fp32_dest_acc_en,
// log_with_base fast_and_approx; the emulator computes accurately always.
template <bool = false> void exp2_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "exp2_tile_init");
}
template <bool = false> void exp2_tile(uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Exp2, idst, 0);
}
TILT_EMU_SFPU_INIT(silu_tile_init)
template <bool = false> void silu_tile(uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Silu, idst, 0);
}
template <bool = false, bool = false> void log_with_base_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "log_with_base_tile_init");
}
template <bool = false, bool = false, bool = false>
void log_with_base_tile(uint32_t idst, uint32_t base_scale, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::LogWithBase, idst, base_scale);
}
TILT_EMU_SFPU_INIT(unary_max_tile_init)
inline void unary_max_tile(uint32_t idst, uint32_t param0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Max, idst, param0);
}
TILT_EMU_SFPU_INIT(unary_min_tile_init)
inline void unary_min_tile(uint32_t idst, uint32_t param0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Min, idst, param0);
}
// erf_erfc.h: fast_and_approx defaults to true there.
template <bool fast_and_approx = true> void erf_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "erf_tile_init");
}
// ckernel_sfpu_erf.h picks its fp32 fit under INP_FLOAT32 (a define of the
// compute kernel, ComputeConfig::defines), a bf16-grade one otherwise.
template <bool fast_and_approx = true> void erf_tile(uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
#ifdef INP_FLOAT32
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Erf, idst, 1);
#else
  tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Erf, idst, 0);
#endif
}
// eltwise_unary/binop_with_scalar.h: one init for the five.
TILT_EMU_SFPU_INIT(binop_with_scalar_tile_init)
#define TILT_EMU_BINOP_SCALAR(name, op)                                        \
  inline void name(uint32_t idst, uint32_t param1, TILT_HERE) {                \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::op, idst, param1);            \
  }
TILT_EMU_BINOP_SCALAR(add_unary_tile, Add)
TILT_EMU_BINOP_SCALAR(sub_unary_tile, Sub)
TILT_EMU_BINOP_SCALAR(mul_unary_tile, Mul)
TILT_EMU_BINOP_SCALAR(div_unary_tile, Div)
TILT_EMU_BINOP_SCALAR(rsub_unary_tile, Rsub)
#undef TILT_EMU_BINOP_SCALAR

//===----------------------------------------------------------------------===//
// SFPU ops on two DST tiles
//===----------------------------------------------------------------------===//

// eltwise_binary_sfpu.h (template is_fp32_dest_acc_en), binary_max_min.h.
template <bool = false> void div_binary_tile_init(TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::recordInit(tilt_emu::InitUnit::Sfpu, "div_binary_tile_init");
}
template <bool = false>
void div_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuPair(tilt_emu::SfpuPairOp::Div, idst0, idst1, odst);
}
TILT_EMU_SFPU_INIT(binary_max_tile_init)
inline void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                            VectorMode = VectorMode::RC, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuPair(tilt_emu::SfpuPairOp::Max, idst0, idst1, odst);
}
TILT_EMU_SFPU_INIT(binary_min_tile_init)
inline void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst,
                            VectorMode = VectorMode::RC, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::sfpuPair(tilt_emu::SfpuPairOp::Min, idst0, idst1, odst);
}
// eltwise_binary_sfpu.h's comparisons of two DST tiles and
// eltwise_unary/comp.h's of a DST tile with a scalar (its f32 bits): 1.0
// where the relation holds, else 0.0.
#define TILT_EMU_SFPU_COMPARE(rel, op)                                         \
  TILT_EMU_SFPU_INIT(rel##_binary_tile_init)                                   \
  inline void rel##_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst, \
                                TILT_HERE) {                                   \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuPair(tilt_emu::SfpuPairOp::op, idst0, idst1, odst);          \
  }                                                                            \
  TILT_EMU_SFPU_INIT(unary_##rel##_tile_init)                                  \
  inline void unary_##rel##_tile(uint32_t idst, uint32_t param0, TILT_HERE) {  \
    ::tilt_emu::at(here);                                                      \
    tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::op, idst, param0);            \
  }
TILT_EMU_SFPU_COMPARE(eq, Eq)
TILT_EMU_SFPU_COMPARE(ne, Ne)
TILT_EMU_SFPU_COMPARE(lt, Lt)
TILT_EMU_SFPU_COMPARE(gt, Gt)
TILT_EMU_SFPU_COMPARE(le, Le)
TILT_EMU_SFPU_COMPARE(ge, Ge)
#undef TILT_EMU_SFPU_COMPARE
// eltwise_unary/where.h.
TILT_EMU_SFPU_INIT(where_tile_init)
template <DataFormat data_format>
void where_tile(uint32_t idst0, uint32_t idst1, uint32_t idst2, uint32_t odst,
                TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::where(data_format, idst0, idst1, idst2, odst);
}
// copy_dest_values.h: source first (idst_in, idst_out).
TILT_EMU_SFPU_INIT(copy_dest_values_init)
inline void copy_dest_values(uint32_t idst_in, uint32_t idst_out, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::copyDestValues(idst_in, idst_out);
}
#undef TILT_EMU_SFPU_INIT

#endif // TILT_EMU_BCAST_SFPU_API_H
