//===- Token.h - Tokens of the textual IR -----------------------*- C++ -*-===//
#ifndef TILT_LIB_PARSER_TOKEN_H
#define TILT_LIB_PARSER_TOKEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"
#include <optional>
#include <string>

namespace tilt {

class Token {
public:
  enum Kind {
    eof,
    error,
    // Identifiers.
    bare_identifier,        // foo, i32, func.func
    at_identifier,          // @foo, @"foo"
    hash_identifier,        // #foo
    percent_identifier,     // %foo
    caret_identifier,       // ^foo
    exclamation_identifier, // !foo
    // Literals.
    integer,
    floatliteral,
    string,
    // Punctuation.
    arrow,               // ->
    colon,               // :
    comma,               // ,
    ellipsis,            // ...
    equal,               // =
    greater,             // >
    l_brace,             // {
    l_paren,             // (
    l_square,            // [
    less,                // <
    minus,               // -
    plus,                // +
    question,            // ?
    r_brace,             // }
    r_paren,             // )
    r_square,            // ]
    star,                // *
    vertical_bar,        // |
    file_metadata_begin, // {-#
    file_metadata_end,   // #-}
  };

  Token(Kind kind = eof, llvm::StringRef spelling = {})
      : kind(kind), spelling(spelling) {}

  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  bool isNot(Kind k) const { return kind != k; }
  template <typename... Ks> bool isAny(Kind k, Ks... ks) const {
    return kind == k || (... || (kind == ks));
  }
  /// Whether this is the bare identifier `keyword`.
  bool isKeyword(llvm::StringRef keyword) const {
    return kind == bare_identifier && spelling == keyword;
  }
  llvm::StringRef getSpelling() const { return spelling; }
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
  llvm::SMLoc getEndLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data() + spelling.size());
  }

  /// The value of an integer token, if it fits 64 bits.
  std::optional<uint64_t> getUInt64IntegerValue() const;
  /// The value of a float token.
  std::optional<double> getFloatingPointValue() const;
  /// The contents of a string token with escapes processed.
  std::string getStringValue() const;
  /// For `%x`, `@x`, `#x`, `^x`, `!x`: the name without the sigil; a quoted
  /// symbol name is unescaped.
  std::string getSymbolReference() const;
  /// Whether a string literal contains only printable, escape-free text (so
  /// that it can be used in place).
  static std::string unescape(llvm::StringRef body);

private:
  Kind kind;
  llvm::StringRef spelling;
};

} // namespace tilt

#endif // TILT_LIB_PARSER_TOKEN_H
