#!/usr/bin/env bash
# Installs the Debian packages Tilt needs when they are missing. Safe to re-run:
# `apt-get update` runs once, and only when something has to be installed.
set -euo pipefail

# The packages Tilt builds and tests with. LLVM 14 is Debian 12's llvm-dev; the
# MLIR tools are only the interoperability oracle for the lit tests and bench/.
# pybind11, python3-dev, numpy and pytest: the Python bindings and their tests
# (python/, docs/python.md).
packages=(cmake ninja-build g++ clang llvm-14-dev llvm-14-tools libfmt-dev
  libgtest-dev libclang-14-dev libclang-cpp14-dev clang-format doxygen python3
  time pybind11-dev python3-dev python3-numpy python3-pytest)
# torch: TileLang's host code passes torch tensors; dask's distributed: the
# autotuner's test on a local cluster (issue 32; the tests that need them
# skip without them).
optional=(mlir-22-tools python3-torch python3-distributed)

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "${packages[@]}" >/dev/null
# The optional packages: without the MLIR oracle its lit suite is skipped
# with a notice, without torch or distributed the tests that use them are.
for p in "${optional[@]}"; do
  $sudo apt-get install -y -qq "$p" >/dev/null ||
    echo "setup: optional package $p is not available; the tests that need it will be skipped"
done
