"""Tilt's IR: Context, Module, Operation, Region, Block, Value, Type,
Attribute, Location and TiltError, named as in MLIR's ``mlir.ir``.

    from tilt import ir
    with ir.Context():
        module = ir.Module.parse(text, source_name="kernel.tilt")
        for op in module.body.operations:
            print(op.name, op.location)

See docs/python.md for the whole API and its lifetime rules.
"""

from ._tilt.ir import *  # noqa: F401,F403
from ._tilt.ir import TiltError  # noqa: F401
