// Compiled by Run/cb-constants.test with the CB flags the host API gave
// cast.tilt's kernels: the CB sizes and formats are constants.
#include "api/dataflow/dataflow_api.h"

constexpr uint32_t kInBytes = get_tile_size(0);
constexpr uint32_t kOutBytes = get_tile_size(16);
static_assert(kInBytes == 4096, "CB 0 holds Float32 tiles");
static_assert(kOutBytes == 2048, "CB 16 holds Float16_b tiles");
static_assert(get_dataformat(0) == DataFormat::Float32, "CB 0's format");
static_assert(get_dataformat(16) == DataFormat::Float16_b, "CB 16's format");
static_assert(get_tile_size(1) == 0 && get_dataformat(1) == DataFormat::Invalid,
              "a CB the cores do not have");

void kernel_main() {}
