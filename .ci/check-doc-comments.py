#!/usr/bin/env python3
"""Every public or open declaration under Sources has a doc comment.

A declaration counts as documented when the nearest line above it that is not an attribute
(`@inlinable`, `@discardableResult`, …) or a compiler directive (`#if`, `#endif`) is a `///`
line or ends a `/** … */` block. Checked: declarations written `public` or `open`, the cases
of a public enum (found by indentation, which `swift format` keeps at four spaces a level),
and members declared after an opening brace on their type's line (which have no line of their
own for a comment). Run from the repository's root; prints each undocumented declaration and
exits 1 if there is one.
"""

import os
import re
import sys

KEYWORDS = r"(?:func|init|var|let|subscript|struct|class|enum|protocol|actor|typealias|case|associatedtype)"
PUBLIC = re.compile(r"^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:[a-z]+\s+)*?(?:public|open)\s+(?:[a-z]+\s+)*?" + KEYWORDS + r"\b")
PUBLIC_ENUM = re.compile(r"^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:indirect\s+)?enum\b.*\{\s*$")
# A member declared after an opening brace on the same line (`extension X: P { public var … }`)
# has no line of its own for a doc comment.
INLINE = re.compile(r"\{\s*(?:@\w+\s+)*(?:[a-z]+\s+)*?(?:public|open)\s+(?:[a-z]+\s+)*?" + KEYWORDS + r"\b")
CASE = re.compile(r"^(\s*)(?:indirect\s+)?case\s")
SKIPPED = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s*)+$|^\s*#(?:if|elseif|else|endif)\b")


def documented(lines, index):
    """Whether the declaration on line `index` has a doc comment above it."""
    j = index - 1
    while j >= 0 and SKIPPED.match(lines[j]):
        j -= 1
    if j < 0:
        return False
    above = lines[j].strip()
    if above.startswith("///"):
        return True
    if above.endswith("*/"):
        while j >= 0 and "/*" not in lines[j]:
            j -= 1
        return j >= 0 and "/**" in lines[j]
    return False


def undocumented(path):
    """The (line number, text) of every undocumented public declaration in the file at `path`."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    found = []
    enums = []  # indentation of each public enum whose body is open
    in_string = False
    for index, line in enumerate(lines):
        # Text inside a multi-line string literal is not code.
        if line.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        if in_string:
            continue
        indent = len(line) - len(line.lstrip(" "))
        while enums and line.strip() and indent <= enums[-1]:
            if line.strip().startswith("}") and indent == enums[-1]:
                enums.pop()
                break
            enums.pop()
        if INLINE.search(line):
            found.append((index + 1, line.strip()))
        elif PUBLIC.match(line) or (enums and indent == enums[-1] + 4 and CASE.match(line)):
            if not documented(lines, index):
                found.append((index + 1, line.strip()))
        match = PUBLIC_ENUM.match(line)
        if match:
            enums.append(len(match.group(1)))
    return found


def main():
    missing = []
    for folder, _, files in os.walk("Sources"):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                missing += [(path, number, text) for number, text in undocumented(path)]
    for path, number, text in sorted(missing):
        print(f"{path}:{number}: public declaration without a doc comment: {text}")
    if missing:
        print(f"{len(missing)} public declaration(s) without a doc comment", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
