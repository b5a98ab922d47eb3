//===- AsmParserImpl.h - AsmParser over the Parser --------------*- C++ -*-===//
#ifndef TILT_LIB_PARSER_ASMPARSERIMPL_H
#define TILT_LIB_PARSER_ASMPARSERIMPL_H

#include "ParserImpl.h"

namespace tilt {

/// Implements the AsmParser methods over a Parser; the base of the parser
/// handed to dialect hooks (types, attributes) and of the custom-op parser.
template <typename BaseT> class AsmParserImpl : public BaseT {
public:
  AsmParserImpl(Parser &parser, llvm::SMLoc nameLoc)
      : parser(parser), nameLoc(nameLoc) {}
  using Delimiter = AsmParser::Delimiter;

  Context *getContext() const override { return parser.getContext(); }
  llvm::SMLoc getCurrentLocation() override {
    return parser.getToken().getLoc();
  }
  llvm::SMLoc getNameLoc() const override { return nameLoc; }
  Location getEncodedSourceLoc(llvm::SMLoc loc) override {
    return parser.getEncodedSourceLocation(loc);
  }
  InFlightDiagnostic emitError(llvm::SMLoc loc,
                               const llvm::Twine &message) override {
    return parser.emitError(loc, message);
  }

#define TILT_PUNCT(Name, Kind, Text)                                           \
  LogicalResult parse##Name() override {                                       \
    return parser.parseToken(Token::Kind, "expected '" Text "'");              \
  }                                                                            \
  bool parseOptional##Name() override { return parser.consumeIf(Token::Kind); }
  TILT_PUNCT(Arrow, arrow, "->")
  TILT_PUNCT(Colon, colon, ":")
  TILT_PUNCT(Comma, comma, ",")
  TILT_PUNCT(Equal, equal, "=")
  TILT_PUNCT(Less, less, "<")
  TILT_PUNCT(Greater, greater, ">")
  TILT_PUNCT(LParen, l_paren, "(")
  TILT_PUNCT(RParen, r_paren, ")")
  TILT_PUNCT(LSquare, l_square, "[")
  TILT_PUNCT(RSquare, r_square, "]")
  TILT_PUNCT(LBrace, l_brace, "{")
  TILT_PUNCT(RBrace, r_brace, "}")
#undef TILT_PUNCT
  bool parseOptionalQuestion() override {
    return parser.consumeIf(Token::question);
  }
  bool parseOptionalStar() override { return parser.consumeIf(Token::star); }
  bool parseOptionalEllipsis() override {
    return parser.consumeIf(Token::ellipsis);
  }

