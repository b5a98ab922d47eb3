//===- ScalarOps.cpp - arith and math in the tile interpreter -------------===//
//
// Scalar ops, exactly (fp64 for floats, int64 for integers), with the error
// bound of every float result. In a tile.parallel body the device computes
// on whole tiles in DST: every float result is rounded to DST's format, and
// the operands of add, sub and mul may pass through the FPU's source
// registers (TF32). Scalar code elsewhere rounds to the result's type.
// Integers are exact. A float comparison whose answer the bounds leave
// open makes everything that depends on it unbounded; the interpreter says
// so rather than guess (docs/tilt-run.md).
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/IR/Attributes.h"
#include "tilt/IR/Matchers.h"

#include <algorithm>
#include <cmath>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::interp::detail;

/// The answer of `predicate` for the operands a and b.
static bool compareFloats(arith::CmpFPredicate predicate, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (predicate) {
  case arith::CmpFPredicate::AlwaysFalse:
    return false;
  case arith::CmpFPredicate::OEQ:
    return !unordered && a == b;
  case arith::CmpFPredicate::OGT:
    return !unordered && a > b;
  case arith::CmpFPredicate::OGE:
    return !unordered && a >= b;
  case arith::CmpFPredicate::OLT:
    return !unordered && a < b;
  case arith::CmpFPredicate::OLE:
    return !unordered && a <= b;
  case arith::CmpFPredicate::ONE:
    return !unordered && a != b;
  case arith::CmpFPredicate::ORD:
    return !unordered;
  case arith::CmpFPredicate::UEQ:
    return unordered || a == b;
  case arith::CmpFPredicate::UGT:
    return unordered || a > b;
  case arith::CmpFPredicate::UGE:
    return unordered || a >= b;
  case arith::CmpFPredicate::ULT:
    return unordered || a < b;
  case arith::CmpFPredicate::ULE:
    return unordered || a <= b;
  case arith::CmpFPredicate::UNE:
    return unordered || a != b;
  case arith::CmpFPredicate::UNO:
    return unordered;
  case arith::CmpFPredicate::AlwaysTrue:
    return true;
  }
  return true;
}

bool Interpreter::isInput(Value value) {
  auto argument = value.dyn_cast<BlockArgument>();
  return parallelBody && argument && argument.getOwner() == parallelBody;
}

/// add, sub and mul: the ops the lowering may put on the FPU.
static bool isBinaryArithmetic(Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  return name == "arith.addf" || name == "arith.subf" || name == "arith.mulf";
}

bool Interpreter::isFromOutside(Value operand) {
  // A filled buffer is a constant to the lowering.
  if (constantInputs.count(operand))
    return true;
  if (isInput(operand))
    return false;
  Operation *def = operand.getDefiningOp();
  return !def || !parallelBody || def->getBlock() != parallelBody;
}

double Interpreter::getFidelityError(Operation *op, unsigned index) {
  if (op->getName().getStringRef() != "arith.mulf" || !isOnFPU(op))
    return 0;
  // lhs goes to SrcA and rhs to SrcB (add_tiles' in0 and in1; dest reuse
  // moves DST to the register of the operand it stands for), but for an
  // FPU broadcast with the vector first, which swaps them.
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  bool swapped = broadcastInputs.count(lhs) && !broadcastInputs.count(rhs);
  Value srcA = swapped ? rhs : lhs;
  Value operand = op->getOperand(index);
  if (operand == srcA && !(lhs == rhs && index == 1))
    return precision.getFidelityErrorA(!operand.getType().isBF16());
  return precision.getFidelityErrorB();
}

bool Interpreter::isOnFPU(Operation *op) {
  if (!isBinaryArithmetic(op))
    return false;
  // In an fp32 DST, f32 arithmetic runs on the SFPU unless TF32 is allowed
  // (tile-lower-compute: the FPU's source registers would hold TF32).
  if (precision.fp32Dest && !precision.allowTF32 &&
      op->getResult(0).getType().isF32())
    return false;
  // With a scalar from outside the body (a constant or a kernel scalar) the
  // lowering uses the SFPU's scalar forms (add_unary_tile, mul_unary_tile,
  // ...; docs/pipeline.md), which truncate into a 16-bit DST.
  return llvm::any_of(op->getOperands(),
                      [&](Value operand) { return isInput(operand); }) &&
         llvm::none_of(op->getOperands(),
                       [&](Value operand) { return isFromOutside(operand); });
}

