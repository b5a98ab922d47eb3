//===- TileTest.cpp - Building tile programs through the C++ API ----------===//
//
// How an embedder builds the gemm of examples/gemm_small.tilt without the
// parser, and what the verifier says about mistakes.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/Tile/Tile.h"
#include "../IR/TestUtils.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/IR/Verifier.h"
#include <cmath>

using namespace tilt;
using namespace tilt::test;

namespace {

std::unique_ptr<Context> makeTileContext() {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, arith::ArithDialect, math::MathDialect,
                  tile::TileDialect>();
  auto context = std::make_unique<Context>(registry);
  context->loadAllAvailableDialects();
  return context;
}

TEST(TileTest, BuildsAGemmKernel) {
  auto context = makeTileContext();
  Context *ctx = context.get();
  Type bf16 = FloatType::getBF16(ctx), f32 = FloatType::getF32(ctx);
  auto tensorA = tile::TensorType::get(ctx, {64, 64}, bf16);
  auto tensorC = tile::TensorType::get(ctx, {64, 64}, f32);
  auto bufAB =
      tile::BufType::get(ctx, {32, 32}, bf16, tile::MemorySpace::Shared);
  auto bufC =
      tile::BufType::get(ctx, {32, 32}, f32, tile::MemorySpace::Fragment);
  // Types are uniqued.
  EXPECT_EQ(bufAB,
            tile::BufType::get(ctx, {32, 32}, bf16, tile::MemorySpace::Shared));

  auto module = ModuleOp::create(Location(), ctx);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto function = builder.create<func::FuncOp>(
      Location(), "gemm",
      FunctionType::get(ctx, {tensorA, tensorA, tensorC}, {}));
  builder.setInsertionPointToStart(function.getEntryBlock());
  llvm::SmallVector<Value, 3> params(
      function.getEntryBlock()->getArguments().begin(),
      function.getEntryBlock()->getArguments().end());
  auto kernel = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{2, 2}, ValueRange(params));
  builder.create<func::ReturnOp>(Location());

  builder.setInsertionPointToStart(kernel.getBody());
  auto index = [&](int64_t value) {
    return builder
        .create<arith::ConstantOp>(Location(), builder.getIndexAttr(value))
        .getResult();
  };
  Value c0 = index(0), c1 = index(1), c2 = index(2), c32 = index(32);
  Value aShared =
      builder.create<tile::AllocOp>(Location(), bufAB)->getResult(0);
  Value bShared =
      builder.create<tile::AllocOp>(Location(), bufAB)->getResult(0);
  Value cFrag = builder.create<tile::AllocOp>(Location(), bufC)->getResult(0);
  builder.create<tile::ClearOp>(Location(), cFrag);
  Value zero =
      builder.create<arith::ConstantOp>(Location(), FloatAttr::get(f32, 0.0))
          .getResult();
  builder.create<tile::FillOp>(Location(), cFrag, zero);
  Value row =
      builder.create<arith::MulIOp>(Location(), kernel.getBlockIndex(1), c32)
          .getResult();
  Value col =
      builder.create<arith::MulIOp>(Location(), kernel.getBlockIndex(0), c32)
          .getResult();
  auto loop = builder.create<tile::PipelinedOp>(Location(), c0, c2, c1, 2);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value k =
        builder.create<arith::MulIOp>(Location(), loop.getInductionVar(), c32)
            .getResult();
    builder.create<tile::CopyOp>(Location(), kernel.getArgument(0), aShared,
                                 ValueRange{row, k});
    builder.create<tile::CopyOp>(Location(), kernel.getArgument(1), bShared,
                                 ValueRange{k, col});
    builder.create<tile::GemmOp>(Location(), aShared, bShared, cFrag);
  }
  builder.create<tile::CopyOp>(Location(), cFrag, kernel.getArgument(2),
                               ValueRange{row, col});

  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  std::string text = print(module.getOperation());
  EXPECT_NE(text.find("tile.kernel grid [2, 2] blocks(%arg3, %arg4)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("tile.pipelined %arg8 = %c0 to %c2 step %c1 stages 2"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("tile.copy %fragment, %arg7[%0, %1]"), std::string::npos)
      << text;
  module.getOperation()->erase();
}

TEST(TileTest, ParallelBodyAndVerifierErrors) {
  auto context = makeTileContext();
  Context *ctx = context.get();
  Type f32 = FloatType::getF32(ctx);
  auto buf = tile::BufType::get(ctx, {64}, f32, tile::MemorySpace::Shared);
  auto other = tile::BufType::get(ctx, {32}, f32, tile::MemorySpace::Shared);

  auto module = ModuleOp::create(Location(), ctx);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto kernel = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{4}, ValueRange{});
  builder.setInsertionPointToStart(kernel.getBody());
  Value x = builder.create<tile::AllocOp>(Location(), buf)->getResult(0);
  Value y = builder.create<tile::AllocOp>(Location(), other)->getResult(0);
  // exp(x) into x: the body gets one f32 argument per input.
  auto parallel = builder.create<tile::ParallelOp>(Location(), ValueRange{x},
                                                   ValueRange{x});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(parallel.getBody());
    Value e =
        builder
            .create<math::ExpOp>(Location(), parallel.getBody()->getArgument(0))
            .getResult();
    builder.create<tile::YieldOp>(Location(), ValueRange{e});
  }
  EXPECT_TRUE(succeeded(verify(module.getOperation())));

  // A reduce over a dimension the source does not have.
  builder.create<tile::ReduceOp>(Location(), "sum", x, y, 3);
  DiagnosticCollector diagnostics(*ctx);
  EXPECT_TRUE(failed(verify(module.getOperation())));
  ASSERT_EQ(diagnostics.messages.size(), 1u);
  EXPECT_EQ(diagnostics.messages[0],
            "'tile.reduce' op dimension 3 is out of range for a source of "
            "rank 1");
  module.getOperation()->erase();
}

