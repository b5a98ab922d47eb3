//===- Lexer.h - Splitting textual IR into tokens ---------------*- C++ -*-===//
#ifndef TILT_LIB_PARSER_LEXER_H
#define TILT_LIB_PARSER_LEXER_H

#include "Token.h"

namespace tilt {

/// A hand-written lexer over one buffer. Errors are returned as error tokens
/// whose spelling points at the problem; the parser turns them into
/// diagnostics.
class Lexer {
public:
  explicit Lexer(llvm::StringRef buffer)
      : buffer(buffer), curPtr(buffer.begin()) {}

  Token lexToken();
  /// The error message of the last error token.
  llvm::StringRef getErrorMessage() const { return errorMessage; }
  /// Restarts lexing at `loc`.
  void resetPointer(const char *newPtr) { curPtr = newPtr; }
  const char *getBufferBegin() const { return buffer.begin(); }
  const char *getBufferEnd() const { return buffer.end(); }

private:
  Token formToken(Token::Kind kind, const char *tokStart) {
    return Token(kind, llvm::StringRef(tokStart, curPtr - tokStart));
  }
  Token emitError(const char *loc, const char *message);
  Token lexBareIdentifierOrKeyword(const char *tokStart);
  Token lexAtIdentifier(const char *tokStart);
  Token lexPrefixedIdentifier(const char *tokStart);
  Token lexNumber(const char *tokStart);
  Token lexString(const char *tokStart);
  void skipComment();

  llvm::StringRef buffer;
  const char *curPtr;
  const char *errorMessage = "";
};

} // namespace tilt

#endif // TILT_LIB_PARSER_LEXER_H
