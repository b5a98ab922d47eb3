//===- FoldTest.cpp - Folding of arith ops through the greedy driver ------===//

#include "../IR/TestUtils.h"
#include "tilt/Rewrite/GreedyPatternRewriteDriver.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// Folds `body` (the ops of a function returning `%r : type`) and returns
/// the printed return line.
std::string foldAndGetReturn(llvm::StringRef args, llvm::StringRef body,
                             llvm::StringRef type) {
  auto context = makeContext();
  std::string text = ("func.func @f(" + args + ") -> " + type + " {\n" + body +
                      "\n  return %r : " + type + "\n}")
                         .str();
  OwningOpRef module = parse(*context, text);
  if (!module)
    return "<parse error>";
  FrozenRewritePatternSet none;
  GreedyRewriteResult result = applyPatternsGreedily(module.get(), none);
  if (!result.converged)
    return "<not converged>";
  std::string printed = print(module.get());
  size_t ret = printed.find("return ");
  return printed.substr(ret, printed.find('\n', ret) - ret);
}

std::string foldBinary(llvm::StringRef op, llvm::StringRef a, llvm::StringRef b,
                       llvm::StringRef type) {
  std::string body = ("  %a = arith.constant " + a + " : " + type +
                      "\n  %b = arith.constant " + b + " : " + type +
                      "\n  %r = arith." + op + " %a, %b : " + type)
                         .str();
  return foldAndGetReturn("", body, type);
}

TEST(FoldTest, IntegerConstants) {
  EXPECT_EQ(foldBinary("addi", "100", "100", "i8"), "return %c-56_i8 : i8");
  EXPECT_EQ(foldBinary("subi", "3", "5", "i32"), "return %c-2_i32 : i32");
  EXPECT_EQ(foldBinary("muli", "-3", "5", "index"), "return %c-15 : index");
  EXPECT_EQ(foldBinary("divsi", "-7", "2", "i32"), "return %c-3_i32 : i32");
  EXPECT_EQ(foldBinary("divui", "-1", "2", "i8"), "return %c127_i8 : i8");
  EXPECT_EQ(foldBinary("ceildivsi", "7", "2", "i32"), "return %c4_i32 : i32");
  EXPECT_EQ(foldBinary("ceildivsi", "-7", "2", "i32"), "return %c-3_i32 : i32");
  EXPECT_EQ(foldBinary("floordivsi", "-7", "2", "i32"),
            "return %c-4_i32 : i32");
  EXPECT_EQ(foldBinary("floordivsi", "7", "2", "i32"), "return %c3_i32 : i32");
  EXPECT_EQ(foldBinary("remsi", "-7", "2", "i32"), "return %c-1_i32 : i32");
  EXPECT_EQ(foldBinary("remui", "7", "4", "i32"), "return %c3_i32 : i32");
  EXPECT_EQ(foldBinary("minsi", "-1", "1", "i8"), "return %c-1_i8 : i8");
  EXPECT_EQ(foldBinary("minui", "-1", "1", "i8"), "return %c1_i8 : i8");
  EXPECT_EQ(foldBinary("maxsi", "-1", "1", "i8"), "return %c1_i8 : i8");
  EXPECT_EQ(foldBinary("maxui", "-1", "1", "i8"), "return %c-1_i8 : i8");
  EXPECT_EQ(foldBinary("andi", "12", "10", "i32"), "return %c8_i32 : i32");
  EXPECT_EQ(foldBinary("ori", "12", "10", "i32"), "return %c14_i32 : i32");
  EXPECT_EQ(foldBinary("xori", "12", "10", "i32"), "return %c6_i32 : i32");
  EXPECT_EQ(foldBinary("shli", "1", "7", "i8"), "return %c-128_i8 : i8");
  EXPECT_EQ(foldBinary("shrsi", "-128", "7", "i8"), "return %c-1_i8 : i8");
  EXPECT_EQ(foldBinary("shrui", "-128", "7", "i8"), "return %c1_i8 : i8");
}

TEST(FoldTest, NoFoldWhereMLIRWouldNot) {
  // Division by zero, INT_MIN / -1 and shifts by the width stay.
  EXPECT_EQ(foldBinary("divsi", "1", "0", "i32"), "return %0 : i32");
  EXPECT_EQ(foldBinary("divui", "1", "0", "i32"), "return %0 : i32");
  EXPECT_EQ(foldBinary("remsi", "1", "0", "i32"), "return %0 : i32");
  EXPECT_EQ(foldBinary("divsi", "-128", "-1", "i8"), "return %0 : i8");
  EXPECT_EQ(foldBinary("ceildivsi", "-128", "-1", "i8"), "return %0 : i8");
  EXPECT_EQ(foldBinary("shli", "1", "8", "i8"), "return %0 : i8");
  EXPECT_EQ(foldBinary("shrui", "1", "9", "i8"), "return %0 : i8");
}

