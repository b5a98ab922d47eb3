// Every error of the tt verifiers.
// RUN: tilt-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{'tt.program' op grid 12x12 does not fit wormhole_b0 (at most 8x10)}}
tt.program @p grid [12, 12] arch wormhole_b0 {
}

// -----

// expected-error@+1 {{'tt.program' op unknown arch 'quasar' (expected grayskull, wormhole_b0 or blackhole)}}
tt.program @p grid [1, 1] arch quasar {
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute {
    // expected-error@+1 {{'tt.noc_async_read_barrier' op is a data-movement (NoC) op but is inside the compute kernel @compute}}
    tt.noc_async_read_barrier
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 {
    // expected-error@+1 {{'tt.tile_regs_acquire' op is a compute op but is inside the reader kernel @reader}}
    tt.tile_regs_acquire
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // 16-bit, half-sync: 8 tiles.
    tt.exp_tile dst(7)
    // expected-error@+1 {{'tt.exp_tile' op DST index 8 is out of range: kernel @compute holds 8 tiles per acquire (16-bit accumulation, half-sync)}}
    tt.exp_tile dst(8)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute fp32_dest_acc {
    // expected-error@+1 {{'tt.relu_tile' op DST index 4 is out of range: kernel @compute holds 4 tiles per acquire (fp32 accumulation, half-sync)}}
    tt.relu_tile dst(4)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute fp32_dest_acc dst_full_sync {
    tt.relu_tile dst(7)
    // expected-error@+1 {{'tt.relu_tile' op DST index 8 is out of range: kernel @compute holds 8 tiles per acquire (fp32 accumulation, full-sync)}}
    tt.relu_tile dst(8)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{'tt.copy_tile_init' op circular buffer 3 is not configured in the program (tt.cb_config)}}
    tt.copy_tile_init cb(3)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute {
    // expected-error@+1 {{'tt.copy_tile_init' op circular buffer 40 ('in') is not in 0..31}}
    tt.copy_tile_init cb(40)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.cb_config' op index 32 is not in 0..31}}
  tt.cb_config 32 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-note@+1 {{first configured here}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  // expected-error@+1 {{'tt.cb_config' op circular buffer 0 is configured twice}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 4>
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  // expected-error@+1 {{'tt.cb_config' op the core range ends at [2, 1], outside the program's 2x2 grid}}
  tt.cb_config 0 cores [0, 0] to [2, 1] : !cb.cb<bf16, page_size = 2048, pages = 2>
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 rt_args ["addr"] {
    %0 = tt.get_arg_val index(0)
    // expected-error@+1 {{'tt.get_arg_val' op runtime argument 1 is not declared: kernel @reader has 1 (rt_args)}}
    %1 = tt.get_arg_val index(1)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @writer writer noc 1 {
    // expected-error@+1 {{'tt.get_compile_time_arg_val' op compile-time argument 0 is not declared: kernel @writer has 0 (ct_args)}}
    %0 = tt.get_compile_time_arg_val index(0)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 rt_args ["a", "b"] {
  }
  // expected-error@+1 {{'tt.runtime_args' op kernel @reader declares 2 runtime arguments, got 1}}
  tt.runtime_args @reader core [0, 0] [7]
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.runtime_args' op no kernel @nobody in the program}}
  tt.runtime_args @nobody core [0, 0] []
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op role must be reader, writer or compute, got 'helper'}}
  tt.kernel @k helper {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op 'math_fidelity' is a compute kernel setting; this is a reader kernel}}
  tt.kernel @k reader math_fidelity HiFi4 {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op math_fidelity must be LoFi, HiFi2, HiFi3 or HiFi4, got 'HiFi5'}}
  tt.kernel @k compute math_fidelity HiFi5 {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op noc must be 0 or 1, got 2}}
  tt.kernel @k writer noc 2 {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.buffer' op size 1000 is not a whole number of pages of 2048 bytes}}
  tt.buffer @a size 1000 page_size 2048 : bf16
}

// -----

func.func @outside() {
  // expected-error@+1 {{'tt.tile_regs_acquire' op must be inside a tt.kernel}}
  tt.tile_regs_acquire
  return
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{type must be one of sum|avg|max, got 'min'}}
    tt.reduce_init cb(0, 0, 0) type(min) dim(row)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 {
    %x = arith.constant 0 : i32
    // expected-error@+1 {{'tt.noc_async_read_tile' op operand #1 must be '!tt.accessor', got 'i32'}}
    "tt.noc_async_read_tile"(%x, %x, %x) : (i32, i32, i32) -> ()
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op processor must be riscv_0 (BRISC) or riscv_1 (NCRISC), got 'trisc'}}
  tt.kernel @k reader processor trisc {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op only reader and writer kernels run on a data-movement processor}}
  tt.kernel @k compute processor riscv_0 {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @k compute {
    %x = arith.constant 0 : i32
    // expected-error@+1 {{'tt.tile_regs_commit' op expects 0 operands, got 1}}
    "tt.tile_regs_commit"(%x) : (i32) -> ()
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @k reader rt_args ["a"] {
    // expected-error@+1 {{'tt.get_arg_val' op has the wrong results (expected one of the op's type)}}
    %0 = "tt.get_arg_val"() <{index = 0 : i64}> : () -> i64
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @k compute {
    // expected-error@+1 {{'tt.exp_tile' op requires an integer 'dst' property}}
    "tt.exp_tile"() : () -> ()
  }
}

// -----

// expected-error@+1 {{'tt.program' op grid must be two positive extents [columns, rows]}}
tt.program @p grid [0, 1] arch wormhole_b0 {
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.buffer' op size and page_size must be positive}}
  tt.buffer @a size 0 page_size 2048 : bf16
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.cb_config' op requires a !cb.cb type}}
  tt.cb_config 0 cores [0, 0] to [0, 0] : i32
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.cb_config' op cores are [column, row] pairs}}
  tt.cb_config 0 cores [0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
}

// -----

tt.program @p grid [4, 4] arch wormhole_b0 {
  // expected-error@+1 {{'tt.cb_config' op the core range [2, 0] to [1, 0] is empty or negative}}
  tt.cb_config 0 cores [2, 0] to [1, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op only reader and writer kernels use a NoC}}
  tt.kernel @k compute noc 0 {
  }
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  tt.kernel @k reader {
  }
  // expected-error@+1 {{'tt.runtime_args' op the core is not a [column, row] inside the program's grid}}
  tt.runtime_args @k core [2, 0] []
}

// -----

// Before tt-split-kernels a device op outside a kernel carries its role.
func.func @untagged() {
  // expected-error@+1 {{'tt.tile_regs_acquire' op must be inside a tt.kernel (or, before tt-split-kernels, carry a 'tt.role' attribute)}}
  tt.tile_regs_acquire
  return
}

// -----

func.func @wrong_tag() {
  // expected-error@+1 {{'tt.noc_async_read_barrier' op is a data-movement (NoC) op but is tagged for the compute kernel}}
  tt.noc_async_read_barrier {tt.role = "compute"}
  return
}

// -----

func.func @bad_tag() {
  // expected-error@+1 {{'tt.tile_regs_acquire' op 'tt.role' must be reader, writer or compute, got 'host'}}
  tt.tile_regs_acquire {tt.role = "host"}
  return
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op core range [1, 0] to [2, 1] is empty or outside the program's grid}}
  tt.kernel @k reader cores [1, 0] to [2, 1] {
  }
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  tt.kernel @k reader rt_args ["a"] {
  }
  // expected-error@+1 {{'tt.runtime_args' op no tt.buffer or tt.scalar @nothing in the program}}
  tt.runtime_args @k core [0, 0] [@nothing]
}

// -----

// A tt.scalar is f32, bf16 or f16 (the host passes its f32 bits).
tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.scalar' op type must be f32, bf16 or f16}}
  tt.scalar @s : i32
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{order must be one of regular|reverse, got 'backwards'}}
    tt.compute_kernel_hw_startup cb(0, 0, 0) order(backwards)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op 'unpack_to_dest_fp32' needs fp32_dest_acc (a 32-bit DST)}}
  tt.kernel @compute compute unpack_to_dest_fp32 [24] {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op 'unpack_to_dest_fp32' names circular buffer 40, not in 0..31}}
  tt.kernel @compute compute fp32_dest_acc unpack_to_dest_fp32 [40] {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.kernel' op 'unpack_to_dest_fp32' is a compute kernel setting; this is a reader kernel}}
  tt.kernel @reader reader unpack_to_dest_fp32 [24] {
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.buffer @a size 8192 page_size 2048 : bf16
  // expected-error@+1 {{'tt.kernel' op ct_args names @b, which is not a tt.buffer of the program (@buffer stands for its TensorAccessorArgs)}}
  tt.kernel @reader reader noc 0 ct_args [@a, @b] {
  }
}

// -----

// expected-error@+1 {{'tt.program' op grid 8x8 does not fit the 8x7 compute grid of board n300 (wormhole_b0)}}
tt.program @p grid [8, 8] arch wormhole_b0 board n300 {
}

// -----

// expected-error@+1 {{'tt.program' op board p150 is a blackhole board, not wormhole_b0}}
tt.program @p grid [1, 1] arch wormhole_b0 board p150 {
}

// -----

// expected-error@+1 {{'tt.program' op unknown board 'n200' (expected n150, n300, galaxy, p100, p150, p150_unharvested, e150)}}
tt.program @p grid [1, 1] arch wormhole_b0 board n200 {
}

// -----

// A broadcast op's dim must be row, col or scalar.
tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{dim must be one of row|col|scalar, got 'rows'}}
    tt.bcast_tiles_init cb(0, 0) type(add) dim(rows)
  }
}

