"""The sweep of chained tile programs: softmax, layernorm and rmsnorm over
rows, GEMMs with an epilogue (relu, bias + erf GELU, a scale), a rank-3
softmax and an f16 elementwise chain, over shapes, block sizes and dtypes.
Each program is written here, run with tilt-run on a small grid (lowered,
emitted, built against the emulator, run on random inputs and compared
with the tile interpreter) and must match. Two runs at a time.

usage: chained_sweep.py TILT_RUN WORK_DIR [--case NAME] [--list]
  --case NAME: run the cases whose name contains NAME only.
  --list: print the case names and exit.
  Each program is kept in WORK_DIR/<name>.tilt (a reproducer:
  tilt-run WORK_DIR/<name>.tilt --grid G --seed S).

What the sweep leaves out: a reduction along a dimension whose extent is
not a multiple of the block counts the padding's zeros until padding is
the identity of reductions, so every row length here is a whole block
(row counts need not be: each row is independent).
"""
import os
import subprocess
import sys

from sweep_report import run_cases


def ceildiv(a, b):
    return (a + b - 1) // b


def to_f32(value, dtype, lines, name):
    """The body value `value` of `dtype` as f32 (an extf unless it is f32)."""
    if dtype == "f32":
        return value
    lines.append(f"      %{name} = arith.extf {value} : {dtype} to f32")
    return f"%{name}"


def from_f32(value, dtype, lines, name):
    """The f32 body value `value` as `dtype` (a truncf unless it is f32)."""
    if dtype == "f32":
        return value
    lines.append(f"      %{name} = arith.truncf {value} : f32 to {dtype}")
    return f"%{name}"


# ===----------------------------------------------------------------------===
# Row programs: one block of whole rows per kernel instance.
# ===----------------------------------------------------------------------===

def row_kernel(rows, cols, block_rows, batch):
    """The kernel header of a row program: the tensor type, the grid, the
    block arguments and the copy offsets of block (row, 0) -- of matrix b
    of a [batch, rows, cols] tensor when batch is set."""
    if batch:
        shape, grid = f"{batch}x{rows}x{cols}", f"[{ceildiv(rows, block_rows)}, {batch}]"
        return shape, grid, "%by, %bb", "%bb, %row, %c0"
    return f"{rows}x{cols}", f"[{ceildiv(rows, block_rows)}]", "%by", "%row, %c0"


def softmax(rows, cols, block_rows, dtype, batch=0):
    shape, grid, blocks, at = row_kernel(rows, cols, block_rows, batch)
    tensor = f"!tile.tensor<{shape}x{dtype}>"
    x_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, shared>"
    vec = f"!tile.buf<{block_rows}xf32, fragment>"
    e_buf = f"!tile.buf<{block_rows}x{cols}xf32, fragment>"
    y_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, fragment>"
    exp_body = []
    x = to_f32("%v", dtype, exp_body, "vf")
    exp_body += [f"      %d = arith.subf {x}, %mv : f32",
                 "      %ex = math.exp %d : f32"]
    div_body = ["      %q = arith.divf %v, %sv : f32"]
    y = from_f32("%q", dtype, div_body, "o")
    nl = "\n"
    return f"""// Y = softmax(X) along the rows of a {shape} {dtype} X, {block_rows} rows per block.
func.func @softmax(%X: {tensor}, %Y: {tensor}) {{
  tile.kernel grid {grid} blocks({blocks})
      args(%x = %X : {tensor}, %y = %Y : {tensor}) {{
    %c0 = arith.constant 0 : index
    %cbr = arith.constant {block_rows} : index
    %row = arith.muli %by, %cbr : index
    %x_s = tile.alloc : {x_buf}
    %m = tile.alloc : {vec}
    %e = tile.alloc : {e_buf}
    %s = tile.alloc : {vec}
    %y_l = tile.alloc : {y_buf}
    tile.copy %x[{at}], %x_s : {tensor}, {x_buf}
    tile.reduce max %x_s -> %m dim 1 : {x_buf}, {vec}
    tile.parallel ins(%x_s, %m[d0] : {x_buf}, {vec}) outs(%e : {e_buf}) {{
    ^bb0(%v: {dtype}, %mv: f32):
{nl.join(exp_body)}
      tile.yield %ex : f32
    }}
    tile.reduce sum %e -> %s dim 1 : {e_buf}, {vec}
    tile.parallel ins(%e, %s[d0] : {e_buf}, {vec}) outs(%y_l : {y_buf}) {{
    ^bb0(%v: f32, %sv: f32):
{nl.join(div_body)}
      tile.yield {y} : {dtype}
    }}
    tile.copy %y_l, %y[{at}] : {y_buf}, {tensor}
  }}
  return
}}
"""


