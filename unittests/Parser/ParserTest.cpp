//===- ParserTest.cpp - Parsing through the C++ API -----------------------===//

#include "../IR/TestUtils.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(ParserTest, ParsesTypesAndAttributes) {
  auto context = makeContext();
  Builder b(context.get());
  EXPECT_EQ(parseType("i32", context.get()), Type(b.getI32Type()));
  EXPECT_EQ(parseType("(i32, f16) -> bf16", context.get()),
            Type(b.getFunctionType({b.getI32Type(), b.getF16Type()},
                                   {b.getBF16Type()})));
  EXPECT_EQ(parseType("tensor<4x?xf32>", context.get()),
            Type(RankedTensorType::get({4, RankedTensorType::kDynamic},
                                       b.getF32Type())));
  EXPECT_EQ(parseAttribute("7 : i32", context.get()),
            Attribute(b.getI32IntegerAttr(7)));
  EXPECT_EQ(parseAttribute("[true, unit, \"s\"]", context.get()),
            Attribute(b.getArrayAttr(
                {b.getBoolAttr(true), b.getUnitAttr(), b.getStringAttr("s")})));
  EXPECT_EQ(parseAttribute("array<i64: 1, 2>", context.get()),
            Attribute(b.getDenseI64ArrayAttr({1, 2})));
  auto dense =
      parseAttribute("dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>", context.get())
          .dyn_cast_or_null<DenseElementsAttr>();
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense.getNumElements(), 4);
  EXPECT_EQ(dense.getElement(3).cast<IntegerAttr>().getInt(), 4);
}

TEST(ParserTest, StandaloneParsersRejectTrailingText) {
  auto context = makeContext();
  DiagnosticCollector collector(*context);
  EXPECT_FALSE(parseType("i32 i64", context.get()));
  EXPECT_FALSE(parseAttribute("1 2", context.get()));
  EXPECT_FALSE(parseType("memref<4xf32>", context.get()));
  ASSERT_EQ(collector.messages.size(), 3u);
  EXPECT_EQ(collector.messages[0], "unexpected text after the type");
  EXPECT_EQ(collector.messages[1], "unexpected text after the attribute");
  EXPECT_EQ(collector.messages[2],
            "the builtin type 'memref' is not supported by Tilt");
}

TEST(ParserTest, ErrorsLeaveTheBlockUntouched) {
  auto context = makeContext();
  DiagnosticCollector collector(*context);
  ModuleOp module = ModuleOp::create(Location(), context.get());
  EXPECT_TRUE(failed(parseSourceString("func.func @f() { return }\nfunc.func "
                                       "@g() { %0 = arith.addi %x, %x : i32 "
                                       "return }",
                                       module.getBody(), context.get())));
  EXPECT_TRUE(module.getBody()->empty());
  ASSERT_FALSE(collector.messages.empty());
  EXPECT_EQ(collector.messages[0], "use of undeclared SSA value name");
  module.getOperation()->destroy();
}

TEST(ParserTest, RoundTripsThroughText) {
  auto context = makeContext();
  const char *text = "module {\n"
                     "  func.func @f(%arg0: index) -> index {\n"
                     "    %c1 = arith.constant 1 : index\n"
                     "    %0 = arith.addi %arg0, %c1 : index\n"
                     "    return %0 : index\n"
                     "  }\n"
                     "}\n";
  OwningOpRef module = parse(*context, text);
  ASSERT_TRUE(module);
  // parse() wraps the text in a new module: print the inner one.
  Operation *inner = &ModuleOp(module.get()).getBody()->front();
  EXPECT_EQ(print(inner), text);
}

} // namespace
