//===- HostEmitter.cpp - The host program of a tt.program -----------------===//
//
// Writes main.cpp: a complete TT-Metalium host program on the Mesh API that
// creates the program's buffers, writes the inputs (padded, tilized and in
// the buffer's format), creates every CB and kernel on its cores, sets
// every core's runtime arguments, runs the program and reads the outputs
// back. Inputs and outputs are files named on the command line, and so are
// the values of the program's scalars (passed to kernels as f32 bits).
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/IR/Attributes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace tilt;
using namespace tilt::metalium;

namespace {

// What every host program shares and its program does not decide (command
// line, .npy files, the layouts of tensors in DRAM pages), written as
// host_io.hpp and host_io.cpp beside main.cpp. The text is the same for every
// program, so tilt-run compiles host_io.cpp once (run::buildHost) and each
// program's build compiles main() only.
constexpr llvm::StringLiteral kHostIoHeader =
    R"cpp(// host_io.hpp: the host program's command line, files and tensor layouts.
// What every host program Tilt writes shares and its program does not decide:
// the command line, .npy files and the layouts of tensors in DRAM pages.
// host_io.cpp defines it; main.cpp includes it.
#pragma once

#include <tt-metalium/bfloat16.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace tilt_host {

// --in NAME=FILE, --out NAME=FILE, --scalar NAME=VALUE and --kernel-dir DIR.
struct HostArgs {
  std::map<std::string, std::string> inputs, outputs, scalars;
  std::string kernelDir;
};

bool parseArgs(int argc, char **argv, const std::vector<std::string> &buffers,
               const std::vector<std::string> &scalars, HostArgs &args);

// Writes a float32 array as .npy, or raw float32 for other file names.
bool saveArray(const std::string &path, const std::vector<uint32_t> &shape,
               const std::vector<float> &data);

// IEEE half on the host, for Float16 buffers (Metalium has no host half
// type): conversion from float rounds to nearest even, to subnormals and
// infinity where the value needs them; NaN stays NaN.
struct HostHalf {
  uint16_t bits = 0;
  HostHalf() = default;
  HostHalf(float value) {
    uint32_t f;
    std::memcpy(&f, &value, 4);
    uint32_t sign = (f >> 16) & 0x8000u, magnitude = f & 0x7fffffffu;
    if (magnitude > 0x7f800000u) {
      bits = uint16_t(sign | 0x7e00u);
    } else if (magnitude >= 0x477ff000u) {
      bits = uint16_t(sign | 0x7c00u); // rounds to infinity
    } else if (magnitude < 0x38800000u) {
      // Subnormal (or zero): in units of 2^-24, rounded to nearest even.
      float scaled = std::fabs(value) * 16777216.0f;
      bits = uint16_t(sign | uint32_t(std::nearbyint(scaled)));
    } else {
      uint32_t rounded = magnitude + 0xfffu + ((magnitude >> 13) & 1u);
      bits = uint16_t(sign | ((rounded - 0x38000000u) >> 13));
    }
  }
  operator float() const {
    uint32_t sign = uint32_t(bits & 0x8000u) << 16;
    uint32_t exponent = (bits >> 10) & 0x1fu, mantissa = bits & 0x3ffu;
    float value;
    if (exponent == 0) {
      value = std::ldexp(float(mantissa), -24);
      return sign ? -value : value;
    }
    uint32_t f =
        sign | (exponent == 31 ? 0x7f800000u | (mantissa << 13)
                               : ((exponent + 112) << 23) | (mantissa << 13));
    std::memcpy(&value, &f, 4);
    return value;
  }
};

// A buffer's host element type T is one of bfloat16, HostHalf, float,
// int32_t, int8_t and uint8_t: host_io.cpp instantiates these templates for
// each.

// Pads `data` (of `shape`) to `padded` and lays it out in 32x32 tiles of
// four 16x16 faces, in the buffer's element type.
template <typename T>
std::vector<T> toTiles(const std::vector<float> &data,
                       const std::vector<uint32_t> &shape,
                       const std::vector<uint32_t> &padded);

// The inverse of toTiles: back to row-major `shape`, padding dropped.
template <typename T>
std::vector<float> fromTiles(const std::vector<T> &tiles,
                             const std::vector<uint32_t> &shape,
                             const std::vector<uint32_t> &padded);

// A row-major tensor (one page per row of its last dimension): each row
// padded with zeros to the padded last dimension, in the buffer's element
// type.
template <typename T>
std::vector<T> toRows(const std::vector<float> &data,
                      const std::vector<uint32_t> &shape,
                      const std::vector<uint32_t> &padded);

// The inverse of toRows: the padding of each row dropped.
template <typename T>
std::vector<float> fromRows(const std::vector<T> &pages,
                            const std::vector<uint32_t> &shape,
                            const std::vector<uint32_t> &padded);

// The given input of buffer `name`, or zeros.
bool loadInput(const HostArgs &args, const std::string &name,
               const std::vector<uint32_t> &shape, std::vector<float> &data);

// The f32 bits of scalar `name` (0.0 without --scalar), its value rounded to
// the scalar's type T first: kernels take float parameters as the uint32_t
// bit pattern of an f32 (binop_with_scalar.h's `param`, fill_tile_bitcast).
template <typename T>
bool scalarBits(const HostArgs &args, const std::string &name, uint32_t &bits);

} // namespace tilt_host
)cpp";

constexpr llvm::StringLiteral kHostIoSource =
    R"cpp(// host_io.cpp: the definitions of host_io.hpp.
// The same file for every host program Tilt writes.
#include "host_io.hpp"

#include <tt-metalium/tilize_utils.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <type_traits>

