"""Tests of tilt.ir: contexts, parsing and printing against tilt-opt, walking
and editing the IR, attributes, types, locations, diagnostics, lifetimes."""
import gc

import pytest

from conftest import EXAMPLES, parse_file
from tilt import ir

ADD = """\
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
"""

ROUNDTRIP_FILES = ["basics.mlir", "gemm.tilt", "softmax.tilt",
                   "flash_attention.tilt", "layernorm.tilt",
                   "eltwise_chain.tilt"]


def ops_of(module):
    """The ops of a module's first function body."""
    return list(module.body.operations[0].regions[0].blocks[0].operations)


# --- contexts ---------------------------------------------------------------

def test_context_is_current_inside_with():
    assert ir.Context.current is None
    with ir.Context() as outer:
        assert ir.Context.current is outer
        with ir.Context() as inner:
            assert ir.Context.current is inner
        assert ir.Context.current is outer
    assert ir.Context.current is None


def test_explicit_context_without_with():
    ctx = ir.Context()
    module = ir.Module.parse(ADD, context=ctx)
    assert module.context is ctx
    assert ir.Type.parse("i32", context=ctx).context is ctx


def test_no_context_is_a_value_error():
    with pytest.raises(ValueError, match="no context"):
        ir.Module.parse(ADD)


def test_every_dialect_is_loaded(context):
    assert not context.allow_unregistered_dialects
    module = ir.Module.parse("""
      func.func @f(%x: f32, %n: index) -> f32 {
        %0 = math.exp %x : f32
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        scf.for %i = %c0 to %n step %c1 {
        }
        return %0 : f32
      }""")
    names = {op.name for op in module.operation.walk()}
    assert {"func.func", "math.exp", "arith.constant", "scf.for",
            "func.return", "builtin.module"} <= names
    # tile, cb and tt: the examples and a lowered program use them.
    lowered = parse_file(EXAMPLES / "gemm.tilt")
    assert "tile.kernel" in {op.name for op in lowered.operation.walk()}
    for text in ["!tile.buf<32x32xbf16, shared>",
                 "!cb.cb<bf16, page_size = 2048, pages = 2>", "!tt.accessor"]:
        assert str(ir.Type.parse(text)) == text


# --- parsing and printing ---------------------------------------------------

@pytest.mark.parametrize("name", ROUNDTRIP_FILES)
def test_printing_equals_tilt_opt(context, tilt_opt, name):
    path = EXAMPLES / name
    module = parse_file(path)
    # tilt-opt ends its output with an empty line.
    assert str(module) + "\n" == tilt_opt(path)
    op = module.operation
    assert (op.get_asm(print_generic_op_form=True) + "\n" ==
            tilt_opt("--mlir-print-op-generic", path))
    assert (op.get_asm(enable_debug_info=True) + "\n" ==
            tilt_opt("--mlir-print-debuginfo", path))
    assert op.get_asm(binary=True) == str(module).encode()
    # And the text parses back to the same module.
    assert str(ir.Module.parse(str(module))) == str(module)


def test_module_create_and_print(context):
    module = ir.Module.create()
    assert str(module) == "module {\n}\n"
    assert module.operation.name == "builtin.module"
    assert len(module.body.operations) == 0
    assert module.operation.parent is None
    assert module.operation.verify()


def test_print_to_a_file(context, tmp_path):
    module = ir.Module.parse(ADD)
    path = tmp_path / "out.mlir"
    with open(path, "w") as file:
        module.operation.print(file=file)
    assert path.read_text() == str(module)


def test_nested_op_prints_with_the_names_of_its_function(context):
    module = ir.Module.parse(ADD)
    mul = ops_of(module)[1]
    assert str(mul) == "%1 = arith.muli %0, %0 : i32\n"
    assert (mul.get_asm(use_local_scope=True) ==
            "%0 = arith.muli <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>> : i32")


# --- diagnostics ------------------------------------------------------------

