"""Helpers of the TileLang translator shared by the kernel scope
(_frontend.py) and T.Parallel bodies (_parallel.py): what a node or value
is called in errors, compile-time Python arithmetic, intrinsic arguments."""

import ast
import inspect

from ._values import Buffer, Const, Deferred, Pending, Region, SSA, Sym


def _is_docstring(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and \
        isinstance(stmt.value.value, str)


def _intrinsic_name(value):
    return getattr(value, "_tilt_intrinsic", None)


_DESCRIPTIONS = {
    "While": "a while loop", "FunctionDef": "a nested function definition",
    "ClassDef": "a class definition", "Try": "try/except", "Raise": "raise",
    "Lambda": "a lambda", "ListComp": "a list comprehension",
    "DictComp": "a dict comprehension", "SetComp": "a set comprehension",
    "GeneratorExp": "a generator expression", "Global": "global",
    "Nonlocal": "nonlocal", "Delete": "del", "Break": "break",
    "Continue": "continue", "Return": "return", "Import": "import",
    "ImportFrom": "import", "Dict": "a dict", "Set": "a set",
    "JoinedStr": "an f-string", "Starred": "*unpacking", "Await": "await",
    "Yield": "yield", "NamedExpr": "the walrus operator (:=)",
    "AsyncFunctionDef": "an async function", "Match": "match",
}


def _describe(node):
    name = type(node).__name__
    return _DESCRIPTIONS.get(name, f"the Python construct '{name}'")


def _kind(value):
    if isinstance(value, Buffer):
        return f"the {'tensor' if value.is_global else 'buffer'} '{value.py_name}'"
    if isinstance(value, SSA):
        return f"a {value.type} value known only when the kernel runs"
    if isinstance(value, Region):
        return f"a slice of '{value.buffer.py_name}'"
    if isinstance(value, Const):
        return f"a {value.type} constant"
    if isinstance(value, Deferred):
        return (f"a {value.type} computed from the kernel's scalar arguments (it "
                "is computed in the T.Parallel bodies that use it)")
    if isinstance(value, Sym):
        return f"the shape constant '{value.name}', which no tensor has bound yet"
    if isinstance(value, Pending):
        return f"the tensor '{value.name}', not declared yet"
    text = repr(value)
    if " at 0x" in text or text.startswith("<"):
        # No object addresses in messages: what the value is, by name.
        name = getattr(value, "__name__", None)
        kind = type(value).__name__
        return f"the {kind} '{name}'" if name else f"a {kind} object"
    return text


def _unconst(value):
    return value.value if isinstance(value, Const) else value


def _python_unary(op, value):
    if isinstance(op, ast.USub):
        return -value
    if isinstance(op, ast.UAdd):
        return +value
    if isinstance(op, ast.Not):
        return not value
    return ~value


_PY_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a ** b, ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b, ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b, ast.BitXor: lambda a, b: a ^ b,
}


def _python_binary(op, a, b):
    return _PY_BINOPS[type(op)](a, b)


def _constant_compare(node, values):
    names = [ast.Constant(value=v) for v in values]
    return ast.fix_missing_locations(
        ast.Compare(left=names[0], ops=node.ops, comparators=names[1:]))


def _bind_arguments(translator, call, callee, scope, evaluate=None):
    """Binds a call's arguments to an intrinsic's parameters by name."""
    signature = inspect.signature(callee.__wrapped__)
    evaluate = evaluate or translator.evaluate
    positional = [evaluate(a, scope) for a in call.args]
    keywords = {}
    keyword_nodes = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            translator.error(keyword, "**kwargs in a kernel call is not supported")
        keywords[keyword.arg] = evaluate(keyword.value, scope)
        keyword_nodes[keyword.arg] = keyword
    try:
        bound = signature.bind(*positional, **keywords)
    except TypeError as error:
        translator.error(call, f"T.{callee._tilt_intrinsic}: {error}")
    bound.apply_defaults()
    return dict(bound.arguments), keyword_nodes


def _dims_attr(dims):
    """A tile.copy's ``dims`` property in the custom form (the tensor
    dimensions its buffer covers), or nothing for the trailing ones
    (``dims`` None or empty)."""
    if not dims:
        return ""
    return f" {{dims = array<i64: {', '.join(map(str, dims))}>}}"
