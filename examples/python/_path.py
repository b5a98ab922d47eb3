"""Makes ``import tilt`` work from a source checkout: when Tilt is not
installed, the package built in ``build/python`` (scripts/run-example.sh,
scripts/test.sh) is used; TILT_BUILD_DIR names another build directory."""

import os
import sys

try:
    import tilt  # noqa: F401 -- installed (cmake --install) or on PYTHONPATH
except ImportError:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    build = os.environ.get("TILT_BUILD_DIR", os.path.join(root, "build"))
    sys.path.insert(0, os.path.join(build, "python"))