namespace tilt_host {

namespace {

bool endsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Reads a float32 array of `shape` from .npy (little-endian '<f4', C order)
// or raw little-endian float32.
bool loadArray(const std::string &path, const std::vector<uint32_t> &shape,
               std::vector<float> &data) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "error: cannot open %s\n", path.c_str());
    return false;
  }
  std::string bytes((std::istreambuf_iterator<char>(file)),
                    std::istreambuf_iterator<char>());
  size_t count = 1;
  for (uint32_t extent : shape)
    count *= extent;
  size_t offset = 0;
  if (endsWith(path, ".npy")) {
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
      std::fprintf(stderr, "error: %s is not a .npy file\n", path.c_str());
      return false;
    }
    size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
    offset = 10 + headerLength;
    std::string header = bytes.substr(10, headerLength);
    std::string expected = "(";
    for (size_t i = 0; i < shape.size(); ++i)
      expected += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
                  (i + 1 < shape.size() ? ", " : "");
    expected += ")";
    if (header.find("'<f4'") == std::string::npos ||
        header.find("'fortran_order': False") == std::string::npos ||
        header.find(expected) == std::string::npos) {
      std::fprintf(stderr,
                   "error: %s: expected a C-order float32 array of shape %s\n",
                   path.c_str(), expected.c_str());
      return false;
    }
  }
  if (bytes.size() < offset || bytes.size() - offset != count * 4) {
    std::fprintf(stderr, "error: %s: expected %zu float32 values\n",
                 path.c_str(), count);
    return false;
  }
  data.resize(count);
  std::memcpy(data.data(), bytes.data() + offset, count * 4);
  return true;
}

// A tensor as stacked tiled matrices: [D0, ..., M, N] is D0 x ... matrices
// of M x N, each padded and tiled on its own, one after the other (tile
// ((d0 * D1 + d1) ... * Mt + m) * Nt + n); a 1-d tensor is one matrix
// holding a column vector in column 0 of its tiles.
struct MatrixShape {
  size_t matrices = 1;
  uint32_t rows = 0, cols = 0;
};
MatrixShape matrixShape(const std::vector<uint32_t> &shape) {
  if (shape.size() == 1)
    return {1, shape[0], 32};
  MatrixShape matrix{1, shape[shape.size() - 2], shape.back()};
  for (size_t i = 0; i + 2 < shape.size(); ++i)
    matrix.matrices *= shape[i];
  return matrix;
}

// An output element as the float32 the result files hold. An int32 beyond
// 2^24 has no exact float32: the program stops with an error rather than
// write a rounded value.
template <typename T> float toCarried(T value) {
  float carried = static_cast<float>(value);
  if constexpr (std::is_integral_v<T>) {
    if (static_cast<long long>(carried) != static_cast<long long>(value)) {
      std::fprintf(stderr,
                   "error: an integer output element is %lld, beyond 2^24: "
                   "the run's float32 result files cannot hold it exactly\n",
                   static_cast<long long>(value));
      std::exit(1);
    }
  }
  return carried;
}

} // namespace

bool parseArgs(int argc, char **argv, const std::vector<std::string> &buffers,
               const std::vector<std::string> &scalars, HostArgs &args) {
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (i + 1 >= argc || (flag != "--in" && flag != "--out" &&
                          flag != "--scalar" && flag != "--kernel-dir")) {
      std::fprintf(stderr,
                   "usage: %s [--in BUFFER=FILE]... [--out BUFFER=FILE]... "
                   "[--scalar SCALAR=VALUE]... [--kernel-dir DIR]\n",
                   argv[0]);
      return false;
    }
    std::string value = argv[++i];
    if (flag == "--kernel-dir") {
      args.kernelDir = value;
      continue;
    }
    size_t equals = value.find('=');
    std::string name = value.substr(0, equals);
    bool isScalar = flag == "--scalar";
    bool known = false;
    for (const std::string &candidate : isScalar ? scalars : buffers)
      known |= candidate == name;
    if (equals == std::string::npos || !known) {
      std::fprintf(stderr,
                   "error: %s %s: expected %s with a %s of this "
                   "program\n",
                   flag.c_str(), value.c_str(),
                   isScalar ? "SCALAR=VALUE" : "BUFFER=FILE",
                   isScalar ? "scalar" : "buffer");
      return false;
    }
    (isScalar         ? args.scalars
     : flag == "--in" ? args.inputs
                      : args.outputs)[name] = value.substr(equals + 1);
  }
  return true;
}

