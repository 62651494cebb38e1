#!/usr/bin/env python3
"""Loads every trace of CORPUS/FORMAT/ (third-party data, read in place,
never copied) whose name the format's loader claims: each must load (check
exits 0 or 1, never 2) and `info --json` must be valid JSON with the right
format.  Skipped (77) when the corpus has no such folder.

usage: corpus.py CLI MIME_GEN CORPUS FORMAT   (MIME_GEN: data/chrono-mime-gen, which lists the loader's globs)"""
import fnmatch
import json
import os
import subprocess
import sys

cli, mime_gen, corpus_dir, fmt = sys.argv[1:5]
folder = os.path.join(corpus_dir, fmt)
if not os.path.isdir(folder):
    print(f"no corpus at {folder}: skipped")
    sys.exit(77)
globs = subprocess.run([mime_gen, "globs", fmt], capture_output=True, text=True, check=True).stdout.split()
files = sorted(f for f in os.listdir(folder) if any(fnmatch.fnmatch(f.lower(), glob) for glob in globs))
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
