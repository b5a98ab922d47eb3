//===- Plugin.cpp - Loading pass and dialect plugins ----------------------===//
//
// Plugins are opened with every symbol resolved at load time (RTLD_NOW), so
// that a plugin built against another Tilt fails here with the loader's
// message instead of later, at a call; and globally (RTLD_GLOBAL), so that
// the TypeIDs it shares with the tool are one. They are never closed: the
// passes and dialects they registered stay in use until the tool exits.
//
//===----------------------------------------------------------------------===//

#include "tilt/Tools/Plugin.h"
#include "tilt/IR/Context.h"
#include "llvm/ADT/Twine.h"

#include <dlfcn.h>

using namespace tilt;

namespace {

/// Opens `path` and finds `entryName` in it.
void *findEntryPoint(llvm::StringRef path, llvm::StringRef kind,
                     const char *entryName, std::string &error) {
  void *handle = ::dlopen(path.str().c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!handle) {
    const char *message = ::dlerror();
    error = (llvm::Twine("cannot load ") + kind + " plugin '" + path + "': " +
             (message ? message : "unknown error"))
                .str();
    return nullptr;
  }
  void *entry = ::dlsym(handle, entryName);
  if (!entry)
    error = (llvm::Twine("'") + path + "' is not a Tilt " + kind +
             " plugin: it does not define " + entryName)
                .str();
  return entry;
}

/// Checks the version and the callback of an entry point's answer.
template <typename Info>
LogicalResult checkInfo(const Info &info, llvm::StringRef path,
                        bool hasCallback, std::string &error) {
  if (info.apiVersion != TILT_PLUGIN_API_VERSION) {
    error = (llvm::Twine("'") + path + "' was built for Tilt plugin API version " +
             llvm::Twine(info.apiVersion) + "; this tool has version " +
             llvm::Twine(TILT_PLUGIN_API_VERSION) +
             ": rebuild it against this Tilt")
                .str();
    return failure();
  }
  if (!hasCallback) {
    error = (llvm::Twine("'") + path + "' (" + (info.pluginName ? info.pluginName : "?") +
             ") has no registration function")
                .str();
    return failure();
  }
  return success();
}

} // namespace

LogicalResult tilt::loadPassPlugin(llvm::StringRef path, std::string &error) {
  void *entry = findEntryPoint(path, "pass", "tiltGetPassPluginInfo", error);
  if (!entry)
    return failure();
  PassPluginInfo info = reinterpret_cast<PassPluginInfo (*)()>(entry)();
  if (failed(checkInfo(info, path, info.registerPasses != nullptr, error)))
    return failure();
  info.registerPasses();
  return success();
}

LogicalResult tilt::loadDialectPlugin(llvm::StringRef path,
                                      DialectRegistry &registry,
                                      std::string &error) {
  void *entry =
      findEntryPoint(path, "dialect", "tiltGetDialectPluginInfo", error);
  if (!entry)
    return failure();
  DialectPluginInfo info = reinterpret_cast<DialectPluginInfo (*)()>(entry)();
  if (failed(checkInfo(info, path, info.registerDialects != nullptr, error)))
    return failure();
  info.registerDialects(&registry);
  return success();
}