def layernorm(rows, cols, block_rows, dtype):
    tensor = f"!tile.tensor<{rows}x{cols}x{dtype}>"
    vector = f"!tile.tensor<{cols}x{dtype}>"
    x_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, shared>"
    v_buf = f"!tile.buf<{cols}x{dtype}, shared>"
    vec = f"!tile.buf<{block_rows}xf32, fragment>"
    f_buf = f"!tile.buf<{block_rows}x{cols}xf32, fragment>"
    y_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, fragment>"
    center = []
    x = to_f32("%xv", dtype, center, "xf")
    center += ["      %mean = arith.mulf %sv, %inv_n : f32",
               f"      %d = arith.subf {x}, %mean : f32"]
    scale = ["      %n = arith.mulf %d, %rv : f32"]
    g = to_f32("%gv", dtype, scale, "gf")
    b = to_f32("%bv", dtype, scale, "bf")
    scale += [f"      %scaled = arith.mulf %n, {g} : f32",
              f"      %out = arith.addf %scaled, {b} : f32"]
    y = from_f32("%out", dtype, scale, "o")
    nl = "\n"
    return f"""// Y = LayerNorm(X) * gamma + beta along the rows of a {rows}x{cols} {dtype} X, {block_rows} rows per block.
func.func @layernorm(%X: {tensor}, %G: {vector}, %Bt: {vector}, %Y: {tensor}) {{
  tile.kernel grid [{ceildiv(rows, block_rows)}] blocks(%by)
      args(%x = %X : {tensor}, %g = %G : {vector}, %bt = %Bt : {vector}, %y = %Y : {tensor}) {{
    %c0 = arith.constant 0 : index
    %cbr = arith.constant {block_rows} : index
    %inv_n = arith.constant {1.0 / cols!r} : f32
    %eps = arith.constant 1.0e-5 : f32
    %row = arith.muli %by, %cbr : index
    %x_s = tile.alloc : {x_buf}
    %g_s = tile.alloc : {v_buf}
    %b_s = tile.alloc : {v_buf}
    %s = tile.alloc : {vec}
    %xc = tile.alloc : {f_buf}
    %sq = tile.alloc : {f_buf}
    %v = tile.alloc : {vec}
    %r = tile.alloc : {vec}
    %y_l = tile.alloc : {y_buf}
    tile.copy %x[%row, %c0], %x_s : {tensor}, {x_buf}
    tile.copy %g[%c0], %g_s : {vector}, {v_buf}
    tile.copy %bt[%c0], %b_s : {vector}, {v_buf}
    tile.reduce sum %x_s -> %s dim 1 : {x_buf}, {vec}
    tile.parallel ins(%x_s, %s[d0] : {x_buf}, {vec}) outs(%xc : {f_buf}) {{
    ^bb0(%xv: {dtype}, %sv: f32):
{nl.join(center)}
      tile.yield %d : f32
    }}
    tile.parallel ins(%xc : {f_buf}) outs(%sq : {f_buf}) {{
    ^bb0(%d: f32):
      %q = arith.mulf %d, %d : f32
      tile.yield %q : f32
    }}
    tile.reduce sum %sq -> %v dim 1 : {f_buf}, {vec}
    tile.parallel ins(%v : {vec}) outs(%r : {vec}) {{
    ^bb0(%vv: f32):
      %var = arith.mulf %vv, %inv_n : f32
      %ve = arith.addf %var, %eps : f32
      %rs = math.rsqrt %ve : f32
      tile.yield %rs : f32
    }}
    tile.parallel ins(%xc, %r[d0], %g_s[d1], %b_s[d1] : {f_buf}, {vec}, {v_buf}, {v_buf}) outs(%y_l : {y_buf}) {{
    ^bb0(%d: f32, %rv: f32, %gv: {dtype}, %bv: {dtype}):
{nl.join(scale)}
      tile.yield {y} : {dtype}
    }}
    tile.copy %y_l, %y[%row, %c0] : {y_buf}, {tensor}
  }}
  return
}}
"""