  // As MLIR's: reported at the token found, through emitError (so a custom
  // op's parser names the op).
  LogicalResult parseKeyword(llvm::StringRef expected,
                             const llvm::Twine &msg) override {
    llvm::SMLoc loc = getCurrentLocation();
    if (parseOptionalKeyword(expected))
      return success();
    return emitError(loc, "expected '" + expected + "'" + msg);
  }
  LogicalResult parseKeyword(llvm::StringRef *keyword) override {
    llvm::SMLoc loc = getCurrentLocation();
    if (succeeded(parseOptionalKeyword(keyword)))
      return success();
    return emitError(loc, "expected valid keyword");
  }
  bool parseOptionalKeyword(llvm::StringRef expected) override {
    if (!parser.getToken().isKeyword(expected))
      return false;
    parser.consumeToken();
    return true;
  }
  LogicalResult parseOptionalKeyword(llvm::StringRef *keyword) override {
    if (parser.getToken().isNot(Token::bare_identifier))
      return failure();
    *keyword = parser.getToken().getSpelling();
    parser.consumeToken();
    return success();
  }
  LogicalResult
  parseOptionalKeyword(llvm::StringRef *keyword,
                       llvm::ArrayRef<llvm::StringRef> allowed) override {
    if (parser.getToken().isNot(Token::bare_identifier) ||
        !llvm::is_contained(allowed, parser.getToken().getSpelling()))
      return failure();
    *keyword = parser.getToken().getSpelling();
    parser.consumeToken();
    return success();
  }
  LogicalResult parseInteger(int64_t &value) override {
    llvm::APInt apValue;
    // Literals too long for 64 bits are rejected before their conversion.
    OptionalParseResult result = parseOptionalIntegerOfWidth(apValue, 64);
    if (!result.has_value())
      return parser.emitWrongTokenError("expected integer value");
    if (failed(*result))
      return failure();
    if (apValue.getMinSignedBits() > 64)
      return parser.emitError("integer value too large");
    value = apValue.getSExtValue();
    return success();
  }
  OptionalParseResult parseOptionalInteger(llvm::APInt &value) override {
    return parseOptionalIntegerOfWidth(value, IntegerType::kMaxWidth);
  }
  /// Parses an optional integer whose magnitude has at most about `maxBits`
  /// bits; longer literals are "too large" without being converted.
  OptionalParseResult parseOptionalIntegerOfWidth(llvm::APInt &value,
                                                  unsigned maxBits) {
    bool negative = parser.getToken().is(Token::minus);
    if (negative) {
      // Only a minus followed by an integer is an integer.
      parser.consumeToken();
      if (parser.getToken().isNot(Token::integer)) {
        parser.emitError("expected integer value");
        return failure();
      }
    } else if (parser.getToken().isNot(Token::integer)) {
      return std::nullopt;
    }
    llvm::StringRef spelling = parser.getToken().getSpelling();
    bool isHex = spelling.size() > 1 && spelling[1] == 'x';
    if (!hasDigitsForWidth(spelling, maxBits) ||
        spelling.getAsInteger(isHex ? 0 : 10, value)) {
      parser.emitError("integer value too large");
      return failure();
    }
    if (value.isNegative())
      value = value.zext(value.getBitWidth() + 1);
    if (negative)
      value.negate();
    parser.consumeToken();
    return success();
  }
  LogicalResult parseString(std::string *value) override {
    if (succeeded(parseOptionalString(value)))
      return success();
    return parser.emitWrongTokenError("expected string");
  }
  LogicalResult parseOptionalString(std::string *value) override {
    if (parser.getToken().isNot(Token::string))
      return failure();
    *value = parser.getToken().getStringValue();
    parser.consumeToken();
    return success();
  }
  LogicalResult parseSymbolName(StringAttr &name) override {
    if (succeeded(parseOptionalSymbolName(name)))
      return success();
    return emitError(getCurrentLocation(),
                     "expected valid '@'-identifier for symbol name");
  }
  LogicalResult parseOptionalSymbolName(StringAttr &name) override {
    if (parser.getToken().isNot(Token::at_identifier))
      return failure();
    name =
        StringAttr::get(getContext(), parser.getToken().getSymbolReference());
    parser.consumeToken();
    return success();
  }
  LogicalResult parseType(Type &type) override {
    type = parser.parseType();
    return success(bool(type));
  }
  OptionalParseResult parseOptionalType(Type &type) override {
    return parser.parseOptionalType(type);
  }
  LogicalResult parseColonType(Type &type) override {
    if (failed(parseColon()))
      return failure();
    return parseType(type);
  }
  LogicalResult
  parseColonTypeList(llvm::SmallVectorImpl<Type> &types) override {
    if (failed(parseColon()))
      return failure();
    return parser.parseTypeListNoParens(types);
  }
  LogicalResult parseTypeList(llvm::SmallVectorImpl<Type> &types) override {
    return parser.parseTypeListNoParens(types);
  }
  LogicalResult
  parseArrowTypeList(llvm::SmallVectorImpl<Type> &types) override {
    if (failed(parseArrow()))
      return failure();
    return parser.parseFunctionResultTypes(types);
  }
  LogicalResult
  parseOptionalArrowTypeList(llvm::SmallVectorImpl<Type> &types) override {
    if (!parseOptionalArrow())
      return success();
    return parser.parseFunctionResultTypes(types);
  }
  LogicalResult
  parseFunctionResultTypes(llvm::SmallVectorImpl<Type> &types) override {
    return parser.parseFunctionResultTypes(types);
  }
  LogicalResult parseDimensionList(llvm::SmallVectorImpl<int64_t> &dims,
                                   bool allowDynamic) override {
    return parser.parseDimensionListRanked(dims, allowDynamic);
  }
  LogicalResult parseAttribute(Attribute &attr, Type type) override {
    attr = parser.parseAttribute(type);
    return success(bool(attr));
  }
  OptionalParseResult parseOptionalAttribute(Attribute &attr,
                                             Type type) override {
    return parser.parseOptionalAttribute(attr, type);
  }
  LogicalResult parseOptionalAttrDict(NamedAttrList &attrs) override {
    if (parser.getToken().isNot(Token::l_brace))
      return success();
    return parser.parseAttributeDict(attrs);
  }
  LogicalResult
  parseOptionalAttrDictWithKeyword(NamedAttrList &attrs) override {
    if (!parseOptionalKeyword("attributes"))
      return success();
    return parser.parseAttributeDict(attrs);
  }
  LogicalResult
  parseOptionalLocationSpecifier(std::optional<Location> &loc) override {
    if (!parser.getToken().isKeyword("loc"))
      return success();
    Location parsed;
    if (failed(parser.parseLocation(parsed, nullptr)))
      return failure();
    loc = parsed;
    return success();
  }
  LogicalResult
  parseCommaSeparatedList(Delimiter delimiter,
                          llvm::function_ref<LogicalResult()> elementFn,
                          llvm::StringRef contextMessage) override {
    return parser.parseCommaSeparatedList(delimiter, elementFn, contextMessage);
  }

protected:
  Parser &parser;
  llvm::SMLoc nameLoc;
};

} // namespace tilt

#endif // TILT_LIB_PARSER_ASMPARSERIMPL_H
