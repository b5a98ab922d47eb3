//===- Parser.cpp - Tokens, types and shared parsing helpers --------------===//

#include "ParserImpl.h"
#include "tilt/IR/DialectSymbolBody.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cstring>
#if defined(__unix__)
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace tilt;
using namespace tilt::detail;

//===----------------------------------------------------------------------===//
// LineCursor
//===----------------------------------------------------------------------===//

std::pair<unsigned, unsigned> LineCursor::getLineAndColumn(const char *ptr) {
  if (ptr < position) {
    // Rare: restart from the beginning.
    position = lineStart = bufferStart;
    line = 1;
  }
  // Count the newlines in bulk (split-input-file pieces start with one per
  // earlier line of the file), then find where the last line starts.
  if (position < ptr) {
    line += unsigned(std::count(position, ptr, '\n'));
    const char *last = ptr;
    while (last > position && last[-1] != '\n')
      --last;
    if (last > position)
      lineStart = last;
    position = ptr;
  }
  return {line, unsigned(ptr - lineStart) + 1};
}

uintptr_t ParserState::findStackLimit() {
#if defined(__linux__) && defined(__GLIBC__)
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return 0;
  void *low = nullptr;
  size_t size = 0;
  int status = pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  if (status != 0 || !low)
    return 0;
  // Keep a quarter of the stack (at least 256 KiB) in reserve.
  size_t reserve = std::max<size_t>(size / 4, 256 << 10);
  return reserve < size ? uintptr_t(low) + reserve : 0;
#else
  return 0;
#endif
}

void ParserState::releaseSourceRange(const char *end) {
#if defined(__unix__)
  uintptr_t pageSize = uintptr_t(sysconf(_SC_PAGESIZE));
  uintptr_t start = (uintptr_t(releasedUpTo) + pageSize - 1) & ~(pageSize - 1);
  uintptr_t stop = uintptr_t(end) & ~(pageSize - 1);
  if (stop > start)
    madvise(reinterpret_cast<void *>(start), stop - start, MADV_DONTNEED);
  if (end > releasedUpTo)
    releasedUpTo = end;
#else
  (void)end;
#endif
}

//===----------------------------------------------------------------------===//
// Tokens and diagnostics
//===----------------------------------------------------------------------===//

Location Parser::getEncodedSourceLocation(llvm::SMLoc loc) {
  auto [line, column] = state.cursor.getLineAndColumn(loc.getPointer());
  return Location::getFileLineCol(state.context, state.fileIndex, line, column);
}

InFlightDiagnostic Parser::emitError(const llvm::Twine &message) {
  return emitError(getToken().getLoc(), message);
}

InFlightDiagnostic Parser::emitError(llvm::SMLoc loc,
                                     const llvm::Twine &message) {
  // Only the first error of a parse is reported: later ones are noise.
  if (state.hadError)
    return InFlightDiagnostic();
  state.hadError = true;
  // A lexer error is reported in place of whatever the parser expected.
  if (getToken().is(Token::error) && loc == getToken().getLoc())
    return tilt::emitError(state.context, getEncodedSourceLocation(loc),
                           state.lex.getErrorMessage());
  return tilt::emitError(state.context, getEncodedSourceLocation(loc), message);
}

InFlightDiagnostic Parser::emitWrongTokenError(const llvm::Twine &message) {
  // As MLIR does (Parser::emitWrongTokenError): the error sits right after
  // the last token before the unexpected one, skipping the blanks, blank
  // lines and `//` comments between them, so that `expected ...` points
  // where the missing text belongs. With nothing before, it sits at the
  // token.
  // A lexer error is reported at the bad token, in place of the message.
  if (getToken().is(Token::error))
    return emitError(getToken().getLoc(), message);
  const char *tokenStart = getToken().getLoc().getPointer();
  if (getToken().is(Token::eof))
    tokenStart = state.buffer.end();
  llvm::StringRef before(state.buffer.begin(),
                         tokenStart - state.buffer.begin());
  while (true) {
    before = before.rtrim(" \t");
    if (before.empty())
      return emitError(getToken().getLoc(), message);
    if (before.back() != '\n' && before.back() != '\r')
      return emitError(llvm::SMLoc::getFromPointer(before.end()), message);
    before = before.drop_back();
    // The previous line's `//` comment, if any, is skipped too (a `//` in
    // a string literal is taken for one, as in MLIR).
    llvm::StringRef line = before;
    size_t lineStart = line.find_last_of("\n\r");
    if (lineStart != llvm::StringRef::npos)
      line = line.drop_front(lineStart);
    size_t comment = line.find("//");
    if (comment != llvm::StringRef::npos)
      before = before.drop_back(line.size() - comment);
  }
}