def rmsnorm(rows, cols, block_rows, dtype):
    tensor = f"!tile.tensor<{rows}x{cols}x{dtype}>"
    vector = f"!tile.tensor<{cols}x{dtype}>"
    x_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, shared>"
    w_buf = f"!tile.buf<{cols}x{dtype}, shared>"
    vec = f"!tile.buf<{block_rows}xf32, fragment>"
    f_buf = f"!tile.buf<{block_rows}x{cols}xf32, fragment>"
    y_buf = f"!tile.buf<{block_rows}x{cols}x{dtype}, fragment>"
    square = []
    x = to_f32("%xv", dtype, square, "xf")
    square.append(f"      %q = arith.mulf {x}, {x} : f32")
    scale = []
    x = to_f32("%xv", dtype, scale, "xf")
    w = to_f32("%wv", dtype, scale, "wf")
    scale += [f"      %a = arith.mulf {x}, %rv : f32",
              f"      %b = arith.mulf %a, {w} : f32"]
    y = from_f32("%b", dtype, scale, "o")
    nl = "\n"
    return f"""// Y = X * rsqrt(mean(X^2) + eps) * w along the rows of a {rows}x{cols} {dtype} X, {block_rows} rows per block.
func.func @rmsnorm(%X: {tensor}, %W: {vector}, %Y: {tensor}) {{
  tile.kernel grid [{ceildiv(rows, block_rows)}] blocks(%by)
      args(%x = %X : {tensor}, %w = %W : {vector}, %y = %Y : {tensor}) {{
    %c0 = arith.constant 0 : index
    %cbr = arith.constant {block_rows} : index
    %n = arith.constant {float(cols)!r} : f32
    %eps = arith.constant 1.0e-6 : f32
    %row = arith.muli %by, %cbr : index
    %x_s = tile.alloc : {x_buf}
    %w_s = tile.alloc : {w_buf}
    %sq = tile.alloc : {f_buf}
    %s = tile.alloc : {vec}
    %y_l = tile.alloc : {y_buf}
    tile.copy %x[%row, %c0], %x_s : {tensor}, {x_buf}
    tile.copy %w[%c0], %w_s : {vector}, {w_buf}
    tile.parallel ins(%x_s : {x_buf}) outs(%sq : {f_buf}) {{
    ^bb0(%xv: {dtype}):
{nl.join(square)}
      tile.yield %q : f32
    }}
    tile.reduce sum %sq -> %s dim 1 : {f_buf}, {vec}
    tile.parallel ins(%s : {vec}) outs(%s : {vec}) {{
    ^bb0(%sv: f32):
      %mean = arith.divf %sv, %n : f32
      %me = arith.addf %mean, %eps : f32
      %r = math.rsqrt %me : f32
      tile.yield %r : f32
    }}
    tile.parallel ins(%x_s, %s[d0], %w_s[d1] : {x_buf}, {vec}, {w_buf}) outs(%y_l : {y_buf}) {{
    ^bb0(%xv: {dtype}, %rv: f32, %wv: {dtype}):
{nl.join(scale)}
      tile.yield {y} : {dtype}
    }}
    tile.copy %y_l, %y[%row, %c0] : {y_buf}, {tensor}
  }}
  return
}}
"""


# ===----------------------------------------------------------------------===
# GEMM epilogues: C = epilogue(A x B), bf16 A and B, an f32 accumulator.
# ===----------------------------------------------------------------------===

