//===- OpDefinition.cpp - Verifiers of the op traits ----------------------===//
//
// The messages match MLIR's, so that diagnostics tests read the same.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Region.h"
#include "tilt/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

using namespace tilt;

LogicalResult OpState::parse(OpAsmParser &parser, OperationState &state) {
  return parser.emitError(parser.getNameLoc())
         << "'" << state.name.getStringRef() << "' has no custom assembly form";
}

static const char *plural(unsigned count) { return count == 1 ? "" : "s"; }

LogicalResult OpTrait::impl::verifyZeroOperands(Operation *op) {
  if (op->getNumOperands() != 0)
    return op->emitOpError() << "requires zero operands";
  return success();
}
LogicalResult OpTrait::impl::verifyOneOperand(Operation *op) {
  if (op->getNumOperands() != 1)
    return op->emitOpError() << "requires a single operand";
  return success();
}
LogicalResult OpTrait::impl::verifyNOperands(Operation *op,
                                             unsigned numOperands) {
  if (op->getNumOperands() != numOperands)
    return op->emitOpError()
           << "expected " << numOperands << " operand" << plural(numOperands)
           << ", but found " << op->getNumOperands();
  return success();
}
LogicalResult OpTrait::impl::verifyAtLeastNOperands(Operation *op,
                                                    unsigned numOperands) {
  if (op->getNumOperands() < numOperands)
    return op->emitOpError()
           << "expected " << numOperands << " or more operands, but found "
           << op->getNumOperands();
  return success();
}
LogicalResult OpTrait::impl::verifyZeroResults(Operation *op) {
  if (op->getNumResults() != 0)
    return op->emitOpError() << "requires zero results";
  return success();
}
LogicalResult OpTrait::impl::verifyOneResult(Operation *op) {
  if (op->getNumResults() != 1)
    return op->emitOpError() << "requires one result";
  return success();
}
LogicalResult OpTrait::impl::verifyNResults(Operation *op,
                                            unsigned numResults) {
  // MLIR's wording, without the count found (unlike verifyNOperands).
  if (op->getNumResults() != numResults)
    return op->emitOpError() << "expected " << numResults << " results";
  return success();
}
LogicalResult OpTrait::impl::verifyZeroRegions(Operation *op) {
  if (op->getNumRegions() != 0)
    return op->emitOpError() << "requires zero regions";
  return success();
}
LogicalResult OpTrait::impl::verifyOneRegion(Operation *op) {
  if (op->getNumRegions() != 1)
    return op->emitOpError() << "requires one region";
  return success();
}
LogicalResult OpTrait::impl::verifyNRegions(Operation *op,
                                            unsigned numRegions) {
  if (op->getNumRegions() != numRegions)
    return op->emitOpError()
           << "expected " << numRegions << " region" << plural(numRegions);
  return success();
}
LogicalResult OpTrait::impl::verifyZeroSuccessors(Operation *op) {
  if (op->getNumSuccessors() != 0)
    return op->emitOpError()
           << "requires 0 successors but found " << op->getNumSuccessors();
  return success();
}

