"""Fixtures of the tests of Tilt's Python bindings.

The package is imported from PYTHONPATH (the build tree's python/ directory,
as ctest's `python` entry sets it). tilt-opt, the reference the printing and
the passes are compared with, is $TILT_OPT, else <build>/bin/tilt-opt next
to the imported package.
"""
import os
import pathlib
import subprocess
import sys

import pytest

# No __pycache__ next to the tests in the source tree.
sys.dont_write_bytecode = True

import tilt
from tilt import ir

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def _find_tilt_opt():
    if os.environ.get("TILT_OPT"):
        return pathlib.Path(os.environ["TILT_OPT"])
    # <build>/python/tilt/__init__.py -> <build>/bin/tilt-opt
    return pathlib.Path(tilt.__file__).resolve().parents[2] / "bin" / "tilt-opt"


@pytest.fixture(scope="session")
def tilt_opt():
    """Runs tilt-opt with arguments (a file last) and returns its stdout;
    with `fails=True`, checks that it fails and returns its stderr."""
    path = _find_tilt_opt()
    if not path.exists():
        pytest.skip(f"no tilt-opt at {path} (set TILT_OPT)")

    def run(*args, fails=False):
        result = subprocess.run([str(path), *map(str, args)],
                                capture_output=True, text=True)
        if fails:
            assert result.returncode != 0, result.stdout
            return result.stderr
        assert result.returncode == 0, result.stderr
        return result.stdout

    return run


@pytest.fixture
def context():
    """A fresh context, current for the test."""
    with ir.Context() as ctx:
        yield ctx


def parse_file(path, context=None):
    """Parses a file as tilt-opt does, naming it as tilt-opt names it."""
    return ir.Module.parse(pathlib.Path(path).read_text(), context=context,
                           source_name=str(path))
