"""Writes stress inputs for tilt-opt into the directory given."""
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)

def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)

def nested_regions(depth):
    return ('"foo.r"() ({\n' * depth) + ('}) : () -> ()\n' * depth)

write("deep-regions.mlir", nested_regions(10000))
write("nested-ok.mlir", nested_regions(4000))
write("deep-arrays.mlir", '"foo.a"() {a = ' + "[" * 10000 + "]" * 10000 + "} : () -> ()\n")
write("deep-types.mlir", '"foo.t"() {a = ' + "(" * 10000 + "i32" + ") -> i32" * 0 + "} : () -> ()\n")
elements = ", ".join(str(i) for i in range(300000))
write("long-line.mlir", '"foo.l"() {a = [' + elements + '} : () -> ()\n')
write("long-valid.mlir", '"foo.l"() {a = [' + elements + ']} : () -> ()\n')
