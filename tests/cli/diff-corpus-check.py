#!/usr/bin/env python3
"""`chronoscope-cli diff --json` on the corpus (traces other tools made),
against what the single-run commands say of each run: two BTF runs' every
statistic of every metric against `stats --json` of each, two OTF2 runs'
call paths against `profile --json` of each, two TRACE runs' resources
against `info --json` of each (utilisation = usage over capacity × the
run's length); the change b − a exactly (as decimals), the relative change
to the nearest double, the items of one run only listed.  Skipped when the
corpus is absent.

    diff-corpus-check.py CLI CORPUS_DIR"""
import glob
import json
import os
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

cli, corpus = sys.argv[1:3]
failures = 0
STATS = ["count", "min", "max", "mean", "p50", "p95", "p99"]


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def run(*args):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{args}: {result.stderr}")
    return json.loads(result.stdout)


def exact(value):
    return Fraction(Decimal(str(value)))


def near(x, y, scale):
    return abs(x - y) <= 4e-16 * scale


def same_change(a, b, change, doubles=False):
    """a and b as the runs give them.  Times of a run are its ticks over its
    clock's rate: the change is worked out in ticks, so it is exact where a
    and b are exact decimals and otherwise the nearest double to the true
    change, which the printed a and b can only give to their last bits.
    Sums of doubles (TRACE usage) change by their difference as doubles."""
    if change["a"] != a or change["b"] != b:
        return f"a/b {change['a']}/{change['b']} != {a}/{b}"
    if a is None or b is None:
        return None if change["delta"] is None and change["relative"] is None else f"delta of nothing {change}"
    if doubles:
        want_delta, want_relative = b - a, (None if a == 0 else (b - a) / a)
        if change["delta"] != want_delta or change["relative"] != want_relative:
            return f"delta, relative {change['delta']}, {change['relative']} != {want_delta}, {want_relative}"
        return None
    decimal_delta = exact(b) - exact(a)
    scale = max(abs(float(a)), abs(float(b)), 1e-300)
    if exact(change["delta"]) != decimal_delta and not near(float(change["delta"]), float(decimal_delta), scale):
        return f"delta {change['delta']} != {b} - {a}"
    want = None if exact(a) == 0 else float(decimal_delta / exact(a))
    if (want is None) != (change["relative"] is None):
        return f"relative {change['relative']} != {want}"
    if want is not None and change["relative"] != want and not near(change["relative"], want, 8 * max(abs(want), 1)):
        return f"relative {change['relative']} != {want}"
    return None


def pairs(paths):
    """Each run against the next (and the last against the first): runs of different systems too."""
    return [(paths[i], paths[(i + 1) % len(paths)]) for i in range(len(paths))] if len(paths) > 1 else []


def btf(a, b):
    got = run("diff", "--json", a, b)
    stats_a, stats_b = run("stats", "--json", a), run("stats", "--json", b)
    sa = {(e["name"], e["type"]): e for e in stats_a["entities"] + stats_a.get("runnables", [])}
    sb = {(e["name"], e["type"]): e for e in stats_b["entities"] + stats_b.get("runnables", [])}
    problems = []
    for entity in got["entities"]:
        key = (entity["name"], entity["type"])
        for metric, change in entity.items():
            if metric in ("name", "type"):
                continue
            for stat in STATS:
                one = {k: change[k][stat] for k in ("a", "b", "delta", "relative")}
                problem = same_change(sa[key][metric][stat], sb[key][metric][stat], one)
                if problem:
                    problems.append(f"{key} {metric}.{stat}: {problem}")
    both = {(e["name"], e["type"]) for e in got["entities"]}
    only = ({(e["name"], e["type"]) for e in got["only_a"]}, {(e["name"], e["type"]) for e in got["only_b"]})
    ok = both == set(sa) & set(sb) and only == (set(sa) - set(sb), set(sb) - set(sa))
    return problems + ([] if ok else ["the entities of both and of one run only"])


def otf2(a, b):
    got = run("diff", "--json", a, b)
    pa = {tuple(p["path"]): p for p in run("profile", "--json", a)["paths"]}
    pb = {tuple(p["path"]): p for p in run("profile", "--json", b)["paths"]}
    problems = []
    for path in got["paths"]:
        key = tuple(path["path"])
        for figure in ("calls", "inclusive_time", "exclusive_time"):
            problem = same_change(pa[key][figure], pb[key][figure], path[figure])
            if problem:
                problems.append(f"{';'.join(key)} {figure}: {problem}")
    both = {tuple(p["path"]) for p in got["paths"]}
    only = ({tuple(p["path"]) for p in got["only_a"]}, {tuple(p["path"]) for p in got["only_b"]})
    ok = both == set(pa) & set(pb) and only == (set(pa) - set(pb), set(pb) - set(pa))
    return problems + ([] if ok else ["the paths of both and of one run only"])


def figures(info):
    length = info["end"] - info["begin"]
    out = {}
    for r in info["resources"]:
        name = r["name"] or f"Resource {r['id']}"
        utilisation = r["usage"] / (r["capacity"] * length) if r["capacity"] > 0 and length > 0 else 0.0
        out[name] = {"claims": r["claims"], "usage": r["usage"], "utilisation": utilisation}
    return out


def etf(a, b):
    got = run("diff", "--json", a, b)
    fa, fb = figures(run("info", "--json", a)), figures(run("info", "--json", b))
    problems = []
    for resource in got["resources"]:
        for figure in ("claims", "usage", "utilisation"):
            want_a, want_b = fa[resource["name"]][figure], fb[resource["name"]][figure]
            change = resource[figure]
            # utilisation is worked out here again: to its last bits, not exactly
            if figure == "utilisation":
                close = near(change["a"], want_a, max(want_a, 1e-300)) and near(change["b"], want_b, max(want_b, 1e-300))
                want_a, want_b = (change["a"], change["b"]) if close else (want_a, want_b)
            problem = same_change(want_a, want_b, change, doubles=figure != "claims")
            if problem:
                problems.append(f"{resource['name']} {figure}: {problem}")
    both = {r["name"] for r in got["resources"]}
    only = ({r["name"] for r in got["only_a"]}, {r["name"] for r in got["only_b"]})
    ok = both == set(fa) & set(fb) and only == (set(fa) - set(fb), set(fb) - set(fa))
    return problems + ([] if ok else ["the resources of both and of one run only"])


KINDS = [
    ("btf", "*.btf", btf, 3_000_000),
    ("otf2", "*/*.otf2", otf2, None),
    ("etf", "*.etf", etf, None),
]

compared = 0
for folder, pattern, compare, largest in KINDS:
    paths = sorted(p for p in glob.glob(os.path.join(corpus, folder, pattern))
                   if largest is None or os.path.getsize(p) <= largest)
    compared += len(paths)
    if not paths:
        print(f"(no {folder} corpus at {os.path.join(corpus, folder)})")
    for a, b in pairs(paths):
        name = f"{folder}: {os.path.relpath(a, corpus)} against {os.path.relpath(b, corpus)}"
        problems = compare(a, b)
        check(name, not problems, "; ".join(problems[:3]))
print("%d failed" % failures)
sys.exit(1 if failures else 0 if compared else 77)  # 77: skipped, there is no corpus here
