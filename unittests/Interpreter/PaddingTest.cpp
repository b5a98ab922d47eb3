//===- PaddingTest.cpp - Reductions skip padding in the interpreter -------===//
//
// The interpreter's padding semantics (docs/dialects/tile.md, tile.reduce):
// elements copied from past a tensor's logical shape, and tile.parallel
// outputs computed from them, are padding; reductions skip them (the
// identity of the fold) and count only the other elements in their error
// bound; a result whose sources are all padding is padding itself.
//
//===----------------------------------------------------------------------===//

#include "../IR/TestUtils.h"
#include "InterpreterTestUtils.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Interpreter/TileInterpreter.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::test;

namespace {

std::string replaceAll(std::string text, const std::string &key,
                       const std::string &value) {
  for (size_t at = text.find(key); at != std::string::npos;
       at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

/// R = $KIND of each row of the 32x$N f32 X ($N <= 128) through a 128-wide
/// buffer, after $BODY (on %v, yielding %y) in a tile.parallel.
constexpr const char *kRowReduce = R"(
func.func @rows(%X: !tile.tensor<32x$Nxf32>, %R: !tile.tensor<32xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%x = %X : !tile.tensor<32x$Nxf32>, %r = %R : !tile.tensor<32xf32>) {
    %c0 = arith.constant 0 : index
    %x_s = tile.alloc : !tile.buf<32x128xf32, shared>
    %e = tile.alloc : !tile.buf<32x128xf32, fragment>
    %r_l = tile.alloc : !tile.buf<32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x$Nxf32>, !tile.buf<32x128xf32, shared>
    tile.parallel ins(%x_s : !tile.buf<32x128xf32, shared>) outs(%e : !tile.buf<32x128xf32, fragment>) {
    ^bb0(%v: f32):
      $BODY
      tile.yield %y : f32
    }
    tile.reduce $KIND %e -> %r_l dim 1 : !tile.buf<32x128xf32, fragment>, !tile.buf<32xf32, fragment>
    tile.copy %r_l, %r[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<32xf32>
  }
  return
}
)";

/// Runs kRowReduce on X[i][j] = value(i, j) and returns R.
HostTensor runRows(Context &context, int64_t n, const std::string &kind,
                   const std::string &body, double (*value)(int64_t, int64_t)) {
  std::string text = replaceAll(kRowReduce, "$N", std::to_string(n));
  text = replaceAll(text, "$KIND", kind);
  text = replaceAll(text, "$BODY", body);
  OwningOpRef module = parse(context, text);
  Type f32 = FloatType::getF32(&context);
  std::vector<float> x(size_t(32 * n));
  for (int64_t i = 0; i < 32; ++i)
    for (int64_t j = 0; j < n; ++j)
      x[size_t(i * n + j)] = float(value(i, j));
  std::vector<HostTensor> tensors = {
      HostTensor::get({32, n}, f32, x),
      HostTensor::get({32}, f32, std::vector<float>(32, 0.0f))};
  Precision precision;
  precision.fp32Dest = true;
  EXPECT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  return tensors[1];
}

double negative(int64_t i, int64_t j) { return -1.0 - 0.01 * (i + j); }
double positive(int64_t i, int64_t j) { return 1.0 + 0.01 * (i + j); }
double zero(int64_t, int64_t) { return 0.0; }

constexpr const char *kIdentity = "%y = arith.addf %v, %v : f32";

} // namespace

// Max, min, absmax and sum of rows of 100 in a 128-wide buffer are the
// folds over the 100 valid elements: a max of all-negative values is not
// the padding's 0, nor a min of all-positive ones.
TEST(PaddingTest, ReductionsSkipTheTilePadding) {
  auto context = makeTileContext();
  HostTensor max = runRows(*context, 100, "max", kIdentity, negative);
  HostTensor min = runRows(*context, 100, "min", kIdentity, positive);
  HostTensor absmax = runRows(*context, 100, "absmax", kIdentity, negative);
  HostTensor sum = runRows(*context, 100, "sum", kIdentity, negative);
  for (int64_t i = 0; i < 32; ++i) {
    // The inputs are f32 values near these.
    EXPECT_NEAR(max.data[size_t(i)], 2 * negative(i, 0), 1e-6);
    EXPECT_NEAR(min.data[size_t(i)], 2 * positive(i, 0), 1e-6);
    EXPECT_NEAR(absmax.data[size_t(i)], -2 * negative(i, 99), 1e-6);
    double expected = 0;
    for (int64_t j = 0; j < 100; ++j)
      expected += 2 * double(float(negative(i, j)));
    EXPECT_NEAR(sum.data[size_t(i)], expected, 1e-9);
  }
}

// A tile.parallel output computed from padding is padding: the sum of
// exp(x) over rows of 100 does not count exp(0) = 1 for the 28 padded
// columns.
TEST(PaddingTest, ParallelOutputsInheritPadding) {
  auto context = makeTileContext();
  HostTensor sum =
      runRows(*context, 100, "sum", "%y = math.exp %v : f32", zero);
  for (int64_t i = 0; i < 32; ++i)
    EXPECT_NEAR(sum.data[size_t(i)], 100.0, 1e-9);
}

// The error bound of a sum counts only the valid terms: 100 valid terms of
// a 128-wide buffer have a smaller accumulation bound than 128 terms of
// which 28 are zeros from the tensor itself.
TEST(PaddingTest, SumBudgetCountsOnlyValidTerms) {
  auto context = makeTileContext();
  auto padded = [](int64_t i, int64_t j) { return positive(i, j); };
  auto zeros = [](int64_t i, int64_t j) {
    return j < 100 ? positive(i, j) : 0.0;
  };
  HostTensor withPadding = runRows(*context, 100, "sum", kIdentity, padded);
  HostTensor withZeros = runRows(*context, 128, "sum", kIdentity, zeros);
  for (int64_t i = 0; i < 32; ++i) {
    EXPECT_NEAR(withPadding.data[size_t(i)], withZeros.data[size_t(i)], 1e-9);
    EXPECT_LT(withPadding.bounds[size_t(i)].total,
              withZeros.bounds[size_t(i)].total);
  }
}

// A running max over a dimension of 200 in 128-wide blocks (the second
// block overhangs by 56 columns, past the tile padding too) with
// accumulate: the result is the max of the valid elements; and a reduction
// whose sources are all padding (rows past a 1-d tensor of 20) leaves a
// padding result that a later reduction skips.
TEST(PaddingTest, OverhangingBlocksAndAllPaddingResults) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, R"(
func.func @overhang(%X: !tile.tensor<20x200xf32>, %M: !tile.tensor<20xf32>,
                    %T: !tile.tensor<1xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%x = %X : !tile.tensor<20x200xf32>, %m = %M : !tile.tensor<20xf32>,
           %t = %T : !tile.tensor<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %ninf = arith.constant -3.0e38 : f32
    %x_s = tile.alloc : !tile.buf<32x128xf32, shared>
    %m_l = tile.alloc : !tile.buf<32xf32, fragment>
    %t_l = tile.alloc : !tile.buf<1xf32, fragment>
    tile.fill %m_l, %ninf : !tile.buf<32xf32, fragment>, f32
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %c128 : index
      tile.copy %x[%c0, %kk], %x_s : !tile.tensor<20x200xf32>, !tile.buf<32x128xf32, shared>
      tile.reduce max %x_s -> %m_l dim 1 accumulate : !tile.buf<32x128xf32, shared>, !tile.buf<32xf32, fragment>
    }
    tile.copy %m_l, %m[%c0] : !tile.buf<32xf32, fragment>, !tile.tensor<20xf32>
    %v_s = tile.alloc : !tile.buf<32xf32, shared>
    tile.copy %m[%c0], %v_s : !tile.tensor<20xf32>, !tile.buf<32xf32, shared>
    tile.reduce max %v_s -> %t_l dim 0 : !tile.buf<32xf32, shared>, !tile.buf<1xf32, fragment>
    tile.copy %t_l, %t[%c0] : !tile.buf<1xf32, fragment>, !tile.tensor<1xf32>
  }
  return
}
)");
  Type f32 = FloatType::getF32(context.get());
  std::vector<float> x(20 * 200);
  for (int64_t i = 0; i < 20; ++i)
    for (int64_t j = 0; j < 200; ++j)
      x[size_t(i * 200 + j)] = float(negative(i, j));
  std::vector<HostTensor> tensors = {
      HostTensor::get({20, 200}, f32, x),
      HostTensor::get({20}, f32, std::vector<float>(20, 0.0f)),
      HostTensor::get({1}, f32, {0.0f})};
  Precision precision;
  precision.fp32Dest = true;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  for (int64_t i = 0; i < 20; ++i)
    EXPECT_EQ(tensors[1].data[size_t(i)], float(negative(i, 0)));
  // The 20 valid rows' maxima: -1, -1.01, ...; the 12 padded rows of the
  // 32-element vector are skipped.
  EXPECT_EQ(tensors[2].data[0], float(negative(0, 0)));
}
