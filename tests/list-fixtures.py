#!/usr/bin/env python3
"""Prints every fixture under tests/data that has a golden .dump, one per line."""
import os
import sys

root = sys.argv[1]
for folder, _, files in sorted(os.walk(root)):
    for name in sorted(files):
        if name.endswith(".dump") and name[:-5] in files:
            print(os.path.relpath(os.path.join(folder, name[:-5]), root))