double Interpreter::getEntryTruncation(Operation *op, unsigned index) {
  if (!parallelBody)
    return 0;
  Value value = op->getOperand(index);
  if (isInput(value)) {
    // A CB tile: bf16 and f16 enter exactly; f32 is truncated in a source
    // register (SrcASrcB.md), unless the op is on the SFPU, DST is fp32 and
    // no FPU op reads the CB: then tt-reconfigure-formats unpacks it
    // straight into DST (unpack_to_dest_fp32) for the copy_tile.
    // A column vector loaded by unary_bcast for the SFPU is unpacked
    // straight into DST too (its B2D datacopy, bcast.h); a row vector is
    // transposed through SrcA first (transpose_wh_tile).
    if (!value.getType().isF32())
      return 0;
    if (isOnFPU(op) || !precision.fp32Dest || inputsReadByFPU.count(value) ||
        rowVectorInputs.count(value))
      return precision.getF32SourceTruncation();
    return 0;
  }
  // A computed value is in DST. A 16-bit DST value moves into a source
  // register exactly. From an fp32 DST, binary_dest_reuse_tiles truncates
  // it to the format of the register, configured for the other operand's
  // CB (MOVD2A.md); two computed operands go to the SFPU, counted as TF32
  // all the same (the lowering may change).
  if (!isBinaryArithmetic(op) || !precision.fp32Dest || !isOnFPU(op))
    return 0;
  Value other = op->getOperand(1 - index);
  if (isInput(other) && other.getType().isBF16())
    return kTruncationBF16;
  // f16 keeps 10 bits, as TF32 does (its narrower range is not modelled).
  return kUnitRoundoffTF32;
}

ErrorBound Interpreter::getOperandBound(Operation *op, unsigned index) {
  RValue &operand = get(op->getOperand(index));
  ErrorBound bound = getSourceRegisterBound(operand.bound, operand.real,
                                            getEntryTruncation(op, index));
  return getSourceRegisterBound(bound, operand.real,
                                getFidelityError(op, index));
}

/// How the SFPU stores the result of `op` into a 16-bit DST (tt-metal's
/// llk_sfpu and tt-llk sources in docs/emulator.md). A bf16 rounding holds
/// in a Float16 DST too.
enum class SfpuStore {
  /// SFPSTORE's truncation to DST's format: add and sub, the scalar forms,
  /// erf, square, casts.
  Truncate,
  /// Rounded to bf16, to nearest even, from an exact result: mul and div of
  /// two tiles (float32_to_bf16_rne), rsub.
  RoundBF16,
  /// Rounded to bf16 (SFPSTOCHRND) from the function's fit: exp, exp2, log,
  /// log2, sqrt, rsqrt, tanh, the reciprocal. The fit may be off by up to
  /// half a bf16 step before the rounding (the reciprocal is "correctly
  /// rounded" for bf16, the others are not documented), so one step, 2 u,
  /// as a truncation is counted.
  FunctionBF16,
};

static SfpuStore getSfpuStore(Operation *op, bool lhsOutside, bool rhsOutside) {
  llvm::StringRef name = op->getName().getStringRef();
  if (name == "arith.mulf")
    // x * c is mul_unary_tile; x * x of a computed x is square_tile.
    return !lhsOutside && !rhsOutside && op->getOperand(0) != op->getOperand(1)
               ? SfpuStore::RoundBF16
               : SfpuStore::Truncate;
  if (name == "arith.divf") {
    // x / c is div_unary_tile (a multiply by 1/c); 1 / x is recip_tile,
    // c / x and x / y div_binary_tile.
    if (rhsOutside && !lhsOutside)
      return SfpuStore::Truncate;
    Attribute one = getConstantValue(op->getOperand(0));
    auto value = one.dyn_cast_or_null<FloatAttr>();
    return value && value.getValueAsDouble() == 1.0 ? SfpuStore::FunctionBF16
                                                    : SfpuStore::RoundBF16;
  }
  if (name == "arith.subf" && lhsOutside && !rhsOutside)
    return SfpuStore::RoundBF16; // rsub_unary_tile
  if (name == "math.exp" || name == "math.exp2" || name == "math.log" ||
      name == "math.log2" || name == "math.sqrt" || name == "math.rsqrt" ||
      name == "math.tanh")
    return SfpuStore::FunctionBF16;
  return SfpuStore::Truncate;
}

