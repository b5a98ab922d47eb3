//===- ParserImpl.h - Shared state and base of the parsers ------*- C++ -*-===//
//
// ParserState is what one parse of one buffer shares: the lexer, the current
// token, aliases, deferred location aliases and the nesting depth. Parser is
// the base of the parsers: tokens, diagnostics, types, attributes and
// locations. OperationParser (OperationParser.cpp) adds operations, regions,
// blocks and SSA names.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_LIB_PARSER_PARSERIMPL_H
#define TILT_LIB_PARSER_PARSERIMPL_H

#include "Lexer.h"
#include "tilt/IR/BuiltinOps.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

namespace tilt {
namespace detail {

/// Maps buffer positions to line and column quickly when positions mostly
/// increase (as they do while parsing).
class LineCursor {
public:
  explicit LineCursor(llvm::StringRef buffer)
      : bufferStart(buffer.begin()), position(buffer.begin()),
        lineStart(buffer.begin()) {}
  std::pair<unsigned, unsigned> getLineAndColumn(const char *ptr);

private:
  const char *bufferStart;
  const char *position;
  const char *lineStart;
  unsigned line = 1;
};

/// An operation or block argument whose `loc(#alias)` names an alias that
/// was not defined yet (location aliases may come after their use).
struct DeferredLocation {
  llvm::SMLoc loc;
  std::string alias;
  Operation *op = nullptr;
  detail::ValueImpl *argument = nullptr;
};

struct ParserState {
  ParserState(const llvm::SourceMgr &sourceMgr, unsigned bufferID,
              Context *context, const ParserConfig &config)
      : context(context), sourceMgr(sourceMgr), config(config),
        buffer(sourceMgr.getMemoryBuffer(bufferID)->getBuffer()), lex(buffer),
        cursor(buffer),
        fileIndex(Location::internFilename(
            sourceMgr.getMemoryBuffer(bufferID)->getBufferIdentifier())),
        sourceIsMapped(sourceMgr.getMemoryBuffer(bufferID)->getBufferKind() ==
                       llvm::MemoryBuffer::MemoryBuffer_MMap),
        releasedUpTo(buffer.begin()), stackLimit(findStackLimit()) {
    curToken = lex.lexToken();
  }

  /// The address below which the current thread's stack must not grow,
  /// keeping a margin for the work done after the deepest parse (verifier,
  /// printer and destructors recurse too).
  static uintptr_t findStackLimit();

  /// Hands the pages of a memory-mapped source that lie well behind
  /// `position` back to the OS. They are re-read from the file if a
  /// diagnostic needs them, so this only lowers the peak memory of big
  /// inputs; it never changes what the parser sees.
  void releaseConsumedSource(const char *position) {
    if (sourceIsMapped && position - releasedUpTo > kReleaseChunk)
      releaseSourceRange(position - kReleaseMargin);
  }
  void releaseAllSource() {
    if (sourceIsMapped)
      releaseSourceRange(buffer.end());
  }
  void releaseSourceRange(const char *end);

  Context *context;
  const llvm::SourceMgr &sourceMgr;
  const ParserConfig &config;
  llvm::StringRef buffer;
  Lexer lex;
  Token curToken;
  LineCursor cursor;
  unsigned fileIndex;

  llvm::StringMap<Attribute> attributeAliases;
  llvm::StringMap<Type> typeAliases;
  llvm::StringMap<Location> locationAliases;
  std::vector<DeferredLocation> deferredLocations;
  std::string fileMetadata;
  unsigned nestingDepth = 0;
  /// Set once an error was reported, so that follow-on errors are not.
  bool hadError = false;

  static constexpr ptrdiff_t kReleaseChunk = 8 << 20;
  static constexpr ptrdiff_t kReleaseMargin = 1 << 20;
  bool sourceIsMapped;
  const char *releasedUpTo;
  /// The lowest usable stack address of the parsing thread (0 if unknown);
  /// nesting stops with a diagnostic well before it is reached.
  uintptr_t stackLimit = 0;
};

} // namespace detail

/// The base parser: tokens, diagnostics, types, attributes, locations.
class Parser {
public:
  using Delimiter = AsmParser::Delimiter;

  explicit Parser(detail::ParserState &state) : state(state) {}

  Context *getContext() const { return state.context; }
  detail::ParserState &getState() { return state; }

  //===--------------------------------------------------------------------===//
  // Tokens and diagnostics
  //===--------------------------------------------------------------------===//

