//===- ConversionTest.cpp - The conversion driver -------------------------===//

#include "../IR/TestUtils.h"
#include "tilt/Rewrite/DialectConversion.h"

using namespace tilt;
using namespace tilt::test;

namespace {

/// x.src : i64 -> x.src32 : i32.
struct SrcTo32 : public ConversionPattern {
  SrcTo32(Context *context, const TypeConverter &converter)
      : ConversionPattern("x.src", 1, context, &converter) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<Type, 1> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "type does not convert");
    OperationState state(op->getLoc(), "x.src32", op->getContext());
    state.addTypes(types);
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

/// x.use(i64) -> x.use32(i32).
struct UseTo32 : public ConversionPattern {
  UseTo32(Context *context, const TypeConverter &converter)
      : ConversionPattern("x.use", 1, context, &converter) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    OperationState state(op->getLoc(), "x.use32", op->getContext());
    state.addOperands(operands);
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

/// x.illegal -> x.legal.
struct IllegalToLegal : public ConversionPattern {
  IllegalToLegal(Context *context)
      : ConversionPattern("x.illegal", 1, context) {}
  LogicalResult
  matchAndRewrite(Operation *op, llvm::ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    OperationState state(op->getLoc(), "x.legal", op->getContext());
    state.addOperands(operands);
    state.addTypes(op->getResultTypes());
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

struct Fixture {
  Fixture() : context(makeContext()) {
    context->allowUnregisteredDialects();
    converter.addConversion(
        [](Type type) -> std::optional<Type> { return type; });
    Context *ctx = context.get();
    converter.addConversion<IntegerType>(
        [ctx](IntegerType type) -> std::optional<Type> {
          if (type.getWidth() == 64)
            return Type(IntegerType::get(ctx, 32));
          return std::nullopt;
        });
    target = std::make_unique<ConversionTarget>(*context);
    target->addLegalDialect("func");
    target->addLegalOp("x.legal");
    target->addLegalOp("x.src32");
    target->addLegalOp("x.use32");
    target->addIllegalOp("x.illegal");
    target->addIllegalOp("x.src");
    target->addIllegalOp("x.use");
    target->addIllegalOp("x.bad");
  }
  FrozenRewritePatternSet patterns() {
    RewritePatternSet set(context.get());
    set.add<SrcTo32, UseTo32>(converter);
    set.add<IllegalToLegal>();
    return FrozenRewritePatternSet(std::move(set));
  }
  std::unique_ptr<Context> context;
  TypeConverter converter;
  std::unique_ptr<ConversionTarget> target;
};

TEST(ConversionTest, PartialConversionBridgesChangedTypes) {
  Fixture f;
  OwningOpRef module = parse(*f.context, R"(
    func.func @f(%a: i32) -> i64 {
      %0 = "x.illegal"(%a) : (i32) -> i32
      %1 = "x.src"() : () -> i64
      "x.use"(%1) : (i64) -> ()
      "x.other"(%1) : (i64) -> ()
      return %1 : i64
    })");
  ASSERT_TRUE(module);
  ASSERT_TRUE(
      succeeded(applyPartialConversion(module.get(), *f.target, f.patterns())));
  std::string text = print(module.get());
  EXPECT_NE(text.find("\"x.legal\"(%arg0)"), std::string::npos) << text;
  EXPECT_NE(text.find("%1 = \"x.src32\"() : () -> i32"), std::string::npos)
      << text;
  // The converted user takes the new value; the others see it through a
  // cast back to i64.
  EXPECT_NE(text.find("\"x.use32\"(%1) : (i32) -> ()"), std::string::npos)
      << text;
  EXPECT_NE(text.find("%2 = builtin.unrealized_conversion_cast %1 : i32 to "
                      "i64"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"x.other\"(%2) : (i64) -> ()"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("x.illegal"), std::string::npos) << text;
}

TEST(ConversionTest, FailureReportsEveryOpAndRestoresTheIR) {
  Fixture f;
  OwningOpRef module = parse(*f.context, R"(
    func.func @f(%a: i32) {
      %0 = "x.illegal"(%a) : (i32) -> i32
      "x.bad"(%0) : (i32) -> ()
      %1 = "x.src"() : () -> i64
      "x.bad"() : () -> ()
      return
    })");
  ASSERT_TRUE(module);
  std::string before = print(module.get(), /*generic=*/true);
  DiagnosticCollector diagnostics(*f.context);
  EXPECT_TRUE(
      failed(applyPartialConversion(module.get(), *f.target, f.patterns())));
  ASSERT_EQ(diagnostics.messages.size(), 2u);
  for (const std::string &message : diagnostics.messages)
    EXPECT_EQ(message, "failed to legalize operation 'x.bad' that was "
                       "explicitly marked illegal");
  // Nothing half-converted is left behind.
  EXPECT_EQ(print(module.get(), /*generic=*/true), before);
}

TEST(ConversionTest, FullConversionRejectsOpsOfUnknownLegality) {
  Fixture f;
  OwningOpRef module = parse(*f.context, R"(
    func.func @f(%a: i32) {
      %0 = "x.illegal"(%a) : (i32) -> i32
      "x.unknown"(%0) : (i32) -> ()
      return
    })");
  ASSERT_TRUE(module);
  // The module itself is not converted (only what it holds).
  {
    DiagnosticCollector diagnostics(*f.context);
    EXPECT_TRUE(
        failed(applyFullConversion(module.get(), *f.target, f.patterns())));
    ASSERT_EQ(diagnostics.messages.size(), 1u);
    EXPECT_EQ(diagnostics.messages[0],
              "failed to legalize operation 'x.unknown'");
  }
  EXPECT_TRUE(
      succeeded(applyPartialConversion(module.get(), *f.target, f.patterns())));
  EXPECT_NE(print(module.get()).find("x.legal"), std::string::npos);
}

TEST(ConversionTest, TargetRulesAndTypeConverterOrder) {
  Fixture f;
  OwningOpRef module = parse(*f.context, R"(
    func.func @f() {
      "y.a"() : () -> ()
      "y.b"() {ok} : () -> ()
      "y.b"() : () -> ()
      "z.c"() : () -> ()
      return
    })");
  ASSERT_TRUE(module);
  ConversionTarget target(*f.context);
  target.addIllegalDialect("y");
  target.addDynamicallyLegalOp("y.b",
                               [](Operation *op) { return op->hasAttr("ok"); });
  std::vector<std::optional<bool>> legality;
  module.get()->walk([&](Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (name.startswith("y.") || name.startswith("z."))
      legality.push_back(target.isLegal(op));
  });
  ASSERT_EQ(legality.size(), 4u);
  EXPECT_EQ(legality[0], std::optional<bool>(false)); // dialect rule
  EXPECT_EQ(legality[1], std::optional<bool>(true));  // op rule wins
  EXPECT_EQ(legality[2], std::optional<bool>(false));
  EXPECT_EQ(legality[3], std::nullopt); // unknown
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  module.get()->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "z.c") {
      EXPECT_EQ(target.isLegal(op), std::optional<bool>(true));
    }
  });

