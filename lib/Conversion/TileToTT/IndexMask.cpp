//===- IndexMask.cpp - Index-dependent selects as mask tiles --------------===//
//
// The analysis and the data movement half of IndexMask.h. A condition is
// an arith.cmpi of two affine forms in the tile.index values: sums and
// differences of indices, values from outside the body (block ids, loop
// variables, constants) and products with constants. Its lhs minus rhs is
// compared with 0; per tile of the iteration space the writer passes the
// form's value at the tile's first element, and the helper adds the
// element's row and column with their coefficients.
//
// The writer fills the masks, as tt-metal's SDPA writer fills its causal
// masks (generate_mask in ttnn/cpp/ttnn/operations/transformer/sdpa/device/
// kernels/dataflow/dataflow_common.hpp): the reader streams Q, K and V, the
// writer is idle until the output.
//
//===----------------------------------------------------------------------===//

#include "IndexMask.h"
#include "ComputeLowering.h"

#include <cmath>
#include <cstring>

using namespace tilt;
using namespace tilt::tiletott;

namespace {

/// An affine form in the iteration indices (see IndexCondition).
struct Affine {
  llvm::SmallVector<int64_t, 2> coefficients;
  llvm::SmallVector<std::pair<Value, int64_t>, 2> terms;
  int64_t constant = 0;

  bool isConstant() const {
    return terms.empty() &&
           llvm::all_of(coefficients, [](int64_t c) { return c == 0; });
  }
  void add(const Affine &other, int64_t sign) {
    for (size_t d = 0; d < coefficients.size(); ++d)
      coefficients[d] += sign * other.coefficients[d];
    for (const auto &[value, coefficient] : other.terms)
      terms.emplace_back(value, sign * coefficient);
    constant += sign * other.constant;
  }
  void scale(int64_t factor) {
    for (int64_t &c : coefficients)
      c *= factor;
    for (auto &term : terms)
      term.second *= factor;
    constant *= factor;
  }
};

class AffineBuilder {
public:
  AffineBuilder(Block *body, unsigned rank) : body(body), rank(rank) {}

  /// The form of `value`, or an error at the op that has none.
  FailureOr<Affine> build(Value value, Operation *user) {
    Affine form;
    form.coefficients.assign(rank, 0);
    Operation *def = value.getDefiningOp();
    bool inside = def ? def->getBlock() == body
                      : value.cast<BlockArgument>().getOwner() == body;
    if (!inside) {
      if (std::optional<int64_t> constant = getConstantInt(value))
        form.constant = *constant;
      else
        form.terms.emplace_back(value, 1);
      return form;
    }
    if (!def)
      return FailureOr<Affine>(user->emitError()
                               << "an element of an input is not an index; "
                                  "only tile.index and values from outside "
                                  "the body can decide a mask");
    if (auto index = tile::IndexOp::dynCast(def)) {
      form.coefficients[size_t(index.getDim())] = 1;
      return form;
    }
    if (std::optional<int64_t> constant = getConstantInt(value)) {
      form.constant = *constant;
      return form;
    }
    llvm::StringRef name = def->getName().getStringRef();
    if (name == "arith.index_cast")
      return build(def->getOperand(0), def);
    if (name == "arith.addi" || name == "arith.subi" || name == "arith.muli") {
      FailureOr<Affine> lhs = build(def->getOperand(0), def);
      if (failed(lhs))
        return failure();
      FailureOr<Affine> rhs = build(def->getOperand(1), def);
      if (failed(rhs))
        return failure();
      if (name != "arith.muli") {
        lhs->add(*rhs, name == "arith.addi" ? 1 : -1);
        return lhs;
      }
      if (rhs->isConstant()) {
        lhs->scale(rhs->constant);
        return lhs;
      }
      if (lhs->isConstant()) {
        rhs->scale(lhs->constant);
        return rhs;
      }
    }
    return FailureOr<Affine>(
        def->emitError()
        << "'" << name
        << "' on element indices has no mask lowering: a condition on "
           "tile.index must compare affine forms (tile.index, values from "
           "outside the body, arith.addi, arith.subi, arith.muli by a "
           "constant, arith.index_cast)");
  }

private:
  Block *body;
  unsigned rank;
};

/// Whether bf16 holds `value` exactly.
bool isBF16Exact(double value) {
  if (std::isnan(value))
    return false;
  float single = float(value);
  if (double(single) != value)
    return false;
  uint32_t bits;
  std::memcpy(&bits, &single, sizeof(bits));
  return (bits & 0xFFFF) == 0;
}

/// The bits of `value` in a mask page: bf16 (the upper half of the f32
/// bits) or f32.
uint32_t getMaskBits(double value, bool f32) {
  float single = float(value);
  uint32_t bits;
  std::memcpy(&bits, &single, sizeof(bits));
  return f32 ? bits : bits >> 16;
}

/// The iteration rank a mask covers: tile.parallel lowers 1-d and 2-d.
unsigned getRank(tile::ParallelOp parallel) {
  return unsigned(parallel.getIterationShape().size());
}

} // namespace

