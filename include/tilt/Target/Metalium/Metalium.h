//===- Metalium.h - tt programs as TT-Metalium C++ --------------*- C++ -*-===//
//
// The Metalium target: turns each tt.program into the files a TT-Metalium
// user writes by hand: one kernel source per tt.kernel (`<kernel>.cpp`,
// `void kernel_main()`), the host program `main.cpp` (Mesh API), its
// `CMakeLists.txt` and `plan.json` (docs/plan.schema.json). The emitter prints
// what the IR says; the spelling of the pinned API version is in one table
// (MetaliumAPI.cpp). See docs/metalium.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_TARGET_METALIUM_METALIUM_H
#define TILT_TARGET_METALIUM_METALIUM_H

#include "tilt/Dialect/TT/TT.h"
#include "tilt/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tilt {
namespace metalium {

/// What the header comments and plan.json say about the origin of a
/// program. Both are optional.
struct EmitOptions {
  /// The source file of the program (e.g. `examples/gemm.tilt`).
  std::string source;
  /// The pipeline that lowered it (e.g. `tile-to-tt{grid=8x8}`).
  std::string pipeline;
};

/// One generated file: its name (no directory) and its text.
struct GeneratedFile {
  std::string name;
  std::string text;
  /// For a kernel: the location of the op each line of `text` was written
  /// for, as (1-based line, location), in line order. A profile of the
  /// kernel attributes its lines' cycles to the tile program through them.
  std::vector<std::pair<unsigned, Location>> sourceLines;
};

/// The API version the emitter writes for, e.g. "tt-metal 2026-08".
llvm::StringRef getTargetDescription();

/// Emits the files of `program`: `<kernel>.cpp` for each kernel, the host
/// program (`main.cpp`, which includes `host_io.hpp`; `host_io.cpp`, the same
/// for every program), `CMakeLists.txt` (which builds the host program against
/// tt-metal's CMake package) and `plan.json`. What cannot be emitted (an op
/// without a Metalium spelling, a value of an unsupported type) is reported as
/// an error at the op, and nothing is returned.
LogicalResult emitProgram(tt::ProgramOp program, const EmitOptions &options,
                          std::vector<GeneratedFile> &files);

/// The CMakeLists.txt of a directory that holds the directories of several
/// programs (`subdirectories`, in the order they run): it adds each.
std::string getProgramsCMakeLists(llvm::ArrayRef<std::string> subdirectories);

/// Emits every tt.program under `root` and writes the files into
/// `directory` (created if missing); with several programs, each goes into
/// `directory/<program>`. I/O errors are reported as errors at `root`.
LogicalResult writeProgramFiles(Operation *root, llvm::StringRef directory,
                                const EmitOptions &options);

} // namespace metalium
} // namespace tilt

#endif // TILT_TARGET_METALIUM_METALIUM_H