def test_parse_error_names_the_file_line_and_column(context):
    text = "func.func @f() {\n  %0 = arith.addi %x, %x : i32\n  return\n}\n"
    with pytest.raises(ir.TiltError) as caught:
        ir.Module.parse(text, source_name="bad.mlir")
    error = caught.value
    assert isinstance(error, Exception)
    assert "bad.mlir:2:19: error: use of undeclared SSA value name" in str(error)
    # With the source line and a caret, as tilt-opt prints it.
    assert "  %0 = arith.addi %x, %x : i32\n                  ^" in str(error)
    [diag] = error.diagnostics
    assert diag.severity == ir.DiagnosticSeverity.ERROR
    assert diag.message == "use of undeclared SSA value name"
    assert (diag.file, diag.line, diag.col) == ("bad.mlir", 2, 19)
    assert diag.location == 'loc("bad.mlir":2:19)'
    assert diag.notes == []
    assert str(diag) == "bad.mlir:2:19: error: use of undeclared SSA value name"


def test_verifier_error_has_its_notes(context):
    text = """\
func.func private @callee(i32) -> i32
func.func @bad(%a: i32) {
  %r = func.call @callee(%a) : (i32) -> i64
  return
}
"""
    with pytest.raises(ir.TiltError) as caught:
        ir.Module.parse(text, source_name="call.mlir")
    [diag] = caught.value.diagnostics
    assert diag.message == "'func.call' op result type mismatch at index 0"
    assert (diag.line, diag.col) == (3, 8)
    assert [note.message.strip() for note in diag.notes] == [
        "op result types: 'i64'", "function result types: 'i32'"]
    assert all(n.severity == ir.DiagnosticSeverity.NOTE for n in diag.notes)
    assert "call.mlir:3:8: note: function result types: 'i32'" in str(
        caught.value)


def test_verify_reports_ir_made_invalid_from_python(context):
    module = ir.Module.parse(ADD, source_name="add.mlir")
    f = module.body.operations[0]
    add, mul, ret = ops_of(module)
    assert f.verify() is True
    # Return the i32 block argument through an op of another type.
    i64 = ir.Type.parse("i64")
    add.result.set_type(i64)
    with pytest.raises(ir.TiltError, match="add.mlir:2:8: error: 'arith.addi' "
                       "op requires the same type") as caught:
        module.operation.verify()
    assert caught.value.diagnostics[0].severity == ir.DiagnosticSeverity.ERROR
    # An invalid module prints in the generic form.
    assert '"arith.addi"' in str(module)


def test_tilt_error_is_raised_for_bad_types_and_attributes(context):
    with pytest.raises(ir.TiltError, match="could not parse the type 'i32 x'"):
        ir.Type.parse("i32 x")
    with pytest.raises(ir.TiltError, match="error: "):
        ir.Attribute.parse("[1, ")


# --- walking and reading the IR ---------------------------------------------

def test_operation_accessors(context):
    module = ir.Module.parse(ADD, source_name="add.mlir")
    f = module.body.operations[0]
    assert f.name == "func.func"
    assert f.parent == module.operation
    assert f.block == module.body
    assert len(f.regions) == 1
    entry = f.regions[0].blocks[0]
    assert entry.owner == f and entry.region == f.regions[0]
    assert f.regions[0].owner == f
    a, b = entry.arguments
    assert [str(t) for t in entry.arguments.types] == ["i32", "i32"]
    assert (a.arg_number, b.arg_number) == (0, 1)
    assert a.owner == entry
    add, mul, ret = entry.operations
    assert entry.operations[-1] == ret
    assert [op.name for op in entry.operations] == [
        "arith.addi", "arith.muli", "func.return"]
    assert list(add.operands) == [a, b]
    assert len(add.results) == 1 and add.results[0] == add.result
    assert add.result.owner == add and add.result.result_number == 0
    assert isinstance(add.result, ir.OpResult)
    assert isinstance(a, ir.BlockArgument)
    assert isinstance(add.result.type, ir.IntegerType)
    assert add.result.type.width == 32
    assert sorted((u.owner.name, u.operand_number)
                  for u in add.result.uses) == [("arith.muli", 0),
                                                ("arith.muli", 1)]
    assert str(add.location) == 'loc("add.mlir":2:8)'
    assert (add.location.filename, add.location.line,
            add.location.col) == ("add.mlir", 2, 8)
    assert ret.parent == f
    with pytest.raises(ValueError):
        ret.result
    with pytest.raises(IndexError):
        entry.operations[3]


