//===- InterpreterTest.cpp - The fp64 reference and its error budget ------===//
//
// The acceptance policy of tilt-run through the C++ API: the interpreter's
// exact results and error bounds (TileInterpreter.h), and compareResults
// judging device results against them (Compare.h). Device results are made
// up here, in f32 or bf16 as a device would compute them, and perturbed.
//
//===----------------------------------------------------------------------===//

#include "../IR/TestUtils.h"
#include "InterpreterTestUtils.h"
#include "tilt/Dialect/Math/Math.h"
#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Interpreter/Compare.h"
#include "tilt/Interpreter/Report.h"
#include "tilt/Interpreter/TileInterpreter.h"

#include <cmath>
#include <cstring>
#include <random>

using namespace tilt;
using namespace tilt::interp;
using namespace tilt::test;

namespace {

/// `text` with every `key` replaced by `value`.
std::string
substitute(std::string text,
           std::initializer_list<std::pair<std::string, std::string>> pairs) {
  for (const auto &[key, value] : pairs)
    for (size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  return text;
}

/// C = f(A, B) elementwise on 64x64 tensors in 32x32 blocks (grid 2x2),
/// the body's element type T and its operations BODY (on %x and %y,
/// yielding %r).
constexpr const char *kElementwise = R"(
func.func @elementwise(%A: !tile.tensor<64x64xT>, %B: !tile.tensor<64x64xT>,
                       %C: !tile.tensor<64x64xT>) {
  tile.kernel grid [2, 2] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<64x64xT>, %b = %B : !tile.tensor<64x64xT>,
           %c = %C : !tile.tensor<64x64xT>) {
    %c32 = arith.constant 32 : index
    %row = arith.muli %by, %c32 : index
    %col = arith.muli %bx, %c32 : index
    %a_s = tile.alloc : !tile.buf<32x32xT, shared>
    %b_s = tile.alloc : !tile.buf<32x32xT, shared>
    %c_l = tile.alloc : !tile.buf<32x32xT, fragment>
    tile.copy %a[%row, %col], %a_s : !tile.tensor<64x64xT>, !tile.buf<32x32xT, shared>
    tile.copy %b[%row, %col], %b_s : !tile.tensor<64x64xT>, !tile.buf<32x32xT, shared>
    tile.parallel ins(%a_s, %b_s : !tile.buf<32x32xT, shared>, !tile.buf<32x32xT, shared>)
                  outs(%c_l : !tile.buf<32x32xT, fragment>) {
    ^bb0(%x: T, %y: T):
      BODY
      tile.yield %r : T
    }
    tile.copy %c_l, %c[%row, %col] : !tile.buf<32x32xT, fragment>, !tile.tensor<64x64xT>
  }
  return
}
)";

/// C (MxN f32) = A (MxK, type TA) x B (KxN, type TB), K in two blocks of
/// K/2, one block over the whole output.
constexpr const char *kGemm = R"(
func.func @gemm(%A: !tile.tensor<MxKxTA>, %B: !tile.tensor<KxNxTB>,
                %C: !tile.tensor<MxNxf32>) {
  tile.kernel grid [1, 1] blocks(%bx, %by)
      args(%a = %A : !tile.tensor<MxKxTA>, %b = %B : !tile.tensor<KxNxTB>,
           %c = %C : !tile.tensor<MxNxf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %half = arith.constant H : index
    %a_s = tile.alloc : !tile.buf<MxHxTA, shared>
    %b_s = tile.alloc : !tile.buf<HxNxTB, shared>
    %c_l = tile.alloc : !tile.buf<MxNxf32, fragment>
    tile.clear %c_l : !tile.buf<MxNxf32, fragment>
    tile.pipelined %k = %c0 to %c2 step %c1 stages 2 {
      %kk = arith.muli %k, %half : index
      tile.copy %a[%c0, %kk], %a_s : !tile.tensor<MxKxTA>, !tile.buf<MxHxTA, shared>
      tile.copy %b[%kk, %c0], %b_s : !tile.tensor<KxNxTB>, !tile.buf<HxNxTB, shared>
      tile.gemm %a_s, %b_s, %c_l : !tile.buf<MxHxTA, shared>, !tile.buf<HxNxTB, shared>, !tile.buf<MxNxf32, fragment>
    }
    tile.copy %c_l, %c[%c0, %c0] : !tile.buf<MxNxf32, fragment>, !tile.tensor<MxNxf32>
  }
  return
}
)";

/// A tensor of `shape` and `type` with seeded values uniform in [-1, 1],
/// rounded to the type.
HostTensor makeRandom(Context &context, llvm::ArrayRef<int64_t> shape,
                      Type type, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(-1.0f, 1.0f);
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  std::vector<float> values(static_cast<size_t>(count));
  for (float &value : values)
    value = roundToType(distribution(generator), type);
  return HostTensor::get(shape, type, values);
}

