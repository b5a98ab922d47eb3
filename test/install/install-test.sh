#!/usr/bin/env bash
# The install-and-embed test: installs Tilt into a fresh prefix and uses it
# the way other projects do, through find_package(Tilt) only.
#
#   install-test.sh BUILD_DIR SOURCE_DIR WORK_DIR BUILD_TYPE GENERATOR CXX
#                   [PYTHON PYTHON_DIR]
#
# 1. `cmake --install` into WORK_DIR/prefix; no installed text file (CMake
#    package, headers) names the build or source tree, nor, in a build
#    without debug information, any installed binary;
# 2. examples/embedding is configured, built and run against the package,
#    and the installed tilt-run checks the program it built;
# 3. the program tilt-embedding wrote is built with its CMakeLists.txt
#    against the installed emulator package (TT::Metalium) and runs;
# 4. the sample dialect plugin and the tutorial's pass plugin are built
#    against the package and loaded by the installed tilt-opt;
# 5. with PYTHON (the interpreter the bindings were built for; `none` when
#    they were not built), the installed package PREFIX/PYTHON_DIR/tilt is
#    imported from there and lowers an example as the installed tilt-opt does.
set -euo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd) work=$3
type=$4 generator=$5 cxx=$6 python=${7:-none} pythonDir=${8:-}
rm -rf "$work" && mkdir -p "$work" && work=$(cd "$work" && pwd)
prefix=$work/prefix
step() { echo "== $*"; }
fail() { echo "FAIL: $*"; exit 1; }
configure() { # source-dir build-dir
  cmake -S "$1" -B "$2" -G "$generator" -DCMAKE_BUILD_TYPE="$type" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    > "$2.configure.log" 2>&1 || { cat "$2.configure.log"; fail "configure $1"; }
}

step "install into $prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"
test -f "$prefix/lib/cmake/Tilt/TiltConfig.cmake" || fail "no TiltConfig.cmake"
for tool in tilt-opt tilt-translate tilt-run; do
  test -x "$prefix/bin/$tool" || fail "$tool is not installed"
done

step "no path of the build or source tree in the installed files"
leaks=$(grep -rlI -F -e "$build" -e "$source" "$prefix" || true)
case "$type" in
  Release|MinSizeRel)
    leaks+=$(grep -rl -F -e "$build" -e "$source" "$prefix/bin" "$prefix/lib" || true) ;;
esac
[ -z "$leaks" ] || fail "installed files name the build or source tree: $leaks"
echo "none in $(find "$prefix" -type f | wc -l) files"

step "build examples/embedding against the package"
configure "$source/examples/embedding" "$work/embedding"
cmake --build "$work/embedding" > "$work/embedding.build.log" 2>&1 ||
  { cat "$work/embedding.build.log"; fail "build examples/embedding"; }
"$work/embedding/tilt-embedding" "$work/out" --grid 2x2
for file in reader.cpp compute.cpp writer.cpp main.cpp host_io.hpp host_io.cpp CMakeLists.txt \
  plan.json gemm.tilt; do
  test -s "$work/out/$file" || fail "tilt-embedding wrote no $file"
done

step "the installed tilt-run checks the program it built"
TILT_CACHE_DIR="$work/cache" "$prefix/bin/tilt-run" "$work/out/gemm.tilt" \
  --grid 2x2 > "$work/run.log" 2>&1 || { cat "$work/run.log"; fail "tilt-run"; }
grep "OK: the device results match the reference" "$work/run.log"

step "the program tilt-embedding wrote, built with its CMakeLists.txt against the installed emulator"
test -f "$prefix/lib/cmake/Tilt/emulator/tt-metalium-config.cmake" ||
  fail "the emulator's CMake package is not installed"
cmake -S "$work/out" -B "$work/out-build" -G "$generator" \
  -DCMAKE_BUILD_TYPE="$type" -DCMAKE_CXX_COMPILER="$cxx" \
  -DTT-Metalium_DIR="$prefix/lib/cmake/Tilt/emulator" \
  > "$work/out-build.configure.log" 2>&1 ||
  { cat "$work/out-build.configure.log"; fail "configure the generated program"; }
