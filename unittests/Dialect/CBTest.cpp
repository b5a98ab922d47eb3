//===- CBTest.cpp - Building circular-buffer code through the C++ API -----===//

#include "tilt/Dialect/CB/CB.h"
#include "../IR/TestUtils.h"
#include "tilt/IR/Verifier.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(CBTest, BuildsTheProtocolAndChecksCounts) {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, cb::CBDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();
  auto type = cb::CBType::get(&context, FloatType::getBF16(&context),
                              /*pageSize=*/2048, /*pages=*/2);
  EXPECT_EQ(type.getPages(), 2);
  EXPECT_EQ(type.getPageSize(), 2048);

  auto module = ModuleOp::create(Location(), &context);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Value buffer = builder.create<cb::AllocOp>(Location(), 0, type)->getResult(0);
  builder.create<cb::ReserveBackOp>(Location(), buffer, 1);
  Value address =
      builder.create<cb::GetWritePtrOp>(Location(), buffer)->getResult(0);
  EXPECT_TRUE(address.getType().isSignlessInteger(32));
  builder.create<cb::PushBackOp>(Location(), buffer, 1);
  builder.create<cb::WaitFrontOp>(Location(), buffer, 2);
  builder.create<cb::GetReadPtrOp>(Location(), buffer);
  builder.create<cb::PopFrontOp>(Location(), buffer, 2);
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  EXPECT_EQ(
      print(module.getOperation()),
      "module {\n"
      "  %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "  cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "  %0 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = "
      "2>\n"
      "  cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "  cb.wait_front %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "  %1 = cb.get_read_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "  cb.pop_front %cb0, 2 : !cb.cb<bf16, page_size = 2048, pages = 2>\n"
      "}\n");

  // Waiting for more pages than the buffer has can never complete.
  builder.create<cb::WaitFrontOp>(Location(), buffer, 3);
  DiagnosticCollector diagnostics(context);
  EXPECT_TRUE(failed(verify(module.getOperation())));
  ASSERT_EQ(diagnostics.messages.size(), 1u);
  EXPECT_EQ(diagnostics.messages[0], "'cb.wait_front' op page count 3 is more "
                                     "than the buffer's 2 pages");
  module.getOperation()->erase();
}

} // namespace
