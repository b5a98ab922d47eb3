// tt-metal's data-movement performance tests, as reference programs for
// the timing model's calibration (bench/calibration.py). Written after the
// tests' published design (tests/tt_metal/tt_metal/data_movement/:
// dram_unary, one_from_one, one_to_all/README.md): one core issues `count`
// transactions of `bytes` and waits on its barrier; tt-metal measures that
// kernel's duration. Usage:
//   main dram_read BYTES COUNT     reads of interleaved DRAM pages
//   main core_read BYTES COUNT     reads of core (1, 0)'s L1
//   main multicast SIDE BYTES COUNT   multicasts to the SIDE x SIDE cores
//                                     from (1, 1)
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tt;
using namespace tt::tt_metal;

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  bool multicast = mode == "multicast";
  if ((mode != "dram_read" && mode != "core_read" && !multicast) ||
      argc != (multicast ? 5 : 4)) {
    std::fprintf(stderr, "usage: main dram_read|core_read BYTES COUNT | "
                         "main multicast SIDE BYTES COUNT\n");
    return 2;
  }
  uint32_t side = multicast ? uint32_t(std::atoi(argv[2])) : 1;
  uint32_t bytes = uint32_t(std::atoi(argv[multicast ? 3 : 2]));
  uint32_t count = uint32_t(std::atoi(argv[multicast ? 4 : 3]));
  auto device = distributed::MeshDevice::create_unit_mesh(0);
  distributed::MeshCommandQueue &cq = device->mesh_command_queue();
  CoreCoord grid = device->compute_with_storage_grid_size();
  if (bytes == 0 || bytes > 65536 || count == 0 || side == 0 ||
      side + 1 > grid.x || side + 1 > grid.y) {
    std::fprintf(stderr, "sizes out of range for this device\n");
    return 2;
  }
  Program program = CreateProgram();
  // A 64 KiB CB on the issuing core is the transactions' L1 buffer; a
  // multicast writes the same L1 addresses of its destinations, which have
  // no CB there (tt-metal's test writes plain L1 buffers).
  CreateCircularBuffer(
      program, CoreCoord{0, 0},
      CircularBufferConfig(65536, {{CBIndex::c_0, DataFormat::Float16_b}})
          .set_page_size(CBIndex::c_0, 65536));
  std::shared_ptr<distributed::MeshBuffer> dram;
  std::vector<uint32_t> args;
  std::string kernel;
  if (mode == "dram_read") {
    dram = distributed::MeshBuffer::create(
        distributed::ReplicatedBufferConfig{.size = uint64_t(bytes) * count},
        distributed::DeviceLocalBufferConfig{.page_size = bytes,
                                             .buffer_type = BufferType::DRAM},
        device.get());
    kernel = "kernels/dram_reader.cpp";
    args = {dram->address(), bytes, count};
  } else if (mode == "core_read") {
    CoreCoord source = device->worker_core_from_logical_core({1, 0});
    kernel = "kernels/core_reader.cpp";
    args = {uint32_t(source.x), uint32_t(source.y), bytes, count};
  } else {
    CoreCoord first = device->worker_core_from_logical_core({1, 1});
    CoreCoord last = device->worker_core_from_logical_core({side, side});
    kernel = "kernels/multicast_sender.cpp";
    args = {uint32_t(first.x), uint32_t(first.y), uint32_t(last.x),
            uint32_t(last.y), side * side, bytes, count};
  }
  // Reads on NoC 1 (a reader's), writes on NoC 0 (a writer's), as the
  // tests' kernels run.
  KernelHandle handle =
      CreateKernel(program, kernel, CoreCoord{0, 0},
                   multicast ? DataMovementConfig{.processor =
                                                      DataMovementProcessor::RISCV_0,
                                                  .noc = NOC::RISCV_0_default}
                             : DataMovementConfig{.processor =
                                                      DataMovementProcessor::RISCV_1,
                                                  .noc = NOC::RISCV_1_default});
  SetRuntimeArgs(program, handle, CoreCoord{0, 0}, args);
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(device->shape()),
                       std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);
  std::printf("%s: %u transactions of %u B done\n", mode.c_str(), count,
              bytes);
  device->close();
  return 0;
}
