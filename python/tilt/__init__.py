"""Tilt from Python.

- ``tilt.ir``: contexts, modules, operations, types, attributes and
  locations of Tilt's IR, in the style of MLIR's ``mlir.ir``;
- ``tilt.passmanager``: pass pipelines over Tilt's passes, as
  ``mlir.passmanager``.

Both wrap the extension module ``tilt._tilt``; importing ``tilt`` alone does
not load it. See docs/python.md.
"""

__all__ = ["ir", "passmanager"]
