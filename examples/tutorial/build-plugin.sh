# Build the tutorial's plugin against an installed Tilt (prefix in TILT_PREFIX).
cmake -S examples/tutorial -B build-tutorial -DCMAKE_PREFIX_PATH="$TILT_PREFIX"
cmake --build build-tutorial
