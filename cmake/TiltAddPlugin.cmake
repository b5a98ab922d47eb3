# tilt_add_plugin(<name> <source>...)
#
# Builds a plugin for tilt-opt (--load-pass-plugin=<name>.so or
# --load-dialect-plugin=<name>.so): a shared module that compiles against
# Tilt's headers and takes Tilt's code from the tool that loads it, so that
# there is one context, one pass registry and one copy of every TypeID. It
# links only what Tilt::Support brings (LLVM and fmt, shared libraries).
# The entry points are in tilt/Tools/Plugin.h.
function(tilt_add_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE Tilt::Support)
  set_target_properties(${name} PROPERTIES PREFIX "")
endfunction()