TEST(TileTest, KernelsAreIsolatedFromAbove) {
  // Through the API a buffer of one kernel can be used in another; the
  // verifier catches it.
  auto context = makeTileContext();
  Context *ctx = context.get();
  auto buf = tile::BufType::get(ctx, {8}, FloatType::getF32(ctx),
                                tile::MemorySpace::Shared);
  auto module = ModuleOp::create(Location(), ctx);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto outer = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{1}, ValueRange{});
  builder.setInsertionPointToStart(outer.getBody());
  Value x = builder.create<tile::AllocOp>(Location(), buf)->getResult(0);
  auto inner = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{1}, ValueRange{});
  builder.setInsertionPointToStart(inner.getBody());
  builder.create<tile::ClearOp>(Location(), x);
  DiagnosticCollector diagnostics(*ctx);
  EXPECT_TRUE(failed(verify(module.getOperation())));
  ASSERT_FALSE(diagnostics.messages.empty());
  EXPECT_EQ(diagnostics.messages[0],
            "'tile.clear' op using value defined outside the region");
  module.getOperation()->erase();
}

// The accessors a lowering reads: a parallel's per-input dimensions
// (identity when not set) and a reduce's accumulate flag, built through
// the API.
TEST(TileTest, BroadcastIndexingAndReduceAccumulate) {
  auto context = makeTileContext();
  Context *ctx = context.get();
  Type f32 = FloatType::getF32(ctx);
  auto matrix =
      tile::BufType::get(ctx, {32, 64}, f32, tile::MemorySpace::Shared);
  auto column = tile::BufType::get(ctx, {32}, f32, tile::MemorySpace::Fragment);
  auto module = ModuleOp::create(Location(), ctx);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto kernel = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{1}, ValueRange{});
  builder.setInsertionPointToStart(kernel.getBody());
  Value a = builder.create<tile::AllocOp>(Location(), matrix)->getResult(0);
  Value m = builder.create<tile::AllocOp>(Location(), column)->getResult(0);
  auto parallel = builder.create<tile::ParallelOp>(Location(), ValueRange{a, m},
                                                   ValueRange{a});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(parallel.getBody());
    Value d = builder
                  .create<arith::SubFOp>(Location(),
                                         parallel.getBody()->getArgument(0),
                                         parallel.getBody()->getArgument(1))
                  ->getResult(0);
    builder.create<tile::YieldOp>(Location(), ValueRange{d});
  }
  // Without indexing the column cannot be an input.
  DiagnosticCollector diagnostics(*ctx);
  EXPECT_TRUE(failed(verify(module.getOperation())));
  using Dims = llvm::SmallVector<int64_t, 4>;
  parallel.setInputDims({Dims{0, 1}, Dims{0}});
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  EXPECT_EQ(parallel.getInputDims(0), (Dims{0, 1}));
  EXPECT_EQ(parallel.getInputDims(1), (Dims{0}));
  EXPECT_TRUE(parallel.isIdentityInput(0));
  EXPECT_FALSE(parallel.isIdentityInput(1));
  EXPECT_EQ(parallel.getIterationShape(), llvm::ArrayRef<int64_t>({32, 64}));
  // All identity: the property goes away.
  parallel.setInputDims({Dims{0, 1}, Dims{0, 1}});
  EXPECT_FALSE(parallel.getOperation()->getInherentAttr("indexing"));
  parallel.setInputDims({Dims{0, 1}, Dims{0}});

  auto reduce = builder.create<tile::ReduceOp>(Location(), "absmax", a, m, 1,
                                               /*accumulate=*/true);
  EXPECT_TRUE(reduce.getAccumulate());
  EXPECT_EQ(reduce.getKind(), "absmax");
  std::string text = print(module.getOperation());
  EXPECT_NE(text.find("tile.reduce absmax"), std::string::npos) << text;
  EXPECT_NE(text.find("dim 1 accumulate :"), std::string::npos) << text;
  module.getOperation()->erase();
}

} // namespace