/// `value` with its significand cut to the 10 bits of TF32 (truncation, as
/// the unpacker fills a source register).
float truncateToTF32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  bits &= 0xffffe000u;
  std::memcpy(&value, &bits, 4);
  return value;
}

/// The gemm of kGemm run by the interpreter and, as a device would, in f32
/// summing K from the end (another order than the reference's), with the
/// operands truncated to TF32 when `truncate`.
struct GemmRun {
  OwningOpRef module;
  std::vector<HostTensor> tensors;
  std::vector<float> device;
};

GemmRun runGemm(Context &context, int64_t m, int64_t n, int64_t k, Type type,
                bool truncate) {
  auto name = [](Type type) { return type.isF32() ? "f32" : "bf16"; };
  GemmRun run;
  run.module =
      parse(context, substitute(kGemm, {{"TA", name(type)},
                                        {"TB", name(type)},
                                        {"M", std::to_string(m)},
                                        {"N", std::to_string(n)},
                                        {"K", std::to_string(k)},
                                        {"H", std::to_string(k / 2)}}));
  Type f32 = FloatType::getF32(&context);
  run.tensors = {
      makeRandom(context, {m, k}, type, 1),
      makeRandom(context, {k, n}, type, 2),
      HostTensor::get({m, n}, f32, std::vector<float>(size_t(m * n), 0.0f))};
  const std::vector<double> a = run.tensors[0].data, b = run.tensors[1].data;
  Precision precision;
  precision.fp32Dest = true;
  EXPECT_TRUE(succeeded(
      runFunction(findFunction(run.module.get()), run.tensors, precision)));
  run.device.resize(size_t(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0;
      for (int64_t l = k; l-- > 0;) {
        float left = float(a[i * k + l]), right = float(b[l * n + j]);
        if (truncate) {
          left = truncateToTF32(left);
          right = truncateToTF32(right);
        }
        sum += left * right;
      }
      run.device[i * n + j] = sum;
    }
  return run;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

// A single bf16 add: the budget is one bf16 step of the exact result, in
// both DST modes; an element two steps off fails.
TEST(InterpreterTest, SingleAddIsWithinOneStep) {
  auto context = makeTileContext();
  OwningOpRef module =
      parse(*context,
            substitute(kElementwise, {{"BODY", "%r = arith.addf %x, %y : bf16"},
                                      {"T", "bf16"}}));
  Type bf16 = FloatType::getBF16(context.get());
  for (bool fp32Dest : {false, true}) {
    std::vector<HostTensor> tensors = {
        makeRandom(*context, {64, 64}, bf16, 1),
        makeRandom(*context, {64, 64}, bf16, 2),
        HostTensor::get({64, 64}, bf16, std::vector<float>(64 * 64, 0.0f))};
    const std::vector<double> a = tensors[0].data, b = tensors[1].data;
    Precision precision;
    precision.fp32Dest = fp32Dest;
    ASSERT_TRUE(
        succeeded(runFunction(findFunction(module.get()), tensors, precision)));
    // The reference is exact: a + b in fp64.
    EXPECT_EQ(tensors[2].data[100], a[100] + b[100]);

    // The device rounds once to bf16.
    std::vector<float> device(64 * 64);
    for (size_t i = 0; i < device.size(); ++i)
      device[i] = roundToType(float(a[i]) + float(b[i]), bf16);
    Comparison exact = compareResults(device, tensors[2]);
    EXPECT_TRUE(exact.ok);
    EXPECT_EQ(exact.exact, 64 * 64);
    EXPECT_FALSE(exact.firstBeyondBudget);

    // One step (an ulp of bf16 at the value) is within the budget, two are
    // not. Two positive elements whose values two steps up stay in their
    // binade, so that the step is the same for device and reference.
    auto stepAt = [](double value) {
      return std::ldexp(1.0, std::ilogb(value) - 7);
    };
    std::vector<int64_t> chosen;
    for (int64_t i = 0; i < 64 * 64 && chosen.size() < 2; ++i) {
      double reference = device[i];
      if (reference > 0 && std::ilogb(reference + 2 * stepAt(reference)) ==
                               std::ilogb(reference))
        chosen.push_back(i);
    }
    ASSERT_EQ(chosen.size(), 2u);
    int64_t oneStep = chosen[0], twoSteps = chosen[1];
    double step = stepAt(device[oneStep]);
    double otherStep = stepAt(device[twoSteps]);
    device[oneStep] = float(device[oneStep] + step);
    device[twoSteps] = float(device[twoSteps] + 2 * otherStep);
    // With fp32 DST the budget holds the f32 rounding too: 2^-16 steps.
    EXPECT_LE(getElementBudget(tensors[2], oneStep, device[oneStep]),
              step * (1 + 0x1p-15))
        << "the budget of a single rounding is one step";
    EXPECT_GE(getElementBudget(tensors[2], oneStep, device[oneStep]), step);
    Comparison result = compareResults(device, tensors[2]);
    EXPECT_EQ(result.withinBudget, 64 * 64 - 1);
    ASSERT_TRUE(result.firstBeyondBudget);
    EXPECT_EQ(result.firstBeyondBudget->index, twoSteps);
    EXPECT_NEAR(result.firstBeyondBudget->error / otherStep, 2.0, 1e-9);
  }
}

// An f32 gemm computed by the device in another summation order passes;
// one element off by 100 times its budget is the one reported first, and on
// 512 elements it fails the output.
TEST(InterpreterTest, GemmBudgetCatchesOneBadElement) {
  auto context = makeTileContext();
  Type bf16 = FloatType::getBF16(context.get());
  GemmRun run = runGemm(*context, 32, 16, 64, bf16, false);
  HostTensor &c = run.tensors[2];
  Comparison result = compareResults(run.device, c);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.withinBudget, result.count);
  EXPECT_LT(result.maxShareOfBudget, 1.0);
  EXPECT_GT(result.correlation, 0.999999);

  int64_t bad = 5 * 16 + 7;
  double budget = getElementBudget(c, bad, run.device[bad]);
  double reference =
      roundToType(float(c.data[bad]), FloatType::getF32(context.get()));
  run.device[bad] = float(reference + 100 * budget);
  result = compareResults(run.device, c);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.withinBudget, result.count - 1);
  ASSERT_TRUE(result.firstBeyondBudget);
  EXPECT_EQ(result.firstBeyondBudget->index, bad);
  EXPECT_NEAR(result.maxShareOfBudget, 100.0, 1.0);
  ASSERT_FALSE(result.worst.empty());
  EXPECT_EQ(result.worst.front().index, bad);
}

