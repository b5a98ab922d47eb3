//===- Diagnostics.cpp - Diagnostic engine and handlers -------------------===//
//
// The engine offers each diagnostic to registered handlers (newest first).
// The source-manager handler prints `file:line:col: error: message`, the
// source line and a caret; the verifier handler matches diagnostics against
// `expected-*` comments, as MLIR's -verify-diagnostics does.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Operation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

using namespace tilt;

//===----------------------------------------------------------------------===//
// Diagnostic
//===----------------------------------------------------------------------===//

Diagnostic &Diagnostic::operator<<(const llvm::Twine &text) {
  message += text.str();
  return *this;
}
Diagnostic &Diagnostic::operator<<(const char *text) {
  message += text;
  return *this;
}
Diagnostic &Diagnostic::operator<<(llvm::StringRef text) {
  message += text.str();
  return *this;
}
Diagnostic &Diagnostic::operator<<(const std::string &text) {
  message += text;
  return *this;
}
Diagnostic &Diagnostic::operator<<(char c) {
  message += c;
  return *this;
}
Diagnostic &Diagnostic::operator<<(int64_t value) {
  message += std::to_string(value);
  return *this;
}
Diagnostic &Diagnostic::operator<<(uint64_t value) {
  message += std::to_string(value);
  return *this;
}
// As MLIR's DiagnosticArgument: a type is quoted, an attribute is not.
Diagnostic &Diagnostic::operator<<(Type type) {
  llvm::raw_string_ostream os(message);
  os << '\'';
  type.print(os);
  os << '\'';
  return *this;
}
Diagnostic &Diagnostic::operator<<(Attribute attr) {
  llvm::raw_string_ostream os(message);
  attr.print(os);
  return *this;
}
Diagnostic &Diagnostic::operator<<(OperationName name) {
  message += "'";
  message += name.getStringRef().str();
  message += "'";
  return *this;
}
Diagnostic &Diagnostic::operator<<(Operation &op) {
  llvm::raw_string_ostream os(message);
  op.print(
      os,
      OpPrintingFlags().printGenericOpForm().useLocalScope().assumeVerified());
  return *this;
}
Diagnostic &Diagnostic::operator<<(Value value) {
  llvm::raw_string_ostream os(message);
  value.print(os);
  return *this;
}

Diagnostic &Diagnostic::attachNote(std::optional<Location> noteLoc) {
  notes.push_back(std::make_unique<Diagnostic>(noteLoc ? *noteLoc : loc,
                                               DiagnosticSeverity::Note));
  return *notes.back();
}

void InFlightDiagnostic::report() {
  if (!impl)
    return;
  if (owner)
    owner->emit(std::move(*impl));
  impl.reset();
}

//===----------------------------------------------------------------------===//
// DiagnosticEngine
//===----------------------------------------------------------------------===//

struct DiagnosticEngine::Impl {
  std::recursive_mutex mutex;
  std::vector<std::pair<HandlerID, HandlerTy>> handlers;
  HandlerID nextID = 0;
};

DiagnosticEngine::DiagnosticEngine() : impl(std::make_unique<Impl>()) {}
DiagnosticEngine::~DiagnosticEngine() = default;

DiagnosticEngine::HandlerID
DiagnosticEngine::registerHandler(HandlerTy handler) {
  std::lock_guard<std::recursive_mutex> lock(impl->mutex);
  HandlerID id = impl->nextID++;
  impl->handlers.emplace_back(id, std::move(handler));
  return id;
}

void DiagnosticEngine::eraseHandler(HandlerID id) {
  std::lock_guard<std::recursive_mutex> lock(impl->mutex);
  llvm::erase_if(impl->handlers,
                 [&](const auto &entry) { return entry.first == id; });
}

const char *tilt::getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

void DiagnosticEngine::emit(Diagnostic &&diag) {
  std::lock_guard<std::recursive_mutex> lock(impl->mutex);
  for (auto it = impl->handlers.rbegin(), e = impl->handlers.rend(); it != e;
       ++it)
    if (succeeded(it->second(diag)))
      return;
  // Nobody consumed it: print errors and warnings (remarks are dropped, as
  // in MLIR).
  if (diag.getSeverity() != DiagnosticSeverity::Error &&
      diag.getSeverity() != DiagnosticSeverity::Warning)
    return;
  llvm::raw_ostream &os = llvm::errs();
  auto print = [&](const Diagnostic &d) {
    if (!d.getLocation().isUnknown())
      os << d.getLocation() << ": ";
    os << getSeverityName(d.getSeverity()) << ": " << d.str() << "\n";
  };
  print(diag);
  for (const auto &note : diag.getNotes())
    print(*note);
  os.flush();
}