// -----

// A broadcast op's type must be add, sub or mul.
tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    // expected-error@+1 {{type must be one of add|sub|mul, got 'div'}}
    tt.init_bcast cb(0, 0, 0) type(div) dim(row)
  }
}

// -----

// unary_bcast reads a configured CB.
tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    %zero = arith.constant 0 : i32
    // expected-error@+1 {{'tt.unary_bcast' op circular buffer 3 is not configured in the program (tt.cb_config)}}
    tt.unary_bcast %zero cb(3) dst(0) dim(col)
  }
}

// -----

// copy_dest_values checks both DST indices.
tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute fp32_dest_acc {
    // expected-error@+1 {{'tt.copy_dest_values' op DST index 4 is out of range: kernel @compute holds 4 tiles per acquire (fp32 accumulation, half-sync)}}
    tt.copy_dest_values dst(0, 4)
  }
}

// -----

// log_with_base_tile takes its base scale as an i32 operand.
tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @compute compute {
    // expected-error@+1 {{'tt.log_with_base_tile' op expects 1 operands, got 0}}
    "tt.log_with_base_tile"() <{dst = 0 : i64}> : () -> ()
  }
}

// -----

// CreateSemaphore gives each range the lowest id free on all its cores:
// semaphores are declared in that order.
tt.program @p grid [2, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op declares semaphore 1, but CreateSemaphore gives cores [0, 0] to [1, 0] semaphore 0 (the lowest id free on every core of the range; declare semaphores in the order of their ids)}}
  tt.semaphore 1 cores [0, 0] to [1, 0] init 0
}

