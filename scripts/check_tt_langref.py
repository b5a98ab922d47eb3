#!/usr/bin/env python3
"""Checks that docs/dialects/tt.md, the tt dialect's LangRef, has a row for
every device op of include/tilt/Dialect/TT/TTIntrinsics.def: the literal
`tt.<name>` followed by a character that cannot continue the name.
Usage: check_tt_langref.py <source root>. Prints the missing ops and exits
1, or prints how many ops it checked."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
names = re.findall(r'^TILT_TT_INTRINSIC\(\w+, "(\w+)"',
                   (root / "include/tilt/Dialect/TT/TTIntrinsics.def").read_text(),
                   re.MULTILINE)
doc = (root / "docs/dialects/tt.md").read_text()
missing = [n for n in names if not re.search(rf"tt\.{n}(?!\w)", doc)]
for name in missing:
    print(f"docs/dialects/tt.md: tt.{name} is not documented")
if missing:
    sys.exit(1)
print(f"tt.md documents all {len(names)} device ops")
