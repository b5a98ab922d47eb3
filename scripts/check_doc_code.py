#!/usr/bin/env python3
"""Checks that every code block of the given Markdown files is a file of the
repository, so that the documentation cannot drift from code that the test
suite builds and runs.

Each fenced block must directly follow a marker naming its source:

    <!-- file: examples/tutorial/FuseParallel.cpp -->               whole file
    <!-- file: examples/tutorial/FuseParallel.cpp lines 30-52 -->   a range

and its text must equal that file (or those lines, 1-based, inclusive).

usage: check_doc_code.py [--update] REPO_ROOT FILE.md...

With --update, each block is rewritten from its file instead (after the code
changed on purpose); the markers and the text around the blocks are kept.
"""
import re
import sys

MARKER = re.compile(r"^<!-- file: (\S+)(?: lines (\d+)-(\d+))? -->$")


def source_lines(root, source, first, last):
    """The lines a marker names, or an error message."""
    try:
        with open("%s/%s" % (root, source), encoding="utf-8") as file:
            lines = file.read().rstrip("\n").split("\n")
    except OSError as error:
        return None, str(error)
    if first is None:
        return lines, None
    first, last = int(first), int(last)
    if not 1 <= first <= last <= len(lines):
        return None, "%s has %d lines, not %d-%d" % (source, len(lines),
                                                     first, last)
    return lines[first - 1:last], None


def first_difference(got, want):
    for n in range(max(len(got), len(want))):
        a = got[n] if n < len(got) else "<end>"
        b = want[n] if n < len(want) else "<end>"
        if a != b:
            return n + 1, a, b
    return None


def process(root, path, update):
    """Checks (or updates) one file; returns (blocks, errors)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    output, errors, blocks, i = [], [], 0, 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            output.append(lines[i])
            i += 1
            continue
        start = i
        end = start + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        body = lines[start + 1:end]
        blocks += 1
        where = "%s:%d" % (path, start + 1)
        marker = MARKER.match(lines[start - 1]) if start > 0 else None
        replacement = body
        if not marker:
            errors.append("%s: code block without a '<!-- file: PATH -->' "
                          "marker on the line before it" % where)
        else:
            expected, error = source_lines(root, *marker.groups())
            if error:
                errors.append("%s: %s" % (where, error))
            elif update:
                replacement = expected
            elif body != expected:
                n, got, want = first_difference(body, expected)
                errors.append("%s: line %d of the block differs from %s:\n"
                              "  doc:  %s\n  file: %s" %
                              (where, n, marker.group(1), got, want))
        output.append(lines[start])
        output.extend(replacement)
        if end < len(lines):
            output.append(lines[end])
        i = end + 1
    if update and output != lines:
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(output))
    return blocks, errors


def main(argv):
    update = "--update" in argv
    argv = [arg for arg in argv if arg != "--update"]
    if len(argv) < 2:
        print(__doc__.strip().split("\n\n")[2])
        return 2
    root, files = argv[0], argv[1:]
    total, errors = 0, []
    for path in files:
        blocks, found = process(root, path, update)
        total += blocks
        errors += found
    for error in errors:
        print("error: " + error)
    if errors:
        return 1
    print("%d code blocks in %d files %s the repository" %
          (total, len(files), "updated from" if update else "match"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