def gemm_epilogue(m, n, k, bm, bn, bk, out, epilogue):
    a_type = f"!tile.tensor<{m}x{k}xbf16>"
    b_type = f"!tile.tensor<{k}x{n}xbf16>"
    c_type = f"!tile.tensor<{m}x{n}x{out}>"
    bias_type = f"!tile.tensor<{n}xbf16>"
    a_buf = f"!tile.buf<{bm}x{bk}xbf16, shared>"
    b_buf = f"!tile.buf<{bk}x{bn}xbf16, shared>"
    c_buf = f"!tile.buf<{bm}x{bn}xf32, fragment>"
    d_buf = f"!tile.buf<{bm}x{bn}x{out}, fragment>"
    bias_buf = f"!tile.buf<{bn}xbf16, shared>"
    bias = epilogue == "bias_gelu"
    params = f"%A: {a_type}, %B: {b_type}" + (f", %Bias: {bias_type}" if bias else "") + f", %C: {c_type}"
    args = f"%a = %A : {a_type}, %b = %B : {b_type}" + (
        f", %bias = %Bias : {bias_type}" if bias else "") + f", %c = %C : {c_type}"
    if epilogue == "relu":
        what = "relu(A x B), in place on the accumulator"
        tail = f"""    %zero = arith.constant 0.0 : f32
    tile.parallel ins(%c_l : {c_buf}) outs(%c_l : {c_buf}) {{
    ^bb0(%x: f32):
      %r = arith.maximumf %x, %zero : f32
      tile.yield %r : f32
    }}
    tile.copy %c_l, %c[%row, %col] : {c_buf}, {c_type}"""
    elif epilogue == "scale":
        what = "0.375 (A x B), in place on the accumulator"
        tail = f"""    %scale = arith.constant 0.375 : f32
    tile.parallel ins(%c_l : {c_buf}) outs(%c_l : {c_buf}) {{
    ^bb0(%x: f32):
      %r = arith.mulf %x, %scale : f32
      tile.yield %r : f32
    }}
    tile.copy %c_l, %c[%row, %col] : {c_buf}, {c_type}"""
    else:
        what = "gelu(A x B + bias), the bias a vector over the rows, erf GELU"
        body = ["      %bf = arith.extf %bv : bf16 to f32",
                "      %x = arith.addf %acc, %bf : f32",
                "      %h = arith.mulf %x, %half : f32",
                "      %s = arith.mulf %x, %rsqrt2 : f32",
                "      %e = math.erf %s : f32",
                "      %e1 = arith.addf %e, %one : f32",
                "      %g = arith.mulf %h, %e1 : f32"]
        y = from_f32("%g", out, body, "o")
        nl = "\n"
        tail = f"""    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678 : f32
    %d_l = tile.alloc : {d_buf}
    tile.parallel ins(%c_l, %bias_s[d1] : {c_buf}, {bias_buf}) outs(%d_l : {d_buf}) {{
    ^bb0(%acc: f32, %bv: bf16):
{nl.join(body)}
      tile.yield {y} : {out}
    }}
    tile.copy %d_l, %c[%row, %col] : {d_buf}, {c_type}"""
    bias_copy = (f"    %bias_s = tile.alloc : {bias_buf}\n"
                 f"    tile.copy %bias[%col], %bias_s : {bias_type}, {bias_buf}\n") if bias else ""
    return f"""// C = {what}: {m}x{k} by {k}x{n} bf16, {out} C, blocks {bm}x{bn}x{bk}.
func.func @gemm_{epilogue}({params}) {{
  tile.kernel grid [{ceildiv(n, bn)}, {ceildiv(m, bm)}] blocks(%bx, %by)
      args({args}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant {bk} : index
    %bm = arith.constant {bm} : index
    %bn = arith.constant {bn} : index
    %steps = arith.constant {ceildiv(k, bk)} : index
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    %a_s = tile.alloc : {a_buf}
    %b_s = tile.alloc : {b_buf}
    %c_l = tile.alloc : {c_buf}
{bias_copy}    tile.clear %c_l : {c_buf}
    tile.pipelined %k = %c0 to %steps step %c1 stages 2 {{
      %kk = arith.muli %k, %bk : index
      tile.copy %a[%row, %kk], %a_s : {a_type}, {a_buf}
      tile.copy %b[%kk, %col], %b_s : {b_type}, {b_buf}
      tile.gemm %a_s, %b_s, %c_l : {a_buf}, {b_buf}, {c_buf}
    }}
{tail}
  }}
  return
}}
"""


