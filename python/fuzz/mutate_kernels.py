"""A mutation fuzzer of the Python surface (issue 34): it takes the kernels
of examples/python, changes their source at random (constants, names,
arguments, statements, `T.` intrinsics), and compiles each mutant in a
fresh interpreter, as a careless user's edit would be compiled. A mutant
may compile or be refused; it must never crash the interpreter, hang, or
raise anything but a TiltError at a line of the mutant (or a TypeError or
ValueError of the call) whose message names no internal object. One kernel
in five is left as it is, and those and one mutant in four that compiles
are called with hostile arguments (python/fuzz/hostile_calls.py: wrong
counts, shapes, element types, layouts, containers, outputs, threads).

    python3 python/fuzz/mutate_kernels.py [--seconds 60] [--seed N]

Exit status 0 when every mutant behaved, 1 otherwise (each failure is
printed with the mutant's source, to reproduce it)."""

import argparse
import ast
import copy
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "python"

# Values a mutated constant takes: edges of sizes, types and ranges.
CONSTANTS = [0, 1, -1, 2, 3, 7, 33, 48, 1024, 2 ** 31, 2 ** 40, 0.5, -2.5,
             1e30, float("inf"), None, True, "x", (), (1,), (1, 2, 3)]
# Intrinsics a `T.name` may become.
INTRINSICS = ["copy", "gemm", "clear", "fill", "alloc_shared", "alloc_fragment",
              "alloc_local", "alloc_var", "Parallel", "Pipelined", "serial",
              "reduce_sum", "reduce_max", "exp", "exp2", "log", "sqrt", "max",
              "min", "ceildiv", "if_then_else", "cast", "infinity", "float32",
              "bfloat16", "int32", "atomic_add", "Kernel", "const", "empty",
              "no_such_intrinsic"]

# The child: imports the mutant, compiles each kernel with small shapes,
# and prints how it ended (one line).
CHILD = r'''
import importlib.util, sys, traceback
sys.setrecursionlimit(3000)
path = sys.argv[1]
calls = False  # hostile calls only of what compiled
try:
    from tilt.ir import TiltError
    spec = importlib.util.spec_from_file_location("mutant", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        # Plain Python at the module's top (a default value naming nothing):
        # raised before Tilt reads anything, as without Tilt.
        if not isinstance(error, TiltError):
            print("RESULT module", type(error).__name__, flush=True)
            import os
            os._exit(0)
        raise
    compiled = [getattr(module, kernel).compile(**consts)
                for kernel, consts in module.__fuzz_kernels__]
    print("RESULT ok", flush=True)
    calls = sys.argv[2] != "-"
except TiltError as error:
    text = str(error)
    if " at 0x" in text or "tilt.language._" in text:
        print("RESULT internal-repr", text.splitlines()[0][:300])
    elif path.rsplit("/", 1)[-1] + ":" not in text:
        print("RESULT unlocated", text.replace("\n", " | ")[:400])
    else:
        print("RESULT located")
except (TypeError, ValueError) as error:
    # An API call's argument check (compile's options, a shape).
    text = str(error)
    if " at 0x" in text or "incompatible function arguments" in text:
        print("RESULT internal-repr", text[:300])
    else:
        print("RESULT call-error")
except SyntaxError:
    print("RESULT syntax")
except BaseException as error:
    print("RESULT raw", type(error).__name__, str(error)[:300])
    traceback.print_exc()
if calls:
    # Hostile calls of what compiled (python/fuzz/hostile_calls.py).
    try:
        import numpy
        sys.path.insert(0, sys.argv[3])
        import hostile_calls
        rng = numpy.random.default_rng(int(sys.argv[2]))
        findings = [f for kernel in compiled
                    for f in hostile_calls.check(kernel, rng, path)]
        if findings:
            print("RESULT call-finding", " || ".join(findings)[:2000])
        else:
            print("RESULT calls-ok")
    except BaseException as error:
        print("RESULT harness", type(error).__name__, str(error)[:300])
        traceback.print_exc()
'''


def kernels_of(path):
    """The kernels of an example (functions decorated with `jit`), each with
    the names of its `T.const` shape constants."""
    tree = ast.parse(path.read_text())
    found = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        decorators = [ast.unparse(d) for d in node.decorator_list]
        if not any("jit" in d for d in decorators):
            continue
        consts = []
        for call in ast.walk(node):
            if isinstance(call, ast.Call) and ast.unparse(call.func) == "T.const" \
                    and call.args and isinstance(call.args[0], ast.Constant):
                consts += [n.strip() for n in str(call.args[0].value).split(",")]
        found.append((node, consts))
    return found


