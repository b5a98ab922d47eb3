//===- AttributesTest.cpp - Uniquing of types, attributes, locations ------===//

#include "TestUtils.h"
#include <thread>

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(UniquingTest, TypesArePointerEqual) {
  auto context = makeContext();
  Builder b(context.get());
  EXPECT_EQ(IntegerType::get(context.get(), 32), b.getI32Type());
  EXPECT_EQ(IntegerType::get(context.get(), 7),
            IntegerType::get(context.get(), 7));
  EXPECT_NE(IntegerType::get(context.get(), 7),
            IntegerType::get(context.get(), 7, IntegerType::Signed));
  EXPECT_EQ(
      b.getFunctionType({b.getI32Type()}, {b.getF32Type()}),
      FunctionType::get(context.get(), {b.getI32Type()}, {b.getF32Type()}));
  EXPECT_EQ(RankedTensorType::get({4, 2}, b.getBF16Type()),
            RankedTensorType::get({4, 2}, b.getBF16Type()));
  EXPECT_NE(RankedTensorType::get({4, 2}, b.getBF16Type()),
            RankedTensorType::get({2, 4}, b.getBF16Type()));
  EXPECT_EQ(OpaqueType::get(context.get(), "tt", "tile<32x32>"),
            OpaqueType::get(context.get(), "tt", "tile<32x32>"));
}

TEST(UniquingTest, AttributesArePointerEqual) {
  auto context = makeContext();
  Builder b(context.get());
  EXPECT_EQ(b.getI32IntegerAttr(3), IntegerAttr::get(b.getI32Type(), 3));
  EXPECT_NE(b.getI32IntegerAttr(3), b.getI64IntegerAttr(3));
  EXPECT_EQ(b.getStringAttr("x"), StringAttr::get(context.get(), "x"));
  EXPECT_EQ(b.getArrayAttr({b.getUnitAttr(), b.getBoolAttr(true)}),
            b.getArrayAttr({b.getUnitAttr(), b.getBoolAttr(true)}));
  // Dictionaries are sorted, so the order of construction does not matter.
  DictionaryAttr d1 =
      b.getDictionaryAttr({b.getNamedAttr("b", b.getUnitAttr()),
                           b.getNamedAttr("a", b.getUnitAttr())});
  DictionaryAttr d2 =
      b.getDictionaryAttr({b.getNamedAttr("a", b.getUnitAttr()),
                           b.getNamedAttr("b", b.getUnitAttr())});
  EXPECT_EQ(d1, d2);
  EXPECT_EQ(d1.getValue()[0].getName().getValue(), "a");
  EXPECT_EQ(d1.get("b"), Attribute(b.getUnitAttr()));
  EXPECT_FALSE(d1.get("c"));
  EXPECT_EQ(b.getFloatAttr(b.getF32Type(), 1.5),
            b.getFloatAttr(b.getF32Type(), 1.5));
  EXPECT_TRUE(b.getBoolAttr(true).isa<BoolAttr>());
  EXPECT_EQ(b.getDenseI64ArrayAttr({1, 2}), b.getDenseI64ArrayAttr({1, 2}));
  SymbolRefAttr nested = SymbolRefAttr::get(
      context.get(), "a", {FlatSymbolRefAttr::get(context.get(), "b")});
  EXPECT_EQ(nested.getLeafReference().getValue(), "b");
  EXPECT_FALSE(nested.isa<FlatSymbolRefAttr>());
  EXPECT_TRUE(Attribute(b.getSymbolRefAttr("f")).isa<FlatSymbolRefAttr>());
}

TEST(UniquingTest, ConcurrentCreationYieldsOneObject) {
  auto context = makeContext();
  constexpr int kThreads = 4, kValues = 2000;
  std::vector<std::vector<Attribute>> results(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t]() {
      for (int i = 0; i < kValues; ++i)
        results[t].push_back(IntegerAttr::get(
            IntegerType::get(context.get(), 17 + i % 5), int64_t(i)));
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 1; t < kThreads; ++t)
    EXPECT_EQ(results[t], results[0]);
}

TEST(LocationTest, KindsAndEquality) {
  auto context = makeContext();
  Location a = Location::getFileLineCol(context.get(), "k.tilt", 3, 7);
  EXPECT_EQ(a, Location::getFileLineCol(context.get(), "k.tilt", 3, 7));
  EXPECT_EQ(a.getKind(), Location::Kind::FileLineCol);
  EXPECT_EQ(a.getFilename(), "k.tilt");
  EXPECT_EQ(a.getLine(), 3u);
  EXPECT_EQ(a.getColumn(), 7u);
  // Too large for the inline encoding: stored out of line, same behaviour.
  Location big = Location::getFileLineCol(context.get(), "k.tilt", 1u << 30, 2);
  EXPECT_EQ(big.getLine(), 1u << 30);
  EXPECT_EQ(big,
            Location::getFileLineCol(context.get(), "k.tilt", 1u << 30, 2));
  Location name = Location::getName(context.get(), "n", a);
  EXPECT_EQ(name.getKind(), Location::Kind::Name);
  EXPECT_EQ(name.getNameChild(), a);
  Location call = Location::getCallSite(context.get(), name, a);
  EXPECT_EQ(call.getCaller(), a);
  Location fused = Location::getFused(context.get(), {a, name});
  EXPECT_EQ(fused.getFusedLocations().size(), 2u);
  EXPECT_TRUE(Location().isUnknown());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << call;
  EXPECT_EQ(os.str(), "loc(callsite(\"n\"(\"k.tilt\":3:7) at \"k.tilt\":3:7))");
}

TEST(PrintingTest, AttributeAndTypeSyntax) {
  auto context = makeContext();
  Builder b(context.get());
  auto str = [](auto value) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << value;
    return os.str();
  };
  EXPECT_EQ(str(b.getI32IntegerAttr(-3)), "-3 : i32");
  EXPECT_EQ(str(b.getI64IntegerAttr(5)), "5 : i64");
  EXPECT_EQ(str(b.getFloatAttr(b.getF32Type(), 2.5)), "2.500000e+00 : f32");
  EXPECT_EQ(str(b.getFloatAttr(b.getF32Type(), 0.1)), "1.000000e-01 : f32");
  EXPECT_EQ(str(b.getStringAttr("a\"b\n")), "\"a\\22b\\0A\"");
  EXPECT_EQ(str(b.getDenseI64ArrayAttr({})), "array<i64>");
  EXPECT_EQ(str(b.getDenseI64ArrayAttr({1, -2})), "array<i64: 1, -2>");
  EXPECT_EQ(str(RankedTensorType::get({RankedTensorType::kDynamic, 4},
                                      b.getF16Type())),
            "tensor<?x4xf16>");
  EXPECT_EQ(str(b.getFunctionType({}, {b.getFunctionType({}, {})})),
            "() -> (() -> ())");
}

} // namespace
