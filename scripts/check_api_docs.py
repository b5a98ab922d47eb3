#!/usr/bin/env python3
"""Checks that every declaration at namespace scope of Tilt's public headers
(include/tilt, without the Metalium headers of the emulator, which mirror
TT-Metalium's) has a Doxygen `///` comment: classes, structs, enums,
functions and templates. Members are documented where they need it; the
`detail` and `impl` namespaces, and specializations in namespace llvm, are
internal.

usage: check_api_docs.py REPO_ROOT
"""
import glob
import os
import re
import sys

DECLARATION = re.compile(
    r"^(template\s*<|class\s+\w|struct\s+\w|enum\s|union\s|"
    r"(inline\s+|static\s+|constexpr\s+|extern\s+)*"
    r"[A-Za-z_][\w:<>,\s\*&]*[\s\*&](\w+|operator\S+)\s*\()")
SKIP = re.compile(r"^(using|typedef|namespace|#|//|}|friend|static_assert)")


def check(path):
    """The undocumented declarations of one header: (line, text)."""
    missing = []
    lines = open(path, encoding="utf-8").read().split("\n")
    scopes = []  # per open brace: whether it opened a namespace
    internal = None  # the depth of the internal namespace we are in
    previous = ""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        candidate = (all(scopes) and internal is None and
                     not line.startswith((" ", "\t")) and
                     not previous.endswith("\\") and
                     DECLARATION.match(stripped) and
                     not SKIP.match(stripped) and
                     # A forward declaration needs no comment.
                     not (stripped.endswith(";") and "(" not in stripped))
        # An out-of-line definition (`Value::getDefiningOp`, possibly after
        # its `template <...>` line) is documented where it is declared.
        following = lines[number] if number < len(lines) else ""
        declared = stripped if not stripped.endswith(">") else following
        out_of_line = re.search(r"[\w>]::~?\w+\s*\(", declared.split("{")[0])
        if (candidate and not out_of_line and
                not previous.strip().startswith("template")):
            if not previous.strip().startswith("///"):
                missing.append((number, stripped))
        code = line.split("//")[0]
        for char in code:
            if char == "{":
                namespace = re.match(r'^\s*(namespace|extern "C")', line)
                scopes.append(bool(namespace))
                if internal is None and re.match(
                        r"^\s*namespace (detail|impl|llvm)\b", line):
                    internal = len(scopes)
            elif char == "}" and scopes:
                if internal == len(scopes):
                    internal = None
                scopes.pop()
        if stripped:
            previous = line
    return missing


def main(argv):
    root = argv[0] if argv else "."
    headers = sorted(
        path for path in glob.glob(os.path.join(root, "include/tilt/**/*.h"),
                                   recursive=True)
        if "/Emulator/metalium/" not in path)
    count = 0
    for path in headers:
        for number, text in check(path):
            count += 1
            print("%s:%d: no /// comment: %s" %
                  (os.path.relpath(path, root), number, text[:72]))
    if count:
        print("%d undocumented declarations" % count)
        return 1
    print("%d public headers: every declaration at namespace scope has a "
          "/// comment" % len(headers))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
