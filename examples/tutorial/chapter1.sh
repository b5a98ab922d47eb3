# Chapter 1: from a tile program to kernels running on the emulator.
# Run from the top of the repository with build/bin on PATH.

# Lower to a tt program: reader, compute and writer kernels for 2x2 cores.
tilt-opt --retain-ssa-names --tile-to-tt='grid=2x2' examples/eltwise_add.tilt -o add.tt.mlir

# Write the Metalium program: kernels, host program and plan.
tilt-translate --tt-to-metalium -o add add.tt.mlir

# Or all at once, then build against the emulator, run, and check the
# results against the tile program interpreted on the CPU.
tilt-run examples/eltwise_add.tilt --grid 2x2 --work-dir add-run
