#!/usr/bin/env python3
"""Compares `chronoscope-cli info --json` on TRACE files with an independent,
deliberately simple reading of the format written here in Python.

usage: etf-check.py CLI FILE_OR_FOLDER…   (a missing folder is skipped: exit 77)"""
import json
import math
import os
import re
import subprocess
import sys

UNITS = {"NANOSECONDS": 1e-9, "MICROSECONDS": 1e-6, "MILLISECONDS": 1e-3, "SECONDS": 1.0, "MINUTES": 60.0,
         "HOURS": 3600.0}


def attributes(text):
    pairs = {}
    for part in re.split(r"(?<!\\),", text):
        if not part.strip():
            continue
        key, _, value = re.split(r"(?<!\\)(=)", part, maxsplit=1)
        unescape = lambda s: re.sub(r"\\(.)", r"\1", s.strip())  # noqa: E731
        pairs[unescape(key)] = unescape(value)
    return pairs


def expected(path):
    unit = 1.0
    resources, claims, events, deps, signals = {}, [], [], [], {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            tag = re.match(r"[A-Z]+", line).group(0)
            rest = line[len(tag):]
            fields, _, attrs = rest.partition(";")
            fields = fields.split()
            if tag == "TU":
                unit = UNITS[fields[0]]
            elif tag == "R":
                resources[int(fields[0])] = (float(fields[1]), fields[2] == "true", attributes(attrs))
            elif tag == "C":
                claims.append([float(x) for x in fields])
            elif tag == "E":
                events.append(float(fields[1]))
            elif tag == "D":
                deps.append(fields)
            elif tag == "S":
                signals.setdefault(int(fields[0]), {"frags": []})["attrs"] = attributes(attrs)
            elif tag == "F":
                signals.setdefault(int(fields[0]), {"frags": [], "attrs": {}})["frags"].append(
                    [float(x) for x in fields[1:]])
    times = [t for c in claims for t in c[1:3]] + events
    times += [t for s in signals.values() for fr in s["frags"] for t in fr[0:2]]
    result = {"format": "etf", "begin": min(times) * unit if times else None, "end": max(times) * unit if times else None,
              "claims": len(claims), "events": len(events), "dependencies": len(deps), "resources": [], "signals": []}
    for rid in sorted(resources):
        capacity, _, attrs = resources[rid]
        mine = [c for c in claims if int(c[3]) == rid]
        usage = sum(c[-1] * (c[2] - c[1]) * unit for c in mine)
        result["resources"].append({"id": rid, "name": attrs.get("name", ""), "capacity": capacity,
                                    "claims": len(mine), "usage": usage})
    for sid in sorted(signals):
        values = []
        for t0, t1, c, b, a in signals[sid]["frags"]:
            d = t1 - t0
            values += [c, c + b * d + a * d * d]
            if a != 0:
                v = -b / (2 * a)
                if 0 < v < d:
                    values.append(c + b * v + a * v * v)
        result["signals"].append({"id": sid, "name": signals[sid]["attrs"].get("name", ""),
                                  "fragments": len(signals[sid]["frags"]),
                                  "min": min(values) if values else None, "max": max(values) if values else None})
    return result


def close(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(a, str):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def compare(want, got, where, problems):
    if isinstance(want, dict):
        for key, value in want.items():
            compare(value, got.get(key), f"{where}.{key}", problems)
    elif isinstance(want, list):
        if len(want) != len(got or []):
            problems.append(f"{where}: {len(want)} items expected, {len(got or [])} found")
            return
        for i, (w, g) in enumerate(zip(want, got)):
            compare(w, g, f"{where}[{i}]", problems)
    elif not close(want, got):
        problems.append(f"{where}: expected {want}, got {got}")


cli = sys.argv[1]
files = []
for arg in sys.argv[2:]:
    if os.path.isdir(arg):
        files += sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith(".etf"))
    elif os.path.exists(arg):
        files.append(arg)
if not files:
    print("no TRACE files: skipped")
    sys.exit(77)
problems = []
for path in files:
    got = json.loads(subprocess.run([cli, "info", "--json", path], capture_output=True, text=True, check=True).stdout)
    mine = []
    compare(expected(path), got, os.path.basename(path), mine)
    print(f"{'ok  ' if not mine else 'FAIL'} {os.path.basename(path)}")
    problems += mine
for p in problems[:40]:
    print(p)
sys.exit(1 if problems else 0)