  const Token &getToken() const { return state.curToken; }
  void consumeToken() { state.curToken = state.lex.lexToken(); }
  bool consumeIf(Token::Kind kind) {
    if (state.curToken.isNot(kind))
      return false;
    consumeToken();
    return true;
  }
  /// Consumes `kind` or reports `message` at the current token.
  LogicalResult parseToken(Token::Kind kind, const llvm::Twine &message);

  /// Reports an error at `loc` (the current token by default). A lexer
  /// error token reports the lexer's message instead.
  InFlightDiagnostic emitError(const llvm::Twine &message = {});
  InFlightDiagnostic emitError(llvm::SMLoc loc,
                               const llvm::Twine &message = {});
  /// Reports `message` unless the current token is a lexer error, in which
  /// case that error is reported.
  InFlightDiagnostic emitWrongTokenError(const llvm::Twine &message);

  Location getEncodedSourceLocation(llvm::SMLoc loc);

  /// Parses `element (, element)*` inside `delimiter`.
  LogicalResult
  parseCommaSeparatedList(Delimiter delimiter,
                          llvm::function_ref<LogicalResult()> parseElement,
                          llvm::StringRef contextMessage = "");

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  Type parseType();
  OptionalParseResult parseOptionalType(Type &type);
  Type parseNonFunctionType();
  /// `type (, type)*` without parentheses.
  LogicalResult parseTypeListNoParens(llvm::SmallVectorImpl<Type> &types);
  /// `()` or `(type, ...)`.
  LogicalResult parseTypeListParens(llvm::SmallVectorImpl<Type> &types);
  /// `type` or `(types)` after `->`.
  LogicalResult parseFunctionResultTypes(llvm::SmallVectorImpl<Type> &types);
  /// `(inputs) -> results` into two lists, without making a FunctionType.
  LogicalResult parseFunctionTypeLists(llvm::SmallVectorImpl<Type> &inputs,
                                       llvm::SmallVectorImpl<Type> &results);
  LogicalResult parseDimensionListRanked(llvm::SmallVectorImpl<int64_t> &dims,
                                         bool allowDynamic);
  Type parseTensorType();
  Type parseExtendedType();
  /// Whether the current token can start a type.
  bool isTypeStart() const;

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  Attribute parseAttribute(Type type = {});
  OptionalParseResult parseOptionalAttribute(Attribute &attr, Type type = {});
  /// `{name = value, unit_name, ...}` appended to `attrs`.
  LogicalResult parseAttributeDict(NamedAttrList &attrs);
  Attribute parseDecOrHexAttr(Type type, bool isNegative);
  Attribute parseFloatAttr(Type type, bool isNegative);
  Attribute parseDenseElementsAttr();
  Attribute parseDenseArrayAttr();
  Attribute parseExtendedAttr(Type type);
  Attribute parseSymbolRefAttr();

  /// The body of a `!ns...` or `#ns...` symbol after the identifier token:
  /// `<...>` with balanced brackets, kept as text.
  LogicalResult parseDialectSymbolBody(llvm::StringRef &body);

  //===--------------------------------------------------------------------===//
  // Locations
  //===--------------------------------------------------------------------===//

  /// Parses `loc(...)`; sets `deferredAlias` for `loc(#alias)` of an alias
  /// not defined yet.
  LogicalResult parseLocation(Location &loc, std::string *deferredAlias);
  LogicalResult parseLocationInstance(Location &loc);

  //===--------------------------------------------------------------------===//
  // Nesting
  //===--------------------------------------------------------------------===//

  llvm::StringMap<Location> &locationAliases() { return state.locationAliases; }

  /// Enters one nesting level; fails with a diagnostic past the limit.
  LogicalResult enterNesting(llvm::SMLoc loc);
  void exitNesting() { --state.nestingDepth; }

protected:
  detail::ParserState &state;
};

/// Checks the width of an integer type spelled `i<width>`; returns 0 and
/// reports an error for a bad width.
std::optional<unsigned>
parseIntegerTypeWidth(Parser &parser, llvm::StringRef digits, llvm::SMLoc loc);

/// Whether the digits of integer literal `spelling` are few enough for its
/// magnitude to fit in `width` bits (a cheap bound checked before the
/// conversion to APInt, which is quadratic in the literal's length).
bool hasDigitsForWidth(llvm::StringRef spelling, unsigned width);

} // namespace tilt

#endif // TILT_LIB_PARSER_PARSERIMPL_H