ErrorBound Interpreter::roundResult(Operation *op, const ErrorBound &bound,
                                    double value) {
  if (!parallelBody) {
    std::optional<NumberFormat> format =
        getNumberFormat(op->getResult(0).getType());
    return roundBound(bound, value, format.value_or(NumberFormat::Real));
  }
  // The lowering computes add, sub and mul with an input tile on the FPU,
  // which rounds to nearest into DST; everything else (unary math,
  // division, max and min, and add, sub and mul of two computed values) on
  // the SFPU, whose stores into a 16-bit DST truncate (SFPSTORE; the
  // emulator's Numerics.cpp cites the ISA documentation).
  if (precision.fp32Dest)
    return roundBound(bound, value, NumberFormat::F32);
  if (isOnFPU(op)) {
    // An FPU multiply adds into DST once per fidelity phase.
    int64_t roundings = op->getName().getStringRef() == "arith.mulf"
                            ? precision.getFidelityRoundings()
                            : 1;
    // Each phase rounds a partial sum, not yet a value of DST's format.
    ErrorBound rounded = bound;
    for (int64_t i = 0; i < roundings; ++i) {
      if (i > 0)
        rounded.format = NumberFormat::Real;
      rounded = roundBound(rounded, value, precision.getDestFormat());
    }
    return rounded;
  }
  bool lhsOutside =
      op->getNumOperands() > 0 && isFromOutside(op->getOperand(0));
  bool rhsOutside =
      op->getNumOperands() > 1 && isFromOutside(op->getOperand(1));
  SfpuStore store = getSfpuStore(op, lhsOutside, rhsOutside);
  if (store != SfpuStore::Truncate) {
    ErrorBound rounded = roundBound(
        bound, value, NumberFormat::BF16,
        store == SfpuStore::RoundBF16 ? Rounding::Nearest : Rounding::Truncate);
    return roundBound(rounded, value, precision.getDestFormat(),
                      Rounding::Truncate);
  }
  return roundBound(bound, value, precision.getDestFormat(),
                    Rounding::Truncate);
}

