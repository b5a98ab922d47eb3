"""The driver of the bindings fuzzer (fuzz/BindingsFuzzer.cpp, libFuzzer
with ASan; issue 34): each input is handed to `one`, which gives it to one
of the text entry points of `tilt.ir` as a user's string or bytes would
be, and uses what comes back as a user would (prints it, walks it, asks
its locations, reads the printed text back).

An entry point may refuse its input with TiltError, TypeError or
ValueError; anything else raised here (a failed round trip is an
AssertionError) makes the harness abort with the Python traceback, and a
crash or a sanitizer report in the extension is caught by the harness.

The first byte of an input chooses the entry point (its low two bits:
Module.parse, Attribute.parse, Type.parse, PassManager.parse) and whether
the rest is passed as bytes (bit 7) or as a str decoded as the bindings
encode one (UTF-8 with surrogateescape).
"""

from tilt import ir, passmanager

_REFUSALS = (ir.TiltError, TypeError, ValueError)


def _module(text, context):
    module = ir.Module.parse(text, context=context)
    operation = module.operation
    for op in operation.walk():
        str(op.location)
        op.name
        attributes = op.attributes
        for name in attributes:
            str(attributes[name])
        for result in op.results:
            str(result.type)
        for region in op.regions:
            for block in region.blocks:
                for argument in block.arguments:
                    str(argument.type)
    custom = str(module)
    generic = operation.get_asm(print_generic_op_form=True)
    located = operation.get_asm(enable_debug_info=True)
    for printed in (custom, generic, located):
        again = ir.Module.parse(printed, context=context)
        assert str(again) == custom, f"printed IR reads back different:\n{printed}"


def _uniqued(kind, text, context):
    """An attribute or a type (`kind` is ir.Attribute or ir.Type): parsed,
    printed, and read back to the same text."""
    value = kind.parse(text, context=context)
    printed = str(value)
    repr(value)
    if kind is ir.Attribute and value.type is not None:
        str(value.type)
    again = kind.parse(printed, context=context)
    assert str(again) == printed, f"{printed!r} reads back as {again}"


def _attribute(text, context):
    _uniqued(ir.Attribute, text, context)


def _type(text, context):
    _uniqued(ir.Type, text, context)


def _pipeline(text, context):
    manager = passmanager.PassManager.parse(text, context=context)
    printed = str(manager)
    again = passmanager.PassManager.parse(printed, context=context)
    assert str(again) == printed, f"the pipeline {printed!r} reads back as {again}"


_ENTRIES = (_module, _attribute, _type, _pipeline)


def one(data):
    """Runs one input (bytes) through the entry point its first byte names."""
    if not data:
        return
    selector, payload = data[0], data[1:]
    text = payload if selector & 0x80 else payload.decode("utf-8", "surrogateescape")
    context = ir.Context()
    context.allow_unregistered_dialects = True
    try:
        _ENTRIES[selector & 3](text, context)
    except _REFUSALS:
        pass
