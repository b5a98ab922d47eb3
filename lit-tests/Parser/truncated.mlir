// Truncated input: every prefix of a valid file gives a located diagnostic
// and exit status 1, never a crash or a hang.
// RUN: %python %S/Inputs/check_prefixes.py %S/Inputs/sample.mlir %t
// RUN: not tilt-opt --allow-unregistered-dialect %t/prefix-0040.mlir 2>&1 | FileCheck %s

// CHECK: prefix-0040.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
