#!/usr/bin/env python3
"""Writes FlashAttention forward as a tile program (examples/flash_attention.tilt).

The program follows TileLang's example_mha_fwd (MMA0, Softmax, Rescale, MMA1
per K/V block; see the comment it writes) on [batch, heads, seq, dim] bf16
tensors. The shipped examples are this script's output:

  flash_attention.py > examples/flash_attention.tilt
  flash_attention.py --causal > examples/flash_attention_causal.tilt

and the lit sweep (lit-tests/Run/flash-attention.test) writes other shapes.
"""

import argparse
import struct

TILELANG_SOURCE = r'''
TileLang (tile-ai/tilelang, examples/flash_attention/example_mha_fwd_bshd.py
at ba23181d, the macro form; this program uses the [batch, heads, seq, dim]
layout of example_mha_fwd_bhsd.py):

  scale = (1.0 / dim) ** 0.5 * 1.44269504  # log2(e)

  @T.macro
  def MMA0(K, Q_shared, K_shared, acc_s, k, bx, by, bz):
      T.copy(K[bz, by, k * block_N:(k + 1) * block_N, :], K_shared)
      if is_causal:
          for i, j in T.Parallel(block_M, block_N):
              acc_s[i, j] = T.if_then_else(bx * block_M + i >= k * block_N + j,
                                           0, -T.infinity(acc_s.dtype))
      else:
          # -inf for the keys past seq_len
          for i, j in T.Parallel(block_M, block_N):
              acc_s[i, j] = T.if_then_else(k * block_N + j >= seq_len,
                                           -T.infinity(acc_s.dtype), 0)
      T.gemm(Q_shared, K_shared, acc_s, transpose_B=True)

  @T.macro
  def MMA1(V, V_shared, acc_s_cast, acc_o, k, by, bz):
      T.copy(V[bz, by, k * block_N:(k + 1) * block_N, :], V_shared)
      T.gemm(acc_s_cast, V_shared, acc_o)

  @T.macro
  def Softmax(acc_s, acc_s_cast, scores_max, scores_max_prev, scores_scale,
              scores_sum, logsum):
      T.copy(scores_max, scores_max_prev)
      T.fill(scores_max, -T.infinity(accum_dtype))
      T.reduce_max(acc_s, scores_max, dim=1, clear=False)
      for i in T.Parallel(block_M):
          scores_max[i] = T.max(scores_max[i], scores_max_prev[i])
      for i in T.Parallel(block_M):
          scores_scale[i] = T.exp2(scores_max_prev[i] * scale - scores_max[i] * scale)
      for i, j in T.Parallel(block_M, block_N):
          acc_s[i, j] = T.exp2(acc_s[i, j] * scale - scores_max[i] * scale)
      T.reduce_sum(acc_s, scores_sum, dim=1)
      for i in T.Parallel(block_M):
          logsum[i] = logsum[i] * scores_scale[i] + scores_sum[i]
      T.copy(acc_s, acc_s_cast)

  @T.macro
  def Rescale(acc_o, scores_scale):
      for i, j in T.Parallel(block_M, dim):
          acc_o[i, j] *= scores_scale[i]

  @T.prim_func
  def main(Q: T.Tensor(shape, dtype), K: T.Tensor(shape, dtype),
           V: T.Tensor(shape, dtype), Output: T.Tensor(shape, dtype)):
      with T.Kernel(T.ceildiv(seq_len, block_M), heads, batch) as (bx, by, bz):
          Q_shared = T.alloc_shared([block_M, dim], dtype)
          K_shared = T.alloc_shared([block_N, dim], dtype)
          V_shared = T.alloc_shared([block_N, dim], dtype)
          O_shared = T.alloc_shared([block_M, dim], dtype)
          acc_s = T.alloc_fragment([block_M, block_N], accum_dtype)
          acc_s_cast = T.alloc_fragment([block_M, block_N], dtype)
          acc_o = T.alloc_fragment([block_M, dim], accum_dtype)
          scores_max = T.alloc_fragment([block_M], accum_dtype)
          scores_max_prev = T.alloc_fragment([block_M], accum_dtype)
          scores_scale = T.alloc_fragment([block_M], accum_dtype)
          scores_sum = T.alloc_fragment([block_M], accum_dtype)
          logsum = T.alloc_fragment([block_M], accum_dtype)

          T.copy(Q[bz, by, bx * block_M:(bx + 1) * block_M, :], Q_shared)
          T.fill(acc_o, 0)
          T.fill(logsum, 0)
          T.fill(scores_max, -T.infinity(accum_dtype))
          loop_range = (
              T.min(T.ceildiv(seq_len, block_N),
                    T.ceildiv((bx + 1) * block_M, block_N))
              if is_causal else T.ceildiv(seq_len, block_N))
          for k in T.Pipelined(loop_range, num_stages=num_stages):
              MMA0(K, Q_shared, K_shared, acc_s, k, bx, by, bz)
              Softmax(acc_s, acc_s_cast, scores_max, scores_max_prev,
                      scores_scale, scores_sum, logsum)
              Rescale(acc_o, scores_scale)
              MMA1(V, V_shared, acc_s_cast, acc_o, k, by, bz)
          for i, j in T.Parallel(block_M, dim):
              acc_o[i, j] /= logsum[i]
          T.copy(acc_o, O_shared)
          T.copy(O_shared, Output[bz, by, bx * block_M:(bx + 1) * block_M, :])
'''


