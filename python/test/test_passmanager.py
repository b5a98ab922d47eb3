"""Tests of tilt.passmanager: pipelines from text, runs compared with
tilt-opt, pipeline errors, pass failures, invalidation after a run."""
import re

import pytest

from conftest import EXAMPLES, parse_file
from tilt import ir
from tilt.passmanager import PassManager, registered_passes

REDUNDANT = """\
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.muli %0, %a : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
"""


def test_parse_takes_the_anchor_from_the_text(context):
    pm = PassManager.parse("builtin.module(canonicalize{max-iterations=3},cse)")
    assert str(pm).startswith("builtin.module(canonicalize{max-iterations=3 ")
    assert str(pm).endswith(",cse)")
    assert str(PassManager.parse("func.func(cse)")) == "func.func(cse)"
    # A bare list is anchored on builtin.module.
    assert str(PassManager.parse("cse,symbol-dce")) == \
        "builtin.module(cse,symbol-dce)"
    assert PassManager.parse("cse").context is context


def test_add_and_construct(context):
    pm = PassManager()
    assert str(pm) == "builtin.module()"
    pm.add("func.func(cse)")
    pm.add("symbol-dce")
    assert str(pm) == "builtin.module(func.func(cse),symbol-dce)"
    assert str(PassManager("func.func", context=context)) == "func.func()"


def test_bad_pipelines_raise_tilt_error(context):
    with pytest.raises(ir.TiltError) as caught:
        PassManager.parse("builtin.module(canonicalize,nope)")
    assert str(caught.value) == (
        "invalid pass pipeline: unknown pass or pipeline anchor 'nope' at "
        "position 28 of 'builtin.module(canonicalize,nope)'")
    assert caught.value.diagnostics == []
    with pytest.raises(ir.TiltError, match="invalid pass pipeline: .*"
                       "max-iterations"):
        PassManager.parse("canonicalize{max-iterations=x}")
    with pytest.raises(ir.TiltError, match="unbalanced"):
        PassManager().add("cse)")


@pytest.mark.parametrize("pipeline", ["builtin.module(canonicalize,cse)",
                                      "builtin.module(func.func(cse),"
                                      "symbol-dce)"])
def test_run_equals_tilt_opt(context, tilt_opt, tmp_path, pipeline):
    path = tmp_path / "redundant.mlir"
    path.write_text(REDUNDANT)
    module = parse_file(path)
    PassManager.parse(pipeline).run(module)
    assert str(module) + "\n" == tilt_opt("--pass-pipeline=" + pipeline, path)


@pytest.mark.parametrize("name", ["gemm.tilt", "softmax.tilt",
                                  "flash_attention.tilt"])
def test_tile_to_tt_equals_tilt_opt(context, tilt_opt, name):
    path = EXAMPLES / name
    pipeline = "builtin.module(tile-to-tt{grid=2x2})"
    module = parse_file(path)
    PassManager.parse(pipeline).run(module)
    expected = tilt_opt("--pass-pipeline=" + pipeline, path)
    assert str(module) + "\n" == expected
    assert "tt.program" in expected


def test_run_on_an_operation(context):
    module = ir.Module.parse(REDUNDANT)
    f = module.body.operations[0]
    PassManager.parse("func.func(canonicalize)").run(f)
    assert [op.name for op in f.regions[0].blocks[0].operations] == [
        "arith.muli", "arith.muli", "arith.addi", "func.return"]
    with pytest.raises(ir.TiltError, match="the pipeline is anchored on "
                       "'func.func' but runs on 'builtin.module'"):
        PassManager("func.func").run(module)
    with pytest.raises(TypeError):
        PassManager().run("module")
    with pytest.raises(ValueError, match="another context"):
        PassManager(context=ir.Context()).run(module)


def test_pass_failure_has_located_diagnostics(context):
    text = """\
func.func @unaligned_buffer() {
  tile.kernel grid [1] blocks(%bx) args() {
    %buf = tile.alloc : !tile.buf<48x32xbf16, shared>
  }
  return
}
"""
    module = ir.Module.parse(text, source_name="unaligned.tilt")
    with pytest.raises(ir.TiltError) as caught:
        PassManager.parse("builtin.module(tile-legalize)").run(module)
    message = str(caught.value)
    assert message.startswith("the pass pipeline failed:\n")
    assert ("unaligned.tilt:3:12: error: buffer of shape 48x32 is not made of "
            "whole 32x32 tiles") in message
    # The source line and a caret, as tilt-opt prints them.
    assert "    %buf = tile.alloc" in message
    # The implicit module is at line 0, column 0 of the file.
    assert ("unaligned.tilt:0:0: error: pass 'tile-legalize' (TileLegalize) "
            "failed on 'builtin.module'") in message
    lines = [(d.line, d.col, d.severity) for d in caught.value.diagnostics]
    assert lines == [(3, 12, ir.DiagnosticSeverity.ERROR),
                     (0, 0, ir.DiagnosticSeverity.ERROR)]


