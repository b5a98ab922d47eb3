//===- FidelityRoundingTest.cpp - Fidelity phases and result rounding -----===//
//
// The rules of issue 31, each against hand-computed bit patterns and the
// source it follows (docs/emulator.md, "What the emulator models"): the
// operand bits of each math-fidelity phase and the rounding of DST after
// every phase (mul_tiles, matmul_tiles, reduce_tile); the SFPU's rounding
// of mul/div and of exp-like functions into a 16-bit DST; erf's bf16-grade
// fit without INP_FLOAT32; the packer's Float16 output from an fp32 DST.
//
//===----------------------------------------------------------------------===//

#include "ComputeRun.h"
#define REDUCE_OP PoolType::SUM
#define REDUCE_DIM ReduceDim::REDUCE_ROW
#include "api/compute/reduce.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace tilt::emu;

namespace {

//===----------------------------------------------------------------------===//
// Math fidelity
//===----------------------------------------------------------------------===//

TEST(FidelityTest, PhasesUseTheDocumentedOperandBits) {
  // tt-isa-documentation MatrixUnit.md, SrcAFidelityBits/SrcBFidelityBits.
  // x = 1.1111111111b (TF32: ten mantissa bits set) = 2 - 2^-10.
  float x = 2.0f - 0x1p-10f;
  EXPECT_EQ(fidelityPartA(x, 0), 1.9375f);                    // 1 + 4 bits
  EXPECT_EQ(fidelityPartA(x, 1), 0x1p-5f * (2.0f - 0x1p-4f)); // next 5 bits
  EXPECT_EQ(fidelityPartA(x, 2), 1.9375f);
  // SrcA never uses the tenth mantissa bit.
  EXPECT_EQ(fidelityPartA(x, 0) + fidelityPartA(x, 1), 2.0f - 0x1p-9f);
  EXPECT_EQ(fidelityPartB(x, 0), 2.0f - 0x1p-6f); // 1 + 6 bits
  EXPECT_EQ(fidelityPartB(x, 1), 2.0f - 0x1p-6f);
  EXPECT_EQ(fidelityPartB(x, 2), 0x1p-6f - 0x1p-10f); // next 4 bits
  EXPECT_EQ(fidelityPartB(x, 2) + fidelityPartB(x, 0), x);
  // Signs stay with the parts.
  EXPECT_EQ(fidelityPartA(-x, 1), -fidelityPartA(x, 1));
  // An infinity is all in the first part.
  EXPECT_EQ(fidelityPartB(INFINITY, 0), INFINITY);
  EXPECT_EQ(fidelityPartB(INFINITY, 2), 0.0f);
}

/// How a test runs one op on two filled tiles: the CB formats (in0, in1,
/// out), the DST mode and fidelity, and the startup's source order.
struct TwoTiles {
  tilt::emu::DataFormat in = kBF16, out = kBF16;
  bool fp32Dest = false;
  unsigned phases = 4;
  bool reverse = false;
};

/// Pushes a tile of `in0` into CB 0 and one of `in1` into CB 1, runs `op`
/// (which writes DST[0]) and returns element (0, 0) of DST[0] packed into
/// CB 16.
float runOnTwoTiles(const TwoTiles &config, float in0, float in1,
                    const std::function<void()> &op) {
  ComputeRun run({{0, config.in}, {1, config.in}, {16, config.out}});
  run.instance.fidelityPhases = config.phases;
  run.instance.fp32DestAcc = config.fp32Dest;
  float out = 0;
  EXPECT_EQ(run.run([&] {
    if (config.reverse)
      compute_kernel_hw_startup<SrcOrder::Reverse>(0, 1, 16);
    else
      compute_kernel_hw_startup(0, 1, 16);
    pushFilledTile(0, in0);
    pushFilledTile(1, in1);
    tile_regs_acquire();
    op();
    out = packElement(16);
    cb_pop_front(0, 1);
    cb_pop_front(1, 1);
  }),
            "");
  return out;
}

/// in0 * in1 by mul_tiles at `phases` fidelity phases with a bf16 DST.
float multiplyAt(unsigned phases, float in0, float in1) {
  TwoTiles config;
  config.phases = phases;
  return runOnTwoTiles(config, in0, in1, [] {
    mul_tiles_init(0, 1);
    mul_tiles(0, 1, 0, 0, 0);
  });
}

TEST(FidelityTest, MulTilesRoundsDstAfterEveryPhase) {
  // tt-metal issue #12923 (Wormhole, bf16): 1.3125 * 7.96875 gives 10.4375
  // at HiFi2 and 10.5 at HiFi4 on the device, though the exact product
  // 10.458984375 rounds to 10.4375. in1 in SrcB: phases 0-1 use 7.9375
  // (1 + 6 bits), DST rounds 10.41796875 to 10.4375; phase 2 adds
  // 1.3125 * 2^-5 and DST rounds 10.478515625 to 10.5.
  EXPECT_EQ(multiplyAt(2, 1.3125f, 7.96875f), 10.4375f);
  EXPECT_EQ(multiplyAt(4, 1.3125f, 7.96875f), 10.5f);
  // LoFi: SrcA keeps 1 + 4 bits: 1.0078125 (2^-7) is 1.0. HiFi2 adds
  // the low part; DST rounds the tie 3.0234375 to even, 3.03125.
  EXPECT_EQ(multiplyAt(1, 1.0078125f, 3.0f), 3.0f);
  EXPECT_EQ(multiplyAt(2, 1.0078125f, 3.0f), 3.03125f);
}

/// One 32x32x32 matmul of filled tiles at `phases` phases, fp32 DST.
float matmulAt(unsigned phases, float in0, float in1) {
  TwoTiles config;
  config.out = kF32;
  config.fp32Dest = true;
  config.phases = phases;
  config.reverse = true;
  return runOnTwoTiles(config, in0, in1, [] {
    matmul_init(0, 1);
    matmul_tiles(0, 1, 0, 0, 0);
  });
}

TEST(FidelityTest, MatmulDropsOperandBitsBelowHiFi4) {
  // in1 goes to SrcA (five bits per phase pair), in0 to SrcB (seven, then
  // four): tt-llk llk_math_matmul.h "in0 - loaded to SrcB".
  // in1 = 1 + 2^-7: LoFi keeps 1.0, HiFi2 adds the low part.
  EXPECT_EQ(matmulAt(1, 1.0f, 1.0078125f), 32.0f);
  EXPECT_EQ(matmulAt(2, 1.0f, 1.0078125f), 32.25f);
  // in0 = 1 + 2^-7: SrcB's first six bits miss it until phase 2 (HiFi3).
  EXPECT_EQ(matmulAt(2, 1.0078125f, 1.0f), 32.0f);
  EXPECT_EQ(matmulAt(3, 1.0078125f, 1.0f), 32.25f);
  EXPECT_EQ(matmulAt(4, 1.0078125f, 1.0078125f),
            32.0f * 1.0078125f * 1.0078125f);
}

TEST(FidelityTest, ReduceSumAtLoFiKeepsFiveBitsOfEachElement) {
  // GAPOOL: the data in SrcA, the scaler (1.0) in SrcB (ISA GAPOOL.md,
  // tt-llk llk_unpack_AB_reduce.h).
  auto rowSum = [](unsigned phases) {
    TwoTiles config;
    config.out = kF32;
    config.fp32Dest = true;
    config.phases = phases;
    return runOnTwoTiles(config, 1.0078125f, 1.0f, [] {
      reduce_init(0, 1, 16);
      reduce_tile(0, 1, 0, 0, 0);
      reduce_uninit();
    });
  };
  EXPECT_EQ(rowSum(1), 32.0f);
  EXPECT_EQ(rowSum(2), 32.25f);
}

//===----------------------------------------------------------------------===//
// SFPU results in a 16-bit DST
//===----------------------------------------------------------------------===//

/// Runs `op` on DST[0] = `a`, DST[1] = `b` with a DST of `format`'s CBs.
float sfpuOn(tilt::emu::DataFormat format, float a, float b,
             const std::function<void()> &op) {
  TwoTiles config;
  config.in = config.out = format;
  return runOnTwoTiles(config, a, b, [&] {
    copy_tile(0, 0, 0);
    copy_tile(1, 0, 1);
    op();
  });
}

TEST(SfpuRoundingTest, MulAndDivRoundToBF16EvenInA16BitDst) {
  // tt-metal llk_sfpu ckernel_sfpu_binary.h: float32_to_bf16_rne when
  // !is_fp32_dest_acc_en, whatever the 16-bit format: in a Float16 DST the
  // product of 1 + 2^-10 and 1 has bf16 precision (1.0), while add keeps
  // fp16's (SFPSTORE truncates to fp16, which holds 1 + 2^-10).
  float a = 1.0f + 0x1p-10f;
  auto mul = [] {
    mul_binary_tile_init();
    mul_binary_tile(0, 1, 0);
  };
  auto add = [] {
    add_binary_tile_init();
    add_binary_tile(0, 1, 0);
  };
  EXPECT_EQ(sfpuOn(kF16, a, 1.0f, mul), 1.0f);
  EXPECT_EQ(sfpuOn(kF16, a, 0.0f, add), a);
  // Ties to even: 1.5 * (1 + 2^-7) = 1.51171875 is halfway between bf16
  // 1.5078125 and 1.515625; even is 1.515625 (truncation: 1.5078125).
  EXPECT_EQ(sfpuOn(kBF16, 1.5f, 1.0078125f, mul), 1.515625f);
  // 0 * inf is 0 (the op's v_if(in0 == 0 || in1 == 0)).
  EXPECT_EQ(sfpuOn(kBF16, 0.0f, INFINITY, mul), 0.0f);
}

TEST(SfpuRoundingTest, ExpRoundsToBF16TiesAway) {
  // calculate_exponential: TTI_SFP_STOCH_RND(... FP32_TO_FP16B) before the
  // store. exp(1) = 2.71828: nearest bf16 2.71875 (truncation: 2.703125).
  float out = sfpuOn(kBF16, 1.0f, 0.0f, [] {
    exp_tile_init();
    exp_tile(0);
  });
  EXPECT_EQ(out, 2.71875f);
  // SFPSTOCHRND's round to nearest breaks ties away from zero
  // (SFPSTOCHRND_FloatFloat.md).
  EXPECT_EQ(sfpuRoundToBF16(1.0f + 0x1p-8f), 1.0078125f);
  EXPECT_EQ(sfpuRoundToBF16Even(1.0f + 0x1p-8f), 1.0f);
}

TEST(SfpuRoundingTest, ErfWithoutInpFloat32IsBF16Grade) {
  // erf(0.5) = 0.52049987...: one bf16 step (truncated) is 0.51953125, in
  // an fp32 DST too (ckernel_sfpu_erf.h: the n8/d8 fit without
  // INP_FLOAT32); under INP_FLOAT32 the emulator's erf_tile passes 1, the
  // fp32 fit.
  auto erfOf = [](uint32_t precise) {
    ComputeRun run({{0, kF32}, {16, kF32}});
    run.instance.fp32DestAcc = true;
    run.instance.unpackToDestFp32 = 1;
    float out = 0;
    EXPECT_EQ(run.run([&] {
      compute_kernel_hw_startup(0, 0, 16);
      pushFilledTile(0, 0.5f);
      tile_regs_acquire();
      copy_tile(0, 0, 0);
      erf_tile_init();
      if (precise)
        tilt_emu::sfpuScalar(tilt_emu::SfpuScalarOp::Erf, 0, 1);
      else
        erf_tile(0);
      out = packElement(16);
      cb_pop_front(0, 1);
    }),
              "");
    return out;
  };
  EXPECT_EQ(erfOf(0), 0.51953125f);
  EXPECT_EQ(erfOf(1), std::erf(0.5f));
}

TEST(SfpuRoundingTest, SixteenBitStoresFlushDenormals) {
  // SFPSTORE.md: "denormals will be flushed to zero"; an f16 subnormal
  // (2^-20) computed by the SFPU is 0 in a Float16 DST, sign kept.
  EXPECT_EQ(truncateToFormat(0x1p-20f, kF16), 0.0f);
  EXPECT_TRUE(std::signbit(truncateToFormat(-0x1p-20f, kF16)));
  EXPECT_EQ(truncateToFormat(0x1p-14f, kF16), 0x1p-14f);
  EXPECT_EQ(truncateToFormat(0x1p-130f, kBF16), 0.0f);
  // The packer and the FPU's 16-bit results too (FormatConversion.md,
  // MVMUL.md); the unpacker's TF32 (UNPACR_Regular.md).
  EXPECT_EQ(packRound(0x1p-130f, kBF16), 0.0f);
  EXPECT_EQ(roundToFormat(0x1p-16, kF16), 0.0f);
  EXPECT_EQ(roundToTF32(0x1p-130f), 0.0f);
  float sum = sfpuOn(kF16, 0x1.8p-13f, -0x1.4p-13f, [] {
    add_binary_tile_init();
    add_binary_tile(0, 1, 0);
  });
  EXPECT_EQ(sum, 0.0f); // 2^-15, exact in fp32, below fp16's normals
}

//===----------------------------------------------------------------------===//
// The packer
//===----------------------------------------------------------------------===//

TEST(PackerTest, Fp32DstToFloat16GoesThroughBF16) {
  // tt-metal jit_build/data_format.cpp: with fp32_dest_acc_en, a Float16
  // output gets pack_src_format Float16_b. 1 + 2^-10 (an fp16 number)
  // rounds to bf16 1.0 on the way; 1 + 2^-8 is a tie, away from zero.
  EXPECT_EQ(packFp32ToHalf(1.0f + 0x1p-10f), 1.0f);
  EXPECT_EQ(packFp32ToHalf(1.0f + 0x1p-8f), 1.0078125f);
  EXPECT_EQ(packFp32ToHalf(1e6f), 65504.0f); // the late conversion saturates
  EXPECT_EQ(packFp32ToHalf(0x1p-16f), 0.0f); // and flushes

  ComputeRun run({{0, kF32}, {16, kF16}});
  run.instance.fp32DestAcc = true;
  run.instance.unpackToDestFp32 = 1;
  float out = 0;
  EXPECT_EQ(run.run([&] {
    compute_kernel_hw_startup(0, 0, 16);
    pushFilledTile(0, 1.0f + 0x1p-10f);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
    out = packElement(16);
    cb_pop_front(0, 1);
  }),
            "");
  EXPECT_EQ(out, 1.0f);
}

} // namespace
