// The input of ../bcast-sfpu.test: every broadcast pair and the added SFPU ops.
tt.program @ops grid [1, 1] arch wormhole_b0 {
  tt.cb_config 0 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 1 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<bf16, page_size = 2048, pages = 2>
  tt.kernel @compute compute {
    %zero = arith.constant 0 : i32
    // 1/ln(2) as f32 bits.
    %bits = arith.constant 1069066811 : i32
    tt.init_bcast cb(0, 1, 16) type(add) dim(row)
    tt.tile_regs_acquire
    tt.bcast_tiles_init cb(0, 1) type(add) dim(row)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(add) dim(row)
    tt.bcast_tiles_init cb(0, 1) type(add) dim(col)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(add) dim(col)
    tt.bcast_tiles_init cb(0, 1) type(add) dim(scalar)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(add) dim(scalar)
    tt.bcast_tiles_init cb(0, 1) type(sub) dim(row)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(sub) dim(row)
    tt.bcast_tiles_init cb(0, 1) type(sub) dim(col)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(sub) dim(col)
    tt.bcast_tiles_init cb(0, 1) type(sub) dim(scalar)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(sub) dim(scalar)
    tt.bcast_tiles_init cb(0, 1) type(mul) dim(row)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(mul) dim(row)
    tt.bcast_tiles_init cb(0, 1) type(mul) dim(col)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(mul) dim(col)
    tt.bcast_tiles_init cb(0, 1) type(mul) dim(scalar)
    tt.bcast_tiles %zero, %zero cb(0, 1) dst(0) type(mul) dim(scalar)
    tt.unary_bcast_init cb(1, 16) dim(col)
    tt.unary_bcast %zero cb(1) dst(3) dim(col)
    tt.exp2_tile_init
    tt.exp2_tile dst(0)
    tt.silu_tile_init
    tt.silu_tile dst(0)
    tt.erf_tile_init
    tt.erf_tile dst(0)
    tt.log_with_base_tile_init
    tt.log_with_base_tile %bits dst(0)
    tt.unary_max_tile_init
    tt.unary_max_tile %bits dst(1)
    tt.unary_min_tile_init
    tt.unary_min_tile %bits dst(1)
    tt.binop_with_scalar_tile_init
    tt.add_unary_tile %bits dst(2)
    tt.sub_unary_tile %bits dst(2)
    tt.mul_unary_tile %bits dst(2)
    tt.div_unary_tile %bits dst(2)
    tt.rsub_unary_tile %bits dst(2)
    tt.div_binary_tile_init
    tt.div_binary_tile dst(0, 1, 2)
    tt.binary_max_tile_init
    tt.binary_max_tile dst(0, 1, 2)
    tt.binary_min_tile_init
    tt.binary_min_tile dst(2, 1, 0)
    tt.copy_dest_values_init
    tt.copy_dest_values dst(0, 3)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.pack_tile cb(16) dst(0)
    tt.tile_regs_release
  }
}
