"""Index ranges: the lowest and highest value of an index the kernel
computes from its block indices and loop variables, so that a comparison
the grid's and the loops' bounds decide (``bx * block_M < M``) is decided
when the kernel is compiled."""

import ast

from ._util import _unconst
from ._values import SSA

__all__ = ["range_of", "index_range", "decide"]


def range_of(value):
    """The (lowest, highest) of an index value: an int's own, a ranged SSA
    index's; None when unknown."""
    value = _unconst(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, value)
    if isinstance(value, SSA) and value.type == "index":
        return value.range
    return None


def index_range(op, a, b):
    """The range of `a op b` (arith on index) from its operands' ranges."""
    if a is None or b is None:
        return None
    if op == "addi":
        return (a[0] + b[0], a[1] + b[1])
    if op == "subi":
        return (a[0] - b[1], a[1] - b[0])
    if op == "muli":
        products = [x * y for x in a for y in b]
        return (min(products), max(products))
    if op in ("maxsi", "minsi"):
        pick = max if op == "maxsi" else min
        return (pick(a[0], b[0]), pick(a[1], b[1]))
    if b[0] == b[1] and b[0] > 0:  # by a positive constant: monotonic
        d = b[0]
        if op == "floordivsi":
            return (a[0] // d, a[1] // d)
        if op == "ceildivsi":
            return (-(-a[0] // d), -(-a[1] // d))
        if op == "remsi" and a[0] >= 0:
            return (0, min(d - 1, a[1]))
    return None


def decide(ops, ranges):
    """Whether a comparison chain over `ranges` holds for every value (True),
    for none (False), or depends on them (None)."""
    if any(r is None for r in ranges):
        return None
    result = True
    for op, a, b in zip(ops, ranges, ranges[1:]):
        always = {ast.Lt: a[1] < b[0], ast.LtE: a[1] <= b[0],
                  ast.Gt: a[0] > b[1], ast.GtE: a[0] >= b[1],
                  ast.Eq: a[0] == a[1] == b[0] == b[1],
                  ast.NotEq: a[1] < b[0] or a[0] > b[1]}.get(type(op))
        never = {ast.Lt: a[0] >= b[1], ast.LtE: a[0] > b[1],
                 ast.Gt: a[1] <= b[0], ast.GtE: a[1] < b[0],
                 ast.Eq: a[1] < b[0] or a[0] > b[1],
                 ast.NotEq: a[0] == a[1] == b[0] == b[1]}.get(type(op))
        if always is None:
            return None
        if never:
            return False
        if not always:
            result = None
    return result
