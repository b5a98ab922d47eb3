//===- Pass.cpp - Passes and pass managers --------------------------------===//

#include "tilt/Pass/Pass.h"
#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"
#include "tilt/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilt;

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

Pass::~Pass() = default;

LogicalResult Pass::run(Operation *op) {
  operation = op;
  failed = false;
  runOnOperation();
  operation = nullptr;
  return failure(failed);
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         bool *storage) {
  options.push_back(
      {name.str(), description.str(),
       [storage](llvm::StringRef value) -> LogicalResult {
         if (value.empty() || value == "true" || value == "1") {
           *storage = true;
           return success();
         }
         if (value == "false" || value == "0") {
           *storage = false;
           return success();
         }
         return failure();
       },
       [storage]() { return std::string(*storage ? "true" : "false"); }});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         int64_t *storage) {
  options.push_back({name.str(), description.str(),
                     [storage](llvm::StringRef value) -> LogicalResult {
                       int64_t parsed;
                       if (value.getAsInteger(10, parsed))
                         return failure();
                       *storage = parsed;
                       return success();
                     },
                     [storage]() { return std::to_string(*storage); }});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         std::string *storage) {
  options.push_back({name.str(), description.str(),
                     [storage](llvm::StringRef value) -> LogicalResult {
                       *storage = value.str();
                       return success();
                     },
                     [storage]() { return *storage; }});
}

void Pass::copyOptionValuesFrom(const Pass &other) {
  for (size_t i = 0; i < options.size() && i < other.options.size(); ++i)
    (void)options[i].set(other.options[i].get());
}

LogicalResult Pass::setOption(llvm::StringRef name, llvm::StringRef value,
                              std::string &error) {
  for (OptionInfo &option : options) {
    if (option.name != name)
      continue;
    if (succeeded(option.set(value)))
      return success();
    error = ("invalid value '" + value + "' for option '" + name +
             "' of pass '" + getArgument() + "'")
                .str();
    return failure();
  }
  std::string known;
  for (const OptionInfo &option : options)
    known += (known.empty() ? "" : ", ") + option.name;
  error = ("pass '" + getArgument() + "' has no option '" + name + "'" +
           (known.empty() ? std::string(" (it takes none)")
                          : " (options: " + known + ")"))
              .str();
  return failure();
}

std::string Pass::getOptionsString() const {
  if (options.empty())
    return "";
  std::string result = "{";
  for (size_t i = 0; i < options.size(); ++i) {
    if (i)
      result += " ";
    result += options[i].name + "=" + options[i].get();
  }
  return result + "}";
}

//===----------------------------------------------------------------------===//
// OpPassManager
//===----------------------------------------------------------------------===//

OpPassManager::OpPassManager(const OpPassManager &other) { *this = other; }

OpPassManager &OpPassManager::operator=(const OpPassManager &other) {
  if (this == &other)
    return *this;
  anchor = other.anchor;
  elements.clear();
  for (const Element &element : other.elements) {
    Element copy;
    if (element.pass)
      copy.pass = element.pass->clone();
    if (element.nested)
      copy.nested = std::make_unique<OpPassManager>(*element.nested);
    elements.push_back(std::move(copy));
  }
  return *this;
}

OpPassManager::~OpPassManager() = default;

void OpPassManager::addPass(std::unique_ptr<Pass> pass) {
  Element element;
  element.pass = std::move(pass);
  elements.push_back(std::move(element));
}

OpPassManager &OpPassManager::nest(llvm::StringRef nestedAnchor) {
  Element element;
  element.nested = std::make_unique<OpPassManager>(nestedAnchor);
  elements.push_back(std::move(element));
  return *elements.back().nested;
}

void OpPassManager::appendFrom(OpPassManager &&other) {
  if (other.elements.size() == 1 && other.elements[0].nested &&
      other.elements[0].nested->anchor == anchor) {
    appendFrom(std::move(*other.elements[0].nested));
    return;
  }
  for (Element &element : other.elements)
    elements.push_back(std::move(element));
  other.elements.clear();
}

std::string OpPassManager::toString() const {
  std::string result = anchor + "(";
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i)
      result += ",";
    if (elements[i].pass)
      result += elements[i].pass->getArgument().str() +
                elements[i].pass->getOptionsString();
    else
      result += elements[i].nested->toString();
  }
  return result + ")";
}

LogicalResult OpPassManager::run(Operation *op, bool verifyEach) {
  for (Element &element : elements) {
    if (element.nested) {
      if (failed(runNested(*element.nested, op, verifyEach)))
        return failure();
      continue;
    }
    Pass &pass = *element.pass;
    if (auto name = pass.getOpName()) {
      if (op->getName().getStringRef() != *name)
        return op->emitError()
               << "pass '" << pass.getArgument() << "' runs on '" << *name
               << "' but was given '" << op->getName().getStringRef() << "'";
    }
    if (failed(pass.run(op)))
      return op->emitError()
             << "pass '" << pass.getArgument() << "' failed on '"
             << op->getName().getStringRef() << "'";
    if (verifyEach && failed(verify(op))) {
      InFlightDiagnostic diag = op->emitError();
      diag << "the IR is invalid after pass '" << pass.getArgument() << "'";
      return failure();
    }
  }
  return success();
}

LogicalResult OpPassManager::runNested(OpPassManager &nested, Operation *op,
                                       bool verifyEach) {
  bool anyAnchor = nested.getAnchor() == "any";
  // Collect first: passes may not add or remove the ops they run on.
  llvm::SmallVector<Operation *, 16> targets;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &child : block)
        if (anyAnchor ? child.hasTrait<OpTrait::IsIsolatedFromAbove>()
                      : child.getName().getStringRef() == nested.getAnchor())
          targets.push_back(&child);
  for (Operation *target : targets) {
    if (!target->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return target->emitError() << "cannot run a nested pipeline on '"
                                 << target->getName().getStringRef()
                                 << "': it is not isolated from above";
    if (failed(nested.run(target, verifyEach)))
      return failure();
  }
  return success();
}

LogicalResult PassManager::run(Operation *op) {
  if (getAnchor() != "any" && op->getName().getStringRef() != getAnchor())
    return op->emitError() << "the pipeline is anchored on '" << getAnchor()
                           << "' but runs on '" << op->getName().getStringRef()
                           << "'";
  return OpPassManager::run(op, verifyEach);
}
