// A whole tt program (C = A + B over 64 tiles on a 2x1 grid) and every
// device op, in custom form, through the generic form, and round-tripped.
// RUN: tilt-opt %s | FileCheck %s
// RUN: tilt-opt %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --mlir-print-op-generic %s | tilt-opt | FileCheck %s
// RUN: tilt-opt --verify-roundtrip %s > /dev/null
// RUN: tilt-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: tt.program @eltwise_add grid [2, 1] arch wormhole_b0 board n150 {
// CHECK-NEXT: tt.buffer @a size 131072 page_size 2048 : bf16
// CHECK: tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
// CHECK: tt.semaphore 0 cores [0, 0] to [1, 0] init 0
// CHECK-NEXT: tt.semaphore 1 cores [1, 0] to [1, 0] init 7
// CHECK: tt.kernel @reader reader cores [0, 0] to [0, 0], [1, 0] to [1, 0] processor riscv_1 noc 1 rt_args ["a_addr", "b_addr", "start", "count"] ct_args [@a, @b, 7] {
// CHECK-NEXT: %0 = tt.get_arg_val index(0)
// CHECK: %[[ACC:.*]] = tt.tensor_accessor %0, %c2048_i32 ct_offset(0)
// CHECK: tt.noc_async_read_tile %{{.*}}, %[[ACC]], %{{.*}}
// CHECK: tt.noc_async_read_barrier
// CHECK: %[[SEM:.*]] = tt.get_semaphore id(0)
// CHECK-NEXT: tt.noc_semaphore_set %[[SEM]], %{{.*}}
// CHECK-NEXT: tt.noc_semaphore_wait %[[SEM]], %{{.*}}
// CHECK-NEXT: tt.noc_semaphore_wait_min %[[SEM]], %{{.*}}
// CHECK-NEXT: tt.noc_semaphore_inc %{{.*}}, %{{.*}}
// CHECK-NEXT: tt.noc_semaphore_set_remote %[[SEM]], %{{.*}}
// CHECK-NEXT: %[[MCAST:.*]] = tt.get_noc_multicast_addr %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}
// CHECK-NEXT: tt.noc_async_write_multicast %{{.*}}, %[[MCAST]], %{{.*}}, %{{.*}}
// CHECK-NEXT: tt.noc_async_writes_flushed
// CHECK-NEXT: tt.noc_semaphore_set_multicast %[[SEM]], %[[MCAST]], %{{.*}}
// CHECK: tt.kernel @compute compute math_fidelity HiFi4 fp32_dest_acc rt_args ["count"] {
// CHECK: tt.compute_kernel_hw_startup cb(0, 1, 16) order(regular)
// CHECK-NEXT: tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
// CHECK-NEXT: tt.binary_op_init_common cb(0, 1, 16)
// CHECK-NEXT: tt.add_tiles_init cb(0, 1)
// CHECK: tt.tile_regs_acquire
// CHECK-NEXT: tt.add_tiles %{{.*}}, %{{.*}} cb(0, 1) dst(0)
// CHECK: tt.binary_dest_reuse_tiles %{{.*}} cb(1) dst(2) type(mul) reuse(dest_to_srca)
// CHECK: tt.add_binary_tile dst(0, 1, 0)
// CHECK: tt.reconfig_data_format_srca cb(1)
// CHECK-NEXT: tt.reconfig_data_format_srcb cb(0)
// CHECK-NEXT: tt.pack_reconfig_data_format cb(16)
// CHECK-NEXT: tt.pack_reconfig_l1_acc %{{.*}}
// CHECK: tt.pack_tile cb(16) dst(0)
// CHECK-NEXT: tt.pack_tile_at %{{.*}} cb(16) dst(1)
// CHECK: tt.runtime_args @reader core [0, 0] [@a, @b, 0, 32]
// CHECK-NEXT: tt.runtime_args @reader core [1, 0] [@a, @b, noc_x(1), noc_y(0)]

// GENERIC: "tt.program"() <{arch = "wormhole_b0", board = "n150", grid = array<i64: 2, 1>, sym_name = "eltwise_add"}>
// GENERIC: "tt.semaphore"() <{first_core = array<i64: 0, 0>, id = 0 : i64, initial_value = 0 : i64, last_core = array<i64: 1, 0>}> : () -> ()
// GENERIC: "tt.add_tiles"(%{{.*}}, %{{.*}}) <{dst = 0 : i64, in0 = 0 : i64, in1 = 1 : i64}> : (i32, i32) -> ()
// GENERIC: "tt.runtime_args"() <{core = array<i64: 1, 0>, kernel = @reader, values = [@a, @b, array<i64: 0, 1>, array<i64: 1, 0>]}> : () -> ()

