//===- DominanceTest.cpp - Dominator trees of multi-block regions ---------===//

#include "tilt/IR/Dominance.h"
#include "TestUtils.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// The blocks of `region` by position.
llvm::SmallVector<Block *, 8> getBlocks(Region &region) {
  llvm::SmallVector<Block *, 8> blocks;
  for (Block &block : region)
    blocks.push_back(&block);
  return blocks;
}

TEST(DominanceTest, DiamondWithUnreachableBlock) {
  auto context = makeContext();
  context->allowUnregisteredDialects();
  OwningOpRef module = parse(*context, R"(
    func.func @f() {
      "test.br"()[^bb1] : () -> ()
    ^bb1:
      "test.cond_br"()[^bb2, ^bb3] : () -> ()
    ^bb2:
      "test.br"()[^bb4] : () -> ()
    ^bb3:
      "test.br"()[^bb4] : () -> ()
    ^bb4:
      return
    ^bb5:
      "test.br"()[^bb4] : () -> ()
    }
  )");
  ASSERT_TRUE(module);
  Operation *function = &module->getRegion(0).front().front();
  Region &body = function->getRegion(0);
  llvm::SmallVector<Block *, 8> b = getBlocks(body);
  RegionDominance dominance(body);

  EXPECT_EQ(dominance.getRoot(), b[0]);
  EXPECT_TRUE(dominance.dominates(b[1], b[4]));
  EXPECT_FALSE(dominance.dominates(b[2], b[4]));
  EXPECT_FALSE(dominance.dominates(b[2], b[3]));
  EXPECT_TRUE(dominance.dominates(b[3], b[3]));
  EXPECT_FALSE(dominance.isReachable(b[5]));
  // Every block dominates an unreachable one, which dominates none.
  EXPECT_TRUE(dominance.dominates(b[2], b[5]));
  EXPECT_FALSE(dominance.dominates(b[5], b[4]));

  // The tree: bb0 -> bb1 -> {bb2, bb4, bb3} in depth-first order; the
  // unreachable block is not in it.
  EXPECT_EQ(dominance.getChildren(b[0]), llvm::ArrayRef<Block *>({b[1]}));
  EXPECT_EQ(dominance.getChildren(b[1]),
            llvm::ArrayRef<Block *>({b[2], b[4], b[3]}));
  EXPECT_TRUE(dominance.getChildren(b[2]).empty());
  EXPECT_TRUE(dominance.getChildren(b[5]).empty());
}

} // namespace
