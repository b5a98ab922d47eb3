//===- ComputeElementwise.cpp - tile-lower-compute: tile.parallel ---------===//
//
// A tile.parallel body is scalar code; on Tenstorrent it runs on whole
// tiles. The body's results become expression trees (a value used twice
// is computed twice: DST is small and recomputing is cheaper than a trip
// through L1), and per output tile each tree is computed in DST and packed
// into the output's new version. Leaves are tiles of the inputs, read
// where the inputs are (an input CB, a home CB, or a constant).
//
//  - add/sub/mul of two input tiles: the FPU (add_tiles, ...), or its
//    broadcast forms (add_tiles_bcast_cols, ...) when one operand is a
//    row or column vector of the iteration space;
//  - add/sub/mul of a computed value and an input tile: the FPU with the
//    computed operand moved out of DST (binary_dest_reuse_tiles);
//  - anything else on two values: both in DST, the SFPU's binary ops;
//  - unary math: the SFPU in place; a constant operand: the SFPU's scalar
//    forms (binop_with_scalar, unary_max/min) or relu / recip for
//    max(x, 0) and 1 / x;
//  - a runtime scalar of the kernel (a scalar argument of the tile.kernel):
//    the same scalar forms with its f32 bits, a runtime argument
//    (tile.scalar_bits); x / s, whose scalar form needs 1/s from the host,
//    and arithmetic on the scalar itself fill it into a DST tile
//    (fill_tile_bitcast) and use the SFPU's binary ops;
//  - casts cost nothing: DST holds the value, the packer converts to the
//    output's format;
//  - comparisons (cmpf oeq, une, olt, ogt, ole, oge) are the SFPU's, 1.0
//    where they hold and 0.0 elsewhere (eq_binary_tile ..., or
//    unary_eq_tile ... with a scalar); and, or and xor of conditions are
//    min, max and ne of those values; a select on such a condition is
//    where_tile, which moves the chosen value bit for bit. (A select on
//    element indices reads a mask tile instead, IndexMask.h.)
//
// A vector input indexed by the iteration's first dimension (`%m[d0]`) is
// a column vector, the layout 1-d buffers already have (element i at row
// i % 32 of column 0); one indexed by the second dimension (`%v[d1]`) is
// transposed once into a scratch CB of row vectors (row 0) first.
//
//===----------------------------------------------------------------------===//

#include "ComputeLowering.h"
#include "IndexMask.h"
#include "tilt/Dialect/Math/Math.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/bit.h"
#include <array>
#include <cmath>
#include <functional>

using namespace tilt;
using namespace tilt::tiletott;

void tiletott::emitSfpuBinary(OpBuilder &builder, Location loc,
                              llvm::StringRef op, int64_t lhs, int64_t rhs,
                              int64_t out) {
  std::pair<llvm::StringRef, int64_t> dsts[] = {
      {"lhs", lhs}, {"rhs", rhs}, {"out", out < 0 ? lhs : out}};
  if (op == "add") {
    emit<tt::AddBinaryTileInitOp>(builder, loc);
    emit<tt::AddBinaryTileOp>(builder, loc, {}, dsts);
  } else if (op == "sub") {
    emit<tt::SubBinaryTileInitOp>(builder, loc);
    emit<tt::SubBinaryTileOp>(builder, loc, {}, dsts);
  } else if (op == "mul") {
    emit<tt::MulBinaryTileInitOp>(builder, loc);
    emit<tt::MulBinaryTileOp>(builder, loc, {}, dsts);
  } else if (op == "div") {
    emit<tt::DivBinaryTileInitOp>(builder, loc);
    emit<tt::DivBinaryTileOp>(builder, loc, {}, dsts);
  } else if (op == "max") {
    emit<tt::BinaryMaxTileInitOp>(builder, loc);
    emit<tt::BinaryMaxTileOp>(builder, loc, {}, dsts);
  } else if (op == "min") {
    emit<tt::BinaryMinTileInitOp>(builder, loc);
    emit<tt::BinaryMinTileOp>(builder, loc, {}, dsts);
  } else if (isComparison(op)) {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {{"type", op}};
    emit<tt::CompareBinaryTileInitOp>(builder, loc, {}, {}, type);
    emit<tt::CompareBinaryTileOp>(builder, loc, {}, dsts, type);
  }
}

bool tiletott::isComparison(llvm::StringRef op) {
  return op == "eq" || op == "ne" || op == "lt" || op == "gt" || op == "le" ||
         op == "ge";
}

void tiletott::emitSfpuIntBinary(OpBuilder &builder, Location loc,
                                 llvm::StringRef op, int64_t lhs, int64_t rhs) {
  std::pair<llvm::StringRef, int64_t> dsts[] = {
      {"lhs", lhs}, {"rhs", rhs}, {"out", lhs}};
  if (op == "add") {
    emit<tt::AddIntTileInitOp>(builder, loc);
    emit<tt::AddIntTileOp>(builder, loc, {}, dsts);
  } else if (op == "sub" || op == "eq" || op == "ne") {
    emit<tt::SubIntTileInitOp>(builder, loc);
    emit<tt::SubIntTileOp>(builder, loc, {}, dsts);
    if (op != "sub") {
      // a == b exactly when a - b wraps to 0.
      std::pair<llvm::StringRef, llvm::StringRef> type[] = {
          {"type", op == "eq" ? "eqz" : "nez"}};
      std::pair<llvm::StringRef, int64_t> dst[] = {{"dst", lhs}};
      emit<tt::ZeroIntTileInitOp>(builder, loc, {}, {}, type);
      emit<tt::ZeroIntTileOp>(builder, loc, {}, dst, type);
    }
  } else if (op == "mul") {
    emit<tt::MulIntTileInitOp>(builder, loc);
    emit<tt::MulIntTileOp>(builder, loc, {}, dsts);
  } else if (op == "and" || op == "or" || op == "xor") {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {{"type", op}};
    emit<tt::BitwiseBinaryTileInitOp>(builder, loc);
    emit<tt::BitwiseBinaryTileOp>(builder, loc, {}, dsts, type);
  } else if (op == "shl" || op == "shr" || op == "shru") {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {
        {"type", op == "shl"   ? "left"
                 : op == "shr" ? "right"
                               : "logical_right"}};
    emit<tt::ShiftBinaryTileInitOp>(builder, loc);
    emit<tt::ShiftBinaryTileOp>(builder, loc, {}, dsts, type);
  } else if (op == "max") {
    emit<tt::BinaryMaxInt32TileInitOp>(builder, loc);
    emit<tt::BinaryMaxInt32TileOp>(builder, loc, {}, dsts);
  } else if (op == "min") {
    emit<tt::BinaryMinInt32TileInitOp>(builder, loc);
    emit<tt::BinaryMinInt32TileOp>(builder, loc, {}, dsts);
  } else {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {{"type", op}};
    emit<tt::CompareIntTileInitOp>(builder, loc, {}, {}, type);
    emit<tt::CompareIntTileOp>(builder, loc, {}, dsts, type);
  }
}

namespace {

/// The relation `op` with its operands swapped (c < x is x > c).
llvm::StringRef swapRelation(llvm::StringRef op) {
  return llvm::StringSwitch<llvm::StringRef>(op)
      .Case("lt", "gt")
      .Case("gt", "lt")
      .Case("le", "ge")
      .Case("ge", "le")
      .Default(op);
}

/// How an input is laid over the iteration space's tiles.
enum class Broadcast { None, Columns, Rows };

/// One input of the tile.parallel, as the tiles read it.
struct Input {
  TileSource source;
  Broadcast broadcast = Broadcast::None;
  /// Rows: the scratch CB of transposed vector tiles.
  Value transposed;
  /// A part of the body computed ahead into a scratch CB of DST's format
  /// (the body did not fit DST): read back only with copy_tile, which is
  /// exact, never through the FPU's source registers.
  bool computedAhead = false;
  /// The mask of an index-dependent select (IndexMask.h), filled by the
  /// writer one tile per tile of the iteration space.
  bool mask = false;
  /// A scratch CB of the reciprocals of a divisor's tiles
  /// (divideByReciprocals), popped after the tile loop.
  bool reciprocal = false;
};

/// A value of the body, computed on tiles.
struct Node {
  enum Kind { Leaf, Scalar, Unary, Binary, Select } kind = Leaf;
  /// Leaf: the input.
  unsigned input = 0;
  /// Scalar: the value (as f32 bits when packed into an instruction).
  double value = 0.0;
  /// Scalar, and Unary with `scalar`: the kernel's runtime scalar in place
  /// of `value`, when set.
  Value runtime;
  /// Unary: exp, log, ..., or with `scalar` the op with `value` (add, sub,
  /// rsub, mul, div, max, min, and the comparisons eq, ne, lt, gt, le, ge,
  /// 1.0 where they hold, else 0.0); Binary: the same but rsub.
  llvm::StringRef op;
  bool scalar = false;
  /// Binary: on the SFPU even with an input tile operand (a select's
  /// additive mask: x keeps every bit, no source register truncates it).
  bool sfpu = false;
  /// DST holds the value as an int32 word (an i32; an i1 as 1 or 0), not
  /// as a float (an i1 as 1.0 or 0.0).
  bool integer = false;
  /// Select: `lhs` the condition (nonzero: true), `rhs` the value where
  /// it holds, `third` the value elsewhere.
  Node *lhs = nullptr, *rhs = nullptr, *third = nullptr;
};

/// Whether two trees compute the same value the same way: a body that
/// writes one expression twice (layer norm's `(x - m) * (x - m)`) builds
/// it twice.
bool isSameTree(const Node *a, const Node *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return a->kind == b->kind && a->input == b->input && a->value == b->value &&
         a->runtime == b->runtime && a->op == b->op && a->scalar == b->scalar &&
         a->sfpu == b->sfpu && a->integer == b->integer &&
         isSameTree(a->lhs, b->lhs) && isSameTree(a->rhs, b->rhs) &&
         isSameTree(a->third, b->third);
}

class ExpressionBuilder {
public:
  /// `exactF32`: f32 add, sub and mul go to the SFPU (an fp32 DST without
  /// allow-tf32), where no source register cuts their operands to TF32.
  /// `fp32Dest`: DST holds 32-bit words (i32 values need it).
  ExpressionBuilder(tile::ParallelOp parallel, llvm::ArrayRef<Input> inputs,
                    const llvm::DenseMap<Operation *, unsigned> &masks,
                    bool exactF32, bool fp32Dest)
      : parallel(parallel), inputs(inputs), masks(masks), exactF32(exactF32),
        fp32Dest(fp32Dest) {}

