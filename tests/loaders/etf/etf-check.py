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
# The loader's one limit beyond the spec: times are 64-bit ticks (ps for ns and
# us, ns for the rest), checked in the unit in effect where the line is.
TICKS = {"NANOSECONDS": 1e3, "MICROSECONDS": 1e6, "MILLISECONDS": 1e6, "SECONDS": 1e9, "MINUTES": 6e10,
         "HOURS": 3.6e12}


def fits(ticks, *times):
    if not all(abs(t * ticks) < 9.2e18 for t in times):
        raise ValueError("too large for the unit")



def int64(text):
    """An id as the loader reads it: a whole number that fits 64 bits, else ValueError."""
    value = int(text)
    if not -2**63 <= value < 2**63:
        raise ValueError(text)
    return value

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
    """The spec read plainly: malformed lines are skipped, the first TU and the
    first R of an id count, claims need a declared resource and the right
    number of fields, a claim written backwards is swapped, dependencies need
    both ends, signals are whatever S and F lines name."""
    unit = None
    ticks = TICKS["SECONDS"]
    resources, raw_claims, events, raw_deps, signals = {}, [], {}, [], {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            match = re.match(r"[A-Z]+", line)
            if not match:
                continue
            tag = match.group(0)
            rest = line[len(tag):]
            fields, _, attrs = rest.partition(";") if tag not in ("F", "TU", "O", "T") else (rest, "", "")
            fields = fields.split()
            try:
                if tag == "TU":
                    if unit is None and fields[0] in UNITS:
                        unit, ticks = UNITS[fields[0]], TICKS[fields[0]]
                elif tag == "R":
                    rid, capacity = int64(fields[0]), float(fields[1])
                    if len(fields) == 3 and fields[2] in ("true", "false") and capacity > 0 and rid not in resources:
                        resources[rid] = (capacity, fields[2] == "true", attributes(attrs))
                elif tag == "C":
                    numbers = [float(x) for x in fields]
                    # ids exactly (a float would round 2^63-1), and 64-bit: past that the line is bad
                    numbers[0], numbers[3] = int64(fields[0]), int64(fields[3])
                    fits(ticks, numbers[1], numbers[2])
                    if len(numbers) in (5, 6):
                        raw_claims.append(numbers)
                elif tag == "E":
                    if len(fields) == 2:
                        fits(ticks, float(fields[1]))
                        events.setdefault(int64(fields[0]), float(fields[1]))
                elif tag == "D":
                    if len(fields) == 4 and 0 <= int64(fields[1]) <= 8:
                        raw_deps.append([int64(x) for x in fields])
                elif tag == "S":
                    if len(fields) == 1:
                        signals.setdefault(int64(fields[0]), {"frags": []})["attrs"] = attributes(attrs)
                elif tag == "F":
                    values = [float(x) for x in fields[1:]]
                    if len(values) == 5 and values[1] >= values[0]:
                        fits(ticks, values[0], values[1])
                        signals.setdefault(int64(fields[0]), {"frags": [], "attrs": {}})["frags"].append(values)
            except (ValueError, IndexError):
                continue
    unit = unit or 1.0
    claims = {}
    for numbers in raw_claims:
        cid, t0, t1, res = int(numbers[0]), numbers[1], numbers[2], int(numbers[3])
        if res not in resources or (len(numbers) == 6) != resources[res][1] or numbers[-1] <= 0:
            continue
        claims.setdefault(cid, []).append((min(t0, t1), max(t0, t1), res, numbers[-1]))
    flat = [c for group in claims.values() for c in group]
    claim_ids = set(claims)
    kinds = {0: (1, 1), 1: (1, 1), 2: (1, 1), 3: (1, 1), 4: (0, 0), 5: (1, 0), 6: (1, 0), 7: (0, 1), 8: (0, 1)}
    deps = [d for d in raw_deps
            if (d[2] in claim_ids if kinds[d[1]][0] else d[2] in events)
            and (d[3] in claim_ids if kinds[d[1]][1] else d[3] in events)]
    times = [t for c in flat for t in c[0:2]] + list(events.values())
    times += [t for s in signals.values() for fr in s["frags"] for t in fr[0:2]]
    result = {"format": "etf", "begin": min(times) * unit if times else None, "end": max(times) * unit if times else None,
              "claims": len(flat), "events": len(events), "dependencies": len(deps), "resources": [], "signals": []}
    for rid in sorted(resources):
        capacity, _, attrs = resources[rid]
        mine = [c for c in flat if c[2] == rid]
        usage = sum(c[3] * (c[1] - c[0]) * unit for c in mine)
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
    run = subprocess.run([cli, "info", "--json", path], capture_output=True, text=True)
    if run.returncode != 0:
        problems.append(f"{os.path.basename(path)}: info failed: {run.stderr.strip()}")
        continue
    got = json.loads(run.stdout)
    for key in ("resources", "signals"):  # the spec sets no order: compare by id
        got[key] = sorted(got.get(key, []), key=lambda item: item["id"])
    mine = []
    compare(expected(path), got, os.path.basename(path), mine)
    print(f"{'ok  ' if not mine else 'FAIL'} {os.path.basename(path)}")
    problems += mine
for p in problems[:40]:
    print(p)
sys.exit(1 if problems else 0)
