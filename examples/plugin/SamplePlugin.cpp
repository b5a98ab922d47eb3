//===- SamplePlugin.cpp - A dialect plugin for tilt-opt -------------------===//
//
// A dialect that Tilt does not have, used without rebuilding Tilt:
//
//   tilt-opt --load-dialect-plugin=sample-plugin.so --canonicalize in.mlir
//
// It has one op, `%y = sample.scale %x by 2.0 : f32` (y = x * 2.0), and its
// canonicalization patterns: scaling by 1.0 is the operand itself, and two
// scales in a row are one scale by the product. See docs/plugins.md.
//
//===----------------------------------------------------------------------===//

#include "tilt/IR/Attributes.h"
#include "tilt/IR/Builders.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/Rewrite/PatternMatch.h"
#include "tilt/Tools/Plugin.h"

using namespace tilt;

namespace sample {

class SampleDialect : public Dialect {
public:
  explicit SampleDialect(Context *context);
  static llvm::StringRef getDialectNamespace() { return "sample"; }
};

/// `%y = sample.scale %x by <factor> : <float type>`.
class ScaleOp
    : public Op<ScaleOp, OpTrait::OneOperand, OpTrait::OneResult,
                OpTrait::ZeroRegions, OpTrait::ZeroSuccessors,
                OpTrait::SameOperandsAndResultType, OpTrait::Pure> {
public:
  using Op::Op;
  static llvm::StringRef getOperationName() { return "sample.scale"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() {
    static llvm::StringRef names[] = {"factor"};
    return names;
  }
  static constexpr bool kHasCustomAssembly = true;

  static void build(OpBuilder &builder, OperationState &state, Value input,
                    double factor) {
    state.addOperands(input);
    state.addAttribute("factor", FloatAttr::get(input.getType(), factor));
    state.addTypes(input.getType());
  }
  Value getInput() { return getOperation()->getOperand(0); }
  double getFactor() {
    return getOperation()->getAttr("factor").cast<FloatAttr>()
        .getValueAsDouble();
  }

  static LogicalResult parse(OpAsmParser &parser, OperationState &state) {
    OpAsmParser::UnresolvedOperand input;
    Attribute factor;
    Type type;
    llvm::SmallVector<Value, 1> operands;
    if (failed(parser.parseOperand(input)) ||
        failed(parser.parseKeyword("by")) ||
        failed(parser.parseAttribute(factor, FloatType::getF64(parser.getContext()))) ||
        failed(parser.parseColonType(type)) ||
        failed(parser.resolveOperand(input, type, operands)))
      return failure();
    auto value = factor.dyn_cast<FloatAttr>();
    if (!value)
      return parser.emitError(parser.getNameLoc(),
                              "expected a floating-point factor");
    state.addOperands(operands);
    // The factor takes the operand's type; with a type that is not a float
    // it stays as parsed, and the verifier reports the type.
    state.addAttribute("factor", type.isa<FloatType>()
                                     ? FloatAttr::get(type, value.getValueAsDouble())
                                     : value);
    state.addTypes(type);
    return success();
  }
  void print(OpAsmPrinter &printer) {
    printer << ' ';
    printer.printOperand(getInput());
    printer << " by ";
    printer.printAttributeWithoutType(getOperation()->getAttr("factor"));
    printer << " : " << getInput().getType();
  }
  LogicalResult verify() {
    auto factor = getOperation()->getAttr("factor").dyn_cast_or_null<FloatAttr>();
    if (!factor)
      return emitOpError() << "needs a floating-point 'factor' attribute";
    if (!getInput().getType().isa<FloatType>())
      return emitOpError() << "scales floating-point values, not "
                           << getInput().getType();
    if (factor.getType() != getInput().getType())
      return emitOpError() << "factor of type " << factor.getType()
                           << " does not match the operand type "
                           << getInput().getType();
    return success();
  }
  static void getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context);
};

/// scale(x, 1.0) is x.
struct DropUnitScale : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getFactor() != 1.0)
      return rewriter.notifyMatchFailure(op.getOperation(),
                                         "the factor is not 1.0");
    rewriter.replaceOp(op.getOperation(), ValueRange{op.getInput()});
    return success();
  }
};

/// scale(scale(x, a), b) is scale(x, a * b).
struct MergeScales : public OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    Operation *def = op.getInput().getDefiningOp();
    auto inner = def ? ScaleOp::dynCast(def) : ScaleOp(nullptr);
    if (!inner)
      return rewriter.notifyMatchFailure(op.getOperation(),
                                         "the operand is not a sample.scale");
    rewriter.replaceOpWithNewOp<ScaleOp>(op.getOperation(), inner.getInput(),
                                         inner.getFactor() * op.getFactor());
    return success();
  }
};

void ScaleOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          Context *context) {
  patterns.add<DropUnitScale, MergeScales>();
}

SampleDialect::SampleDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<SampleDialect>()) {
  addOperations<ScaleOp>();
}

} // namespace sample

/// The entry point tilt-opt looks for (tilt/Tools/Plugin.h).
extern "C" DialectPluginInfo tiltGetDialectPluginInfo() {
  return {TILT_PLUGIN_API_VERSION, "sample", "1.0",
          [](DialectRegistry *registry) {
            registry->insert<sample::SampleDialect>();
          }};
}
