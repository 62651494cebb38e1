#!/usr/bin/env python3
"""Every file in tests/data/*/bad/ must be refused: `check` exits 2 with one
line `FILE: error: …` that names the file (and a line number where there is one)."""
import glob
import os
import subprocess
import sys

cli, data = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(data, "*", "bad", "*")))
failures = 0
for path in files:
    run = subprocess.run([cli, "check", path], capture_output=True, text=True)
    first = (run.stdout.splitlines() or [""])[0]
    if run.returncode != 2 or not first.startswith(f"{path}: error: ") or path not in first[len(path) + 9:]:
        print(f"FAIL {path}: exit {run.returncode}: {run.stdout}{run.stderr}")
        failures += 1
    else:
        print(f"ok   {first}")
print(f"{len(files) - failures}/{len(files)} bad files refused")
sys.exit(1 if failures or not files else 0)