// -----

// Disjoint ranges take the same id; a range over both takes the next one.
tt.program @p grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.semaphore 0 cores [1, 0] to [1, 0] init 0
  tt.semaphore 1 cores [1, 0] to [1, 0] init 0
  // expected-error@+1 {{'tt.semaphore' op declares semaphore 1, but CreateSemaphore gives cores [0, 0] to [1, 0] semaphore 2 (the lowest id free on every core of the range; declare semaphores in the order of their ids)}}
  tt.semaphore 1 cores [0, 0] to [1, 0] init 0
}

// -----

// At most 16 semaphores per core (tt-metal's NUM_SEMAPHORES).
tt.program @p grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.semaphore 1 cores [0, 0] to [0, 0] init 0
  tt.semaphore 2 cores [0, 0] to [0, 0] init 0
  tt.semaphore 3 cores [0, 0] to [0, 0] init 0
  tt.semaphore 4 cores [0, 0] to [0, 0] init 0
  tt.semaphore 5 cores [0, 0] to [0, 0] init 0
  tt.semaphore 6 cores [0, 0] to [0, 0] init 0
  tt.semaphore 7 cores [0, 0] to [0, 0] init 0
  tt.semaphore 8 cores [0, 0] to [0, 0] init 0
  tt.semaphore 9 cores [0, 0] to [0, 0] init 0
  tt.semaphore 10 cores [0, 0] to [0, 0] init 0
  tt.semaphore 11 cores [0, 0] to [0, 0] init 0
  tt.semaphore 12 cores [0, 0] to [0, 0] init 0
  tt.semaphore 13 cores [0, 0] to [0, 0] init 0
  tt.semaphore 14 cores [0, 0] to [0, 0] init 0
  tt.semaphore 15 cores [0, 0] to [0, 0] init 0
  // expected-error@+1 {{'tt.semaphore' op core [0, 0] already holds 16 semaphores, as many as tt-metal allows (NUM_SEMAPHORES)}}
  tt.semaphore 0 cores [0, 0] to [1, 0] init 0
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op semaphore id 16 is not in 0..15}}
  tt.semaphore 16 cores [0, 0] to [0, 0] init 0
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op initial value 4294967296 does not fit a 32-bit semaphore}}
  tt.semaphore 0 cores [0, 0] to [0, 0] init 4294967296
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op the core range ends at [2, 0], outside the program's 2x2 grid}}
  tt.semaphore 0 cores [0, 0] to [2, 0] init 0
}

