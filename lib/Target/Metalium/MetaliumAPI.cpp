//===- MetaliumAPI.cpp - The spelling of the pinned Metalium API ----------===//
//
// Pinned target: TT-Metalium as of 2026-08 (tt-metal d5f9bc4a, the version
// tt-mlir 19c86fca builds against): headers under `api/dataflow/` and
// `api/compute/`, `void kernel_main()` for every kernel,
// `compute_kernel_hw_startup` + `matmul_init`, five-argument
// `matmul_tiles`, TensorAccessor in data-movement kernels. See
// ../shared/reference/metalium_api.md sections 1 and 2.
//
//===----------------------------------------------------------------------===//

#include "MetaliumAPI.h"

#include "llvm/ADT/StringMap.h"

using namespace tilt;
using namespace tilt::metalium;

namespace {

constexpr llvm::StringLiteral kDataflow = "api/dataflow/dataflow_api.h";
constexpr llvm::StringLiteral kCommon = "api/compute/common.h";

const Spelling kSpellings[] = {
    // Arguments.
    {"get_arg_val", "", "get_arg_val<uint32_t>($index)"},
    {"get_compile_time_arg_val", "", "get_compile_time_arg_val($index)"},
    // Data movement.
    {"tensor_accessor", kDataflow,
     "TensorAccessor(TensorAccessorArgs<$ct_offset>(), $0, $1)"},
    {"get_noc_addr", kDataflow, "get_noc_addr($0, $1, $2)"},
    {"noc_async_read_tile", kDataflow, "noc_async_read_tile($0, $1, $2)"},
    {"noc_async_write_tile", kDataflow, "noc_async_write_tile($0, $1, $2)"},
    {"noc_async_read_page", kDataflow, "noc_async_read_page($0, $1, $2)"},
    {"get_page_noc_addr", kDataflow, "get_noc_addr($0, $1, $2)"},
    {"get_local_noc_addr", kDataflow, "get_noc_addr($0)"},
    {"read_l1_u32", kDataflow, "read_l1_u32($0)"},
    {"write_l1_u32", kDataflow, "write_l1_u32($0, $1)"},
    {"noc_async_write_page", kDataflow, "noc_async_write_page($0, $1, $2)"},
    {"noc_async_read", kDataflow, "noc_async_read($0, $1, $2)"},
    {"noc_async_write", kDataflow, "noc_async_write($0, $1, $2)"},
    {"noc_async_read_barrier", kDataflow, "noc_async_read_barrier()"},
    {"noc_async_write_barrier", kDataflow, "noc_async_write_barrier()"},
    {"get_semaphore", kDataflow, "get_semaphore($id)"},
    {"noc_semaphore_set", kDataflow,
     "noc_semaphore_set(reinterpret_cast<volatile tt_l1_ptr uint32_t *>($0), "
     "$1)"},
    {"noc_semaphore_wait", kDataflow,
     "noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t *>($0), "
     "$1)"},
    {"noc_semaphore_wait_min", kDataflow,
     "noc_semaphore_wait_min(reinterpret_cast<volatile tt_l1_ptr uint32_t "
     "*>($0), $1)"},
    {"noc_semaphore_inc", kDataflow, "noc_semaphore_inc($0, $1)"},
    {"noc_semaphore_set_remote", kDataflow, "noc_semaphore_set_remote($0, $1)"},
    {"noc_semaphore_set_multicast", kDataflow,
     "noc_semaphore_set_multicast($0, $1, $2)"},
    {"get_noc_multicast_addr", kDataflow,
     "get_noc_multicast_addr($0, $1, $2, $3, $4)"},
    {"noc_async_write_multicast", kDataflow,
     "noc_async_write_multicast($0, $1, $2, $3)"},
    {"noc_async_writes_flushed", kDataflow, "noc_async_writes_flushed()"},
    {"fill_scaler_tile", kDataflow, "fill_scaler_tile($0, $1)"},
    {"fill_zero_tile", kDataflow, "fill_zero_tile($0, $1)"},
    {"fill_mask_tile", kDataflow, "fill_mask_tile($0, $1, $2, $3, $4)"},
    {"fill_index_mask_tile", kDataflow,
     "fill_index_mask_tile($0, $1, $2, $3, $4, $5, $6, $7)"},
    {"fill_index_tile", kDataflow, "fill_index_tile($0, $1, $2, $3, $4)"},
    // Compute: startup and inits.
    {"compute_kernel_hw_startup", "api/compute/compute_kernel_hw_startup.h",
     "compute_kernel_hw_startup<$order>($in0, $in1, $out)"},
    {"binary_op_init_common", "api/compute/eltwise_binary.h",
     "binary_op_init_common($in0, $in1, $out)"},
    {"init_sfpu", "api/compute/eltwise_unary/eltwise_unary.h",
     "init_sfpu($in, $out)"},
    {"reconfig_data_format", "api/compute/reconfig_data_format.h",
     "reconfig_data_format($in0, $in1)"},
    {"reconfig_data_format_srca", "api/compute/reconfig_data_format.h",
     "reconfig_data_format_srca($in)"},
    {"reconfig_data_format_srcb", "api/compute/reconfig_data_format.h",
     "reconfig_data_format_srcb($in)"},
    {"pack_reconfig_data_format", "api/compute/pack.h",
     "pack_reconfig_data_format($out)"},
    {"pack_reconfig_l1_acc", "api/compute/pack.h", "pack_reconfig_l1_acc($0)"},
    // DST.
    {"tile_regs_acquire", "api/compute/reg_api.h", "tile_regs_acquire()"},
    {"tile_regs_commit", "api/compute/reg_api.h", "tile_regs_commit()"},
    {"tile_regs_wait", "api/compute/reg_api.h", "tile_regs_wait()"},
    {"tile_regs_release", "api/compute/reg_api.h", "tile_regs_release()"},
    // Matmul.
    {"matmul_init", "api/compute/matmul.h",
     "matmul_init($in0, $in1, $transpose)"},
    {"matmul_tiles", "api/compute/matmul.h",
     "matmul_tiles($in0, $in1, $0, $1, $dst)"},
    {"matmul_block_init", "api/compute/matmul.h",
     "matmul_block_init($in0, $in1, $transpose, $ct_dim, $rt_dim, $kt_dim)"},
    {"matmul_block", "api/compute/matmul.h",
     "matmul_block($in0, $in1, $0, $1, $dst, $transpose, $ct_dim, $rt_dim, "
     "$kt_dim)"},
    // FPU binary.
    {"add_tiles_init", "api/compute/eltwise_binary.h",
     "add_tiles_init($in0, $in1)"},
    {"add_tiles", "api/compute/eltwise_binary.h",
     "add_tiles($in0, $in1, $0, $1, $dst)"},
    {"sub_tiles_init", "api/compute/eltwise_binary.h",
     "sub_tiles_init($in0, $in1)"},
    {"sub_tiles", "api/compute/eltwise_binary.h",
     "sub_tiles($in0, $in1, $0, $1, $dst)"},
    {"mul_tiles_init", "api/compute/eltwise_binary.h",
     "mul_tiles_init($in0, $in1)"},
    {"mul_tiles", "api/compute/eltwise_binary.h",
     "mul_tiles($in0, $in1, $0, $1, $dst)"},
    {"binary_dest_reuse_tiles_init", "api/compute/eltwise_binary.h",
     "binary_dest_reuse_tiles_init<$type, $reuse>($in)"},
    {"binary_dest_reuse_tiles", "api/compute/eltwise_binary.h",
     "binary_dest_reuse_tiles<$type, $reuse>($in, $0, $dst)"},
    // FPU broadcast binary (bcast.h). The short inits are named per
    // combination, irregularly (sub_tiles_bcast_scalar_init_short,
    // mul_tiles_bcast_scalar_init_short): the pair is spelled as one.
    {"bcast_tiles_init", "api/compute/bcast.h", "${type,dim}($in0, $in1)"},
    {"init_bcast", "api/compute/bcast.h",
     "init_bcast<$type, $dim>($in0, $in1, $out)"},
    {"bcast_tiles", "api/compute/bcast.h",
     "$type<$dim>($in0, $in1, $0, $1, $dst)"},
    {"unary_bcast_init", "api/compute/bcast.h",
     "unary_bcast_init<$dim>($in, $out)"},
    {"unary_bcast", "api/compute/bcast.h", "unary_bcast<$dim>($in, $0, $dst)"},
    // SFPU binary.
    {"add_binary_tile_init", "api/compute/eltwise_binary_sfpu.h",
     "add_binary_tile_init()"},
    {"add_binary_tile", "api/compute/eltwise_binary_sfpu.h",
     "add_binary_tile($lhs, $rhs, $out)"},
    {"sub_binary_tile_init", "api/compute/eltwise_binary_sfpu.h",
     "sub_binary_tile_init()"},
    {"sub_binary_tile", "api/compute/eltwise_binary_sfpu.h",
     "sub_binary_tile($lhs, $rhs, $out)"},
    {"mul_binary_tile_init", "api/compute/eltwise_binary_sfpu.h",
     "mul_binary_tile_init()"},
    {"mul_binary_tile", "api/compute/eltwise_binary_sfpu.h",
     "mul_binary_tile($lhs, $rhs, $out)"},
    {"div_binary_tile_init", "api/compute/eltwise_binary_sfpu.h",
     "div_binary_tile_init()"},
    {"div_binary_tile", "api/compute/eltwise_binary_sfpu.h",
     "div_binary_tile($lhs, $rhs, $out)"},
    {"binary_max_tile_init", "api/compute/binary_max_min.h",
     "binary_max_tile_init()"},
    {"binary_max_tile", "api/compute/binary_max_min.h",
     "binary_max_tile($lhs, $rhs, $out)"},
    {"binary_min_tile_init", "api/compute/binary_max_min.h",
     "binary_min_tile_init()"},
    {"binary_min_tile", "api/compute/binary_max_min.h",
     "binary_min_tile($lhs, $rhs, $out)"},
    {"compare_binary_tile_init", "api/compute/eltwise_binary_sfpu.h",
     "${type}()"},
    {"compare_binary_tile", "api/compute/eltwise_binary_sfpu.h",
     "${type}($lhs, $rhs, $out)"},
    {"compare_unary_tile_init", "api/compute/eltwise_unary/comp.h",
     "${type}()"},
    {"compare_unary_tile", "api/compute/eltwise_unary/comp.h",
     "${type}($dst, $0)"},
    {"where_tile_init", "api/compute/eltwise_unary/where.h",
     "where_tile_init()"},
    {"where_tile", "api/compute/eltwise_unary/where.h",
     "where_tile<$format>($cond, $on_true, $on_false, $out)"},
    {"add_int_tile_init", "api/compute/add_int_sfpu.h", "add_int_tile_init()"},
    {"add_int_tile", "api/compute/add_int_sfpu.h",
     "add_int_tile<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"sub_int_tile_init", "api/compute/sub_int_sfpu.h", "sub_int_tile_init()"},
    {"sub_int_tile", "api/compute/sub_int_sfpu.h",
     "sub_int_tile<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"mul_int_tile_init", "api/compute/mul_int_sfpu.h",
     "mul_int_tile_init<DataFormat::Int32>()"},
    {"mul_int_tile", "api/compute/mul_int_sfpu.h",
     "mul_int_tile<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"binary_max_int32_tile_init", "api/compute/binary_max_min.h",
     "binary_max_int32_tile_init()"},
    {"binary_max_int32_tile", "api/compute/binary_max_min.h",
     "binary_max_int32_tile($lhs, $rhs, $out)"},
    {"binary_min_int32_tile_init", "api/compute/binary_max_min.h",
     "binary_min_int32_tile_init()"},
    {"binary_min_int32_tile", "api/compute/binary_max_min.h",
     "binary_min_int32_tile($lhs, $rhs, $out)"},
    {"compare_int_tile_init", "api/compute/binary_comp.h",
     "${type}<DataFormat::Int32>()"},
    {"compare_int_tile", "api/compute/binary_comp.h",
     "${type}<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"zero_int_tile_init", "api/compute/eltwise_unary/comp.h", "${type}()"},
    {"zero_int_tile", "api/compute/eltwise_unary/comp.h", "${type}($dst)"},
    {"bitwise_binary_tile_init", "api/compute/binary_bitwise_sfpu.h",
     "binary_bitwise_tile_init()"},
    {"bitwise_binary_tile", "api/compute/binary_bitwise_sfpu.h",
     "${type}<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"shift_binary_tile_init", "api/compute/binary_shift.h",
     "binary_shift_tile_init()"},
    {"shift_binary_tile", "api/compute/binary_shift.h",
     "${type}<DataFormat::Int32>($lhs, $rhs, $out)"},
    {"fill_tile_int", "api/compute/eltwise_unary/fill.h",
     "fill_tile_int<DataFormat::Int32>($dst, $0)"},
    {"typecast_tile_init", "api/compute/eltwise_unary/typecast.h",
     "typecast_tile_init<${type}>()"},
    {"typecast_tile", "api/compute/eltwise_unary/typecast.h",
     "typecast_tile<${type}>($dst)"},
    {"copy_dest_values_init", "api/compute/copy_dest_values.h",
     "copy_dest_values_init()"},
    {"copy_dest_values", "api/compute/copy_dest_values.h",
     "copy_dest_values($src, $dst)"},
    // Copy and pack.
    {"copy_tile_init", "api/compute/tile_move_copy.h", "copy_tile_init($in)"},
    {"copy_tile", "api/compute/tile_move_copy.h", "copy_tile($in, $0, $dst)"},
    {"pack_tile", "api/compute/pack.h", "pack_tile($dst, $out)"},
    {"pack_tile_at", "api/compute/pack.h", "pack_tile<true>($dst, $out, $0)"},
    // Unary SFPU.
    {"exp_tile_init", "api/compute/eltwise_unary/exp.h", "exp_tile_init()"},
    {"exp_tile", "api/compute/eltwise_unary/exp.h", "exp_tile($dst)"},
    {"log_tile_init", "api/compute/compute_kernel_api.h", "log_tile_init()"},
    {"log_tile", "api/compute/compute_kernel_api.h", "log_tile($dst)"},
    {"sqrt_tile_init", "api/compute/eltwise_unary/sqrt.h", "sqrt_tile_init()"},
    {"sqrt_tile", "api/compute/eltwise_unary/sqrt.h", "sqrt_tile($dst)"},
    {"rsqrt_tile_init", "api/compute/eltwise_unary/rsqrt.h",
     "rsqrt_tile_init()"},
    {"rsqrt_tile", "api/compute/eltwise_unary/rsqrt.h", "rsqrt_tile($dst)"},
    {"recip_tile_init", "api/compute/eltwise_unary/recip.h",
     "recip_tile_init()"},
    {"recip_tile", "api/compute/eltwise_unary/recip.h", "recip_tile($dst)"},
    {"relu_tile_init", "api/compute/eltwise_unary/relu.h", "relu_tile_init()"},
    {"relu_tile", "api/compute/eltwise_unary/relu.h", "relu_tile($dst)"},
    {"gelu_tile_init", "api/compute/eltwise_unary/gelu.h", "gelu_tile_init()"},
    {"gelu_tile", "api/compute/eltwise_unary/gelu.h", "gelu_tile($dst)"},
    {"tanh_tile_init", "api/compute/compute_kernel_api.h", "tanh_tile_init()"},
    {"tanh_tile", "api/compute/compute_kernel_api.h", "tanh_tile($dst)"},
    {"sigmoid_tile_init", "api/compute/compute_kernel_api.h",
     "sigmoid_tile_init()"},
    {"sigmoid_tile", "api/compute/compute_kernel_api.h", "sigmoid_tile($dst)"},
    {"abs_tile_init", "api/compute/compute_kernel_api.h", "abs_tile_init()"},
    {"abs_tile", "api/compute/compute_kernel_api.h", "abs_tile($dst)"},
    {"negative_tile_init", "api/compute/eltwise_unary/negative.h",
     "negative_tile_init()"},
    {"negative_tile", "api/compute/eltwise_unary/negative.h",
     "negative_tile($dst)"},
    {"square_tile_init", "api/compute/compute_kernel_api.h",
     "square_tile_init()"},
    {"square_tile", "api/compute/compute_kernel_api.h", "square_tile($dst)"},
    {"fill_tile_init", "api/compute/eltwise_unary/fill.h", "fill_tile_init()"},
    {"fill_tile_bitcast", "api/compute/eltwise_unary/fill.h",
     "fill_tile_bitcast($dst, $0)"},
    {"exp2_tile_init", "api/compute/compute_kernel_api.h", "exp2_tile_init()"},
    {"exp2_tile", "api/compute/compute_kernel_api.h", "exp2_tile($dst)"},
    {"silu_tile_init", "api/compute/compute_kernel_api.h", "silu_tile_init()"},
    {"silu_tile", "api/compute/compute_kernel_api.h", "silu_tile($dst)"},
    // erf_tile's template default is the approximate mode.
    {"erf_tile_init", "api/compute/eltwise_unary/erf_erfc.h",
     "erf_tile_init<false>()"},
    {"erf_tile", "api/compute/eltwise_unary/erf_erfc.h",
     "erf_tile<false>($dst)"},
    {"log_with_base_tile_init", "api/compute/compute_kernel_api.h",
     "log_with_base_tile_init()"},
    {"log_with_base_tile", "api/compute/compute_kernel_api.h",
     "log_with_base_tile($dst, $0)"},
    {"unary_max_tile_init", "api/compute/compute_kernel_api.h",
     "unary_max_tile_init()"},
    {"unary_max_tile", "api/compute/compute_kernel_api.h",
     "unary_max_tile($dst, $0)"},
    {"unary_min_tile_init", "api/compute/compute_kernel_api.h",
     "unary_min_tile_init()"},
    {"unary_min_tile", "api/compute/compute_kernel_api.h",
     "unary_min_tile($dst, $0)"},
    {"binop_with_scalar_tile_init",
     "api/compute/eltwise_unary/binop_with_scalar.h",
     "binop_with_scalar_tile_init()"},
    {"add_unary_tile", "api/compute/eltwise_unary/binop_with_scalar.h",
     "add_unary_tile($dst, $0)"},
    {"sub_unary_tile", "api/compute/eltwise_unary/binop_with_scalar.h",
     "sub_unary_tile($dst, $0)"},
    {"mul_unary_tile", "api/compute/eltwise_unary/binop_with_scalar.h",
     "mul_unary_tile($dst, $0)"},
    {"div_unary_tile", "api/compute/eltwise_unary/binop_with_scalar.h",
     "div_unary_tile($dst, $0)"},
    {"rsub_unary_tile", "api/compute/eltwise_unary/binop_with_scalar.h",
     "rsub_unary_tile($dst, $0)"},
    // Reduce, transpose, tilize.
    {"transpose_wh_init", "api/compute/transpose_wh.h",
     "transpose_wh_init($in, $out)"},
    {"transpose_wh_tile", "api/compute/transpose_wh.h",
     "transpose_wh_tile($in, $0, $dst)"},
    {"reduce_init", "api/compute/reduce.h",
     "reduce_init<$type, $dim>($in, $scaler, $out)"},
    {"reduce_tile", "api/compute/reduce.h",
     "reduce_tile<$type, $dim>($in, $scaler, $0, $1, $dst)"},
    {"reduce_uninit", "api/compute/reduce.h", "reduce_uninit()"},
    {"sfpu_reduce_init", "api/compute/compute_kernel_api.h",
     "sfpu_reduce_init<$type, $format>()"},
    {"sfpu_reduce", "api/compute/compute_kernel_api.h",
     "sfpu_reduce<$type, $format, $dim>($dst, 1, 1)"},
    {"tilize_init", "api/compute/tilize.h", "tilize_init($in, $block, $out)"},
    {"tilize_block", "api/compute/tilize.h", "tilize_block($in, $block, $out)"},
    {"tilize_uninit", "api/compute/tilize.h", "tilize_uninit($in, $out)"},
    {"read_cb_u32", "api/compute/cb_api.h", "read_cb_u32($in, $0)"},
    {"untilize_init", "api/compute/untilize.h", "untilize_init($in)"},
    {"untilize_uninit", "api/compute/untilize.h", "untilize_uninit($in)"},
    {"pack_untilize_init", "api/compute/pack_untilize.h",
     "pack_untilize_init<$block_ct_dim, $full_ct_dim>($in, $out)"},
    {"pack_untilize_block", "api/compute/pack_untilize.h",
     "pack_untilize_block<$block_ct_dim, $full_ct_dim>($in, $block_rt_dim, "
     "$out, $0)"},
    {"pack_untilize_uninit", "api/compute/pack_untilize.h",
     "pack_untilize_uninit($out)"},
    {"untilize_block", "api/compute/untilize.h",
     "untilize_block($in, $full_ct_dim, $out)"},
};

struct KeywordSpelling {
  llvm::StringRef opPrefix, keyword, value, spelling;
};

const KeywordSpelling kKeywords[] = {
    {"compute_kernel_hw_startup", "order", "regular", "SrcOrder::Regular"},
    {"compute_kernel_hw_startup", "order", "reverse", "SrcOrder::Reverse"},
    {"binary_dest_reuse", "type", "add", "EltwiseBinaryType::ELWADD"},
    {"binary_dest_reuse", "type", "sub", "EltwiseBinaryType::ELWSUB"},
    {"binary_dest_reuse", "type", "mul", "EltwiseBinaryType::ELWMUL"},
    {"binary_dest_reuse", "reuse", "dest_to_srca",
     "EltwiseBinaryReuseDestType::DEST_TO_SRCA"},
    {"binary_dest_reuse", "reuse", "dest_to_srcb",
     "EltwiseBinaryReuseDestType::DEST_TO_SRCB"},
    // bcast.h: the short init of each pair, the op's name part and
    // template arguments.
    {"bcast_tiles_init", "type,dim", "add,row", "add_bcast_rows_init_short"},
    {"bcast_tiles_init", "type,dim", "add,col", "add_bcast_cols_init_short"},
    {"bcast_tiles_init", "type,dim", "add,scalar",
     "add_bcast_scalar_init_short"},
    {"bcast_tiles_init", "type,dim", "sub,row", "sub_bcast_rows_init_short"},
    {"bcast_tiles_init", "type,dim", "sub,col", "sub_bcast_cols_init_short"},
    {"bcast_tiles_init", "type,dim", "sub,scalar",
     "sub_tiles_bcast_scalar_init_short"},
    {"bcast_tiles_init", "type,dim", "mul,row", "mul_bcast_rows_init_short"},
    {"bcast_tiles_init", "type,dim", "mul,col", "mul_bcast_cols_init_short"},
    {"bcast_tiles_init", "type,dim", "mul,scalar",
     "mul_tiles_bcast_scalar_init_short"},
    {"bcast_tiles", "type", "add", "add_tiles_bcast"},
    {"bcast_tiles", "type", "sub", "sub_tiles_bcast"},
    {"bcast_tiles", "type", "mul", "mul_tiles_bcast"},
    {"init_bcast", "type", "add", "EltwiseBinaryType::ELWADD"},
    {"init_bcast", "type", "sub", "EltwiseBinaryType::ELWSUB"},
    {"init_bcast", "type", "mul", "EltwiseBinaryType::ELWMUL"},
    {"bcast_tiles", "dim", "row", "BroadcastType::ROW"},
    {"bcast_tiles", "dim", "col", "BroadcastType::COL"},
    {"bcast_tiles", "dim", "scalar", "BroadcastType::SCALAR"},
    {"init_bcast", "dim", "row", "BroadcastType::ROW"},
    {"init_bcast", "dim", "col", "BroadcastType::COL"},
    {"init_bcast", "dim", "scalar", "BroadcastType::SCALAR"},
    {"unary_bcast", "dim", "row", "BroadcastType::ROW"},
    {"unary_bcast", "dim", "col", "BroadcastType::COL"},
    {"unary_bcast", "dim", "scalar", "BroadcastType::SCALAR"},
    // The comparisons: one name per relation, the init entries first (a
    // keyword's op prefix also matches the longer init name).
    {"compare_binary_tile_init", "type", "eq", "eq_binary_tile_init"},
    {"compare_binary_tile_init", "type", "ne", "ne_binary_tile_init"},
    {"compare_binary_tile_init", "type", "lt", "lt_binary_tile_init"},
    {"compare_binary_tile_init", "type", "gt", "gt_binary_tile_init"},
    {"compare_binary_tile_init", "type", "le", "le_binary_tile_init"},
    {"compare_binary_tile_init", "type", "ge", "ge_binary_tile_init"},
    {"compare_binary_tile", "type", "eq", "eq_binary_tile"},
    {"compare_binary_tile", "type", "ne", "ne_binary_tile"},
    {"compare_binary_tile", "type", "lt", "lt_binary_tile"},
    {"compare_binary_tile", "type", "gt", "gt_binary_tile"},
    {"compare_binary_tile", "type", "le", "le_binary_tile"},
    {"compare_binary_tile", "type", "ge", "ge_binary_tile"},
    {"compare_unary_tile_init", "type", "eq", "unary_eq_tile_init"},
    {"compare_unary_tile_init", "type", "ne", "unary_ne_tile_init"},
    {"compare_unary_tile_init", "type", "lt", "unary_lt_tile_init"},
    {"compare_unary_tile_init", "type", "gt", "unary_gt_tile_init"},
    {"compare_unary_tile_init", "type", "le", "unary_le_tile_init"},
    {"compare_unary_tile_init", "type", "ge", "unary_ge_tile_init"},
    {"compare_unary_tile", "type", "eq", "unary_eq_tile"},
    {"compare_unary_tile", "type", "ne", "unary_ne_tile"},
    {"compare_unary_tile", "type", "lt", "unary_lt_tile"},
    {"compare_unary_tile", "type", "gt", "unary_gt_tile"},
    {"compare_unary_tile", "type", "le", "unary_le_tile"},
    {"compare_unary_tile", "type", "ge", "unary_ge_tile"},
    {"where_tile", "format", "float32", "DataFormat::Float32"},
    {"where_tile", "format", "float16_b", "DataFormat::Float16_b"},
    {"where_tile", "format", "int32", "DataFormat::Int32"},
    {"compare_int_tile_init", "type", "lt", "lt_int_tile_init"},
    {"compare_int_tile_init", "type", "gt", "gt_int_tile_init"},
    {"compare_int_tile_init", "type", "le", "le_int_tile_init"},
    {"compare_int_tile_init", "type", "ge", "ge_int_tile_init"},
    {"compare_int_tile", "type", "lt", "lt_int_tile"},
    {"compare_int_tile", "type", "gt", "gt_int_tile"},
    {"compare_int_tile", "type", "le", "le_int_tile"},
    {"compare_int_tile", "type", "ge", "ge_int_tile"},
    {"zero_int_tile_init", "type", "eqz", "eqz_tile_init"},
    {"zero_int_tile_init", "type", "nez", "nez_tile_init"},
    {"zero_int_tile_init", "type", "ltz", "ltz_tile_init"},
    {"zero_int_tile_init", "type", "gtz", "gtz_tile_init"},
    {"zero_int_tile_init", "type", "lez", "lez_tile_init"},
    {"zero_int_tile_init", "type", "gez", "gez_tile_init"},
    {"zero_int_tile", "type", "eqz", "eqz_tile_int32"},
    {"zero_int_tile", "type", "nez", "nez_tile_int32"},
    {"zero_int_tile", "type", "ltz", "ltz_tile_int32"},
    {"zero_int_tile", "type", "gtz", "gtz_tile_int32"},
    {"zero_int_tile", "type", "lez", "lez_tile_int32"},
    {"zero_int_tile", "type", "gez", "gez_tile_int32"},
    {"bitwise_binary_tile", "type", "and", "bitwise_and_binary_tile"},
    {"bitwise_binary_tile", "type", "or", "bitwise_or_binary_tile"},
    {"bitwise_binary_tile", "type", "xor", "bitwise_xor_binary_tile"},
    {"shift_binary_tile", "type", "left", "binary_left_shift_tile"},
    {"shift_binary_tile", "type", "right", "binary_right_shift_tile"},
    {"shift_binary_tile", "type", "logical_right",
     "binary_logical_right_shift_tile"},
    {"typecast_tile", "type", "int32_to_float32",
     "(uint32_t)DataFormat::Int32, (uint32_t)DataFormat::Float32"},
    {"typecast_tile", "type", "float32_to_int32",
     "(uint32_t)DataFormat::Float32, (uint32_t)DataFormat::Int32"},
    {"sfpu_reduce", "type", "sum", "PoolType::SUM"},
    {"sfpu_reduce", "type", "max", "PoolType::MAX"},
    {"sfpu_reduce", "type", "min", "PoolType::MIN"},
    {"sfpu_reduce", "format", "float32", "DataFormat::Float32"},
    {"sfpu_reduce", "format", "int32", "DataFormat::Int32"},
    {"sfpu_reduce", "dim", "row", "ReduceDim::REDUCE_ROW"},
    {"reduce", "type", "sum", "PoolType::SUM"},
    {"reduce", "type", "avg", "PoolType::AVG"},
    {"reduce", "type", "max", "PoolType::MAX"},
    {"reduce", "dim", "row", "ReduceDim::REDUCE_ROW"},
    {"reduce", "dim", "col", "ReduceDim::REDUCE_COL"},
    {"reduce", "dim", "scalar", "ReduceDim::REDUCE_SCALAR"},
};

// The body of Metalium's generate_reduce_scaler without its CB calls: the
// first row of each 16x16 face of a bf16 tile holds the packed pair.
constexpr llvm::StringLiteral kFillScalerTile = R"(// Fills the bf16 tile at L1 address `addr` with a reduce scaler: the first
// row of each 16x16 face holds the packed bf16 pair `scaler`, the rest is
// zero (what generate_reduce_scaler writes).
inline void fill_scaler_tile(uint32_t addr, uint32_t scaler) {
  volatile tt_l1_ptr uint32_t *words =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);
  for (uint32_t i = 0; i < 512; ++i)
    words[i] = 0;
  for (uint32_t face = 0; face < 4; ++face)
    for (uint32_t i = 0; i < 8; ++i)
      words[face * 128 + i] = scaler;
}
)";

// Zeros through the L1 pointer, as the zeroing half of generate_reduce_scaler
// and fill_zeros of tt-metal's reader kernels do (the latter by NoC reads of
// the MEM_ZEROS_BASE region, which this emulator does not model).
constexpr llvm::StringLiteral kFillZeroTile = R"(// Fills `bytes` bytes (a whole CB page) at L1 address `addr` with zeros.
inline void fill_zero_tile(uint32_t addr, uint32_t bytes) {
  volatile tt_l1_ptr uint32_t *words =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);
  for (uint32_t i = 0; i < bytes / 4; ++i)
    words[i] = 0;
}
)";

