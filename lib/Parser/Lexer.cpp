//===- Lexer.cpp - Splitting textual IR into tokens -----------------------===//
//
// The token rules are MLIR's (mlir/lib/AsmParser/Lexer.cpp describes the same
// grammar): bare identifiers `[a-zA-Z_][a-zA-Z0-9_$.]*`, sigil identifiers
// `%x` `#x` `!x` `^x` `@x` with suffix characters `[a-zA-Z0-9_$.-]`, decimal
// and hex integers, floats with optional exponent, strings with `\n`, `\t`,
// `\\`, `\"` and `\XX` escapes, `//` comments and `{-#`/`#-}` brackets.
//
//===----------------------------------------------------------------------===//

#include "Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <cstring>

using namespace tilt;

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}
static bool isSuffixChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

Token Lexer::emitError(const char *loc, const char *message) {
  errorMessage = message;
  return Token(Token::error, llvm::StringRef(loc, 1));
}

Token Lexer::lexToken() {
  while (true) {
    const char *tokStart = curPtr;
    if (curPtr == buffer.end())
      return formToken(Token::eof, tokStart);
    char c = *curPtr++;
    switch (c) {
    case '\n':
      // --split-input-file pieces start with one newline per line of the
      // file before them: skip such runs a word at a time.
      while (buffer.end() - curPtr >= 8) {
        uint64_t word;
        std::memcpy(&word, curPtr, sizeof(word));
        if (word != 0x0a0a0a0a0a0a0a0aULL)
          break;
        curPtr += 8;
      }
      continue;
    case ' ':
    case '\t':
    case '\r':
      continue;
    case ':':
      return formToken(Token::colon, tokStart);
    case ',':
      return formToken(Token::comma, tokStart);
    case '(':
      return formToken(Token::l_paren, tokStart);
    case ')':
      return formToken(Token::r_paren, tokStart);
    case '}':
      return formToken(Token::r_brace, tokStart);
    case '[':
      return formToken(Token::l_square, tokStart);
    case ']':
      return formToken(Token::r_square, tokStart);
    case '<':
      return formToken(Token::less, tokStart);
    case '>':
      return formToken(Token::greater, tokStart);
    case '=':
      return formToken(Token::equal, tokStart);
    case '+':
      return formToken(Token::plus, tokStart);
    case '*':
      return formToken(Token::star, tokStart);
    case '?':
      return formToken(Token::question, tokStart);
    case '|':
      return formToken(Token::vertical_bar, tokStart);
    case '{':
      if (curPtr + 1 < buffer.end() && curPtr[0] == '-' && curPtr[1] == '#') {
        curPtr += 2;
        return formToken(Token::file_metadata_begin, tokStart);
      }
      return formToken(Token::l_brace, tokStart);
    case '-':
      if (curPtr < buffer.end() && *curPtr == '>') {
        ++curPtr;
        return formToken(Token::arrow, tokStart);
      }
      return formToken(Token::minus, tokStart);
    case '.':
      if (curPtr + 1 < buffer.end() && curPtr[0] == '.' && curPtr[1] == '.') {
        curPtr += 2;
        return formToken(Token::ellipsis, tokStart);
      }
      return emitError(tokStart, "unexpected character");
    case '/':
      if (curPtr < buffer.end() && *curPtr == '/') {
        skipComment();
        continue;
      }
      return emitError(tokStart, "unexpected character");
    case '@':
      return lexAtIdentifier(tokStart);
    case '#':
      if (curPtr + 1 < buffer.end() && curPtr[0] == '-' && curPtr[1] == '}') {
        curPtr += 2;
        return formToken(Token::file_metadata_end, tokStart);
      }
      [[fallthrough]];
    case '!':
    case '^':
    case '%':
      return lexPrefixedIdentifier(tokStart);
    case '"':
      return lexString(tokStart);
    case 0:
      // A NUL inside the buffer is not the end of input.
      return emitError(tokStart, "unexpected character");
    default:
      if (llvm::isDigit(c))
        return lexNumber(tokStart);
      if (llvm::isAlpha(c) || c == '_')
        return lexBareIdentifierOrKeyword(tokStart);
      return emitError(tokStart, "unexpected character");
    }
  }
}

void Lexer::skipComment() {
  while (curPtr != buffer.end() && *curPtr != '\n' && *curPtr != '\r')
    ++curPtr;
}

Token Lexer::lexBareIdentifierOrKeyword(const char *tokStart) {
  while (curPtr != buffer.end() && isIdentifierChar(*curPtr))
    ++curPtr;
  return formToken(Token::bare_identifier, tokStart);
}

Token Lexer::lexAtIdentifier(const char *tokStart) {
  if (curPtr == buffer.end())
    return emitError(tokStart, "expected identifier after '@'");
  if (*curPtr == '"') {
    Token str = lexString(curPtr++);
    if (str.is(Token::error))
      return str;
    return formToken(Token::at_identifier, tokStart);
  }
  if (!llvm::isAlpha(*curPtr) && *curPtr != '_')
    return emitError(curPtr - 1,
                     "@ identifier expected to start with letter or '_'");
  while (curPtr != buffer.end() && isSuffixChar(*curPtr))
    ++curPtr;
  return formToken(Token::at_identifier, tokStart);
}

