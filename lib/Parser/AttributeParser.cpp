//===- AttributeParser.cpp - Attributes, dialect symbols, locations -------===//

#include "AsmParserImpl.h"
#include "tilt/IR/Dialect.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace tilt;
using namespace tilt::detail;

//===----------------------------------------------------------------------===//
// Dialect symbols and aliases
//===----------------------------------------------------------------------===//

namespace {
using DialectSymbolParser = AsmParserImpl<AsmParser>;

/// Parses a dialect symbol body `text` (a slice of the source buffer) with
/// `callback`, then checks that all of it was consumed.
template <typename ResultT>
ResultT
parseSymbolWithDialect(Parser &parser, detail::ParserState &state,
                       llvm::StringRef text, llvm::SMLoc loc,
                       llvm::function_ref<ResultT(AsmParser &)> callback) {
  // A nested state shares the buffer so that error locations stay true.
  Lexer savedLex = state.lex;
  Token savedToken = state.curToken;
  state.lex = Lexer(text);
  // Keep the lexer's buffer the slice: resetPointer-based tricks still work.
  state.curToken = state.lex.lexToken();
  DialectSymbolParser symbolParser(parser, loc);
  ResultT result = callback(symbolParser);
  if (result && state.curToken.isNot(Token::eof)) {
    parser.emitError(state.curToken.getLoc(),
                     "unexpected trailing characters in dialect symbol body");
    result = ResultT();
  }
  state.lex = savedLex;
  state.curToken = savedToken;
  return result;
}
} // namespace

/// Splits `!ns.rest` / `#ns.rest` into namespace and the pretty body, and
/// reads a trailing `<...>` that starts right after the identifier.
static LogicalResult parseDialectSymbol(Parser &parser, llvm::StringRef &ns,
                                        llvm::StringRef &body,
                                        llvm::StringRef &fullText) {
  llvm::StringRef spelling = parser.getToken().getSpelling();
  llvm::StringRef identifier = spelling.drop_front();
  const char *identifierEnd = spelling.end();
  auto [prefix, rest] = identifier.split('.');
  ns = prefix;
  // The namespace must be an identifier: `!.x` or `#-y` name no dialect.
  if (ns.empty() || !(llvm::isAlpha(ns.front()) || ns.front() == '_') ||
      !llvm::all_of(
          ns, [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }))
    return parser.emitError(parser.getToken().getLoc(),
                            "expected a dialect namespace in '" + spelling +
                                "'");
  parser.consumeToken();
  llvm::StringRef bracketed;
  if (parser.getToken().is(Token::less) &&
      parser.getToken().getSpelling().data() == identifierEnd) {
    if (failed(parser.parseDialectSymbolBody(bracketed)))
      return failure();
  }
  if (identifier.contains('.')) {
    // `ns.name<...>`: the body is `name<...>`.
    body = llvm::StringRef(rest.data(), rest.size() + bracketed.size());
  } else {
    // `ns<...>`: the body is what is inside the brackets.
    body = bracketed.empty() ? llvm::StringRef()
                             : bracketed.drop_front().drop_back();
  }
  fullText =
      llvm::StringRef(spelling.data(), spelling.size() + bracketed.size());
  return success();
}

/// Parses `!...` or `#...`: an alias from `aliases`, or a dialect symbol that
/// `parseWithDialect` reads when the dialect is loaded and `makeOpaque` keeps
/// as written otherwise. `what` names the kind in diagnostics.
template <typename T>
static T parseExtendedSymbol(
    Parser &parser, detail::ParserState &state,
    const llvm::StringMap<T> &aliases, llvm::StringRef what,
    llvm::function_ref<T(Dialect *, AsmParser &)> parseWithDialect,
    llvm::function_ref<T(llvm::StringRef, llvm::StringRef)> makeOpaque) {
  llvm::SMLoc loc = parser.getToken().getLoc();
  llvm::StringRef identifier = parser.getToken().getSpelling().drop_front();
  const char *identifierEnd = parser.getToken().getSpelling().end();
  bool followedByBody =
      identifierEnd != state.buffer.end() && *identifierEnd == '<';
  if (!identifier.contains('.') && !followedByBody) {
    auto it = aliases.find(identifier);
    if (it == aliases.end()) {
      parser.emitError(loc, "undefined symbol alias id '" + identifier + "'");
      return T();
    }
    parser.consumeToken();
    return it->second;
  }
  llvm::StringRef ns, body, fullText;
  if (failed(parseDialectSymbol(parser, ns, body, fullText)))
    return T();
  if (Dialect *dialect = state.context->getOrLoadDialect(ns))
    return parseSymbolWithDialect<T>(
        parser, state, body, loc, [&](AsmParser &asmParser) {
          return parseWithDialect(dialect, asmParser);
        });
  if (!state.context->allowsUnregisteredDialects()) {
    parser.emitError(loc, what + " '" + fullText +
                              "' belongs to the unregistered dialect '" + ns +
                              "'. If this is intended, use "
                              "--allow-unregistered-dialect");
    return T();
  }
  return makeOpaque(ns, body);
}

