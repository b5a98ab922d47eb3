//===- Names.cpp - C++ names in generated Metalium code -------------------===//
//
// Generated kernels and host programs name their variables after what the
// IR calls things: buffers, runtime arguments, kernels. Those names are the
// user's, so they may be C++ keywords, names the generated code itself uses
// (`cq`, `program`, `get_arg_val`) or not identifiers at all. A NameScope
// hands out names that are none of these, keeping the user's spelling
// wherever it can.
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"

#include "llvm/ADT/StringExtras.h"

using namespace tilt;
using namespace tilt::metalium;

namespace {

/// The C++17 keywords and alternative tokens, and the fixed-width integer
/// types every generated file uses.
constexpr llvm::StringLiteral kReservedWords =
    "alignas alignof and and_eq asm auto bitand bitor bool break case catch "
    "char char16_t char32_t class compl const constexpr const_cast continue "
    "decltype default delete do double dynamic_cast else enum explicit export "
    "extern false float for friend goto if inline int long mutable namespace "
    "new noexcept not not_eq nullptr operator or or_eq private protected "
    "public register reinterpret_cast return short signed sizeof static "
    "static_assert static_cast struct switch template this thread_local throw "
    "true try typedef typeid typename union unsigned using virtual void "
    "volatile wchar_t while xor xor_eq int8_t int16_t int32_t int64_t "
    "uint8_t uint16_t uint32_t uint64_t size_t std";

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_'; }

} // namespace

bool metalium::isCIdentifier(llvm::StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name, isIdentifierChar);
}

NameScope::NameScope() { reserveIdentifiersIn(kReservedWords); }

void NameScope::reserve(llvm::StringRef name) { used.insert(name); }

void NameScope::reserveIdentifiersIn(llvm::StringRef text) {
  while (!text.empty()) {
    size_t start = text.find_if(isIdentifierChar);
    if (start == llvm::StringRef::npos)
      return;
    // `$name` is a parameter of an API spelling, not a name it uses.
    bool parameter = start > 0 && text[start - 1] == '$';
    text = text.drop_front(start);
    llvm::StringRef word = text.take_while(isIdentifierChar);
    text = text.drop_front(word.size());
    if (!parameter && !llvm::isDigit(word.front()))
      used.insert(word);
  }
}

std::string NameScope::fresh(llvm::StringRef hint) {
  // Keep letters, digits and single underscores; names with a double
  // underscore or a leading underscore are reserved to the implementation.
  std::string base;
  for (char c : hint) {
    char kept = isIdentifierChar(c) ? c : '_';
    if (kept == '_' && (base.empty() || base.back() == '_'))
      continue;
    base.push_back(kept);
  }
  while (!base.empty() && base.back() == '_')
    base.pop_back();
  if (base.empty() || llvm::isDigit(base.front()))
    base = "v_" + base;
  std::string name = base;
  for (unsigned suffix = 1; !used.insert(name).second; ++suffix)
    name = base + "_" + std::to_string(suffix);
  return name;
}
