// L1 buffers in a tt-metal host program: an interleaved L1 buffer read
// through a TensorAccessor, a height-sharded one read through a CB over its
// shards (set_globally_allocated_address), c = a + b into DRAM on two cores;
// then where a block-sharded buffer's pages land
// (lit-tests/Emu/l1-buffers.test).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace tt;
using namespace tt::tt_metal;

int main(int argc, char **argv) {
  constexpr uint32_t tiles = 8, perCore = 4, tileBytes = 32 * 32 * 2;
  // `clash`: a large L1 buffer, and a CB too large to fit below it.
  bool clash = argc > 1 && std::string(argv[1]) == "clash";
  IDevice *device = CreateDevice(0);
  CommandQueue &cq = device->command_queue();
  const CoreRange cores({0, 0}, {1, 0});

  auto a = CreateBuffer(InterleavedBufferConfig{device, tiles * tileBytes,
                                                tileBytes, BufferType::L1});
  // b: 8 tiles as a column of 8x1 tiles, 4 rows of tiles on each core.
  ShardSpecBuffer shards(CoreRangeSet(cores), {perCore * 32, 32},
                         ShardOrientation::ROW_MAJOR, {32, 32}, {tiles, 1});
  auto b = CreateBuffer(
      ShardedBufferConfig{device, tiles * tileBytes, tileBytes, BufferType::L1,
                          TensorMemoryLayout::HEIGHT_SHARDED, shards});
  auto c = CreateBuffer(InterleavedBufferConfig{device, tiles * tileBytes,
                                                tileBytes, BufferType::DRAM});
  std::printf("a in L1: %d, b sharded: %d, b per core: %llu bytes\n",
              int(a->is_l1()),
              int(b->buffer_layout() == TensorMemoryLayout::HEIGHT_SHARDED),
              (unsigned long long)b->aligned_size_per_bank());

  std::vector<bfloat16> x(tiles * 1024), y(tiles * 1024);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = bfloat16(float(i % 61) / 2.0f);
    y[i] = bfloat16(float(i % 7) - 3.0f);
  }
  EnqueueWriteBuffer(cq, a, x, false);
  EnqueueWriteBuffer(cq, b, y, false);

  std::shared_ptr<Buffer> large;
  if (clash)
    large = CreateBuffer(InterleavedBufferConfig{device, 720 * 1024, 720 * 1024,
                                                 BufferType::L1});
  Program program = CreateProgram();
  CreateCircularBuffer(
      program, cores,
      CircularBufferConfig((clash ? 400 : 2) * tileBytes,
                           {{CBIndex::c_0, DataFormat::Float16_b}})
          .set_page_size(CBIndex::c_0, tileBytes));
  // The CB over b's shard: each core's 4 tiles, where the host put them.
  CreateCircularBuffer(
      program, cores,
      CircularBufferConfig(perCore * tileBytes,
                           {{CBIndex::c_1, DataFormat::Float16_b}})
          .set_page_size(CBIndex::c_1, tileBytes)
          .set_globally_allocated_address(*b));
  CreateCircularBuffer(
      program, cores,
      CircularBufferConfig(2 * tileBytes,
                           {{CBIndex::c_16, DataFormat::Float16_b}})
          .set_page_size(CBIndex::c_16, tileBytes));
  std::vector<uint32_t> readerArgs, writerArgs;
  TensorAccessorArgs(*a).append_to(readerArgs);
  TensorAccessorArgs(*c).append_to(writerArgs);
  KernelHandle reader = CreateKernel(
      program, "kernels/reader.cpp", cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                         .noc = NOC::RISCV_1_default,
                         .compile_args = readerArgs});
  KernelHandle writer = CreateKernel(
      program, "kernels/writer.cpp", cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                         .noc = NOC::RISCV_0_default,
                         .compile_args = writerArgs});
  KernelHandle compute =
      CreateKernel(program, "kernels/compute.cpp", cores, ComputeConfig{});
  for (uint32_t i = 0; i < 2; ++i) {
    CoreCoord core = {i, 0};
    SetRuntimeArgs(program, reader, core, {a->address(), i * perCore, perCore});
    SetRuntimeArgs(program, writer, core, {c->address(), i * perCore, perCore});
    SetRuntimeArgs(program, compute, core, {perCore});
  }
  EnqueueProgram(cq, program, false);
  Finish(cq);

  std::vector<bfloat16> z, x2, y2;
  EnqueueReadBuffer(cq, c, z, true);
  EnqueueReadBuffer(cq, a, x2, true);
  EnqueueReadBuffer(cq, b, y2, true);
  size_t wrong = 0, lost = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    float expected = float(bfloat16(float(x[i]) + float(y[i])));
    if (std::fabs(float(z[i]) - expected) > 0.02f * std::fabs(expected) + 1e-3f)
      ++wrong;
    lost += float(x2[i]) != float(x[i]) || float(y2[i]) != float(y[i]);
  }
  std::printf("%s: %zu of %zu values wrong, %zu L1 values not read back\n",
              wrong || lost ? "FAIL" : "PASS", wrong, x.size(), lost);

  // A block-sharded buffer of 3x5 pages in shards of 2x2 pages on a 3x2
  // grid (the Mesh API's DeviceLocalBufferConfig::sharding_args): each
  // page holds its index + 100; every core's slots, read from its L1.
  ShardSpecBuffer blocks(CoreRangeSet(CoreRange({0, 0}, {2, 1})), {64, 64},
                         ShardOrientation::ROW_MAJOR, {32, 32}, {3, 5});
  distributed::DeviceLocalBufferConfig local{
      .page_size = 4,
      .buffer_type = BufferType::L1,
      .sharding_args =
          BufferShardingArgs(blocks, TensorMemoryLayout::BLOCK_SHARDED)};
  auto grid = distributed::MeshBuffer::create(
      distributed::ReplicatedBufferConfig{15 * 4}, local, &device->mesh());
  std::vector<uint32_t> ids(15);
  for (uint32_t i = 0; i < 15; ++i)
    ids[i] = 100 + i;
  distributed::EnqueueWriteMeshBuffer(device->mesh().mesh_command_queue(), grid,
                                      ids, true);
  for (uint32_t yCore = 0; yCore < 2; ++yCore)
    for (uint32_t xCore = 0; xCore < 3; ++xCore) {
      std::printf("core (%u, %u):", xCore, yCore);
      for (uint32_t slot = 0; slot < 4; ++slot) {
        std::vector<uint32_t> word;
        detail::ReadFromDeviceL1(device, {xCore, yCore},
                                 grid->address() +
                                     slot * uint32_t(grid->aligned_page_size()),
                                 4, word);
        if (word[0] >= 100 && word[0] < 115)
          std::printf(" %u", word[0] - 100);
        else
          std::printf(" -");
      }
      std::printf("\n");
    }
  // A DRAM height-sharded buffer: 6 pages in shards of 2 on DRAM banks 0
  // to 2 (the grid names a bank as core {bank, 0}), written and read back.
  ShardSpecBuffer banks(CoreRangeSet(CoreRange({0, 0}, {2, 0})), {64, 32},
                        ShardOrientation::ROW_MAJOR, {32, 32}, {6, 1});
  auto dram_sharded = CreateBuffer(
      ShardedBufferConfig{device, 6 * 64, 64, BufferType::DRAM,
                          TensorMemoryLayout::HEIGHT_SHARDED, banks});
  std::vector<uint32_t> words(6 * 16), back;
  for (uint32_t i = 0; i < words.size(); ++i)
    words[i] = 1000 + i;
  EnqueueWriteBuffer(cq, dram_sharded, words, true);
  EnqueueReadBuffer(cq, dram_sharded, back, true);
  std::printf("DRAM-sharded buffer read back: %s\n",
              back == words ? "same" : "different");
  CloseDevice(device);
  return wrong || lost ? 1 : 0;
}