  /// The tree of `value`, or null with `reason` and `where` set.
  Node *build(Value value);

  std::string reason;
  Operation *where = nullptr;

  /// A leaf reading input `input`.
  Node *makeLeaf(unsigned input) {
    Node *leaf = make(Node::Leaf);
    leaf->input = input;
    return leaf;
  }
  /// A binary node of float operands.
  Node *makeBinary(llvm::StringRef op, Node *lhs, Node *rhs, bool sfpu) {
    Node *node = make(Node::Binary);
    node->op = op;
    node->lhs = lhs;
    node->rhs = rhs;
    node->sfpu = sfpu;
    return node;
  }

private:
  Node *make(Node::Kind kind) {
    nodes.push_back(std::make_unique<Node>());
    nodes.back()->kind = kind;
    return nodes.back().get();
  }
  Node *scalar(double value, Value runtime = Value()) {
    Node *node = make(Node::Scalar);
    node->value = value;
    node->runtime = runtime;
    return node;
  }
  /// A scalar whose value is known here (folded into its users).
  static bool isConstant(const Node *node) {
    return node->kind == Node::Scalar && !node->runtime;
  }
  Node *fail(Operation *at, const llvm::Twine &message) {
    reason = message.str();
    where = at;
    return nullptr;
  }
  Node *buildUnary(Operation *def, llvm::StringRef op, Node *operand);
  Node *buildBinary(Operation *def, llvm::StringRef op, Node *lhs, Node *rhs);

  Node *buildSelect(Operation *def);
  /// The trees of `def`'s two operands into `lhs` and `rhs`; false (with
  /// `reason` set) when one has none.
  bool buildOperands(Operation *def, Node *&lhs, Node *&rhs) {
    lhs = build(def->getOperand(0));
    rhs = lhs ? build(def->getOperand(1)) : nullptr;
    return rhs != nullptr;
  }
  /// An integer op (`op`: add, sub, mul, max, min, lt, gt, le, ge, eq, ne)
  /// on int32 words in DST, the SFPU's integer forms.
  Node *buildIntBinary(Operation *def, llvm::StringRef op, Node *lhs,
                       Node *rhs);
  /// An arith.cmpi of i32 values.
  Node *buildIntCompare(Operation *def);
  /// Whether `value` (index or i32) is computed from values the kernel
  /// has outside the body (block indices, loop variables, constants) by
  /// integer arithmetic, which the compute kernel can compute itself
  /// (KernelLowering::emitFill).
  bool isKernelInteger(Value value, int depth = 0) {
    if (depth > 16 ||
        !(value.getType().isIndex() || value.getType().isInteger(32)))
      return false;
    if (auto argument = value.dyn_cast<BlockArgument>()) {
      // An element of an input is not; a block index or loop variable is.
      Operation *owner = argument.getOwner()->getParentOp();
      return owner && !parallel.getOperation()->isAncestor(owner);
    }
    Operation *def = value.getDefiningOp();
    if (!parallel.getOperation()->isProperAncestor(def))
      return true;
    llvm::StringRef name = def->getName().getStringRef();
    if (name != "arith.constant" && name != "arith.addi" &&
        name != "arith.subi" && name != "arith.muli" &&
        name != "arith.index_cast")
      return false;
    for (Value operand : def->getOperands())
      if (!isKernelInteger(operand, depth + 1))
        return false;
    return true;
  }
  /// `node` (an int-encoded value) as a float (typecast_tile).
  Node *toFloat(Node *node) {
    if (!node->integer)
      return node;
    if (isConstant(node))
      return scalar(node->value);
    Node *cast = make(Node::Unary);
    cast->op = "int32_to_float32";
    cast->lhs = node;
    return cast;
  }
  /// An arith.cmpf, or null with `reason` set.
  Node *buildCompare(Operation *def);
  /// Whether `value` is an i1 (a condition: 1.0 or 0.0 on tiles).
  static bool isBoolean(Value value) {
    return value.getType().isSignlessInteger(1);
  }

