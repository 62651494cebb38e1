#!/usr/bin/env python3
"""Loads every trace of ../shared/corpus/FORMAT/ (third-party data, read in
place, never copied): each must load (check exits 0 or 1, never 2) and
`info --json` must be valid JSON with the right format.  Skipped (77) when
the corpus is absent."""
import json
import os
import subprocess
import sys

cli, corpus_dir, fmt = sys.argv[1], sys.argv[2], sys.argv[3]
folder = os.path.join(corpus_dir, fmt)
if not os.path.isdir(folder):
    print(f"no corpus at {folder}: skipped")
    sys.exit(77)
suffixes = {"btf": (".btf", ".btf.gz"), "etf": (".etf",)}[fmt]
files = sorted(f for f in os.listdir(folder) if f.endswith(suffixes))
failures = 0
for name in files:
    path = os.path.join(folder, name)
    check = subprocess.run([cli, "check", path], capture_output=True, text=True)
    if check.returncode not in (0, 1):
        print(f"FAIL {name}: check exited {check.returncode}: {check.stdout}{check.stderr}")
        failures += 1
        continue
    info = subprocess.run([cli, "info", "--json", path], capture_output=True, text=True)
    try:
        data = json.loads(info.stdout)
        assert data["format"] == fmt, data["format"]
        n_warnings = data["warnings"]
    except Exception as error:  # noqa: BLE001 - any failure is reported
        print(f"FAIL {name}: info --json: {error}: {info.stdout[:200]}{info.stderr}")
        failures += 1
        continue
    print(f"ok   {name}: {data.get('events')} events, {n_warnings} warnings, {data['lanes']} lanes")
print(f"{len(files) - failures}/{len(files)} corpus files load")
sys.exit(1 if failures else 0)
