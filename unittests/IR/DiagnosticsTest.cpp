//===- DiagnosticsTest.cpp - Engine, handlers, compiler-style output ------===//

#include "TestUtils.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace tilt;
using namespace tilt::test;

namespace {

TEST(DiagnosticsTest, HandlerStackNewestFirst) {
  auto context = makeContext();
  std::vector<std::string> seen;
  ScopedDiagnosticHandler outer(context.get(), [&](Diagnostic &diag) {
    seen.push_back("outer:" + diag.str());
    return success();
  });
  {
    ScopedDiagnosticHandler inner(context.get(), [&](Diagnostic &diag) {
      seen.push_back("inner:" + diag.str());
      // Only consume errors: others fall through to the outer handler.
      return success(diag.getSeverity() == DiagnosticSeverity::Error);
    });
    emitError(context.get(), Location(), "e1");
    emitWarning(context.get(), Location(), "w1");
  }
  emitRemark(context.get(), Location(), "r1");
  std::vector<std::string> expected = {"inner:e1", "inner:w1", "outer:w1",
                                       "outer:r1"};
  EXPECT_EQ(seen, expected);
}

TEST(DiagnosticsTest, StreamingAndNotes) {
  auto context = makeContext();
  DiagnosticCollector collector(*context);
  Builder b(context.get());
  {
    InFlightDiagnostic diag = emitError(context.get(), Location());
    diag << "type " << b.getI32Type() << " and " << 42 << " and "
         << b.getStringAttr("s");
    diag.attachNote() << "a note";
  }
  ASSERT_EQ(collector.messages.size(), 1u);
  EXPECT_EQ(collector.messages[0], "type 'i32' and 42 and \"s\"");
  ASSERT_EQ(collector.notes.size(), 1u);
  EXPECT_EQ(collector.notes[0], "a note");
  // An in-flight diagnostic converts to failure.
  LogicalResult result = emitError(context.get(), Location()) << "x";
  EXPECT_TRUE(failed(result));
}

TEST(DiagnosticsTest, SourceMgrHandlerPrintsLikeACompiler) {
  auto context = makeContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                   "first line\n  second line\n", "input.tilt"),
                               llvm::SMLoc());
  std::string output;
  llvm::raw_string_ostream os(output);
  {
    SourceMgrDiagnosticHandler handler(sourceMgr, context.get(), os);
    InFlightDiagnostic diag =
        emitError(context.get(),
                  Location::getFileLineCol(context.get(), "input.tilt", 2, 3),
                  "something is wrong");
    diag.attachNote(Location::getFileLineCol(context.get(), "input.tilt", 1, 1))
        << "related";
  }
  EXPECT_EQ(os.str(), "input.tilt:2:3: error: something is wrong\n"
                      "  second line\n"
                      "  ^\n"
                      "input.tilt:1:1: note: related\n"
                      "first line\n"
                      "^\n");
}

TEST(DiagnosticsTest, VerifierHandlerMatchesExpectations) {
  auto context = makeContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "// expected-error@+1 {{bad thing}}\n"
          "op\n"
          "op // expected-warning {{careful}}\n"
          "// expected-remark-re@-1 {{number {{[0-9]+}}}}\n",
          "v.tilt"),
      llvm::SMLoc());
  std::string output;
  llvm::raw_string_ostream os(output);
  SourceMgrDiagnosticVerifierHandler handler(sourceMgr, context.get(), os);
  auto at = [&](unsigned line) {
    return Location::getFileLineCol(context.get(), "v.tilt", line, 1);
  };
  emitError(context.get(), at(2), "a bad thing happened");
  emitWarning(context.get(), at(3), "be careful");
  emitRemark(context.get(), at(3), "number 42");
  EXPECT_TRUE(succeeded(handler.verify())) << os.str();

  // An unexpected diagnostic and a missing one both fail.
  emitError(context.get(), at(1), "surprise");
  EXPECT_TRUE(failed(handler.verify()));
  EXPECT_NE(os.str().find("unexpected error: surprise"), std::string::npos);
}

TEST(DiagnosticsTest, VerifierHandlerReportsMissingDiagnostics) {
  auto context = makeContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy("op // expected-error {{never}}\n",
                                           "m.tilt"),
      llvm::SMLoc());
  std::string output;
  llvm::raw_string_ostream os(output);
  SourceMgrDiagnosticVerifierHandler handler(sourceMgr, context.get(), os);
  EXPECT_TRUE(failed(handler.verify()));
  EXPECT_NE(os.str().find("expected error \"never\" was not produced"),
            std::string::npos);
}

} // namespace