  tile::ParallelOp parallel;
  llvm::ArrayRef<Input> inputs;
  /// The input of each index-dependent select's mask.
  const llvm::DenseMap<Operation *, unsigned> &masks;
  bool exactF32, fp32Dest;
  std::vector<std::unique_ptr<Node>> nodes;
};

/// The unary math ops of a body and their SFPU names.
llvm::StringRef getUnaryName(llvm::StringRef opName) {
  return llvm::StringSwitch<llvm::StringRef>(opName)
      .Case("math.exp", "exp")
      .Case("math.exp2", "exp2")
      .Case("math.log", "log")
      .Case("math.log2", "log2")
      .Case("math.erf", "erf")
      .Case("math.sqrt", "sqrt")
      .Case("math.rsqrt", "rsqrt")
      .Case("math.tanh", "tanh")
      .Case("math.absf", "abs")
      .Case("arith.negf", "negative")
      .Default("");
}

double foldUnary(llvm::StringRef op, double x) {
  return llvm::StringSwitch<double>(op)
      .Case("exp", std::exp(x))
      .Case("exp2", std::exp2(x))
      .Case("log", std::log(x))
      .Case("log2", std::log2(x))
      .Case("erf", std::erf(x))
      .Case("sqrt", std::sqrt(x))
      .Case("rsqrt", 1.0 / std::sqrt(x))
      .Case("tanh", std::tanh(x))
      .Case("abs", std::fabs(x))
      .Case("negative", -x)
      .Default(x);
}

double foldBinary(llvm::StringRef op, double a, double b) {
  return llvm::StringSwitch<double>(op)
      .Case("add", a + b)
      .Case("sub", a - b)
      .Case("mul", a * b)
      .Case("div", a / b)
      .Case("max", std::fmax(a, b))
      .Case("min", std::fmin(a, b))
      .Case("eq", a == b)
      .Case("ne", a != b)
      .Case("lt", a < b)
      .Case("gt", a > b)
      .Case("le", a <= b)
      .Case("ge", a >= b)
      .Default(a);
}

Node *ExpressionBuilder::buildUnary(Operation *def, llvm::StringRef op,
                                    Node *operand) {
  if (isConstant(operand))
    return scalar(float(foldUnary(op, operand->value)));
  Node *node = make(Node::Unary);
  node->op = op;
  node->lhs = operand;
  return node;
}

Node *ExpressionBuilder::buildBinary(Operation *def, llvm::StringRef op,
                                     Node *lhs, Node *rhs) {
  if (isConstant(lhs) && isConstant(rhs))
    return scalar(float(foldBinary(op, lhs->value, rhs->value)));
  // Special constants the SFPU has single ops for.
  if (op == "max" && (isConstant(lhs) || isConstant(rhs))) {
    Node *scalarNode = isConstant(lhs) ? lhs : rhs;
    Node *other = isConstant(lhs) ? rhs : lhs;
    if (scalarNode->value == 0.0)
      return buildUnary(def, "relu", other);
  }
  if (op == "div" && isConstant(lhs) && lhs->value == 1.0)
    return buildUnary(def, "recip", rhs);
  // x * x: one operand in DST, squared there. For an input read twice
  // (x * x of a CB) only where the product is on the SFPU anyway (exact
  // f32): otherwise one FPU mul_tiles reads it twice for less.
  if (op == "mul" && (lhs->kind != Node::Leaf || exactF32) &&
      isSameTree(lhs, rhs))
    return buildUnary(def, "square", lhs);
  // A tensor and a constant or runtime scalar: the SFPU's scalar forms
  // (binop_with_scalar.h, unary_max/min), on the tensor in DST. A scalar
  // with a scalar (one of them runtime) is computed on filled tiles below.
  if ((lhs->kind == Node::Scalar) != (rhs->kind == Node::Scalar)) {
    bool scalarFirst = lhs->kind == Node::Scalar;
    Node *scalarNode = scalarFirst ? lhs : rhs;
    Node *other = scalarFirst ? rhs : lhs;
    llvm::StringRef form;
    if (op == "add" || op == "mul" || op == "max" || op == "min")
      form = op;
    else if (isComparison(op))
      // comp.h's unary_*_tile compare the tile with the scalar.
      form = scalarFirst ? swapRelation(op) : op;
    else if (op == "sub")
      form = scalarFirst ? "rsub" : "sub";
    else if (op == "div" && !scalarFirst && !scalarNode->runtime)
      // div_unary_tile multiplies by 1/c, which only a constant gives here;
      // x / s with a runtime s divides by a filled tile (div_binary_tile).
      form = "div";
    if (!form.empty()) {
      Node *node = make(Node::Unary);
      node->op = form;
      node->value = scalarNode->value;
      node->runtime = scalarNode->runtime;
      node->lhs = other;
      node->scalar = true;
      return node;
    }
  }
  Node *node = make(Node::Binary);
  node->op = op;
  node->lhs = lhs;
  node->rhs = rhs;
  // The FPU would read f32 operands through SrcA/SrcB, which hold TF32 (a
  // 10-bit mantissa: tt-isa-documentation SrcASrcB.md); the SFPU's binary
  // ops compute in fp32 on an fp32 DST, as ttnn does for fp32 tensors.
  node->sfpu = exactF32 && def->getResult(0).getType().isF32();
  return node;
}

Node *ExpressionBuilder::buildSelect(Operation *def) {
  auto found = masks.find(def);
  if (found == masks.end()) {
    // A condition on values: 1.0 / 0.0 in DST, and where_tile.
    Node *condition = build(def->getOperand(0));
    if (!condition)
      return nullptr;
    Node *onTrue = build(def->getOperand(1));
    if (!onTrue)
      return nullptr;
    Node *onFalse = build(def->getOperand(2));
    if (!onFalse)
      return nullptr;
    if (isConstant(condition))
      return condition->value != 0.0 ? onTrue : onFalse;
    if (onTrue == onFalse || (isConstant(onTrue) && isConstant(onFalse) &&
                              onTrue->value == onFalse->value))
      return onTrue;
    // select(c, 1.0, 0.0) is the condition's own value.
    if (isConstant(onTrue) && onTrue->value == 1.0 && isConstant(onFalse) &&
        onFalse->value == 0.0 && isBoolean(def->getOperand(0)) &&
        onTrue->integer == condition->integer)
      return condition;
    Node *node = make(Node::Select);
    node->lhs = condition;
    node->rhs = onTrue;
    node->third = onFalse;
    node->integer = onTrue->integer;
    return node;
  }
  // tile-lower-data-movement checked the form when it made the mask.
  std::optional<unsigned> masked = getMaskedOperand(def);
  if (!masked)
    return fail(def, "this select's branches changed after its mask was made");
  Node *mask = makeLeaf(found->second);
  if (*masked == 0)
    return mask;
  Node *value = build(def->getOperand(*masked));
  if (!value)
    return nullptr;
  Node *node = make(Node::Binary);
  node->op = "add";
  node->lhs = value;
  node->rhs = mask;
  node->sfpu = true;
  return node;
}

Node *ExpressionBuilder::buildCompare(Operation *def) {
  // The predicates whose meaning the SFPU's comparisons have, NaN included
  // (IEEE: ordered relations false, `une` true with a NaN). The unordered
  // relations and `one`, `ueq` differ from them only on NaN, for which
  // tt-metal documents no rule: rejected rather than guessed.
  arith::CmpFPredicate predicate = arith::CmpFOp(def).getPredicate();
  llvm::StringRef relation;
  switch (predicate) {
  case arith::CmpFPredicate::OEQ:
    relation = "eq";
    break;
  case arith::CmpFPredicate::UNE:
    relation = "ne";
    break;
  case arith::CmpFPredicate::OLT:
    relation = "lt";
    break;
  case arith::CmpFPredicate::OGT:
    relation = "gt";
    break;
  case arith::CmpFPredicate::OLE:
    relation = "le";
    break;
  case arith::CmpFPredicate::OGE:
    relation = "ge";
    break;
  case arith::CmpFPredicate::AlwaysFalse:
    return scalar(0.0);
  case arith::CmpFPredicate::AlwaysTrue:
    return scalar(1.0);
  default:
    return fail(def, "'arith.cmpf' with predicate '" +
                         arith::stringifyCmpFPredicate(predicate) +
                         "' has no Tenstorrent tile equivalent (supported: "
                         "oeq, une, olt, ogt, ole, oge, whose NaN rule the "
                         "SFPU's comparisons share)");
  }
  Node *lhs, *rhs;
  if (!buildOperands(def, lhs, rhs))
    return nullptr;
  return buildBinary(def, relation, lhs, rhs);
}

Node *ExpressionBuilder::buildIntBinary(Operation *def, llvm::StringRef op,
                                        Node *lhs, Node *rhs) {
  if (isConstant(lhs) && isConstant(rhs)) {
    // Two's complement, as the SFPU computes.
    auto a = uint32_t(int32_t(lhs->value)), b = uint32_t(int32_t(rhs->value));
    int32_t x = int32_t(a), y = int32_t(b);
    int64_t folded = llvm::StringSwitch<int64_t>(op)
                         .Case("add", int32_t(a + b))
                         .Case("sub", int32_t(a - b))
                         .Case("mul", int32_t(a * b))
                         .Case("max", std::max(x, y))
                         .Case("min", std::min(x, y))
                         .Case("lt", x < y)
                         .Case("gt", x > y)
                         .Case("le", x <= y)
                         .Case("ge", x >= y)
                         .Case("eq", x == y)
                         .Case("ne", x != y)
                         .Case("and", int32_t(a & b))
                         .Case("or", int32_t(a | b))
                         .Case("xor", int32_t(a ^ b))
                         .Case("shl", y < 0 || y > 31 ? 0 : int32_t(a << y))
                         .Case("shru", y < 0 || y > 31 ? 0 : int32_t(a >> y))
                         .Case("shr", y < 0 || y > 31 ? (x < 0 ? -1 : 0)
                                                      : x >> y)
                         .Default(0);
    Node *node = scalar(double(folded));
    node->integer = true;
    return node;
  }
  if (!fp32Dest)
    return fail(def, "i32 arithmetic needs a 32-bit DST, which this kernel "
                     "does not use (no i32 buffer is an operand of its "
                     "tile.parallel ops)");
  Node *node = make(Node::Binary);
  node->op = op;
  node->lhs = lhs;
  node->rhs = rhs;
  node->integer = true;
  node->sfpu = true; // never the FPU, which computes on floats
  return node;
}

Node *ExpressionBuilder::buildIntCompare(Operation *def) {
  llvm::StringRef relation;
  switch (arith::CmpIOp(def).getPredicate()) {
  case arith::CmpIPredicate::eq:
    relation = "eq";
    break;
  case arith::CmpIPredicate::ne:
    relation = "ne";
    break;
  case arith::CmpIPredicate::slt:
    relation = "lt";
    break;
  case arith::CmpIPredicate::sgt:
    relation = "gt";
    break;
  case arith::CmpIPredicate::sle:
    relation = "le";
    break;
  case arith::CmpIPredicate::sge:
    relation = "ge";
    break;
  // Unsigned: a <u b exactly when a ^ 2^31 <s b ^ 2^31 (the sign bits
  // flipped); the SFPU's int32 comparisons are signed.
  case arith::CmpIPredicate::ult:
    relation = "lt";
    break;
  case arith::CmpIPredicate::ugt:
    relation = "gt";
    break;
  case arith::CmpIPredicate::ule:
    relation = "le";
    break;
  case arith::CmpIPredicate::uge:
    relation = "ge";
    break;
  }
  Node *lhs, *rhs;
  if (!buildOperands(def, lhs, rhs))
    return nullptr;
  switch (arith::CmpIOp(def).getPredicate()) {
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::uge: {
    auto flip = [&](Node *operand) {
      Node *sign = scalar(double(INT32_MIN));
      sign->integer = true;
      return buildIntBinary(def, "xor", operand, sign);
    };
    lhs = flip(lhs);
    rhs = lhs ? flip(rhs) : nullptr;
    if (!lhs || !rhs)
      return nullptr;
    break;
  }
  default:
    break;
  }
  return buildIntBinary(def, relation, lhs, rhs);
}

Node *ExpressionBuilder::build(Value value) {
  Block *body = parallel.getBody();
  if (auto argument = value.dyn_cast<BlockArgument>()) {
    if (argument.getOwner() != body)
      if (Value runtime = getRuntimeScalar(value))
        return scalar(0.0, runtime);
    if (argument.getOwner() != body)
      return fail(parallel.getOperation(),
                  "a block argument from outside the body has no tile "
                  "equivalent");
    const Input &input = inputs[argument.getArgNumber()];
    bool integer = argument.getType().isInteger(32);
    Node *leaf = input.source.constant
                     ? scalar(input.source.value, input.source.runtime)
                     : make(Node::Leaf);
    leaf->input = argument.getArgNumber();
    leaf->integer = integer;
    return leaf;
  }
  Operation *def = value.getDefiningOp();
  if (auto constant = getConstantValue(value).dyn_cast_or_null<FloatAttr>())
    return scalar(constant.getValueAsDouble());
  if (isBoolean(value))
    if (auto constant = getConstantValue(value).dyn_cast_or_null<IntegerAttr>())
      return scalar(constant.getValue().isZero() ? 0.0 : 1.0);
  if (value.getType().isInteger(32))
    if (auto constant =
            getConstantValue(value).dyn_cast_or_null<IntegerAttr>()) {
      Node *node = scalar(double(int32_t(constant.getValue().getSExtValue())));
      node->integer = true;
      return node;
    }
  if (!def || def->getBlock() != body) {
    if (std::optional<double> constant = evaluateScalar(value))
      return scalar(*constant);
    if (Value runtime = getRuntimeScalar(value))
      return scalar(0.0, runtime);
    return fail(def ? def : parallel.getOperation(),
                "a scalar from outside the body must be a constant or a "
                "scalar argument of the kernel: a value computed from a "
                "runtime scalar has no device form yet (compute it on the "
                "host and pass it as a scalar argument, or compute it in "
                "the body)");
  }
  // What the writer fills (IndexMask.h): a comparison of element indices
  // (1.0 where it holds), an element index as a number (int32 words, or f32
  // ones when it is only converted to a float: its sitofp reads them).
  Operation *indexOp = def;
  if (arith::SIToFPOp::dynCast(def))
    if (Operation *cast = def->getOperand(0).getDefiningOp();
        cast && isFloatIndexNumber(cast))
      indexOp = cast;
  if (auto found = masks.find(indexOp);
      found != masks.end() && !arith::SelectOp::dynCast(indexOp)) {
    Node *leaf = makeLeaf(found->second);
    leaf->integer =
        arith::IndexCastOp::dynCast(indexOp) && !isFloatIndexNumber(indexOp);
    return leaf;
  }
  llvm::StringRef name = def->getName().getStringRef();
  if (name == "arith.index_cast" && dependsOnIndex(def->getOperand(0), body))
    return fail(def, "an element index (tile.index) used as a number has no "
                     "Tenstorrent tile form yet (indices lower in the "
                     "conditions of selects only)");
  auto operand = [&](unsigned i) { return build(def->getOperand(i)); };
  // Casts: DST keeps the value; the packer rounds to the output's format.
  if (name == "arith.extf" || name == "arith.truncf")
    return operand(0);
  if (name == "arith.select")
    return buildSelect(def);
  if (name == "arith.cmpf")
    return buildCompare(def);
  if (name == "arith.cmpi" && def->getOperand(0).getType().isInteger(32))
    return buildIntCompare(def);
  llvm::StringRef integerOp = llvm::StringSwitch<llvm::StringRef>(name)
                                  .Case("arith.addi", "add")
                                  .Case("arith.subi", "sub")
                                  .Case("arith.muli", "mul")
                                  .Case("arith.maxsi", "max")
                                  .Case("arith.minsi", "min")
                                  .Case("arith.andi", "and")
                                  .Case("arith.ori", "or")
                                  .Case("arith.xori", "xor")
                                  .Case("arith.shli", "shl")
                                  .Case("arith.shrsi", "shr")
                                  .Case("arith.shrui", "shru")
                                  .Default("");
  if (!integerOp.empty() && value.getType().isInteger(32)) {
    Node *lhs, *rhs;
    if (!buildOperands(def, lhs, rhs))
      return nullptr;
    return buildIntBinary(def, integerOp, lhs, rhs);
  }
  // Between i32 and f32 (typecast_tile): to the nearest float, and toward
  // zero to an int32. A float of another width is the f32 in DST, which
  // the packer converts.
  if (name == "arith.sitofp" && def->getOperand(0).getType().isInteger(32)) {
    // A block index, loop variable or other integer of the kernel (not of
    // the element) as a float: filled into DST as an int32 word
    // (fill_tile_int, the compute kernel computes the word) and converted
    // there (TileLang's `T.exp2(-5.0 - 1.0 * i_h)`).
    Value word = def->getOperand(0);
    Operation *wordDef = word.getDefiningOp();
    Value integer = wordDef && arith::IndexCastOp::dynCast(wordDef)
                        ? wordDef->getOperand(0)
                        : word;
    if (!dependsOnIndex(integer, body) && !masks.count(wordDef) &&
        isKernelInteger(integer)) {
      if (!fp32Dest)
        return fail(def, "an integer of the kernel converted to a float "
                         "needs a 32-bit DST, which this kernel does not use");
      Node *node = scalar(0.0, integer);
      node->integer = true;
      return toFloat(node);
    }
    Node *inner = operand(0);
    return inner ? toFloat(inner) : nullptr;
  }
  if (name == "arith.fptosi" && value.getType().isInteger(32)) {
    Node *inner = operand(0);
    if (!inner)
      return nullptr;
    if (isConstant(inner)) {
      Node *node = scalar(std::trunc(inner->value));
      node->integer = true;
      return node;
    }
    if (!fp32Dest)
      return fail(def, "a conversion to i32 needs a 32-bit DST, which this "
                       "kernel does not use (no i32 buffer is an operand of "
                       "its tile.parallel ops)");
    Node *cast = make(Node::Unary);
    cast->op = "float32_to_int32";
    cast->lhs = inner;
    cast->integer = true;
    return cast;
  }
  // Conditions are 1.0 or 0.0 on tiles: a conversion of one to a float is
  // the same value; and is min, or is max, not is equality with 0.
  if ((name == "arith.uitofp" || name == "arith.sitofp") &&
      isBoolean(def->getOperand(0))) {
    Node *condition = operand(0);
    if (!condition)
      return nullptr;
    condition = toFloat(condition);
    if (name == "arith.uitofp")
      return condition;
    // sitofp reads an i1's bit as its sign: true is -1.
    return buildUnary(def, "negative", condition);
  }
  if ((name == "arith.andi" || name == "arith.ori" || name == "arith.xori") &&
      isBoolean(value)) {
    Node *lhs, *rhs;
    if (!buildOperands(def, lhs, rhs))
      return nullptr;
    if (lhs->integer && rhs->integer) {
      llvm::StringRef op = name == "arith.andi"  ? "min"
                           : name == "arith.ori" ? "max"
                                                 : "ne";
      return buildIntBinary(def, op, lhs, rhs);
    }
    // Mixed encodings: the int-encoded one as a float.
    lhs = toFloat(lhs);
    rhs = toFloat(rhs);
    if (name == "arith.andi")
      return buildBinary(def, "min", lhs, rhs);
    if (name == "arith.ori")
      return buildBinary(def, "max", lhs, rhs);
    // xor of 0/1 values: not-equal.
    return buildBinary(def, "ne", lhs, rhs);
  }
  llvm::StringRef unary = getUnaryName(name);
  if (!unary.empty()) {
    Node *inner = operand(0);
    return inner ? buildUnary(def, unary, inner) : nullptr;
  }
  llvm::StringRef binary = llvm::StringSwitch<llvm::StringRef>(name)
                               .Case("arith.addf", "add")
                               .Case("arith.subf", "sub")
                               .Case("arith.mulf", "mul")
                               .Case("arith.divf", "div")
                               .Case("arith.maximumf", "max")
                               .Case("arith.minimumf", "min")
                               .Default("");
  if (!binary.empty()) {
    Node *lhs, *rhs;
    if (!buildOperands(def, lhs, rhs))
      return nullptr;
    return buildBinary(def, binary, lhs, rhs);
  }
  return fail(def, "'" + name +
                       "' has no Tenstorrent tile equivalent (supported: "
                       "addf, subf, mulf, divf, negf, maximumf, minimumf, "
                       "extf, truncf, cmpf, select, andi, ori, xori, math "
                       "exp, exp2, log, log2, sqrt, rsqrt, tanh, erf, absf; "
                       "on i32: addi, subi, muli, maxsi, minsi, andi, ori, "
                       "xori, shli, shrsi, shrui, cmpi, sitofp, fptosi)");
}

/// Emits trees into DST tiles.
class TreeEmitter {
public:
  TreeEmitter(KernelLowering &lowering, Location loc,
              llvm::ArrayRef<Input> inputs)
      : lowering(lowering), builder(lowering.getBuilder()), loc(loc),
        inputs(inputs), used(lowering.getDstCapacity(), false) {}

