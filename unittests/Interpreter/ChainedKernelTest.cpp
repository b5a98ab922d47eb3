//===- ChainedKernelTest.cpp - The interpreter on chained-kernel ops ------===//
//
// The forms chained kernels (attention, normalizations) need, run by the
// reference interpreter: copies of lower rank and overhanging slices,
// broadcast inputs and several outputs of tile.parallel, the reduce kinds
// and accumulation, gemm onto a preloaded C, f16 and the math ops added
// for them. Each rule of the error budget (docs/tilt-run.md) is checked
// with a device value where the bound is tight and one beyond it.
//
//===----------------------------------------------------------------------===//

#include "../IR/TestUtils.h"
#include "InterpreterTestUtils.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Interpreter/Compare.h"
#include "tilt/Interpreter/TileInterpreter.h"

#include <cmath>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::test;

namespace {

/// A tensor of `shape` and `type` holding f(i) at linear index i.
HostTensor makeTensor(llvm::ArrayRef<int64_t> shape, Type type,
                      llvm::function_ref<float(int64_t)> f) {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  std::vector<float> values(size_t(count), 0.0f);
  for (int64_t i = 0; i < count; ++i)
    values[size_t(i)] = f(i);
  return HostTensor::get(shape, type, values);
}

//===----------------------------------------------------------------------===//
// tile.copy
//===----------------------------------------------------------------------===//

// 32-row blocks of q[b, h] (40 rows, padded to 64) at rows 0, 20 and 40:
// the second overhangs into the padding, the third past it. Overhanging
// reads are zero (the column sums S show it), overhanging writes dropped
// (O is Q everywhere, and the third block wrote nothing).
constexpr const char *kCopy = R"(
func.func @copy(%Q: !tile.tensor<2x3x40x32xf32>, %O: !tile.tensor<2x3x40x32xf32>,
                %S: !tile.tensor<2x3x3x32xf32>) {
  tile.kernel grid [3, 3, 2] blocks(%rb, %h, %b)
      args(%q = %Q : !tile.tensor<2x3x40x32xf32>, %o = %O : !tile.tensor<2x3x40x32xf32>,
           %s = %S : !tile.tensor<2x3x3x32xf32>) {
    %c0 = arith.constant 0 : index
    %c20 = arith.constant 20 : index
    %row = arith.muli %rb, %c20 : index
    %q_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %s_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %q[%b, %h, %row, %c0], %q_s : !tile.tensor<2x3x40x32xf32>, !tile.buf<32x32xf32, shared>
    tile.reduce sum %q_s -> %s_l dim 0 : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, fragment>
    tile.copy %s_l, %s[%b, %h, %rb, %c0] : !tile.buf<32xf32, fragment>, !tile.tensor<2x3x3x32xf32>
    tile.copy %q_s, %o[%b, %h, %row, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<2x3x40x32xf32>
  }
  return
}
)";

TEST(ChainedKernelTest, CopiesOfLowerRankAndOverhangingSlices) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, kCopy);
  Type f32 = FloatType::getF32(context.get());
  std::vector<HostTensor> tensors = {
      makeTensor({2, 3, 40, 32}, f32, [](int64_t i) { return float(i % 7); }),
      makeTensor({2, 3, 40, 32}, f32, [](int64_t) { return -1.0f; }),
      makeTensor({2, 3, 3, 32}, f32, [](int64_t) { return -1.0f; })};
  Precision precision;
  precision.fp32Dest = true;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  EXPECT_EQ(tensors[1].data, tensors[0].data);
  auto q = [&](int64_t b, int64_t h, int64_t row, int64_t col) {
    return tensors[0].data[size_t(((b * 3 + h) * 40 + row) * 32 + col)];
  };
  for (int64_t b = 0; b < 2; ++b)
    for (int64_t h = 0; h < 3; ++h)
      for (int64_t rb = 0; rb < 3; ++rb) {
        double sum = 0;
        for (int64_t row = rb * 20; row < std::min<int64_t>(rb * 20 + 32, 40);
             ++row)
          sum += q(b, h, row, 5);
        EXPECT_EQ(tensors[2].data[size_t(((b * 3 + h) * 3 + rb) * 32 + 5)],
                  sum);
      }
  // Of q[0, 0], rows 0..19 were written by the first row block, rows
  // 20..39 last by the second; the third wrote nothing.
  EXPECT_EQ(tensors[1].writers[10 * 32], 0);
  EXPECT_EQ(tensors[1].writers[35 * 32], 1);
}