// One 32-bit word through the L1 pointer: how tt-metal's reader kernels
// take an index they read from DRAM into a CB page (the page table and
// cur_pos of ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/
// kernels/dataflow/reader_decode_all.cpp, through `volatile tt_l1_ptr
// uint32_t *`).
constexpr llvm::StringLiteral kReadL1U32 = R"(// The 32-bit word at L1 address `addr`.
inline uint32_t read_l1_u32(uint32_t addr) {
  return *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);
}
)";

// The store of one word through the L1 pointer, as read_l1_u32 reads one.
constexpr llvm::StringLiteral kWriteL1U32 =
    R"(// Stores `value` at L1 address `addr`.
inline void write_l1_u32(uint32_t addr, uint32_t value) {
  *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr) = value;
}
)";

// A word the reader pushed for the compute kernel, read through
// cb_get_tile's pointer, which is 16 bytes before the page (sdpa_decode's
// compute kernel reads cur_pos at index_addr_ptr[4 + ...] for that:
// ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/compute/
// sdpa_flash_decode.cpp).
constexpr llvm::StringLiteral kReadCbU32 = R"(// Word `word` of the page at the front of CB `cb` (waited for): cb_get_tile
// points 16 bytes before the page, so the page starts at [4].
inline uint32_t read_cb_u32(uint32_t cb, uint32_t word) {
  volatile uint32_t *tile;
  cb_get_tile(cb, 0, &tile);
  uint32_t value = tile[4 + word];
  cb_release_tile(cb);
  return value;
}
)";