LogicalResult Interpreter::runScalar(Operation *op, llvm::StringRef name) {
  if (name == "arith.constant") {
    Attribute value = arith::ConstantOp(op).getValue();
    RValue &result = values[op->getResult(0)];
    result = RValue();
    if (auto integer = value.dyn_cast_or_null<IntegerAttr>()) {
      // An i1 is 0 or 1 (`true` is not -1), as cmpi's results are.
      result.integer = op->getResult(0).getType().isInteger(1)
                           ? int64_t(!integer.getValue().isZero())
                           : integer.getSInt();
      return success();
    }
    auto real = value.dyn_cast_or_null<FloatAttr>();
    if (!real)
      return fail(op, "the interpreter runs integer and float constants");
    // The device holds the literal in its type: exact when the literal is
    // a value of the type, else rounded once.
    result.real = real.getValueAsDouble();
    NumberFormat format = getNumberFormat(op->getResult(0).getType())
                              .value_or(NumberFormat::Real);
    result.bound = roundToFormat(result.real, format) == result.real
                       ? ErrorBound::getExact(format)
                       : roundBound(ErrorBound(), result.real, format);
    return success();
  }
  if (op->getNumResults() != 1)
    return fail(op, "the tile interpreter does not run '" + name + "'");
  llvm::StringRef mnemonic = name.substr(name.find('.') + 1);
  // And, or and xor of conditions: undecided when an undecided operand
  // can change the answer (false and x is false whatever x is).
  if ((mnemonic == "andi" || mnemonic == "ori" || mnemonic == "xori") &&
      op->getResult(0).getType().isInteger(1)) {
    const RValue &a = get(op->getOperand(0)), &b = get(op->getOperand(1));
    RValue result;
    int64_t absorbing = mnemonic == "andi" ? 0 : 1;
    auto absorbs = [&](const RValue &v) {
      return mnemonic != "xori" && !v.undecided && v.integer == absorbing;
    };
    result.integer = mnemonic == "andi"  ? a.integer & b.integer
                     : mnemonic == "ori" ? a.integer | b.integer
                                         : a.integer ^ b.integer;
    result.undecided =
        (a.undecided || b.undecided) && !absorbs(a) && !absorbs(b);
    values[op->getResult(0)] = result;
    return success();
  }
  // A condition as a number: 1 (or -1 for sitofp) or 0; when the bounds do
  // not decide the condition, the device may hold the other one.
  if ((mnemonic == "uitofp" || mnemonic == "sitofp") &&
      op->getOperand(0).getType().isInteger(1)) {
    const RValue &condition = get(op->getOperand(0));
    RValue result;
    double one = mnemonic == "uitofp" ? 1.0 : -1.0;
    result.real = condition.integer ? one : 0.0;
    result.bound = ErrorBound::getExact(NumberFormat::Integer);
    if (condition.undecided) {
      result.bound.total = 1.0;
      result.bound.format = NumberFormat::Real;
    }
    values[op->getResult(0)] = result;
    return success();
  }
  for (unsigned index = 0; index < op->getNumOperands(); ++index)
    if (get(op->getOperand(index)).undecided &&
        !(mnemonic == "select" && index == 0))
      return fail(op, "operand " + llvm::Twine(index) +
                          " is a float comparison that the error bounds do "
                          "not decide; the interpreter cannot bound what "
                          "follows from it");
  auto i = [&](unsigned index) { return get(op->getOperand(index)).integer; };
  RValue result;
  if (mnemonic == "addi")
    result.integer = i(0) + i(1);
  else if (mnemonic == "subi")
    result.integer = i(0) - i(1);
  else if (mnemonic == "muli")
    result.integer = i(0) * i(1);
  else if (mnemonic == "divsi" || mnemonic == "divui" || mnemonic == "remsi" ||
           mnemonic == "remui" || mnemonic == "ceildivsi" ||
           mnemonic == "floordivsi") {
    if (i(1) == 0)
      return fail(op, "division by zero");
    int64_t a = i(0), b = i(1);
    if (mnemonic.startswith("rem"))
      result.integer = a % b;
    else if (mnemonic == "ceildivsi")
      result.integer = arith::ceilDivSigned(a, b);
    else if (mnemonic == "floordivsi")
      result.integer = arith::floorDivSigned(a, b);
    else
      result.integer = a / b;
  } else if (mnemonic == "minsi" || mnemonic == "minui")
    result.integer = std::min(i(0), i(1));
  else if (mnemonic == "maxsi" || mnemonic == "maxui")
    result.integer = std::max(i(0), i(1));
  else if (mnemonic == "shli" || mnemonic == "shrsi" || mnemonic == "shrui") {
    // On i32 values (the tile bodies' integers), as the SFPU shifts: an
    // amount outside 0..31 shifts everything out (MLIR makes it poison).
    int64_t amount = i(1);
    auto word = uint32_t(i(0));
    if (amount < 0 || amount > 31)
      result.integer = mnemonic == "shrsi" && int32_t(word) < 0 ? -1 : 0;
    else if (mnemonic == "shli")
      result.integer = int32_t(word << amount);
    else if (mnemonic == "shrui")
      result.integer = int32_t(word >> amount);
    else
      result.integer = int32_t(word) >> amount;
  } else if (mnemonic == "andi")
    result.integer = i(0) & i(1);
  else if (mnemonic == "ori")
    result.integer = i(0) | i(1);
  else if (mnemonic == "xori")
    result.integer = i(0) ^ i(1);
  else if (mnemonic == "index_cast")
    result.integer = i(0);
  else if (mnemonic == "extsi" || mnemonic == "extui" || mnemonic == "trunci") {
    // Integers are held as the signed value of their width (an i1 as 0
    // or 1): extsi takes the operand's sign bit, extui its bits as
    // unsigned, trunci the result's low bits.
    auto width = [](Type type) {
      return type.isIndex() ? 64u : type.getIntOrFloatBitWidth();
    };
    unsigned bits = width(mnemonic == "trunci" ? op->getResult(0).getType()
                                               : op->getOperand(0).getType());
    uint64_t value = uint64_t(i(0));
    if (bits < 64)
      value &= (uint64_t(1) << bits) - 1;
    bool negative = bits < 64 && (value >> (bits - 1)) & 1;
    if (negative && (mnemonic == "extsi" || (mnemonic == "trunci" && bits > 1)))
      value |= ~((uint64_t(1) << bits) - 1);
    result.integer = int64_t(value);
  } else if (mnemonic == "cmpi") {
    int64_t a = i(0), b = i(1);
    // The unsigned predicates compare the operands' bits of their width (a
    // negative i32 is a large unsigned one).
    Type type = op->getOperand(0).getType();
    unsigned bits = type.isIndex() ? 64u : type.getIntOrFloatBitWidth();
    uint64_t mask = bits < 64 ? (uint64_t(1) << bits) - 1 : ~uint64_t(0);
    uint64_t ua = uint64_t(a) & mask, ub = uint64_t(b) & mask;
    switch (arith::CmpIOp(op).getPredicate()) {
    case arith::CmpIPredicate::eq:
      result.integer = a == b;
      break;
    case arith::CmpIPredicate::ne:
      result.integer = a != b;
      break;
    case arith::CmpIPredicate::slt:
      result.integer = a < b;
      break;
    case arith::CmpIPredicate::ult:
      result.integer = ua < ub;
      break;
    case arith::CmpIPredicate::sle:
      result.integer = a <= b;
      break;
    case arith::CmpIPredicate::ule:
      result.integer = ua <= ub;
      break;
    case arith::CmpIPredicate::sgt:
      result.integer = a > b;
      break;
    case arith::CmpIPredicate::ugt:
      result.integer = ua > ub;
      break;
    case arith::CmpIPredicate::sge:
      result.integer = a >= b;
      break;
    case arith::CmpIPredicate::uge:
      result.integer = ua >= ub;
      break;
    }
  } else if (failed(runFloat(op, mnemonic, result)))
    return failure();
  values[op->getResult(0)] = result;
  return success();
}

