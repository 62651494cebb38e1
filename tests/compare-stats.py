#!/usr/bin/env python3
"""Generates a BTF trace with the project's own scheduler simulation, which
also writes the statistics it expects, and compares `info --json` with them.

usage: compare-stats.py CLI GENERATOR [generator options…]"""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal

cli, generator, options = sys.argv[1], sys.argv[2], sys.argv[3:]


def same(expected, actual):
    if expected is None or actual is None:
        return expected is actual
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        e, a = Decimal(str(expected)), Decimal(str(actual))
        if e == a:
            return True
        # a mean that is not a whole tick is printed with 17 significant digits
        return abs(e - a) <= abs(e) * Decimal("1e-14")
    return expected == actual


with tempfile.TemporaryDirectory() as tmp:
    trace, stats = os.path.join(tmp, "gen.btf"), os.path.join(tmp, "gen.json")
    subprocess.run([generator, *options, "--stats", stats, "-o", trace], check=True)
    with open(stats, encoding="utf-8") as f:
        expected = json.load(f, parse_float=Decimal, parse_int=Decimal)
    info = subprocess.run([cli, "info", "--json", trace], capture_output=True, text=True, check=True)
    actual = json.loads(info.stdout, parse_float=Decimal, parse_int=Decimal)

problems = []
for key in ("format", "begin", "end", "warnings"):
    if not same(expected[key], actual[key]):
        problems.append(f"{key}: expected {expected[key]}, got {actual[key]}")
found = {(e["type"], e["name"]): e for e in actual["entities"]}
for entity in expected["entities"]:
    key = (entity["type"], entity["name"])
    if key not in found:
        problems.append(f"{key}: missing from info --json")
        continue
    got = found[key]
    for field, value in entity.items():
        if isinstance(value, dict):
            for sub, sub_value in value.items():
                if not same(sub_value, got.get(field, {}).get(sub)):
                    problems.append(f"{key} {field}.{sub}: expected {sub_value}, got {got.get(field, {}).get(sub)}")
        elif not same(value, got.get(field)):
            problems.append(f"{key} {field}: expected {value}, got {got.get(field)}")
extra = set(found) - {(e["type"], e["name"]) for e in expected["entities"]}
if extra:
    problems.append(f"entities not in the expectation: {sorted(extra)}")

for line in problems[:50]:
    print(line)
print(f"{len(expected['entities'])} entities compared, {len(problems)} differences")
sys.exit(1 if problems else 0)