// A padding mask, element by element in the tile's face order (four 16x16
// faces, row-major inside each), as generate_mask_w of tt-metal's
// ttnn/kernel/dataflow/moreh_common.hpp writes the 1.0 / 0.0 column masks
// that layernorm multiplies in (normalization/layernorm/device/kernels/
// dataflow/col_mask_dataflow.h), and the softmax writer the -inf pad mask
// it adds (normalization/softmax/device/kernels/attention/dataflow/
// writer_unary_interleaved_start_id_blocked_sm.cpp, 0xFF80).
constexpr llvm::StringLiteral kFillMaskTile = R"(// Fills the bf16 tile at L1 address `addr` with a padding mask: element
// (r, c) is `valid_bits` where its index along the masked dimension (c when
// `rows` is 0, else r) is below `valid`, else `pad_bits`.
inline void fill_mask_tile(uint32_t addr, int32_t valid, uint32_t rows,
                           uint32_t valid_bits, uint32_t pad_bits) {
  volatile tt_l1_ptr uint16_t *halves =
      reinterpret_cast<volatile tt_l1_ptr uint16_t *>(addr);
  for (int32_t r = 0; r < 32; ++r)
    for (int32_t c = 0; c < 32; ++c) {
      int32_t index = rows ? r : c;
      uint32_t face = uint32_t((r >> 4) * 2 + (c >> 4));
      halves[face * 256 + uint32_t((r & 15) * 16 + (c & 15))] =
          uint16_t(index < valid ? valid_bits : pad_bits);
    }
}
)";

