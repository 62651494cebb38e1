#!/usr/bin/env python3
"""`chronoscope-cli diff A B --json` against the timing metrics of each run
recomputed from its raw BTF text (btf-stats-check.py's independent reading),
combined here with exact fractions: delta = b − a per statistic, relative =
delta / a; on pairs of the project's generator (the same system under
another load, and a longer run), tasks only in one run listed.  Then the
exit status of --fail-if: 1 when a change meets a condition (by percentage,
by duration, for one entity), 0 when none does, 2 for a condition that is
no condition.

usage: btf-diff-check.py CLI GEN_BTF"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from fractions import Fraction

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("btf_stats_check", os.path.join(here, "btf-stats-check.py"))
stats_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stats_check)

cli, gen = sys.argv[1:3]
failures = 0
STATS = ["count", "min", "max", "mean", "p50", "p95", "p99"]


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def diff(*args):
    result = subprocess.run([cli, "diff", *args], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def pooled_summaries(paths):
    """(name, type) → metric → summary over the instances of every run together."""
    pooled, scale = {}, None
    for path in paths:
        lives_by_entity, scale = stats_check.read_instances(path)
        for key, lives in lives_by_entity.items():
            pooled.setdefault(key, []).extend(lives)
    out = {}
    for (name, kind), lives in pooled.items():
        out[(name, kind)] = {"name": name, "type": kind,
                             **{m: stats_check.summary(lives, m, scale) for m in stats_check.METRICS}}
    return out


def expected_changes(a, b):
    """(name, type) → metric → (delta, relative) per statistic, from the two sides' recomputed summaries
    (a side: a run, or a list of runs pooled)."""
    want_a = pooled_summaries(a if isinstance(a, list) else [a])
    want_b = pooled_summaries(b if isinstance(b, list) else [b])
    out = {}
    for key in sorted(set(want_a) & set(want_b)):
        out[key] = {}
        for metric in stats_check.METRICS:
            sa, sb = want_a[key][metric], want_b[key][metric]
            changes = {}
            for stat in STATS:
                va, vb = sa[stat], sb[stat]
                delta = None if va is None or vb is None else Fraction(vb) - Fraction(va)
                relative = None if delta is None or va == 0 else delta / Fraction(va)
                changes[stat] = (delta, relative)
            out[key][metric] = changes
    return out, set(want_a) - set(want_b), set(want_b) - set(want_a)


def same_number(want, got):
    if want is None or got is None:
        return want is None and got is None
    got = Fraction(Decimal(str(got)))
    # exact, or (a mean's change that is no exact decimal) its nearest double
    return want == got or float(want) == float(got)


def check_pair(name, a, b):
    sides = (a if isinstance(a, list) else [a]) + ["--"] + (b if isinstance(b, list) else [b])
    code, out, err = diff("--json", *sides) if isinstance(a, list) else diff("--json", a, b)
    check(f"{name}: diff --json exits 0", code == 0, err)
    got = json.loads(out, parse_float=Decimal)
    want, only_a, only_b = expected_changes(a, b)
    got_processes = {(e["name"], e["type"]): e for e in got["entities"] if e["type"] != "R"}
    check(f"{name}: the tasks and ISRs in both runs", set(got_processes) == set(want),
          f"{sorted(got_processes)} != {sorted(want)}")
    keys = [(e["name"], e["type"]) for e in got["entities"]]
    check(f"{name}: entities sorted by name and type", keys == sorted(keys))
    problems = []
    for key, metrics in want.items():
        entity = got_processes.get(key)
        for metric, changes in metrics.items():
            for stat, (delta, relative) in changes.items():
                g = entity[metric] if entity else None
                if g is None or not same_number(delta, g["delta"][stat]):
                    problems.append(f"{key} {metric}.delta.{stat}: {delta} != {g and g['delta'][stat]}")
                elif relative is None and g["relative"][stat] is not None:
                    problems.append(f"{key} {metric}.relative.{stat}: null expected")
                elif relative is not None and float(relative) != float(g["relative"][stat]):
                    problems.append(f"{key} {metric}.relative.{stat}: {float(relative)} != {g['relative'][stat]}")
    check(f"{name}: every delta exact, every relative change the nearest double", not problems, "; ".join(problems[:3]))
    got_only_a = {(e["name"], e["type"]) for e in got["only_a"] if e["type"] != "R"}
    got_only_b = {(e["name"], e["type"]) for e in got["only_b"] if e["type"] != "R"}
    check(f"{name}: the tasks only in one run are listed", (got_only_a, got_only_b) == (only_a, only_b))
    return want


def largest_p99_change(want):
    best = None
    for (entity, _), metrics in want.items():
        delta, relative = metrics["response_time"]["p99"]
        if relative is not None and (best is None or relative > best[1]):
            best = (entity, relative, delta)
    return best


def check_gates(a, b, want):
    entity, relative, delta = largest_p99_change(want)
    percent = float(relative) * 100
    code, _, err = diff(a, b, "--fail-if", f"response_time.p99 > {percent - 0.01:.4f}%")
    check("--fail-if just below the largest change: exit 1, naming it", code == 1 and entity in err, err)
    code, _, err = diff(a, b, "--fail-if", f"response_time.p99 > {percent + 0.01:.4f}%")
    check("--fail-if just above the largest change: exit 0", code == 0, err)
    code, _, err = diff(a, b, "--fail-if", f"{entity} response_time.p99 > {percent - 0.01:.4f}%",
                        "--fail-if", "response_time.count > 1000000")
    check("--fail-if for one entity, with a second condition not met: exit 1", code == 1 and entity in err, err)
    micros = float(delta) * 1e6
    code, _, err = diff(a, b, "--fail-if", f"{entity} response_time.p99 >= {micros:.6f}us")
    check("--fail-if by duration at the change itself (>=): exit 1", code == 1, err)
    code, _, err = diff(a, b, "--fail-if", f"{entity} response_time.p99 > {micros + 1:.6f}us")
    check("--fail-if by duration above the change: exit 0", code == 0, err)
    for bad in ("response_time.p99 > 10", "response_time.p100 > 1%", "p99 > 1%", "response_time.p99 ~ 1%"):
        code, _, err = diff(a, b, "--fail-if", bad)
        check(f"--fail-if '{bad}' is refused: exit 2", code == 2 and bad in err, err)
    code, _, err = diff(a, a, "--fail-if", "response_time.max > 0%", "--fail-if", "preemptions.max > 0")
    check("a run against itself meets no condition of growth: exit 0", code == 0, err)


with tempfile.TemporaryDirectory() as tmp:
    def generate(name, *options):
        path = os.path.join(tmp, name)
        subprocess.run([gen, "-o", path, *options], check=True)
        return path

    a = generate("a.btf", "--seed", "5", "--duration", "40000000")
    b = generate("b.btf", "--seed", "5", "--duration", "40000000", "--load", "115")
    longer = generate("longer.btf", "--seed", "5", "--duration", "90000000", "--load", "90")
    fewer = generate("fewer.btf", "--seed", "5", "--duration", "40000000", "--tasks", "4")
    want = check_pair("the same system under 15 % more load", a, b)
    check("the same system: every task and ISR in both runs", len(want) >= 6, str(len(want)))
    check_pair("a run twice as long under less load (per instance, not totals)", a, longer)
    check_pair("fewer tasks", a, fewer)
    a2 = generate("a2.btf", "--seed", "5", "--duration", "40000000", "--load", "105")
    b2 = generate("b2.btf", "--seed", "5", "--duration", "40000000", "--load", "120")
    check_pair("two runs against two, their instances pooled", [a, a2], [b, b2])
    check_pair("one run twice against itself: the counts double, nothing else changes", [a, a], [a])
    code, _, err = diff(a, "--", longer, "--json")
    check("options after -- are read", code == 0, err)
    check_gates(a, b, want)
    code, out, _ = diff(a, b)
    check("the text lists the largest change first", code == 0 and out.splitlines()[0].startswith("entity")
          and len(out.splitlines()) > 2, out[:200])

print("%d failed" % failures)
sys.exit(1 if failures else 0)
