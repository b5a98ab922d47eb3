# Chapter 2: fuse the chain with the plugin's pass, then run it.
# Run from the top of the repository with build/bin on PATH.

# The two loops through %e_l become one (locations keep the names A, B, D).
tilt-opt --load-pass-plugin=build/lib/tutorial-fusion.so --tile-fuse-parallel \
  --retain-ssa-names --mlir-print-debuginfo examples/tutorial/chain.tilt -o fused.tilt

# Now it lowers, and runs on the emulator.
tilt-run fused.tilt --grid 2x2