//===----------------------------------------------------------------------===//
// tile.parallel: broadcast inputs, several outputs, casts
//===----------------------------------------------------------------------===//

// X - M[d0] (a row max broadcast along d1) and X * N[d1], two outputs, on
// f32 data with an fp32 DST.
constexpr const char *kBroadcast = R"(
func.func @broadcast(%X: !tile.tensor<32x64xf32>, %M: !tile.tensor<32xf32>,
                     %N: !tile.tensor<64xf32>, %D: !tile.tensor<32x64xf32>,
                     %P: !tile.tensor<32x64xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%x = %X : !tile.tensor<32x64xf32>, %m = %M : !tile.tensor<32xf32>,
           %n = %N : !tile.tensor<64xf32>, %d = %D : !tile.tensor<32x64xf32>,
           %p = %P : !tile.tensor<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x64xf32, shared>
    %m_l = tile.alloc : !tile.buf<32xf32, fragment>
    %n_l = tile.alloc : !tile.buf<64xf32, fragment>
    %d_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    %p_l = tile.alloc : !tile.buf<32x64xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x64xf32>, !tile.buf<32x64xf32, shared>
    tile.copy %m[%c0], %m_l : !tile.tensor<32xf32>, !tile.buf<32xf32, fragment>
    tile.copy %n[%c0], %n_l : !tile.tensor<64xf32>, !tile.buf<64xf32, fragment>
    tile.parallel ins(%x_s, %m_l[d0], %n_l[d1] : !tile.buf<32x64xf32, shared>, !tile.buf<32xf32, fragment>, !tile.buf<64xf32, fragment>)
                  outs(%d_l, %p_l : !tile.buf<32x64xf32, fragment>, !tile.buf<32x64xf32, fragment>) {
    ^bb0(%v: f32, %rm: f32, %cn: f32):
      %diff = arith.subf %v, %rm : f32
      %e = math.exp2 %diff : f32
      %prod = arith.mulf %v, %cn : f32
      tile.yield %e, %prod : f32, f32
    }
    tile.copy %d_l, %d[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
    tile.copy %p_l, %p[%c0, %c0] : !tile.buf<32x64xf32, fragment>, !tile.tensor<32x64xf32>
  }
  return
}
)";

