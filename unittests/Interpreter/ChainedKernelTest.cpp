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
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Interpreter/Compare.h"
#include "tilt/Interpreter/TileInterpreter.h"

#include <cmath>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::test;

namespace {

std::unique_ptr<Context> makeTileContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  math::MathDialect, tile::TileDialect>();
  auto context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
  context->disableMultithreading();
  return context;
}

/// The only func.func of `module`.
Operation *findFunction(Operation *module) {
  Operation *found = nullptr;
  module->walk([&](Operation *op) {
    if (func::FuncOp::dynCast(op))
      found = op;
  });
  return found;
}

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

} // namespace
