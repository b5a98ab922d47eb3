// C = A x B on a grid of cores with the design of ttnn's 2-D multicast
// matmul (MatmulMultiCoreReuseMultiCastProgramConfig, the program factory
// ttnn/cpp/ttnn/operations/matmul/device/factory/
// matmul_multicore_reuse_mcast_2d_program_factory.cpp, called
// matmul_op_multi_core_reuse_mcast_2d_program_factory.cpp in older trees),
// written from its published design for the Tilt emulator's timing
// calibration: its predicted device time is compared with tt-metal's
// published GEMM measurements (tests/ttnn/unit_tests/benchmarks/
// test_benchmark.py::test_matmul_2d_host_perf, tech_reports/GEMM_FLOPS).
//
//   main.cpp M K N grid_x grid_y in0_block_w out_subblock_h out_subblock_w
//            fidelity [fp32_acc [packer_l1_acc [out_block_h out_block_w]]]
//            [bf16 | bfp8 | bfp4]
//
// M, K, N in elements; fidelity LoFi, HiFi2, HiFi3 or HiFi4; fp32_acc
// (fp32_dest_acc_en) 0 by default; packer_l1_acc 1 by default (as the
// benchmark's WormholeComputeKernelConfig); out_block_h/w (tiles) default
// to the whole per-core block (the config's out_block_h/w fields); the
// data type last (bf16 by default: ttnn's BFLOAT16, BFLOAT8_B, BFLOAT4_B).
// A (M x K) and B (K x N) are of that type, tiled, in interleaved DRAM; so
// is C. The partial sums are Float32 with fp32_acc, else Float16_b with
// packer L1 accumulation, else of the output's type (the factory's
// interm0 format).
//
// The factory's layout on a grid_x x grid_y grid (no transpose_mcast):
//  - core (x, y) owns C's tiles [y * per_core_M, (y + 1) * per_core_M) x
//    [x * per_core_N, (x + 1) * per_core_N), per_core_M = Mt / grid_y and
//    per_core_N = Nt / grid_x;
//  - column x = 0 reads A's row blocks and multicasts them along its row
//    (in0 sender, RISCV_1); the other cores receive them (in0 receiver);
//  - row y = 0 reads B's column blocks and multicasts them down its column
//    (in1 sender, RISCV_0); the other cores receive them (in1 receiver);
//    both in1 kernels also write the core's C block ("writer");
//  - K advances in0_block_w tiles at a time; in0 and in1 CBs hold two
//    blocks each (MCAST_INPUT_BUFFERING_DEPTH), so reading block k + 1
//    overlaps computing block k;
//  - in0 kernels use preferred_noc_for_dram_write (NOC_1), in1 kernels
//    preferred_noc_for_dram_read (NOC_0); with more than two columns and
//    more than one row, the receivers right of the grid's middle column
//    swap the two (the factory's "split_half" for fused qkv / selfout).
//
// The configurations of tt-metal's benchmark (test_matmul_2d_host_perf,
// bf16 in0/in1/out, packer_l1_acc=True, fp32_dest_acc_en=False; its n150
// rows are 1x1-core shapes scaled by the 8x8 grid, its p150 rows by 13x10),
// as this program's arguments:
//   1024^3  8x8:  1024 1024 1024 8 8 4 4 2 HiFi4
//   2048^3  8x8:  2048 2048 2048 8 8 8 4 2 HiFi4
//   4096^3  8x8:  4096 4096 4096 8 8 2 4 2 HiFi4 0 1 4 4  (in0 is L1
//                 block-sharded there; DRAM interleaved here)
//   p150 2560x3328x3328 13x10: 2560 3328 3328 13 10 8 4 2 HiFi4
// The older version of that test (HiFi2, find_max_subblock):
//   1024 1024 1024 8 8 4 2 4 HiFi2, 2048 2048 2048 8 8 8 1 8 HiFi2,
//   4096 4096 4096 8 8 4 1 8 HiFi2 (does not fit the emulator's L1: see
//   the CB section).
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>

#include "hostdevcommon/common_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace tt;
using namespace tt::tt_metal;

