//===- DialectSymbolBody.cpp - Where a dialect symbol's body ends ---------===//

#include "tilt/IR/DialectSymbolBody.h"
#include "llvm/ADT/SmallVector.h"

using namespace tilt;

DialectBodyScan tilt::scanDialectSymbolBody(llvm::StringRef text) {
  llvm::SmallVector<char, 8> stack;
  auto closer = [](char c) {
    return c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
  };
  size_t cur = 0, end = text.size();
  do {
    if (cur == end)
      return {DialectBodyScan::Unterminated, end,
              stack.empty() ? '<' : stack.front()};
    char c = text[cur++];
    switch (c) {
    case '<':
    case '(':
    case '[':
    case '{':
      stack.push_back(c);
      break;
    case '>':
    case ')':
    case ']':
    case '}':
      // `->` inside a body (a function type) does not close it, unless it
      // ends a '<': what follows cannot go on a body or a function type
      // (`#foo<ba->,`, `!foo<a<t->>>`), as when the body ends in '-' (MLIR
      // prints a body such as `ba-` that way, and could not read it back).
      if (c == '>' && cur >= 2 && text[cur - 2] == '-') {
        bool ends =
            !stack.empty() && stack.back() == '<' &&
            (cur == end || llvm::StringRef(",}):=]>\n\r").contains(text[cur]));
        if (!ends)
          break;
      }
      if (stack.empty() || closer(stack.back()) != c)
        return {DialectBodyScan::Unbalanced, cur - 1, c};
      stack.pop_back();
      break;
    case '"':
      // A string, with escapes, on one line.
      while (cur != end && text[cur] != '"' && text[cur] != '\n') {
        if (text[cur] == '\\' && cur + 1 != end)
          ++cur;
        ++cur;
      }
      if (cur == end || text[cur] != '"')
        return {DialectBodyScan::UnterminatedString, cur};
      ++cur;
      break;
    case 0:
      return {DialectBodyScan::Nul, cur - 1};
    default:
      break;
    }
  } while (!stack.empty());
  return {DialectBodyScan::Closed, cur};
}