# ===----------------------------------------------------------------------===
# An f16 elementwise chain: two tile.parallel ops through an f16 fragment.
# ===----------------------------------------------------------------------===

def f16_chain(rows, cols, bm, bn):
    tensor = f"!tile.tensor<{rows}x{cols}xf16>"
    buf = f"!tile.buf<{bm}x{bn}xf16, shared>"
    frag = f"!tile.buf<{bm}x{bn}xf16, fragment>"
    return f"""// D = max(A * B + C, 0) * A on {rows}x{cols} f16 tensors in {bm}x{bn} blocks: two
// tile.parallel ops chained through an f16 fragment.
func.func @f16_chain(%A: {tensor}, %B: {tensor}, %C: {tensor}, %D: {tensor}) {{
  tile.kernel grid [{ceildiv(cols, bn)}, {ceildiv(rows, bm)}] blocks(%bx, %by)
      args(%a = %A : {tensor}, %b = %B : {tensor}, %c = %C : {tensor}, %d = %D : {tensor}) {{
    %bm = arith.constant {bm} : index
    %bn = arith.constant {bn} : index
    %zero = arith.constant 0.0 : f16
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    %a_s = tile.alloc : {buf}
    %b_s = tile.alloc : {buf}
    %c_s = tile.alloc : {buf}
    %e_l = tile.alloc : {frag}
    %d_l = tile.alloc : {frag}
    tile.copy %a[%row, %col], %a_s : {tensor}, {buf}
    tile.copy %b[%row, %col], %b_s : {tensor}, {buf}
    tile.copy %c[%row, %col], %c_s : {tensor}, {buf}
    tile.parallel ins(%a_s, %b_s, %c_s : {buf}, {buf}, {buf}) outs(%e_l : {frag}) {{
    ^bb0(%x: f16, %y: f16, %z: f16):
      %p = arith.mulf %x, %y : f16
      %s = arith.addf %p, %z : f16
      tile.yield %s : f16
    }}
    tile.parallel ins(%e_l, %a_s : {frag}, {buf}) outs(%d_l : {frag}) {{
    ^bb0(%e: f16, %x: f16):
      %r = arith.maximumf %e, %zero : f16
      %q = arith.mulf %r, %x : f16
      tile.yield %q : f16
    }}
    tile.copy %d_l, %d[%row, %col] : {frag}, {tensor}
  }}
  return
}}
"""


# ===----------------------------------------------------------------------===
# The cases: (name, program, grid, extra tilt-run options).
# ===----------------------------------------------------------------------===