// An index mask (lib/Conversion/TileToTT/IndexMask.h), in the tile's face
// order. A tile that the condition decides as a whole (the form is linear
// in r and c, so its extremes decide a monotone comparison) is filled word
// by word; only the tiles the boundary crosses are written per element.
// tt-metal's SDPA writer fills its zero, -inf and diagonal tiles the same
// way (generate_mask in ttnn/cpp/ttnn/operations/transformer/sdpa/device/
// kernels/dataflow/dataflow_common.hpp), copying repeats by local NoC
// reads, which this helper does not do.
// Element indices as numbers (IndexMask.h), in the tile's face order, as
// the index masks below; int32 or f32 words.
constexpr llvm::StringLiteral kFillIndexTile =
    R"(// Fills the tile at L1 address
// `addr` with element (r, c) = row * r + column * c + start: int32 words,
// or f32 ones when `f32` is 1.
inline void fill_index_tile(uint32_t addr, int32_t row, int32_t column,
                            int32_t start, uint32_t f32) {
  volatile tt_l1_ptr uint32_t *words =
      reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);
  for (int32_t r = 0; r < 32; ++r)
    for (int32_t c = 0; c < 32; ++c) {
      int32_t value = row * r + column * c + start;
      union {
        float real;
        uint32_t bits;
      } word;
      word.real = float(value);
      uint32_t at = uint32_t((r >> 4) * 2 + (c >> 4)) * 256 +
                    uint32_t((r & 15) * 16 + (c & 15));
      words[at] = f32 ? word.bits : uint32_t(value);
    }
}
)";

