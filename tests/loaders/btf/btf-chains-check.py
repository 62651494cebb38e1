#!/usr/bin/env python3
"""Recomputes `chronoscope-cli chains --json` from the raw BTF text,
independently of the C code, and compares it exactly.

Definitions (README "Event chains"): every element of a chain
is a list of instances [start, end]; a stimulus's `trigger` at t is [t, t]; a
task or ISR instance runs from its first start/resume/run since its latest
`activate` (an instance that never started is left out) to its `terminate`;
a runnable call from `start` to `terminate`.  An end or start the file does
not show (alive at the end, alive at the beginning) is unknown.
latency: for each instance x0 of E0 (known start), xi = the first (least
(start, end)) instance of Ei starting at or after x(i-1)'s end; latency =
end of xn − start of x0.  data_age: for each instance yn of En (known end),
yi = the last (greatest (end, start)) instance of Ei ending at or before
y(i+1)'s start; age = end of yn − start of y0.  A walk that finds nothing or
meets an unknown is incomplete.  Summaries as stats (nearest rank); the
histogram has 10 equal bins from min to max, bin = ⌊(v − min)·10/(max − min)⌋,
the max in the last.

usage: btf-chains-check.py CLI FILE --chain SPEC [--chain SPEC …] [FILE --chain …]
       btf-chains-check.py --self-test FIXTURE
A FILE that does not exist is skipped (the corpus is optional)."""
import bisect
import csv
import importlib.util
import io
import json
import os
import subprocess
import sys
from fractions import Fraction

_spec = importlib.util.spec_from_file_location(
    "btf_stats_check", os.path.join(os.path.dirname(os.path.abspath(__file__)), "btf-stats-check.py"))
stats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stats)

RUNNING_EVENTS = {"start", "resume", "run"}
BINS = 10


def read_instances(path):
    """name → list of (start, end, line, number), None where unknown; ticks per second."""
    scale = stats.UNITS["ns"]
    found = {}
    open_tasks, open_calls = {}, {}
    for number, row in enumerate(csv.reader(io.StringIO(stats.open_text(path))), start=1):
        if not row:
            continue
        if row[0].startswith("#"):
            key, _, value = row[0][1:].partition(" ")
            if key.lower() == "timescale" and value.strip() in stats.UNITS:
                scale = stats.UNITS[value.strip()]
            continue
        if len(row) < 7 or not row[0].strip().isdigit():
            continue
        time, kind, event = int(row[0]), row[3].strip(), row[6].strip().lower()
        name = stats.task_name(row[4].strip())
        if kind == "STI":
            if event == "trigger":
                found.setdefault(name, []).append([time, time, number, None])
        elif kind in ("T", "I", "ISR"):
            key = (name, row[5].strip())
            life = open_tasks.get(key)
            if event == "activate":
                open_tasks[key] = {"activated": True, "start": None, "line": number}
            elif life is None:  # alive when the trace began: its start is unknown
                life = open_tasks[key] = {"activated": False, "start": None, "line": number}
            if event in RUNNING_EVENTS and life is not None and life["start"] is None and life["activated"]:
                life["start"] = time
            if event == "terminate":
                del open_tasks[key]
                if life["activated"] and life["start"] is None:
                    continue  # never ran
                found.setdefault(name, []).append([life["start"], time, life["line"], int(key[1])])
        elif kind == "R":
            key = (name, row[5].strip())
            if event == "start" and key not in open_calls:
                open_calls[key] = (time, number)
            elif event == "terminate":
                start, line = open_calls.pop(key, (None, number))
                found.setdefault(name, []).append([start, time, line, int(key[1])])
            elif key not in open_calls:  # a call already running when the trace began
                open_calls[key] = (None, number)
    for (name, ident), life in open_tasks.items():
        if life["start"] is not None:
            found.setdefault(name, []).append([life["start"], None, life["line"], int(ident)])
    for (name, ident), (start, line) in open_calls.items():
        if start is not None:
            found.setdefault(name, []).append([start, None, line, int(ident)])
    return found, scale


def walks(instances, elements):
    lists = [instances[e] for e in elements]
    by_start = [sorted((i for i in lst if i[0] is not None), key=lambda i: (i[0], i[1] is None, i[1] or 0))
                for lst in lists]
    by_end = [sorted((i for i in lst if i[1] is not None), key=lambda i: (i[1], i[0] is not None, i[0] or 0))
              for lst in lists]
    starts = [[i[0] for i in lst] for lst in by_start]
    ends = [[i[1] for i in lst] for lst in by_end]
    latency, age, incomplete = [], [], {"latency": 0, "data_age": 0}
    for x0 in by_start[0]:
        end = x0[1]
        for k in range(1, len(elements)):
            if end is None:
                break
            at = bisect.bisect_left(starts[k], end)
            end = by_start[k][at][1] if at < len(starts[k]) else None
        if end is None:
            incomplete["latency"] += 1
        else:
            latency.append((x0[0], x0[2], end - x0[0]))
    for yn in by_end[-1]:
        start = yn[0]
        for k in range(len(elements) - 2, -1, -1):
            if start is None:
                break
            at = bisect.bisect_right(ends[k], start)
            start = by_end[k][at - 1][0] if at > 0 else None
        if start is None:
            incomplete["data_age"] += 1
        else:
            age.append((yn[0], yn[2], yn[1] - start))
    return sorted(latency), sorted(age), incomplete


