#!/bin/sh
# A kernel compiler that writes its arguments to $TILT_TEST_COMPILER_LOG and
# then runs c++ (Run/cb-constants.test).
echo "$@" >> "$TILT_TEST_COMPILER_LOG"
exec c++ "$@"