cmake --build "$work/out-build" > "$work/out-build.log" 2>&1 ||
  { cat "$work/out-build.log"; fail "build the generated program"; }
# No input: A and B are zeros, so C is; the kernels are compiled against
# the installed headers (the build tree's could have been removed).
(cd "$work" && env -u TILT_EMU_INCLUDE TILT_CACHE_DIR="$work/cache" \
  "$work/out-build/gemm" --out C="$work/C.raw") > "$work/out-run.log" 2>&1 ||
  { cat "$work/out-run.log"; fail "run the generated program"; }
[ "$(stat -c %s "$work/C.raw")" = $((256 * 256 * 4)) ] &&
  [ -z "$(tr -d '\0' < "$work/C.raw" | head -c 1)" ] ||
  fail "the generated program's C is not 256x256 zeros"

step "build the plugins against the package"
configure "$source/examples/plugin" "$work/plugin"
cmake --build "$work/plugin" > "$work/plugin.build.log" 2>&1 ||
  { cat "$work/plugin.build.log"; fail "build examples/plugin"; }
# The tutorial's commands, as chapter 2 gives them.
ln -s "$source/examples" "$work/examples"
(cd "$work" && TILT_PREFIX="$prefix" sh -e "$source/examples/tutorial/build-plugin.sh") \
  > "$work/tutorial.build.log" 2>&1 ||
  { cat "$work/tutorial.build.log"; fail "build the tutorial's plugin"; }

step "the installed tilt-opt loads them"
"$prefix/bin/tilt-opt" --load-dialect-plugin="$work/plugin/sample-plugin.so" \
  --canonicalize --split-input-file --verify-diagnostics \
  "$source/lit-tests/Tools/plugins.mlir" > "$work/sample.out"
grep -q "sample.scale %arg0 by 6.000000e+00 : f32" "$work/sample.out" ||
  fail "the sample plugin's canonicalization did not run"
"$prefix/bin/tilt-opt" --load-pass-plugin="$work/build-tutorial/tutorial-fusion.so" \
  --tile-fuse-parallel "$source/examples/tutorial/chain.tilt" > "$work/fused.out"
[ "$(grep -c 'tile.parallel' "$work/fused.out")" = 1 ] ||
  fail "the tutorial's pass did not fuse the chain"
"$prefix/bin/tilt-opt" --tile-to-tt='grid=2x2' "$work/fused.out" -o /dev/null ||
  fail "the fused chain does not lower"

if [ "$python" != none ]; then
  step "the installed Python package"
  package=$prefix/$pythonDir/tilt
  for file in __init__.py ir.py passmanager.py; do
    test -f "$package/$file" || fail "no $package/$file"
  done
  ls "$package"/_tilt*.so > /dev/null || fail "no extension module in $package"
  "$prefix/bin/tilt-opt" --tile-to-tt='grid=2x2' "$source/examples/gemm.tilt" \
    > "$work/gemm.tt.mlir"
  (cd "$work" && PYTHONPATH="$prefix/$pythonDir" PYTHONDONTWRITEBYTECODE=1 \
    "$python" - "$source/examples/gemm.tilt" "$package" "$work/gemm.tt.mlir") <<'PY' ||
import os, sys
import tilt
from tilt import ir, passmanager
path, package, expected = sys.argv[1:]
assert os.path.dirname(os.path.realpath(tilt.__file__)) == os.path.realpath(package), tilt.__file__
with ir.Context():
    module = ir.Module.parse(open(path).read(), source_name=path)
    passmanager.PassManager.parse("builtin.module(tile-to-tt{grid=2x2})").run(module)
assert str(module) + "\n" == open(expected).read(), "differs from tilt-opt"
print("tilt.ir and tilt.passmanager from", package)
PY
    fail "the installed Python package"
fi
echo "PASS"
