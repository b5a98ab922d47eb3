"""Seed corpora of the fuzzers, from the checked-in lit tests and examples.

    python3 fuzz/make_seeds.py <parser-seed-dir> <bindings-seed-dir>

The parser fuzzer's seeds are the test files split at `// -----`. The
bindings fuzzer's (python/fuzz/bindings_text.py) are a selector byte and a
text: those pieces for Module.parse, and the dialect and builtin attributes
and types, and the pass pipelines, the tests contain for Attribute.parse,
Type.parse and PassManager.parse."""

import glob
import os
import re
import sys

# The bindings driver's selectors (its first byte's low two bits).
MODULE, ATTRIBUTE, TYPE, PIPELINE = 0, 1, 2, 3
NESTED = r"<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>"
TYPES = re.compile(r"![a-z]+\.[a-z_]+" + NESTED + r"|\b(?:tensor|vector|memref)" + NESTED)
ATTRIBUTES = re.compile(r"#[a-z]+\.[a-z_]+" + NESTED + r"|\b(?:dense|array)" + NESTED
                        + r"(?: : [a-z0-9]+" + NESTED + r")?")
PIPELINES = re.compile(r"pass-pipeline=['\"]([^'\"]+)['\"]")
BUILTIN_ATTRIBUTES = ['"text"', '42 : i32', '1.5 : f16', '0x7C00 : f16', 'true', 'unit',
                      '[1, "x", [2.0 : f32]]', '{a = 1, b = [i32]}', '@sym::@nested',
                      'affine_map<(d0) -> (d0)>', 'loc("file.py":3:4)']
BUILTIN_PIPELINES = ['canonicalize,cse', 'func.func(cse)', 'builtin.module(symbol-dce)',
                     'builtin.module(func.func(canonicalize{top-down=false '
                     'max-iterations=3}),cse)']
BUILTIN_TYPES = ['i32', 'si8', 'index', 'bf16', 'f64', 'none', '(i32, f32) -> i1',
                 'tuple<i32, f16>', 'complex<f32>']


def main():
    parser_dir, bindings_dir = sys.argv[1:3]
    for directory in (parser_dir, bindings_dir):
        os.makedirs(directory, exist_ok=True)
    pieces, types, attributes, pipelines = [], set(BUILTIN_TYPES), \
        set(BUILTIN_ATTRIBUTES), set(BUILTIN_PIPELINES)
    for path in sorted(glob.glob("lit-tests/**/*.mlir", recursive=True) +
                       glob.glob("lit-tests/**/*.test", recursive=True) +
                       glob.glob("examples/*.tilt") + glob.glob("examples/*.mlir")):
        text = open(path, encoding="utf-8", errors="replace").read()
        if path.endswith(".mlir") or path.endswith(".tilt"):
            pieces += [p for p in text.split("// -----") if p.strip()]
        types.update(TYPES.findall(text))
        attributes.update(ATTRIBUTES.findall(text))
        pipelines.update(PIPELINES.findall(text))
    for number, piece in enumerate(pieces):
        with open(os.path.join(parser_dir, f"seed{number:05d}"), "w") as f:
            f.write(piece)
    seeds = [(MODULE, p) for p in pieces[::4]] + \
        [(ATTRIBUTE, a) for a in sorted(attributes)] + \
        [(TYPE, t) for t in sorted(types)] + [(PIPELINE, p) for p in sorted(pipelines)]
    for number, (selector, text) in enumerate(seeds):
        with open(os.path.join(bindings_dir, f"seed{number:05d}"), "wb") as f:
            f.write(bytes([selector]) + text.encode("utf-8"))
    print(f"seeds: {len(pieces)} for the parser fuzzer, {len(seeds)} for the "
          f"bindings fuzzer ({len(attributes)} attributes, {len(types)} types, "
          f"{len(pipelines)} pipelines)")


if __name__ == "__main__":
    main()
