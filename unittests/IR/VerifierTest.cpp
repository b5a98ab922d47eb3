//===- VerifierTest.cpp - Structural, trait and dominance failures --------===//

#include "tilt/IR/Verifier.h"
#include "TestUtils.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// Verifies IR built by `build` and returns the first error message.
template <typename BuildFn> std::string firstError(BuildFn build) {
  auto context = makeContext();
  DiagnosticCollector collector(*context);
  ModuleOp module = ModuleOp::create(Location(), context.get());
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  build(*context, builder, module);
  LogicalResult result = verify(module.getOperation());
  std::string message = collector.messages.empty() ? "" : collector.messages[0];
  module.getOperation()->dropAllReferences();
  module.getOperation()->destroy();
  return failed(result) ? message : "<verified>";
}

TEST(VerifierTest, MissingTerminator) {
  std::string message = firstError([](Context &, OpBuilder &builder, ModuleOp) {
    builder.create<func::FuncOp>(Location(), "f",
                                 builder.getFunctionType({}, {}));
  });
  EXPECT_EQ(message, "empty block: expect at least a terminator");
}

TEST(VerifierTest, UseBeforeDefinition) {
  std::string message = firstError([](Context &, OpBuilder &builder, ModuleOp) {
    Type i32 = builder.getI32Type();
    auto function = builder.create<func::FuncOp>(
        Location(), "f", builder.getFunctionType({i32}, {}));
    Block *entry = function.getEntryBlock();
    builder.setInsertionPointToEnd(entry);
    Value arg = entry->getArgument(0);
    auto first = builder.create<arith::AddIOp>(Location(), arg, arg);
    auto second = builder.create<arith::AddIOp>(Location(), arg, arg);
    builder.create<func::ReturnOp>(Location());
    first->setOperand(1, second.getResult());
  });
  EXPECT_EQ(message, "operand #1 does not dominate this use");
}

TEST(VerifierTest, TraitFailures) {
  std::string message = firstError([](Context &, OpBuilder &builder, ModuleOp) {
    // A return outside a function.
    builder.create<func::ReturnOp>(Location());
  });
  EXPECT_EQ(message, "'func.return' op expects parent op 'func.func'");

  message = firstError([](Context &, OpBuilder &builder, ModuleOp) {
    Type f32 = builder.getF32Type();
    auto function = builder.create<func::FuncOp>(
        Location(), "f", builder.getFunctionType({f32}, {}));
    builder.setInsertionPointToEnd(function.getEntryBlock());
    Value arg = function.getEntryBlock()->getArgument(0);
    builder.create<arith::AddIOp>(Location(), arg, arg);
    builder.create<func::ReturnOp>(Location());
  });
  EXPECT_EQ(message,
            "'arith.addi' op operand #0 must be signless-integer-like, but got "
            "'f32'");
}

TEST(VerifierTest, IsolatedFromAbove) {
  std::string message =
      firstError([](Context &context, OpBuilder &builder, ModuleOp) {
        Type i32 = builder.getI32Type();
        auto outer = builder.create<func::FuncOp>(
            Location(), "outer", builder.getFunctionType({i32}, {}));
        builder.setInsertionPointToEnd(outer.getEntryBlock());
        // A nested function may not use the outer function's argument. It
        // sits in a nested module: a func.func must be in a symbol table.
        auto holder = builder.create<ModuleOp>(Location());
        builder.create<func::ReturnOp>(Location());
        builder.setInsertionPointToEnd(holder.getBody());
        auto inner = builder.create<func::FuncOp>(
            Location(), "inner", builder.getFunctionType({}, {}));
        builder.setInsertionPointToEnd(inner.getEntryBlock());
        Value outerArg = outer.getEntryBlock()->getArgument(0);
        builder.create<arith::AddIOp>(Location(), outerArg, outerArg);
        builder.create<func::ReturnOp>(Location());
      });
  EXPECT_EQ(message, "'arith.addi' op using value defined outside the region");
}

TEST(VerifierTest, UnregisteredOpsNeedTheOption) {
  std::string message =
      firstError([](Context &context, OpBuilder &builder, ModuleOp) {
        OperationState state(Location(), "mystery.op", &context);
        builder.create(state);
      });
  EXPECT_NE(message.find("created with unregistered dialect"),
            std::string::npos);
  message = firstError([](Context &context, OpBuilder &builder, ModuleOp) {
    context.allowUnregisteredDialects();
    OperationState state(Location(), "mystery.op", &context);
    builder.create(state);
  });
  EXPECT_EQ(message, "<verified>");
  // An unknown op of a loaded dialect is rejected even with the option.
  message = firstError([](Context &context, OpBuilder &builder, ModuleOp) {
    context.allowUnregisteredDialects();
    OperationState state(Location(), "arith.mystery", &context);
    builder.create(state);
  });
  EXPECT_NE(message.find("does not allow unknown operations"),
            std::string::npos);
}

} // namespace
