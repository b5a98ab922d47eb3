//===- reduce.h - The Metalium reduce API, emulated -------------*- C++ -*-===//
//
// As the real api/compute/reduce.h, the template defaults are REDUCE_OP and
// REDUCE_DIM with no fallback: a kernel defines them (or the host passes
// them in ComputeConfig::defines), or it does not compile.
//
// reduce_tile unpacks the input through SrcA and the scaler through SrcB
// and leaves its result in column 0 (REDUCE_ROW), row 0 (REDUCE_COL) or
// element [0, 0] (REDUCE_SCALAR) of DST; reduce_init sets the packer's edge
// mask that zeroes the rest when the tile is packed, until reduce_uninit.
//
//===----------------------------------------------------------------------===//
#pragma once
#include "tilt_emu/compute_api.h"

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
void reduce_init(uint32_t, uint32_t, uint32_t, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reduceInit(reduce_type, reduce_dim);
  tilt_emu::recordInit(tilt_emu::InitUnit::Fpu, "reduce_init");
}
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile,
                 uint32_t itile_scaler, uint32_t idst, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reduce(reduce_type, reduce_dim, icb, icb_scaler, itile,
                   itile_scaler, idst);
}
inline void reduce_uninit(uint32_t = 0, TILT_HERE) {
  ::tilt_emu::at(here);
  tilt_emu::reduceUninit();
}