namespace {

constexpr uint32_t kTile = 32;
constexpr uint32_t kBf16TileBytes = kTile * kTile * 2;
constexpr uint32_t kFp32TileBytes = kTile * kTile * 4;

[[noreturn]] void usage(const char *why) {
  std::fprintf(stderr,
               "error: %s\nusage: main M K N grid_x grid_y in0_block_w "
               "out_subblock_h out_subblock_w LoFi|HiFi2|HiFi3|HiFi4 "
               "[fp32_acc [packer_l1_acc [out_block_h out_block_w]]]\n",
               why);
  std::exit(2);
}

MathFidelity parseFidelity(const std::string &name) {
  if (name == "LoFi")
    return MathFidelity::LoFi;
  if (name == "HiFi2")
    return MathFidelity::HiFi2;
  if (name == "HiFi3")
    return MathFidelity::HiFi3;
  if (name == "HiFi4")
    return MathFidelity::HiFi4;
  usage("fidelity must be LoFi, HiFi2, HiFi3 or HiFi4");
}

/// Deterministic inputs: bf16 values uniform in [-1, 1).
std::vector<bfloat16> randomBf16(size_t count, uint64_t seed) {
  std::vector<bfloat16> values(count);
  uint64_t state = seed;
  for (bfloat16 &value : values) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    float unit = float(uint32_t(state >> 40)) / float(1u << 24);
    value = bfloat16(2.0f * unit - 1.0f);
  }
  return values;
}

} // namespace

