"""The bindings' constructors refuse what the text parser refuses (issue
34): dense arrays keep their values exactly, tensor types have sizes of 0
or more (or the dynamic size) and element types a tensor holds."""

import pytest

from tilt import ir


def test_a_dense_array_keeps_its_values(context):
    i8 = ir.IntegerType.get_signless(8)
    assert str(ir.DenseArrayAttr.get(i8, [-128, 127])) == "array<i8: -128, 127>"
    with pytest.raises(ValueError, match="300 does not fit i8"):
        ir.DenseArrayAttr.get(i8, [1, 300])
    with pytest.raises(ValueError, match="holds integers of 64 bits at most"):
        ir.DenseArrayAttr.get(ir.IntegerType.get_signless(64), [2 ** 70])


def test_a_tensor_type_is_one_the_parser_reads(context):
    f32 = ir.F32Type.get()
    assert str(ir.RankedTensorType.get([2, 3], f32)) == "tensor<2x3xf32>"
    with pytest.raises(ValueError, match="a tensor dimension is a size of 0 or "
                       "more .* got -3"):
        ir.RankedTensorType.get([2, -3], f32)
    with pytest.raises(ValueError, match="invalid tensor element type none"):
        ir.RankedTensorType.get([2], ir.NoneType.get())
    with pytest.raises(ValueError, match="invalid tensor element type"):
        ir.RankedTensorType.get([2], ir.RankedTensorType.get([2], f32))


def test_an_error_quoting_bytes_that_are_not_utf8_is_readable(context):
    # The message quotes the source line; a byte that is not UTF-8 shows as
    # an escape instead of failing to decode.
    with pytest.raises(ir.TiltError) as info:
        ir.Module.parse(b'func.func @f() {\n  \xff\n}')
    text = str(info.value)
    assert "\\xff" in text
    assert all(isinstance(d.message, str) for d in info.value.diagnostics)


def test_text_that_is_not_utf8_is_read_or_refused_clearly(context):
    # A str decoded with surrogateescape gives its bytes back; a lone
    # surrogate is no text; neither is an int (not the binding's signature).
    module = ir.Module.parse('func.func @f() attributes {a = "\udcff"} {\n  return\n}')
    assert '"\\FF"' in str(module)
    with pytest.raises(ValueError, match="Module.parse's text holds a character "
                       "that is not Unicode text"):
        ir.Module.parse("x\ud800")
    with pytest.raises(TypeError, match="Module.parse's text is a str or bytes, "
                       "got int"):
        ir.Module.parse(3)


@pytest.mark.parametrize("parse,what", [
    (lambda t: ir.Type.parse(t), "Type.parse's text"),
    (lambda t: ir.Attribute.parse(t), "Attribute.parse's text"),
])
def test_every_text_entry_point_checks_its_text(context, parse, what):
    with pytest.raises(ValueError, match=f"{what} holds a character that is not "
                       "Unicode text"):
        parse("i\ud80032")
    with pytest.raises(TypeError, match=f"{what} is a str or bytes, got int"):
        parse(32)
    assert str(parse(b"i32" if "Type" in what else b"32 : i32")) in ("i32", "32 : i32")


def test_a_pipeline_text_is_checked(context):
    from tilt.passmanager import PassManager
    with pytest.raises(ValueError, match="PassManager.parse's pipeline holds a "
                       "character that is not Unicode text"):
        PassManager.parse("cse\ud800")
    with pytest.raises(TypeError, match="PassManager.parse's pipeline is a str or "
                       "bytes, got list"):
        PassManager.parse(["cse"])