def test_one_object_per_operation(context):
    module = ir.Module.parse(ADD)
    first = module.body.operations[0]
    assert first is module.body.operations[0]
    assert first is module.operation.walk()[-2]
    assert hash(first.regions[0]) == hash(first.regions[0])


def test_walk_orders_skip_and_interrupt(context):
    module = ir.Module.parse(ADD)
    post = [op.name for op in module.operation.walk()]
    assert post == ["arith.addi", "arith.muli", "func.return", "func.func",
                    "builtin.module"]
    pre = []
    module.operation.walk(lambda op: pre.append(op.name),
                          walk_order=ir.WalkOrder.PRE_ORDER)
    assert pre == list(reversed(post[3:])) + post[:3]

    def skip_functions(op):
        seen.append(op.name)
        if op.name == "func.func":
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE
    seen = []
    module.operation.walk(skip_functions, ir.WalkOrder.PRE_ORDER)
    assert seen == ["builtin.module", "func.func"]

    def stop_at_mul(op):
        seen.append(op.name)
        return ir.WalkResult.INTERRUPT if op.name == "arith.muli" else None
    seen = []
    module.operation.walk(stop_at_mul)
    assert seen == ["arith.addi", "arith.muli"]

    with pytest.raises(TypeError):
        module.operation.walk(lambda op: True)


def test_walk_callback_errors_propagate(context):
    module = ir.Module.parse(ADD)

    def fail(op):
        raise KeyError("from the callback")
    with pytest.raises(KeyError, match="from the callback"):
        module.operation.walk(fail)


# --- attributes -------------------------------------------------------------

def test_attribute_mapping(context):
    module = ir.Module.parse(
        'func.func @f() attributes {llvm.emit_c_interface, n = 3 : i64} {\n'
        '  return\n}\n')
    f = module.body.operations[0]
    attrs = f.attributes
    # Inherent attributes (properties) first, then discardable ones.
    assert list(attrs) == ["function_type", "sym_name", "llvm.emit_c_interface",
                           "n"]
    assert len(attrs) == 4
    assert "sym_name" in attrs and "missing" not in attrs
    assert attrs["sym_name"].value == "f"
    assert isinstance(attrs["sym_name"], ir.StringAttr)
    assert isinstance(attrs["llvm.emit_c_interface"], ir.UnitAttr)
    assert attrs["n"].value == 3 and str(attrs["n"].type) == "i64"
    assert str(attrs["function_type"].value) == "() -> ()"
    assert attrs.get("missing") is None
    with pytest.raises(KeyError):
        attrs["missing"]
    attrs["n"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(8), -1)
    attrs["note"] = ir.StringAttr.get("hello")
    attrs["sym_name"] = ir.StringAttr.get("g")
    del attrs["llvm.emit_c_interface"]
    with pytest.raises(KeyError):
        del attrs["llvm.emit_c_interface"]
    assert dict((k, str(v)) for k, v in attrs.items()) == {
        "function_type": "() -> ()", "sym_name": '"g"', "n": "-1 : i8",
        "note": '"hello"'}
    assert str(module).startswith(
        'module {\n  func.func @g() attributes {n = -1 : i8, note = "hello"}')


