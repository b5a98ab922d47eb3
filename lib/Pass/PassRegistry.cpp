//===- PassRegistry.cpp - Registered passes and textual pipelines ---------===//
//
// The pipeline syntax is MLIR's:
//   pipeline ::= element (',' element)*
//   element  ::= op-name '(' pipeline? ')' | pass-name ('{' option* '}')?
//   option   ::= key ('=' value)?        (space separated)
//
//===----------------------------------------------------------------------===//

#include "tilt/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <mutex>

using namespace tilt;

namespace {
struct Registry {
  std::mutex mutex;
  std::map<std::string, PassInfo> passes;
};
Registry &getRegistry() {
  static Registry *registry = new Registry();
  return *registry;
}
} // namespace

void tilt::registerPass(std::function<std::unique_ptr<Pass>()> factory) {
  std::unique_ptr<Pass> sample = factory();
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.passes[sample->getArgument().str()] =
      PassInfo{sample->getArgument().str(), sample->getDescription().str(),
               std::move(factory)};
}

const PassInfo *tilt::lookupPassInfo(llvm::StringRef argument) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.passes.find(argument.str());
  return it == registry.passes.end() ? nullptr : &it->second;
}

std::vector<const PassInfo *> tilt::getRegisteredPasses() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<const PassInfo *> result;
  for (auto &entry : registry.passes)
    result.push_back(&entry.second);
  return result;
}

namespace {
class PipelineParser {
public:
  /// The deepest nesting of `anchor(...)` accepted.
  static constexpr unsigned kMaxPipelineNesting = 256;

  PipelineParser(llvm::StringRef text, std::string &error)
      : text(text), error(error) {}

  LogicalResult parseList(OpPassManager &pm) {
    skipSpaces();
    if (peek() == ')' || atEnd())
      return success();
    while (true) {
      if (failed(parseElement(pm)))
        return failure();
      skipSpaces();
      if (peek() != ',')
        return success();
      ++pos;
    }
  }

  bool atEnd() {
    skipSpaces();
    return pos >= text.size();
  }
  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  LogicalResult fail(const llvm::Twine &message) {
    error =
        (message + " at position " + llvm::Twine(pos) + " of '" + text + "'")
            .str();
    return failure();
  }

private:
  void skipSpaces() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  llvm::StringRef parseName() {
    skipSpaces();
    size_t start = pos;
    while (pos < text.size() && (llvm::isAlnum(text[pos]) ||
                                 llvm::StringRef("_.-$").contains(text[pos])))
      ++pos;
    return text.slice(start, pos);
  }

  unsigned depth = 0;

  LogicalResult parseElement(OpPassManager &pm) {
    skipSpaces();
    size_t nameStart = pos;
    llvm::StringRef name = parseName();
    if (name.empty())
      return fail("expected a pass or op name");
    skipSpaces();
    if (peek() == '(') {
      // Nested pipelines recurse here, and in the pass managers they build
      // (run, print, destroy): a bound keeps any text from overflowing the
      // stack; real pipelines nest a few levels.
      if (++depth > kMaxPipelineNesting)
        return fail("the pipeline nests more than " +
                    llvm::Twine(kMaxPipelineNesting) + " levels");
      ++pos;
      OpPassManager &nested = pm.nest(name);
      LogicalResult inner = parseList(nested);
      --depth;
      if (failed(inner))
        return failure();
      skipSpaces();
      if (peek() != ')')
        return fail("expected ')' to close the pipeline of '" + name + "'");
      ++pos;
      return success();
    }
    const PassInfo *info = lookupPassInfo(name);
    if (!info) {
      pos = nameStart;
      return fail("unknown pass or pipeline anchor '" + name + "'");
    }
    std::unique_ptr<Pass> pass = info->factory();
    if (peek() == '{') {
      ++pos;
      while (true) {
        skipSpaces();
        if (peek() == '}') {
          ++pos;
          break;
        }
        if (atEnd())
          return fail("expected '}' to close the options of '" + name + "'");
        llvm::StringRef key = parseName();
        if (key.empty())
          return fail("expected an option name");
        llvm::StringRef value;
        if (peek() == '=') {
          ++pos;
          size_t start = pos;
          int depth = 0;
          while (
              pos < text.size() &&
              (depth > 0 || (!llvm::isSpace(text[pos]) && text[pos] != '}'))) {
            if (text[pos] == '{' || text[pos] == '(' || text[pos] == '[')
              ++depth;
            if (text[pos] == '}' || text[pos] == ')' || text[pos] == ']')
              --depth;
            ++pos;
          }
          value = text.slice(start, pos);
        }
        std::string optionError;
        if (failed(pass->setOption(key, value, optionError)))
          return fail(optionError);
      }
    }
    if (PassPipeline *pipeline = pass->asPipeline()) {
      pipeline->buildPipeline(pm);
      return success();
    }
    pm.addPass(std::move(pass));
    return success();
  }

  llvm::StringRef text;
  std::string &error;
  size_t pos = 0;
};
} // namespace

LogicalResult tilt::parsePassPipeline(llvm::StringRef pipeline,
                                      OpPassManager &pm, std::string &error) {
  PipelineParser parser(pipeline, error);
  OpPassManager parsed("any");
  if (failed(parser.parseList(parsed)))
    return failure();
  if (!parser.atEnd())
    return parser.fail(parser.peek() == ')' ? "unbalanced ')'"
                                            : "expected ',' between passes");
  // `anchor(...)` naming the manager's own anchor fills the manager;
  // anything else is appended to it.
  pm.appendFrom(std::move(parsed));
  return success();
}
