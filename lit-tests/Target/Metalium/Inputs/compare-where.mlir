// The input of ../compare-where.test: every comparison and where_tile.
tt.program @ops grid [1, 1] arch wormhole_b0 {
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<f32, page_size = 4096, pages = 2>
  tt.kernel @compute compute {
    %bits = arith.constant 1069066811 : i32
    tt.tile_regs_acquire
    tt.compare_binary_tile_init type(eq)
    tt.compare_binary_tile dst(0, 1, 2) type(eq)
    tt.compare_binary_tile_init type(ne)
    tt.compare_binary_tile dst(0, 1, 2) type(ne)
    tt.compare_binary_tile_init type(lt)
    tt.compare_binary_tile dst(0, 1, 2) type(lt)
    tt.compare_binary_tile_init type(gt)
    tt.compare_binary_tile dst(0, 1, 2) type(gt)
    tt.compare_binary_tile_init type(le)
    tt.compare_binary_tile dst(0, 1, 2) type(le)
    tt.compare_binary_tile_init type(ge)
    tt.compare_binary_tile dst(0, 1, 2) type(ge)
    tt.compare_unary_tile_init type(eq)
    tt.compare_unary_tile %bits dst(1) type(eq)
    tt.compare_unary_tile_init type(ne)
    tt.compare_unary_tile %bits dst(1) type(ne)
    tt.compare_unary_tile_init type(lt)
    tt.compare_unary_tile %bits dst(1) type(lt)
    tt.compare_unary_tile_init type(gt)
    tt.compare_unary_tile %bits dst(1) type(gt)
    tt.compare_unary_tile_init type(le)
    tt.compare_unary_tile %bits dst(1) type(le)
    tt.compare_unary_tile_init type(ge)
    tt.compare_unary_tile %bits dst(1) type(ge)
    tt.where_tile_init
    tt.where_tile dst(2, 0, 1, 2) format(float32)
    tt.where_tile dst(2, 0, 1, 3) format(float16_b)
    tt.where_tile dst(2, 0, 1, 0) format(int32)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.tile_regs_release
  }
}