static InFlightDiagnostic emitDiag(Context *context, Location loc,
                                   DiagnosticSeverity severity,
                                   const llvm::Twine &message) {
  InFlightDiagnostic diag = context->getDiagEngine().emit(loc, severity);
  if (!message.isTriviallyEmpty())
    diag << message;
  return diag;
}

InFlightDiagnostic tilt::emitError(Context *context, Location loc,
                                   const llvm::Twine &message) {
  return emitDiag(context, loc, DiagnosticSeverity::Error, message);
}
InFlightDiagnostic tilt::emitWarning(Context *context, Location loc,
                                     const llvm::Twine &message) {
  return emitDiag(context, loc, DiagnosticSeverity::Warning, message);
}
InFlightDiagnostic tilt::emitRemark(Context *context, Location loc,
                                    const llvm::Twine &message) {
  return emitDiag(context, loc, DiagnosticSeverity::Remark, message);
}

//===----------------------------------------------------------------------===//
// ScopedDiagnosticHandler
//===----------------------------------------------------------------------===//

ScopedDiagnosticHandler::ScopedDiagnosticHandler(
    Context *context, DiagnosticEngine::HandlerTy handler)
    : context(context) {
  setHandler(std::move(handler));
}

ScopedDiagnosticHandler::~ScopedDiagnosticHandler() {
  if (handlerID)
    context->getDiagEngine().eraseHandler(*handlerID);
}

void ScopedDiagnosticHandler::setHandler(DiagnosticEngine::HandlerTy handler) {
  if (handlerID)
    context->getDiagEngine().eraseHandler(*handlerID);
  handlerID = context->getDiagEngine().registerHandler(std::move(handler));
}

//===----------------------------------------------------------------------===//
// SourceMgrDiagnosticHandler
//===----------------------------------------------------------------------===//

SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler(
    llvm::SourceMgr &sourceMgr, Context *context, llvm::raw_ostream &os)
    : ScopedDiagnosticHandler(context), sourceMgr(sourceMgr), os(os) {
  setHandler([this](Diagnostic &diag) {
    emitDiagnostic(diag);
    return success();
  });
}

const char *
SourceMgrDiagnosticHandler::findLocationPointer(Location loc,
                                                unsigned &bufferID) {
  std::optional<Location> fileLoc = loc.findFileLineCol();
  if (!fileLoc)
    return nullptr;
  llvm::StringRef filename = fileLoc->getFilename();
  for (unsigned id = 1, e = sourceMgr.getNumBuffers(); id <= e; ++id) {
    const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
    if (buffer->getBufferIdentifier() != filename)
      continue;
    unsigned line = fileLoc->getLine(), column = fileLoc->getColumn();
    if (line == 0)
      return nullptr;
    llvm::SMLoc position =
        sourceMgr.FindLocForLineAndColumn(id, line, std::max(column, 1u));
    if (!position.isValid())
      return nullptr;
    bufferID = id;
    return position.getPointer();
  }
  return nullptr;
}

static llvm::SourceMgr::DiagKind getDiagKind(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return llvm::SourceMgr::DK_Note;
  case DiagnosticSeverity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case DiagnosticSeverity::Error:
    return llvm::SourceMgr::DK_Error;
  case DiagnosticSeverity::Remark:
    return llvm::SourceMgr::DK_Remark;
  }
  return llvm::SourceMgr::DK_Error;
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Location loc,
                                                llvm::StringRef message,
                                                DiagnosticSeverity severity,
                                                bool displaySourceLine) {
  unsigned bufferID = 0;
  const char *pointer = findLocationPointer(loc, bufferID);
  if (pointer && displaySourceLine) {
    sourceMgr.PrintMessage(os, llvm::SMLoc::getFromPointer(pointer),
                           getDiagKind(severity), message);
    return;
  }
  if (std::optional<Location> fileLoc = loc.findFileLineCol())
    os << fileLoc->getFilename() << ":" << fileLoc->getLine() << ":"
       << fileLoc->getColumn() << ": ";
  else
    os << loc << ": ";
  os << getSeverityName(severity) << ": " << message << "\n";
}