TEST(FoldTest, Identities) {
  auto fold = [](llvm::StringRef body) {
    return foldAndGetReturn("%x: i32, %y: i32", body, "i32");
  };
  EXPECT_EQ(
      fold("  %c0 = arith.constant 0 : i32\n  %r = arith.addi %x, %c0 : i32"),
      "return %arg0 : i32");
  EXPECT_EQ(
      fold("  %c1 = arith.constant 1 : i32\n  %r = arith.muli %c1, %x : i32"),
      "return %arg0 : i32");
  EXPECT_EQ(
      fold("  %c0 = arith.constant 0 : i32\n  %r = arith.muli %x, %c0 : i32"),
      "return %c0_i32 : i32");
  EXPECT_EQ(fold("  %r = arith.subi %x, %x : i32"), "return %c0_i32 : i32");
  EXPECT_EQ(fold("  %r = arith.xori %x, %x : i32"), "return %c0_i32 : i32");
  EXPECT_EQ(fold("  %r = arith.andi %x, %x : i32"), "return %arg0 : i32");
  EXPECT_EQ(fold("  %r = arith.maxsi %x, %x : i32"), "return %arg0 : i32");
  EXPECT_EQ(
      fold("  %c1 = arith.constant 1 : i32\n  %r = arith.divsi %x, %c1 : i32"),
      "return %arg0 : i32");
  EXPECT_EQ(
      fold("  %c1 = arith.constant 1 : i32\n  %r = arith.remui %x, %c1 : i32"),
      "return %c0_i32 : i32");
  EXPECT_EQ(
      fold("  %c-1 = arith.constant -1 : i32\n  %r = arith.ori %x, %c-1 : i32"),
      "return %c-1_i32 : i32");
  // Nothing to do: no change.
  EXPECT_EQ(fold("  %r = arith.addi %x, %y : i32"), "return %0 : i32");
}

TEST(FoldTest, ComparisonsSelectsAndCasts) {
  EXPECT_EQ(
      foldAndGetReturn("%x: i32", "  %r = arith.cmpi sle, %x, %x : i32", "i1"),
      "return %true : i1");
  EXPECT_EQ(
      foldAndGetReturn("%x: i32", "  %r = arith.cmpi ult, %x, %x : i32", "i1"),
      "return %false : i1");
  EXPECT_EQ(foldAndGetReturn("",
                             "  %a = arith.constant -1 : i8\n"
                             "  %b = arith.constant 1 : i8\n"
                             "  %r = arith.cmpi ugt, %a, %b : i8",
                             "i1"),
            "return %true : i1");
  EXPECT_EQ(foldAndGetReturn("%x: i32, %y: i32",
                             "  %t = arith.constant true\n"
                             "  %r = arith.select %t, %x, %y : i32",
                             "i32"),
            "return %arg0 : i32");
  EXPECT_EQ(foldAndGetReturn("",
                             "  %i = arith.constant -5 : index\n"
                             "  %r = arith.index_cast %i : index to i8",
                             "i8"),
            "return %c-5_i8 : i8");
  EXPECT_EQ(foldAndGetReturn("",
                             "  %i = arith.constant 3 : i32\n"
                             "  %r = arith.sitofp %i : i32 to f32",
                             "f32"),
            "return %cst : f32");
}

TEST(FoldTest, Floats) {
  EXPECT_EQ(foldBinary("addf", "1.5", "2.25", "f32"), "return %cst : f32");
  EXPECT_EQ(foldAndGetReturn("%x: f32",
                             "  %m0 = arith.constant -0.0 : f32\n"
                             "  %r = arith.addf %x, %m0 : f32",
                             "f32"),
            "return %arg0 : f32");
  // x + 0.0 is not x (for x = -0.0): no fold.
  EXPECT_EQ(foldAndGetReturn("%x: f32",
                             "  %p0 = arith.constant 0.0 : f32\n"
                             "  %r = arith.addf %x, %p0 : f32",
                             "f32"),
            "return %0 : f32");
}

} // namespace