tt.program @eltwise_add grid [2, 1] arch wormhole_b0 board n150 {
  tt.buffer @a size 131072 page_size 2048 : bf16
  tt.buffer @b size 131072 page_size 2048 : bf16
  tt.buffer @c size 131072 page_size 2048 : bf16
  tt.cb_config 0 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
  tt.semaphore 1 cores [1, 0] to [1, 0] init 7

  tt.kernel @reader reader cores [0, 0] to [0, 0], [1, 0] to [1, 0] processor riscv_1 noc 1 rt_args ["a_addr", "b_addr", "start", "count"] ct_args [@a, @b, 7] {
    %a_addr = tt.get_arg_val index(0)
    %b_addr = tt.get_arg_val index(1)
    %start = tt.get_arg_val index(2)
    %count = tt.get_arg_val index(3)
    %page = arith.constant 2048 : i32
    %a = tt.tensor_accessor %a_addr, %page ct_offset(0)
    %b = tt.tensor_accessor %b_addr, %page ct_offset(2)
    %cb0 = cb.alloc 0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    cb.reserve_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %l1 = cb.get_write_ptr %cb0 : !cb.cb<bf16, page_size = 2048, pages = 2>
    tt.noc_async_read_tile %start, %a, %l1
    tt.noc_async_read_tile %start, %b, %l1
    tt.noc_async_read_barrier
    cb.push_back %cb0, 1 : !cb.cb<bf16, page_size = 2048, pages = 2>
    %x = arith.constant 1 : i32
    %addr = tt.get_noc_addr %x, %x, %l1
    tt.noc_async_read %addr, %l1, %page
    tt.noc_async_write %l1, %addr, %page
    tt.noc_async_write_tile %start, %a, %l1
    tt.noc_async_write_barrier
    %sem = tt.get_semaphore id(0)
    tt.noc_semaphore_set %sem, %x
    tt.noc_semaphore_wait %sem, %x
    tt.noc_semaphore_wait_min %sem, %x
    tt.noc_semaphore_inc %addr, %x
    tt.noc_semaphore_set_remote %sem, %addr
    %mcast = tt.get_noc_multicast_addr %x, %x, %x, %x, %l1
    tt.noc_async_write_multicast %l1, %mcast, %page, %x
    tt.noc_async_writes_flushed
    tt.noc_semaphore_set_multicast %sem, %mcast, %x
    %ct = tt.get_compile_time_arg_val index(1)
  }

  tt.kernel @compute compute math_fidelity HiFi4 fp32_dest_acc rt_args ["count"] {
    %zero = arith.constant 0 : i32
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(regular)
    tt.compute_kernel_hw_startup cb(0, 1, 16) order(reverse)
    tt.binary_op_init_common cb(0, 1, 16)
    tt.add_tiles_init cb(0, 1)
    tt.tile_regs_acquire
    tt.add_tiles %zero, %zero cb(0, 1) dst(0)
    tt.sub_tiles_init cb(0, 1)
    tt.sub_tiles %zero, %zero cb(0, 1) dst(1)
    tt.mul_tiles_init cb(0, 1)
    tt.mul_tiles %zero, %zero cb(0, 1) dst(2)
    tt.binary_dest_reuse_tiles_init cb(1) type(mul) reuse(dest_to_srca)
    tt.binary_dest_reuse_tiles %zero cb(1) dst(2) type(mul) reuse(dest_to_srca)
    tt.add_binary_tile_init
    tt.add_binary_tile dst(0, 1, 0)
    tt.sub_binary_tile_init
    tt.sub_binary_tile dst(0, 1, 1)
    tt.mul_binary_tile_init
    tt.mul_binary_tile dst(1, 0, 0)
    tt.matmul_init cb(0, 1) transpose(0)
    tt.matmul_tiles %zero, %zero cb(0, 1) dst(3)
    tt.matmul_block_init cb(0, 1) transpose(0) ct_dim(2) rt_dim(2) kt_dim(1)
    tt.matmul_block %zero, %zero cb(0, 1) dst(0) transpose(0) ct_dim(2) rt_dim(2) kt_dim(1)
    tt.copy_tile_init cb(0)
    tt.copy_tile %zero cb(0) dst(1)
    tt.init_sfpu cb(0, 16)
    tt.exp_tile_init
    tt.exp_tile dst(1)
    tt.log_tile_init
    tt.log_tile dst(1)
    tt.sqrt_tile_init
    tt.sqrt_tile dst(1)
    tt.rsqrt_tile_init
    tt.rsqrt_tile dst(1)
    tt.recip_tile_init
    tt.recip_tile dst(1)
    tt.relu_tile_init
    tt.relu_tile dst(1)
    tt.gelu_tile_init
    tt.gelu_tile dst(1)
    tt.tanh_tile_init
    tt.tanh_tile dst(1)
    tt.sigmoid_tile_init
    tt.sigmoid_tile dst(1)
    tt.abs_tile_init
    tt.abs_tile dst(1)
    tt.negative_tile_init
    tt.negative_tile dst(1)
    tt.square_tile_init
    tt.square_tile dst(1)
    tt.reduce_init cb(0, 1, 16) type(sum) dim(row)
    tt.reduce_tile %zero, %zero cb(0, 1) dst(0) type(sum) dim(row)
    tt.reduce_uninit
    tt.reconfig_data_format cb(0, 1)
    tt.reconfig_data_format_srca cb(1)
    tt.reconfig_data_format_srcb cb(0)
    tt.pack_reconfig_data_format cb(16)
    tt.pack_reconfig_l1_acc %zero
    tt.tilize_init cb(0, 16) block(1)
    tt.tilize_block cb(0, 16) block(1)
    tt.untilize_init cb(0)
    tt.untilize_block cb(0, 16) full_ct_dim(1)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.pack_tile cb(16) dst(0)
    tt.pack_tile_at %zero cb(16) dst(1)
    tt.fill_tile_init
    tt.transpose_wh_init cb(0, 16)
    tt.transpose_wh_tile %zero cb(0) dst(0)
    tt.fill_tile_bitcast %zero dst(0)
    tt.tile_regs_release
  }

  tt.runtime_args @reader core [0, 0] [@a, @b, 0, 32]
  tt.runtime_args @reader core [1, 0] [@a, @b, noc_x(1), noc_y(0)]
  tt.runtime_args @compute core [1, 0] [32]
}
