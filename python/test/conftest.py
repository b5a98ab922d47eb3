"""Fixtures of the tests of Tilt's Python bindings.

The package is imported from PYTHONPATH (the build tree's python/ directory,
as ctest's `python` entry sets it). tilt-opt, the reference the printing and
the passes are compared with, is $TILT_OPT, else <build>/bin/tilt-opt next
to the imported package.
"""
import os
import pathlib
import subprocess

import pytest

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
    """Runs tilt-opt on a file with extra arguments; returns its stdout."""
    path = _find_tilt_opt()
    if not path.exists():
        pytest.skip(f"no tilt-opt at {path} (set TILT_OPT)")

    def run(file, *args):
        result = subprocess.run([str(path), *args, str(file)],
                                capture_output=True, text=True, check=True)
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
