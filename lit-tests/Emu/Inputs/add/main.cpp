// A tt-metal host program as its programming examples are written (the
// Mesh API): c = a + b over n bf16 tiles on one core, then checked on the
// host. tilt-emu builds and runs it (lit-tests/Emu/host-program.test).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace tt;
using namespace tt::tt_metal;

int main(int argc, char **argv) {
  uint32_t tiles = argc > 1 ? uint32_t(std::atoi(argv[1])) : 4;
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  distributed::MeshCommandQueue &cq = device->mesh_command_queue();
  constexpr CoreCoord core = {0, 0};
  constexpr uint32_t tileBytes = 32 * 32 * 2;

  distributed::DeviceLocalBufferConfig dram{.page_size = tileBytes,
                                            .buffer_type = BufferType::DRAM};
  distributed::ReplicatedBufferConfig size{.size = tiles * tileBytes};
  auto a = distributed::MeshBuffer::create(size, dram, device.get());
  auto b = distributed::MeshBuffer::create(size, dram, device.get());
  auto c = distributed::MeshBuffer::create(size, dram, device.get());

  std::vector<bfloat16> x(tiles * 1024), y(tiles * 1024);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = bfloat16(float(i % 97) / 8.0f);
    y[i] = bfloat16(float(i % 13) - 6.0f);
  }
  distributed::EnqueueWriteMeshBuffer(cq, a, x, false);
  distributed::EnqueueWriteMeshBuffer(cq, b, y, false);

  Program program = CreateProgram();
  for (uint8_t cb :
       {uint8_t(CBIndex::c_0), uint8_t(CBIndex::c_1), uint8_t(CBIndex::c_16)})
    CreateCircularBuffer(
        program, core,
        CircularBufferConfig(2 * tileBytes, {{cb, DataFormat::Float16_b}})
            .set_page_size(cb, tileBytes));
  KernelHandle reader = CreateKernel(
      program, "kernels/reader.cpp", core,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                         .noc = NOC::RISCV_1_default,
                         .named_compile_args = {{"cb_a", CBIndex::c_0},
                                                {"cb_b", CBIndex::c_1}}});
  std::vector<uint32_t> writerArgs;
  TensorAccessorArgs(*c).append_to(writerArgs);
  KernelHandle writer = CreateKernel(
      program, "kernels/writer.cpp", core,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                         .noc = NOC::RISCV_0_default,
                         .compile_args = writerArgs});
  KernelHandle compute =
      CreateKernel(program, "kernels/compute.cpp", core,
                   ComputeConfig{.math_fidelity = MathFidelity::HiFi4});
  SetRuntimeArgs(program, reader, core, {a->address(), b->address(), tiles});
  SetRuntimeArgs(program, writer, core, {c->address(), tiles});
  SetRuntimeArgs(program, compute, core, {tiles});

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
  std::printf("%s: %zu of %zu values wrong on %s\n", wrong ? "FAIL" : "PASS",
              wrong, x.size(),
              device->arch() == tt::ARCH::BLACKHOLE ? "Blackhole" : "Wormhole");
  device->close();
  return wrong ? 1 : 0;
}