def summary(samples, scale):
    if not samples:
        return {"count": 0, **{k: None for k in ("min", "max", "mean", "p50", "p95", "p99", "worst_at")}}
    values = [v for _, _, v in samples]
    worst = max(values)
    return {"count": len(values), "min": Fraction(min(values), scale), "max": Fraction(worst, scale),
            "mean": Fraction(sum(values), len(values) * scale),
            "p50": Fraction(stats.nearest_rank(values, 50), scale),
            "p95": Fraction(stats.nearest_rank(values, 95), scale),
            "p99": Fraction(stats.nearest_rank(values, 99), scale),
            "worst_at": Fraction(next(t for t, _, v in samples if v == worst), scale)}


def histogram(samples, scale):
    if not samples:
        return None
    values = [v for _, _, v in samples]
    low, high = min(values), max(values)
    counts = [0] * BINS
    for v in values:
        counts[0 if high == low else min(BINS - 1, (v - low) * BINS // (high - low))] += 1
    return {"bins": BINS, "min": Fraction(low, scale), "max": Fraction(high, scale),
            "width": Fraction(high - low, BINS * scale), "counts": counts}


def expected(path, chain):
    name, _, rest = chain.partition(":")
    elements = [e.strip() for e in rest.split("->")]
    instances, scale = read_instances(path)
    latency, age, incomplete = walks(instances, elements)
    return {"name": name.strip(), "elements": elements, "latency": summary(latency, scale),
            "data_age": summary(age, scale), "incomplete": incomplete,
            "histograms": {"latency": histogram(latency, scale), "data_age": histogram(age, scale)}}


def run_chains(cli, path, chains):
    args = [cli, "chains", path, "--json"]
    for chain in chains:
        args += ["--chain", chain]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{path}: chains exited {result.returncode}: {result.stderr}")
    return stats.normalise_ints(json.loads(result.stdout, parse_float=str, parse_int=str))


def compare(path, want, got, problems):
    where = f"{path}: chain {want['name']}"
    if got["name"] != want["name"] or got["elements"] != want["elements"]:
        problems.append(f"{where}: name/elements {got['name']} {got['elements']}")
    if {k: int(v) for k, v in got["incomplete"].items()} != want["incomplete"]:
        problems.append(f"{where}: incomplete {got['incomplete']} != {want['incomplete']}")
    for measure in ("latency", "data_age"):
        for key, value in want[measure].items():
            ok = got[measure]["count"] == value if key == "count" else stats.same(value, got[measure][key],
                                                                                   key == "mean")
            if not ok:
                problems.append(f"{where}: {measure}.{key}: expected {value}, got {got[measure][key]}")
        w, g = want["histograms"][measure], got["histograms"][measure]
        if w is None or g is None:
            if w is not g:
                problems.append(f"{where}: histogram {measure}: expected {w}, got {g}")
            continue
        if [int(c) for c in g["counts"]] != w["counts"] or int(g["bins"]) != w["bins"] \
                or not all(stats.same(w[k], g[k], k == "width") for k in ("min", "max", "width")):
            problems.append(f"{where}: histogram {measure}: expected {w}, got {g}")


def self_test(fixture):
    """The checker against the figures test-chains.c works out by hand."""
    us = Fraction(1, 10**6)
    brake = expected(fixture, "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake")
    assert brake["latency"] == {"count": 3, "min": 25 * us, "max": 50 * us, "mean": Fraction(121, 3) * us,
                                "p50": 46 * us, "p95": 50 * us, "p99": 50 * us, "worst_at": 12 * us}, brake
    assert brake["data_age"]["count"] == 2 and brake["data_age"]["max"] == 46 * us
    assert brake["data_age"]["worst_at"] == 56 * us
    assert brake["incomplete"] == {"latency": 2, "data_age": 1}
    assert brake["histograms"]["latency"]["counts"] == [1, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    tasks = expected(fixture, "tasks: Task_Read -> Task_Ctrl")
    assert tasks["latency"]["count"] == 4 and tasks["latency"]["p50"] == 22 * us
    print("self-test passed")


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        self_test(argv[2])
        return 0
    cli, rest = argv[1], argv[2:]
    jobs, problems, measured = [], [], 0
    for item in rest:
        if item.startswith("--chain="):
            jobs[-1][1].append(item[len("--chain="):])
        else:
            jobs.append((item, []))
    for path, chains in jobs:
        if not os.path.exists(path):
            print(f"skipped (absent): {path}")
            continue
        got = run_chains(cli, path, chains)
        if len(got["chains"]) != len(chains):
            problems.append(f"{path}: {len(got['chains'])} chains for {len(chains)}")
            continue
        for chain, result in zip(chains, got["chains"]):
            want = expected(path, chain)
            compare(path, want, result, problems)
            n = want["latency"]["count"] + want["data_age"]["count"]
            print(f"{path}: chain {want['name']}: {want['latency']['count']} latencies, "
                  f"{want['data_age']['count']} data ages, incomplete {want['incomplete']}")
            measured += n
    for problem in problems[:50]:
        print(problem)
    if problems:
        print(f"{len(problems)} differences")
        return 1
    if measured == 0:
        print("nothing was measured")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