def test_typed_attributes(context):
    parse = ir.Attribute.parse
    assert parse("42 : i32").value == 42
    assert parse("-1 : i64").value == -1
    assert parse("255 : ui8").value == 255
    assert parse("7 : index").value == 7
    assert parse("true").value is True and isinstance(parse("true"), ir.BoolAttr)
    assert parse("1.5 : f32").value == 1.5
    assert parse('"text"').value == "text"
    array = parse('[1 : i32, "a", unit]')
    assert isinstance(array, ir.ArrayAttr) and len(array) == 3
    assert [type(x).__name__ for x in array] == ["IntegerAttr", "StringAttr",
                                                 "UnitAttr"]
    assert array[-1] == ir.UnitAttr.get()
    dense = parse("array<i64: 1, 2, 3>")
    assert dense.values == [1, 2, 3] and list(dense) == [1, 2, 3]
    assert dense[1] == 2 and len(dense) == 3
    assert str(dense.element_type) == "i64"
    assert parse("array<f32: 1.5>").values == [1.5]
    assert parse("array<i1: true, false>").values == [True, False]
    assert ir.DenseArrayAttr.get_i64([4, 5]) == parse("array<i64: 4, 5>")
    dictionary = parse('{a = 1 : i32, b}')
    assert list(dictionary) == ["a", "b"] and dictionary["a"].value == 1
    assert isinstance(parse("@f"), ir.FlatSymbolRefAttr)
    assert parse("@f").value == "f"
    assert parse("@a::@b").value == ["a", "b"]
    assert ir.TypeAttr.get(ir.F32Type.get()).value == ir.F32Type.get()
    assert str(ir.FloatAttr.get_f64(0.25)) == "2.500000e-01 : f64"
    assert str(ir.IntegerAttr.get(ir.IndexType.get(), 9)) == "9 : index"
    assert str(ir.ArrayAttr.get([ir.BoolAttr.get(False)])) == "[false]"
    assert str(ir.DictAttr.get({"x": ir.UnitAttr.get()})) == "{x}"
    # Casts and tests.
    generic = parse("3 : i32")
    assert ir.IntegerAttr.isinstance(generic)
    assert not ir.StringAttr.isinstance(generic)
    assert ir.IntegerAttr(generic).value == 3
    with pytest.raises(ValueError, match="cannot cast"):
        ir.StringAttr(generic)
    with pytest.raises(ValueError):
        ir.IntegerAttr.get(ir.F32Type.get(), 1)


def test_types(context):
    parse = ir.Type.parse
    assert parse("i32") == ir.IntegerType.get_signless(32)
    assert isinstance(parse("index"), ir.IndexType)
    assert isinstance(parse("bf16"), ir.BF16Type)
    assert isinstance(parse("f32"), ir.FloatType) and parse("f32").width == 32
    function = parse("(i32, f32) -> index")
    assert isinstance(function, ir.FunctionType)
    assert [str(t) for t in function.inputs] == ["i32", "f32"]
    assert [str(t) for t in function.results] == ["index"]
    tensor = parse("tensor<4x8xf16>")
    assert tensor.shape == [4, 8] and tensor.rank == 2
    assert tensor.element_type == ir.F16Type.get()
    assert ir.RankedTensorType.get([2], ir.F32Type.get()) == parse("tensor<2xf32>")
    assert str(ir.FunctionType.get([ir.IndexType.get()], [])) == "(index) -> ()"
    buffer = parse("!tile.buf<128x32xbf16, shared>")
    assert type(buffer) is ir.Type
    assert repr(parse("i8")) == "IntegerType(i8)"
    assert ir.IntegerType(parse("i8")).width == 8
    with pytest.raises(ValueError):
        ir.IntegerType(buffer)


def test_locations(context):
    loc = ir.Location.file("kernel.py", 12, 5)
    assert str(loc) == 'loc("kernel.py":12:5)'
    assert (loc.filename, loc.line, loc.col) == ("kernel.py", 12, 5)
    unknown = ir.Location.unknown()
    assert str(unknown) == "loc(unknown)" and unknown.is_unknown
    assert unknown.filename is None and unknown.line is None
    named = ir.Location.name("A", loc)
    assert str(named) == 'loc("A"("kernel.py":12:5))' and named.line == 12
    call = ir.Location.callsite(loc, [ir.Location.file("main.py", 1, 1)])
    assert str(call) == 'loc(callsite("kernel.py":12:5 at "main.py":1:1))'
    fused = ir.Location.fused([loc, unknown])
    assert str(fused).startswith("loc(fused[")
    assert loc == ir.Location.file("kernel.py", 12, 5)


# --- editing the IR ---------------------------------------------------------

