//===- DialectSymbolBody.h - Where a dialect symbol's body ends -*- C++ -*-===//
//
// The body of a dialect attribute or type (`#foo<body>`, `!foo.name<body>`)
// is raw text with balanced brackets. One scanner decides where it ends,
// for the parser (which reads it) and the printer (which prints the pretty
// form `#foo.name<...>` only when the parser would read back the same body).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_DIALECTSYMBOLBODY_H
#define TILT_IR_DIALECTSYMBOLBODY_H

#include "llvm/ADT/StringRef.h"
#include <cstddef>

namespace tilt {

/// How a scan of a dialect symbol body ended.
struct DialectBodyScan {
  enum Kind {
    /// The opening bracket closed: `end` is the offset just past it.
    Closed,
    /// A closing bracket that does not match: `end` is its offset.
    Unbalanced,
    /// The text ended with brackets open: `end` is the text's size.
    Unterminated,
    /// A string without its closing quote on its line: `end` is where the
    /// quote was expected.
    UnterminatedString,
    /// A nul character: `end` is its offset.
    Nul,
  };
  Kind kind;
  size_t end;
  /// The unbalanced closing bracket, or the first bracket left open.
  char bracket = 0;
};

/// Scans `text`, which starts with an opening bracket, to where that
/// bracket closes: brackets nest, strings are skipped (with escapes), and
/// `->` does not close a '<' unless what follows cannot go on inside a
/// body (`,`, `}`, `)`, `:`, `=`, `]`, `>`, a line end or the text's end),
/// so that `#foo<(i32) -> i32>` and `#foo<ba->` both read as MLIR prints
/// them.
DialectBodyScan scanDialectSymbolBody(llvm::StringRef text);

} // namespace tilt

#endif // TILT_IR_DIALECTSYMBOLBODY_H