def test_tilt_opt_and_the_bindings_report_the_same_failure(context, tilt_opt,
                                                           tmp_path):
    path = tmp_path / "bad.tilt"
    path.write_text("""\
func.func @g() {
  tile.kernel grid [1] blocks(%bx) args() {
    %x = tile.alloc : !tile.buf<64x64xi32, shared>
    %y = tile.alloc : !tile.buf<64x64xi32, shared>
    %z = tile.alloc : !tile.buf<64x64xi32, fragment>
    tile.gemm %x, %y, %z : !tile.buf<64x64xi32, shared>, !tile.buf<64x64xi32, shared>, !tile.buf<64x64xi32, fragment>
  }
  return
}
""")
    module = parse_file(path)
    with pytest.raises(ir.TiltError) as caught:
        PassManager.parse("builtin.module(tile-legalize)").run(module)
    stderr = tilt_opt("--tile-legalize", path, fails=True)
    assert "i32 gemm has no Tenstorrent equivalent" in stderr
    assert str(caught.value) == "the pass pipeline failed:\n" + stderr.rstrip()


def test_a_run_invalidates_the_ops_inside(context):
    module = ir.Module.parse(REDUNDANT)
    f = module.body.operations[0]
    first = f.regions[0].blocks[0].operations[0]
    body = module.body
    PassManager.parse("builtin.module(canonicalize,cse)").run(module)
    assert not f.is_valid and not first.is_valid
    with pytest.raises(RuntimeError):
        first.name
    # The op it ran on, and its body, stay usable.
    assert module.operation.is_valid
    assert [op.name for op in body.operations] == ["func.func"]
    assert body.operations[0].is_valid


def test_verifier_and_threads(context, tilt_opt):
    path = EXAMPLES / "basics.mlir"
    expected = tilt_opt("--pass-pipeline=builtin.module("
                        "func.func(canonicalize,cse))", path)
    for threads in (True, False):
        context.enable_multithreading(threads)
        module = parse_file(path)
        pm = PassManager.parse("builtin.module(func.func(canonicalize,cse))")
        pm.enable_verifier(threads)
        pm.run(module)
        assert str(module) + "\n" == expected


def test_every_pass_of_tilt_opt_is_registered(tilt_opt):
    names = {name for name, _ in registered_passes()}
    assert {"canonicalize", "cse", "symbol-dce", "tile-legalize",
            "tile-to-tt", "tt-verify"} <= names
    assert all(description for _, description in registered_passes())
    # tilt-opt has one `--<pass>[=<string>]` flag per registered pass (and
    # the test passes of its test build, and --split-input-file).
    flags = set(re.findall(r"^\s+--([a-z0-9-]+)\[=<string>\]",
                           tilt_opt("--help"), re.MULTILINE))
    assert {flag for flag in flags
            if not flag.startswith("test-")} - names == {"split-input-file"}


def test_invalid_ir_is_not_given_to_passes(context):
    module = parse_file(EXAMPLES / "softmax.tilt")
    f = module.body.operations[0]
    del f.attributes["function_type"]
    with pytest.raises(ir.TiltError, match="the pass pipeline did not run: "
                       "the operation does not verify:\n.*'func.func' op "
                       "requires attribute 'function_type'"):
        PassManager.parse("builtin.module(tile-to-tt)").run(module)
    # Nothing ran: the objects are still valid.
    assert f.is_valid


def test_retained_ssa_names_name_the_buffers(context, tilt_opt):
    path = EXAMPLES / "gemm.tilt"
    module = ir.Module.parse(path.read_text(), source_name=str(path),
                             retain_ssa_names=True)
    arg = module.body.operations[0].regions[0].blocks[0].arguments[0]
    assert arg.location.filename == str(path)
    assert str(arg.location).startswith('loc("A"(')
    PassManager.parse("builtin.module(tile-to-tt{grid=2x2})").run(module)
    expected = tilt_opt("--retain-ssa-names", "--tile-to-tt=grid=2x2", path)
    assert str(module) + "\n" == expected
    # Without the names, the buffers are named otherwise.
    plain = parse_file(path)
    PassManager.parse("builtin.module(tile-to-tt{grid=2x2})").run(plain)
    assert str(plain) + "\n" == tilt_opt("--tile-to-tt=grid=2x2", path)
    assert str(plain) != str(module)
