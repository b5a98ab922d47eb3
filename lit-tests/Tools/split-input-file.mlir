// Each piece is processed with a fresh context and printed, separated by the
// marker; diagnostics keep the line numbers of the file.
// RUN: tilt-opt --split-input-file %s | FileCheck %s

// CHECK: func.func @first
func.func @first() {
  return
}

// -----

// CHECK: // -----
// CHECK: func.func @second
// The same name in another piece is no redefinition.
func.func @first() {
  return
}
func.func @second() {
  return
}
