"""Counts the ops of generic-form IR files and checks the interop rules.

usage: count_ops.py TILT MLIR MLIR_ON_TILT MLIR_ON_MLIR

TILT is tilt-opt's output, MLIR mlir-opt's on the same input; the other two
are mlir-opt run again on each. Tilt must leave no more ops than mlir-opt,
and mlir-opt must find no more to remove from Tilt's output than from its
own.
"""
import sys


def count(path):
    n = 0
    with open(path) as f:
        for line in f:
            stripped = line.lstrip()
            if '= "' in line or stripped.startswith('"'):
                n += 1
    return n


tilt, mlir, tilt_again, mlir_again = (count(p) for p in sys.argv[1:5])
print(f"tilt={tilt} mlir={mlir} mlir(tilt)={tilt_again} mlir(mlir)={mlir_again}")
ok = tilt <= mlir and tilt - tilt_again <= mlir - mlir_again
sys.exit(0 if ok else 1)