Type Parser::parseExtendedType() {
  return parseExtendedSymbol<Type>(
      *this, state, state.typeAliases, "type",
      [](Dialect *dialect, AsmParser &parser) {
        return dialect->parseType(parser);
      },
      [&](llvm::StringRef ns, llvm::StringRef body) -> Type {
        return OpaqueType::get(state.context, ns, body);
      });
}

Attribute Parser::parseExtendedAttr(Type type) {
  return parseExtendedSymbol<Attribute>(
      *this, state, state.attributeAliases, "attribute",
      [&](Dialect *dialect, AsmParser &parser) {
        return dialect->parseAttribute(parser, type);
      },
      [&](llvm::StringRef ns, llvm::StringRef body) -> Attribute {
        return OpaqueAttr::get(state.context, ns, body);
      });
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

OptionalParseResult Parser::parseOptionalAttribute(Attribute &attr, Type type) {
  switch (getToken().getKind()) {
  case Token::at_identifier:
  case Token::floatliteral:
  case Token::integer:
  case Token::hash_identifier:
  case Token::l_brace:
  case Token::l_square:
  case Token::minus:
  case Token::string:
  case Token::exclamation_identifier:
  case Token::l_paren:
    attr = parseAttribute(type);
    return success(bool(attr));
  case Token::bare_identifier: {
    llvm::StringRef spelling = getToken().getSpelling();
    if (spelling == "true" || spelling == "false" || spelling == "unit" ||
        spelling == "dense" || spelling == "array" || isTypeStart()) {
      attr = parseAttribute(type);
      return success(bool(attr));
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

Attribute Parser::parseAttribute(Type type) {
  const Token &tok = getToken();
  Context *context = state.context;
  switch (tok.getKind()) {
  case Token::string: {
    std::string value = tok.getStringValue();
    consumeToken();
    // As in MLIR, a string takes an optional trailing `: type` unless the
    // caller gives the type.
    if (!type && getToken().is(Token::colon)) {
      consumeToken();
      if (!(type = parseType()))
        return Attribute();
    }
    return type ? StringAttr::get(value, type) : StringAttr::get(context, value);
  }
  case Token::at_identifier:
    return parseSymbolRefAttr();
  case Token::hash_identifier:
    return parseExtendedAttr(type);
  case Token::integer:
    return parseDecOrHexAttr(type, /*isNegative=*/false);
  case Token::floatliteral:
    return parseFloatAttr(type, /*isNegative=*/false);
  case Token::minus: {
    consumeToken();
    if (getToken().is(Token::integer))
      return parseDecOrHexAttr(type, /*isNegative=*/true);
    if (getToken().is(Token::floatliteral))
      return parseFloatAttr(type, /*isNegative=*/true);
    emitWrongTokenError("expected constant integer or floating point value");
    return Attribute();
  }
  case Token::l_square: {
    if (failed(enterNesting(tok.getLoc())))
      return Attribute();
    llvm::SmallVector<Attribute, 4> elements;
    LogicalResult result = parseCommaSeparatedList(
        Delimiter::Square,
        [&]() -> LogicalResult {
          Attribute element = parseAttribute();
          if (!element)
            return failure();
          elements.push_back(element);
          return success();
        },
        " in attribute list");
    exitNesting();
    if (failed(result))
      return Attribute();
    return ArrayAttr::get(context, elements);
  }
  case Token::l_brace: {
    if (failed(enterNesting(tok.getLoc())))
      return Attribute();
    NamedAttrList attrs;
    attrs.context = context;
    LogicalResult result = parseAttributeDict(attrs);
    exitNesting();
    if (failed(result))
      return Attribute();
    return attrs.getDictionary(context);
  }
  case Token::bare_identifier: {
    llvm::StringRef spelling = tok.getSpelling();
    if (spelling == "true" || spelling == "false") {
      consumeToken();
      return BoolAttr::get(context, spelling == "true");
    }
    if (spelling == "unit") {
      consumeToken();
      return UnitAttr::get(context);
    }
    if (spelling == "dense")
      return parseDenseElementsAttr();
    if (spelling == "array")
      return parseDenseArrayAttr();
    if (spelling == "affine_map" || spelling == "affine_set" ||
        spelling == "strided" || spelling == "sparse" ||
        spelling == "dense_resource" || spelling == "distinct") {
      emitError("the builtin attribute '" + spelling +
                "' is not supported by Tilt");
      return Attribute();
    }
    break;
  }
  default:
    break;
  }
  if (isTypeStart()) {
    Type parsed = parseType();
    if (!parsed)
      return Attribute();
    return TypeAttr::get(parsed);
  }
  emitWrongTokenError("expected attribute value");
  return Attribute();
}

LogicalResult Parser::parseAttributeDict(NamedAttrList &attrs) {
  llvm::SmallVector<std::pair<llvm::StringRef, llvm::SMLoc>, 4> seen;
  llvm::SmallDenseSet<llvm::StringRef, 8> names;
  for (const NamedAttribute &attr : attrs)
    names.insert(attr.getName().getValue());
  auto parseEntry = [&]() -> LogicalResult {
    std::string nameStorage;
    llvm::StringRef name;
    llvm::SMLoc nameLoc = getToken().getLoc();
    if (getToken().is(Token::string)) {
      nameStorage = getToken().getStringValue();
      name = nameStorage;
      if (name.empty())
        return emitError("expected valid attribute name");
    } else if (getToken().is(Token::bare_identifier)) {
      name = getToken().getSpelling();
    } else {
      return emitWrongTokenError("expected attribute name");
    }
    consumeToken();
    StringAttr nameAttr = StringAttr::get(state.context, name);
    if (!names.insert(nameAttr.getValue()).second)
      return emitError(nameLoc,
                       "duplicate key '" + name + "' in dictionary attribute");
    if (!consumeIf(Token::equal)) {
      attrs.append(nameAttr, UnitAttr::get(state.context));
      return success();
    }
    Attribute value = parseAttribute();
    if (!value)
      return failure();
    attrs.append(nameAttr, value);
    return success();
  };
  return parseCommaSeparatedList(Delimiter::Braces, parseEntry,
                                 " in attribute dictionary");
}

/// Whether the digits of integer literal `spelling` are few enough for its
/// magnitude to fit in `width` bits. Converting a literal to an APInt takes
/// time quadratic in its length, so literals that cannot fit are rejected by
/// this count first: a magnitude below 2^width has at most ceil(width / 4)
/// hexadecimal or ceil(width * log10(2)) decimal digits (0.30103 > log10(2)),
/// not counting leading zeros. One digit of slack keeps the bound safe; the
/// exact check follows the conversion.
bool tilt::hasDigitsForWidth(llvm::StringRef spelling, unsigned width) {
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  llvm::StringRef digits = spelling.drop_front(isHex ? 2 : 0).ltrim('0');
  uint64_t maxDigits = isHex ? (uint64_t(width) + 3) / 4
                             : uint64_t(width) * 30103 / 100000 + 1;
  return digits.size() <= maxDigits + 1;
}

/// Builds an APInt of `type`'s width for a literal, or reports overflow.
static std::optional<llvm::APInt>
buildAttributeAPInt(Type type, bool isNegative, llvm::StringRef spelling) {
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  if (!hasDigitsForWidth(spelling, width))
    return std::nullopt;
  llvm::APInt result;
  if (spelling.getAsInteger(isHex ? 0 : 10, result))
    return std::nullopt;
  // Make room for a sign bit, then check the value fits `width`.
  if (result.isNegative())
    result = result.zext(result.getBitWidth() + 1);
  if (isNegative)
    result.negate();
  auto intType = type.dyn_cast<IntegerType>();
  bool isSigned = intType && intType.getSignedness() == IntegerType::Signed;
  bool isUnsigned = intType && intType.getSignedness() == IntegerType::Unsigned;
  if (isUnsigned && isNegative)
    return std::nullopt;
  if (width == 0)
    return std::nullopt;
  if (isNegative) {
    if (result.getMinSignedBits() > width)
      return std::nullopt;
  } else if (isSigned) {
    if (result.getMinSignedBits() > width)
      return std::nullopt;
  } else if (result.getActiveBits() > width) {
    return std::nullopt;
  }
  return result.sextOrTrunc(width);
}

/// The type of a numeric literal: an explicit `: type`, else `expected`
/// (the type the context asks for), else `fallback` (i64 or f64). Null after
/// an error.
/// The type of a literal: the one the caller expects (the literal then has
/// no `: type` of its own, as in MLIR), else `: type` if given, else
/// `fallback`.
static Type parseLiteralType(Parser &parser, Type expected, Type fallback) {
  if (expected)
    return expected;
  if (parser.consumeIf(Token::colon))
    return parser.parseType();
  return fallback;
}

Attribute Parser::parseDecOrHexAttr(Type type, bool isNegative) {
  Token literal = getToken();
  consumeToken();
  type = parseLiteralType(*this, type, IntegerType::get(state.context, 64));
  if (!type)
    return Attribute();
  if (auto floatType = type.dyn_cast<FloatType>()) {
    llvm::StringRef spelling = literal.getSpelling();
    bool isHex = spelling.size() > 1 && spelling[1] == 'x';
    if (!isHex) {
      auto diag = emitError(literal.getLoc(),
                            "unexpected decimal integer literal for a "
                            "floating point value");
      diag.attachNote() << "add a trailing dot to make the literal a float";
      return Attribute();
    }
    if (isNegative) {
      emitError(literal.getLoc(),
                "hexadecimal float literal should not have a leading minus");
      return Attribute();
    }
    llvm::APInt bits;
    if (!hasDigitsForWidth(spelling, floatType.getWidth()) ||
        spelling.getAsInteger(0, bits) ||
        bits.getActiveBits() > floatType.getWidth()) {
      emitError(literal.getLoc(), "hexadecimal float constant out of range "
                                  "for type");
      return Attribute();
    }
    bits = bits.zextOrTrunc(floatType.getWidth());
    return FloatAttr::get(type,
                          llvm::APFloat(floatType.getFloatSemantics(), bits));
  }
  if (!type.isIntOrIndex()) {
    emitError(literal.getLoc(), "integer literal not valid for specified type");
    return Attribute();
  }
  std::optional<llvm::APInt> value =
      buildAttributeAPInt(type, isNegative, literal.getSpelling());
  if (!value) {
    emitError(literal.getLoc(), "integer constant out of range for attribute");
    return Attribute();
  }
  return IntegerAttr::get(type, *value);
}

Attribute Parser::parseFloatAttr(Type type, bool isNegative) {
  Token literal = getToken();
  consumeToken();
  type = parseLiteralType(*this, type, FloatType::getF64(state.context));
  if (!type)
    return Attribute();
  auto floatType = type.dyn_cast<FloatType>();
  if (!floatType) {
    // MLIR reports this at the token after the type.
    emitError("floating point value not valid for specified type");
    return Attribute();
  }
  llvm::APFloat value(floatType.getFloatSemantics());
  auto status = value.convertFromString(literal.getSpelling(),
                                        llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    emitError(literal.getLoc(), "invalid floating point literal");
    return Attribute();
  }
  if (isNegative)
    value.changeSign();
  return FloatAttr::get(type, value);
}

Attribute Parser::parseSymbolRefAttr() {
  Context *context = state.context;
  StringAttr root = StringAttr::get(context, getToken().getSymbolReference());
  consumeToken();
  llvm::SmallVector<FlatSymbolRefAttr, 2> nested;
  // `::` lexes as two colons with nothing in between.
  while (getToken().is(Token::colon)) {
    const char *colon = getToken().getSpelling().data();
    if (colon + 1 >= state.buffer.end() || colon[1] != ':')
      break;
    state.lex.resetPointer(colon + 2);
    consumeToken();
    if (getToken().isNot(Token::at_identifier)) {
      emitWrongTokenError("expected nested symbol reference identifier");
      return Attribute();
    }
    nested.push_back(
        FlatSymbolRefAttr::get(context, getToken().getSymbolReference()));
    consumeToken();
  }
  return SymbolRefAttr::get(root, nested);
}

Attribute Parser::parseDenseArrayAttr() {
  consumeToken();
  if (failed(parseToken(Token::less, "expected '<' after 'array'")))
    return Attribute();
  llvm::SMLoc typeLoc = getToken().getLoc();
  Type elementType = parseType();
  if (!elementType)
    return Attribute();
  bool isFloat = elementType.isF32() || elementType.isF64();
  bool isInt = false;
  if (auto intType = elementType.dyn_cast<IntegerType>())
    isInt = intType.isSignless() &&
            llvm::is_contained(llvm::ArrayRef<unsigned>{1, 8, 16, 32, 64},
                               intType.getWidth());
  if (!isFloat && !isInt) {
    emitError(typeLoc, "expected integer or float type, got: ");
    return Attribute();
  }
  llvm::SmallVector<int64_t, 8> ints;
  llvm::SmallVector<double, 8> floats;
  if (consumeIf(Token::colon)) {
    auto parseElement = [&]() -> LogicalResult {
      bool negative = consumeIf(Token::minus);
      Token literal = getToken();
      if (isFloat) {
        Attribute attr;
        if (literal.is(Token::floatliteral))
          attr = parseFloatAttr(elementType, negative);
        else if (literal.is(Token::integer))
          attr = parseDecOrHexAttr(elementType, negative);
        else
          return emitWrongTokenError("expected float value");
        if (!attr)
          return failure();
        // Given the element type, a literal takes it and has no `: type`
        // of its own.
        floats.push_back(attr.cast<FloatAttr>().getValueAsDouble());
        return success();
      }
      if (elementType.isInteger(1) && literal.isAny(Token::bare_identifier) &&
          (literal.isKeyword("true") || literal.isKeyword("false"))) {
        ints.push_back(literal.isKeyword("true") ? 1 : 0);
        consumeToken();
        return success();
      }
      if (literal.isNot(Token::integer))
        return emitWrongTokenError("expected integer value");
      std::optional<llvm::APInt> value =
          buildAttributeAPInt(elementType, negative, literal.getSpelling());
      if (!value)
        return emitError(literal.getLoc(), "integer constant out of range");
      consumeToken();
      ints.push_back(elementType.isInteger(1) ? int64_t(!value->isZero())
                                              : value->getSExtValue());
      return success();
    };
    if (failed(parseCommaSeparatedList(Delimiter::None, parseElement)))
      return Attribute();
  }
  if (failed(parseToken(Token::greater,
                        "expected '>' to close an array attribute")))
    return Attribute();
  return isFloat ? DenseArrayAttr::getFloats(elementType, floats)
                 : DenseArrayAttr::getInts(elementType, ints);
}

namespace {
/// A literal of a dense elements attribute before its type is known.
struct DenseLiteral {
  Token token;
  bool negative = false;
};
} // namespace

Attribute Parser::parseDenseElementsAttr() {
  llvm::SMLoc attrLoc = getToken().getLoc();
  consumeToken();
  if (failed(parseToken(Token::less, "expected '<' after 'dense'")))
    return Attribute();
  if (getToken().is(Token::string)) {
    emitError("hexadecimal dense elements are not supported by Tilt");
    return Attribute();
  }
  // Parse the (nested) literal, recording its shape.
  llvm::SmallVector<DenseLiteral, 16> literals;
  llvm::SmallVector<int64_t, 4> shape;
  bool shapeKnown = false;
  std::function<LogicalResult(unsigned, llvm::SmallVectorImpl<int64_t> &)>
      parseList = [&](unsigned depth,
                      llvm::SmallVectorImpl<int64_t> &dims) -> LogicalResult {
    if (getToken().isNot(Token::l_square)) {
      DenseLiteral literal;
      literal.negative = consumeIf(Token::minus);
      literal.token = getToken();
      if (!literal.token.isAny(Token::integer, Token::floatliteral) &&
          !literal.token.isKeyword("true") && !literal.token.isKeyword("false"))
        return emitWrongTokenError(
            "expected element literal of primitive type");
      consumeToken();
      literals.push_back(literal);
      return success();
    }
    if (failed(enterNesting(getToken().getLoc())))
      return failure();
    int64_t count = 0;
    llvm::SmallVector<int64_t, 4> innerDims;
    bool first = true;
    LogicalResult result =
        parseCommaSeparatedList(Delimiter::Square, [&]() -> LogicalResult {
          llvm::SmallVector<int64_t, 4> elementDims;
          llvm::SMLoc elementLoc = getToken().getLoc();
          if (failed(parseList(depth + 1, elementDims)))
            return failure();
          if (first) {
            innerDims = elementDims;
            first = false;
          } else if (innerDims != elementDims) {
            return emitError(elementLoc,
                             "tensor literal is invalid; ranks are not "
                             "consistent between elements");
          }
          ++count;
          return success();
        });
    exitNesting();
    if (failed(result))
      return failure();
    dims.push_back(count);
    dims.append(innerDims.begin(), innerDims.end());
    return success();
  };
  if (getToken().isNot(Token::greater)) {
    if (failed(parseList(0, shape)))
      return Attribute();
    shapeKnown = true;
  }
  if (failed(parseToken(Token::greater, "expected '>'")) ||
      failed(parseToken(Token::colon, "expected ':'")))
    return Attribute();
  llvm::SMLoc typeLoc = getToken().getLoc();
  Type type = parseType();
  if (!type)
    return Attribute();
  auto tensorType = type.dyn_cast<RankedTensorType>();
  if (!tensorType) {
    emitError(typeLoc, "elements literal must be a shaped type");
    return Attribute();
  }
  if (!tensorType.hasStaticShape()) {
    emitError(typeLoc, "elements literal type must have static shape");
    return Attribute();
  }
  bool isSplat = literals.size() == 1 && shape.empty();
  if (!shapeKnown ||
      (!isSplat && llvm::ArrayRef<int64_t>(shape) != tensorType.getShape())) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "inferred shape of elements literal ([";
    llvm::interleaveComma(shape, os);
    os << "]) does not match type ([";
    llvm::interleaveComma(tensorType.getShape(), os);
    os << "])";
    emitError(attrLoc, os.str());
    return Attribute();
  }
  Type elementType = tensorType.getElementType();
  llvm::SmallVector<Attribute, 16> elements;
  for (const DenseLiteral &literal : literals) {
    Attribute element;
    if (literal.token.isKeyword("true") || literal.token.isKeyword("false")) {
      if (!elementType.isSignlessInteger(1)) {
        emitError(literal.token.getLoc(),
                  "expected i1 type for 'true' or 'false' values");
        return Attribute();
      }
      element = BoolAttr::get(state.context, literal.token.isKeyword("true"));
    } else if (elementType.isa<FloatType>()) {
      if (literal.token.is(Token::integer) &&
          !(literal.token.getSpelling().size() > 1 &&
            literal.token.getSpelling()[1] == 'x')) {
        // MLIR accepts integers in float tensors: convert exactly.
        llvm::APFloat value(elementType.cast<FloatType>().getFloatSemantics());
        auto status = value.convertFromString(
            literal.token.getSpelling(), llvm::APFloat::rmNearestTiesToEven);
        if (!status) {
          llvm::consumeError(status.takeError());
          emitError(literal.token.getLoc(), "invalid float literal");
          return Attribute();
        }
        if (literal.negative)
          value.changeSign();
        element = FloatAttr::get(elementType, value);
      } else {
        Lexer savedLex = state.lex;
        Token savedTok = state.curToken;
        state.curToken = literal.token;
        state.lex.resetPointer(literal.token.getSpelling().end());
        element = literal.token.is(Token::floatliteral)
                      ? parseFloatAttr(elementType, literal.negative)
                      : parseDecOrHexAttr(elementType, literal.negative);
        state.lex = savedLex;
        state.curToken = savedTok;
      }
    } else if (elementType.isIntOrIndex()) {
      if (literal.token.isNot(Token::integer)) {
        emitError(literal.token.getLoc(), "expected integer elements, but "
                                          "parsed floating-point");
        return Attribute();
      }
      std::optional<llvm::APInt> value = buildAttributeAPInt(
          elementType, literal.negative, literal.token.getSpelling());
      if (!value) {
        emitError(literal.token.getLoc(),
                  "integer constant out of range for type");
        return Attribute();
      }
      element = IntegerAttr::get(elementType, *value);
    } else {
      emitError(typeLoc, "invalid element type for dense elements");
      return Attribute();
    }
    if (!element)
      return Attribute();
    elements.push_back(element);
  }
  return DenseElementsAttr::get(tensorType, elements);
}

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

LogicalResult Parser::parseLocation(Location &loc, std::string *deferredAlias) {
  consumeToken(); // `loc`
  if (failed(parseToken(Token::l_paren, "expected '(' in location")))
    return failure();
  if (getToken().is(Token::hash_identifier)) {
    llvm::StringRef name = getToken().getSpelling().drop_front();
    auto it = state.attributeAliases.find(name);
    if (it != state.attributeAliases.end()) {
      emitError("expected location, but found '" + getToken().getSpelling() +
                "'");
      return failure();
    }
    auto locIt = locationAliases().find(name);
    if (locIt != locationAliases().end()) {
      loc = locIt->second;
    } else if (deferredAlias) {
      *deferredAlias = name.str();
    } else {
      return emitError("undefined location alias '" + name + "'");
    }
    consumeToken();
  } else if (failed(parseLocationInstance(loc))) {
    return failure();
  }
  return parseToken(Token::r_paren, "expected ')' in location");
}

LogicalResult Parser::parseLocationInstance(Location &loc) {
  Context *context = state.context;
  const Token &tok = getToken();
  // A nested location may name an alias defined earlier, as in mlir-opt's
  // `#loc6 = loc(fused[#loc2, #loc3])`.
  if (tok.is(Token::hash_identifier)) {
    llvm::StringRef name = tok.getSpelling().drop_front();
    auto it = locationAliases().find(name);
    if (it == locationAliases().end()) {
      if (state.attributeAliases.count(name))
        return emitError("expected location, but found '" +
                         tok.getSpelling() + "'");
      return emitError("undefined location alias '" + name + "'");
    }
    loc = it->second;
    consumeToken();
    return success();
  }
  if (tok.isKeyword("unknown")) {
    consumeToken();
    loc = Location();
    return success();
  }
  if (tok.is(Token::string)) {
    std::string text = tok.getStringValue();
    consumeToken();
    if (consumeIf(Token::colon)) {
      if (getToken().isNot(Token::integer))
        return emitWrongTokenError("expected integer line number in "
                                   "FileLineColLoc");
      std::optional<uint64_t> line = getToken().getUInt64IntegerValue();
      if (!line || *line > UINT32_MAX)
        return emitError("expected integer line number in FileLineColLoc");
      consumeToken();
      if (failed(parseToken(Token::colon, "expected ':' in FileLineColLoc")))
        return failure();
      if (getToken().isNot(Token::integer))
        return emitWrongTokenError("expected integer column number in "
                                   "FileLineColLoc");
      std::optional<uint64_t> column = getToken().getUInt64IntegerValue();
      if (!column || *column > UINT32_MAX)
        return emitError("expected integer column number in FileLineColLoc");
      consumeToken();
      loc = Location::getFileLineCol(context, text, unsigned(*line),
                                     unsigned(*column));
      return success();
    }
    Location child;
    if (consumeIf(Token::l_paren)) {
      if (failed(enterNesting(tok.getLoc())))
        return failure();
      LogicalResult result = parseLocationInstance(child);
      exitNesting();
      if (failed(result) ||
          failed(
              parseToken(Token::r_paren, "expected ')' after child location")))
        return failure();
    }
    loc = Location::getName(context, text, child);
    return success();
  }
  if (tok.isKeyword("callsite")) {
    consumeToken();
    Location callee, caller;
    if (failed(
            parseToken(Token::l_paren, "expected '(' in callsite location")) ||
        failed(enterNesting(tok.getLoc())))
      return failure();
    LogicalResult result = parseLocationInstance(callee);
    if (succeeded(result)) {
      if (!getToken().isKeyword("at"))
        result = emitWrongTokenError("expected 'at' in callsite location");
      else
        consumeToken();
    }
    if (succeeded(result))
      result = parseLocationInstance(caller);
    exitNesting();
    if (failed(result) ||
        failed(parseToken(Token::r_paren, "expected ')' in callsite location")))
      return failure();
    loc = Location::getCallSite(context, callee, caller);
    return success();
  }
  if (tok.isKeyword("fused")) {
    consumeToken();
    Attribute metadata;
    if (consumeIf(Token::less)) {
      metadata = parseAttribute();
      if (!metadata ||
          failed(parseToken(Token::greater, "expected '>' after fused location "
                                            "metadata")))
        return failure();
    }
    llvm::SmallVector<Location, 4> locations;
    if (failed(enterNesting(tok.getLoc())))
      return failure();
    LogicalResult result = parseCommaSeparatedList(Delimiter::Square, [&]() {
      Location nested;
      if (failed(parseLocationInstance(nested)))
        return failure();
      locations.push_back(nested);
      return success();
    });
    exitNesting();
    if (failed(result))
      return failure();
    loc = Location::getFused(context, locations, metadata);
    return success();
  }
  return emitWrongTokenError("expected location instance");
}