TEST(ChainedKernelTest, BroadcastInputsAndSeveralOutputs) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, kBroadcast);
  Type f32 = FloatType::getF32(context.get());
  auto value = [](int64_t i) { return float((i * 37) % 101) / 64 - 0.75f; };
  std::vector<HostTensor> tensors = {
      makeTensor({32, 64}, f32, value), makeTensor({32}, f32, value),
      makeTensor({64}, f32, [&](int64_t i) { return value(i + 5) + 1.0f; }),
      makeTensor({32, 64}, f32, [](int64_t) { return 0.0f; }),
      makeTensor({32, 64}, f32, [](int64_t) { return 0.0f; })};
  const std::vector<double> x = tensors[0].data, m = tensors[1].data,
                            n = tensors[2].data;
  // With allow-tf32 the multiply is the FPU's broadcast form.
  std::vector<HostTensor> exactTensors = tensors;
  Precision precision;
  precision.fp32Dest = true;
  precision.allowTF32 = true;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  for (int64_t i : {0, 5, 31})
    for (int64_t j : {0, 17, 63}) {
      size_t at = size_t(i * 64 + j);
      EXPECT_DOUBLE_EQ(tensors[3].data[at], std::exp2(x[at] - m[size_t(i)]));
      EXPECT_DOUBLE_EQ(tensors[4].data[at], x[at] * n[size_t(j)]);
    }
  // By default it runs on the SFPU: X enters DST exactly (unpack to DST),
  // the broadcast N through a TF32 source register all the same
  // (unary_bcast), so the bound holds u_tf32 |x n| once, not twice.
  {
    Precision exact;
    exact.fp32Dest = true;
    ASSERT_TRUE(succeeded(
        runFunction(findFunction(module.get()), exactTensors, exact)));
    size_t at = 7 * 64 + 9;
    double product = std::fabs(x[at] * n[9]);
    EXPECT_GE(exactTensors[4].bounds[at].total, kUnitRoundoffTF32 * product);
    EXPECT_LT(exactTensors[4].bounds[at].total,
              1.5 * kUnitRoundoffTF32 * product);
  }
  // The broadcast operand N is f32 and goes through a TF32 source register
  // even though the multiply reads X too: the bound of x n holds
  // u_tf32 (|x n|) for each operand.
  size_t at = 7 * 64 + 9;
  double product = std::fabs(x[at] * n[9]);
  EXPECT_GE(tensors[4].bounds[at].total, 2 * kUnitRoundoffTF32 * product);
  // Tight: a device that truncates both operands to TF32 and rounds to
  // f32 passes; one that is off by twice the budget does not.
  auto tf32 = [](double v) {
    // ilogb(0) is FP_ILOGB0 (INT_MIN): zero is exact.
    if (v == 0 || !std::isfinite(v))
      return v;
    return std::ldexp(std::trunc(std::ldexp(v, 10 - std::ilogb(v))),
                      std::ilogb(v) - 10);
  };
  std::vector<float> device(32 * 64);
  for (int64_t i = 0; i < 32; ++i)
    for (int64_t j = 0; j < 64; ++j) {
      size_t k = size_t(i * 64 + j);
      double a = x[k] == 0 ? 0 : tf32(x[k]), b = tf32(n[size_t(j)]);
      device[k] = float(a * b);
    }
  EXPECT_TRUE(compareResults(device, tensors[4]).ok);
  device[at] = float(tensors[4].data[at] + 2 * tensors[4].bounds[at].total +
                     1e-3 * product);
  Comparison result = compareResults(device, tensors[4]);
  ASSERT_TRUE(result.firstBeyondBudget);
  EXPECT_EQ(result.firstBeyondBudget->index, int64_t(at));
}

// A truncf in a body is a rounding of the DST value to the target type,
// counted as truncating (2 u); an f16 result in a 16-bit (bf16) DST is
// rounded to bf16 once more.
TEST(ChainedKernelTest, CastsInABodyRoundToTheTargetType) {
  auto context = makeTileContext();
  constexpr const char *kCast = R"(
func.func @cast(%X: !tile.tensor<32x32xf32>, %H: !tile.tensor<32x32xT>) {
  tile.kernel grid [1] blocks(%bx)
      args(%x = %X : !tile.tensor<32x32xf32>, %h = %H : !tile.tensor<32x32xT>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %h_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x32xf32, shared>) outs(%h_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%v: f32):
      %t = arith.truncf %v : f32 to T
      %e = arith.extf %t : T to f32
      tile.yield %e : f32
    }
    tile.copy %h_l, %h[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xT>
  }
  return
}
)";
  Type f32 = FloatType::getF32(context.get());
  for (bool isF16 : {false, true})
    for (bool fp32Dest : {false, true}) {
      std::string text = kCast;
      for (size_t at = text.find('T'); at != std::string::npos;
           at = text.find('T', at + 1))
        if (text[at - 1] == 'x' || text[at - 1] == ' ')
          text.replace(at, 1, isF16 ? "f16" : "bf16"), at += 2;
      OwningOpRef module = parse(*context, text);
      Type type = isF16 ? Type(FloatType::getF16(context.get()))
                        : Type(FloatType::getBF16(context.get()));
      std::vector<HostTensor> tensors = {
          makeTensor({32, 32}, f32,
                     [](int64_t i) {
                       return float((i * 37) % 201) / 16 - 6.03125f +
                              float(i) * 0x1p-14f;
                     }),
          makeTensor({32, 32}, type, [](int64_t) { return 0.0f; })};
      Precision precision;
      precision.fp32Dest = fp32Dest;
      ASSERT_TRUE(succeeded(
          runFunction(findFunction(module.get()), tensors, precision)));
      double u = isF16 ? kUnitRoundoffF16 : kUnitRoundoffBF16;
      double x = std::fabs(tensors[0].data[100]);
      // At least the truncation to the target type (2 u |x|).
      EXPECT_GE(tensors[1].bounds[100].total, 2 * u * x);
      if (isF16 && !fp32Dest) {
        EXPECT_GE(tensors[1].bounds[100].total,
                  2 * u * x + kUnitRoundoffBF16 * x);
      }
      // A device that truncates to the type (and, for f16 in a bf16 DST,
      // to bf16 after) is within the budget.
      std::vector<float> device(32 * 32);
      for (size_t i = 0; i < device.size(); ++i) {
        double v = tensors[0].data[i];
        if (v == 0) {
          device[i] = 0;
          continue;
        }
        int shift = (isF16 ? 10 : 7) - std::ilogb(v);
        double t = std::ldexp(std::trunc(std::ldexp(v, shift)), -shift);
        if (isF16 && !fp32Dest)
          t = std::ldexp(std::trunc(std::ldexp(t, 7 - std::ilogb(t))),
                         std::ilogb(t) - 7);
        device[i] = float(t);
      }
      Comparison ok = compareResults(device, tensors[1]);
      EXPECT_TRUE(ok.ok) << "f16 " << isF16 << " fp32Dest " << fp32Dest
                         << " share " << ok.maxShareOfBudget << " within "
                         << ok.withinBudget;
      device[100] =
          float(tensors[0].data[100] + 3 * tensors[1].bounds[100].total);
      EXPECT_FALSE(compareResults(device, tensors[1]).firstBeyondBudget ==
                   std::nullopt);
    }
}