  // Newest conversions are asked first; none means "ask the next one", a
  // null type means "cannot convert".
  Type i64 = IntegerType::get(f.context.get(), 64);
  Type i16 = IntegerType::get(f.context.get(), 16);
  Type i32 = IntegerType::get(f.context.get(), 32);
  EXPECT_EQ(f.converter.convertType(i64), i32);
  EXPECT_EQ(f.converter.convertType(i16), i16);
  EXPECT_TRUE(f.converter.isLegal(i16));
  EXPECT_FALSE(f.converter.isLegal(i64));
  f.converter.addConversion<IntegerType>(
      [](IntegerType type) -> std::optional<Type> {
        if (type.getWidth() == 16)
          return Type();
        return std::nullopt;
      });
  EXPECT_FALSE(f.converter.convertType(i16));
  llvm::SmallVector<Type, 2> converted;
  EXPECT_TRUE(failed(f.converter.convertTypes({i64, i16}, converted)));
}

TEST(ConversionTest, CustomMaterializationsAreUsed) {
  Fixture f;
  f.converter.addSourceMaterialization([](OpBuilder &builder, Type type,
                                          ValueRange inputs,
                                          Location loc) -> Value {
    OperationState state(loc, "x.widen", builder.getContext());
    state.addOperands(inputs);
    state.addTypes(type);
    return builder.create(state)->getResult(0);
  });
  f.target->addLegalOp("x.widen");
  OwningOpRef module = parse(*f.context, R"(
    func.func @f() -> i64 {
      %1 = "x.src"() : () -> i64
      return %1 : i64
    })");
  ASSERT_TRUE(module);
  RewritePatternSet set(f.context.get());
  set.add<SrcTo32>(f.converter);
  // The replaced value is bridged by the pattern's type converter.
  ASSERT_TRUE(succeeded(applyPartialConversion(
      module.get(), *f.target, FrozenRewritePatternSet(std::move(set)))));
  std::string text = print(module.get());
  EXPECT_NE(text.find("\"x.widen\"(%0) : (i32) -> i64"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("unrealized_conversion_cast"), std::string::npos);
}

/// Converts a function's signature and entry block arguments.
struct FuncSignature : public OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::FuncOp op, llvm::ArrayRef<Value>,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    llvm::SmallVector<Type, 4> inputs, results;
    if (failed(getTypeConverter()->convertTypes(type.getInputs(), inputs)) ||
        failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "signature does not convert");
    if (failed(rewriter.convertRegionTypes(op.getBody(), *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "block types do not convert");
    rewriter.modifyOpInPlace(op, [&] {
      op->setInherentAttr(
          "function_type",
          TypeAttr::get(FunctionType::get(op.getContext(), inputs, results)));
    });
    return success();
  }
};

TEST(ConversionTest, ConvertRegionTypesBridgesBlockArguments) {
  Fixture f;
  OwningOpRef module = parse(*f.context, R"(
    func.func @f(%a: i64, %b: i16) {
      "x.use"(%a) : (i64) -> ()
      "x.keep"(%a, %b) : (i64, i16) -> ()
      return
    })");
  ASSERT_TRUE(module);
  const TypeConverter &converter = f.converter;
  f.target->addDynamicallyLegalOp("func.func", [&](Operation *op) {
    return llvm::all_of(func::FuncOp(op).getFunctionType().getInputs(),
                        [&](Type type) { return converter.isLegal(type); });
  });
  RewritePatternSet set(f.context.get());
  set.add<FuncSignature>(converter);
  set.add<UseTo32>(converter);
  ASSERT_TRUE(succeeded(applyPartialConversion(
      module.get(), *f.target, FrozenRewritePatternSet(std::move(set)))));
  std::string text = print(module.get());
  // The argument is i32 now; the converted user takes it directly, the
  // other sees it through a cast back to i64.
  EXPECT_NE(text.find("func.func @f(%arg0: i32, %arg1: i16)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"x.use32\"(%arg0) : (i32) -> ()"), std::string::npos)
      << text;
  EXPECT_NE(text.find("%0 = builtin.unrealized_conversion_cast %arg0 : i32 "
                      "to i64"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"x.keep\"(%0, %arg1) : (i64, i16) -> ()"),
            std::string::npos)
      << text;
}

} // namespace