/// Float ops, select and the conversions: `result` gets the exact value
/// and its bound.
LogicalResult Interpreter::runFloat(Operation *op, llvm::StringRef mnemonic,
                                    RValue &result) {
  auto f = [&](unsigned index) { return get(op->getOperand(index)).real; };
  auto e = [&](unsigned index) -> const ErrorBound & {
    return get(op->getOperand(index)).bound;
  };
  // The operand as the compute engine sees it (source registers).
  auto engine = [&](unsigned index) { return getOperandBound(op, index); };
  auto unary = [&](UnaryFunction function) {
    result.real = evaluateUnary(function, f(0));
    ErrorBound bound = propagateUnary(function, f(0), engine(0));
    // erf_tile is bf16-grade (one bf16 step) unless the compute kernel
    // defines INP_FLOAT32, which the emitter does with an fp32 DST
    // (ckernel_sfpu_erf.h; docs/emulator.md).
    if (function == UnaryFunction::Erf && parallelBody && !precision.fp32Dest)
      bound.total += kTruncationBF16 * (std::fabs(result.real) + bound.total);
    result.bound = roundResult(op, bound, result.real);
    return success();
  };
  if (mnemonic == "addf" || mnemonic == "subf") {
    result.real = mnemonic == "addf" ? f(0) + f(1) : f(0) - f(1);
    ErrorBound bound = propagateAdd(engine(0), engine(1));
    // The FPU keeps an infinity it adds a finite value to only while that
    // value stays below 2^103 (the emulator's fpuAdd).
    if (isOnFPU(op) && std::isinf(f(0)) != std::isinf(f(1))) {
      unsigned finite = std::isinf(f(0)) ? 1 : 0;
      if (std::fabs(f(finite)) + engine(finite).total >= 0x1p103)
        bound.total = INFINITY;
    }
    result.bound = roundResult(op, bound, result.real);
    return success();
  }
  if (mnemonic == "mulf") {
    result.real = f(0) * f(1);
    ErrorBound bound = propagateMultiply(f(0), engine(0), f(1), engine(1));
    result.bound = roundResult(op, bound, result.real);
    return success();
  }
  if (mnemonic == "divf") {
    result.real = f(0) / f(1);
    result.bound = roundResult(
        op, propagateDivide(f(0), engine(0), f(1), engine(1)), result.real);
    return success();
  }
  if (mnemonic == "maximumf" || mnemonic == "minimumf") {
    result.real =
        mnemonic == "maximumf" ? std::fmax(f(0), f(1)) : std::fmin(f(0), f(1));
    // Both are 1-Lipschitz in each operand; the result is one of them.
    ErrorBound a = engine(0), b = engine(1);
    ErrorBound bound{getSelectionError(mnemonic == "minimumf", f(0), a.total,
                                       f(1), b.total),
                     0, a.format == b.format ? a.format : NumberFormat::Real};
    result.bound = roundResult(op, bound, result.real);
    return success();
  }
  static const std::pair<llvm::StringLiteral, UnaryFunction> kUnary[] = {
      {"negf", UnaryFunction::Negate}, {"absf", UnaryFunction::Abs},
      {"exp", UnaryFunction::Exp},     {"log", UnaryFunction::Log},
      {"sqrt", UnaryFunction::Sqrt},   {"rsqrt", UnaryFunction::Rsqrt},
      {"tanh", UnaryFunction::Tanh},   {"exp2", UnaryFunction::Exp2},
      {"log2", UnaryFunction::Log2},   {"erf", UnaryFunction::Erf}};
  for (const auto &[name, function] : kUnary)
    if (mnemonic == name)
      return unary(function);
  if (mnemonic == "extf" || mnemonic == "truncf") {
    result.real = f(0);
    NumberFormat format = getNumberFormat(op->getResult(0).getType())
                              .value_or(NumberFormat::Real);
    if (!parallelBody) {
      result.bound = roundBound(e(0), result.real, format);
      return success();
    }
    // In a tile.parallel body the cast rounds the DST value to the target
    // type (an SFPU conversion, counted as truncating: 2 u), and DST then
    // holds the result in its own format (a second rounding when that
    // does not hold the target type, f16 in a bf16 DST).
    result.bound = roundBound(e(0), result.real, format, Rounding::Truncate);
    result.bound = roundResult(op, result.bound, result.real);
    return success();
  }
  if (mnemonic == "sitofp") {
    result.real = double(get(op->getOperand(0)).integer);
    result.bound = roundResult(op, ErrorBound::getExact(NumberFormat::Integer),
                               result.real);
    return success();
  }
  if (mnemonic == "fptosi") {
    double low = f(0) - e(0).total, high = f(0) + e(0).total;
    if (!(std::trunc(low) == std::trunc(high)))
      return fail(op, "the error bound of the operand spans an integer "
                      "boundary; the interpreter cannot bound the "
                      "conversion");
    result.integer = int64_t(f(0));
    return success();
  }
  if (mnemonic == "select") {
    RValue &condition = get(op->getOperand(0));
    RValue &chosen = get(op->getOperand(condition.integer ? 1 : 2));
    RValue &other = get(op->getOperand(condition.integer ? 2 : 1));
    result = chosen;
    if (!condition.undecided) {
      // In a tile.parallel body a select decided exactly is one on element
      // indices (IndexMask.h in the lowering): the chosen tile enters DST
      // by copy_tile (its source register truncation, when it has one),
      // and a constant of the mask that DST's format does not hold is
      // rounded there.
      if (parallelBody && op->getResult(0).getType().isFloat()) {
        unsigned index = condition.integer ? 1 : 2;
        result.bound = getOperandBound(op, index);
        if (roundToFormat(result.real, precision.getDestFormat()) !=
            result.real)
          result.bound = roundResult(op, result.bound, result.real);
      }
      return success();
    }
    if (!op->getResult(0).getType().isFloat()) {
      if (chosen.integer != other.integer)
        return fail(op, "the condition compares floats that the error "
                        "bounds do not separate, and the choices differ");
      return success();
    }
    // The device may pick the other value.
    result.bound.total =
        std::max(chosen.bound.total,
                 other.bound.total + std::fabs(other.real - chosen.real));
    result.bound.lastRounding = 0;
    if (chosen.bound.format != other.bound.format)
      result.bound.format = NumberFormat::Real;
    return success();
  }
  if (mnemonic == "cmpf") {
    arith::CmpFPredicate predicate = arith::CmpFOp(op).getPredicate();
    double a = f(0), b = f(1);
    result.integer = compareFloats(predicate, a, b);
    // The device's a - b lies in [d - E, d + E]; the answer is decided
    // when the predicate agrees at both ends and at 0 between them.
    double spread = e(0).total + e(1).total;
    if (spread == 0 || std::isnan(a) || std::isnan(b))
      return success();
    double difference = a - b;
    double low = difference - spread, high = difference + spread;
    bool decided = std::isfinite(spread) &&
                   compareFloats(predicate, low, 0) == bool(result.integer) &&
                   compareFloats(predicate, high, 0) == bool(result.integer) &&
                   (!(low <= 0 && 0 <= high) ||
                    compareFloats(predicate, 0, 0) == bool(result.integer));
    result.undecided = !decided;
    return success();
  }
  return fail(op, "the tile interpreter does not run '" +
                      op->getName().getStringRef() + "'");
}