def ceildiv(a, b):
    return -(-a // b)


def f32_literal(value):
    """An f32 literal that round-trips: the value rounded to f32."""
    bits = struct.unpack('<I', struct.pack('<f', value))[0]
    return '0x%08X' % bits


def generate(batch, heads, seq, dim, block_m, block_n, causal, stages):
    tensor = f'!tile.tensor<{batch}x{heads}x{seq}x{dim}xbf16>'
    q_s = f'!tile.buf<{block_m}x{dim}xbf16, shared>'
    kv_s = f'!tile.buf<{block_n}x{dim}xbf16, shared>'
    s_f = f'!tile.buf<{block_m}x{block_n}xf32, fragment>'
    s_c = f'!tile.buf<{block_m}x{block_n}xbf16, fragment>'
    o_f = f'!tile.buf<{block_m}x{dim}xf32, fragment>'
    v_f = f'!tile.buf<{block_m}xf32, fragment>'
    scale = (1.0 / dim) ** 0.5 * 1.44269504
    blocks_n = ceildiv(seq, block_n)
    variant = 'causal' if causal else 'non-causal'
    out = []
    w = out.append
    w(f'// FlashAttention forward ({variant}): O = softmax(Q K^T / sqrt(dim)) V for')
    w(f'// Q, K, V, O of shape [batch {batch}, heads {heads}, seq {seq}, dim {dim}] (bf16),')
    w(f'// one block of {block_m} queries per core and step, K/V blocks of {block_n}.')
    w('// The online softmax keeps the running row max and sum in column-vector')
    w('// fragments across the K/V loop; exp2 of scaled differences (the scale')
    w('// folds in log2(e)). Written by examples/flash_attention.py; the')
    w('// walk-through is docs/flash-attention.md.')
    w('//')
    for line in TILELANG_SOURCE.strip('\n').split('\n'):
        w(('// ' + line).rstrip())
    w(f'func.func @flashattn(%Q: {tensor}, %K: {tensor}, %V: {tensor}, %Output: {tensor}) {{')
    w(f'  tile.kernel grid [{ceildiv(seq, block_m)}, {heads}, {batch}] blocks(%bx, %by, %bz)')
    w(f'      args(%q = %Q : {tensor}, %k = %K : {tensor},')
    w(f'           %v = %V : {tensor}, %o = %Output : {tensor}) {{')
    w('    %c0 = arith.constant 0 : index')
    w('    %c1 = arith.constant 1 : index')
    w(f'    %bm = arith.constant {block_m} : index')
    w(f'    %bn = arith.constant {block_n} : index')
    w(f'    %seq = arith.constant {seq} : index')
    w(f'    %blocks_n = arith.constant {blocks_n} : index')
    w('    %zero = arith.constant 0.0 : f32')
    w('    %ninf = arith.constant 0xFF800000 : f32')
    w(f'    %scale = arith.constant {f32_literal(scale)} : f32  // (1/dim)^0.5 * log2(e)')
    w(f'    %q_s = tile.alloc : {q_s}')
    w(f'    %k_s = tile.alloc : {kv_s}')
    w(f'    %v_s = tile.alloc : {kv_s}')
    w(f'    %o_s = tile.alloc : {q_s}')
    w(f'    %acc_s = tile.alloc : {s_f}')
    w(f'    %acc_s_cast = tile.alloc : {s_c}')
    w(f'    %acc_o = tile.alloc : {o_f}')
    for name in ['scores_max', 'scores_max_prev', 'scores_scale', 'scores_sum', 'logsum']:
        w(f'    %{name} = tile.alloc : {v_f}')
    w('    %row = arith.muli %bx, %bm : index')
    w(f'    tile.copy %q[%bz, %by, %row, %c0], %q_s : {tensor}, {q_s}')
    w(f'    tile.fill %acc_o, %zero : {o_f}, f32')
    w(f'    tile.fill %logsum, %zero : {v_f}, f32')
    w(f'    tile.fill %scores_max, %ninf : {v_f}, f32')
    if causal:
        w('    // min(ceildiv(seq, block_N), ceildiv((bx + 1) * block_M, block_N))')
        w('    %next = arith.addi %row, %bm : index')
        w('    %diagonal = arith.ceildivsi %next, %bn : index')
        w('    %loop_range = arith.minsi %blocks_n, %diagonal : index')
        bound = '%loop_range'
    else:
        bound = '%blocks_n'
    w(f'    tile.pipelined %kb = %c0 to {bound} step %c1 stages {stages} {{')
    w('      // MMA0')
    w('      %key = arith.muli %kb, %bn : index')
    w(f'      tile.copy %k[%bz, %by, %key, %c0], %k_s : {tensor}, {kv_s}')
    w(f'      tile.parallel outs(%acc_s : {s_f}) {{')
    if causal:
        w('        %i = tile.index 0 : index')
        w('        %j = tile.index 1 : index')
        w('        %qi = arith.addi %row, %i : index')
        w('        %kj = arith.addi %key, %j : index')
        w('        %visible = arith.cmpi sge, %qi, %kj : index')
        w('        %m = arith.select %visible, %zero, %ninf : f32')
    else:
        w('        %j = tile.index 1 : index')
        w('        %kj = arith.addi %key, %j : index')
        w('        %past = arith.cmpi sge, %kj, %seq : index')
        w('        %m = arith.select %past, %ninf, %zero : f32')
    w('        tile.yield %m : f32')
    w('      }')
    w(f'      tile.gemm %q_s, %k_s, %acc_s transpose_b : {q_s}, {kv_s}, {s_f}')
    w('      // Softmax')
    w(f'      tile.copy %scores_max, %scores_max_prev : {v_f}, {v_f}')
    w(f'      tile.fill %scores_max, %ninf : {v_f}, f32')
    w(f'      tile.reduce max %acc_s -> %scores_max dim 1 accumulate : {s_f}, {v_f}')
    w(f'      tile.parallel ins(%scores_max, %scores_max_prev : {v_f}, {v_f}) outs(%scores_max : {v_f}) {{')
    w('      ^bb0(%cur: f32, %prev: f32):')
    w('        %mx = arith.maximumf %cur, %prev : f32')
    w('        tile.yield %mx : f32')
    w('      }')
    w(f'      tile.parallel ins(%scores_max_prev, %scores_max : {v_f}, {v_f}) outs(%scores_scale : {v_f}) {{')
    w('      ^bb0(%prev: f32, %cur: f32):')
    w('        %a = arith.mulf %prev, %scale : f32')
    w('        %b = arith.mulf %cur, %scale : f32')
    w('        %d = arith.subf %a, %b : f32')
    w('        %e = math.exp2 %d : f32')
    w('        tile.yield %e : f32')
    w('      }')
    w(f'      tile.parallel ins(%acc_s, %scores_max[d0] : {s_f}, {v_f}) outs(%acc_s : {s_f}) {{')
    w('      ^bb0(%x: f32, %mx: f32):')
    w('        %a = arith.mulf %x, %scale : f32')
    w('        %b = arith.mulf %mx, %scale : f32')
    w('        %d = arith.subf %a, %b : f32')
    w('        %e = math.exp2 %d : f32')
    w('        tile.yield %e : f32')
    w('      }')
    w(f'      tile.reduce sum %acc_s -> %scores_sum dim 1 : {s_f}, {v_f}')
    w(f'      tile.parallel ins(%logsum, %scores_scale, %scores_sum : {v_f}, {v_f}, {v_f}) outs(%logsum : {v_f}) {{')
    w('      ^bb0(%l: f32, %s: f32, %t: f32):')
    w('        %a = arith.mulf %l, %s : f32')
    w('        %b = arith.addf %a, %t : f32')
    w('        tile.yield %b : f32')
    w('      }')
    w(f'      tile.copy %acc_s, %acc_s_cast : {s_f}, {s_c}')
    w('      // Rescale')
    w(f'      tile.parallel ins(%acc_o, %scores_scale[d0] : {o_f}, {v_f}) outs(%acc_o : {o_f}) {{')
    w('      ^bb0(%x: f32, %s: f32):')
    w('        %r = arith.mulf %x, %s : f32')
    w('        tile.yield %r : f32')
    w('      }')
    w('      // MMA1')
    w(f'      tile.copy %v[%bz, %by, %key, %c0], %v_s : {tensor}, {kv_s}')
    w(f'      tile.gemm %acc_s_cast, %v_s, %acc_o : {s_c}, {kv_s}, {o_f}')
    w('    }')
    w(f'    tile.parallel ins(%acc_o, %logsum[d0] : {o_f}, {v_f}) outs(%acc_o : {o_f}) {{')
    w('    ^bb0(%x: f32, %l: f32):')
    w('      %r = arith.divf %x, %l : f32')
    w('      tile.yield %r : f32')
    w('    }')
    w(f'    tile.copy %acc_o, %o_s : {o_f}, {q_s}')
    w(f'    tile.copy %o_s, %o[%bz, %by, %row, %c0] : {q_s}, {tensor}')
    w('  }')
    w('  return')
    w('}')
    return '\n'.join(out) + '\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--batch', type=int, default=2)
    parser.add_argument('--heads', type=int, default=4)
    parser.add_argument('--seq', type=int, default=512)
    parser.add_argument('--dim', type=int, default=64)
    parser.add_argument('--block-m', type=int, default=64)
    parser.add_argument('--block-n', type=int, default=64)
    parser.add_argument('--stages', type=int, default=2)
    parser.add_argument('--causal', action='store_true')
    args = parser.parse_args()
    print(generate(args.batch, args.heads, args.seq, args.dim, args.block_m,
                   args.block_n, args.causal, args.stages), end='')


if __name__ == '__main__':
    main()
