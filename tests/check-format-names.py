#!/usr/bin/env python3
"""No layer above the loaders compares with a format's name.

usage: check-format-names.py SOURCE_ROOT

Collects every loader's name (tests/loader_names.py) and fails (listing
file:line) where a string literal with one of those names, in any case, appears in src/ outside src/loaders/: the app,
renderer, widgets, analysis and CLI ask the trace what it has instead."""
import os
import re
import sys

from loader_names import loader_names

root = os.path.abspath(sys.argv[1])
loaders_dir = os.path.join(root, "src", "loaders")
names = loader_names(root)
if not names:
    print("no loader names found under", loaders_dir)
    sys.exit(1)

literal = re.compile(r'"(' + "|".join(re.escape(n) for n in sorted(names)) + r')"', re.IGNORECASE)
found = []
for folder, _, files in os.walk(os.path.join(root, "src")):
    if os.path.commonpath([folder, loaders_dir]) == loaders_dir:
        continue
    for name in sorted(files):
        if not name.endswith((".c", ".h")):
            continue
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if literal.search(line):
                    found.append(f"{os.path.relpath(path, root)}:{number}: {line.strip()}")
if found:
    print("format names compared outside src/loaders (ask chrono_trace_get_features instead):")
    print("\n".join(found))
    sys.exit(1)
print(f"ok: none of {sorted(names)} outside src/loaders")