/// `value` with its significand cut to the 8 bits of bf16 (SFPSTORE into a
/// 16-bit DST truncates).
float truncateToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  bits &= 0xffff0000u;
  std::memcpy(&value, &bits, 4);
  return value;
}

// In a 16-bit DST the SFPU truncates its results: a device that truncates
// exp(x + y) stays within the budget, which is then more than one step.
TEST(InterpreterTest, SFPUTruncationIsInTheBudget) {
  auto context = makeTileContext();
  OwningOpRef module =
      parse(*context,
            substitute(kElementwise, {{"BODY", "%s = arith.addf %x, %y : bf16\n"
                                               "      %r = math.exp %s : bf16"},
                                      {"T", "bf16"}}));
  Type bf16 = FloatType::getBF16(context.get());
  std::vector<HostTensor> tensors = {
      makeRandom(*context, {64, 64}, bf16, 5),
      makeRandom(*context, {64, 64}, bf16, 6),
      HostTensor::get({64, 64}, bf16, std::vector<float>(64 * 64, 0.0f))};
  const std::vector<double> a = tensors[0].data, b = tensors[1].data;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, Precision())));
  std::vector<float> device(64 * 64);
  for (size_t i = 0; i < device.size(); ++i) {
    float sum = roundToType(float(a[i]) + float(b[i]), bf16);
    device[i] = truncateToBF16(std::exp(sum));
  }
  Comparison result = compareResults(device, tensors[2]);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.withinBudget, result.count);
  EXPECT_GT(result.exact, 0);
  EXPECT_LT(result.exact, result.count);
}

// f32 operands enter the FPU through TF32 source registers: their
// truncation is in the bound, so a device that truncates passes.
TEST(InterpreterTest, GemmBudgetHasTheTF32Term) {
  auto context = makeTileContext();
  Type f32 = FloatType::getF32(context.get());
  GemmRun run = runGemm(*context, 32, 32, 64, f32, true);
  const HostTensor &a = run.tensors[0], &b = run.tensors[1],
                   &c = run.tensors[2];
  // The bound holds at least 2 u_tf32 sum |a||b| for every element.
  for (int64_t i = 0; i < 32; i += 7)
    for (int64_t j = 0; j < 32; j += 5) {
      double sizes = 0;
      for (int64_t l = 0; l < 64; ++l)
        sizes += std::fabs(a.data[i * 64 + l] * b.data[l * 32 + j]);
      EXPECT_GE(c.bounds[i * 32 + j].total, 2 * kUnitRoundoffTF32 * sizes);
    }
  Comparison result = compareResults(run.device, c);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.withinBudget, result.count);
  // Without the truncation the device is much closer than the budget.
  GemmRun exact = runGemm(*context, 32, 32, 64, f32, false);
  EXPECT_LT(compareResults(exact.device, exact.tensors[2]).maxShareOfBudget,
            result.maxShareOfBudget);
}