// -----

tt.program @p grid [2, 2] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op the core range [1, 0] to [0, 0] is empty or negative}}
  tt.semaphore 0 cores [1, 0] to [0, 0] init 0
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op cores are [column, row] pairs}}
  "tt.semaphore"() <{first_core = array<i64: 0>, id = 0 : i64, initial_value = 0 : i64, last_core = array<i64: 0, 0>}> : () -> ()
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  // expected-error@+1 {{'tt.semaphore' op requires an integer 'initial_value'}}
  "tt.semaphore"() <{first_core = array<i64: 0, 0>, id = 0 : i64, last_core = array<i64: 0, 0>}> : () -> ()
}

// -----

// get_semaphore names a semaphore of every core the kernel runs on.
tt.program @p grid [2, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.kernel @reader reader noc 0 {
    // expected-error@+1 {{'tt.get_semaphore' op semaphore 0 is not declared on core [1, 0], where kernel @reader runs (tt.semaphore)}}
    %sem = tt.get_semaphore id(0)
  }
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 {
    // expected-error@+1 {{'tt.get_semaphore' op semaphore id 16 is not in 0..15}}
    %sem = tt.get_semaphore id(16)
  }
}

// -----

tt.program @p grid [2, 3] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 rt_args ["x"] {
  }
  // expected-error@+1 {{'tt.runtime_args' op noc_x(2) names logical column 2, outside the program's 2x3 grid}}
  tt.runtime_args @reader core [0, 0] [noc_x(2)]
}

// -----

tt.program @p grid [2, 3] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 rt_args ["y"] {
  }
  // expected-error@+1 {{'tt.runtime_args' op noc_y(3) names logical row 3, outside the program's 2x3 grid}}
  tt.runtime_args @reader core [0, 0] [noc_y(3)]
}

// -----

tt.program @p grid [1, 1] arch wormhole_b0 {
  tt.kernel @reader reader noc 0 rt_args ["v"] {
  }
  // expected-error@+1 {{'tt.runtime_args' op runtime argument values are integers, @buffer addresses, @scalar bits, noc_x(C) or noc_y(R)}}
  "tt.runtime_args"() <{core = array<i64: 0, 0>, kernel = @reader, values = ["v"]}> : () -> ()
}

// -----

