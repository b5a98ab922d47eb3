//===- TestDialect.cpp - Ops of the test dialect --------------------------===//
//
// Every op here takes any operands, results, regions and attributes and is
// written in the generic form. Their names say what the test passes do with
// them; see TestPasses.cpp. Other test.* ops (test.op, ...) are accepted as
// unknown ops, as in MLIR's test dialect: they may have any effect.
//
//===----------------------------------------------------------------------===//

#include "test/TestDialect.h"
#include "tilt/IR/OpDefinition.h"

using namespace tilt;
using namespace tilt::test;

namespace {

#define TILT_TEST_OP(CLASS, NAME, ...)                                         \
  class CLASS : public Op<CLASS, OpTrait::VariadicOperands,                    \
                          OpTrait::VariadicResults __VA_ARGS__> {              \
  public:                                                                      \
    using Op::Op;                                                              \
    static llvm::StringRef getOperationName() { return NAME; }                 \
  };

// Side-effect free: erased when unused.
TILT_TEST_OP(PureOp, "test.pure", , OpTrait::Pure)
// Rewritten by the test-greedy-patterns patterns.
TILT_TEST_OP(BenefitOp, "test.benefit")
TILT_TEST_OP(LowOp, "test.low")
TILT_TEST_OP(HighOp, "test.high")
TILT_TEST_OP(ChainOp, "test.chain")
TILT_TEST_OP(DoneOp, "test.done")
TILT_TEST_OP(PingOp, "test.ping")
TILT_TEST_OP(PongOp, "test.pong")
TILT_TEST_OP(LieSuccessOp, "test.lie_success")
TILT_TEST_OP(LieFailureOp, "test.lie_failure")
// Used by test-pass-failure.
TILT_TEST_OP(FailHereOp, "test.fail_here")
// Used by test-legalize.
TILT_TEST_OP(IllegalOp, "test.illegal")
TILT_TEST_OP(LegalOp, "test.legal")
TILT_TEST_OP(NoPatternOp, "test.no_pattern")
TILT_TEST_OP(DynamicOp, "test.dynamic")
TILT_TEST_OP(SourceOp, "test.source")
TILT_TEST_OP(Source32Op, "test.source32")
TILT_TEST_OP(UseOp, "test.consume")
TILT_TEST_OP(Use32Op, "test.consume32")
TILT_TEST_OP(SinkOp, "test.sink")
TILT_TEST_OP(RecursiveOp, "test.recursive")
#undef TILT_TEST_OP

/// A terminator that branches to its one successor with all its operands.
class BranchOp : public Op<BranchOp, OpTrait::VariadicOperands,
                           OpTrait::ZeroResults, OpTrait::IsTerminator> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "test.branch"; }
  std::pair<unsigned, unsigned> getSuccessorOperands(unsigned) {
    return {0, getOperation()->getNumOperands()};
  }
  LogicalResult verify() {
    if (getOperation()->getNumSuccessors() != 1)
      return emitOpError("requires exactly one successor");
    return success();
  }
};

/// A terminator that branches to one of two successors (no operands are
/// forwarded: its first operand is the condition).
class CondBranchOp : public Op<CondBranchOp, OpTrait::OneOperand,
                               OpTrait::ZeroResults, OpTrait::IsTerminator> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "test.cond_branch"; }
  std::pair<unsigned, unsigned> getSuccessorOperands(unsigned) {
    return {1, 0};
  }
};

/// A terminator that ends a region.
class ReturnOp : public Op<ReturnOp, OpTrait::VariadicOperands,
                           OpTrait::ZeroResults, OpTrait::IsTerminator> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "test.terminator"; }
};

} // namespace

TestDialect::TestDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<TestDialect>()) {
  // Like MLIR's test dialect: tests use test.* ops of their own invention.
  allowUnknownOperations();
  addOperations<PureOp, BenefitOp, LowOp, HighOp, ChainOp, DoneOp, PingOp,
                PongOp, LieSuccessOp, LieFailureOp, FailHereOp, IllegalOp,
                LegalOp, NoPatternOp, DynamicOp, SourceOp, Source32Op, UseOp,
                Use32Op, SinkOp, RecursiveOp, BranchOp, CondBranchOp,
                ReturnOp>();
}
