//===- TTTest.cpp - Building a tt program through the C++ API -------------===//
//
// An eltwise-add program built op by op, as the lowering will build them;
// semaphores and NoC coordinates as the multicast GEMM builds them.
//
//===----------------------------------------------------------------------===//

#include "tilt/Dialect/TT/TT.h"
#include "../IR/TestUtils.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/TT/SemaphoreProtocol.h"
#include "tilt/IR/Verifier.h"

using namespace tilt;
using namespace tilt::test;

namespace {

using Ints = std::vector<std::pair<llvm::StringRef, int64_t>>;
using Keywords = std::vector<std::pair<llvm::StringRef, llvm::StringRef>>;

TEST(TTTest, BuildsAProgramAndChecksPlacement) {
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, cb::CBDialect, tt::TTDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();
  EXPECT_EQ(tt::getArchGrid("wormhole_b0"),
            std::make_optional(std::make_pair(int64_t(8), int64_t(10))));
  Type bf16 = FloatType::getBF16(&context);
  auto cbType = cb::CBType::get(&context, bf16, 2048, 2);

  auto module = ModuleOp::create(Location(), &context);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto program = builder.create<tt::ProgramOp>(
      Location(), "add", llvm::ArrayRef<int64_t>{1, 1}, "wormhole_b0");
  builder.setInsertionPointToEnd(program.getBody());
  builder.create<tt::BufferOp>(Location(), "a", 2048, 2048, bf16);
  for (int64_t index : {0, 1, 16})
    builder.create<tt::CBConfigOp>(Location(), index,
                                   llvm::ArrayRef<int64_t>{0, 0},
                                   llvm::ArrayRef<int64_t>{0, 0}, cbType);
  auto reader = builder.create<tt::KernelOp>(
      Location(), "reader", "reader", llvm::ArrayRef<llvm::StringRef>{"addr"});
  reader->setInherentAttr("noc", builder.getI64IntegerAttr(0));
  auto compute = builder.create<tt::KernelOp>(Location(), "compute", "compute");
  compute->setInherentAttr("math_fidelity", StringAttr::get(&context, "HiFi4"));
  builder.create<tt::RuntimeArgsOp>(Location(), "reader",
                                    llvm::ArrayRef<int64_t>{0, 0},
                                    llvm::ArrayRef<int64_t>{4096});

  // The reader: one tile through circular buffer 0.
  builder.setInsertionPointToEnd(reader.getBody());
  Value addr =
      builder
          .create<tt::GetArgValOp>(Location(), ValueRange{}, Ints{{"index", 0}})
          ->getResult(0);
  Value page = builder
                   .create<arith::ConstantOp>(Location(),
                                              builder.getI32IntegerAttr(2048))
                   .getResult();
  Value accessor =
      builder
          .create<tt::TensorAccessorOp>(Location(), ValueRange{addr, page},
                                        Ints{{"ct_offset", 0}})
          ->getResult(0);
  EXPECT_TRUE(accessor.getType().isa<tt::AccessorType>());
  Value zero =
      builder
          .create<arith::ConstantOp>(Location(), builder.getI32IntegerAttr(0))
          .getResult();
  builder.create<tt::NocAsyncReadTileOp>(Location(),
                                         ValueRange{zero, accessor, zero});
  builder.create<tt::NocAsyncReadBarrierOp>(Location());

  // The compute kernel: C = A + B into DST 0, packed to CB 16.
  builder.setInsertionPointToEnd(compute.getBody());
  builder.create<tt::BinaryOpInitCommonOp>(
      Location(), ValueRange{}, Ints{{"in0", 0}, {"in1", 1}, {"out", 16}});
  builder.create<tt::AddTilesInitOp>(Location(), ValueRange{},
                                     Ints{{"in0", 0}, {"in1", 1}});
  builder.create<tt::TileRegsAcquireOp>(Location());
  Value tile =
      builder
          .create<arith::ConstantOp>(Location(), builder.getI32IntegerAttr(0))
          .getResult();
  builder.create<tt::AddTilesOp>(Location(), ValueRange{tile, tile},
                                 Ints{{"in0", 0}, {"in1", 1}, {"dst", 0}});
  builder.create<tt::TileRegsCommitOp>(Location());
  builder.create<tt::TileRegsWaitOp>(Location());
  builder.create<tt::PackTileOp>(Location(), ValueRange{},
                                 Ints{{"out", 16}, {"dst", 0}});
  builder.create<tt::TileRegsReleaseOp>(Location());
  builder.create<tt::ReduceInitOp>(Location(), ValueRange{},
                                   Ints{{"in", 0}, {"scaler", 1}, {"out", 16}},
                                   Keywords{{"type", "sum"}, {"dim", "row"}});
  EXPECT_EQ(compute.getDstCapacity(), 8);

  ASSERT_TRUE(succeeded(verify(module.getOperation())));
  std::string text = print(module.getOperation());
  for (const char *expected :
       {"tt.program @add grid [1, 1] arch wormhole_b0 {",
        "tt.buffer @a size 2048 page_size 2048 : bf16",
        "tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = "
        "2048, pages = 2>",
        "tt.kernel @reader reader noc 0 rt_args [\"addr\"] {",
        "%0 = tt.get_arg_val index(0)",
        "%1 = tt.tensor_accessor %0, %c2048_i32 ct_offset(0)",
        "tt.noc_async_read_tile %c0_i32, %1, %c0_i32",
        "tt.kernel @compute compute math_fidelity HiFi4 {",
        "tt.add_tiles %c0_i32, %c0_i32 cb(0, 1) dst(0)",
        "tt.pack_tile cb(16) dst(0)",
        "tt.reduce_init cb(0, 1, 16) type(sum) dim(row)",
        "tt.runtime_args @reader core [0, 0] [4096]"})
    EXPECT_NE(text.find(expected), std::string::npos)
        << expected << " not in:\n"
        << text;

  // A compute op in the reader kernel is reported at the op.
  builder.setInsertionPointToEnd(reader.getBody());
  Operation *misplaced =
      builder.create<tt::TileRegsAcquireOp>(Location()).getOperation();
  {
    DiagnosticCollector diagnostics(context);
    EXPECT_TRUE(failed(verify(module.getOperation())));
    ASSERT_EQ(diagnostics.messages.size(), 1u);
    EXPECT_EQ(diagnostics.messages[0],
              "'tt.tile_regs_acquire' op is a compute op but is inside the "
              "reader kernel @reader");
  }
  misplaced->erase();
  EXPECT_TRUE(succeeded(verify(module.getOperation())));
  module.getOperation()->erase();
}

TEST(TTTest, BuildsSemaphoresAndNocCoordinates) {
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, cb::CBDialect, tt::TTDialect>();
  Context context(registry);
  context.loadAllAvailableDialects();

  auto module = ModuleOp::create(Location(), &context);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto program = builder.create<tt::ProgramOp>(
      Location(), "mcast", llvm::ArrayRef<int64_t>{4, 1}, "wormhole_b0");
  builder.setInsertionPointToEnd(program.getBody());
  auto semaphore = builder.create<tt::SemaphoreOp>(
      Location(), 0, llvm::ArrayRef<int64_t>{0, 0},
      llvm::ArrayRef<int64_t>{3, 0}, 0);
  EXPECT_EQ(semaphore.getId(), 0);
  EXPECT_TRUE(semaphore.isOn(3, 0));
  EXPECT_FALSE(semaphore.isOn(0, 1));
  auto reader = builder.create<tt::KernelOp>(
      Location(), "reader", "reader", llvm::ArrayRef<llvm::StringRef>{"x"});
  Attribute x =
      tt::getNocCoordinateAttr(&context, {tt::NocCoordinate::Axis::X, 3});
  builder.create<tt::RuntimeArgsOp>(Location(), "reader",
                                    llvm::ArrayRef<int64_t>{0, 0},
                                    llvm::ArrayRef<Attribute>{x});
  builder.setInsertionPointToEnd(reader.getBody());
  builder.create<tt::GetSemaphoreOp>(Location(), ValueRange{}, Ints{{"id", 0}});

  ASSERT_TRUE(succeeded(verify(module.getOperation())));
  std::string text = print(module.getOperation());
  for (const char *expected :
       {"tt.semaphore 0 cores [0, 0] to [3, 0] init 0",
        "%0 = tt.get_semaphore id(0)",
        "tt.runtime_args @reader core [0, 0] [noc_x(3)]"})
    EXPECT_NE(text.find(expected), std::string::npos)
        << expected << " not in:\n"
        << text;
  std::optional<tt::NocCoordinate> decoded = tt::getNocCoordinate(x);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->axis, tt::NocCoordinate::Axis::X);
  EXPECT_EQ(decoded->index, 3);
  EXPECT_FALSE(tt::getNocCoordinate(builder.getI64IntegerAttr(3)));

