"""Pass pipelines over Tilt's passes, as MLIR's ``mlir.passmanager``.

    from tilt import ir, passmanager
    with ir.Context():
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(canonicalize,cse)").run(module)

A malformed pipeline or a failing pass raises ``tilt.ir.TiltError``.
"""

from ._tilt.passmanager import *  # noqa: F401,F403