bool tiletott::dependsOnIndex(Value value, Block *body) {
  llvm::SmallVector<Value, 8> worklist = {value};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != body || !seen.insert(def).second)
      continue;
    if (tile::IndexOp::dynCast(def))
      return true;
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
  return false;
}

bool tiletott::dependsOnInput(Value value, Block *body) {
  llvm::SmallVector<Value, 8> worklist = {value};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (auto argument = next.dyn_cast<BlockArgument>()) {
      if (argument.getOwner() == body)
        return true;
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (!def || def->getBlock() != body || !seen.insert(def).second)
      continue;
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
  return false;
}

bool tiletott::isIndexCondition(Operation *compare, Block *body) {
  return arith::CmpIOp::dynCast(compare) && compare->getBlock() == body &&
         dependsOnIndex(compare->getResult(0), body) &&
         !dependsOnInput(compare->getResult(0), body);
}

bool tiletott::isIndexSelectForm(Operation *select, tile::ParallelOp parallel) {
  Operation *compare = select->getOperand(0).getDefiningOp();
  return compare && isIndexCondition(compare, parallel.getBody()) &&
         select->getResult(0).getType().isFloat() &&
         getMaskedOperand(select).has_value();
}

FailureOr<IndexCondition>
tiletott::analyzeIndexCondition(Operation *compare, tile::ParallelOp parallel) {
  Block *body = parallel.getBody();
  unsigned rank = getRank(parallel);
  if (rank == 0 || rank > 2)
    return FailureOr<IndexCondition>(
        compare->emitError() << "a condition on element indices lowers over "
                                "1-d and 2-d iteration spaces only");
  auto cmpi = arith::CmpIOp(compare);
  IndexCondition condition;
  switch (cmpi.getPredicate()) {
  case arith::CmpIPredicate::sge:
    condition.predicate = IndexCondition::GE;
    break;
  case arith::CmpIPredicate::sgt:
    condition.predicate = IndexCondition::GT;
    break;
  case arith::CmpIPredicate::sle:
    condition.predicate = IndexCondition::LE;
    break;
  case arith::CmpIPredicate::slt:
    condition.predicate = IndexCondition::LT;
    break;
  case arith::CmpIPredicate::eq:
    condition.predicate = IndexCondition::EQ;
    break;
  case arith::CmpIPredicate::ne:
    condition.predicate = IndexCondition::NE;
    break;
  default:
    return FailureOr<IndexCondition>(
        compare->emitError() << "an unsigned comparison of element indices "
                                "has no mask lowering; use a signed "
                                "predicate (slt, sle, sgt, sge) or eq / ne");
  }
  AffineBuilder builder(body, rank);
  FailureOr<Affine> lhs = builder.build(compare->getOperand(0), compare);
  if (failed(lhs))
    return failure();
  FailureOr<Affine> rhs = builder.build(compare->getOperand(1), compare);
  if (failed(rhs))
    return failure();
  lhs->add(*rhs, -1);
  condition.coefficients = lhs->coefficients;
  condition.terms = lhs->terms;
  condition.constant = lhs->constant;
  return condition;
}

bool tiletott::isIndexNumber(Operation *op, Block *body) {
  if (!arith::IndexCastOp::dynCast(op) ||
      !op->getResult(0).getType().isInteger(32) ||
      !dependsOnIndex(op->getOperand(0), body))
    return false;
  // A cast only compared in index conditions is part of their affine
  // forms; compared with an input's element, it is a number.
  return llvm::any_of(op->getResult(0).getUsers(), [&](Operation *user) {
    return !isIndexCondition(user, body);
  });
}

bool tiletott::isFloatIndexNumber(Operation *cast) {
  // Compared with an i32 element (not in an index condition), the number
  // is an int32 word.
  Block *body = cast->getBlock();
  return llvm::all_of(cast->getResult(0).getUsers(), [&](Operation *user) {
    return arith::SIToFPOp::dynCast(user) || isIndexCondition(user, body);
  });
}

FailureOr<IndexCondition>
tiletott::analyzeIndexValue(Operation *cast, tile::ParallelOp parallel) {
  unsigned rank = getRank(parallel);
  if (rank == 0 || rank > 2)
    return FailureOr<IndexCondition>(
        cast->emitError() << "element indices lower as numbers over 1-d and "
                             "2-d iteration spaces only");
  AffineBuilder builder(parallel.getBody(), rank);
  FailureOr<Affine> form = builder.build(cast->getOperand(0), cast);
  if (failed(form))
    return failure();
  IndexCondition value;
  value.coefficients = form->coefficients;
  value.terms = form->terms;
  value.constant = form->constant;
  return value;
}

FailureOr<IndexSelect> tiletott::analyzeIndexSelect(Operation *select,
                                                    tile::ParallelOp parallel) {
  IndexSelect result;
  FailureOr<IndexCondition> condition =
      analyzeIndexCondition(select->getOperand(0).getDefiningOp(), parallel);
  if (failed(condition))
    return failure();
  result.condition = *condition;
  // The branches: two constants, or one infinity (isIndexSelectForm).
  std::optional<unsigned> masked = getMaskedOperand(select);
  result.additive = *masked != 0;
  result.valueOperand = *masked;
  // The mask's elements: the branches, or 0 on the side of x.
  std::optional<double> onTrue = evaluateScalar(select->getOperand(1));
  std::optional<double> onFalse = evaluateScalar(select->getOperand(2));
  result.trueValue = *masked == 1 ? 0.0 : *onTrue;
  result.falseValue = *masked == 2 ? 0.0 : *onFalse;
  result.f32 =
      !isBF16Exact(result.trueValue) || !isBF16Exact(result.falseValue);
  return result;
}

std::optional<unsigned> tiletott::getMaskedOperand(Operation *select) {
  std::optional<double> onTrue = evaluateScalar(select->getOperand(1));
  std::optional<double> onFalse = evaluateScalar(select->getOperand(2));
  if (onTrue && onFalse)
    return 0;
  if (onFalse && std::isinf(*onFalse))
    return 1;
  if (onTrue && std::isinf(*onTrue))
    return 2;
  return std::nullopt;
}

LogicalResult tiletott::emitIndexMasks(tile::KernelOp kernel) {
  // The selects of the mask forms get a mask of their values; every other
  // comparison of element indices gets a mask of 1.0 / 0.0, the value the
  // compute kernel gives a condition (a select on it is where_tile, an and
  // of it with a condition on values is min).
  struct Request {
    Operation *op;
    tile::ParallelOp parallel;
    IndexCondition condition;
    double trueValue = 1.0, falseValue = 0.0;
    bool f32 = false;
    /// The indices' values (an arith.index_cast), not a comparison: int32
    /// words, or f32 ones when `f32`.
    bool values = false;
  };
  llvm::SmallVector<std::pair<Operation *, tile::ParallelOp>, 4> selects,
      compares, numbers;
  kernel.getOperation()->walk([&](Operation *op) {
    auto parallel = tile::ParallelOp::dynCast(op);
    if (!parallel)
      return;
    for (Operation &inner : *parallel.getBody()) {
      if (arith::SelectOp::dynCast(&inner) &&
          dependsOnIndex(inner.getOperand(0), parallel.getBody()) &&
          isIndexSelectForm(&inner, parallel))
        selects.emplace_back(&inner, parallel);
      if (isIndexCondition(&inner, parallel.getBody()))
        compares.emplace_back(&inner, parallel);
      if (isIndexNumber(&inner, parallel.getBody()))
        numbers.emplace_back(&inner, parallel);
    }
  });
  llvm::SmallVector<Request, 4> requests;
  llvm::SmallPtrSet<Operation *, 4> masked;
  for (auto [select, parallel] : selects) {
    FailureOr<IndexSelect> analysis = analyzeIndexSelect(select, parallel);
    if (failed(analysis))
      return failure();
    masked.insert(select);
    requests.push_back({select, parallel, analysis->condition,
                        analysis->trueValue, analysis->falseValue,
                        analysis->f32});
  }
  for (auto [compare, parallel] : compares) {
    // Used only as the condition of masked selects: nothing more to fill.
    if (llvm::all_of(compare->getResult(0).getUses(), [&](OpOperand &use) {
          return masked.count(use.getOwner()) && use.getOperandNumber() == 0;
        }))
      continue;
    FailureOr<IndexCondition> condition =
        analyzeIndexCondition(compare, parallel);
    if (failed(condition))
      return failure();
    requests.push_back({compare, parallel, *condition});
  }
  for (auto [cast, parallel] : numbers) {
    FailureOr<IndexCondition> value = analyzeIndexValue(cast, parallel);
    if (failed(value))
      return failure();
    Request request{cast, parallel, *value};
    request.values = true;
    request.f32 = isFloatIndexNumber(cast);
    requests.push_back(request);
  }
  Context *context = kernel.getOperation()->getContext();
  OpBuilder builder(context);
  for (const Request &request : requests) {
    const IndexCondition &condition = request.condition;
    Operation *select = request.op;
    tile::ParallelOp parallel = request.parallel;
    Operation *op = parallel.getOperation();
    Location loc = select->getLoc();
    // Not a structured binding: a lambda below captures `columns`.
    int64_t rows, columns;
    std::tie(rows, columns) = getTileGrid(parallel.getIterationShape());
    int64_t tiles = rows * columns;
    Type format = request.values && !request.f32
                      ? Type(IntegerType::get(context, 32))
                  : request.f32 ? Type(FloatType::getF32(context))
                                : Type(FloatType::getBF16(context));
    std::optional<Value> mask =
        createMaskCB(builder, kernel, loc, format, tiles);
    if (!mask)
      return select->emitError() << "the mask of this condition needs an "
                                    "input circular buffer, and all 16 are "
                                    "taken";
    builder.setInsertionPoint(op);
    // The form's value at element (0, 0) of the iteration space.
    Value base = createIndex(builder, loc, condition.constant);
    for (const auto &[term, coefficient] : condition.terms) {
      Value scaled =
          coefficient == 1
              ? term
              : createBinary<arith::MulIOp>(
                    builder, loc, term, createIndex(builder, loc, coefficient));
      base = createBinary<arith::AddIOp>(builder, loc, base, scaled);
    }
    base = toI32(builder, loc, base);
    // Row and column coefficients inside a tile: a 1-d space lies down
    // column 0 of each tile (element i at row i % 32 of tile i / 32).
    unsigned rank = getRank(parallel);
    int64_t rowCoefficient = condition.coefficients[0];
    int64_t columnCoefficient = rank == 2 ? condition.coefficients[1] : 0;
    bool f32 = request.f32;
    uint32_t trueBits = getMaskBits(request.trueValue, f32);
    uint32_t falseBits = getMaskBits(request.falseValue, f32);
    Value rowValue = createI32(builder, loc, rowCoefficient);
    Value columnValue = createI32(builder, loc, columnCoefficient);
    Value predicate = createI32(builder, loc, int64_t(condition.predicate));
    Value trueValue = createI32(builder, loc, int64_t(trueBits));
    Value falseValue = createI32(builder, loc, int64_t(falseBits));
    Value isF32 = createI32(builder, loc, f32 ? 1 : 0);
    emitMaskFill(
        builder, loc, *mask, tiles, "writer", [&](Value address, int64_t t) {
          int64_t tileRow = rank == 2 ? t / columns : t;
          int64_t tileColumn = rank == 2 ? t % columns : 0;
          int64_t offset =
              32 * (rowCoefficient * tileRow + columnCoefficient * tileColumn);
          Value start = offset == 0 ? base
                                    : createBinary<arith::AddIOp>(
                                          builder, loc, base,
                                          createI32(builder, loc, offset));
          if (request.values)
            return builder
                .create<tt::FillIndexTileOp>(
                    loc,
                    ValueRange{address, rowValue, columnValue, start, isF32})
                .getOperation();
          return builder
              .create<tt::FillIndexMaskTileOp>(
                  loc, ValueRange{address, rowValue, columnValue, start,
                                  predicate, trueValue, falseValue, isF32})
              .getOperation();
        });
    select->setAttr(kIndexMaskAttrName,
                    builder.getI64IntegerAttr(getCBIndex(*mask)));
  }
  return success();
}
