"""Reads the .npy files tilt-run writes into its --work-dir (f32, C order)
without numpy: load(path) -> (shape, values)."""
import ast
import struct


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode("latin1"))
    assert header["descr"] == "<f4" and not header["fortran_order"]
    body = data[10 + length:]
    return header["shape"], struct.unpack("<%df" % (len(body) // 4), body)