TEST(TileTest, IndexOpsBuildAMask) {
  // The causal mask of FlashAttention built through the C++ API: a
  // tile.parallel without inputs whose body reads its position.
  auto context = makeTileContext();
  Context *ctx = context.get();
  Type f32 = FloatType::getF32(ctx);
  auto buf =
      tile::BufType::get(ctx, {64, 64}, f32, tile::MemorySpace::Fragment);
  auto module = ModuleOp::create(Location(), ctx);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto kernel = builder.create<tile::KernelOp>(
      Location(), llvm::ArrayRef<int64_t>{4}, ValueRange{});
  builder.setInsertionPointToStart(kernel.getBody());
  Value acc = builder.create<tile::AllocOp>(Location(), buf)->getResult(0);
  Value zero =
      builder
          .create<arith::ConstantOp>(Location(), builder.getFloatAttr(f32, 0.0))
          ->getResult(0);
  Value ninf = builder
                   .create<arith::ConstantOp>(
                       Location(), builder.getFloatAttr(f32, -INFINITY))
                   ->getResult(0);
  auto parallel = builder.create<tile::ParallelOp>(Location(), ValueRange{},
                                                   ValueRange{acc});
  EXPECT_EQ(parallel.getBody()->getNumArguments(), 0u);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(parallel.getBody());
    auto i = builder.create<tile::IndexOp>(Location(), 0);
    auto j = builder.create<tile::IndexOp>(Location(), 1);
    EXPECT_EQ(i.getDim(), 0);
    EXPECT_EQ(j.getDim(), 1);
    EXPECT_TRUE(i->getResult(0).getType().isa<IndexType>());
    Value visible =
        builder
            .create<arith::CmpIOp>(Location(), arith::CmpIPredicate::sge,
                                   i->getResult(0), j->getResult(0))
            ->getResult(0);
    Value mask =
        builder.create<arith::SelectOp>(Location(), visible, zero, ninf)
            ->getResult(0);
    builder.create<tile::YieldOp>(Location(), ValueRange{mask});
  }
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  std::string text = print(module.getOperation());
  EXPECT_NE(text.find("tile.parallel outs(%fragment : "
                      "!tile.buf<64x64xf32, fragment>) {"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("tile.index 1 : index"), std::string::npos) << text;

  // A dimension past the iteration space's rank.
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(parallel.getBody());
    builder.create<tile::IndexOp>(Location(), 2);
  }
  DiagnosticCollector diagnostics(*ctx);
  EXPECT_TRUE(failed(verify(module.getOperation())));
  ASSERT_EQ(diagnostics.messages.size(), 1u);
  EXPECT_EQ(diagnostics.messages[0],
            "'tile.index' op dimension 2 is out of range for an iteration "
            "space of rank 2");
  module.getOperation()->erase();
}
