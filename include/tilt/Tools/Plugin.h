//===- Plugin.h - Pass and dialect plugins for tilt-opt ---------*- C++ -*-===//
//
// A plugin is a shared library that tilt-opt loads at start-up
// (`--load-pass-plugin=lib.so`, `--load-dialect-plugin=lib.so`, as
// mlir-opt has), so that a pattern library or a new dialect is used without
// rebuilding Tilt. A plugin defines one entry point, with C linkage:
//
//   extern "C" tilt::PassPluginInfo tiltGetPassPluginInfo() {
//     return {TILT_PLUGIN_API_VERSION, "my-passes", "1.0",
//             [] { tilt::registerPass(...); }};
//   }
//
//   extern "C" tilt::DialectPluginInfo tiltGetDialectPluginInfo() {
//     return {TILT_PLUGIN_API_VERSION, "my-dialect", "1.0",
//             [](tilt::DialectRegistry *registry) {
//               registry->insert<MyDialect>();
//             }};
//   }
//
// The plugin is compiled against the headers of the Tilt it is loaded into
// and takes Tilt's code from the tool (build it with tilt_add_plugin() from
// the CMake package). TILT_PLUGIN_API_VERSION changes whenever these
// structs or Tilt's C++ interfaces change incompatibly; the loader rejects
// a plugin built for another version. See docs/plugins.md.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_TOOLS_PLUGIN_H
#define TILT_TOOLS_PLUGIN_H

#include "tilt/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

/// The version of the plugin interface this Tilt implements.
#define TILT_PLUGIN_API_VERSION 1

namespace tilt {

class DialectRegistry;

/// What `tiltGetPassPluginInfo` returns.
struct PassPluginInfo {
  /// TILT_PLUGIN_API_VERSION as the plugin was compiled.
  uint32_t apiVersion;
  /// A name and a version, for messages.
  const char *pluginName;
  const char *pluginVersion;
  /// Registers the plugin's passes and pipelines (registerPass); called once
  /// when the plugin is loaded.
  void (*registerPasses)();
};

/// What `tiltGetDialectPluginInfo` returns.
struct DialectPluginInfo {
  uint32_t apiVersion;
  const char *pluginName;
  const char *pluginVersion;
  /// Adds the plugin's dialects to the tool's registry.
  void (*registerDialects)(DialectRegistry *registry);
};

/// Loads the pass plugin at `path` and registers its passes. On failure,
/// `error` says why: the file cannot be loaded (with the loader's message),
/// it has no `tiltGetPassPluginInfo`, or it was built for another version.
LogicalResult loadPassPlugin(llvm::StringRef path, std::string &error);

/// Loads the dialect plugin at `path` and adds its dialects to `registry`;
/// failures as for loadPassPlugin.
LogicalResult loadDialectPlugin(llvm::StringRef path,
                                DialectRegistry &registry, std::string &error);

} // namespace tilt

#endif // TILT_TOOLS_PLUGIN_H
