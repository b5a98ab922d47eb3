//===- compute_api.h - The Metalium compute API, emulated -------*- C++ -*-===//
//
// The compute subset of the Metalium API: startup and inits, the DST
// protocol, FPU matmul and eltwise ops, SFPU unary and binary ops, copy,
// pack, reduce and transpose. All api/compute/*.h headers of the emulator
// include this one. Inits only record state; the ops compute in f32 on the
// emulated DST (docs/emulator.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_EMU_COMPUTE_API_H
#define TILT_EMU_COMPUTE_API_H

#include "tilt_emu/kernel_api.h"

enum class SrcOrder { Regular, Reverse };
enum EltwiseBinaryType { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWMOV };
enum class EltwiseBinaryReuseDestType { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum PoolType { SUM, AVG, MAX };
enum ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };
enum class VectorMode { None, R, C, RC };

namespace tilt_emu {
void hwStartup(uint32_t icb0, uint32_t icb1, uint32_t ocb);
void matmulInit(uint32_t in0, uint32_t in1, uint32_t transpose);
void binaryTiles(EltwiseBinaryType type, uint32_t icb0, uint32_t icb1,
                 uint32_t itile0, uint32_t itile1, uint32_t idst);
void destReuse(EltwiseBinaryType type, EltwiseBinaryReuseDestType reuse,
               uint32_t icb, uint32_t itile, uint32_t idst);
void sfpuBinary(EltwiseBinaryType type, uint32_t idst0, uint32_t idst1,
                uint32_t odst);
enum class Unary { Exp, Log, Sqrt, Rsqrt, Recip, Relu, Gelu, Tanh, Sigmoid,
                   Abs, Negative, Square };
void sfpuUnary(Unary op, uint32_t idst);
void pack(uint32_t idst, uint32_t ocb, bool outOfOrder, uint32_t index);
void reduce(PoolType type, ReduceDim dim, uint32_t icb, uint32_t scb,
            uint32_t itile, uint32_t iscaler, uint32_t idst);
void fill(uint32_t idst, float value);
void noInit();
} // namespace tilt_emu

// Startup and inits.
template <SrcOrder order = SrcOrder::Regular>
void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  tilt_emu::hwStartup(icb0, icb1, ocb);
}
inline void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb) {
  tilt_emu::hwStartup(icb0, icb0, ocb);
}
inline void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  tilt_emu::hwStartup(icb0, icb1, ocb);
}
inline void unary_op_init_common(uint32_t icb, uint32_t ocb) {
  tilt_emu::hwStartup(icb, icb, ocb);
}
inline void init_sfpu(uint32_t icb, uint32_t ocb) {
  tilt_emu::hwStartup(icb, icb, ocb);
}
inline void reconfig_data_format(uint32_t, uint32_t) { tilt_emu::noInit(); }
inline void pack_reconfig_data_format(uint32_t) { tilt_emu::noInit(); }

// DST.
void tile_regs_acquire();
void tile_regs_commit();
void tile_regs_wait();
void tile_regs_release();
inline void acquire_dst() { tile_regs_acquire(); tile_regs_wait(); }
inline void release_dst() { tile_regs_commit(); tile_regs_release(); }

// Matmul: DST[idst] += A @ B (B transposed per tile after matmul_init with
// transpose).
inline void matmul_init(uint32_t in0, uint32_t in1, uint32_t transpose = 0) {
  tilt_emu::matmulInit(in0, in1, transpose);
}
void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id,
                  uint32_t in0_tile_index, uint32_t in1_tile_index,
                  uint32_t idst);
inline void matmul_block_init(uint32_t in0, uint32_t in1, uint32_t transpose = 0,
                              uint32_t = 1, uint32_t = 1, uint32_t = 1) {
  tilt_emu::matmulInit(in0, in1, transpose);
}
void matmul_block(uint32_t in0_cb_id, uint32_t in1_cb_id,
                  uint32_t in0_tile_index, uint32_t in1_tile_index,
                  uint32_t idst, uint32_t transpose, uint32_t ct_dim,
                  uint32_t rt_dim, uint32_t kt_dim);

