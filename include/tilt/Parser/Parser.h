//===- Parser.h - Reading MLIR-syntax text into IR --------------*- C++ -*-===//
//
// The entry points of the textual IR parser. The syntax is MLIR's: generic
// operations, custom forms of registered ops, aliases, locations and file
// metadata. Every error is a located diagnostic through the context; no
// input makes the parser assert or crash.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_PARSER_PARSER_H
#define TILT_PARSER_PARSER_H

#include "tilt/IR/BuiltinOps.h"
#include <string>

namespace llvm {
class SourceMgr;
}

namespace tilt {

/// Owns a top-level operation and destroys it unless released.
class OwningOpRef {
public:
  OwningOpRef(Operation *op = nullptr) : op(op) {}
  OwningOpRef(OwningOpRef &&other) : op(other.release()) {}
  OwningOpRef &operator=(OwningOpRef &&other) {
    reset(other.release());
    return *this;
  }
  ~OwningOpRef() { reset(); }
  Operation *get() const { return op; }
  Operation *operator->() const { return op; }
  explicit operator bool() const { return op != nullptr; }
  Operation *release() {
    Operation *result = op;
    op = nullptr;
    return result;
  }
  void reset(Operation *newOp = nullptr) {
    if (op) {
      op->dropAllReferences();
      op->dropAllDefinedValueUses();
      op->erase();
    }
    op = newOp;
  }

private:
  Operation *op;
};

/// Options of the parser.
struct ParserConfig {
  /// Verify the parsed IR.
  bool verifyAfterParse = true;
  /// Regions nested deeper than this are rejected with a diagnostic, so
  /// that hostile input cannot exhaust the stack.
  unsigned maxNestingDepth = 4096;
  /// Give each block argument that has a name in the source (`%A`, not
  /// `%0` or `%arg0`) and no explicit `loc(...)` the name location
  /// `loc("A"(<file location>))`, so that passes can name what they make
  /// after it (tt-split-kernels names buffers so). Off by default: the
  /// locations then differ from what mlir-opt, which keeps no names, would
  /// print with --mlir-print-debuginfo.
  bool retainSSANames = false;
};

/// What the parser found besides operations.
struct ParsedFileMetadata {
  /// The text between `{-#` and `#-}` (resources), kept verbatim.
  std::string fileMetadata;
};

/// Parses the main buffer of `sourceMgr` and appends its top-level ops to
/// `block`. On failure the block is left unchanged.
LogicalResult parseSourceFile(llvm::SourceMgr &sourceMgr, Block *block,
                              Context *context,
                              const ParserConfig &config = ParserConfig(),
                              ParsedFileMetadata *metadata = nullptr);

/// Parses `source` (named `sourceName` in locations) into `block`.
LogicalResult parseSourceString(llvm::StringRef source, Block *block,
                                Context *context,
                                llvm::StringRef sourceName = "<string>",
                                const ParserConfig &config = ParserConfig());

/// Parses a file for a tool: with `insertImplicitModule`, ops are wrapped in
/// a new builtin.module unless the file holds exactly one builtin.module;
/// without, the file must hold exactly one top-level op. Returns null after
/// reporting an error.
OwningOpRef parseSourceFileForTool(llvm::SourceMgr &sourceMgr, Context *context,
                                   bool insertImplicitModule,
                                   const ParserConfig &config = ParserConfig(),
                                   ParsedFileMetadata *metadata = nullptr);

/// Parses one type or attribute from a string; null (with a diagnostic) on
/// error.
Type parseType(llvm::StringRef text, Context *context);
/// Parses one attribute from a string; null (with a diagnostic) on error.
Attribute parseAttribute(llvm::StringRef text, Context *context);

} // namespace tilt

#endif // TILT_PARSER_PARSER_H