int main(int argc, char **argv) {
  // The data type, when the last argument names one.
  DataFormat dtype = DataFormat::Float16_b;
  std::string dtype_name = "bf16";
  if (argc > 10) {
    std::string last = argv[argc - 1];
    if (last == "bf16" || last == "bfp8" || last == "bfp4") {
      dtype_name = last;
      dtype = last == "bfp8"   ? DataFormat::Bfp8_b
              : last == "bfp4" ? DataFormat::Bfp4_b
                               : DataFormat::Float16_b;
      --argc;
    }
  }
  const uint32_t dtype_tile_bytes = dtype == DataFormat::Bfp8_b   ? 1088
                                    : dtype == DataFormat::Bfp4_b ? 576
                                                                  : kBf16TileBytes;
  if (argc < 10 || argc > 14 || argc == 13)
    usage("wrong number of arguments");
  const uint32_t M = uint32_t(std::atoi(argv[1]));
  const uint32_t K = uint32_t(std::atoi(argv[2]));
  const uint32_t N = uint32_t(std::atoi(argv[3]));
  const uint32_t grid_x = uint32_t(std::atoi(argv[4]));
  const uint32_t grid_y = uint32_t(std::atoi(argv[5]));
  const uint32_t in0_block_w = uint32_t(std::atoi(argv[6]));
  const uint32_t out_subblock_h = uint32_t(std::atoi(argv[7]));
  const uint32_t out_subblock_w = uint32_t(std::atoi(argv[8]));
  const std::string fidelity_name = argv[9];
  const MathFidelity fidelity = parseFidelity(fidelity_name);
  const bool fp32_acc = argc > 10 && std::atoi(argv[10]) != 0;
  const bool packer_l1_acc = argc > 11 ? std::atoi(argv[11]) != 0 : true;

  // Shapes in tiles.
  if (!M || !K || !N || M % kTile || K % kTile || N % kTile)
    usage("M, K and N must be positive multiples of 32");
  const uint32_t Mt = M / kTile, Kt = K / kTile, Nt = N / kTile;
  if (!grid_x || !grid_y || Mt % grid_y || Nt % grid_x)
    usage("M must be a multiple of 32 * grid_y, N of 32 * grid_x");
  const uint32_t per_core_M = Mt / grid_y, per_core_N = Nt / grid_x;
  const uint32_t out_block_h =
      argc > 12 ? uint32_t(std::atoi(argv[12])) : per_core_M;
  const uint32_t out_block_w =
      argc > 13 ? uint32_t(std::atoi(argv[13])) : per_core_N;
  if (!in0_block_w || Kt % in0_block_w)
    usage("K / 32 must be a multiple of in0_block_w");
  if (!out_block_h || !out_block_w || per_core_M % out_block_h ||
      per_core_N % out_block_w)
    usage("out_block_h / out_block_w must divide per_core_M / per_core_N");
  if (!out_subblock_h || !out_subblock_w || out_block_h % out_subblock_h ||
      out_block_w % out_subblock_w)
    usage("out_subblock_h / out_subblock_w must divide the out block");
  // The half of DST a subblock gets (DST is double buffered between math
  // and pack) holds 8 tiles, 4 with an fp32 DST.
  if (out_subblock_h * out_subblock_w > (fp32_acc ? 4u : 8u))
    usage("the out subblock does not fit in DST");

  const uint32_t num_blocks_k = Kt / in0_block_w;
  const uint32_t num_blocks_h = per_core_M / out_block_h;
  const uint32_t num_blocks_w = per_core_N / out_block_w;
  // The factory enables packer L1 accumulation only with more than two K
  // blocks (the last one reloads anyway).
  const bool packer_l1_acc_en = packer_l1_acc && num_blocks_k > 2;

  auto device = distributed::MeshDevice::create_unit_mesh(0);
  distributed::MeshCommandQueue &cq = device->mesh_command_queue();
  const CoreCoord device_grid = device->compute_with_storage_grid_size();
  if (grid_x > device_grid.x || grid_y > device_grid.y) {
    std::fprintf(stderr, "error: grid %ux%u exceeds the device's %zux%zu\n",
                 grid_x, grid_y, device_grid.x, device_grid.y);
    return 2;
  }

  std::printf("matmul_2d: %ux%ux%u on %ux%u cores, per core %ux%u tiles, "
              "out block %ux%u, in0_block_w %u (%u K blocks), subblock "
              "%ux%u, %s, fp32_acc %d, packer_l1_acc %d, %s\n",
              M, K, N, grid_x, grid_y, per_core_M, per_core_N, out_block_h,
              out_block_w, in0_block_w, num_blocks_k, out_subblock_h,
              out_subblock_w, fidelity_name.c_str(), int(fp32_acc),
              int(packer_l1_acc_en), dtype_name.c_str());

  // Inputs, tiled (tile id = tile_row * width_in_tiles + tile_col, faces
  // in order within a tile), in interleaved DRAM.
  std::vector<bfloat16> a16 = randomBf16(size_t(M) * K, 1);
  std::vector<bfloat16> b16 = randomBf16(size_t(K) * N, 2);
  distributed::DeviceLocalBufferConfig dram{.page_size = dtype_tile_bytes,
                                            .buffer_type = BufferType::DRAM};
  const uint64_t tiles_a = uint64_t(Mt) * Kt, tiles_b = uint64_t(Kt) * Nt;
  auto in0_buffer = distributed::MeshBuffer::create(
      {.size = tiles_a * dtype_tile_bytes}, dram, device.get());
  auto in1_buffer = distributed::MeshBuffer::create(
      {.size = tiles_b * dtype_tile_bytes}, dram, device.get());
  auto out_buffer = distributed::MeshBuffer::create(
      {.size = uint64_t(Mt) * Nt * dtype_tile_bytes}, dram, device.get());
  // The values the device holds, for the reference: bf16, or the block
  // floats tt-metal's host packs them into (ties to even), decoded.
  auto upload = [&](const std::vector<bfloat16> &values, uint32_t rows,
                    uint32_t columns,
                    std::shared_ptr<distributed::MeshBuffer> &buffer) {
    std::vector<bfloat16> tiled = tilize_nfaces(values, rows, columns);
    if (dtype == DataFormat::Float16_b) {
      distributed::EnqueueWriteMeshBuffer(cq, buffer, tiled, false);
      return std::vector<float>(values.begin(), values.end());
    }
    std::vector<float> tiled_f(tiled.begin(), tiled.end());
    std::vector<uint32_t> packed =
        dtype == DataFormat::Bfp8_b
            ? pack_as_bfp8_tiles(tiled_f, /*row_major_input=*/false,
                                 /*is_exp_a=*/false)
            : pack_as_bfp4_tiles(tiled_f, false, false);
    distributed::EnqueueWriteMeshBuffer(cq, buffer, packed, false);
    std::vector<float> decoded =
        dtype == DataFormat::Bfp8_b
            ? unpack_bfp8_tiles_into_float_vec(packed, false, false)
            : unpack_bfp4_tiles_into_float_vec(packed, false, false);
    return untilize_nfaces(decoded, rows, columns);
  };
  std::vector<float> af = upload(a16, M, K, in0_buffer);
  std::vector<float> bf = upload(b16, K, N, in1_buffer);

  Program program = CreateProgram();
  const CoreRange all_cores({0, 0}, {grid_x - 1, grid_y - 1});

  // Circular buffers (the factory's CB section): in0 and in1 double
  // buffered; the output block (c_4) and the partials (c_5) one out block
  // each, sharing one allocation when their formats agree (one
  // CircularBufferConfig with both indices, as the factory makes it).
  const uint32_t in0_block_tiles = out_block_h * in0_block_w;
  const uint32_t in1_block_tiles = out_block_w * in0_block_w;
  const uint32_t out_block_tiles = out_block_h * out_block_w;
  const uint32_t buffering =
      num_blocks_k * num_blocks_h * num_blocks_w > 1 ? 2 : 1;
  auto makeCB = [&](uint8_t index, uint32_t tiles, DataFormat format,
                    uint32_t tile_bytes) {
    CreateCircularBuffer(
        program, all_cores,
        CircularBufferConfig(tiles * tile_bytes, {{index, format}})
            .set_page_size(index, tile_bytes));
  };
  makeCB(CBIndex::c_0, buffering * in0_block_tiles, dtype, dtype_tile_bytes);
  makeCB(CBIndex::c_1, buffering * in1_block_tiles, dtype, dtype_tile_bytes);
  const DataFormat partials_format = fp32_acc           ? DataFormat::Float32
                                     : packer_l1_acc_en ? DataFormat::Float16_b
                                                        : dtype;
  if (partials_format != dtype) {
    // Partials of another format than the output: a CB of their own.
    makeCB(CBIndex::c_4, out_block_tiles, dtype, dtype_tile_bytes);
    makeCB(CBIndex::c_5, out_block_tiles, partials_format,
           partials_format == DataFormat::Float32 ? kFp32TileBytes
                                                  : kBf16TileBytes);
  } else {
    CreateCircularBuffer(
        program, all_cores,
        CircularBufferConfig(out_block_tiles * dtype_tile_bytes,
                             {{CBIndex::c_4, dtype}, {CBIndex::c_5, dtype}})
            .set_page_size(CBIndex::c_4, dtype_tile_bytes)
            .set_page_size(CBIndex::c_5, dtype_tile_bytes));
  }

  // Semaphores, all starting INVALID: per operand one the receivers
  // increment on the sender ("ready") and one the sender sets VALID on the
  // receivers.
  const uint32_t in0_sender_sem = CreateSemaphore(program, all_cores, INVALID);
  const uint32_t in0_receiver_sem =
      CreateSemaphore(program, all_cores, INVALID);
  const uint32_t in1_sender_sem = CreateSemaphore(program, all_cores, INVALID);
  const uint32_t in1_receiver_sem =
      CreateSemaphore(program, all_cores, INVALID);

  // Core roles.
  const CoreRange in0_sender_cores({0, 0}, {0, grid_y - 1});
  const CoreRange in1_sender_cores({0, 0}, {grid_x - 1, 0});
  const bool split_half = grid_x > 2 && grid_y > 1;
  const uint32_t half_core = split_half ? grid_x / 2 : grid_x - 1;
  std::vector<CoreRange> in0_receivers, in1_receivers;
  if (grid_x > 1) // top row except the corner: in0 receiver, in1 sender
    in0_receivers.push_back(CoreRange({1, 0}, {grid_x - 1, 0}));
  if (grid_y > 1) // left column except the corner: in0 sender, in1 receiver
    in1_receivers.push_back(CoreRange({0, 1}, {0, grid_y - 1}));
  if (grid_x > 1 && grid_y > 1) { // the rest, left half
    CoreRange inner({1, 1}, {half_core, grid_y - 1});
    in0_receivers.push_back(inner);
    in1_receivers.push_back(inner);
  }
  std::optional<CoreRange> other_noc_receivers; // the rest, right half
  if (split_half)
    other_noc_receivers =
        CoreRange({half_core + 1, 1}, {grid_x - 1, grid_y - 1});

  const NOC in0_noc = NOC::NOC_1; // preferred_noc_for_dram_write
  const NOC in1_noc = NOC::NOC_0; // preferred_noc_for_dram_read
  // The kernels' build defines ARCH_BLACKHOLE on Blackhole (the senders
  // flush before the flag multicast there), as tt-metal's JIT build does.
  std::map<std::string, std::string> sender_defines;
  std::map<std::string, std::string> in0_sender_defines = sender_defines;
  std::map<std::string, std::string> in1_sender_defines = sender_defines;
  if (grid_x == 1)
    in0_sender_defines["SKIP_MCAST"] = "1";
  if (grid_y == 1)
    in1_sender_defines["SKIP_MCAST"] = "1";

  // in0 sender.
  std::vector<uint32_t> in0_sender_args = {
      in0_block_w,      out_block_h,  in0_block_tiles, Kt,
      num_blocks_k,     num_blocks_w, num_blocks_h,    in0_sender_sem,
      in0_receiver_sem, grid_x - 1};
  TensorAccessorArgs(*in0_buffer).append_to(in0_sender_args);
  KernelHandle in0_sender = CreateKernel(
      program, "kernels/in0_sender.cpp", in0_sender_cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                         .noc = in0_noc,
                         .compile_args = in0_sender_args,
                         .defines = in0_sender_defines});

  // in1 sender + writer.
  std::vector<uint32_t> in1_sender_args = {
      out_block_w,      in0_block_w,  in1_block_tiles, Nt,
      num_blocks_k,     num_blocks_w, num_blocks_h,    in1_sender_sem,
      in1_receiver_sem, grid_y - 1,   out_subblock_h,  out_subblock_w,
      out_block_h};
  TensorAccessorArgs(*in1_buffer).append_to(in1_sender_args);
  TensorAccessorArgs(*out_buffer).append_to(in1_sender_args);
  KernelHandle in1_sender = CreateKernel(
      program, "kernels/in1_sender_writer.cpp", in1_sender_cores,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                         .noc = in1_noc,
                         .compile_args = in1_sender_args,
                         .defines = in1_sender_defines});

  // Receivers, on the default NoCs and (right half) on the swapped ones.
  const std::vector<uint32_t> in0_receiver_args = {
      in0_block_tiles, num_blocks_k,   num_blocks_w,
      num_blocks_h,    in0_sender_sem, in0_receiver_sem};
  std::vector<uint32_t> in1_receiver_args = {
      in1_block_tiles, num_blocks_k,     num_blocks_w, num_blocks_h,
      in1_sender_sem,  in1_receiver_sem, Nt,           out_block_w,
      out_block_h,     out_subblock_h,   out_subblock_w};
  TensorAccessorArgs(*out_buffer).append_to(in1_receiver_args);
  auto makeIn0Receiver = [&](const CoreRangeSet &cores, NOC noc) {
    return CreateKernel(
        program, "kernels/in0_receiver.cpp", cores,
        DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                           .noc = noc,
                           .compile_args = in0_receiver_args});
  };
  auto makeIn1Receiver = [&](const CoreRangeSet &cores, NOC noc) {
    return CreateKernel(
        program, "kernels/in1_receiver_writer.cpp", cores,
        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                           .noc = noc,
                           .compile_args = in1_receiver_args});
  };
  std::vector<std::pair<KernelHandle, CoreRangeSet>> in0_receiver_kernels,
      in1_receiver_kernels;
  if (!in0_receivers.empty())
    in0_receiver_kernels.push_back(
        {makeIn0Receiver(CoreRangeSet(in0_receivers), in0_noc),
         CoreRangeSet(in0_receivers)});
  if (!in1_receivers.empty())
    in1_receiver_kernels.push_back(
        {makeIn1Receiver(CoreRangeSet(in1_receivers), in1_noc),
         CoreRangeSet(in1_receivers)});
  if (other_noc_receivers) {
    in0_receiver_kernels.push_back(
        {makeIn0Receiver(*other_noc_receivers, in1_noc), *other_noc_receivers});
    in1_receiver_kernels.push_back(
        {makeIn1Receiver(*other_noc_receivers, in0_noc), *other_noc_receivers});
  }

  // Compute, on every core.
  std::map<std::string, std::string> compute_defines;
  if (packer_l1_acc_en)
    compute_defines["PACKER_L1_ACC"] = "1";
  if (fp32_acc)
    compute_defines["FP32_DEST_ACC_EN"] = "1";
  const std::vector<uint32_t> compute_args = {
      in0_block_w,
      out_block_h / out_subblock_h, // in0_num_subblocks
      in0_block_tiles,
      out_subblock_h * in0_block_w, // in0_subblock_tiles
      out_block_w / out_subblock_w, // in1_num_subblocks
      in1_block_tiles,
      out_block_w, // in1_block_w
      num_blocks_k,
      num_blocks_w,
      num_blocks_h,
      out_subblock_h,
      out_subblock_w,
      out_subblock_h * out_subblock_w,
      out_block_tiles};
  CreateKernel(program, "kernels/bmm_compute.cpp", all_cores,
               ComputeConfig{.math_fidelity = fidelity,
                             .fp32_dest_acc_en = fp32_acc,
                             .math_approx_mode = true,
                             .compile_args = compute_args,
                             .defines = compute_defines});

  // Runtime arguments (the factory's per-core loop). Multicast rectangles
  // in NoC coordinates: in0 along the row from x = 1 to the last column,
  // in1 down the column from y = 1 to the last row; on NoC 1 the start is
  // the bottom-right corner, so the pair is swapped.
  for (uint32_t y = 0; y < grid_y; ++y) {
    for (uint32_t x = 0; x < grid_x; ++x) {
      const CoreCoord core(x, y);
      const CoreCoord left = device->worker_core_from_logical_core({0, y});
      const CoreCoord top = device->worker_core_from_logical_core({x, 0});
      const uint32_t out_first_tile = y * per_core_M * Nt + x * per_core_N;
      if (x == 0) {
        CoreCoord start = left, end = left;
        if (grid_x > 1) {
          start = device->worker_core_from_logical_core({1, y});
          end = device->worker_core_from_logical_core({grid_x - 1, y});
          if (in0_noc == NOC::NOC_1)
            std::swap(start, end);
        }
        SetRuntimeArgs(program, in0_sender, core,
                       {in0_buffer->address(), y * per_core_M * Kt,
                        uint32_t(start.x), uint32_t(start.y), uint32_t(end.x),
                        uint32_t(end.y)});
      } else {
        for (auto &[kernel, cores] : in0_receiver_kernels)
          if (cores.contains(core))
            SetRuntimeArgs(program, kernel, core,
                           {uint32_t(left.x), uint32_t(left.y)});
      }
      if (y == 0) {
        CoreCoord start = top, end = top;
        if (grid_y > 1) {
          start = device->worker_core_from_logical_core({x, 1});
          end = device->worker_core_from_logical_core({x, grid_y - 1});
          if (in1_noc == NOC::NOC_1)
            std::swap(start, end);
        }
        SetRuntimeArgs(program, in1_sender, core,
                       {in1_buffer->address(), x * per_core_N,
                        uint32_t(start.x), uint32_t(start.y), uint32_t(end.x),
                        uint32_t(end.y), out_buffer->address(),
                        out_first_tile});
      } else {
        for (auto &[kernel, cores] : in1_receiver_kernels)
          if (cores.contains(core))
            SetRuntimeArgs(program, kernel, core,
                           {uint32_t(top.x), uint32_t(top.y),
                            out_buffer->address(), out_first_tile});
      }
    }
  }

  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(device->shape()),
                       std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  std::vector<float> c;
  if (dtype == DataFormat::Float16_b) {
    std::vector<bfloat16> out_tiles;
    distributed::EnqueueReadMeshBuffer(cq, out_tiles, out_buffer, true);
    std::vector<bfloat16> rows16 = untilize_nfaces(out_tiles, M, N);
    c.assign(rows16.begin(), rows16.end());
  } else {
    std::vector<uint32_t> out_words;
    distributed::EnqueueReadMeshBuffer(cq, out_words, out_buffer, true);
    c = untilize_nfaces(
        dtype == DataFormat::Bfp8_b
            ? unpack_bfp8_tiles_into_float_vec(out_words, false, false)
            : unpack_bfp4_tiles_into_float_vec(out_words, false, false),
        M, N);
  }

  // Host reference in double from the same bf16 inputs. Every row up to
  // 2^30 multiply-adds; beyond, two rows of every tile row (one in each
  // half of the tile's faces), which still covers every output tile.
  std::vector<uint32_t> rows;
  if (uint64_t(M) * K * N <= (1ull << 30)) {
    for (uint32_t r = 0; r < M; ++r)
      rows.push_back(r);
  } else {
    for (uint32_t t = 0; t < Mt; ++t) {
      rows.push_back(t * kTile + (t * 5) % 16);
      rows.push_back(t * kTile + 16 + (t * 11) % 16);
    }
  }
  std::vector<double> ref(size_t(rows.size()) * N);
  auto referenceRows = [&](size_t first, size_t step) {
    for (size_t i = first; i < rows.size(); i += step) {
      double *acc = &ref[i * N];
      const float *arow = &af[size_t(rows[i]) * K];
      for (uint32_t k = 0; k < K; ++k) {
        const double aik = arow[k];
        const float *brow = &bf[size_t(k) * N];
        for (uint32_t j = 0; j < N; ++j)
          acc[j] += aik * double(brow[j]);
      }
    }
  };
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back(referenceRows, t, threads);
  for (std::thread &worker : workers)
    worker.join();

  // Error relative to the largest reference value, and the PCC ttnn's
  // tests use. bf16 keeps 8 significant bits: the output's rounding alone
  // is 2^-9 of a value, and each K tile that a 16-bit DST (or a bf16
  // partials CB under packer L1 accumulation) adds into a partial sum
  // rounds it again, so the error grows as the root of the Kt roundings
  // while max |ref| grows as the root of K: the limit is
  // base * (1 + sqrt(Kt)) of max |ref|, base 2^-7 for HiFi3/HiFi4, more for
  // HiFi2 and LoFi, whose multiplier takes fewer of SrcA's and SrcB's
  // mantissa bits.
  double max_err = 0, max_ref = 0, sum_r = 0, sum_c = 0, sum_rr = 0,
         sum_cc = 0, sum_rc = 0;
  size_t bad_nan = 0;
  const size_t count = ref.size();
  for (size_t i = 0; i < rows.size(); ++i)
    for (uint32_t j = 0; j < N; ++j) {
      double r = ref[i * N + j];
      double v = float(c[size_t(rows[i]) * N + j]);
      if (!std::isfinite(v))
        ++bad_nan;
      max_err = std::max(max_err, std::fabs(v - r));
      max_ref = std::max(max_ref, std::fabs(r));
      sum_r += r;
      sum_c += v;
      sum_rr += r * r;
      sum_cc += v * v;
      sum_rc += r * v;
    }
  const double n = double(count);
  const double cov = sum_rc - sum_r * sum_c / n;
  const double pcc = cov / std::sqrt((sum_rr - sum_r * sum_r / n) *
                                     (sum_cc - sum_c * sum_c / n));
  const double rel = max_err / std::max(max_ref, 1e-30);
  double base = 1.0 / 128, min_pcc = 0.999; // HiFi3, HiFi4
  if (fidelity == MathFidelity::HiFi2) {
    base = 1.0 / 96;
  } else if (fidelity == MathFidelity::LoFi) {
    base = 1.0 / 48;
    min_pcc = 0.995;
  }
  // Block floats keep fewer bits than bf16 (7 and 3 significant bits under
  // one exponent per 16 values): their output and any partials that go
  // through them round that much more coarsely.
  if (dtype == DataFormat::Bfp8_b) {
    base *= 2;
  } else if (dtype == DataFormat::Bfp4_b) {
    // The packer truncates a Bfp4_b output from Bfp8_b: up to an eighth
    // of the largest of 16 values.
    base *= 16;
    min_pcc = 0.97;
  }
  const double tolerance = base * (1 + std::sqrt(double(Kt)));
  const bool pass = bad_nan == 0 && rel <= tolerance && pcc >= min_pcc;
  std::printf("%s: max |C - ref| = %.4g (%.3g%% of max |ref| %.4g, limit "
              "%.3g%%), PCC %.6f (limit %.4f), %zu of %zu rows checked, %zu "
              "non-finite\n",
              pass ? "PASS" : "FAIL", max_err, 100 * rel, max_ref,
              100 * tolerance, pcc, min_pcc, rows.size(), size_t(M), bad_nan);
  device->close();
  return pass ? 0 : 1;
}
