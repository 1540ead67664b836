#!/usr/bin/env python3
"""Checks that every Swift target of Package.swift declares exactly the modules its files import.

A module imported but not declared builds only by accident (through another target's
dependency); a module declared but never imported is a dependency nobody needs. Toolchain
modules (Foundation, Testing, Glibc, ...) need no declaration and are ignored. Run from the
package root; prints one line per problem and exits 1 if there is any.
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

for line in problems:
    print(line)
if problems:
    sys.exit(1)
print(f"imports match the declared dependencies of {len(package['targets'])} targets")
