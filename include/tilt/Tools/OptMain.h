//===- OptMain.h - The library behind tilt-opt ------------------*- C++ -*-===//
//
// tilt-opt is a thin main() around tiltOptMain, so that other tools (and
// tests) can build their own opt driver with their own dialects.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_TOOLS_OPTMAIN_H
#define TILT_TOOLS_OPTMAIN_H

#include "tilt/IR/Context.h"
#include "tilt/Support/LogicalResult.h"

namespace tilt {

/// Parses the command line and runs the tool. Returns the process exit code
/// (0 on success, 1 on any error).
int tiltOptMain(int argc, char **argv, llvm::StringRef toolName,
                const DialectRegistry &registry);

} // namespace tilt

#endif // TILT_TOOLS_OPTMAIN_H