class Mutator(ast.NodeTransformer):
    """Changes one node of a function at random."""

    def __init__(self, rng, names):
        self.rng = rng
        self.names = names
        self.target = None
        self.done = False

    def visit(self, node):
        if not self.done and node is self.target:
            self.done = True
            return self.mutate(node)
        return super().visit(node)

    def mutate(self, node):
        rng = self.rng
        if isinstance(node, ast.Constant):
            return ast.copy_location(ast.Constant(rng.choice(CONSTANTS)), node)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            return ast.copy_location(ast.Name(rng.choice(self.names), ast.Load()), node)
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "T":
            return ast.copy_location(
                ast.Attribute(node.value, rng.choice(INTRINSICS), node.ctx), node)
        if isinstance(node, ast.Call) and node.args:
            args = list(node.args)
            choice = rng.randrange(3)
            if choice == 0:
                args.pop(rng.randrange(len(args)))
            elif choice == 1:
                args.append(copy.deepcopy(rng.choice(args)))
            else:
                rng.shuffle(args)
            return ast.copy_location(ast.Call(node.func, args, node.keywords), node)
        if isinstance(node, ast.stmt):
            return None if rng.random() < 0.5 else [node, copy.deepcopy(node)]
        return node


def mutate(function, rng, changes):
    """A mutant of `function` (an ast.FunctionDef): `changes` changes."""
    function = copy.deepcopy(function)
    for _ in range(changes):
        nodes = [n for n in ast.walk(function)
                 if n is not function and isinstance(
                     n, (ast.Constant, ast.Name, ast.Attribute, ast.Call, ast.stmt))]
        names = sorted({n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
                       | {a.arg for a in function.args.args} | {"None", "T"})
        mutator = Mutator(rng, names)
        mutator.target = rng.choice(nodes)
        function = mutator.visit(function)
        ast.fix_missing_locations(function)
        if not function.body:
            function.body = [ast.Pass()]
    return function


def source_of(function, consts):
    """A module of the mutant, with the prelude an example has and the
    kernel's shape constants for the child to compile it with (only its
    `jit` decorator: the autotuner's is left out)."""
    function.decorator_list = [d for d in function.decorator_list
                               if "jit" in ast.unparse(d)]
    # 64 for every size, but 2 for batches and heads (64 of each made a
    # FlashAttention of 4,096 blocks: 105 s for the hostile calls alone).
    values = {name: 2 if name in ("B", "H", "batch", "heads") else 64
              for name in consts}
    return ("import tilt as tilelang\nimport tilt.language as T\n\n\n"
            + ast.unparse(function) + "\n\n\n"
            + f"__fuzz_kernels__ = [({function.name!r}, {values!r})]\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds one mutant may take before it counts as a hang")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    rng = random.Random(seed)
    kernels = [k for path in sorted(EXAMPLES.glob("*.py"))
               if not path.name.startswith("_") for k in kernels_of(path)]
    if not kernels:
        print("no kernels found in", EXAMPLES)
        return 1
    env = dict(os.environ)
    counts, failures = {}, []
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        number = 0
        while time.monotonic() - start < args.seconds:
            function, consts = rng.choice(kernels)
            # One kernel in five is called as it is, with hostile calls;
            # one mutant in four that compiles is called too.
            changes = 0 if rng.random() < 0.2 else rng.randint(1, 3)
            calls = changes == 0 or rng.random() < 0.25
            mutant = mutate(function, rng, changes)
            try:
                text = source_of(mutant, consts)
            except (ValueError, RecursionError):
                continue
            path = pathlib.Path(work) / f"mutant_{number}.py"
            number += 1
            path.write_text(text)
            try:
                result = subprocess.run([sys.executable, "-c", CHILD, str(path),
                                         str(rng.randrange(2 ** 32)) if calls else "-",
                                         str(pathlib.Path(__file__).parent)],
                                        capture_output=True, text=True,
                                        timeout=args.timeout, env=env)
                lines = [l for l in result.stdout.splitlines() if l.startswith("RESULT")]
                outcome = lines[-1].split()[1] if lines else f"exit-{result.returncode}"
                detail = (lines[-1] if lines else "") + "\n" + result.stderr[-2000:]
            except subprocess.TimeoutExpired:
                outcome, detail = "hang", ""
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome not in ("ok", "calls-ok", "located", "call-error", "syntax",
                               "module"):
                failures.append((outcome, detail, text))
    print(f"mutation fuzz: seed {seed}, {sum(counts.values())} mutants in "
          f"{time.monotonic() - start:.0f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    # Findings first, timeouts last: each is printed with its mutant.
    failures.sort(key=lambda failure: failure[0] == "hang")
    for outcome, detail, text in failures[:8]:
        print(f"--- {outcome}\n{detail}\n{text}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
