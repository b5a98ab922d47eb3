#!/usr/bin/env python3
"""Writes a tile-dialect GEMM, C = A x B, for any shape and blocking.

    gen_tile_gemm.py M N K [--block BMxBNxBK] [--stages S] [--out-type f32|bf16]
                           [--transpose-b] [--b-format bfp8_b|bfp4_b]

A is MxK and B is KxN in bf16 (B is NxK with --transpose-b; stored in DRAM
as Metalium's block floats with --b-format, as weights often are); the
accumulator is f32 and C has --out-type. Blocks default to the largest of
128, 96, 64, 32 (64, 32 for K) that divide each dimension padded to whole
32x32 tiles. The kernel's grid covers the padded output; the K loop is a
tile.pipelined loop with S stages.
"""
import argparse
import sys


def pad(value):
    return (value + 31) // 32 * 32


def pick_block(extent, choices):
    for block in choices:
        if extent % block == 0:
            return block
    return 32


def generate(m, n, k, bm, bn, bk, stages, out_type, transpose_b,
             b_format=None):
    pm, pn, pk = pad(m), pad(n), pad(k)
    for name, padded, block in (("M", pm, bm), ("N", pn, bn), ("K", pk, bk)):
        if block % 32 or padded % block:
            sys.exit(f"block {block} does not divide {name} = {padded} "
                     "(padded to tiles) in whole tiles")
    a_type = f"!tile.tensor<{m}x{k}xbf16>"
    b_layout = f', {{format = "{b_format}"}}' if b_format else ""
    b_type = (f"!tile.tensor<{n}x{k}xbf16{b_layout}>" if transpose_b
              else f"!tile.tensor<{k}x{n}xbf16{b_layout}>")
    c_type = f"!tile.tensor<{m}x{n}x{out_type}>"
    b_buf = f"!tile.buf<{bn}x{bk}xbf16, shared>" if transpose_b else f"!tile.buf<{bk}x{bn}xbf16, shared>"
    b_offsets = "%col, %kk" if transpose_b else "%kk, %col"
    transpose = " transpose_b" if transpose_b else ""
    return f"""// C = A x B: {m}x{k} by {k}x{n}, blocks {bm}x{bn}x{bk}, {stages} stages.
func.func @gemm(%A: {a_type}, %B: {b_type}, %C: {c_type}) {{
  tile.kernel grid [{pn // bn}, {pm // bm}] blocks(%bx, %by)
      args(%a = %A : {a_type}, %b = %B : {b_type}, %c = %C : {c_type}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant {bk} : index
    %bm = arith.constant {bm} : index
    %bn = arith.constant {bn} : index
    %steps = arith.constant {pk // bk} : index
    %a_s = tile.alloc : !tile.buf<{bm}x{bk}xbf16, shared>
    %b_s = tile.alloc : {b_buf}
    %c_l = tile.alloc : !tile.buf<{bm}x{bn}xf32, fragment>
    tile.clear %c_l : !tile.buf<{bm}x{bn}xf32, fragment>
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    tile.pipelined %k = %c0 to %steps step %c1 stages {stages} {{
      %kk = arith.muli %k, %bk : index
      tile.copy %a[%row, %kk], %a_s : {a_type}, !tile.buf<{bm}x{bk}xbf16, shared>
      tile.copy %b[{b_offsets}], %b_s : {b_type}, {b_buf}
      tile.gemm %a_s, %b_s, %c_l{transpose} : !tile.buf<{bm}x{bk}xbf16, shared>, {b_buf}, !tile.buf<{bm}x{bn}xf32, fragment>
    }}
    tile.copy %c_l, %c[%row, %col] : !tile.buf<{bm}x{bn}xf32, fragment>, {c_type}
  }}
  return
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("m", type=int)
    parser.add_argument("n", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("--block", help="BMxBNxBK")
    parser.add_argument("--stages", type=int, default=2)
    parser.add_argument("--out-type", default="f32", choices=["f32", "bf16"])
    parser.add_argument("--transpose-b", action="store_true")
    parser.add_argument("--b-format", choices=["bfp8_b", "bfp4_b"])
    args = parser.parse_args()
    if args.block:
        bm, bn, bk = (int(x) for x in args.block.split("x"))
    else:
        bm = pick_block(pad(args.m), (128, 96, 64, 32))
        bn = pick_block(pad(args.n), (128, 96, 64, 32))
        bk = pick_block(pad(args.k), (64, 32))
    sys.stdout.write(generate(args.m, args.n, args.k, bm, bn, bk, args.stages,
                              args.out_type, args.transpose_b, args.b_format))


if __name__ == "__main__":
    main()