void SourceMgrDiagnosticHandler::emitDiagnostic(Diagnostic &diag) {
  emitDiagnostic(diag.getLocation(), diag.str(), diag.getSeverity());
  for (const auto &note : diag.getNotes())
    emitDiagnostic(note->getLocation(), note->str(), note->getSeverity());
  os.flush();
}

//===----------------------------------------------------------------------===//
// SourceMgrDiagnosticVerifierHandler
//===----------------------------------------------------------------------===//

namespace {
/// One `expected-*` comment.
struct ExpectedDiag {
  DiagnosticSeverity severity;
  unsigned lineNo;
  /// Where the designator is written, for reports.
  llvm::SMLoc fileLoc;
  std::string substring;
  /// Set for `-re` designators.
  std::optional<llvm::Regex> regex;
  bool matched = false;

  bool match(llvm::StringRef message) const {
    if (regex)
      return regex->match(message);
    return message.contains(substring);
  }
};
} // namespace

struct SourceMgrDiagnosticVerifierHandler::Impl {
  /// Expectations per buffer name.
  llvm::StringMap<std::vector<ExpectedDiag>> expected;
  /// Whether a designator was malformed.
  bool hadParseError = false;
  bool hadUnexpected = false;
};

/// Turns `text {{re}} text` into one regex.
static std::optional<llvm::Regex> buildRegex(llvm::StringRef text,
                                             std::string &error) {
  std::string pattern;
  while (!text.empty()) {
    size_t start = text.find("{{");
    if (start == llvm::StringRef::npos) {
      pattern += llvm::Regex::escape(text);
      break;
    }
    pattern += llvm::Regex::escape(text.take_front(start));
    text = text.drop_front(start + 2);
    size_t end = text.find("}}");
    if (end == llvm::StringRef::npos) {
      error = "found start of regex with no end '}}'";
      return std::nullopt;
    }
    pattern += "(";
    pattern += text.take_front(end).str();
    pattern += ")";
    text = text.drop_front(end + 2);
  }
  llvm::Regex regex(pattern);
  if (!regex.isValid(error))
    return std::nullopt;
  return regex;
}

