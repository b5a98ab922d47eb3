# lit configuration of Tilt's text-form tests.
import glob
import os
import shutil

import lit.formats

config.name = "Tilt"
# Tests use shell loops: run them with the system shell.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".tilt", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilt_obj_root, "lit-tests")

# Tools: Tilt's own first, then LLVM's FileCheck, not, count.
path = os.pathsep.join([config.tilt_tools_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["PATH"] = path
config.substitutions.append(("%tilt_src", config.tilt_src_root))
config.substitutions.append(("%python", config.python_executable))
# Where the plugins built with the tests are (examples/plugin, test/).
config.substitutions.append(("%tilt_lib", config.tilt_lib_dir))
# A CMake project built in a test (a generated program against the
# emulator's package) uses Tilt's compiler and generator: a sanitized
# emulator links only with the compiler it was built with.
config.substitutions.append(
    ("%cmake_configure", "cmake -G '%s' -DCMAKE_CXX_COMPILER='%s'" %
     (config.cmake_generator, config.cxx_compiler)))

# The MLIR oracle: Debian's newest mlir-N-tools (19 or newer). Tests that need
# it say `REQUIRES: mlir-opt`; without it they are reported as unsupported.
def find_mlir_opt():
    candidates = []
    found = shutil.which("mlir-opt")
    if found:
        candidates.append(found)
    for path in glob.glob("/usr/lib/llvm-*/bin/mlir-opt"):
        candidates.append(path)
    best = None
    for candidate in candidates:
        parts = candidate.split("/")
        version = 0
        for part in parts:
            if part.startswith("llvm-") and part[5:].isdigit():
                version = int(part[5:])
        if candidate == found and version == 0:
            version = 99  # on PATH: trust it
        if version >= 19 and (best is None or version > best[0]):
            best = (version, candidate)
    return best[1] if best else None

mlir_opt = find_mlir_opt()
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir_opt", mlir_opt))
else:
    lit_config.note("mlir-opt (19 or newer) not found: the MLIR interoperability "
                    "tests are skipped (install Debian's mlir-22-tools to run them)")
    config.substitutions.append(("%mlir_opt", "false"))

# clang-format of the same LLVM version as the Clang Format library Tilt links:
# the generated C++ must be what it prints (another version may lay it out
# differently). Installed by scripts/setup.sh.
def find_clang_format():
    import subprocess
    wanted = "version " + config.llvm_version_major + "."
    for name in ("clang-format-" + config.llvm_version_major, "clang-format"):
        path = shutil.which(name)
        if not path:
            continue
        version = subprocess.run([path, "--version"], capture_output=True,
                                 text=True).stdout
        if wanted in version:
            return path
    return None

clang_format = find_clang_format()
if clang_format:
    config.substitutions.append(("%clang_format", clang_format))
else:
    lit_config.fatal("clang-format " + config.llvm_version_major + " not found "
                     "(scripts/setup.sh installs Debian's clang-format)")

# tilt-run keeps compiled host programs and kernels here, so that reruns of
# the suite reuse them.
config.environment["TILT_CACHE_DIR"] = os.path.join(config.tilt_obj_root,
                                                    "tilt-cache")
for name in ("HOME", "TMPDIR"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

# The grids the end-to-end tests loop over: `for g in %grids2` (1x1 and 2x2)
# and `for g in %grids4` (tilt-run options: one core, 2x2, the whole board,
# Blackhole). `--param grids=quick` (the sanitizer suite, scripts/sanitize.sh)
# runs each loop on the 2x2 grid only: the same code on more cores finds no
# memory error the 2x2 run misses, and it halves the sanitized run's time.
# `for g in %grids-board` is a 2x2 grid and Blackhole's p150 board.
if lit_config.params.get("grids") == "quick":
    config.substitutions.append(("%grids-board", '"--grid 2x2"'))
    config.substitutions.append(("%grids2", "2x2"))
    config.substitutions.append(("%grids4", '"--grid 2x2"'))
else:
    config.substitutions.append(("%grids-board",
                                 '"--grid 2x2" "--board p150"'))
    config.substitutions.append(("%grids2", "1x1 2x2"))
    config.substitutions.append(("%grids4",
                                 '"--grid 1x1" "--grid 2x2" "" "--arch blackhole"'))

# The end-to-end GEMM sweep (Run/gemm-sweep.test) runs every other GEMM of
# the 133 (each fidelity, the non-aligned and the reference shapes
# included), about half of the suite's longest test; `--param sweep=full`
# runs all of them.
config.substitutions.append(
    ("%sweep-selection",
     "" if lit_config.params.get("sweep") == "full" else "--every 2"))