//===----------------------------------------------------------------------===//
// tile.reduce: kinds and accumulate
//===----------------------------------------------------------------------===//

// M = max(M, rowmax(S)) (accumulate), L = min over columns, A = absmax,
// T = T + rowsum(S), on f32 data with an fp32 DST.
constexpr const char *kReduce = R"(
func.func @reduce(%S: !tile.tensor<32x32xf32>, %M: !tile.tensor<32xf32>,
                  %L: !tile.tensor<32xf32>, %A: !tile.tensor<32xf32>,
                  %T: !tile.tensor<32xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%s = %S : !tile.tensor<32x32xf32>, %m = %M : !tile.tensor<32xf32>,
           %l = %L : !tile.tensor<32xf32>, %a = %A : !tile.tensor<32xf32>,
           %t = %T : !tile.tensor<32xf32>) {
    %c0 = arith.constant 0 : index
    %s_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %m_l = tile.alloc : !tile.buf<32xf32, fragment>
    %l_l = tile.alloc : !tile.buf<32xf32, fragment>
    %a_l = tile.alloc : !tile.buf<32xf32, fragment>
    %t_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %s[%c0, %c0], %s_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.copy %m[%c0], %m_l : !tile.tensor<32xf32>, !tile.buf<32xf32, fragment>
    tile.copy %t[%c0], %t_l : !tile.tensor<32xf32>, !tile.buf<32xf32, fragment>
    tile.reduce max %s_s -> %m_l dim 1 accumulate : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, fragment>
    tile.reduce min %s_s -> %l_l dim 0 : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, fragment>
    tile.reduce absmax %s_s -> %a_l dim 1 : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, fragment>
    tile.reduce sum %s_s -> %t_l dim 1 accumulate : !tile.buf<32x32xf32, shared>, !tile.buf<32xf32, fragment>
    tile.copy %m_l, %m[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
    tile.copy %l_l, %l[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
    tile.copy %a_l, %a[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
    tile.copy %t_l, %t[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
  }
  return
}
)";

TEST(ChainedKernelTest, ReduceKindsAndAccumulate) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, kReduce);
  Type f32 = FloatType::getF32(context.get());
  auto value = [](int64_t i) { return float((i * 53) % 97) / 32 - 1.5f; };
  std::vector<HostTensor> tensors = {
      makeTensor({32, 32}, f32, value),
      // Old maxima: large on even rows (they win), small on odd ones.
      makeTensor({32}, f32,
                 [](int64_t i) { return i % 2 ? -10.0f : 10.0f + i; }),
      makeTensor({32}, f32, [](int64_t) { return 0.0f; }),
      makeTensor({32}, f32, [](int64_t) { return 0.0f; }),
      makeTensor({32}, f32, [](int64_t i) { return 100.0f + float(i); })};
  const std::vector<double> s = tensors[0].data;
  Precision precision;
  precision.fp32Dest = true;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  for (int64_t i = 0; i < 32; ++i) {
    double rowMax = -INFINITY, colMin = INFINITY, absMax = 0, sum = 0;
    for (int64_t j = 0; j < 32; ++j) {
      rowMax = std::max(rowMax, s[size_t(i * 32 + j)]);
      colMin = std::min(colMin, s[size_t(j * 32 + i)]);
      absMax = std::max(absMax, std::fabs(s[size_t(i * 32 + j)]));
      sum += s[size_t(i * 32 + j)];
    }
    double old = i % 2 ? -10.0 : 10.0 + double(i);
    EXPECT_EQ(tensors[1].data[size_t(i)], std::max(old, rowMax));
    EXPECT_EQ(tensors[2].data[size_t(i)], colMin);
    EXPECT_EQ(tensors[3].data[size_t(i)], absMax);
    EXPECT_DOUBLE_EQ(tensors[4].data[size_t(i)], 100.0 + double(i) + sum);
  }
  // The old f32 value read back into a source register is TF32-truncated:
  // an even row's max (the old 10 + i) has that truncation in its bound.
  EXPECT_GE(tensors[1].bounds[2].total, kUnitRoundoffTF32 * 12.0);
  // The accumulated sum has the old value's truncation too.
  EXPECT_GE(tensors[4].bounds[3].total, kUnitRoundoffTF32 * 103.0);
  // Tight: a device that truncates the old values to TF32 passes.
  auto tf32 = [](double v) {
    // ilogb(0) is FP_ILOGB0 (INT_MIN): zero is exact.
    if (v == 0 || !std::isfinite(v))
      return v;
    return std::ldexp(std::trunc(std::ldexp(v, 10 - std::ilogb(v))),
                      std::ilogb(v) - 10);
  };
  std::vector<float> device(32);
  for (int64_t i = 0; i < 32; ++i) {
    double rowMax = -INFINITY;
    for (int64_t j = 0; j < 32; ++j)
      rowMax = std::max(rowMax, tf32(s[size_t(i * 32 + j)]));
    double old = i % 2 ? -10.0 : 10.0 + double(i);
    device[size_t(i)] = float(std::max(tf32(old), rowMax));
  }
  EXPECT_TRUE(compareResults(device, tensors[1]).ok);
  device[2] = float(tensors[1].data[2] + 2 * tensors[1].bounds[2].total);
  Comparison result = compareResults(device, tensors[1]);
  ASSERT_TRUE(result.firstBeyondBudget);
  EXPECT_EQ(result.firstBeyondBudget->index, 2);
}