SourceMgrDiagnosticVerifierHandler::SourceMgrDiagnosticVerifierHandler(
    llvm::SourceMgr &sourceMgr, Context *context, llvm::raw_ostream &os)
    : SourceMgrDiagnosticHandler(sourceMgr, context, os),
      impl(std::make_unique<Impl>()) {
  static const llvm::Regex designator(
      "expected-(error|note|remark|warning)(-re)? "
      "*(@([+-][0-9]+|above|below|unknown))?"
      " *\\{\\{(.*)\\}\\}");
  for (unsigned id = 1, e = sourceMgr.getNumBuffers(); id <= e; ++id) {
    const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
    std::vector<ExpectedDiag> &expectations =
        impl->expected[buffer->getBufferIdentifier()];
    // A piece of --split-input-file is padded with the newlines of the
    // lines before it (so that its line numbers are the file's): count
    // them instead of splitting them into empty lines, which made checking
    // every piece of a file quadratic in its length.
    llvm::StringRef text = buffer->getBuffer();
    size_t padding = std::min(text.find_first_not_of('\n'), text.size());
    llvm::SmallVector<llvm::StringRef, 64> lines;
    text.drop_front(padding).split(lines, '\n');
    unsigned firstLine = unsigned(padding) + 1;
    // The padding lines are lines without a designator, as before.
    unsigned lastNonDesignatorLine = unsigned(padding);
    std::vector<size_t> pendingBelow;
    for (unsigned lineNo = firstLine; lineNo < firstLine + lines.size();
         ++lineNo) {
      llvm::StringRef line = lines[lineNo - firstLine];
      llvm::SmallVector<llvm::StringRef, 6> matches;
      if (!line.contains("expected-") || !designator.match(line, &matches)) {
        lastNonDesignatorLine = lineNo;
        for (size_t index : pendingBelow)
          expectations[index].lineNo = lineNo;
        pendingBelow.clear();
        continue;
      }
      ExpectedDiag record;
      llvm::StringRef kind = matches[1];
      record.severity = kind == "error"     ? DiagnosticSeverity::Error
                        : kind == "warning" ? DiagnosticSeverity::Warning
                        : kind == "remark"  ? DiagnosticSeverity::Remark
                                            : DiagnosticSeverity::Note;
      record.fileLoc = llvm::SMLoc::getFromPointer(matches[0].data());
      // The message is everything up to the last `}}` on the line.
      llvm::StringRef body = matches[5];
      record.substring = body.str();
      if (!matches[2].empty()) {
        std::string error;
        record.regex = buildRegex(body, error);
        if (!record.regex) {
          sourceMgr.PrintMessage(os, record.fileLoc, llvm::SourceMgr::DK_Error,
                                 "invalid regular expression '" + body.str() +
                                     "': " + error);
          impl->hadParseError = true;
          continue;
        }
      }
      llvm::StringRef offset = matches[4];
      record.lineNo = lineNo;
      bool below = false;
      if (offset == "unknown") {
        // A diagnostic without a source line (line 0: an implicit module).
        record.lineNo = 0;
      } else if (offset == "above") {
        record.lineNo = lastNonDesignatorLine;
      } else if (offset == "below") {
        below = true;
      } else if (!offset.empty()) {
        int delta = 0;
        offset.drop_front(offset[0] == '+').getAsInteger(10, delta);
        record.lineNo = unsigned(int(lineNo) + delta);
      }
      expectations.push_back(std::move(record));
      if (below)
        pendingBelow.push_back(expectations.size() - 1);
      // A line with only a designator does not count as code.
      llvm::StringRef beforeComment = line.split("//").first.trim();
      if (!beforeComment.empty())
        lastNonDesignatorLine = lineNo;
    }
  }
  setHandler([this](Diagnostic &diag) {
    process(diag);
    return success();
  });
}

SourceMgrDiagnosticVerifierHandler::~SourceMgrDiagnosticVerifierHandler() =
    default;

void SourceMgrDiagnosticVerifierHandler::process(Diagnostic &diag) {
  auto processOne = [&](Location loc, llvm::StringRef message,
                        DiagnosticSeverity severity) {
    std::optional<Location> fileLoc = loc.findFileLineCol();
    auto matchIn = [&](std::vector<ExpectedDiag> &expectations,
                       unsigned line) {
      for (ExpectedDiag &expected : expectations) {
        if (expected.matched || expected.severity != severity ||
            expected.lineNo != line || !expected.match(message))
          continue;
        expected.matched = true;
        return true;
      }
      return false;
    };
    if (fileLoc) {
      auto it = impl->expected.find(fileLoc->getFilename());
      if (it != impl->expected.end() &&
          matchIn(it->second, fileLoc->getLine()))
        return;
    } else {
      // No file: `@unknown` expectations of any buffer.
      for (auto &entry : impl->expected)
        if (matchIn(entry.second, 0))
          return;
    }
    impl->hadUnexpected = true;
    emitDiagnostic(loc,
                   (llvm::Twine("unexpected ") + getSeverityName(severity) +
                    ": " + message)
                       .str(),
                   DiagnosticSeverity::Error);
  };
  processOne(diag.getLocation(), diag.str(), diag.getSeverity());
  for (const auto &note : diag.getNotes())
    processOne(note->getLocation(), note->str(), note->getSeverity());
}

LogicalResult SourceMgrDiagnosticVerifierHandler::verify() {
  bool failedAny = impl->hadParseError || impl->hadUnexpected;
  for (auto &entry : impl->expected) {
    for (ExpectedDiag &expected : entry.second) {
      if (expected.matched)
        continue;
      failedAny = true;
      sourceMgr.PrintMessage(os, expected.fileLoc, llvm::SourceMgr::DK_Error,
                             llvm::Twine("expected ") +
                                 getSeverityName(expected.severity) + " \"" +
                                 expected.substring + "\" was not produced");
    }
    // Expectations are consumed: a second verify() reports nothing twice.
    entry.second.clear();
  }
  impl->hadUnexpected = impl->hadParseError = false;
  os.flush();
  return failure(failedAny);
}
