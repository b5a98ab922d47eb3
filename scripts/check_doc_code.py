#!/usr/bin/env python3
"""Checks that every code block of the given Markdown files is a file of the
repository, so that the documentation cannot drift from code that the test
suite builds and runs.

Each fenced block must directly follow a marker naming its source:

    <!-- file: examples/tutorial/FuseParallel.cpp -->          the whole file
    <!-- file: examples/tutorial/FuseParallel.cpp lines 30-52 -->  a range

and its text must equal that file (or those lines, 1-based, inclusive).

usage: check_doc_code.py REPO_ROOT FILE.md...
"""
import re
import sys

MARKER = re.compile(r"^<!-- file: (\S+)(?: lines (\d+)-(\d+))? -->$")


def check(root, path):
    errors = []
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    blocks = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("```"):
            i += 1
            continue
        start = i
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        blocks += 1
        where = "%s:%d" % (path, start + 1)
        marker = MARKER.match(lines[start - 1]) if start > 0 else None
        if not marker:
            errors.append("%s: code block without a '<!-- file: PATH -->' "
                          "marker on the line before it" % where)
            continue
        source, first, last = marker.groups()
        try:
            text = open("%s/%s" % (root, source), encoding="utf-8").read()
        except OSError as error:
            errors.append("%s: %s" % (where, error))
            continue
        expected = text.rstrip("\n").split("\n")
        if first:
            first, last = int(first), int(last)
            if not 1 <= first <= last <= len(expected):
                errors.append("%s: %s has %d lines, not %d-%d" %
                              (where, source, len(expected), first, last))
                continue
            expected = expected[first - 1:last]
        if body != expected:
            for n, (got, want) in enumerate(zip(body + [""] * len(expected),
                                                expected + [""] * len(body))):
                if got != want:
                    errors.append("%s: block line %d differs from %s:\n"
                                  "  doc:  %s\n  file: %s" %
                                  (where, n + 1, source, got, want))
                    break
    return blocks, errors


def main():
    root, files = sys.argv[1], sys.argv[2:]
    total, errors = 0, []
    for path in files:
        blocks, found = check(root, path)
        total += blocks
        errors += found
    for error in errors:
        print("error: " + error)
    if errors:
        return 1
    print("%d code blocks in %d files match the repository" %
          (total, len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