Token Lexer::lexPrefixedIdentifier(const char *tokStart) {
  Token::Kind kind;
  const char *what;
  switch (*tokStart) {
  case '#':
    kind = Token::hash_identifier;
    what = "invalid attribute name";
    break;
  case '%':
    kind = Token::percent_identifier;
    what = "invalid SSA name";
    break;
  case '^':
    kind = Token::caret_identifier;
    what = "invalid block name";
    break;
  default:
    kind = Token::exclamation_identifier;
    what = "invalid type identifier";
    break;
  }
  if (curPtr == buffer.end())
    return emitError(tokStart, what);
  if (llvm::isDigit(*curPtr)) {
    // Numeric suffix: digits only.
    while (curPtr != buffer.end() && llvm::isDigit(*curPtr))
      ++curPtr;
  } else if (llvm::isAlpha(*curPtr) ||
             llvm::StringRef("$._-").contains(*curPtr)) {
    while (curPtr != buffer.end() && isSuffixChar(*curPtr))
      ++curPtr;
  } else {
    return emitError(tokStart, what);
  }
  return formToken(kind, tokStart);
}

Token Lexer::lexNumber(const char *tokStart) {
  // Hexadecimal integer.
  if (*tokStart == '0' && curPtr != buffer.end() && *curPtr == 'x' &&
      curPtr + 1 != buffer.end() && llvm::isHexDigit(curPtr[1])) {
    curPtr += 1;
    while (curPtr != buffer.end() && llvm::isHexDigit(*curPtr))
      ++curPtr;
    return formToken(Token::integer, tokStart);
  }
  while (curPtr != buffer.end() && llvm::isDigit(*curPtr))
    ++curPtr;
  if (curPtr == buffer.end() || *curPtr != '.')
    return formToken(Token::integer, tokStart);
  ++curPtr;
  while (curPtr != buffer.end() && llvm::isDigit(*curPtr))
    ++curPtr;
  if (curPtr != buffer.end() && (*curPtr == 'e' || *curPtr == 'E')) {
    const char *expStart = curPtr + 1;
    if (expStart != buffer.end() && (*expStart == '+' || *expStart == '-'))
      ++expStart;
    if (expStart != buffer.end() && llvm::isDigit(*expStart)) {
      curPtr = expStart;
      while (curPtr != buffer.end() && llvm::isDigit(*curPtr))
        ++curPtr;
    }
  }
  return formToken(Token::floatliteral, tokStart);
}

Token Lexer::lexString(const char *tokStart) {
  while (true) {
    if (curPtr == buffer.end())
      return emitError(curPtr - 1 >= tokStart ? curPtr - 1 : tokStart,
                       "expected '\"' in string literal");
    char c = *curPtr++;
    switch (c) {
    case '"':
      return formToken(Token::string, tokStart);
    case '\n':
    case '\r':
      return emitError(curPtr - 1, "expected '\"' in string literal");
    case '\\':
      if (curPtr == buffer.end())
        return emitError(curPtr - 1, "unknown escape in string literal");
      if (*curPtr == '"' || *curPtr == '\\' || *curPtr == 'n' ||
          *curPtr == 't') {
        ++curPtr;
        continue;
      }
      if (curPtr + 1 < buffer.end() && llvm::isHexDigit(curPtr[0]) &&
          llvm::isHexDigit(curPtr[1])) {
        curPtr += 2;
        continue;
      }
      return emitError(curPtr - 1, "unknown escape in string literal");
    default:
      continue;
    }
  }
}

//===----------------------------------------------------------------------===//
// Token
//===----------------------------------------------------------------------===//

std::optional<uint64_t> Token::getUInt64IntegerValue() const {
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  uint64_t result = 0;
  if (spelling.getAsInteger(isHex ? 0 : 10, result))
    return std::nullopt;
  return result;
}

std::optional<double> Token::getFloatingPointValue() const {
  double result = 0;
  if (spelling.getAsDouble(result))
    return std::nullopt;
  return result;
}

std::string Token::unescape(llvm::StringRef body) {
  std::string result;
  result.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\') {
      result.push_back(c);
      continue;
    }
    char next = body[++i];
    switch (next) {
    case '"':
    case '\\':
      result.push_back(next);
      break;
    case 'n':
      result.push_back('\n');
      break;
    case 't':
      result.push_back('\t');
      break;
    default:
      result.push_back(char(llvm::hexFromNibbles(next, body[i + 1])));
      ++i;
      break;
    }
  }
  return result;
}

std::string Token::getStringValue() const {
  llvm::StringRef body = spelling.drop_front().drop_back();
  if (!body.contains('\\'))
    return body.str();
  return unescape(body);
}

std::string Token::getSymbolReference() const {
  llvm::StringRef name = spelling.drop_front();
  if (name.startswith("\""))
    return unescape(name.drop_front().drop_back());
  return name.str();
}
