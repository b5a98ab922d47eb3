//===- SymbolTableTest.cpp - Symbol lookup and uniqueness -----------------===//

#include "tilt/IR/SymbolTable.h"
#include "TestUtils.h"
#include "tilt/IR/Verifier.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(SymbolTableTest, LookupInsertAndRename) {
  auto context = makeContext();
  OwningOpRef module = parse(*context, R"(
    func.func private @a()
    module @inner {
      func.func private @b()
    }
  )");
  ASSERT_TRUE(module);
  SymbolTable table(module.get());
  EXPECT_TRUE(table.lookup<func::FuncOp>("a"));
  EXPECT_FALSE(table.lookup("b"));
  Operation *inner = table.lookup("inner");
  ASSERT_TRUE(inner);
  SymbolRefAttr nested = SymbolRefAttr::get(
      context.get(), "inner", {FlatSymbolRefAttr::get(context.get(), "b")});
  Operation *b = SymbolTable::lookupSymbolIn(module.get(), nested);
  ASSERT_TRUE(b);
  EXPECT_EQ(SymbolTable::getSymbolName(b).getValue(), "b");
  EXPECT_EQ(SymbolTable::lookupNearestSymbolFrom(
                b, FlatSymbolRefAttr::get(context.get(), "b")),
            b);

  // Inserting a second @a renames it.
  OpBuilder builder(context.get());
  OperationState state(Location(), func::FuncOp::getOperationName(),
                       context.get());
  func::FuncOp::build(builder, state, "a", builder.getFunctionType({}, {}));
  Operation *copy = Operation::create(state);
  copy->setAttr("sym_visibility", builder.getStringAttr("private"));
  copy->getRegion(0).front().erase();
  StringAttr name = table.insert(copy);
  EXPECT_NE(name.getValue(), "a");
  EXPECT_EQ(table.lookup(name.getValue()), copy);
  EXPECT_TRUE(succeeded(verify(module.get())));
}

TEST(SymbolTableTest, VerifierRejectsDuplicates) {
  auto context = makeContext();
  DiagnosticCollector collector(*context);
  auto module = ModuleOp::create(Location(), context.get());
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  for (int i = 0; i < 2; ++i) {
    auto function = builder.create<func::FuncOp>(
        Location(), "dup", builder.getFunctionType({}, {}));
    OpBuilder inner = OpBuilder::atBlockEnd(function.getEntryBlock());
    inner.create<func::ReturnOp>(Location());
  }
  EXPECT_TRUE(failed(verify(module.getOperation())));
  ASSERT_EQ(collector.messages.size(), 1u);
  EXPECT_EQ(collector.messages[0], "redefinition of symbol named 'dup'");
  module.getOperation()->destroy();
}

} // namespace