  /// The DST tiles `node` needs at once.
  int64_t measure(Node *node);
  /// Why `node` cannot be emitted, or "".
  std::string check(Node *node);
  /// Frees every DST tile (a new acquisition).
  void reset() { std::fill(used.begin(), used.end(), false); }
  /// Emits `node` for the output tile of lane `lane` and returns its DST
  /// tile.
  int64_t emitNode(Node *node);

  /// The DST tiles `node` needs at once when computed for `lanes` output
  /// tiles of one row of tiles together (emitGroup's order).
  int64_t measureGroup(Node *node, int64_t lanes, bool allowShared = true);
  /// The DST tiles of `node` for each lane: op by op over the lanes, so
  /// that consecutive ops share their init (tt-hoist-inits drops the
  /// repeats). A value the same in every lane (a `%m[d0]` vector tile, a
  /// scalar, math on them) is computed once when `allowShared`.
  struct Slots {
    llvm::SmallVector<int64_t, 8> lanes;
    bool shared = false;
    int64_t at(unsigned lane) const { return shared ? lanes[0] : lanes[lane]; }
  };
  Slots emitGroup(Node *node, bool allowShared = true);
  /// The inits one output tile of `node` needs of each unit: the unpacker
  /// and math engine's (`fpu`: every leaf read and FPU op) and the SFPU's
  /// (`sfpu`: its distinct ops). When a unit switches configuration within
  /// a tile, computing several tiles op by op lets one init serve them.
  void countInits(Node *node, int64_t &fpu, llvm::StringSet<> &sfpu);

  /// The output tiles computed together (i32 values; one per lane), their
  /// rows and columns of tiles. All lanes are in one row of tiles.
  llvm::SmallVector<Value, 8> tiles, rows, columns;
  /// The lane emitNode emits for.
  unsigned lane = 0;
  /// The CB the current tree is packed into (unary_bcast_init's output).
  int64_t out = 0;

private:
  /// The same value in every lane: it reads only vectors indexed by the
  /// row (`%m[d0]`) and scalars. Integer values are never shared (their
  /// SFPU ops are emitted with the output in the left operand).
  bool isUniform(Node *node) const {
    if (node->integer)
      return false;
    switch (node->kind) {
    case Node::Leaf:
      return inputs[node->input].broadcast == Broadcast::Columns &&
             !inputs[node->input].source.constant;
    case Node::Scalar:
      return true;
    case Node::Unary:
      return isUniform(node->lhs);
    case Node::Binary:
      return isUniform(node->lhs) && isUniform(node->rhs);
    case Node::Select:
      return isUniform(node->lhs) && isUniform(node->rhs) &&
             isUniform(node->third);
    }
    return false;
  }
  int64_t getLaneCount() const { return int64_t(tiles.size()); }