def make_cases():
    cases = []
    # Softmax: f32 and bf16, 32 and 64 block rows, row counts whole blocks
    # and not (the last block of the ceildiv grid overhangs).
    for rows, cols, block_rows, dtype, grid in [
            (128, 64, 32, "f32", "1x1"), (200, 128, 32, "f32", "2x2"),
            (256, 256, 64, "f32", "2x2"), (100, 96, 64, "f32", "1x1"),
            (128, 128, 32, "bf16", "2x2"), (70, 64, 32, "bf16", "1x1"),
            (192, 160, 64, "bf16", "1x1"), (300, 64, 64, "bf16", "2x2")]:
        cases.append((f"softmax {rows}x{cols} {dtype} rows {block_rows}",
                      softmax(rows, cols, block_rows, dtype), grid, []))
    for rows, cols, block_rows, dtype, grid in [
            (128, 128, 32, "bf16", "2x2"), (100, 256, 64, "bf16", "1x1"),
            (256, 96, 64, "f32", "2x2"), (50, 64, 32, "f32", "1x1")]:
        cases.append((f"layernorm {rows}x{cols} {dtype} rows {block_rows}",
                      layernorm(rows, cols, block_rows, dtype), grid, []))
    for rows, cols, block_rows, dtype, grid in [
            (128, 256, 32, "bf16", "2x2"), (90, 128, 64, "bf16", "1x1"),
            (192, 64, 64, "f32", "2x2"), (33, 192, 32, "f32", "1x1")]:
        cases.append((f"rmsnorm {rows}x{cols} {dtype} rows {block_rows}",
                      rmsnorm(rows, cols, block_rows, dtype), grid, []))
    # GEMM epilogues: blocks 32, 64, 128; M, N, K whole blocks and not (K
    # not: the reader zero-fills); f32 and bf16 results.
    for epilogue, m, n, k, (bm, bn, bk), out, grid in [
            ("relu", 128, 128, 128, (64, 64, 32), "bf16", "2x2"),
            ("relu", 100, 70, 50, (32, 32, 32), "f32", "2x2"),
            ("relu", 256, 256, 96, (128, 128, 32), "bf16", "2x2"),
            ("relu", 200, 136, 64, (128, 128, 64), "f32", "1x1"),
            ("bias_gelu", 128, 256, 128, (64, 64, 32), "bf16", "2x2"),
            ("bias_gelu", 96, 100, 72, (32, 64, 32), "f32", "1x1"),
            ("bias_gelu", 256, 128, 64, (128, 128, 64), "bf16", "2x2"),
            ("bias_gelu", 150, 90, 200, (64, 32, 64), "bf16", "2x2"),
            ("scale", 64, 64, 256, (32, 32, 32), "f32", "1x1"),
            ("scale", 130, 200, 40, (64, 64, 32), "bf16", "2x2"),
            ("scale", 256, 128, 128, (128, 64, 64), "f32", "2x2")]:
        cases.append((f"gemm_{epilogue} {m}x{n}x{k} blocks {bm}x{bn}x{bk} {out}",
                      gemm_epilogue(m, n, k, bm, bn, bk, out, epilogue), grid, []))
    # Rank 3: softmax over [batch, rows, cols] on a (row blocks, batch) grid.
    cases.append(("softmax 3x96x128 f32 rows 32 batched",
                  softmax(96, 128, 32, "f32", batch=3), "2x2", []))
    cases.append(("softmax 2x70x64 bf16 rows 32 batched",
                  softmax(70, 64, 32, "bf16", batch=2), "1x1", []))
    # Without tile-fuse-elementwise: every intermediate through its L1 home.
    cases.append(("softmax 70x64 bf16 rows 32 no-fuse",
                  softmax(70, 64, 32, "bf16"), "2x2", ["--no-fuse"]))
    cases.append(("gemm_bias_gelu 96x100x72 blocks 32x64x32 f32 no-fuse",
                  gemm_epilogue(96, 100, 72, 32, 64, 32, "f32", "bias_gelu"),
                  "2x2", ["--no-fuse"]))
    # f16: an elementwise chain with an overhanging block.
    cases.append(("f16_chain 100x96 blocks 64x64",
                  f16_chain(100, 96, 64, 64), "2x2", []))
    cases.append(("f16_chain 128x128 blocks 32x64 no-fuse",
                  f16_chain(128, 128, 32, 64), "1x1", ["--no-fuse"]))
    return cases


def main():
    tilt_run, work = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:]
    cases = [(index,) + case for index, case in enumerate(make_cases())]
    if "--list" in rest:
        for _, name, _, grid, _ in cases:
            print(f"{name} (grid {grid})")
        return 0
    if "--case" in rest:
        wanted = rest[rest.index("--case") + 1]
        cases = [case for case in cases if wanted in case[1]]
    os.makedirs(work, exist_ok=True)

    # The seed is the case's index in the whole list, so that a case run
    # alone (--case) gets the inputs it gets in the sweep.
    def run(case):
        index, name, program, grid, options = case
        source = os.path.join(work, name.replace(" ", "_").replace("-", "_") + ".tilt")
        with open(source, "w") as file:
            file.write(program)
        command = [tilt_run, source, "--grid", grid, "--seed", str(index)] + options
        result = subprocess.run(command, capture_output=True, text=True)
        ok = (result.returncode == 0 and "FAIL" not in result.stdout and
              "OK: the device results match" in result.stdout)
        return name, ok, " ".join(command) + "\n" + result.stdout + result.stderr

    return run_cases(cases, run, "chained programs")


if __name__ == "__main__":
    sys.exit(main())