constexpr llvm::StringLiteral kFillIndexMaskTile = R"(// Fills the tile at L1
// address `addr` with an index mask: element (r, c) is `true_bits` where
// row * r + column * c + start compares with 0 as `predicate` says (0 >=,
// 1 >, 2 <=, 3 <, 4 ==, 5 !=), else `false_bits`; bf16 elements, or f32
// ones when `f32` is 1.
inline bool index_mask_holds(int32_t value, uint32_t predicate) {
  switch (predicate) {
  case 0: return value >= 0;
  case 1: return value > 0;
  case 2: return value <= 0;
  case 3: return value < 0;
  case 4: return value == 0;
  default: return value != 0;
  }
}
inline void fill_index_mask_tile(uint32_t addr, int32_t row, int32_t column,
                                 int32_t start, uint32_t predicate,
                                 uint32_t true_bits, uint32_t false_bits,
                                 uint32_t f32) {
  int32_t low = start + (row < 0 ? 31 * row : 0) + (column < 0 ? 31 * column : 0);
  int32_t high = start + (row > 0 ? 31 * row : 0) + (column > 0 ? 31 * column : 0);
  // A monotone comparison that agrees at both extremes agrees everywhere;
  // == and != decide a whole tile whose range is one value or misses 0.
  bool holds = index_mask_holds(low, predicate);
  bool uniform = predicate >= 4 ? low == high || low > 0 || high < 0
                                : holds == index_mask_holds(high, predicate);
  if (uniform) {
    uint32_t bits = holds ? true_bits : false_bits;
    uint32_t word = f32 ? bits : (bits << 16) | bits;
    volatile tt_l1_ptr uint32_t *words =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr);
    for (uint32_t i = 0; i < (f32 ? 1024u : 512u); ++i)
      words[i] = word;
    return;
  }
  for (int32_t r = 0; r < 32; ++r)
    for (int32_t c = 0; c < 32; ++c) {
      uint32_t bits = index_mask_holds(row * r + column * c + start, predicate)
                          ? true_bits : false_bits;
      uint32_t at = uint32_t((r >> 4) * 2 + (c >> 4)) * 256 +
                    uint32_t((r & 15) * 16 + (c & 15));
      if (f32)
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(addr)[at] = bits;
      else
        reinterpret_cast<volatile tt_l1_ptr uint16_t *>(addr)[at] =
            uint16_t(bits);
    }
}
)";

} // namespace