// sqrt(x - y) with x == y: the interval of x - y holds negative numbers,
// so the element's budget is unbounded; it is accepted and counted.
TEST(InterpreterTest, UnboundedBudgetIsAcceptedAndCounted) {
  auto context = makeTileContext();
  OwningOpRef module = parse(
      *context,
      substitute(kElementwise, {{"BODY", "%d = arith.subf %x, %y : f32\n"
                                         "      %e = arith.addf %d, %x : f32\n"
                                         "      %r = math.sqrt %e : f32"},
                                {"T", "f32"}}));
  Type f32 = FloatType::getF32(context.get());
  std::vector<float> x(64 * 64, 0.75f), y(64 * 64, 0.5f);
  // Element 3: x - y + x = 0 exactly, with a positive error bound.
  x[3] = 0.5f;
  y[3] = 1.0f;
  std::vector<HostTensor> tensors = {
      HostTensor::get({64, 64}, f32, x), HostTensor::get({64, 64}, f32, y),
      HostTensor::get({64, 64}, f32, std::vector<float>(64 * 64, 0.0f))};
  Precision precision;
  precision.fp32Dest = true;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  EXPECT_TRUE(tensors[2].bounds[3].isUnbounded());
  EXPECT_FALSE(tensors[2].bounds[4].isUnbounded());
  std::vector<float> device = tensors[2].getRoundedData();
  device[3] = NAN;
  Comparison result = compareResults(device, tensors[2]);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.unbounded, 1);
  EXPECT_EQ(result.withinBudget, result.count);
  EXPECT_FALSE(result.firstBeyondBudget);
}

// The first element beyond its budget is reported with the grid block that
// wrote it: element (40, 10) is in block bx = 0, by = 1, linear id 2 (bx
// fastest); an earlier element within budget does not count.
TEST(InterpreterTest, FirstFailureNamesTheBlock) {
  auto context = makeTileContext();
  OwningOpRef module =
      parse(*context,
            substitute(kElementwise, {{"BODY", "%p = arith.mulf %x, %y : bf16\n"
                                               "      %r = math.exp %p : bf16"},
                                      {"T", "bf16"}}));
  Type bf16 = FloatType::getBF16(context.get());
  std::vector<HostTensor> tensors = {
      makeRandom(*context, {64, 64}, bf16, 3),
      makeRandom(*context, {64, 64}, bf16, 4),
      HostTensor::get({64, 64}, bf16, std::vector<float>(64 * 64, 0.0f))};
  Precision precision;
  ASSERT_TRUE(
      succeeded(runFunction(findFunction(module.get()), tensors, precision)));
  for (int64_t row : {0, 31, 32, 63})
    for (int64_t column : {0, 31, 32, 63})
      EXPECT_EQ(tensors[2].writers[row * 64 + column],
                (column / 32) + 2 * (row / 32));
  std::vector<float> device = tensors[2].getRoundedData();
  int64_t bad = 40 * 64 + 10;
  device[bad] += 0.5f;
  Comparison result = compareResults(device, tensors[2]);
  ASSERT_TRUE(result.firstBeyondBudget);
  EXPECT_EQ(result.firstBeyondBudget->index, bad);
  EXPECT_EQ(result.firstBeyondBudget->block, 2);
  EXPECT_GT(result.firstBeyondBudget->error, result.firstBeyondBudget->budget);
}

// The place of an element: its 32x32 tile (a 1-d tensor is a row of tiles)
// and the core whose block range holds the block that wrote it.
TEST(InterpreterTest, ElementPlaceNamesTileBlockAndCore) {
  std::vector<CoreBlocks> cores = {{0, 0, 0, 3}, {1, 0, 3, 3}, {0, 1, 6, 2}};
  EXPECT_EQ(formatIndex({256, 256}, 200 * 256 + 70), "[200, 70]");
  EXPECT_EQ(describeElementPlace({256, 256}, 200 * 256 + 70, 4, cores),
            "tile (6, 2), block 4 on core (1, 0)");
  EXPECT_EQ(describeElementPlace({256}, 100, 7, cores),
            "tile (0, 3), block 7 on core (0, 1)");
  EXPECT_EQ(describeElementPlace({64, 64}, 0, 9, cores),
            "tile (0, 0), block 9 (no core found for it)");
  EXPECT_EQ(describeElementPlace({64, 64}, 0, -1, cores),
            "tile (0, 0), written by no block");
}