  bool isBroadcastLeaf(Node *node) const {
    return node->kind == Node::Leaf &&
           inputs[node->input].broadcast != Broadcast::None;
  }
  /// A whole input tile and a broadcast vector tile: one FPU broadcast op.
  bool isBroadcastForm(Node *node) const {
    return (isFpuLeaf(node->lhs) && isBroadcastLeaf(node->rhs)) ||
           (isBroadcastLeaf(node->lhs) && isFpuLeaf(node->rhs));
  }
  /// A select's operands in the order they are computed: the one that
  /// needs the most DST tiles (by `need`) first, ties in operand order.
  static std::array<unsigned, 3>
  orderLargestFirst(const std::array<Node *, 3> &operands,
                    llvm::function_ref<int64_t(Node *)> need) {
    std::array<unsigned, 3> order = {0, 1, 2};
    std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
      return need(operands[a]) > need(operands[b]);
    });
    return order;
  }
  /// An add, sub or mul the FPU can do (not forced onto the SFPU).
  static bool isFpuOp(const Node *node) {
    return !node->sfpu &&
           (node->op == "add" || node->op == "sub" || node->op == "mul");
  }
  /// where_tile: DST[cond] = DST[cond] ? DST[onTrue] : DST[onFalse].
  void emitWhere(const Node *node, int64_t cond, int64_t onTrue,
                 int64_t onFalse) {
    std::pair<llvm::StringRef, int64_t> dsts[] = {{"cond", cond},
                                                  {"on_true", onTrue},
                                                  {"on_false", onFalse},
                                                  {"out", cond}};
    std::pair<llvm::StringRef, llvm::StringRef> format[] = {
        {"format", node->integer           ? "int32"
                   : lowering.isFp32Dest() ? "float32"
                                           : "float16_b"}};
    emit<tt::WhereTileInitOp>(builder, loc);
    emit<tt::WhereTileOp>(builder, loc, {}, dsts, format);
    used[onTrue] = false;
    used[onFalse] = false;
  }
  /// DST[slot] = DST[slot] op `leaf`'s tile of the current lane, the DST
  /// operand moved into the source register the leaf does not take.
  void emitDestReuse(const Node *node, Node *leaf, int64_t slot) {
    llvm::StringRef reuse = leaf == node->lhs ? "dest_to_srcb" : "dest_to_srca";
    int64_t cb = getLeafCB(leaf);
    emit<tt::BinaryDestReuseTilesInitOp>(
        builder, loc, {}, {{"in", cb}}, {{"type", node->op}, {"reuse", reuse}});
    emit<tt::BinaryDestReuseTilesOp>(builder, loc, {getLeafTile(leaf)},
                                     {{"in", cb}, {"dst", slot}},
                                     {{"type", node->op}, {"reuse", reuse}});
  }
  bool isFpuLeaf(Node *node) const {
    return node->kind == Node::Leaf &&
           inputs[node->input].broadcast == Broadcast::None &&
           !inputs[node->input].computedAhead;
  }
  /// The input tile a leaf reads for the current lane's output tile.
  Value getLeafTile(Node *leaf) const {
    const Input &input = inputs[leaf->input];
    Value tile = tiles[lane];
    if (input.broadcast == Broadcast::Columns)
      tile = rows[lane];
    else if (input.broadcast == Broadcast::Rows)
      tile = columns[lane];
    // A slice read in place (not the transposed copy made of it).
    if (input.source.offset && !input.transposed)
      tile =
          createBinary<arith::AddIOp>(builder, loc, input.source.offset, tile);
    return tile;
  }
  int64_t getLeafCB(Node *leaf) const {
    const Input &input = inputs[leaf->input];
    return input.transposed ? getCBIndex(input.transposed) : input.source.index;
  }
  int64_t allocate() {
    for (size_t i = 0; i < used.size(); ++i)
      if (!used[i]) {
        used[i] = true;
        return i;
      }
    return 0; // Not reached: measure() checked the capacity.
  }
  void emitUnary(llvm::StringRef op, int64_t slot);
  /// DST[lhs] = DST[lhs] op DST[rhs] on int32 words.
  /// The SFPU's scalar form `op` of `node`'s scalar on DST[slot].
  void emitScalar(llvm::StringRef op, const Node *node, int64_t slot);
  /// The f32 bits of `value` (an i32 constant), or of the runtime scalar
  /// `runtime` when it is set.
  Value getBits(double value, Value runtime = Value()) {
    return lowering.getScalarBits(loc, value, runtime);
  }
  llvm::StringRef getDimName(Node *leaf) const {
    return inputs[leaf->input].broadcast == Broadcast::Rows ? "row" : "col";
  }

  KernelLowering &lowering;
  OpBuilder &builder;
  Location loc;
  llvm::ArrayRef<Input> inputs;
  llvm::SmallVector<bool, 8> used;
};

int64_t TreeEmitter::measure(Node *node) {
  switch (node->kind) {
  case Node::Leaf:
  case Node::Scalar:
    return 1;
  case Node::Unary:
    return measure(node->lhs);
  case Node::Select: {
    // The three operands in DST at once, computed largest first.
    llvm::SmallVector<int64_t, 3> needs = {
        measure(node->lhs), measure(node->rhs), measure(node->third)};
    llvm::sort(needs, std::greater<int64_t>());
    return std::max({needs[0], needs[1] + 1, needs[2] + 2});
  }
  case Node::Binary:
    break;
  }
  bool fpu = isFpuOp(node);
  if (fpu &&
      (isBroadcastForm(node) || (isFpuLeaf(node->lhs) && isFpuLeaf(node->rhs))))
    return 1;
  if (fpu && isFpuLeaf(node->rhs))
    return measure(node->lhs);
  if (fpu && isFpuLeaf(node->lhs))
    return measure(node->rhs);
  return std::max(measure(node->lhs), 1 + measure(node->rhs));
}

std::string TreeEmitter::check(Node *node) {
  if (node->kind == Node::Leaf &&
      inputs[node->input].broadcast != Broadcast::None &&
      inputs[node->input].source.constant)
    return "a broadcast constant has no lowering";
  // A column vector is loaded by unary_bcast straight into DST (an i32 CB
  // is unpacked to DST); a row vector would be transposed through SrcA
  // first, which holds 19 bits.
  if (node->kind == Node::Leaf && node->integer &&
      inputs[node->input].broadcast == Broadcast::Rows)
    return "an i32 vector indexed by the second dimension (%v[d1]) has no "
           "lowering yet (its transpose would pass the FPU's 19-bit source "
           "registers); a vector indexed by the first (%m[d0]) has";
  for (Node *child : {node->lhs, node->rhs, node->third})
    if (child) {
      std::string reason = check(child);
      if (!reason.empty())
        return reason;
    }
  return "";
}

void TreeEmitter::emitUnary(llvm::StringRef op, int64_t slot) {
  std::pair<llvm::StringRef, int64_t> dst[] = {{"dst", slot}};
#define TILT_UNARY(NAME, CLASS)                                                \
  if (op == NAME) {                                                            \
    emit<tt::CLASS##InitOp>(builder, loc);                                     \
    emit<tt::CLASS##Op>(builder, loc, {}, dst);                                \
    return;                                                                    \
  }
  TILT_UNARY("exp", ExpTile)
  TILT_UNARY("log", LogTile)
  TILT_UNARY("sqrt", SqrtTile)
  TILT_UNARY("rsqrt", RsqrtTile)
  TILT_UNARY("tanh", TanhTile)
  TILT_UNARY("abs", AbsTile)
  TILT_UNARY("negative", NegativeTile)
  TILT_UNARY("relu", ReluTile)
  TILT_UNARY("recip", RecipTile)
  TILT_UNARY("square", SquareTile)
  TILT_UNARY("exp2", Exp2Tile)
  TILT_UNARY("erf", ErfTile)
#undef TILT_UNARY
  if (op == "int32_to_float32" || op == "float32_to_int32") {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {{"type", op}};
    emit<tt::TypecastTileInitOp>(builder, loc, {}, {}, type);
    emit<tt::TypecastTileOp>(builder, loc, {}, dst, type);
    return;
  }
  if (op == "log2") {
    // ln(x) / ln(2) (log_with_base_tile's scale: 1 / ln(base)).
    emit<tt::LogWithBaseTileInitOp>(builder, loc);
    emit<tt::LogWithBaseTileOp>(builder, loc, {getBits(1.0 / std::log(2.0))},
                                dst);
  }
}

void TreeEmitter::emitScalar(llvm::StringRef op, const Node *node,
                             int64_t slot) {
  std::pair<llvm::StringRef, int64_t> dst[] = {{"dst", slot}};
  double value = node->value;
  if (isComparison(op)) {
    std::pair<llvm::StringRef, llvm::StringRef> type[] = {{"type", op}};
    emit<tt::CompareUnaryTileInitOp>(builder, loc, {}, {}, type);
    emit<tt::CompareUnaryTileOp>(builder, loc, {getBits(value, node->runtime)},
                                 dst, type);
    return;
  }
  // The scalar's f32 bits: a literal, or the kernel's runtime argument
  // (binop_with_scalar.h and unary_max/min take `uint32_t param` bits).
  Value bits = getBits(value, node->runtime);
  if (op == "max" || op == "min") {
    if (op == "max") {
      emit<tt::UnaryMaxTileInitOp>(builder, loc);
      emit<tt::UnaryMaxTileOp>(builder, loc, {bits}, dst);
    } else {
      emit<tt::UnaryMinTileInitOp>(builder, loc);
      emit<tt::UnaryMinTileOp>(builder, loc, {bits}, dst);
    }
    return;
  }
  emit<tt::BinopWithScalarTileInitOp>(builder, loc);
  if (op == "add")
    emit<tt::AddUnaryTileOp>(builder, loc, {bits}, dst);
  else if (op == "sub")
    emit<tt::SubUnaryTileOp>(builder, loc, {bits}, dst);
  else if (op == "rsub")
    emit<tt::RsubUnaryTileOp>(builder, loc, {bits}, dst);
  else if (op == "mul")
    emit<tt::MulUnaryTileOp>(builder, loc, {bits}, dst);
  else
    // div_unary_tile multiplies by its operand: the inverse is taken here
    // (ckernel_sfpu_binop_with_scalar.h: "inversion is carried out on host
    // side").
    emit<tt::DivUnaryTileOp>(builder, loc, {getBits(1.0 / value)}, dst);
}