const Spelling *metalium::lookupSpelling(llvm::StringRef op) {
  static const llvm::StringMap<const Spelling *> table = [] {
    llvm::StringMap<const Spelling *> map;
    for (const Spelling &spelling : kSpellings)
      map[spelling.op] = &spelling;
    return map;
  }();
  auto it = table.find(op);
  return it == table.end() ? nullptr : it->second;
}

llvm::StringRef metalium::spellKeyword(llvm::StringRef op,
                                       llvm::StringRef keyword,
                                       llvm::StringRef value) {
  for (const KeywordSpelling &entry : kKeywords)
    if (op.startswith(entry.opPrefix) && entry.keyword == keyword &&
        entry.value == value)
      return entry.spelling;
  return "";
}

const KernelConventions &metalium::getKernelConventions() {
  static const KernelConventions conventions{kDataflow, kCommon,
                                             "void kernel_main()"};
  return conventions;
}

llvm::StringRef metalium::getHelperDefinition(llvm::StringRef op) {
  if (op == "fill_scaler_tile")
    return kFillScalerTile;
  if (op == "fill_zero_tile")
    return kFillZeroTile;
  if (op == "read_l1_u32")
    return kReadL1U32;
  if (op == "write_l1_u32")
    return kWriteL1U32;
  if (op == "read_cb_u32")
    return kReadCbU32;
  if (op == "fill_mask_tile")
    return kFillMaskTile;
  if (op == "fill_index_mask_tile")
    return kFillIndexMaskTile;
  if (op == "fill_index_tile")
    return kFillIndexTile;
  return "";
}

std::vector<llvm::StringRef> metalium::getSpellingTexts() {
  std::vector<llvm::StringRef> texts;
  for (const Spelling &spelling : kSpellings)
    texts.push_back(spelling.call);
  for (const KeywordSpelling &entry : kKeywords)
    texts.push_back(entry.spelling);
  return texts;
}