// Rounding to a format agrees with its definition (to nearest even at the
// format's spacing, subnormals fixed-point, overflow to infinity) on values
// around every boundary: ties, carries into the exponent, the edges of the
// normal range and the largest finite value.
TEST(InterpreterTest, RoundingMatchesItsDefinition) {
  struct Format {
    NumberFormat format;
    int precision, minExponent, maxExponent;
    double largest;
  };
  const Format formats[] = {{NumberFormat::F32, 24, -126, 127, 0x1.fffffep127},
                            {NumberFormat::BF16, 8, -126, 127, 0x1.fep127},
                            {NumberFormat::F16, 11, -14, 15, 65504.0}};
  auto reference = [](const Format &f, double value) {
    int exponent;
    std::frexp(value, &exponent);
    int quantum = std::max(exponent - 1, f.minExponent) - (f.precision - 1);
    double rounded =
        std::ldexp(std::nearbyint(std::ldexp(value, -quantum)), quantum);
    return std::fabs(rounded) > f.largest ? std::copysign(INFINITY, value)
                                          : rounded;
  };
  std::mt19937_64 random(7);
  for (const Format &f : formats) {
    std::vector<double> values;
    for (int exponent :
         {f.minExponent - f.precision - 1, f.minExponent - 3, f.minExponent - 1,
          f.minExponent, 0, f.maxExponent - 1, f.maxExponent}) {
      double step = std::ldexp(1.0, exponent - (f.precision - 1));
      double base = std::ldexp(1.0, exponent);
      for (double units : {0.0, 0.5, 1.0, 1.5, 2.5, 0.25, 0.75})
        for (double mantissa :
             {1.0, 1.5, 2.0 - std::ldexp(1.0, 1 - f.precision)})
          values.push_back(base * mantissa + units * step);
      for (int i = 0; i < 200; ++i)
        values.push_back(base * (1 + std::ldexp(double(random() >> 11), -53)));
    }
    values.push_back(f.largest);
    values.push_back(f.largest + std::ldexp(f.largest, -f.precision - 1));
    for (double value : values)
      for (double sign : {1.0, -1.0})
        EXPECT_EQ(roundToFormat(sign * value, f.format),
                  reference(f, sign * value))
            << "value " << sign * value << " precision " << f.precision;
  }
}

// Rounding from fp64 to the device's formats, and gamma_n.
TEST(InterpreterTest, RoundingAndGammaHelpers) {
  EXPECT_EQ(roundToFormat(1.0 + 0x1p-9, NumberFormat::BF16), 1.0);
  EXPECT_EQ(roundToFormat(1.0 + 3 * 0x1p-9, NumberFormat::BF16), 1.0 + 0x1p-7);
  EXPECT_EQ(roundToFormat(0x1p128, NumberFormat::F32), INFINITY);
  EXPECT_EQ(roundToFormat(65520.0, NumberFormat::F16), INFINITY);
  EXPECT_EQ(roundToFormat(2.5, NumberFormat::Integer), 2.0);
  EXPECT_EQ(gamma(0, kUnitRoundoffBF16), 0.0);
  EXPECT_EQ(gamma(256, kUnitRoundoffBF16), INFINITY);
  EXPECT_DOUBLE_EQ(gamma(16, kUnitRoundoffF32),
                   16 * 0x1p-24 / (1 - 16 * 0x1p-24));
  EXPECT_TRUE(isRepresentableIn(NumberFormat::BF16, NumberFormat::F32));
  EXPECT_FALSE(isRepresentableIn(NumberFormat::F32, NumberFormat::BF16));
  EXPECT_FALSE(isRepresentableIn(NumberFormat::F16, NumberFormat::BF16));
}

} // namespace

// max and min: the selected operand's error when the intervals do not
// overlap, else the larger.
TEST(InterpreterTest, SelectionErrorFollowsTheSelectedOperand) {
  EXPECT_EQ(getSelectionError(/*isMin=*/false, 1.0, 0.01, -5.0, 100.0), 100.0);
  EXPECT_EQ(getSelectionError(false, 1.0, 0.01, -500.0, 100.0), 0.01);
  EXPECT_EQ(getSelectionError(false, -500.0, 100.0, 1.0, 0.01), 0.01);
  EXPECT_EQ(getSelectionError(/*isMin=*/true, 1.0, 0.01, 500.0, 100.0), 0.01);
  EXPECT_EQ(getSelectionError(true, 1.0, 0.5, 1.5, 0.25), 0.5);
}

// The correlation rule decides only where the reference spreads over more
// than the budgets: values that all lie within a few budgets of each other
// pass on the budget rule alone; a spread-out output still needs it.
TEST(InterpreterTest, CorrelationAppliesOnlyToSpreadOutputs) {
  auto context = makeTileContext();
  Type f32 = FloatType::getF32(context.get());
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = 0.99f + 1e-5f * float(i % 7);
  HostTensor reference = HostTensor::get({1024}, f32, values);
  reference.bounds.assign(values.size(),
                          ErrorBound{1e-4, 0, NumberFormat::Real});
  std::vector<float> device = values;
  for (size_t i = 0; i < device.size(); ++i)
    device[i] += (i % 2 ? 9e-5f : -9e-5f);
  Comparison clustered = compareResults(device, reference);
  EXPECT_FALSE(clustered.correlationApplies);
  EXPECT_LT(clustered.correlation, kRequiredCorrelation);
  EXPECT_TRUE(clustered.ok);

  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(i) / 1024.0f;
  HostTensor spread = HostTensor::get({1024}, f32, values);
  spread.bounds.assign(values.size(), ErrorBound{1e-4, 0, NumberFormat::Real});
  Comparison ok = compareResults(values, spread);
  EXPECT_TRUE(ok.correlationApplies);
  EXPECT_TRUE(ok.ok);
}

