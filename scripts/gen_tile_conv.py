"""Writes a tile-dialect 2-d convolution as TileLang's convolution example
computes it: the im2col matrix of an NHWC image (tile.im2col) times the
filter, flattened to (K*K*C) x F, into the output flattened to
(N*OH*OW) x F.

    gen_tile_conv.py N H W C F K [--stride S] [--dilation D] [--padding P]
                     [--block BMxBNxBK] [--stages S] [--type bf16|f16|f32]
                     [--out-type T]

The image and the filter have --type (default bf16), the accumulator is
f32 and the output has --out-type (default --type). The grid is
ceil(F / BN) x ceil(N*OH*OW / BM) blocks; the K loop is a tile.pipelined
loop over ceil(K*K*C / BK) steps.
"""
import argparse
import sys


def generate(n, h, w, c, f, k, stride, dilation, padding, bm, bn, bk, stages,
             dtype, out_type):
    oh = (h + 2 * padding - dilation * (k - 1) - 1) // stride + 1
    ow = (w + 2 * padding - dilation * (k - 1) - 1) // stride + 1
    if oh < 1 or ow < 1:
        sys.exit("the kernel does not fit in the padded image")
    pixels, taps = n * oh * ow, k * k * c
    for name, block in (("BM", bm), ("BN", bn), ("BK", bk)):
        if block % 32:
            sys.exit(f"{name} = {block} is not whole 32x32 tiles")
    image = f"!tile.tensor<{n}x{h}x{w}x{c}x{dtype}>"
    filt = f"!tile.tensor<{taps}x{f}x{dtype}>"
    out = f"!tile.tensor<{pixels}x{f}x{out_type}>"
    a_buf = f"!tile.buf<{bm}x{bk}x{dtype}, shared>"
    b_buf = f"!tile.buf<{bk}x{bn}x{dtype}, shared>"
    acc = f"!tile.buf<{bm}x{bn}xf32, fragment>"
    steps = -(-taps // bk)
    return f"""// A {k}x{k} convolution (stride {stride}, dilation {dilation}, padding {padding})
// of a {n}x{h}x{w}x{c} NHWC image into {f} channels: {pixels} output pixels
// ({oh}x{ow} each), {taps} filter taps; blocks {bm}x{bn}x{bk}, {stages} stages.
func.func @conv(%Image: {image}, %Filter: {filt}, %Out: {out}) {{
  tile.kernel grid [{-(-f // bn)}, {-(-pixels // bm)}] blocks(%bx, %by)
      args(%img = %Image : {image}, %flt = %Filter : {filt}, %out = %Out : {out}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bk = arith.constant {bk} : index
    %bm = arith.constant {bm} : index
    %bn = arith.constant {bn} : index
    %steps = arith.constant {steps} : index
    %a_s = tile.alloc : {a_buf}
    %b_s = tile.alloc : {b_buf}
    %acc = tile.alloc : {acc}
    tile.clear %acc : {acc}
    %row = arith.muli %by, %bm : index
    %col = arith.muli %bx, %bn : index
    tile.pipelined %k = %c0 to %steps step %c1 stages {stages} {{
      tile.im2col %img[%by, %k], %a_s kernel {k} stride {stride} dilation {dilation} padding {padding} : {image}, {a_buf}
      %kk = arith.muli %k, %bk : index
      tile.copy %flt[%kk, %col], %b_s : {filt}, {b_buf}
      tile.gemm %a_s, %b_s, %acc : {a_buf}, {b_buf}, {acc}
    }}
    tile.copy %acc, %out[%row, %col] : {acc}, {out}
  }}
  return
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("n", "h", "w", "c", "f", "k"):
        parser.add_argument(name, type=int)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--dilation", type=int, default=1)
    parser.add_argument("--padding", type=int, default=0)
    parser.add_argument("--block", default="64x128x32", help="BMxBNxBK")
    parser.add_argument("--stages", type=int, default=2)
    parser.add_argument("--type", default="bf16", choices=["bf16", "f16", "f32"])
    parser.add_argument("--out-type", choices=["bf16", "f16", "f32"])
    args = parser.parse_args()
    bm, bn, bk = (int(x) for x in args.block.split("x"))
    sys.stdout.write(generate(args.n, args.h, args.w, args.c, args.f, args.k,
                              args.stride, args.dilation, args.padding, bm, bn,
                              bk, args.stages, args.type,
                              args.out_type or args.type))


if __name__ == "__main__":
    main()