// Writes a float32 array as .npy, or raw float32 for other file names.
bool saveArray(const std::string &path, const std::vector<uint32_t> &shape,
               const std::vector<float> &data) {
  std::ofstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
    return false;
  }
  if (endsWith(path, ".npy")) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < shape.size(); ++i)
      header += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
                (i + 1 < shape.size() ? ", " : "");
    header += "), }";
    while ((10 + header.size() + 1) % 64 != 0)
      header += ' ';
    header += '\n';
    file.write("\x93NUMPY\x01\x00", 8);
    char length[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
    file.write(length, 2);
    file.write(header.data(), header.size());
  }
  file.write(reinterpret_cast<const char *>(data.data()), data.size() * 4);
  // A write that fails (a full disk) may only show when the file is flushed.
  file.close();
  if (!file) {
    std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

// Pads `data` (of `shape`) to `padded` and lays it out in 32x32 tiles of
// four 16x16 faces, in the buffer's element type.
template <typename T>
std::vector<T> toTiles(const std::vector<float> &data,
                       const std::vector<uint32_t> &shape,
                       const std::vector<uint32_t> &padded) {
  MatrixShape logical = matrixShape(shape), full = matrixShape(padded);
  std::vector<float> matrix(full.matrices * full.rows * full.cols, 0.0f);
  uint32_t dataCols = shape.size() == 1 ? 1 : logical.cols;
  for (size_t m = 0; m < logical.matrices; ++m)
    for (uint32_t r = 0; r < logical.rows; ++r)
      for (uint32_t c = 0; c < dataCols; ++c)
        matrix[(m * full.rows + r) * full.cols + c] =
            data[(m * logical.rows + r) * dataCols + c];
  std::vector<float> tiled =
      tilize_nfaces(matrix, uint32_t(full.matrices * full.rows), full.cols);
  return std::vector<T>(tiled.begin(), tiled.end());
}

// The inverse of toTiles: back to row-major `shape`, padding dropped.
template <typename T>
std::vector<float> fromTiles(const std::vector<T> &tiles,
                             const std::vector<uint32_t> &shape,
                             const std::vector<uint32_t> &padded) {
  MatrixShape logical = matrixShape(shape), full = matrixShape(padded);
  std::vector<float> tiled;
  tiled.reserve(tiles.size());
  for (const T &value : tiles)
    tiled.push_back(toCarried(value));
  std::vector<float> matrix =
      untilize_nfaces(tiled, uint32_t(full.matrices * full.rows), full.cols);
  uint32_t dataCols = shape.size() == 1 ? 1 : logical.cols;
  std::vector<float> data(logical.matrices * logical.rows * dataCols);
  for (size_t m = 0; m < logical.matrices; ++m)
    for (uint32_t r = 0; r < logical.rows; ++r)
      for (uint32_t c = 0; c < dataCols; ++c)
        data[(m * logical.rows + r) * dataCols + c] =
            matrix[(m * full.rows + r) * full.cols + c];
  return data;
}

// A row-major tensor (one page per row of its last dimension): each row
// padded with zeros to the padded last dimension, in the buffer's element
// type.
template <typename T>
std::vector<T> toRows(const std::vector<float> &data,
                      const std::vector<uint32_t> &shape,
                      const std::vector<uint32_t> &padded) {
  uint32_t cols = shape.back(), paddedCols = padded.back();
  size_t rows = cols ? data.size() / cols : 0;
  std::vector<T> pages(rows * paddedCols, T(0.0f));
  for (size_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c)
      pages[r * paddedCols + c] = T(data[r * cols + c]);
  return pages;
}

// The inverse of toRows: the padding of each row dropped.
template <typename T>
std::vector<float> fromRows(const std::vector<T> &pages,
                            const std::vector<uint32_t> &shape,
                            const std::vector<uint32_t> &padded) {
  uint32_t cols = shape.back(), paddedCols = padded.back();
  size_t rows = paddedCols ? pages.size() / paddedCols : 0;
  std::vector<float> data(rows * cols);
  for (size_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c)
      data[r * cols + c] = toCarried(pages[r * paddedCols + c]);
  return data;
}

// The given input of buffer `name`, or zeros.
bool loadInput(const HostArgs &args, const std::string &name,
               const std::vector<uint32_t> &shape, std::vector<float> &data) {
  auto it = args.inputs.find(name);
  if (it != args.inputs.end())
    return loadArray(it->second, shape, data);
  size_t count = 1;
  for (uint32_t extent : shape)
    count *= extent;
  data.assign(count, 0.0f);
  return true;
}

// The f32 bits of scalar `name` (0.0 without --scalar), its value rounded to
// the scalar's type T first: kernels take float parameters as the uint32_t
// bit pattern of an f32 (binop_with_scalar.h's `param`, fill_tile_bitcast).
template <typename T>
bool scalarBits(const HostArgs &args, const std::string &name, uint32_t &bits) {
  float value = 0.0f;
  auto it = args.scalars.find(name);
  if (it != args.scalars.end()) {
    const char *text = it->second.c_str();
    char *end = nullptr;
    value = std::strtof(text, &end);
    if (end == text || *end != '\0') {
      std::fprintf(stderr, "error: --scalar %s=%s: expected a number\n",
                   name.c_str(), text);
      return false;
    }
  }
  value = static_cast<float>(T(value));
  std::memcpy(&bits, &value, 4);
  return true;
}

#define TILT_HOST_ELEMENT_TYPE(T)                                              \
  template std::vector<T> toTiles<T>(const std::vector<float> &,               \
                                     const std::vector<uint32_t> &,            \
                                     const std::vector<uint32_t> &);           \
  template std::vector<float> fromTiles<T>(const std::vector<T> &,             \
                                           const std::vector<uint32_t> &,      \
                                           const std::vector<uint32_t> &);     \
  template std::vector<T> toRows<T>(const std::vector<float> &,                \
                                    const std::vector<uint32_t> &,             \
                                    const std::vector<uint32_t> &);            \
  template std::vector<float> fromRows<T>(const std::vector<T> &,              \
                                          const std::vector<uint32_t> &,       \
                                          const std::vector<uint32_t> &);      \
  template bool scalarBits<T>(const HostArgs &, const std::string &,           \
                              uint32_t &);
TILT_HOST_ELEMENT_TYPE(bfloat16)
TILT_HOST_ELEMENT_TYPE(HostHalf)
TILT_HOST_ELEMENT_TYPE(float)
TILT_HOST_ELEMENT_TYPE(int32_t)
TILT_HOST_ELEMENT_TYPE(int8_t)
TILT_HOST_ELEMENT_TYPE(uint8_t)
#undef TILT_HOST_ELEMENT_TYPE

} // namespace tilt_host
)cpp";

// main.cpp's own helper: the directory of main.cpp, where the kernels are.
constexpr llvm::StringLiteral kHostMainHelpers = R"cpp(namespace {

// The directory of this source file: the kernels are next to it.
std::string sourceDir() {
  std::string file = __FILE__;
  size_t slash = file.rfind('/');
  return slash == std::string::npos ? "." : file.substr(0, slash);
}


} // namespace
)cpp";

std::string shapeList(llvm::ArrayRef<int64_t> shape) {
  std::string text = "{";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "}";
}