// Runtime scalars: a scalar argument (a rank-0 HostTensor) binds the
// kernel's body argument; a fill with it, a body capturing it and scalar
// arithmetic on it compute exactly, the scalar rounded to its type first
// and taken as an exact input.
TEST(InterpreterTest, ScalarArgumentsAreExactInputs) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, R"(
func.func @scaled(%X: !tile.tensor<32x32xf32>, %s: f32, %t: bf16,
                  %Y: !tile.tensor<32x32xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%x = %X : !tile.tensor<32x32xf32>, %sk = %s : f32, %tk = %t : bf16,
           %y = %Y : !tile.tensor<32x32xf32>) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : f32
    %te = arith.extf %tk : bf16 to f32
    %t2 = arith.mulf %te, %two : f32
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    %f = tile.alloc : !tile.buf<32x32xf32, fragment>
    %y_l = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.copy %x[%c0, %c0], %x_s : !tile.tensor<32x32xf32>, !tile.buf<32x32xf32, shared>
    tile.fill %f, %t2 : !tile.buf<32x32xf32, fragment>, f32
    tile.parallel ins(%x_s, %f : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>)
                  outs(%y_l : !tile.buf<32x32xf32, fragment>) {
    ^bb0(%xv: f32, %fv: f32):
      %m = arith.mulf %xv, %sk : f32
      %r = arith.addf %m, %fv : f32
      tile.yield %r : f32
    }
    tile.copy %y_l, %y[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<32x32xf32>
  }
  return
}
)");
  Type f32 = FloatType::getF32(context.get());
  Type bf16 = FloatType::getBF16(context.get());
  std::vector<HostTensor> arguments = {
      makeRandom(*context, {32, 32}, f32, 1), HostTensor::get({}, f32, {0.3f}),
      // 1.01 is not a bf16 value: the interpreter rounds it to 1.0078125.
      HostTensor::get({}, bf16, {1.01f}),
      HostTensor::get({32, 32}, f32, std::vector<float>(32 * 32, 0.0f))};
  const std::vector<double> x = arguments[0].data;
  // An f32 kernel: the lowering gives it an fp32 DST.
  Precision precision;
  precision.fp32Dest = true;
  ASSERT_TRUE(succeeded(
      runFunction(findFunction(module.get()), arguments, precision)));
  EXPECT_EQ(arguments[2].data[0], 1.0078125);
  EXPECT_EQ(arguments[1].data[0], double(0.3f));
  for (int64_t i : {0, 5, 1023})
    EXPECT_EQ(arguments[3].data[i], x[i] * double(0.3f) + 2 * 1.0078125);
  // Exact inputs: the budget is the device's roundings only, a few f32
  // steps of the result.
  std::vector<float> device = arguments[3].getRoundedData();
  EXPECT_TRUE(compareResults(device, arguments[3]).ok);
  EXPECT_LT(getElementBudget(arguments[3], 5, device[5]),
            1e-2 * std::fabs(device[5]) + 1e-2);
}

// A scalar argument given as anything but one value is an error.
TEST(InterpreterTest, ScalarArgumentNeedsOneValue) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, R"(
func.func @f(%s: f32) {
  return
}
)");
  Type f32 = FloatType::getF32(context.get());
  std::vector<HostTensor> arguments = {HostTensor::get({2}, f32, {1.f, 2.f})};
  DiagnosticCollector diagnostics(*context);
  EXPECT_TRUE(failed(
      runFunction(findFunction(module.get()), arguments, Precision())));
  ASSERT_EQ(diagnostics.messages.size(), 1u);
  EXPECT_NE(diagnostics.messages[0].find("rank-0 tensor of one value"),
            std::string::npos);
}

