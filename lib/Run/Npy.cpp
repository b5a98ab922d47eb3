//===- Npy.cpp - float32 arrays as .npy files -----------------------------===//
//
// The .npy format, version 1.0: the magic `\x93NUMPY`, the version bytes,
// a little-endian 16-bit header length, a Python dict literal padded with
// spaces so that the data start at a multiple of 64 bytes, then the data.
//
//===----------------------------------------------------------------------===//

#include "tilt/Run/Npy.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <limits>

using namespace tilt;

int64_t run::getNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t extent : shape) {
    llvm::Optional<int64_t> product = llvm::checkedMul(count, extent);
    if (!product || extent < 0)
      return std::numeric_limits<int64_t>::max();
    count = *product;
  }
  return count;
}

/// The shape as a Python tuple: `(64, 64)`, `(5,)`, `()`.
static std::string formatShapeTuple(llvm::ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += std::to_string(shape[i]) + (shape.size() == 1 ? "," : "") +
            (i + 1 < shape.size() ? ", " : "");
  return text + ")";
}

LogicalResult run::writeNpy(llvm::StringRef path, llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<float> data, std::string &error) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " +
                       formatShapeTuple(shape) + ", }";
  while ((10 + header.size() + 1) % 64 != 0)
    header += ' ';
  header += '\n';
  error = "cannot write " + path.str();
  std::error_code code;
  llvm::raw_fd_ostream os(path, code);
  if (code)
    return failure();
  os.write("\x93NUMPY\x01\x00", 8);
  char length[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
  os.write(length, 2);
  os << header;
  os.write(reinterpret_cast<const char *>(data.data()), data.size() * 4);
  os.close();
  if (os.has_error()) {
    os.clear_error();
    return failure();
  }
  error.clear();
  return success();
}

LogicalResult run::readNpy(llvm::StringRef path, llvm::ArrayRef<int64_t> shape,
                           std::vector<float> &data, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read " + path.str();
    return failure();
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  if (bytes.size() < 10 || !bytes.startswith("\x93NUMPY")) {
    error = path.str() + " is not a .npy file";
    return failure();
  }
  size_t headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
  llvm::StringRef header = bytes.substr(10, headerLength);
  std::string expected = formatShapeTuple(shape);
  if (!header.contains("'<f4'") || !header.contains("'fortran_order': False") ||
      !header.contains(expected)) {
    error =
        path.str() + ": expected a C-order float32 array of shape " + expected;
    return failure();
  }
  size_t count = size_t(getNumElements(shape));
  if (count > bytes.size() / 4 ||
      bytes.size() != 10 + headerLength + count * 4) {
    error = path.str() + ": expected " + std::to_string(count) + " values";
    return failure();
  }
  data.resize(count);
  std::memcpy(data.data(), bytes.data() + 10 + headerLength, count * 4);
  return success();
}