// Each id is taken on one core of the range, none on all: CreateSemaphore
// finds no id for it. Core [1, 0] lacks 14 and core [0, 0] lacks 15.
tt.program @p grid [4, 1] arch wormhole_b0 {
  tt.semaphore 0 cores [1, 0] to [1, 0] init 0
  tt.semaphore 1 cores [1, 0] to [1, 0] init 0
  tt.semaphore 2 cores [1, 0] to [1, 0] init 0
  tt.semaphore 3 cores [1, 0] to [1, 0] init 0
  tt.semaphore 4 cores [1, 0] to [1, 0] init 0
  tt.semaphore 5 cores [1, 0] to [1, 0] init 0
  tt.semaphore 6 cores [1, 0] to [1, 0] init 0
  tt.semaphore 7 cores [1, 0] to [1, 0] init 0
  tt.semaphore 8 cores [1, 0] to [1, 0] init 0
  tt.semaphore 9 cores [1, 0] to [1, 0] init 0
  tt.semaphore 10 cores [1, 0] to [1, 0] init 0
  tt.semaphore 11 cores [1, 0] to [1, 0] init 0
  tt.semaphore 12 cores [1, 0] to [1, 0] init 0
  tt.semaphore 13 cores [1, 0] to [1, 0] init 0
  tt.semaphore 0 cores [2, 0] to [2, 0] init 0
  tt.semaphore 1 cores [2, 0] to [2, 0] init 0
  tt.semaphore 2 cores [2, 0] to [2, 0] init 0
  tt.semaphore 3 cores [2, 0] to [2, 0] init 0
  tt.semaphore 4 cores [2, 0] to [2, 0] init 0
  tt.semaphore 5 cores [2, 0] to [2, 0] init 0
  tt.semaphore 6 cores [2, 0] to [2, 0] init 0
  tt.semaphore 7 cores [2, 0] to [2, 0] init 0
  tt.semaphore 8 cores [2, 0] to [2, 0] init 0
  tt.semaphore 9 cores [2, 0] to [2, 0] init 0
  tt.semaphore 10 cores [2, 0] to [2, 0] init 0
  tt.semaphore 11 cores [2, 0] to [2, 0] init 0
  tt.semaphore 12 cores [2, 0] to [2, 0] init 0
  tt.semaphore 0 cores [3, 0] to [3, 0] init 0
  tt.semaphore 1 cores [3, 0] to [3, 0] init 0
  tt.semaphore 2 cores [3, 0] to [3, 0] init 0
  tt.semaphore 3 cores [3, 0] to [3, 0] init 0
  tt.semaphore 4 cores [3, 0] to [3, 0] init 0
  tt.semaphore 5 cores [3, 0] to [3, 0] init 0
  tt.semaphore 6 cores [3, 0] to [3, 0] init 0
  tt.semaphore 7 cores [3, 0] to [3, 0] init 0
  tt.semaphore 8 cores [3, 0] to [3, 0] init 0
  tt.semaphore 9 cores [3, 0] to [3, 0] init 0
  tt.semaphore 10 cores [3, 0] to [3, 0] init 0
  tt.semaphore 11 cores [3, 0] to [3, 0] init 0
  tt.semaphore 12 cores [3, 0] to [3, 0] init 0
  tt.semaphore 13 cores [3, 0] to [3, 0] init 0
  tt.semaphore 14 cores [2, 0] to [3, 0] init 0
  tt.semaphore 15 cores [1, 0] to [2, 0] init 0
  tt.semaphore 0 cores [0, 0] to [0, 0] init 0
  tt.semaphore 1 cores [0, 0] to [0, 0] init 0
  tt.semaphore 2 cores [0, 0] to [0, 0] init 0
  tt.semaphore 3 cores [0, 0] to [0, 0] init 0
  tt.semaphore 4 cores [0, 0] to [0, 0] init 0
  tt.semaphore 5 cores [0, 0] to [0, 0] init 0
  tt.semaphore 6 cores [0, 0] to [0, 0] init 0
  tt.semaphore 7 cores [0, 0] to [0, 0] init 0
  tt.semaphore 8 cores [0, 0] to [0, 0] init 0
  tt.semaphore 9 cores [0, 0] to [0, 0] init 0
  tt.semaphore 10 cores [0, 0] to [0, 0] init 0
  tt.semaphore 11 cores [0, 0] to [0, 0] init 0
  tt.semaphore 12 cores [0, 0] to [0, 0] init 0
  tt.semaphore 13 cores [0, 0] to [0, 0] init 0
  tt.semaphore 14 cores [0, 0] to [0, 0] init 0
  // expected-error@+1 {{'tt.semaphore' op no semaphore id is free on every core of [0, 0] to [1, 0]: each of 0..15 is taken on one of them, and CreateSemaphore fails}}
  tt.semaphore 15 cores [0, 0] to [1, 0] init 0
}