// An infinity within a finite bound is that infinity on the device: exact
// after a rounding, and times an operand that keeps its sign (FlashAttention's
// running max starts at -inf; exp2 of -inf is 0 exactly).
TEST(InterpreterTest, InfinitiesWithinFiniteBoundsAreExact) {
  ErrorBound exact = ErrorBound::getExact(NumberFormat::F32);
  ErrorBound rounded = roundBound(ErrorBound{0.25, 0, NumberFormat::Real},
                                  -INFINITY, NumberFormat::BF16);
  EXPECT_EQ(rounded.total, 0);
  ErrorBound product = propagateMultiply(
      -INFINITY, exact, 0.5, ErrorBound{0.1, 0, NumberFormat::Real});
  EXPECT_EQ(product.total, 0);
  EXPECT_TRUE(propagateMultiply(-INFINITY, exact, 0.05,
                                ErrorBound{0.1, 0, NumberFormat::Real})
                  .isUnbounded());
  ErrorBound power = propagateUnary(UnaryFunction::Exp2, -INFINITY,
                                    ErrorBound{0.5, 0, NumberFormat::Real});
  EXPECT_EQ(power.total, 0);
  // A finite value keeps its rounding.
  EXPECT_GT(roundBound(exact, 1.0 / 3.0, NumberFormat::BF16).total, 0);
}

// The math ops the interpreter has no error model for (all but exp, exp2,
// log, log2, sqrt, rsqrt, tanh, erf and absf) stop the run with an error at
// the op, whatever their results: one float, two floats, or i1.
TEST(InterpreterTest, UnmodelledMathOpsAreLocatedErrors) {
  auto context = makeTileContext();
  const std::pair<const char *, const char *> bodies[] = {
      {"%r = math.sin %x : f32", "'math.sin'"},
      {"%r, %q = math.sincos %x : f32", "'math.sincos'"},
      {"%r = math.fma %x, %y, %x : f32", "'math.fma'"},
      {"%n = math.isnan %x : f32\n      %r = arith.select %n, %x, %y : f32",
       "'math.isnan'"},
      {"%k = arith.constant 2 : i32\n      %r = math.fpowi %x, %k : f32, i32",
       "'math.fpowi'"}};
  Type f32 = FloatType::getF32(context.get());
  for (const auto &[body, name] : bodies) {
    OwningOpRef module = parse(
        *context, substitute(kElementwise, {{"BODY", body}, {"T", "f32"}}));
    ASSERT_TRUE(module) << body;
    std::vector<HostTensor> tensors = {
        makeRandom(*context, {64, 64}, f32, 1),
        makeRandom(*context, {64, 64}, f32, 2),
        HostTensor::get({64, 64}, f32, std::vector<float>(64 * 64, 0.0f))};
    DiagnosticCollector diagnostics(*context);
    EXPECT_TRUE(failed(
        runFunction(findFunction(module.get()), tensors, Precision())));
    ASSERT_EQ(diagnostics.messages.size(), 1u) << body;
    EXPECT_NE(diagnostics.messages[0].find(
                  std::string("the tile interpreter does not run ") + name),
              std::string::npos)
        << diagnostics.messages[0];
  }
}

// Tensors of one-byte integers read as numbers: an i8 element sign
// extends (-100 is not positive), a ui8 element (read as its i8 bits)
// zero extends (200 is above 100), as the data movement kernels extend
// the byte they take from the word they read.
TEST(InterpreterTest, OneByteElementsExtendAsTheIRSays) {
  auto context = makeTileContext();
  OwningOpRef module = parse(*context, R"(
func.func @pick(%S: !tile.tensor<4xi8>, %U: !tile.tensor<4xui8>,
                %X: !tile.tensor<128x32xf32>, %Y: !tile.tensor<128x32xf32>) {
  tile.kernel grid [4] blocks(%bx)
      args(%s = %S : !tile.tensor<4xi8>, %u = %U : !tile.tensor<4xui8>,
           %x = %X : !tile.tensor<128x32xf32>, %y = %Y : !tile.tensor<128x32xf32>) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : index
    %row = arith.muli %bx, %c32 : index
    %se = tile.load %s[%bx] : !tile.tensor<4xi8>
    %sw = arith.extsi %se : i8 to i32
    %sv = arith.index_cast %sw : i32 to index
    %ue = tile.load %u[%bx] : !tile.tensor<4xui8>
    %uw = arith.extui %ue : i8 to i32
    %uv = arith.index_cast %uw : i32 to index
    %pos = arith.cmpi sgt, %sv, %c0 : index
    %big = arith.cmpi sgt, %uv, %c100 : index
    %both = arith.andi %pos, %big : i1
    %x_s = tile.alloc : !tile.buf<32x32xf32, shared>
    tile.copy %x[%row, %c0], %x_s : !tile.tensor<128x32xf32>, !tile.buf<32x32xf32, shared>
    scf.if %both {
      tile.copy %x_s, %y[%row, %c0] : !tile.buf<32x32xf32, shared>, !tile.tensor<128x32xf32>
    }
  }
  return
}
)");
  Context &ctx = *context;
  Type f32 = FloatType::getF32(&ctx);
  Type i8 = IntegerType::get(&ctx, 8);
  Type ui8 = IntegerType::get(&ctx, 8, IntegerType::Unsigned);
  // The inputs as a host gives them: saturated to the byte's range.
  EXPECT_EQ(roundToType(300.0f, ui8), 255.0f);
  EXPECT_EQ(roundToType(-3.0f, ui8), 0.0f);
  EXPECT_EQ(roundToType(-300.0f, i8), -128.0f);
  EXPECT_EQ(roundToType(-2.0f, IntegerType::get(&ctx, 1)), 1.0f);
  std::vector<HostTensor> arguments = {
      HostTensor::get({4}, i8, {-100.f, 3.f, 5.f, 1.f}),
      HostTensor::get({4}, ui8, {200.f, 200.f, 50.f, 101.f}),
      makeRandom(ctx, {128, 32}, f32, 3),
      HostTensor::get({128, 32}, f32, std::vector<float>(128 * 32, 0.0f))};
  const std::vector<double> x = arguments[2].data;
  ASSERT_TRUE(succeeded(
      runFunction(findFunction(module.get()), arguments, Precision())));
  for (int64_t block = 0; block < 4; ++block) {
    bool copied = block == 1 || block == 3;
    size_t at = size_t(block * 32 * 32 + 7);
    EXPECT_EQ(arguments[3].data[at], copied ? x[at] : 0.0) << block;
  }
}