def test_a_small_transformation(context):
    """Folds `x * 1` away: replace the uses of the product, erase it, and
    mark the function, then check the result verifies and prints."""
    module = ir.Module.parse("""\
func.func @f(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %x, %c1 : i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}
""")

    def is_one(value):
        op = value.owner
        return (isinstance(value, ir.OpResult) and op.name == "arith.constant"
                and op.attributes["value"].value == 1)

    for op in module.operation.walk():
        if op.name == "arith.muli" and is_one(op.operands[1]):
            op.result.replace_all_uses_with(op.operands[0])
            op.erase()
    module.body.operations[0].attributes["folded"] = ir.UnitAttr.get()
    assert module.operation.verify()
    assert str(module) == """\
module {
  func.func @f(%arg0: i32) -> i32 attributes {folded} {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
}
"""


def test_set_operand_and_move(context):
    module = ir.Module.parse(ADD)
    add, mul, ret = ops_of(module)
    ret.operands[0] = add.result
    assert str(ret) == "func.return %0 : i32\n"
    mul.move_before(add)
    with pytest.raises(ir.TiltError, match="operand #0 does not dominate"):
        module.operation.verify()
    mul.move_after(add)
    assert module.operation.verify()
    with pytest.raises(ValueError):
        add.move_before(module.operation)


def test_erase_invalidates_what_it_erased(context):
    module = ir.Module.parse(ADD)
    f = module.body.operations[0]
    add, mul, ret = ops_of(module)
    region, block, result = f.regions[0], f.regions[0].blocks[0], add.result
    with pytest.raises(ValueError, match="still used"):
        add.erase()
    with pytest.raises(ValueError, match="top-level"):
        module.operation.erase()
    f.erase()
    assert len(module.body.operations) == 0
    for erased in (f, add, mul, ret):
        assert not erased.is_valid
        with pytest.raises(RuntimeError, match="no longer valid"):
            erased.name
    for child in (lambda: region.blocks, lambda: block.operations,
                  lambda: result.type):
        with pytest.raises(RuntimeError):
            child()
    assert "invalid" in repr(add)
    assert str(module) == "module {\n}\n"


def test_values_of_another_module_are_refused(context):
    first, second = ir.Module.parse(ADD), ir.Module.parse(ADD)
    add = ops_of(first)[0]
    other = ops_of(second)[0]
    with pytest.raises(ValueError, match="another module"):
        add.operands[0] = other.result
    with pytest.raises(ValueError, match="another module"):
        add.result.replace_all_uses_with(other.result)
    with pytest.raises(ValueError, match="another context"):
        add.attributes["x"] = ir.UnitAttr.get(context=ir.Context())


def test_objects_keep_their_module_alive(context):
    op = ops_of(ir.Module.parse(ADD))[1]
    value = op.result
    gc.collect()
    assert str(op) == "%1 = arith.muli %0, %0 : i32\n"
    assert str(value.type) == "i32"
    assert op.parent.parent.name == "builtin.module"


def test_objects_keep_their_context_alive():
    op = ops_of(ir.Module.parse(ADD, context=ir.Context()))[0]
    i64 = ir.Type.parse("i64", context=ir.Context())
    gc.collect()
    assert op.context.allow_unregistered_dialects is False
    assert str(op.result.type) == "i32" and str(i64) == "i64"
    with pytest.raises(ValueError, match="another context"):
        op.attributes["t"] = ir.TypeAttr.get(i64)


def test_types_and_attributes_do_not_mix_contexts(context):
    other = ir.Context()
    foreign = ir.IntegerType.get_signless(8, context=other)
    module = ir.Module.parse(ADD)
    with pytest.raises(ValueError, match="another context"):
        ops_of(module)[0].result.set_type(foreign)
    with pytest.raises(ValueError, match="another context"):
        ir.FunctionType.get([foreign], [])
    with pytest.raises(ValueError, match="another context"):
        ir.ArrayAttr.get([ir.UnitAttr.get(context=other)])
    with pytest.raises(ValueError, match="another context"):
        ir.DictAttr.get({"x": ir.UnitAttr.get(context=other)})
    with pytest.raises(ValueError, match="another context"):
        ir.Location.name("x", ir.Location.name("y", context=other))