int64_t TreeEmitter::emitNode(Node *node) {
  switch (node->kind) {
  case Node::Leaf: {
    int64_t slot = allocate();
    int64_t cb = getLeafCB(node);
    if (inputs[node->input].broadcast != Broadcast::None) {
      // The vector spread over the tile (bcast.h).
      std::pair<llvm::StringRef, llvm::StringRef> dim[] = {
          {"dim", getDimName(node)}};
      emit<tt::UnaryBcastInitOp>(builder, loc, {}, {{"in", cb}, {"out", out}},
                                 dim);
      emit<tt::UnaryBcastOp>(builder, loc, {getLeafTile(node)},
                             {{"in", cb}, {"dst", slot}}, dim);
      return slot;
    }
    emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", cb}});
    emit<tt::CopyTileOp>(builder, loc, {getLeafTile(node)},
                         {{"in", cb}, {"dst", slot}});
    return slot;
  }
  case Node::Scalar: {
    int64_t slot = allocate();
    lowering.emitFill(loc, node->value, slot, node->runtime, node->integer);
    return slot;
  }
  case Node::Unary: {
    int64_t slot = emitNode(node->lhs);
    if (node->scalar)
      emitScalar(node->op, node, slot);
    else
      emitUnary(node->op, slot);
    return slot;
  }
  case Node::Select: {
    // Largest first (measure() counted so), then where_tile into the
    // condition's tile.
    std::array<Node *, 3> operands = {node->lhs, node->rhs, node->third};
    std::array<int64_t, 3> slots;
    std::array<unsigned, 3> order =
        orderLargestFirst(operands, [&](Node *n) { return measure(n); });
    for (unsigned i : order)
      slots[i] = emitNode(operands[i]);
    emitWhere(node, slots[0], slots[1], slots[2]);
    return slots[0];
  }
  case Node::Binary:
    break;
  }
  Node *lhs = node->lhs, *rhs = node->rhs;
  bool fpuOp = isFpuOp(node);
  if (fpuOp && isBroadcastForm(node)) {
    // in0 whole, in1 a vector the FPU broadcasts (bcast.h). With the
    // vector first, the operands swap: v - a is -(a - v).
    bool swapped = !isFpuLeaf(lhs);
    Node *whole = swapped ? rhs : lhs, *vector = swapped ? lhs : rhs;
    int64_t slot = allocate();
    int64_t in0 = getLeafCB(whole), in1 = getLeafCB(vector);
    std::pair<llvm::StringRef, llvm::StringRef> keywords[] = {
        {"type", node->op}, {"dim", getDimName(vector)}};
    std::pair<llvm::StringRef, int64_t> cbs[] = {{"in0", in0}, {"in1", in1}};
    std::pair<llvm::StringRef, int64_t> withDst[] = {
        {"in0", in0}, {"in1", in1}, {"dst", slot}};
    llvm::SmallVector<Value, 2> operands = {getLeafTile(whole),
                                            getLeafTile(vector)};
    emit<tt::BcastTilesInitOp>(builder, loc, {}, cbs, keywords);
    emit<tt::BcastTilesOp>(builder, loc, operands, withDst, keywords);
    if (swapped && node->op == "sub")
      emitUnary("negative", slot);
    return slot;
  }
  bool fpu = fpuOp;
  if (fpu && isFpuLeaf(lhs) && isFpuLeaf(rhs)) {
    int64_t slot = allocate();
    int64_t in0 = getLeafCB(lhs), in1 = getLeafCB(rhs);
    std::pair<llvm::StringRef, int64_t> cbs[] = {{"in0", in0}, {"in1", in1}};
    std::pair<llvm::StringRef, int64_t> withDst[] = {
        {"in0", in0}, {"in1", in1}, {"dst", slot}};
    llvm::SmallVector<Value, 2> operands = {getLeafTile(lhs), getLeafTile(rhs)};
    if (node->op == "add") {
      emit<tt::AddTilesInitOp>(builder, loc, {}, cbs);
      emit<tt::AddTilesOp>(builder, loc, operands, withDst);
    } else if (node->op == "sub") {
      emit<tt::SubTilesInitOp>(builder, loc, {}, cbs);
      emit<tt::SubTilesOp>(builder, loc, operands, withDst);
    } else {
      emit<tt::MulTilesInitOp>(builder, loc, {}, cbs);
      emit<tt::MulTilesOp>(builder, loc, operands, withDst);
    }
    return slot;
  }
  if (fpu && (isFpuLeaf(lhs) || isFpuLeaf(rhs))) {
    // The computed operand moves from DST into a source register.
    Node *leaf = isFpuLeaf(rhs) ? rhs : lhs;
    Node *computed = isFpuLeaf(rhs) ? lhs : rhs;
    int64_t slot = emitNode(computed);
    emitDestReuse(node, leaf, slot);
    return slot;
  }
  int64_t left = emitNode(lhs);
  int64_t right = emitNode(rhs);
  if (lhs->integer)
    emitSfpuIntBinary(builder, loc, node->op, left, right);
  else
    tiletott::emitSfpuBinary(builder, loc, node->op, left, right);
  used[right] = false;
  return left;
}

void TreeEmitter::countInits(Node *node, int64_t &fpu,
                             llvm::StringSet<> &sfpu) {
  switch (node->kind) {
  case Node::Leaf:
    if (!inputs[node->input].source.constant)
      ++fpu;
    return;
  case Node::Scalar:
    return;
  case Node::Unary:
    sfpu.insert((node->scalar ? "scalar " : "") + node->op.str());
    return countInits(node->lhs, fpu, sfpu);
  case Node::Select:
    sfpu.insert("where");
    for (Node *child : {node->lhs, node->rhs, node->third})
      countInits(child, fpu, sfpu);
    return;
  case Node::Binary:
    break;
  }
  Node *lhs = node->lhs, *rhs = node->rhs;
  bool fpuOp = isFpuOp(node);
  if (fpuOp && (isBroadcastForm(node) || (isFpuLeaf(lhs) && isFpuLeaf(rhs)))) {
    ++fpu;
    return;
  }
  if (fpuOp && (isFpuLeaf(lhs) || isFpuLeaf(rhs))) {
    ++fpu;
    return countInits(isFpuLeaf(rhs) ? lhs : rhs, fpu, sfpu);
  }
  sfpu.insert(node->op);
  countInits(lhs, fpu, sfpu);
  countInits(rhs, fpu, sfpu);
}

int64_t TreeEmitter::measureGroup(Node *node, int64_t lanes, bool allowShared) {
  if (lanes == 1 || (allowShared && isUniform(node)))
    return measure(node);
  // Below a value that is not the same in every lane, a uniform operand
  // is computed once; below one that is but may not be shared, per lane.
  bool share = !isUniform(node);
  switch (node->kind) {
  case Node::Leaf:
  case Node::Scalar:
    return lanes;
  case Node::Unary:
    return measureGroup(node->lhs, lanes, share);
  case Node::Select: {
    // Each operand for every lane, largest first; where_tile per lane.
    std::array<int64_t, 3> needs = {measureGroup(node->lhs, lanes, false),
                                    measureGroup(node->rhs, lanes, false),
                                    measureGroup(node->third, lanes, false)};
    llvm::sort(needs, std::greater<int64_t>());
    return std::max({needs[0], lanes + needs[1], 2 * lanes + needs[2]});
  }
  case Node::Binary:
    break;
  }
  Node *lhs = node->lhs, *rhs = node->rhs;
  bool fpu = isFpuOp(node);
  if (fpu && (isBroadcastForm(node) || (isFpuLeaf(lhs) && isFpuLeaf(rhs))))
    return lanes;
  if (fpu && isFpuLeaf(rhs))
    return measureGroup(lhs, lanes, false);
  if (fpu && isFpuLeaf(lhs))
    return measureGroup(rhs, lanes, false);
  share = share && !lhs->integer;
  int64_t held = share && isUniform(lhs) ? 1 : lanes;
  return std::max(measureGroup(lhs, lanes, share),
                  held + measureGroup(rhs, lanes, share));
}

TreeEmitter::Slots TreeEmitter::emitGroup(Node *node, bool allowShared) {
  Slots slots;
  unsigned count = tiles.size();
  if (count == 1 || (allowShared && isUniform(node))) {
    lane = 0;
    slots.lanes.push_back(emitNode(node));
    slots.shared = count > 1;
    return slots;
  }
  bool share = !isUniform(node);
  auto perLane = [&](Node *each) {
    for (lane = 0; lane < count; ++lane)
      slots.lanes.push_back(emitNode(each));
    lane = 0;
    return slots;
  };
  switch (node->kind) {
  case Node::Leaf:
  case Node::Scalar:
    return perLane(node);
  case Node::Unary: {
    Slots operand = emitGroup(node->lhs, share);
    for (unsigned i = 0; i < count; ++i) {
      if (node->scalar)
        emitScalar(node->op, node, operand.at(i));
      else
        emitUnary(node->op, operand.at(i));
    }
    return operand;
  }
  case Node::Select: {
    std::array<Node *, 3> operands = {node->lhs, node->rhs, node->third};
    std::array<Slots, 3> values;
    std::array<unsigned, 3> order = orderLargestFirst(
        operands, [&](Node *n) { return measureGroup(n, count, false); });
    for (unsigned i : order)
      values[i] = emitGroup(operands[i], false);
    for (unsigned i = 0; i < count; ++i)
      emitWhere(node, values[0].at(i), values[1].at(i), values[2].at(i));
    return values[0];
  }
  case Node::Binary:
    break;
  }
  Node *lhs = node->lhs, *rhs = node->rhs;
  bool fpu = isFpuOp(node);
  if (fpu && (isBroadcastForm(node) || (isFpuLeaf(lhs) && isFpuLeaf(rhs))))
    return perLane(node);
  if (fpu && (isFpuLeaf(lhs) || isFpuLeaf(rhs))) {
    Node *leaf = isFpuLeaf(rhs) ? rhs : lhs;
    Node *computed = isFpuLeaf(rhs) ? lhs : rhs;
    Slots values = emitGroup(computed, false);
    for (lane = 0; lane < count; ++lane)
      emitDestReuse(node, leaf, values.at(lane));
    lane = 0;
    return values;
  }
  share = share && !lhs->integer;
  Slots left = emitGroup(lhs, share);
  Slots right = emitGroup(rhs, share);
  // The result goes to the operand that is not shared.
  for (unsigned i = 0; i < count; ++i) {
    int64_t l = left.at(i), r = right.at(i);
    if (lhs->integer)
      emitSfpuIntBinary(builder, loc, node->op, l, r);
    else
      tiletott::emitSfpuBinary(builder, loc, node->op, l, r,
                               left.shared ? r : l);
    if (!left.shared && !right.shared)
      used[r] = false;
  }
  if (left.shared) {
    used[left.lanes[0]] = false;
    return right;
  }
  if (right.shared)
    used[right.lanes[0]] = false;
  return left;
}

