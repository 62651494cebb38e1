#!/usr/bin/env python3
"""Compares `chronoscope-cli info --json` on OTF2 archives with an
independent reading: the text libotf2's own `otf2-print` (otf2-tools)
prints, turned into the figures the README defines, in plain Python.

usage: otf2-check.py CLI FOLDER…   (anchors found below each folder; none, or no
otf2-print: exit 77)"""
import json
import math
import os
import re
import shutil
import subprocess
import sys

EVENT = re.compile(r"^([A-Z_]+)\s+(\d+)\s+(\d+)\s*(.*)$")
REGION = re.compile(r'Region: ".*" <(\d+)>')


def definitions(anchor):
    text = subprocess.run(["otf2-print", "-G", anchor], capture_output=True, text=True, check=True).stdout
    clock = re.search(r"Ticks per Seconds: (\d+), Global Offset: (\d+)", text)
    locations = {int(m.group(1)): m.group(2) for m in
                 re.finditer(r'^LOCATION\s+(\d+)\s+Name: "(.*)" <\d+>, Type:', text, re.M)}
    regions = {int(m.group(1)): m.group(2) for m in re.finditer(r'^REGION\s+(\d+)\s+Name: "(.*?)" <\d+> \(Aka', text, re.M)}
    return int(clock.group(1)), int(clock.group(2)), locations, regions


def expected(anchor):
    resolution, offset, names, region_names = definitions(anchor)
    counts = {loc: {"enters": 0, "leaves": 0, "metrics": 0, "calls_cut_short": 0, "leaves_of_another_region": 0,
                    "leaves_with_nothing_open": 0, "calls_left_open": 0} for loc in names}
    stacks = {loc: [] for loc in names}
    calls, inclusive = {}, {}
    times, messages = [], 0
    out = subprocess.run(["otf2-print", anchor], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = EVENT.match(line)
        if not m:
            continue
        kind, loc, time, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        times.append(time)
        if loc not in counts:
            continue
        if kind == "ENTER":
            region = int(REGION.search(rest).group(1))
            counts[loc]["enters"] += 1
            calls[region] = calls.get(region, 0) + 1
            stacks[loc].append((region, time))
        elif kind == "LEAVE":
            region = int(REGION.search(rest).group(1))
            counts[loc]["leaves"] += 1
            # a Leave closes the innermost open Enter of its region and the
            # calls above it; none of its region: the innermost; none: nothing
            stack = stacks[loc]
            i = next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0] == region), None)
            if i is not None:
                counts[loc]["calls_cut_short"] += len(stack) - 1 - i
            elif stack:
                counts[loc]["leaves_of_another_region"] += 1
                i = len(stack) - 1
            else:
                counts[loc]["leaves_with_nothing_open"] += 1
                continue
            for entered, start in stack[i:]:
                inclusive[entered] = inclusive.get(entered, 0) + time - start
            del stack[i:]
        elif kind == "METRIC":
            counts[loc]["metrics"] += 1
        elif kind in ("MPI_SEND", "MPI_ISEND"):
            messages += 1
    for loc, stack in stacks.items():
        counts[loc]["calls_left_open"] = len(stack)
    merged = {}
    for region, n in calls.items():
        name = region_names[region]
        entry = merged.setdefault(name, [0, 0])
        entry[0] += n
        entry[1] += inclusive.get(region, 0)
    seconds = lambda ticks: ticks / resolution  # noqa: E731
    return {
        "format": "otf2",
        "begin": seconds(min(times) - offset) if times else None,
        "end": seconds(max(times) - offset) if times else None,
        "locations": [dict(id=loc, name=names[loc], **counts[loc]) for loc in sorted(names)],
        "regions": [{"name": name, "calls": merged[name][0], "inclusive_time": seconds(merged[name][1])}
                    for name in sorted(merged, key=lambda n: n.encode())],
        "messages": messages,
    }


def differences(want, got, where="json"):
    if isinstance(want, dict):
        if not isinstance(got, dict) or set(want) != set(got):
            return [f"{where}: keys {sorted(want)} expected, {sorted(got) if isinstance(got, dict) else got} found"]
        return [d for key in want for d in differences(want[key], got[key], f"{where}.{key}")]
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return [f"{where}: {len(want)} items expected"]
        return [d for i, (w, g) in enumerate(zip(want, got)) for d in differences(w, g, f"{where}[{i}]")]
    if isinstance(want, float):
        ok = isinstance(got, (int, float)) and math.isclose(want, got, rel_tol=1e-12, abs_tol=1e-300)
        return [] if ok else [f"{where}: {want} expected, {got} found"]
    return [] if want == got and type(want) is type(got) else [f"{where}: {want!r} expected, {got!r} found"]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli, folders = sys.argv[1], sys.argv[2:]
    # archives that must load (a folder named bad holds ones that must not)
    anchors = sorted(os.path.join(root, name) for folder in folders if os.path.isdir(folder)
                     for root, _, files in os.walk(folder) for name in files
                     if name.endswith(".otf2") and os.path.basename(root) != "bad")
    if not anchors or not shutil.which("otf2-print"):
        print("no archive, or no otf2-print")
        return 77
    failed = 0
    for anchor in anchors:
        info = subprocess.run([cli, "info", "--json", anchor], capture_output=True, text=True)
        problems = [f"info failed ({info.returncode}): {info.stderr}"] if info.returncode not in (0, 1) else \
            differences(expected(anchor), json.loads(info.stdout))
        lazy = subprocess.run([cli, "info", "--json", "--lazy=always", anchor], capture_output=True, text=True)
        if not problems and lazy.stdout != info.stdout:
            problems.append("a lazy read reports other figures")
        failed += bool(problems)
        print(("FAIL " if problems else "ok   ") + anchor)
        for p in problems[:10]:
            print("     " + p)
    print(f"{len(anchors) - failed}/{len(anchors)} archives agree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