// tile.im2col gathers the taps of each output pixel: a convolution computed
// as gemms of its blocks equals the convolution summed directly, with the
// padding, the stride and the dilation.
TEST(InterpreterTest, Im2ColGemmsAreTheConvolution) {
  auto context = makeTileContext();
  // N=2, H=5, W=6, C=32; kernel 3, stride 2, dilation 2, padding 2: OH=3,
  // OW=3, 18 pixels (one block of 32 rows, the last 14 past the end);
  // 9 x 32 taps, one block column of 32 per step.
  OwningOpRef module = parse(*context, R"(
func.func @conv(%D: !tile.tensor<2x5x6x32xf32>, %W: !tile.tensor<288x32xf32>,
                %O: !tile.tensor<18x32xf32>) {
  tile.kernel grid [1] blocks(%bx)
      args(%d = %D : !tile.tensor<2x5x6x32xf32>, %w = %W : !tile.tensor<288x32xf32>,
           %o = %O : !tile.tensor<18x32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    %c32 = arith.constant 32 : index
    %a = tile.alloc : !tile.buf<32x32xf32, shared>
    %b = tile.alloc : !tile.buf<32x32xf32, shared>
    %acc = tile.alloc : !tile.buf<32x32xf32, fragment>
    tile.clear %acc : !tile.buf<32x32xf32, fragment>
    scf.for %k = %c0 to %c9 step %c1 {
      tile.im2col %d[%bx, %k], %a kernel 3 stride 2 dilation 2 padding 2 : !tile.tensor<2x5x6x32xf32>, !tile.buf<32x32xf32, shared>
      %row = arith.muli %k, %c32 : index
      tile.copy %w[%row, %c0], %b : !tile.tensor<288x32xf32>, !tile.buf<32x32xf32, shared>
      tile.gemm %a, %b, %acc : !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, shared>, !tile.buf<32x32xf32, fragment>
    }
    tile.copy %acc, %o[%c0, %c0] : !tile.buf<32x32xf32, fragment>, !tile.tensor<18x32xf32>
  }
  return
}
)");
  Context &ctx = *context;
  Type f32 = FloatType::getF32(&ctx);
  std::vector<HostTensor> arguments = {
      makeRandom(ctx, {2, 5, 6, 32}, f32, 5),
      makeRandom(ctx, {288, 32}, f32, 6),
      HostTensor::get({18, 32}, f32, std::vector<float>(18 * 32, 0.0f))};
  const std::vector<double> image = arguments[0].data,
                            filter = arguments[1].data;
  ASSERT_TRUE(succeeded(
      runFunction(findFunction(module.get()), arguments, Precision())));
  int64_t checked = 0;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t oh = 0; oh < 3; ++oh)
      for (int64_t ow = 0; ow < 3; ++ow)
        for (int64_t f = 0; f < 32; ++f) {
          double sum = 0;
          for (int64_t kh = 0; kh < 3; ++kh)
            for (int64_t kw = 0; kw < 3; ++kw) {
              int64_t h = oh * 2 + kh * 2 - 2, w = ow * 2 + kw * 2 - 2;
              if (h < 0 || h >= 5 || w < 0 || w >= 6)
                continue;
              for (int64_t c = 0; c < 32; ++c)
                sum += image[size_t(((n * 5 + h) * 6 + w) * 32 + c)] *
                       filter[size_t(((kh * 3 + kw) * 32 + c) * 32 + f)];
            }
          int64_t pixel = (n * 3 + oh) * 3 + ow;
          EXPECT_NEAR(arguments[2].data[size_t(pixel * 32 + f)], sum, 1e-9)
              << "pixel " << pixel << " filter " << f;
          ++checked;
        }
  EXPECT_EQ(checked, 18 * 32);
}
