//===- BadVersionPlugin.cpp - A plugin for another plugin API version -----===//
//
// Test only: tilt-opt must refuse it with a message naming both versions.
//
//===----------------------------------------------------------------------===//

#include "tilt/Tools/Plugin.h"

extern "C" tilt::PassPluginInfo tiltGetPassPluginInfo() {
  return {TILT_PLUGIN_API_VERSION + 1, "bad-version", "0", [] {}};
}
