//===- MathTest.cpp - Building math code through the C++ API --------------===//
//
// The builders of the math ops infer their result types as MLIR's do (i1
// for the classifications, two results for sincos, the base's type for
// fpowi), and fastmath flags read back through getFastMathFlags.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Math/Math.h"
#include "../IR/TestUtils.h"
#include "tilt/IR/Verifier.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(MathTest, BuildersInferResultTypes) {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, math::MathDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();
  auto module = ModuleOp::create(Location(), &context);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Type f32 = FloatType::getF32(&context);
  Value x = builder.create<arith::ConstantOp>(Location(),
                                              FloatAttr::get(f32, 0.5));
  Value n = builder.create<arith::ConstantOp>(Location(),
                                              builder.getI32IntegerAttr(3));

  auto sin = builder.create<math::SinOp>(Location(), x);
  EXPECT_EQ(sin.getType(), f32);
  auto isNaN = builder.create<math::IsNaNOp>(Location(), x);
  EXPECT_TRUE(isNaN.getType().isSignlessInteger(1));
  auto power = builder.create<math::FPowIOp>(Location(), x, n);
  EXPECT_EQ(power.getType(), f32);
  auto fma = builder.create<math::FmaOp>(Location(), x, x, sin.getResult());
  EXPECT_EQ(fma.getType(), f32);
  auto ctpop = builder.create<math::CtPopOp>(Location(), n);
  EXPECT_TRUE(ctpop.getType().isSignlessInteger(32));
  auto sincos = builder.create<math::SincosOp>(Location(), x);
  ASSERT_EQ(sincos->getNumResults(), 2u);
  EXPECT_EQ(sincos->getResult(1).getType(), f32);

  // Flags: none by default; the integer ops have none at all.
  EXPECT_EQ(sin.getFastMathFlags(), 0u);
  sin->setAttr("fastmath", arith::getFastMathAttr(&context,
                                                  arith::FastMathNNaN |
                                                      arith::FastMathAfn));
  EXPECT_EQ(sin.getFastMathFlags(),
            unsigned(arith::FastMathNNaN | arith::FastMathAfn));
  EXPECT_EQ(ctpop.getFastMathFlags(), 0u);
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  EXPECT_EQ(print(module.getOperation()),
            "module {\n"
            "  %cst = arith.constant 5.000000e-01 : f32\n"
            "  %c3_i32 = arith.constant 3 : i32\n"
            "  %0 = math.sin %cst fastmath<nnan,afn> : f32\n"
            "  %1 = math.isnan %cst : f32\n"
            "  %2 = math.fpowi %cst, %c3_i32 : f32, i32\n"
            "  %3 = math.fma %cst, %cst, %0 : f32\n"
            "  %4 = math.ctpop %c3_i32 : i32\n"
            "  %sin, %cos = math.sincos %cst : f32\n"
            "}\n");
  module.getOperation()->erase();
}

} // namespace