// FPU eltwise binary: DST[idst] = A op B.
inline void add_tiles_init(uint32_t, uint32_t, bool = false) { tilt_emu::noInit(); }
inline void sub_tiles_init(uint32_t, uint32_t, bool = false) { tilt_emu::noInit(); }
inline void mul_tiles_init(uint32_t, uint32_t) { tilt_emu::noInit(); }
inline void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst) {
  tilt_emu::binaryTiles(ELWADD, icb0, icb1, itile0, itile1, idst);
}
inline void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst) {
  tilt_emu::binaryTiles(ELWSUB, icb0, icb1, itile0, itile1, idst);
}
inline void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0,
                      uint32_t itile1, uint32_t idst) {
  tilt_emu::binaryTiles(ELWMUL, icb0, icb1, itile0, itile1, idst);
}
template <EltwiseBinaryType type = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
void binary_dest_reuse_tiles_init(uint32_t) {
  tilt_emu::noInit();
}
template <EltwiseBinaryType type = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index,
                             uint32_t dst_tile_index) {
  tilt_emu::destReuse(type, reuse, in_cb_id, in_tile_index, dst_tile_index);
}

// SFPU binary: DST[odst] = DST[idst0] op DST[idst1].
inline void add_binary_tile_init() { tilt_emu::noInit(); }
inline void sub_binary_tile_init() { tilt_emu::noInit(); }
inline void mul_binary_tile_init() { tilt_emu::noInit(); }
inline void add_binary_tile(uint32_t a, uint32_t b, uint32_t out) {
  tilt_emu::sfpuBinary(ELWADD, a, b, out);
}
inline void sub_binary_tile(uint32_t a, uint32_t b, uint32_t out) {
  tilt_emu::sfpuBinary(ELWSUB, a, b, out);
}
inline void mul_binary_tile(uint32_t a, uint32_t b, uint32_t out) {
  tilt_emu::sfpuBinary(ELWMUL, a, b, out);
}

// Copy and pack.
inline void copy_tile_init(uint32_t) { tilt_emu::noInit(); }
inline void copy_tile_to_dst_init_short(uint32_t, uint32_t = 0, uint32_t = 0) {
  tilt_emu::noInit();
}
void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index);
template <bool out_of_order_output = false>
void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0) {
  tilt_emu::pack(ifrom_dst, icb, out_of_order_output, output_tile_index);
}

// Unary SFPU ops, in place on DST[idst].
#define TILT_EMU_UNARY(name, op)                                               \
  template <bool approx = false> void name##_tile_init() { tilt_emu::noInit(); } \
  template <bool approx = false> void name##_tile(uint32_t idst) {              \
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

inline void fill_tile_init() { tilt_emu::noInit(); }
inline void fill_tile(uint32_t idst, float value) { tilt_emu::fill(idst, value); }
inline void fill_tile_bitcast(uint32_t idst, uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  tilt_emu::fill(idst, value);
}

// Transpose and reduce.
inline void transpose_wh_init(uint32_t, uint32_t) { tilt_emu::noInit(); }
void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst);
template <PoolType type = SUM, ReduceDim dim = REDUCE_ROW>
void reduce_init(uint32_t, uint32_t, uint32_t) {
  tilt_emu::noInit();
}
template <PoolType type = SUM, ReduceDim dim = REDUCE_ROW>
void reduce_tile(uint32_t icb, uint32_t icb_scaler, uint32_t itile,
                 uint32_t itile_scaler, uint32_t idst) {
  tilt_emu::reduce(type, dim, icb, icb_scaler, itile, itile_scaler, idst);
}
inline void reduce_uninit(uint32_t = 0) { tilt_emu::noInit(); }

#endif // TILT_EMU_COMPUTE_API_H
