// A tt-metal host program whose kernels use the device API's objects (Noc,
// CircularBuffer, Semaphore<>, endpoints, banks, CoreLocalMem): c = a + b
// over 8 bf16 tiles on two cores, 4 each; then the second core tells the
// first it is done and the first releases it with a multicast
// (lit-tests/Emu/device-objects.test).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace tt;
using namespace tt::tt_metal;

int main() {
  constexpr uint32_t tiles = 8, perCore = 4;
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  distributed::MeshCommandQueue &cq = device->mesh_command_queue();
  constexpr uint32_t tileBytes = 32 * 32 * 2;
  const CoreRange cores({0, 0}, {1, 0});

  distributed::DeviceLocalBufferConfig dram{.page_size = tileBytes,
                                            .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = tiles * tileBytes};
  auto a = distributed::MeshBuffer::create(size, dram, device.get());
  auto b = distributed::MeshBuffer::create(size, dram, device.get());
  auto c = distributed::MeshBuffer::create(size, dram, device.get());
  std::vector<bfloat16> x(tiles * 1024), y(tiles * 1024);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = bfloat16(float(i % 89) / 4.0f);
    y[i] = bfloat16(float(i % 11) - 5.0f);
  }
  distributed::EnqueueWriteMeshBuffer(cq, a, x, false);
  distributed::EnqueueWriteMeshBuffer(cq, b, y, false);

  Program program = CreateProgram();
  for (uint8_t cb :
       {uint8_t(CBIndex::c_0), uint8_t(CBIndex::c_1), uint8_t(CBIndex::c_16)})
    CreateCircularBuffer(
        program, cores,
        CircularBufferConfig(2 * tileBytes, {{cb, DataFormat::Float16_b}})
            .set_page_size(cb, tileBytes));
  uint32_t arrived = CreateSemaphore(program, cores, 0);
  uint32_t go = CreateSemaphore(program, cores, 0);
  CreateCircularBuffer(
      program, cores,
      CircularBufferConfig(32, {{CBIndex::c_2, DataFormat::Float16_b}})
          .set_page_size(CBIndex::c_2, 32));

  std::vector<uint32_t> readerArgs;
  TensorAccessorArgs(*a).append_to(readerArgs);
  KernelHandle reader = CreateKernel(
      program, "kernels/reader.cpp", cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                         .noc = NOC::RISCV_1_default,
                         .compile_args = readerArgs});
  std::vector<uint32_t> writerArgs;
  TensorAccessorArgs(*c).append_to(writerArgs);
  KernelHandle writer = CreateKernel(
      program, "kernels/writer.cpp", cores,
      DataMovementConfig{
          .processor = DataMovementProcessor::RISCV_0,
          .noc = NOC::RISCV_0_default,
          .compile_args = writerArgs,
          .named_compile_args = {{"arrived", arrived}, {"go", go}}});
  KernelHandle compute =
      CreateKernel(program, "kernels/compute.cpp", cores, ComputeConfig{});
  CoreCoord first = device->worker_core_from_logical_core({0, 0});
  CoreCoord second = device->worker_core_from_logical_core({1, 0});
  for (uint32_t i = 0; i < 2; ++i) {
    CoreCoord core = {i, 0};
    uint32_t start = i * perCore;
    SetRuntimeArgs(program, reader, core,
                   {a->address(), b->address(), start, perCore});
    SetRuntimeArgs(program, writer, core,
                   {c->address(), start, perCore, i == 0, uint32_t(first.x),
                    uint32_t(first.y), uint32_t(second.x), uint32_t(second.y)});
    SetRuntimeArgs(program, compute, core, {perCore});
  }

  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(device->shape()),
                       std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  std::vector<bfloat16> z;
  distributed::EnqueueReadMeshBuffer(cq, z, c, true);
  size_t wrong = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    float expected = float(bfloat16(float(x[i]) + float(y[i])));
    if (std::fabs(float(z[i]) - expected) > 0.02f * std::fabs(expected) + 1e-3f)
      ++wrong;
  }
  std::printf("%s: %zu of %zu values wrong\n", wrong ? "FAIL" : "PASS", wrong,
              x.size());
  device->close();
  return wrong ? 1 : 0;
}