/// Unqualified names that main() uses besides its helpers: its own locals
/// and what `using namespace tt::tt_metal` brings in. No buffer or kernel
/// variable may take one.
constexpr llvm::StringLiteral kHostMainNames =
    "main argc argv args kernel_dir mesh_device cq program workload ok data "
    "tiles tt tt_metal distributed Program CreateProgram CreateCircularBuffer "
    "CoreRange CoreRangeSet CoreCoord CircularBufferConfig ComputeConfig "
    "MathFidelity DataMovementConfig DataMovementProcessor NOC KernelHandle "
    "CreateKernel SetRuntimeArgs BufferType bfloat16 CreateSemaphore";

struct HostBuffer {
  /// The tt.buffer symbol: the name of its --in/--out option.
  std::string name;
  /// The C++ variables of the buffer in main().
  std::string var, shapeVar, paddedVar, layoutVar, configVar, addrVar;
  int64_t size = 0, pageSize = 0;
  /// Row-major pages (`layout = "row_major"`) rather than 32x32 tiles.
  bool rowMajor = false;
  /// The program's own scratch buffer (`scratch`, a tile.workspace): made,
  /// never written from or read into a file, and no option names it.
  bool scratch = false;
  std::string dataFormat, hostType, typeName;
  /// For a block-float buffer, "bfp8" or "bfp4": tt-metal's host converts
  /// the tiled values with pack_as_bfp8_tiles (bfloat8.hpp) and back with
  /// unpack_bfp8_tiles_into_float_vec (or the bfp4 ones).
  std::string blockFloat;
  llvm::SmallVector<int64_t, 2> shape, padded;

  /// The element type of the vector the host program writes and reads the
  /// buffer's pages through: packed words for block floats.
  std::string getPageType() const {
    return blockFloat.empty() ? hostType : "uint32_t";
  }
};

struct HostScalar {
  /// The tt.scalar symbol: the name of its --scalar option.
  std::string name;
  /// The C++ variable of its f32 bits in main().
  std::string bitsVar;
  std::string hostType, typeName;
};

std::optional<std::pair<std::string, std::string>> hostTypes(Type type) {
  if (type.isBF16())
    return std::make_pair(std::string("bfloat16"), std::string("bf16"));
  if (type.isF16())
    return std::make_pair(std::string("HostHalf"), std::string("f16"));
  if (type.isF32())
    return std::make_pair(std::string("float"), std::string("f32"));
  // Index tensors (block tables, expert ids): the files hold them as
  // float32, exact below 2^24 (the Python frontend refuses larger ones).
  if (type.isInteger(32))
    return std::make_pair(std::string("int32_t"), std::string("i32"));
  // Masks and small indices (torch.bool, int8, uint8), one byte each.
  if (type.isSignlessInteger(1))
    return std::make_pair(std::string("uint8_t"), std::string("i1"));
  if (type.isSignlessInteger(8))
    return std::make_pair(std::string("int8_t"), std::string("i8"));
  if (type.isUnsignedInteger(8))
    return std::make_pair(std::string("uint8_t"), std::string("ui8"));
  // Block floats: the files hold float32; the tiles are packed from it.
  if (auto blockFloat = type.dyn_cast<cb::BlockFloatType>())
    return std::make_pair(std::string("float"), blockFloat.getKeyword().str());
  return std::nullopt;
}

} // namespace

/// `text` after the line that says what wrote it (the same for every
/// program: no source or target).
static std::string withGeneratedLine(llvm::StringRef text) {
  std::string result;
  llvm::raw_string_ostream os(result);
  llvm::StringRef first = text.take_until([](char c) { return c == '\n'; });
  os << first << "\n";
  writeComment(
      os, ("Generated by Tilt for " + getTargetDescription() + "; do not edit.")
              .str());
  os << text.drop_front(first.size() + 1);
  return result;
}

std::string metalium::getHostIoHeader() {
  return withGeneratedLine(kHostIoHeader);
}
std::string metalium::getHostIoSource() {
  return withGeneratedLine(kHostIoSource);
}

std::optional<std::string> metalium::getDataFormat(Type type) {
  if (type.isBF16())
    return std::string("Float16_b");
  if (type.isF16())
    return std::string("Float16");
  if (type.isF32())
    return std::string("Float32");
  if (type.isInteger(32))
    return std::string("Int32");
  if (type.isSignlessInteger(8))
    return std::string("Int8");
  if (type.isSignlessInteger(1) || type.isUnsignedInteger(8))
    return std::string("UInt8");
  if (auto blockFloat = type.dyn_cast<cb::BlockFloatType>())
    return blockFloat.getDataFormatName().str();
  return std::nullopt;
}