  // tt-verify's abstract values map back to what they stand for.
  tt::DecodedValue column =
      tt::decodeValue(tt::getNocCoordinateValue(*decoded));
  EXPECT_EQ(column.kind, tt::DecodedValue::Kind::NocX);
  EXPECT_EQ(column.index, 3);
  tt::DecodedValue row = tt::decodeValue(
      tt::getNocCoordinateValue({tt::NocCoordinate::Axis::Y, 0}) - 1);
  EXPECT_EQ(row.kind, tt::DecodedValue::Kind::NocY);
  EXPECT_EQ(row.index, -1);
  tt::DecodedValue flag = tt::decodeValue(tt::getSemaphoreAddress(5));
  EXPECT_EQ(flag.kind, tt::DecodedValue::Kind::Semaphore);
  EXPECT_EQ(flag.index, 5);
  tt::DecodedValue page = tt::decodeValue(tt::getCBAddress(16, 4096));
  EXPECT_EQ(page.kind, tt::DecodedValue::Kind::CB);
  EXPECT_EQ(page.index, 16);
  EXPECT_EQ(page.offset, 4096);
  EXPECT_EQ(tt::decodeValue(4096).kind, tt::DecodedValue::Kind::Unknown);

  // A second semaphore on the same cores must be declared as id 1.
  builder.setInsertionPointToEnd(program.getBody());
  builder.create<tt::SemaphoreOp>(Location(), 2, llvm::ArrayRef<int64_t>{0, 0},
                                  llvm::ArrayRef<int64_t>{3, 0}, 1);
  {
    DiagnosticCollector diagnostics(context);
    EXPECT_TRUE(failed(verify(module.getOperation())));
    ASSERT_EQ(diagnostics.messages.size(), 1u);
    EXPECT_NE(diagnostics.messages[0].find(
                  "declares semaphore 2, but CreateSemaphore gives cores "
                  "[0, 0] to [3, 0] semaphore 1"),
              std::string::npos)
        << diagnostics.messages[0];
  }
  module.getOperation()->erase();
}

} // namespace
