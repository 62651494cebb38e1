#!/usr/bin/env python3
"""Generates a TRACE file with the project's own job-shop generator, which
also writes what a correct reader reports, and compares `info --json`.

usage: compare-etf-stats.py CLI GENERATOR [generator options…]"""
import json
import math
import os
import subprocess
import sys
import tempfile

cli, generator, options = sys.argv[1], sys.argv[2], sys.argv[3:]


def compare(want, got, where, problems):
    if isinstance(want, dict):
        for key, value in want.items():
            compare(value, (got or {}).get(key), f"{where}.{key}", problems)
    elif isinstance(want, list):
        if len(want) != len(got or []):
            problems.append(f"{where}: {len(want)} items expected, {len(got or [])} found")
        for i, (w, g) in enumerate(zip(want, got or [])):
            compare(w, g, f"{where}[{i}]", problems)
    elif isinstance(want, (int, float)) and not isinstance(want, bool) and want is not None:
        if got is None or not math.isclose(want, got, rel_tol=1e-9, abs_tol=1e-12):
            problems.append(f"{where}: expected {want}, got {got}")
    elif want != got:
        problems.append(f"{where}: expected {want!r}, got {got!r}")


with tempfile.TemporaryDirectory() as tmp:
    trace, stats = os.path.join(tmp, "gen.etf"), os.path.join(tmp, "gen.json")
    subprocess.run([generator, *options, "--stats", stats, "-o", trace], check=True)
    with open(stats, encoding="utf-8") as f:
        expected = json.load(f)
    got = json.loads(subprocess.run([cli, "info", "--json", trace], capture_output=True, text=True,
                                    check=True).stdout)
problems = []
compare(expected, got, "info", problems)
if got.get("warnings"):
    problems.append(f"the reader reported {got['warnings']} warnings on a well-formed file")
for line in problems[:40]:
    print(line)
print(f"{len(expected.get('resources', []))} resources, {len(expected.get('signals', []))} signals compared, "
      f"{len(problems)} differences")
sys.exit(1 if problems else 0)