/// x / v[i] by a column vector v over more than one column of tiles
/// becomes x * (1 / v[i]): the reciprocal of each vector tile is computed
/// once, into a scratch CB (recip_tile), and every output tile multiplies
/// by it (mul_binary_tile, a third of div_binary_tile's SFPU work), as
/// tt-metal's softmax multiplies by the reciprocal of the row sums. Only in
/// an fp32 DST without TF32, where the scratch keeps the reciprocal in f32
/// and the product is the SFPU's: the interpreter's budget for a division
/// counts an SFPU reciprocal's error and the product's rounding
/// (propagateDivide). A 16-bit DST would round the reciprocal to bf16 and
/// the product again, more than div_binary_tile's one rounding.
LogicalResult divideByReciprocals(KernelLowering &lowering, Operation *op,
                                  ExpressionBuilder &expressions,
                                  llvm::SmallVectorImpl<Input> &inputs,
                                  llvm::ArrayRef<Node *> roots, int64_t rows,
                                  int64_t columns, bool exactF32) {
  if (!exactF32 || columns < 2)
    return success();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  llvm::DenseMap<unsigned, unsigned> reciprocals;
  llvm::SmallPtrSet<Node *, 16> visited;
  std::function<LogicalResult(Node *)> visit = [&](Node *node) {
    if (!node || !visited.insert(node).second)
      return success();
    for (Node *child : {node->lhs, node->rhs, node->third})
      if (failed(visit(child)))
        return failure();
    if (node->kind != Node::Binary || node->op != "div" || node->integer ||
        node->rhs->kind != Node::Leaf)
      return success();
    const Input &divisor = inputs[node->rhs->input];
    if (divisor.broadcast != Broadcast::Columns || divisor.source.constant ||
        divisor.computedAhead || divisor.mask)
      return success();
    auto found = reciprocals.find(node->rhs->input);
    if (found == reciprocals.end()) {
      TileSource source = divisor.source;
      FailureOr<Value> scratch = lowering.createFilledScratchCB(
          op, source.cb.getType().cast<cb::CBType>().getDataFormat(), rows,
          source.index, [&](Value tile, int64_t) {
            if (source.offset)
              tile = createBinary<arith::AddIOp>(builder, loc, source.offset,
                                                 tile);
            emit<tt::CopyTileInitOp>(builder, loc, {}, {{"in", source.index}});
            emit<tt::CopyTileOp>(builder, loc, {tile},
                                 {{"in", source.index}, {"dst", 0}});
            emit<tt::RecipTileInitOp>(builder, loc);
            emit<tt::RecipTileOp>(builder, loc, {}, {{"dst", 0}});
            return int64_t(0);
          });
      if (failed(scratch))
        return failure();
      Input reciprocal;
      reciprocal.source.cb = *scratch;
      reciprocal.source.index = getCBIndex(*scratch);
      reciprocal.broadcast = Broadcast::Columns;
      reciprocal.reciprocal = true;
      found = reciprocals.try_emplace(node->rhs->input, inputs.size()).first;
      inputs.push_back(reciprocal);
    }
    node->rhs = expressions.makeLeaf(found->second);
    node->op = "mul";
    node->sfpu = true;
    return success();
  };
  for (Node *root : roots)
    if (failed(visit(root)))
      return failure();
  return success();
}

/// Whether `node` reads a tile of a bf16 or f16 CB, which the FPU's
/// source registers hold exactly.
bool isExact16BitLeaf(const Node *node, llvm::ArrayRef<Input> inputs) {
  if (node->kind != Node::Leaf || node->integer)
    return false;
  const Input &input = inputs[node->input];
  if (input.source.constant || input.computedAhead || input.mask ||
      input.reciprocal)
    return false;
  Type format = input.source.cb.getType().cast<cb::CBType>().getDataFormat();
  return format.isBF16() || format.isF16();
}

/// Whether the FPU can multiply `a` and `b` exactly: two 16-bit float
/// tiles, at least one whole (mul_tiles, or its broadcast form).
bool isExactFpuProduct(const Node *a, const Node *b,
                       llvm::ArrayRef<Input> inputs) {
  return isExact16BitLeaf(a, inputs) && isExact16BitLeaf(b, inputs) &&
         (inputs[a->input].broadcast == Broadcast::None ||
          inputs[b->input].broadcast == Broadcast::None);
}

/// In an fp32 DST without TF32 every f32 mul runs on the SFPU (the FPU's
/// source registers would cut f32 operands to TF32). The product of two
/// bf16 or f16 tiles (8- or 11-bit significands) is exact on the FPU at
/// HiFi4, whose phases multiply every significand bit (MatrixUnit.md), and
/// an fp32 DST holds it exactly, so it runs there: one FPU op in place of
/// two reads into DST and an SFPU multiply. A product of such a pair and
/// another factor, `(x * s[i]) * w[j]` (RMS norm's), is regrouped as
/// `(x * w[j]) * s[i]`: the FPU's exact product, then one SFPU multiply.
/// That rounds once where the body rounds twice, within the interpreter's
/// budget for the body as written (a rounding per multiply).
void useExactFpuProducts(ExpressionBuilder &expressions,
                         llvm::ArrayRef<Input> inputs,
                         llvm::MutableArrayRef<Node *> roots) {
  llvm::SmallPtrSet<Node *, 16> visited;
  auto isFloatMul = [](const Node *node) {
    return node->kind == Node::Binary && node->op == "mul" && !node->scalar &&
           !node->integer;
  };
  std::function<void(Node *)> visit = [&](Node *node) {
    if (!node || !visited.insert(node).second)
      return;
    for (Node *child : {node->lhs, node->rhs, node->third})
      visit(child);
    if (!isFloatMul(node) || !node->sfpu)
      return;
    if (isExactFpuProduct(node->lhs, node->rhs, inputs)) {
      node->sfpu = false;
      return;
    }
    std::pair<Node *, Node *> splits[] = {{node->rhs, node->lhs},
                                          {node->lhs, node->rhs}};
    for (auto [outer, inner] : splits) {
      if (!isExact16BitLeaf(outer, inputs) || !isFloatMul(inner) ||
          !inner->sfpu)
        continue;
      std::pair<Node *, Node *> factors[] = {{inner->lhs, inner->rhs},
                                             {inner->rhs, inner->lhs}};
      for (auto [exact, other] : factors) {
        if (!isExactFpuProduct(exact, outer, inputs))
          continue;
        node->lhs = expressions.makeBinary("mul", exact, outer, false);
        node->rhs = other;
        return;
      }
    }
  };
  for (Node *root : roots)
    visit(root);
}

} // namespace