LogicalResult OpTrait::impl::verifyIsTerminator(Operation *op) {
  Block *block = op->getBlock();
  if (!block || &block->back() != op)
    return op->emitOpError()
           << "must be the last operation in the parent block";
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsAndResultType(Operation *op) {
  if (failed(verifyAtLeastNOperands(op, 1)))
    return failure();
  if (op->getNumResults() < 1)
    return op->emitOpError() << "expected 1 or more results";
  Type type = op->getResult(0).getType();
  for (unsigned i = 1, e = op->getNumResults(); i < e; ++i)
    if (op->getResult(i).getType() != type)
      return op->emitOpError()
             << "requires the same type for all operands and results";
  for (Value operand : op->getOperands())
    if (operand.getType() != type)
      return op->emitOpError()
             << "requires the same type for all operands and results";
  return success();
}

LogicalResult OpTrait::impl::verifySameTypeOperands(Operation *op) {
  if (op->getNumOperands() < 2)
    return success();
  Type type = op->getOperand(0).getType();
  for (Value operand : op->getOperands())
    if (operand.getType() != type)
      return op->emitOpError() << "requires all operands to have the same type";
  return success();
}

LogicalResult OpTrait::impl::verifyIsIsolatedFromAbove(Operation *isolatedOp) {
  for (Region &region : isolatedOp->getRegions()) {
    WalkResult result =
        region.walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
          for (Value operand : op->getOperands()) {
            Region *operandRegion = operand.getParentRegion();
            if (operandRegion && region.isAncestor(operandRegion))
              continue;
            InFlightDiagnostic diag = op->emitOpError();
            diag << "using value defined outside the region";
            diag.attachNote(isolatedOp->getLoc())
                << "required by region isolation constraints";
            return WalkResult::interrupt();
          }
          // Nested isolated ops are checked on their own.
          if (op != isolatedOp && op->hasTrait<OpTrait::IsIsolatedFromAbove>())
            return WalkResult::skip();
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

LogicalResult OpTrait::impl::verifyOneBlockRegions(Operation *op,
                                                   bool requireNonEmpty) {
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i) {
    Region &region = op->getRegion(i);
    if (region.getNumBlocks() > 1)
      return op->emitOpError()
             << "expects region #" << i << " to have 0 or 1 blocks";
    // As MLIR's SingleBlock: a block that needs a terminator cannot be
    // empty.
    if (requireNonEmpty && !region.empty() && region.front().empty())
      return op->emitOpError() << "expects a non-empty block";
  }
  return success();
}

LogicalResult OpTrait::impl::verifyNoRegionArguments(Operation *op) {
  for (Region &region : op->getRegions()) {
    if (region.empty() || region.front().getNumArguments() == 0)
      continue;
    if (op->getNumRegions() > 1)
      return op->emitOpError() << "region #" << region.getRegionNumber()
                               << " should have no arguments";
    return op->emitOpError() << "region should have no arguments";
  }
  return success();
}

LogicalResult
OpTrait::impl::verifySingleBlockImplicitTerminator(Operation *op,
                                                   llvm::StringRef name) {
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    Block &block = region.front();
    if (block.empty())
      return op->emitOpError() << "expects a non-empty block";
    Operation &terminator = block.back();
    if (terminator.getName().getStringRef() == name)
      continue;
    InFlightDiagnostic diag = op->emitOpError();
    diag << "expects regions to end with '" << name << "', found '"
         << terminator.getName().getStringRef() << "'";
    diag.attachNote() << "in custom textual format, the absence of "
                         "terminator implies '"
                      << name << "'";
    return failure();
  }
  return success();
}

InFlightDiagnostic tilt::emitInvalidPropertyError(Operation *op,
                                                 llvm::StringRef name) {
  return op->emitError() << "invalid properties "
                         << Attribute(op->getPropertiesDict()) << " for op "
                         << op->getName().getStringRef()
                         << ": Invalid attribute `" << name
                         << "` in property conversion: "
                         << op->getInherentAttr(name);
}

LogicalResult OpTrait::impl::verifySymbol(Operation *op) {
  if (!op->getAttr(::tilt::SymbolTable::getSymbolAttrName())
           .dyn_cast_or_null<StringAttr>())
    return op->emitOpError() << "requires string attribute '"
                             << ::tilt::SymbolTable::getSymbolAttrName() << "'";
  return success();
}

LogicalResult OpTrait::impl::verifySymbolTable(Operation *op) {
  if (op->getNumRegions() != 1)
    return op->emitOpError()
           << "Operations with a 'SymbolTable' must have exactly one region";
  if (op->getRegion(0).getNumBlocks() > 1)
    return op->emitOpError()
           << "Operations with a 'SymbolTable' must have exactly one block";
  if (op->getRegion(0).empty())
    return success();
  llvm::DenseMap<Attribute, Operation *> seen;
  for (Operation &nested : op->getRegion(0).front()) {
    StringAttr name = ::tilt::SymbolTable::getSymbolName(&nested);
    if (!name)
      continue;
    auto inserted = seen.try_emplace(name, &nested);
    if (inserted.second)
      continue;
    InFlightDiagnostic diag = nested.emitError();
    diag << "redefinition of symbol named '" << name.getValue() << "'";
    diag.attachNote(inserted.first->second->getLoc())
        << "see existing symbol definition here";
    return failure();
  }
  return success();
}

LogicalResult
OpTrait::impl::verifyHasParent(Operation *op,
                               llvm::ArrayRef<llvm::StringRef> parentNames) {
  Operation *parent = op->getParentOp();
  if (parent &&
      llvm::is_contained(parentNames, parent->getName().getStringRef()))
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  // MLIR quotes the whole list: 'scf.for, scf.if'.
  diag << "expects parent op "
       << (parentNames.size() != 1 ? "to be one of '" : "'");
  for (size_t i = 0; i < parentNames.size(); ++i)
    diag << (i ? ", " : "") << parentNames[i];
  diag << "'";
  return failure();
}
