// The same c = a + b as ../add, written against the host API before the
// Mesh API (CreateDevice, CreateBuffer, EnqueueProgram), as tt-metal's
// programming examples were until 2025; it runs the kernels of ../add.
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace tt;
using namespace tt::tt_metal;

int main() {
  constexpr uint32_t tiles = 3;
  constexpr uint32_t tileBytes = 32 * 32 * 2;
  IDevice *device = CreateDevice(0);
  CommandQueue &cq = device->command_queue();
  Program program = CreateProgram();
  constexpr CoreCoord core = {0, 0};

  InterleavedBufferConfig dram{.device = device,
                               .size = tiles * tileBytes,
                               .page_size = tileBytes,
                               .buffer_type = BufferType::DRAM};
  std::shared_ptr<Buffer> a = CreateBuffer(dram);
  std::shared_ptr<Buffer> b = CreateBuffer(dram);
  std::shared_ptr<Buffer> c = CreateBuffer(dram);
  std::vector<bfloat16> x(tiles * 1024), y(tiles * 1024);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = bfloat16(float(i % 31) / 4.0f);
    y[i] = bfloat16(float(i % 7));
  }
  EnqueueWriteBuffer(cq, a, x, false);
  EnqueueWriteBuffer(cq, b, y, false);

  for (uint8_t cb :
       {uint8_t(CBIndex::c_0), uint8_t(CBIndex::c_1), uint8_t(CBIndex::c_16)})
    CreateCircularBuffer(
        program, core,
        CircularBufferConfig(2 * tileBytes, {{cb, DataFormat::Float16_b}})
            .set_page_size(cb, tileBytes));
  KernelHandle reader = CreateKernel(
      program, "../add/kernels/reader.cpp", core,
      ReaderDataMovementConfig(
          {}, {}, {{"cb_a", CBIndex::c_0}, {"cb_b", CBIndex::c_1}}));
  std::vector<uint32_t> writerArgs;
  TensorAccessorArgs(*c).append_to(writerArgs);
  KernelHandle writer = CreateKernel(program, "../add/kernels/writer.cpp", core,
                                     WriterDataMovementConfig(writerArgs));
  KernelHandle compute = CreateKernel(program, "../add/kernels/compute.cpp",
                                      core, ComputeConfig{});
  SetRuntimeArgs(program, reader, core, {a->address(), b->address(), tiles});
  SetRuntimeArgs(program, writer, core, {c->address(), tiles});
  SetRuntimeArgs(program, compute, core, {tiles});
  // The same program twice: a program is enqueued as often as one likes.
  EnqueueProgram(cq, program, false);
  EnqueueProgram(cq, program, false);
  Finish(cq);

  std::vector<bfloat16> z;
  EnqueueReadBuffer(cq, c, z, true);
  size_t wrong = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    float expected = float(bfloat16(float(x[i]) + float(y[i])));
    if (std::fabs(float(z[i]) - expected) > 0.02f * std::fabs(expected) + 1e-3f)
      ++wrong;
  }
  std::printf("%s: %zu of %zu values wrong\n", wrong ? "FAIL" : "PASS", wrong,
              x.size());
  CloseDevice(device);
  return wrong ? 1 : 0;
}