LogicalResult Parser::parseToken(Token::Kind kind, const llvm::Twine &message) {
  if (consumeIf(kind))
    return success();
  return emitWrongTokenError(message);
}

LogicalResult Parser::enterNesting(llvm::SMLoc loc) {
  // The level limit bounds the work; the stack check keeps a thread with a
  // small stack (or a sanitizer build, with its larger frames) safe.
  char probe;
  uintptr_t here = uintptr_t(&probe);
  if (state.stackLimit && here < state.stackLimit)
    return emitError(loc, "nesting is too deep for the parser's stack");
  if (++state.nestingDepth <= state.config.maxNestingDepth)
    return success();
  --state.nestingDepth;
  return emitError(loc, "nesting is too deep (more than " +
                            llvm::Twine(state.config.maxNestingDepth) +
                            " levels)");
}

LogicalResult Parser::parseCommaSeparatedList(
    Delimiter delimiter, llvm::function_ref<LogicalResult()> parseElement,
    llvm::StringRef contextMessage) {
  Token::Kind open = Token::eof, close = Token::eof;
  const char *openName = "", *closeName = "";
  bool optional = false;
  switch (delimiter) {
  case Delimiter::None:
    break;
  case Delimiter::OptionalParen:
    optional = true;
    [[fallthrough]];
  case Delimiter::Paren:
    open = Token::l_paren, close = Token::r_paren, openName = "'('",
    closeName = "')'";
    break;
  case Delimiter::OptionalSquare:
    optional = true;
    [[fallthrough]];
  case Delimiter::Square:
    open = Token::l_square, close = Token::r_square, openName = "'['",
    closeName = "']'";
    break;
  case Delimiter::OptionalLessGreater:
    optional = true;
    [[fallthrough]];
  case Delimiter::LessGreater:
    open = Token::less, close = Token::greater, openName = "'<'",
    closeName = "'>'";
    break;
  case Delimiter::OptionalBraces:
    optional = true;
    [[fallthrough]];
  case Delimiter::Braces:
    open = Token::l_brace, close = Token::r_brace, openName = "'{'",
    closeName = "'}'";
    break;
  }
  if (delimiter != Delimiter::None) {
    if (!consumeIf(open)) {
      if (optional)
        return success();
      return emitWrongTokenError(llvm::Twine("expected ") + openName +
                                 contextMessage);
    }
    if (consumeIf(close))
      return success();
  }
  if (failed(parseElement()))
    return failure();
  while (consumeIf(Token::comma))
    if (failed(parseElement()))
      return failure();
  if (delimiter == Delimiter::None)
    return success();
  return parseToken(close,
                    llvm::Twine("expected ") + closeName + contextMessage);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

std::optional<unsigned> tilt::parseIntegerTypeWidth(Parser &parser,
                                                    llvm::StringRef digits,
                                                    llvm::SMLoc loc) {
  uint64_t width = 0;
  if (digits.getAsInteger(10, width) || width > IntegerType::kMaxWidth) {
    parser.emitError(loc, "integer bitwidth is limited to " +
                              llvm::Twine(IntegerType::kMaxWidth) + " bits");
    return std::nullopt;
  }
  return unsigned(width);
}

/// Splits `i32`, `si8`, `ui16` into signedness and digits.
static bool isIntegerTypeSpelling(llvm::StringRef spelling,
                                  IntegerType::Signedness &signedness,
                                  llvm::StringRef &digits) {
  signedness = IntegerType::Signless;
  if (spelling.startswith("si")) {
    signedness = IntegerType::Signed;
    spelling = spelling.drop_front(2);
  } else if (spelling.startswith("ui")) {
    signedness = IntegerType::Unsigned;
    spelling = spelling.drop_front(2);
  } else if (spelling.startswith("i")) {
    spelling = spelling.drop_front(1);
  } else {
    return false;
  }
  if (spelling.empty() || !llvm::all_of(spelling, llvm::isDigit))
    return false;
  digits = spelling;
  return true;
}

bool Parser::isTypeStart() const {
  const Token &tok = getToken();
  if (tok.isAny(Token::l_paren, Token::exclamation_identifier))
    return true;
  if (tok.isNot(Token::bare_identifier))
    return false;
  llvm::StringRef spelling = tok.getSpelling();
  IntegerType::Signedness signedness;
  llvm::StringRef digits;
  return spelling == "index" || spelling == "f16" || spelling == "bf16" ||
         spelling == "f32" || spelling == "f64" || spelling == "none" ||
         spelling == "tensor" || spelling == "memref" || spelling == "vector" ||
         spelling == "complex" || spelling == "tuple" ||
         isIntegerTypeSpelling(spelling, signedness, digits);
}

Type Parser::parseType() {
  if (getToken().isNot(Token::l_paren))
    return parseNonFunctionType();
  if (failed(enterNesting(getToken().getLoc())))
    return Type();
  llvm::SmallVector<Type, 4> inputs, results;
  LogicalResult result = parseFunctionTypeLists(inputs, results);
  exitNesting();
  if (failed(result))
    return Type();
  return FunctionType::get(state.context, inputs, results);
}

OptionalParseResult Parser::parseOptionalType(Type &type) {
  if (!isTypeStart())
    return std::nullopt;
  type = parseType();
  return success(bool(type));
}

LogicalResult
Parser::parseFunctionTypeLists(llvm::SmallVectorImpl<Type> &inputs,
                               llvm::SmallVectorImpl<Type> &results) {
  if (failed(parseTypeListParens(inputs)) ||
      failed(parseToken(Token::arrow, "expected '->' in function type")))
    return failure();
  return parseFunctionResultTypes(results);
}

LogicalResult
Parser::parseTypeListNoParens(llvm::SmallVectorImpl<Type> &types) {
  return parseCommaSeparatedList(Delimiter::None, [&]() -> LogicalResult {
    Type type = parseType();
    if (!type)
      return failure();
    types.push_back(type);
    return success();
  });
}

LogicalResult Parser::parseTypeListParens(llvm::SmallVectorImpl<Type> &types) {
  if (failed(parseToken(Token::l_paren, "expected '('")))
    return failure();
  if (consumeIf(Token::r_paren))
    return success();
  if (failed(parseTypeListNoParens(types)))
    return failure();
  return parseToken(Token::r_paren, "expected ')'");
}

LogicalResult
Parser::parseFunctionResultTypes(llvm::SmallVectorImpl<Type> &types) {
  if (getToken().is(Token::l_paren))
    return parseTypeListParens(types);
  Type type = parseNonFunctionType();
  if (!type)
    return failure();
  types.push_back(type);
  return success();
}

Type Parser::parseNonFunctionType() {
  const Token &tok = getToken();
  if (tok.is(Token::exclamation_identifier))
    return parseExtendedType();
  if (tok.isNot(Token::bare_identifier)) {
    emitWrongTokenError("expected non-function type");
    return Type();
  }
  llvm::StringRef spelling = tok.getSpelling();
  llvm::SMLoc loc = tok.getLoc();
  Context *context = state.context;
  IntegerType::Signedness signedness;
  llvm::StringRef digits;
  if (isIntegerTypeSpelling(spelling, signedness, digits)) {
    std::optional<unsigned> width = parseIntegerTypeWidth(*this, digits, loc);
    if (!width)
      return Type();
    consumeToken();
    return IntegerType::get(context, *width, signedness);
  }
  Type result;
  if (spelling == "index")
    result = IndexType::get(context);
  else if (spelling == "f32")
    result = FloatType::getF32(context);
  else if (spelling == "f16")
    result = FloatType::getF16(context);
  else if (spelling == "bf16")
    result = FloatType::getBF16(context);
  else if (spelling == "f64")
    result = FloatType::getF64(context);
  else if (spelling == "none")
    result = NoneType::get(context);
  if (result) {
    consumeToken();
    return result;
  }
  if (spelling == "tensor")
    return parseTensorType();
  if (spelling == "memref" || spelling == "vector" || spelling == "complex" ||
      spelling == "tuple") {
    emitError(loc,
              "the builtin type '" + spelling + "' is not supported by Tilt");
    return Type();
  }
  emitError(loc, "expected non-function type");
  return Type();
}

/// After a dimension: consumes the `x` that starts the current bare
/// identifier (`x4xf32`) and re-lexes the rest.
static bool consumeDimensionSeparator(Parser &parser,
                                      detail::ParserState &state) {
  const Token &tok = parser.getToken();
  if (tok.isNot(Token::bare_identifier) || !tok.getSpelling().startswith("x"))
    return false;
  state.lex.resetPointer(tok.getSpelling().data() + 1);
  parser.consumeToken();
  return true;
}

LogicalResult
Parser::parseDimensionListRanked(llvm::SmallVectorImpl<int64_t> &dims,
                                 bool allowDynamic) {
  while (getToken().isAny(Token::integer, Token::question)) {
    if (consumeIf(Token::question)) {
      if (!allowDynamic)
        return emitError("expected static shape");
      dims.push_back(RankedTensorType::kDynamic);
    } else {
      llvm::StringRef spelling = getToken().getSpelling();
      // `0x4xf32` lexes as the hex number 0x4: split it after the 0.
      if (spelling.size() > 1 && spelling[1] == 'x') {
        dims.push_back(0);
        state.lex.resetPointer(spelling.data() + 1);
        consumeToken();
      } else {
        std::optional<uint64_t> value = getToken().getUInt64IntegerValue();
        if (!value || *value > uint64_t(INT64_MAX))
          return emitError("invalid dimension");
        dims.push_back(int64_t(*value));
        consumeToken();
      }
    }
    if (!consumeDimensionSeparator(*this, state))
      return emitWrongTokenError("expected 'x' in dimension list");
  }
  return success();
}

Type Parser::parseTensorType() {
  llvm::SMLoc loc = getToken().getLoc();
  consumeToken();
  if (failed(parseToken(Token::less, "expected '<' in tensor type")))
    return Type();
  if (getToken().is(Token::star)) {
    emitError("unranked tensor types are not supported by Tilt");
    return Type();
  }
  llvm::SmallVector<int64_t, 4> dims;
  if (failed(parseDimensionListRanked(dims, /*allowDynamic=*/true)))
    return Type();
  llvm::SMLoc elementLoc = getToken().getLoc();
  Type elementType = parseType();
  if (!elementType)
    return Type();
  Attribute encoding;
  if (consumeIf(Token::comma)) {
    encoding = parseAttribute();
    if (!encoding)
      return Type();
  }
  if (failed(parseToken(Token::greater, "expected '>' in tensor type")))
    return Type();
  if (elementType.isa<FunctionType>() || elementType.isa<NoneType>()) {
    emitError(elementLoc, "invalid tensor element type");
    return Type();
  }
  (void)loc;
  return RankedTensorType::get(dims, elementType, encoding);
}

LogicalResult Parser::parseDialectSymbolBody(llvm::StringRef &body) {
  // The body starts right after the identifier: raw characters with
  // balanced brackets, honouring strings and `->` (DialectSymbolBody.h).
  const char *start = getToken().getSpelling().data();
  llvm::StringRef rest(start, state.buffer.end() - start);
  DialectBodyScan scan = scanDialectSymbolBody(rest);
  auto at = [&](size_t offset) {
    return llvm::SMLoc::getFromPointer(start + offset);
  };
  switch (scan.kind) {
  case DialectBodyScan::Closed:
    break;
  case DialectBodyScan::Unterminated:
    emitError(at(0), "unbalanced '" + llvm::Twine(scan.bracket) +
                         "' character in pretty dialect name");
    return failure();
  case DialectBodyScan::Unbalanced:
    emitError(at(scan.end), "unbalanced '" + llvm::Twine(scan.bracket) +
                                "' character in pretty dialect name");
    return failure();
  case DialectBodyScan::UnterminatedString:
    emitError(at(scan.end), "expected '\"' in string literal");
    return failure();
  case DialectBodyScan::Nul:
    emitError(at(scan.end), "unexpected character");
    return failure();
  }
  body = rest.take_front(scan.end);
  state.lex.resetPointer(start + scan.end);
  consumeToken();
  return success();
}
