#!/usr/bin/env python3
"""Read lazily (index pass, summaries, the chunk decoded from its checkpoint),
every BTF fixture (and those of the semaphore fixtures below it) exports to the same PNG, byte for byte, as when it is read
whole: the lazy path may not change a pixel once detail is there.

    lazy-export.py CLI BTF_DATA_DIR"""
import glob
import os
import subprocess
import sys
import tempfile

cli, data = sys.argv[1], sys.argv[2]
failures = 0
paths = sorted(glob.glob(os.path.join(data, "*.btf")) + glob.glob(os.path.join(data, "*.btf.gz"))
               + glob.glob(os.path.join(data, "blocking", "*.btf")))
with tempfile.TemporaryDirectory() as tmp:
    for path in paths:
        pictures = []
        for mode in ("always", "never"):
            name = os.path.relpath(path, data).replace(os.sep, "-")
            out = os.path.join(tmp, f"{name}.{mode}.png")
            subprocess.run([cli, "export", "--lazy=" + mode, path, "-o", out, "--size", "900x500"], check=True,
                           capture_output=True)
            pictures.append(open(out, "rb").read())
        same = pictures[0] == pictures[1]
        failures += not same
        print(("ok   " if same else "FAIL ") + os.path.relpath(path, data))
print("%d fixtures, %d differ" % (len(paths), failures))
sys.exit(1 if failures or not paths else 0)
