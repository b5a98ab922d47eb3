//===- MathOps.cpp - The math dialect subset ------------------------------===//

#include "tilt/Dialect/Math/Math.h"

using namespace tilt;
using namespace tilt::math;

MathDialect::MathDialect(Context *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<MathDialect>()) {
  // The fastmath property is arith's attribute.
  context->getOrLoadDialect<arith::ArithDialect>();
  addOperations<ExpOp, LogOp, SqrtOp, RsqrtOp, TanhOp, AbsFOp, Exp2Op, Log2Op,
                ErfOp>();
}