//===----------------------------------------------------------------------===//
// tile.gemm onto a preloaded C, transpose_a
//===----------------------------------------------------------------------===//

// C = bias + A^T B with A stored K x M, in a bf16 DST: the f32 bias is
// truncated to bf16 when copy_tile loads it into DST.
TEST(ChainedKernelTest, GemmOntoABiasWithTransposeA) {
  auto context = makeTileContext();
  constexpr const char *kBias = R"(
func.func @bias(%A: !tile.tensor<32x32xbf16>, %B: !tile.tensor<32x32xbf16>,
                %C: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%a = %A : !tile.tensor<32x32xbf16>, %b = %B : !tile.tensor<32x32xbf16>,
           %c = %C : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %a_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %b_s = tile.alloc : !tile.buf<32x32xbf16, shared>
    %c_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %a[%c0, %c0], %a_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %b[%c0, %c0], %b_s : !tile.tensor<32x32xbf16>, !tile.buf<32x32xbf16, shared>
    tile.copy %c[%c0, %c0], %c_l : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, fragment>
    tile.gemm %a_s, %b_s, %c_l transpose_a : !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xbf16, shared>, !tile.buf<32x32xf32, fragment>
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
)";
  OwningOpRef module = parse(*context, kBias);
  Type f32 = FloatType::getF32(context.get());
  Type bf16 = FloatType::getBF16(context.get());
  auto value = [](int64_t i) { return float((i * 29) % 61) / 32 - 0.9f; };
  for (bool fp32Dest : {false, true}) {
    std::vector<HostTensor> tensors = {
        makeTensor({32, 32}, bf16, value),
        makeTensor({32, 32}, bf16, [&](int64_t i) { return value(i + 7); }),
        makeTensor({32, 32}, f32,
                   [](int64_t i) { return 1000.0f + float(i) / 3; })};
    const std::vector<double> c = tensors[2].data;
    Precision precision;
    precision.fp32Dest = fp32Dest;
    ASSERT_TRUE(
        succeeded(runFunction(findFunction(module.get()), tensors, precision)));
    // The inputs, rounded to their types by runFunction.
    const std::vector<double> &a = tensors[0].data, &b = tensors[1].data;
    double exact = c[33];
    for (int64_t l = 0; l < 32; ++l)
      exact += a[size_t(l * 32 + 1)] * b[size_t(l * 32 + 1)];
    EXPECT_DOUBLE_EQ(tensors[2].data[33], exact);
    // In a bf16 DST the bias is truncated to bf16: 2^-7 of ~1000.
    if (!fp32Dest)
      EXPECT_GE(tensors[2].bounds[33].total, kTruncationBF16 * c[33]);
    else
      EXPECT_LT(tensors[2].bounds[33].total, kUnitRoundoffBF16 * c[33]);
  }
}

