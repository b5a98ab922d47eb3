"""Uses of the bindings that crashed the interpreter (issue 34): handles
to blocks and block arguments a pass erased, and attributes, locations and
pipelines nested far deeper than the text parser allows. Each runs in a
subprocess, so that a crash fails the test instead of the test run, and
checks the exception a user gets instead."""

import os
import subprocess
import sys
import textwrap


def run_python(code):
    """Runs ``code`` in a fresh interpreter with the tests' environment;
    returns (exit status, stdout, stderr)."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                            capture_output=True, text=True, timeout=300,
                            env=dict(os.environ))
    return result.returncode, result.stdout, result.stderr


def test_a_block_a_pass_erased_raises():
    status, out, err = run_python('''
        from tilt import ir
        from tilt.passmanager import PassManager
        text = """
        func.func @f(%c: i1, %a: i32) -> i32 {
          %0 = scf.if %c -> (i32) {
            scf.yield %a : i32
          } else {
            scf.yield %a : i32
          }
          return %0 : i32
        }
        """
        with ir.Context():
            module = ir.Module.parse(text)
            f = module.body.operations[0]
            # Blocks of the function (a pass on it may erase or keep them)
            # and of the if nested in it (erased with the if).
            entry = f.regions[0].blocks[0]
            argument = entry.arguments[1]
            nested = f.regions[0].blocks[0].operations[0].regions[0].blocks[0]
            PassManager.parse("func.func(canonicalize)").run(f)
            # The function's entry block is still there: its handles work.
            print(len(entry.operations), argument.type)
            try:
                nested.operations
            except RuntimeError as error:
                print("nested:", error)
        ''')
    assert status == 0, err
    assert out.splitlines()[0] == "1 i32"
    assert "nested: the operation is no longer valid" in out


def test_an_erased_block_and_its_arguments_raise():
    status, out, err = run_python('''
        from tilt import ir
        from tilt.passmanager import PassManager
        # The second block is unreachable: canonicalize erases it.
        text = """
        func.func @f(%a: i32) -> i32 {
          return %a : i32
        ^bb1(%b: i32):
          return %b : i32
        }
        """
        with ir.Context():
            module = ir.Module.parse(text)
            f = module.body.operations[0]
            dead = f.regions[0].blocks[1]
            argument = dead.arguments[0]
            operations = dead.operations
            PassManager.parse("func.func(canonicalize)").run(f)
            assert len(f.regions[0].blocks) == 1
            for use in (lambda: dead.operations, lambda: argument.type,
                        lambda: len(operations), lambda: str(dead)):
                try:
                    use()
                    print("no error")
                except RuntimeError as error:
                    print(type(error).__name__, error)
        ''')
    assert status == 0, err
    lines = out.splitlines()
    assert len(lines) == 4 and all("a pass that ran on the operation" in line
                                   for line in lines), out


def test_deep_attributes_and_locations_are_refused():
    status, out, err = run_python('''
        from tilt import ir
        with ir.Context():
            attr = ir.ArrayAttr.get([])
            try:
                for _ in range(100000):
                    attr = ir.ArrayAttr.get([attr])
            except ValueError as error:
                print("array:", error)
            print(len(str(attr)) > 4000)
            loc = ir.Location.unknown()
            try:
                for i in range(100000):
                    loc = ir.Location.name(f"n{i}", loc)
            except ValueError as error:
                print("name:", error)
            print(loc.filename is None)
            loc = ir.Location.file("a.py", 1, 1)
            try:
                for i in range(100000):
                    loc = ir.Location.callsite(loc, [ir.Location.file("b.py", i + 1, 1)])
            except ValueError as error:
                print("callsite:", error)
            print(str(loc).startswith("loc(callsite("))
        ''')
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("array: this ArrayAttr would nest 4097 levels deep: "
                               "more than 4096, the limit of the text parser")
    assert lines[1] == "True"
    assert lines[2].startswith("name: this Location.name would nest 4097 levels")
    assert lines[3] == "True"
    assert lines[4].startswith("callsite: this Location.callsite would nest")
    assert lines[5] == "True"


def test_a_deep_pipeline_is_refused():
    status, out, err = run_python('''
        from tilt import ir
        from tilt.passmanager import PassManager
        with ir.Context():
            text = "builtin.module(" * 100000 + ")" * 100000
            try:
                PassManager.parse(text)
            except ir.TiltError as error:
                print(type(error).__name__, str(error)[:80])
            except ValueError as error:
                print(type(error).__name__, str(error)[:80])
        ''')
    assert status == 0, err
    assert "the pipeline nests more than 256 levels" in out, out
