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


def save(path, shape, values):
    """Writes `values` (row-major) as an f32 .npy file of `shape`."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % (
        tuple(shape),)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%df" % len(values), *values))


if __name__ == "__main__":
    # npy_f32.py OUT.npy ROWS COLS V0 V1 ...: a ROWS x COLS tensor (ROWS
    # values when COLS is 0) of the values V0, V1, ... repeated; npy_f32.py --print IN.npy COUNT: its
    # first COUNT values, as float32 reprs; npy_f32.py --ints OUT.npy ROWS
    # COLS LIMIT SEED: random integers in [-LIMIT, LIMIT].
    import sys
    if sys.argv[1] == "--print":
        shape, values = load(sys.argv[2])
        print(" ".join(repr(v) for v in values[:int(sys.argv[3])]))
    elif sys.argv[1] == "--ints":
        import random
        rows, cols, limit = (int(v) for v in sys.argv[3:6])
        generator = random.Random(int(sys.argv[6]))
        save(sys.argv[2], (rows, cols),
             [float(generator.randint(-limit, limit)) for _ in range(rows * cols)])
    else:
        # COLS 0: a 1-d tensor of ROWS values.
        rows, cols = int(sys.argv[2]), int(sys.argv[3])
        shape = (rows, cols) if cols else (rows,)
        pattern = [float(v) for v in sys.argv[4:]]
        save(sys.argv[1], shape,
             [pattern[i % len(pattern)] for i in range(rows * max(cols, 1))])
