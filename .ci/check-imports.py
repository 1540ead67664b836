#!/usr/bin/env python3
"""Checks that every Swift target of Package.swift declares exactly the modules its files import.

A module imported but not declared builds only by accident (through another target's
dependency); a module declared but never imported is a dependency nobody needs. Toolchain
modules (Foundation, Testing, Glibc, ...) need no declaration and are ignored. It also checks that
the module graph drawn in Docs/module-graph.dot has exactly these dependencies, so that the
picture in the README cannot fall behind Package.swift. Run from the package root; prints one
line per problem and exits 1 if there is any.
"""
import json
import os
import re
import subprocess
import sys

TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization",
    "Testing", "XCTest", "Glibc", "Musl", "Darwin", "_Concurrency", "Swift", "os",
}
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)",
    re.M)

package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    default_root = "Tests" if target["type"] == "test" else "Sources"
    root = target.get("path") or os.path.join(default_root, target["name"])
    swift_files = []
    for folder, _, names in os.walk(root):
        swift_files += [os.path.join(folder, n) for n in names if n.endswith(".swift")]
    if target.get("sources"):
        allowed = [os.path.normpath(os.path.join(root, s)) for s in target["sources"]]
        swift_files = [f for f in swift_files if any(os.path.normpath(f).startswith(a) for a in allowed)]
    if not swift_files:
        continue  # a C target
    imported = set()
    for path in swift_files:
        with open(path, encoding="utf-8") as f:
            imported |= set(IMPORT.findall(f.read()))
    imported -= TOOLCHAIN
    declared = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        declared.add(value[0])
    for module in sorted(imported - declared):
        problems.append(f"{target['name']}: imports {module} but does not declare it in Package.swift")
    for module in sorted(declared - imported):
        problems.append(f"{target['name']}: declares {module} in Package.swift but never imports it")


def graph_edges(path):
    """The edges of a Graphviz file as (from, to) pairs, through its invisible bend points.

    Handles what Docs/module-graph.dot uses: `A -> B`, chains `A -> B -> C`, and sets
    `{ A B } -> { C D }`. Nodes declared with `shape=point` are bend points: an edge that passes
    through them counts as one edge between the real nodes at its ends.
    """
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"//[^\n]*", "", f.read())
    text = re.sub(r"<<.*?>>", "", text, flags=re.S)  # HTML-like labels
    text = re.sub(r"\[[^\]]*\]", "", text)  # attribute lists
    # Bend points: every node declared after `node [shape=point ...]` (read from the file as
    # written, since the attribute lists are gone from `text`).
    with open(path, encoding="utf-8") as f:
        original = f.read()
    points = set()
    marker = original.find("shape=point")
    if marker >= 0:
        points = set(re.findall(r"^\s*(\w+)\s*\[pos=", original[marker:], re.M))
    edges = set()
    for statement in re.split(r"[;\n]", text):
        if "->" not in statement:
            continue
        groups = [set(re.findall(r"\w+", part)) for part in statement.split("->")]
        for a, b in zip(groups, groups[1:]):
            edges |= {(x, y) for x in a for y in b}
    # Collapse the bend points: follow each edge from a real node through points to real nodes.
    out = {}
    for x, y in edges:
        out.setdefault(x, set()).add(y)
    def reach(node, seen):
        for y in out.get(node, ()):
            if y in points:
                if y not in seen:
                    seen.add(y)
                    yield from reach(y, seen)
            else:
                yield y
    return {(x, y) for x in out if x not in points for y in reach(x, set())}


GRAPH = os.path.join("Docs", "module-graph.dot")
NODE_NAMES = {"cli": "CollectionPreviewCLI"}
drawn = {(NODE_NAMES.get(a, a), NODE_NAMES.get(b, b)) for a, b in graph_edges(GRAPH)}
declared_edges = set()
for target in package["targets"]:
    # Test targets and the helpers only tests use (under Tests/) are not part of the picture.
    if target["type"] in ("test", "plugin", "macro") or (target.get("path") or "").startswith("Tests"):
        continue
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        declared_edges.add((target["name"], value[0]))
for a, b in sorted(declared_edges - drawn):
    problems.append(f"{GRAPH}: {a} depends on {b} in Package.swift, but the graph has no such arrow")
for a, b in sorted(drawn - declared_edges):
    problems.append(f"{GRAPH}: the graph draws {a} -> {b}, which Package.swift does not declare")

for line in problems:
    print(line)
if problems:
    sys.exit(1)
print(f"imports match the declared dependencies of {len(package['targets'])} targets, and {GRAPH} draws them")