//===----------------------------------------------------------------------===//
// Math functions
//===----------------------------------------------------------------------===//

// exp2, log2, erf, sigmoid, silu and gelu: interval propagation plus the
// SFPU's function error; silu and gelu are not monotone, and an interval
// around their minimum must count the minimum, not only its ends.
TEST(ChainedKernelTest, MathFunctionBounds) {
  ErrorBound exact = ErrorBound::getExact(NumberFormat::F32);
  for (UnaryFunction f :
       {UnaryFunction::Exp2, UnaryFunction::Log2, UnaryFunction::Erf,
        UnaryFunction::Sigmoid, UnaryFunction::Silu, UnaryFunction::Gelu}) {
    double x = 0.75, y = evaluateUnary(f, x);
    EXPECT_DOUBLE_EQ(propagateUnary(f, x, exact).total,
                     kMathFunctionError * std::fabs(y));
    // With an input error the bound covers f over the interval.
    ErrorBound bound{0.01, 0, NumberFormat::Real};
    double total = propagateUnary(f, x, bound).total;
    for (double z : {x - 0.01, x + 0.01})
      EXPECT_GE(total, std::fabs(evaluateUnary(f, z) - y));
    EXPECT_LT(total, 0.02 * 2 + kMathFunctionError * 2);
  }
  EXPECT_DOUBLE_EQ(evaluateUnary(UnaryFunction::Exp2, 3), 8);
  EXPECT_DOUBLE_EQ(evaluateUnary(UnaryFunction::Log2, 8), 3);
  EXPECT_TRUE(
      propagateUnary(UnaryFunction::Log2, 0.005, {0.01, 0, NumberFormat::Real})
          .isUnbounded());
  // Around silu's minimum (x = -1.278...): both ends are above it, so
  // without the minimum the spread would be too small.
  double x = -1.2, width = 0.2;
  double y = evaluateUnary(UnaryFunction::Silu, x);
  double minimum = evaluateUnary(UnaryFunction::Silu, -1.2784645427610738);
  EXPECT_GE(
      propagateUnary(UnaryFunction::Silu, x, {width, 0, NumberFormat::Real})
          .total,
      std::fabs(y - minimum));
}

} // namespace