LogicalResult tiletott::lowerParallel(KernelLowering &lowering,
                                      tile::ParallelOp parallel) {
  Operation *op = parallel.getOperation();
  OpBuilder &builder = lowering.getBuilder();
  Location loc = op->getLoc();
  auto outputs = parallel.getOutputs();
  auto outType = outputs[0].getType().cast<tile::BufType>();
  // Plain variables, not a structured binding: the tile loop's lambda
  // below captures `columns` (C++20 allows capturing a binding, C++17 not).
  int64_t rows, columns;
  std::tie(rows, columns) = getTileGrid(outType.getShape());
  int64_t tiles = rows * columns;

  // Where each input is, and how it is laid over the iteration's tiles.
  llvm::SmallVector<Input, 4> inputs;
  unsigned rank = outType.getRank();
  if (rank > 2)
    return lowering.error(op, "tile.parallel over more than 2 dimensions has "
                              "no lowering (Tenstorrent tiles are 2-d)");
  for (unsigned i = 0; i < parallel.getInputs().size(); ++i) {
    FailureOr<TileSource> source =
        lowering.read(op, parallel.getInputs()[i], /*inPlace=*/true);
    if (failed(source))
      return failure();
    Input info;
    info.source = *source;
    llvm::SmallVector<int64_t, 4> dims = parallel.getInputDims(i);
    if (rank == 2 && dims.size() == 1)
      info.broadcast = dims[0] == 0 ? Broadcast::Columns : Broadcast::Rows;
    inputs.push_back(info);
  }
  // A vector along the second dimension is a column vector in L1 (the 1-d
  // layout); the FPU broadcasts rows, so it is transposed once.
  for (Input &input : inputs) {
    if (input.broadcast != Broadcast::Rows || input.source.constant)
      continue;
    int64_t from = input.source.index;
    FailureOr<Value> scratch = lowering.createFilledScratchCB(
        op, input.source.cb.getType().cast<cb::CBType>().getDataFormat(),
        columns, from, [&](Value tile, int64_t index) {
          if (input.source.offset)
            tile = createBinary<arith::AddIOp>(builder, loc,
                                               input.source.offset, tile);
          emit<tt::TransposeWhInitOp>(builder, loc, {},
                                      {{"in", from}, {"out", index}});
          emit<tt::TransposeWhTileOp>(builder, loc, {tile},
                                      {{"in", from}, {"dst", 0}});
          return int64_t(0);
        });
    if (failed(scratch))
      return failure();
    input.transposed = *scratch;
  }

  // The masks of selects on element indices: inputs the writer fills.
  llvm::DenseMap<Operation *, unsigned> masks;
  llvm::SmallVector<Value, 2> maskCBs;
  for (Operation &inner : *parallel.getBody()) {
    Value cb = findAttachedCB(&inner, kIndexMaskAttrName);
    if (!cb)
      continue;
    Input mask;
    mask.source.cb = cb;
    mask.source.index = getCBIndex(cb);
    mask.mask = true;
    masks[&inner] = inputs.size();
    inputs.push_back(mask);
    maskCBs.push_back(cb);
    emitCB<cb::WaitFrontOp>(builder, loc, cb, tiles);
  }

  // The trees are what the outputs use. An op outside them that is not
  // dead (an unregistered or effectful op) would be dropped: an error.
  Operation *yield = parallel.getBody()->getTerminator();
  {
    llvm::SmallPtrSet<Operation *, 16> used;
    llvm::SmallVector<Operation *, 16> stack{yield};
    while (!stack.empty())
      for (Value operand : stack.pop_back_val()->getOperands())
        if (Operation *def = operand.getDefiningOp())
          if (def->getBlock() == parallel.getBody() && used.insert(def).second)
            stack.push_back(def);
    std::function<bool(Operation *)> effectFree = [&](Operation *nested) {
      if (nested->hasTrait<OpTrait::Pure>())
        return true;
      if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return false;
      for (Region &region : nested->getRegions())
        for (Block &block : region)
          for (Operation &child : block)
            if (!effectFree(&child))
              return false;
      return true;
    };
    for (Operation &inner : *parallel.getBody())
      if (&inner != yield && !used.count(&inner) && !masks.count(&inner) &&
          !effectFree(&inner))
        return lowering.error(op,
                              "this op feeds no output of the tile.parallel "
                              "and may have effects: the lowering would drop "
                              "it",
                              &inner);
  }
  bool exactF32 = lowering.isFp32Dest() && !lowering.isTF32Allowed();
  ExpressionBuilder expressions(parallel, inputs, masks, exactF32,
                                lowering.isFp32Dest());
  llvm::SmallVector<Node *, 2> roots;
  for (Value result : yield->getOperands()) {
    Node *root = expressions.build(result);
    if (!root)
      return lowering.error(op, expressions.reason, expressions.where);
    roots.push_back(root);
  }
  if (failed(divideByReciprocals(lowering, op, expressions, inputs, roots, rows,
                                 columns, exactF32)))
    return failure();
  if (exactF32 && lowering.hasExactFpuProducts())
    useExactFpuProducts(expressions, inputs, roots);
  // How many tiles of a row of tiles each acquisition of DST computes: as
  // many as DST holds when a tile's ops switch a unit's configuration (a
  // copy_tile and a unary_bcast, or two SFPU ops), so that one init
  // serves them all; otherwise one (tt-hoist-inits takes the inits out of
  // the loop).
  int64_t capacity = lowering.getDstCapacity();
  auto chooseLanes = [&](TreeEmitter &emitter, llvm::ArrayRef<Node *> trees) {
    bool switches = false;
    for (Node *tree : trees) {
      int64_t fpu = 0;
      llvm::StringSet<> sfpu;
      emitter.countInits(tree, fpu, sfpu);
      switches = switches || fpu > 1 || sfpu.size() > 1;
    }
    if (!switches)
      return int64_t(1);
    for (int64_t lanes = std::min(capacity, columns); lanes > 1; --lanes)
      if (llvm::all_of(trees, [&](Node *tree) {
            return emitter.measureGroup(tree, lanes) <= capacity;
          }))
        return lanes;
    return int64_t(1);
  };
  // The trees for the `lanes` tiles from `first` (an i32, all in one row
  // of tiles), each computed in DST and packed into its target CB.
  Value columnCount;
  auto emitGroup = [&](TreeEmitter &emitter, llvm::ArrayRef<Node *> trees,
                       llvm::ArrayRef<int64_t> targets, Value first,
                       int64_t lanes) {
    emitter.tiles.clear();
    emitter.rows.clear();
    emitter.columns.clear();
    for (int64_t i = 0; i < lanes; ++i) {
      Value tile =
          i == 0 ? first
                 : createBinary<arith::AddIOp>(builder, loc, first,
                                               createI32(builder, loc, i));
      emitter.tiles.push_back(tile);
      emitter.rows.push_back(
          createBinary<arith::DivUIOp>(builder, loc, tile, columnCount));
      emitter.columns.push_back(
          createBinary<arith::RemUIOp>(builder, loc, tile, columnCount));
    }
    for (auto [tree, target] : llvm::zip(trees, targets)) {
      emit<tt::TileRegsAcquireOp>(builder, loc);
      emitter.reset();
      emitter.out = target;
      TreeEmitter::Slots slots = emitter.emitGroup(tree);
      llvm::SmallVector<int64_t, 8> dsts;
      for (int64_t i = 0; i < lanes; ++i)
        dsts.push_back(slots.at(i));
      lowering.emitPackAndRelease(loc, target, dsts);
    }
  };
  // The tile loop: over groups of tiles when they divide the rows of
  // tiles; otherwise per row of tiles, its whole groups in a loop and the
  // rest in one smaller group.
  auto emitTileLoop = [&](TreeEmitter &emitter, llvm::ArrayRef<Node *> trees,
                          llvm::ArrayRef<int64_t> targets) {
    int64_t lanes = chooseLanes(emitter, trees);
    OpBuilder::InsertionGuard guard(builder);
    auto createLoop = [&](int64_t count, int64_t step) {
      auto loop = builder.create<scf::ForOp>(loc, createIndex(builder, loc, 0),
                                             createIndex(builder, loc, count),
                                             createIndex(builder, loc, step));
      builder.setInsertionPointToStart(loop.getBody());
      return toI32(builder, loc, loop.getInductionVar());
    };
    if (columns % lanes == 0) {
      Value first = createLoop(tiles, lanes);
      columnCount = createI32(builder, loc, columns);
      emitGroup(emitter, trees, targets, first, lanes);
      return;
    }
    Value row = createLoop(rows, 1);
    columnCount = createI32(builder, loc, columns);
    Value start = createBinary<arith::MulIOp>(builder, loc, row, columnCount);
    int64_t whole = columns / lanes * lanes;
    {
      OpBuilder::InsertionGuard inner(builder);
      Value column = createLoop(whole, lanes);
      emitGroup(emitter, trees, targets,
                createBinary<arith::AddIOp>(builder, loc, start, column),
                lanes);
    }
    emitGroup(emitter, trees, targets,
              createBinary<arith::AddIOp>(builder, loc, start,
                                          createI32(builder, loc, whole)),
              columns - whole);
  };

  // A tree that needs more DST tiles than the kernel has is computed in
  // parts: the subtree that makes it overflow is computed ahead, tile by
  // tile, into a scratch CB of DST's format, and read back as an input
  // (one L1 round trip; Sethi-Ullman: a binary node needs max(l, r + 1),
  // so taking out the child that reaches the capacity always helps).
  llvm::SmallVector<Value, 2> aheads;
  for (Node *&root : roots) {
    {
      TreeEmitter checker(lowering, loc, inputs);
      std::string reason = checker.check(root);
      if (!reason.empty())
        return lowering.error(op, reason);
    }
    for (;;) {
      TreeEmitter measurer(lowering, loc, inputs);
      if (measurer.measure(root) <= capacity)
        break;
      // Down to a node that overflows while its children fit.
      Node **slot = &root;
      for (;;) {
        Node *node = *slot;
        Node **next = nullptr;
        for (Node **child : {&node->lhs, &node->rhs, &node->third})
          if (*child && measurer.measure(*child) > capacity)
            next = child;
        if (!next)
          break;
        slot = next;
      }
      Node *node = *slot;
      // The child that needs the most DST tiles.
      Node **ahead = &node->lhs;
      for (Node **child : {&node->rhs, &node->third})
        if (*child && measurer.measure(*child) > measurer.measure(*ahead))
          ahead = child;
      if ((*ahead)->kind == Node::Leaf || (*ahead)->kind == Node::Scalar)
        return lowering.error(op, "the body does not fit DST even in parts");
      Context *context = op->getContext();
      Type format = (*ahead)->integer ? Type(IntegerType::get(context, 32))
                    : lowering.isFp32Dest() ? Type(FloatType::getF32(context))
                                            : Type(FloatType::getBF16(context));
      FailureOr<Value> scratch = lowering.createScratchCB(op, format, tiles);
      if (failed(scratch))
        return failure();
      int64_t index = getCBIndex(*scratch);
      lowering.ensureStartup(loc, index, index, index);
      emitCB<cb::ReserveBackOp>(builder, loc, *scratch, tiles);
      {
        TreeEmitter emitter(lowering, loc, inputs);
        Node *tree = *ahead;
        emitTileLoop(emitter, {tree}, {index});
      }
      emitCB<cb::PushBackOp>(builder, loc, *scratch, tiles);
      emitCB<cb::WaitFrontOp>(builder, loc, *scratch, tiles);
      aheads.push_back(*scratch);
      Input computed;
      computed.source.cb = *scratch;
      computed.source.index = index;
      computed.computedAhead = true;
      inputs.push_back(computed);
      Node *leaf = expressions.makeLeaf(inputs.size() - 1);
      *ahead = leaf;
    }
  }
  TreeEmitter emitter(lowering, loc, inputs);

  // The new versions of the outputs, all reserved before the tile loop.
  llvm::SmallVector<WriteTarget, 2> targets;
  for (Value output : outputs) {
    FailureOr<WriteTarget> target = lowering.beginWrite(op, output);
    if (failed(target))
      return failure();
    targets.push_back(*target);
  }
  // SrcA and SrcB from the first two CB inputs.
  llvm::SmallVector<int64_t, 2> unpacked;
  for (const Input &input : inputs)
    if (!input.source.constant && unpacked.size() < 2)
      unpacked.push_back(input.source.index);
  while (unpacked.size() < 2)
    unpacked.push_back(unpacked.empty() ? targets.front().index
                                        : unpacked.front());
  lowering.ensureStartup(loc, unpacked[0], unpacked[1], targets.front().index);

  llvm::SmallVector<int64_t, 2> targetIndices;
  for (const WriteTarget &target : targets)
    targetIndices.push_back(target.index);
  emitTileLoop(emitter, roots, targetIndices);
  for (auto [output, target] : llvm::zip(outputs, targets))
    lowering.endWrite(op, output, target);
  for (const Input &input : inputs) {
    if (input.transposed)
      emitCB<cb::PopFrontOp>(builder, loc, input.transposed, columns);
    if (input.reciprocal)
      emitCB<cb::PopFrontOp>(builder, loc, input.source.cb, rows);
  }
  for (Value ahead : aheads)
    emitCB<cb::PopFrontOp>(builder, loc, ahead, tiles);
  for (Value mask : maskCBs)
    emitCB<cb::PopFrontOp>(builder, loc, mask, tiles);
  return success();
}
