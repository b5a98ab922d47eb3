// The input of ../int-ops.test: every integer SFPU op and typecast.
tt.program @ops grid [1, 1] arch wormhole_b0 {
  tt.cb_config 16 cores [0, 0] to [0, 0] : !cb.cb<i32, page_size = 4096, pages = 2>
  tt.kernel @compute compute fp32_dest_acc {
    %seven = arith.constant 7 : i32
    tt.tile_regs_acquire
    tt.add_int_tile_init
    tt.add_int_tile dst(0, 1, 0)
    tt.sub_int_tile_init
    tt.sub_int_tile dst(0, 1, 0)
    tt.mul_int_tile_init
    tt.mul_int_tile dst(0, 1, 0)
    tt.binary_max_int32_tile_init
    tt.binary_max_int32_tile dst(0, 1, 0)
    tt.binary_min_int32_tile_init
    tt.binary_min_int32_tile dst(0, 1, 0)
    tt.compare_int_tile_init type(lt)
    tt.compare_int_tile dst(0, 1, 0) type(lt)
    tt.compare_int_tile_init type(ge)
    tt.compare_int_tile dst(0, 1, 0) type(ge)
    tt.zero_int_tile_init type(eqz)
    tt.zero_int_tile dst(0) type(eqz)
    tt.zero_int_tile_init type(nez)
    tt.zero_int_tile dst(0) type(nez)
    tt.bitwise_binary_tile_init
    tt.bitwise_binary_tile dst(0, 1, 0) type(and)
    tt.bitwise_binary_tile dst(0, 1, 0) type(xor)
    tt.shift_binary_tile_init
    tt.shift_binary_tile dst(0, 1, 0) type(left)
    tt.shift_binary_tile dst(0, 1, 0) type(logical_right)
    tt.fill_tile_init
    tt.fill_tile_int %seven dst(1)
    tt.typecast_tile_init type(int32_to_float32)
    tt.typecast_tile dst(0) type(int32_to_float32)
    tt.typecast_tile_init type(float32_to_int32)
    tt.typecast_tile dst(0) type(float32_to_int32)
    tt.tile_regs_commit
    tt.tile_regs_wait
    tt.tile_regs_release
  }
}
