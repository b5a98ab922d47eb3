"""Runs tilt-opt on prefixes of a valid file and checks that each fails
cleanly: exit status 1 and a `file:line:col: error:` diagnostic. The
prefixes are kept in <outdir> for inspection."""
import os
import re
import subprocess
import sys

source, outdir = sys.argv[1], sys.argv[2]
os.makedirs(outdir, exist_ok=True)
text = open(source).read().rstrip("\n")
lengths = sorted(set(list(range(1, len(text), 3)) + [40]))
failures = 0
for length in lengths:
    path = os.path.join(outdir, "prefix-%04d.mlir" % length)
    with open(path, "w") as out:
        out.write(text[:length])
    proc = subprocess.run(["tilt-opt", "--allow-unregistered-dialect", path],
                          capture_output=True, text=True, timeout=60)
    located = re.search(r"prefix-%04d\.mlir:\d+:\d+: error:" % length, proc.stderr)
    # A prefix that happens to be complete IR (e.g. just the alias line) is
    # accepted silently.
    if proc.returncode == 0 and not proc.stderr:
        continue
    if proc.returncode != 1 or not located:
        failures += 1
        print("prefix %d: exit %d, stderr: %s" % (length, proc.returncode, proc.stderr))
print("%d prefixes checked, %d failures" % (len(lengths), failures))
sys.exit(1 if failures else 0)
