//===- TTTest.cpp - Building a tt program through the C++ API -------------===//

#include "tilt/Dialect/TT/TT.h"
#include "../IR/TestUtils.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Parser/Parser.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(TTTest, BuildsAProgramAndChecksPlacement) {
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, cb::CBDialect, tt::TTDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();
  EXPECT_EQ(tt::getArchGrid("wormhole_b0"),
            std::make_optional(std::make_pair(int64_t(8), int64_t(10))));

  // The structure is parsed (its custom form is what users read);
  // intrinsics are built with OperationState, as they share one builder.
  OwningOpRef owned = parse(context, R"(
    tt.program @p grid [1, 1] arch wormhole_b0 {
      tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
      tt.kernel @compute compute math_fidelity HiFi4 {
      }
      tt.kernel @reader reader noc 0 {
      }
    })");
  ASSERT_TRUE(owned);
  Operation *moduleOp = owned.get();
  auto program =
      tt::ProgramOp::dynCast(&moduleOp->getRegion(0).front().front());
  ASSERT_TRUE(program);
  EXPECT_EQ(program.getArch(), "wormhole_b0");
  Operation *compute = nullptr, *reader = nullptr;
  for (Operation &op : *program.getBody()) {
    if (auto kernel = tt::KernelOp::dynCast(&op))
      (kernel.isCompute() ? compute : reader) = &op;
  }
  ASSERT_TRUE(compute && reader);
  EXPECT_EQ(tt::KernelOp(compute).getDstCapacity(), 8);

  auto intrinsic =
      [&](Operation *kernel, llvm::StringRef name,
          std::initializer_list<std::pair<const char *, int64_t>> props) {
        OpBuilder inner = OpBuilder::atBlockEnd(&kernel->getRegion(0).front());
        OperationState state(Location(), name, &context);
        for (auto &[prop, value] : props)
          state.addAttribute(prop, inner.getI64IntegerAttr(value));
        return inner.create(state);
      };
  intrinsic(compute, "tt.tile_regs_acquire", {});
  intrinsic(compute, "tt.copy_tile_init", {{"in", 0}});
  intrinsic(compute, "tt.exp_tile", {{"dst", 7}});
  EXPECT_TRUE(succeeded(verify(moduleOp)));

  // A compute op in a reader kernel is reported at the op.
  Operation *misplaced = intrinsic(reader, "tt.tile_regs_acquire", {});
  {
    DiagnosticCollector diagnostics(context);
    EXPECT_TRUE(failed(verify(moduleOp)));
    ASSERT_EQ(diagnostics.messages.size(), 1u);
    EXPECT_EQ(diagnostics.messages[0],
              "'tt.tile_regs_acquire' op is a compute op but is inside the "
              "reader kernel @reader");
  }
  misplaced->erase();
  EXPECT_TRUE(succeeded(verify(moduleOp)));
  EXPECT_NE(print(moduleOp).find("tt.exp_tile dst(7)"), std::string::npos);
}

} // namespace