LogicalResult metalium::emitHost(tt::ProgramOp program,
                                 const EmitOptions &options,
                                 std::string &text) {
  llvm::raw_string_ostream os(text);
  llvm::SmallVector<HostBuffer, 4> buffers;
  for (Operation &op : *program.getBody()) {
    auto buffer = tt::BufferOp::dynCast(&op);
    if (!buffer)
      continue;
    HostBuffer info;
    info.name = getSymbolName(&op).str();
    if (!isCIdentifier(info.name)) {
      op.emitError() << "the buffer name '" << info.name
                     << "' must be a C identifier: it names the host "
                        "program's --in and --out options";
      return failure();
    }
    info.size = buffer.getSize();
    info.pageSize = buffer.getPageSize();
    info.scratch = bool(op.getAttr("scratch"));
    if (auto layout = op.getAttr("layout").dyn_cast_or_null<StringAttr>()) {
      if (layout.getValue() != "row_major") {
        op.emitError() << "unknown buffer layout '" << layout.getValue()
                       << "' (expected \"row_major\", or no layout for "
                          "tiles)";
        return failure();
      }
      info.rowMajor = true;
    }
    Type element;
    if (auto typeAttr =
            op.getInherentAttr("element_type").dyn_cast_or_null<TypeAttr>())
      element = typeAttr.getValue();
    auto types = element ? hostTypes(element) : std::nullopt;
    if (!types) {
      op.emitError() << "the host program reads and writes bf16, f16, f32, "
                        "i32, i8, ui8, i1, bfp8_b and bfp4_b buffers only";
      return failure();
    }
    info.hostType = types->first;
    info.typeName = types->second;
    info.dataFormat = *getDataFormat(element);
    if (auto blockFloat = element.dyn_cast<cb::BlockFloatType>()) {
      if (info.rowMajor) {
        op.emitError() << "a " << blockFloat.getKeyword()
                       << " buffer is stored in tiles, not row-major";
        return failure();
      }
      // tt-metal's helpers drop the `_b`: pack_as_bfp8_tiles.
      info.blockFloat = blockFloat.getKeyword().drop_back(2).str();
    }
    auto shape = op.getAttr("shape").dyn_cast_or_null<DenseArrayAttr>();
    auto padded = op.getAttr("padded_shape").dyn_cast_or_null<DenseArrayAttr>();
    if (!shape || !padded || shape.size() != padded.size() ||
        shape.size() < 1 || shape.size() > 8) {
      op.emitError() << "the host program needs the buffer's `shape` and "
                        "`padded_shape` (1-d to 8-d, as tt-split-kernels "
                        "records them)";
      return failure();
    }
    // The host program holds extents as uint32_t and element counts as
    // size_t: within the tile dialect's limit of 2^31, nothing wraps.
    for (DenseArrayAttr extents : {shape, padded})
      for (int64_t extent : extents.getIntValues())
        if (extent < 1 || extent > (int64_t(1) << 31)) {
          op.emitError() << "the buffer's extent " << extent
                         << " is outside 1 to 2^31 (the tile dialect's "
                            "limit)";
          return failure();
        }
    info.shape.assign(shape.getIntValues().begin(), shape.getIntValues().end());
    info.padded.assign(padded.getIntValues().begin(),
                       padded.getIntValues().end());
    buffers.push_back(info);
  }

  llvm::SmallVector<HostScalar, 2> scalars;
  for (Operation &op : *program.getBody()) {
    auto scalar = tt::ScalarOp::dynCast(&op);
    if (!scalar)
      continue;
    HostScalar info;
    info.name = getSymbolName(&op).str();
    if (!isCIdentifier(info.name)) {
      op.emitError() << "the scalar name '" << info.name
                     << "' must be a C identifier: it names the host "
                        "program's --scalar option";
      return failure();
    }
    auto types = scalar.getType() ? hostTypes(scalar.getType()) : std::nullopt;
    if (!types) {
      op.emitError() << "the host program takes bf16, f16 and f32 scalars "
                        "only";
      return failure();
    }
    info.hostType = types->first;
    info.typeName = types->second;
    scalars.push_back(info);
  }

  // Variable names: the user's symbols where they do not clash with each
  // other or with what main() uses.
  NameScope scope;
  scope.reserveIdentifiersIn(kHostIoHeader);
  scope.reserveIdentifiersIn(kHostMainHelpers);
  scope.reserveIdentifiersIn(kHostMainNames);
  for (HostBuffer &buffer : buffers) {
    buffer.var = scope.fresh(buffer.name);
    buffer.shapeVar = scope.fresh(buffer.name + "_shape");
    buffer.paddedVar = scope.fresh(buffer.name + "_padded");
    buffer.layoutVar = scope.fresh(buffer.name + "_layout");
    buffer.configVar = scope.fresh(buffer.name + "_config");
    buffer.addrVar = scope.fresh(buffer.name + "_addr");
  }
  for (HostScalar &scalar : scalars)
    scalar.bitsVar = scope.fresh(scalar.name + "_bits");
  // The runtime-argument variable of each @symbol: a buffer's address or a
  // scalar's bits.
  llvm::StringMap<std::string> addrVars, kernelVars, kernelConfigVars;
  for (const HostBuffer &buffer : buffers)
    addrVars[buffer.name] = buffer.addrVar;
  for (const HostScalar &scalar : scalars)
    addrVars[scalar.name] = scalar.bitsVar;
  for (Operation &op : *program.getBody()) {
    if (!tt::KernelOp::dynCast(&op))
      continue;
    llvm::StringRef name = getSymbolName(&op);
    kernelVars[name] = scope.fresh(name);
    kernelConfigVars[name] = scope.fresh((name + "_config").str());
  }

  llvm::StringRef programName = getSymbolName(program.getOperation());
  writeComment(os,
               ("main.cpp: the host program of @" + programName + ".").str());
  writeOriginComment(os, program, options);
  os << "//\n// Usage: main [--in BUFFER=FILE]... [--out BUFFER=FILE]...\n"
        "//            [--scalar SCALAR=VALUE]... [--kernel-dir DIR]\n";
  os << "// FILE is .npy (float32, C order) or raw little-endian float32 of "
        "the\n// buffer's shape. Buffers without --in start as zeros. "
        "Buffers:\n";
  for (const HostBuffer &buffer : buffers) {
    os << "//   " << buffer.name << ": ";
    for (size_t i = 0; i < buffer.shape.size(); ++i)
      os << (i ? "x" : "") << buffer.shape[i];
    os << " " << buffer.typeName
       << (buffer.scratch ? " (the program's scratch: no option)" : "")
       << "\n";
  }
  if (!scalars.empty()) {
    os << "// Scalars (VALUE a decimal number, rounded to the scalar's type; "
          "0 without\n// --scalar):\n";
    for (const HostScalar &scalar : scalars)
      os << "//   " << scalar.name << ": " << scalar.typeName << "\n";
  }
  bool anyBfp8 = false, anyBfp4 = false;
  for (const HostBuffer &buffer : buffers) {
    anyBfp8 |= buffer.blockFloat == "bfp8";
    anyBfp4 |= buffer.blockFloat == "bfp4";
  }
  os << "\n#include <tt-metalium/bfloat16.hpp>\n";
  if (anyBfp4)
    os << "#include <tt-metalium/bfloat4.hpp>\n";
  if (anyBfp8)
    os << "#include <tt-metalium/bfloat8.hpp>\n";
  os << R"(#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "host_io.hpp"

using namespace tt;
using namespace tt::tt_metal;
using namespace tilt_host;

)";
  os << kHostMainHelpers << "\n";
  os << "int main(int argc, char **argv) {\n";
  os << "  HostArgs args;\n  if (!parseArgs(argc, argv, {";
  bool firstName = true;
  for (const HostBuffer &buffer : buffers)
    if (!buffer.scratch) {
      os << (firstName ? "" : ", ") << "\"" << buffer.name << "\"";
      firstName = false;
    }
  os << "}, {";
  for (size_t i = 0; i < scalars.size(); ++i)
    os << (i ? ", " : "") << "\"" << scalars[i].name << "\"";
  os << "}, args))\n    return 2;\n";
  os << "  const std::string kernel_dir =\n"
        "      args.kernelDir.empty() ? sourceDir() : args.kernelDir;\n\n";

  os << "  auto mesh_device = distributed::MeshDevice::create_unit_mesh(0);\n"
        "  distributed::MeshCommandQueue &cq = "
        "mesh_device->mesh_command_queue();\n\n";

  // Buffers and inputs.
  os << "  // Buffers: interleaved in DRAM, one 32x32 tile per page (or one "
        "row, row-major).\n";
  for (const HostBuffer &buffer : buffers) {
    const std::string &v = buffer.var;
    if (!buffer.scratch) {
      os << "  const std::vector<uint32_t> " << buffer.shapeVar << " = "
         << shapeList(buffer.shape) << ";\n";
      os << "  const std::vector<uint32_t> " << buffer.paddedVar << " = "
         << shapeList(buffer.padded) << ";\n";
    }
    os << "  distributed::DeviceLocalBufferConfig " << buffer.layoutVar
       << "{.page_size = " << buffer.pageSize
       << ", .buffer_type = BufferType::DRAM};\n";
    os << "  distributed::ReplicatedBufferConfig " << buffer.configVar
       << "{.size = " << buffer.size << "};\n";
    os << "  auto " << v << " = distributed::MeshBuffer::create("
       << buffer.configVar << ", " << buffer.layoutVar
       << ", mesh_device.get());\n";
    if (buffer.scratch)
      continue;
    // The values laid out in tiles (or rows) of the buffer's type; block
    // floats then packed by tt-metal's host conversion
    // (pack_as_bfp8_tiles: an exponent per 16 values of a face row).
    std::string pages = (buffer.rowMajor ? "toRows<" : "toTiles<") +
                        buffer.hostType + ">(data, " + buffer.shapeVar + ", " +
                        buffer.paddedVar + ")";
    if (!buffer.blockFloat.empty())
      pages = "pack_as_" + buffer.blockFloat + "_tiles(" + pages +
              ", /*row_major_input=*/false, /*is_exp_a=*/false)";
    os << "  {\n    std::vector<float> data;\n"
       << "    if (!loadInput(args, \"" << buffer.name << "\", "
       << buffer.shapeVar << ", data))\n      return 2;\n"
       << "    std::vector<" << buffer.getPageType() << "> tiles = " << pages
       << ";\n"
       << "    distributed::EnqueueWriteMeshBuffer(cq, " << v
       << ", tiles, false);\n  }\n";
  }
  os << "\n  Program program = CreateProgram();\n\n";

  // Circular buffers.
  os << "  // Circular buffers.\n";
  for (Operation &op : *program.getBody()) {
    auto config = tt::CBConfigOp::dynCast(&op);
    if (!config)
      continue;
    cb::CBType type = config.getCBType();
    std::optional<std::string> format = getDataFormat(type.getDataFormat());
    if (!format) {
      op.emitError() << "no Metalium data format for this circular buffer";
      return failure();
    }
    std::array<int64_t, 4> range = config.getCoreRange();
    int64_t index = config.getIndex();
    os << "  CreateCircularBuffer(\n      program, CoreRange({" << range[0]
       << ", " << range[1] << "}, {" << range[2] << ", " << range[3]
       << "}),\n      CircularBufferConfig(" << type.getPages() << " * "
       << type.getPageSize() << ", {{tt::CBIndex::c_" << index
       << ", tt::DataFormat::" << *format << "}})\n"
       << "          .set_page_size(tt::CBIndex::c_" << index << ", "
       << type.getPageSize() << "));\n";
  }

  // Semaphores, in the order of their ids: CreateSemaphore hands out the
  // lowest id free on every core of the range, and the kernels name the
  // semaphore by the id the IR declares, so the host stops if they differ.
  bool firstSemaphore = true;
  for (Operation &op : *program.getBody()) {
    auto semaphore = tt::SemaphoreOp::dynCast(&op);
    if (!semaphore)
      continue;
    if (firstSemaphore)
      os << "\n  // Semaphores: the kernels expect these ids.\n";
    firstSemaphore = false;
    std::array<int64_t, 4> range = semaphore.getCoreRange();
    std::string var = scope.fresh("semaphore_" + std::to_string(semaphore.getId()));
    os << "  const uint32_t " << var << " = CreateSemaphore(\n      program, "
       << "CoreRange(CoreCoord(" << range[0] << ", " << range[1]
       << "), CoreCoord(" << range[2] << ", " << range[3] << ")), "
       << uint32_t(semaphore.getInitialValue()) << "u);\n";
    os << "  if (" << var << " != " << semaphore.getId() << "u) {\n"
       << "    std::fprintf(stderr, \"error: CreateSemaphore gave cores ["
       << range[0] << ", " << range[1] << "] to [" << range[2] << ", "
       << range[3] << "] semaphore %u; the kernels use semaphore "
       << semaphore.getId() << "\\n\",\n                 " << var
       << ");\n    return 1;\n  }\n";
  }

  // Kernels.
  os << "\n  // Kernels.\n";
  for (Operation &op : *program.getBody()) {
    auto kernel = tt::KernelOp::dynCast(&op);
    if (!kernel)
      continue;
    llvm::StringRef name = getSymbolName(&op);
    const std::string &handle = kernelVars[name];
    // Compile-time arguments: integers as they are; a buffer's
    // TensorAccessorArgs appended by the API, so that they follow the
    // buffer's layout.
    std::string compileArgs;
    if (auto ct = op.getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>())
      for (Attribute arg : ct) {
        std::string target = "  " + kernelConfigVars[name] + ".compile_args";
        if (auto symbol = arg.dyn_cast<FlatSymbolRefAttr>()) {
          const HostBuffer *buffer = nullptr;
          for (const HostBuffer &candidate : buffers)
            if (candidate.name == symbol.getValue())
              buffer = &candidate;
          if (!buffer)
            return op.emitError()
                   << "ct_args names @" << symbol.getValue()
                   << ", which is not a tt.buffer of the program";
          compileArgs += "  TensorAccessorArgs(*" + buffer->var +
                         ").append_to(" + kernelConfigVars[name] +
                         ".compile_args);\n";
        } else if (auto integer = arg.dyn_cast<IntegerAttr>()) {
          compileArgs += target + ".push_back(" +
                         std::to_string(integer.getInt()) + ");\n";
        }
      }
    const std::string &config = kernelConfigVars[name];
    if (kernel.isCompute()) {
      llvm::StringRef fidelity = "HiFi4";
      if (auto attr =
              op.getInherentAttr("math_fidelity").dyn_cast_or_null<StringAttr>())
        fidelity = attr.getValue();
      os << "  ComputeConfig " << config << ";\n";
      os << "  " << config << ".math_fidelity = MathFidelity::" << fidelity
         << ";\n";
      if (op.getInherentAttr("fp32_dest_acc"))
        os << "  " << config << ".fp32_dest_acc_en = true;\n";
      if (op.getInherentAttr("dst_full_sync"))
        os << "  " << config << ".dst_full_sync_en = true;\n";
      if (op.getInherentAttr("math_approx"))
        os << "  " << config << ".math_approx_mode = true;\n";
      // erf_tile evaluates a bf16-grade fit unless INP_FLOAT32 is defined
      // (tt-metal ckernel_sfpu_erf.h): with an fp32 DST, ask for the fp32
      // one.
      bool usesErf = false;
      op.walk([&](Operation *nested) {
        usesErf |= nested->getName().getStringRef() == "tt.erf_tile";
      });
      if (usesErf && op.getInherentAttr("fp32_dest_acc"))
        os << "  " << config << ".defines[\"INP_FLOAT32\"] = \"1\";\n";
      if (auto cbs = op.getInherentAttr("unpack_to_dest_fp32")
                         .dyn_cast_or_null<DenseArrayAttr>()) {
        // One mode per circular buffer (NUM_CIRCULAR_BUFFERS).
        os << "  " << config
           << ".unpack_to_dest_mode.assign(32, UnpackToDestMode::Default);\n";
        for (int64_t cb : cbs.getIntValues())
          os << "  " << config << ".unpack_to_dest_mode[" << cb
             << "] = UnpackToDestMode::UnpackToDestFp32;\n";
      }
    } else {
      llvm::StringRef processor = "riscv_0";
      if (auto attr =
              op.getInherentAttr("processor").dyn_cast_or_null<StringAttr>())
        processor = attr.getValue();
      int64_t noc = 0;
      if (auto attr = op.getInherentAttr("noc").dyn_cast_or_null<IntegerAttr>())
        noc = attr.getInt();
      os << "  DataMovementConfig " << config << ";\n";
      os << "  " << config << ".processor = DataMovementProcessor::"
         << processor.upper() << ";\n";
      os << "  " << config << ".noc = NOC::NOC_" << noc << ";\n";
    }
    os << compileArgs;
    // A kernel without runtime arguments needs no handle (an unused
    // variable would be a warning).
    bool hasRuntimeArgs =
        llvm::any_of(*program.getBody(), [&](Operation &other) {
          auto args = tt::RuntimeArgsOp::dynCast(&other);
          return args && args.getKernel() == name;
        });
    os << "  " << (hasRuntimeArgs ? "KernelHandle " + handle + " = " : "")
       << "CreateKernel(\n      program, "
       << "kernel_dir + \"/" << name << ".cpp\",\n      CoreRangeSet(std::"
       << "vector<CoreRange>{";
    auto ranges = kernel.getCoreRanges();
    for (size_t i = 0; i < ranges.size(); ++i)
      os << (i ? ", " : "") << "CoreRange({" << ranges[i][0] << ", "
         << ranges[i][1] << "}, {" << ranges[i][2] << ", " << ranges[i][3]
         << "})";
    os << "}),\n      " << config << ");\n";
  }

  // Runtime arguments.
  os << "\n  // Runtime arguments of every core.\n";
  // Only the addresses some runtime arguments pass: an unused one would be
  // an unused variable, and the generated code is warning-free.
  llvm::StringSet<> passedAddresses;
  for (Operation &op : *program.getBody())
    if (auto args = tt::RuntimeArgsOp::dynCast(&op))
      for (Attribute value : args.getValues())
        if (auto symbol = value.dyn_cast_or_null<FlatSymbolRefAttr>())
          passedAddresses.insert(symbol.getValue());
  for (const HostBuffer &buffer : buffers)
    if (passedAddresses.contains(buffer.name))
      os << "  const uint32_t " << buffer.addrVar << " = " << buffer.var
         << "->address();\n";
  // A scalar's f32 bits, the same on every core.
  for (const HostScalar &scalar : scalars) {
    if (!passedAddresses.contains(scalar.name))
      continue;
    os << "  uint32_t " << scalar.bitsVar << " = 0;\n";
    os << "  if (!scalarBits<" << scalar.hostType << ">(args, \""
       << scalar.name << "\", " << scalar.bitsVar << "))\n    return 2;\n";
  }
  // The NoC coordinates of the logical columns and rows that kernels are
  // given (noc_x(C), noc_y(R)): known on the device only, since harvesting
  // decides which physical cores the logical grid maps to.
  std::map<std::pair<int64_t, int64_t>, std::string> nocVars;
  for (Operation &op : *program.getBody())
    if (auto args = tt::RuntimeArgsOp::dynCast(&op))
      for (Attribute value : args.getValues()) {
        std::optional<tt::NocCoordinate> coordinate =
            tt::getNocCoordinate(value);
        if (!coordinate)
          continue;
        bool isX = coordinate->axis == tt::NocCoordinate::Axis::X;
        auto key = std::make_pair(int64_t(coordinate->axis), coordinate->index);
        if (nocVars.count(key))
          continue;
        std::string var = scope.fresh(
            (coordinate->getKeyword() + "_" + llvm::Twine(coordinate->index))
                .str());
        nocVars[key] = var;
        os << "  const uint32_t " << var
           << " = mesh_device->worker_core_from_logical_core(CoreCoord("
           << (isX ? coordinate->index : 0) << ", "
           << (isX ? 0 : coordinate->index) << "))." << (isX ? "x" : "y")
           << ";\n";
      }
  auto writeValue = [&](Attribute value) {
    if (auto symbol = value.dyn_cast_or_null<FlatSymbolRefAttr>())
      os << addrVars[symbol.getValue()];
    else if (auto integer = value.dyn_cast_or_null<IntegerAttr>())
      os << uint32_t(integer.getValue().getZExtValue()) << "u";
    else if (auto coordinate = tt::getNocCoordinate(value))
      os << nocVars[{int64_t(coordinate->axis), coordinate->index}];
  };
  // Each kernel's cores, in the order of the IR. A kernel that gives several
  // cores as many arguments each gets a table, one row per core, and one
  // SetRuntimeArgs call in a loop: a call per core of a 64- or 130-core
  // grid made main() the largest part of the host program's build time.
  llvm::MapVector<llvm::StringRef, llvm::SmallVector<tt::RuntimeArgsOp>>
      coresOfKernel;
  for (Operation &op : *program.getBody())
    if (auto args = tt::RuntimeArgsOp::dynCast(&op))
      coresOfKernel[args.getKernel()].push_back(args);
  std::string rowVar = scope.fresh("core_args");
  for (auto &[kernelName, cores] : coresOfKernel) {
    const std::string &handle = kernelVars[kernelName];
    size_t count = cores.front().getValues().size();
    bool table = cores.size() > 1 && count > 0 &&
                 llvm::all_of(cores, [&](tt::RuntimeArgsOp args) {
                   return args.getValues().size() == count;
                 });
    if (!table) {
      for (tt::RuntimeArgsOp args : cores) {
        llvm::ArrayRef<int64_t> core = args.getCore();
        os << "  SetRuntimeArgs(program, " << handle << ", CoreCoord{"
           << core[0] << ", " << core[1] << "}, {";
        llvm::ArrayRef<Attribute> values = args.getValues();
        for (size_t i = 0; i < values.size(); ++i) {
          os << (i ? ", " : "");
          writeValue(values[i]);
        }
        os << "});\n";
      }
      continue;
    }
    std::string tableVar = scope.fresh((kernelName + "_args").str());
    os << "  // " << kernelName << ": per core {x, y, arguments...}.\n";
    os << "  const uint32_t " << tableVar << "[" << cores.size() << "]["
       << count + 2 << "] = {\n";
    for (tt::RuntimeArgsOp args : cores) {
      llvm::ArrayRef<int64_t> core = args.getCore();
      os << "      {" << core[0] << ", " << core[1];
      for (Attribute value : args.getValues()) {
        os << ", ";
        writeValue(value);
      }
      os << "},\n";
    }
    os << "  };\n";
    os << "  for (const auto &" << rowVar << " : " << tableVar << ")\n"
       << "    SetRuntimeArgs(program, " << handle << ", CoreCoord{" << rowVar
       << "[0], " << rowVar << "[1]},\n"
       << "                   std::vector<uint32_t>(" << rowVar << " + 2, "
       << "std::end(" << rowVar << ")));\n";
  }

  os << R"(
  // Run.
  distributed::MeshWorkload workload;
  workload.add_program(distributed::MeshCoordinateRange(mesh_device->shape()),
                       std::move(program));
  distributed::EnqueueMeshWorkload(cq, workload, false);
  distributed::Finish(cq);

  // Outputs: read back, untilized, padding dropped.
  bool ok = true;
)";
  for (const HostBuffer &buffer : buffers) {
    if (buffer.scratch)
      continue;
    const std::string &n = buffer.name;
    std::string pages =
        buffer.blockFloat.empty()
            ? std::string("tiles")
            : "unpack_" + buffer.blockFloat +
                  "_tiles_into_float_vec(tiles, /*row_major_output=*/false, "
                  "/*is_exp_a=*/false)";
    os << "  if (args.outputs.count(\"" << n << "\")) {\n"
       << "    std::vector<" << buffer.getPageType() << "> tiles;\n"
       << "    distributed::EnqueueReadMeshBuffer(cq, tiles, " << buffer.var
       << ", true);\n"
       << "    ok &= saveArray(args.outputs[\"" << n << "\"], "
       << buffer.shapeVar << ", "
       << (buffer.rowMajor ? "fromRows(" : "fromTiles(") << pages << ", "
       << buffer.shapeVar << ", " << buffer.paddedVar << "));\n  }\n";
  }
  os << "  mesh_device->close();\n  return ok ? 0 : 1;\n}\n";
  os.flush();
  return success();
}
