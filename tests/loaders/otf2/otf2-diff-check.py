#!/usr/bin/env python3
"""`chronoscope-cli diff A.otf2 B.otf2 --json` against the call paths the
project's OTF2 generator wrote for each run from its own bookkeeping
(--profile), combined here with exact fractions: per path in both runs its
calls, inclusive and exclusive time in each, delta = b − a, relative =
delta / a; paths only in one run listed; --fail-if on a path's figure.

    otf2-diff-check.py CLI GEN_OTF2"""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from fractions import Fraction

cli, gen = sys.argv[1:3]
failures = 0
FIGURES = ["calls", "inclusive_time", "exclusive_time"]


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def exact(value):
    return Fraction(Decimal(str(value)))


def expected(profile_a, profile_b):
    a = {tuple(p["path"]): p for p in json.load(open(profile_a), parse_float=Decimal)["paths"]}
    b = {tuple(p["path"]): p for p in json.load(open(profile_b), parse_float=Decimal)["paths"]}
    both = {}
    for path in sorted(set(a) & set(b)):
        both[path] = {}
        for figure in FIGURES:
            va, vb = exact(a[path][figure]), exact(b[path][figure])
            both[path][figure] = (va, vb, vb - va, None if va == 0 else (vb - va) / va)
    return both, sorted(set(a) - set(b)), sorted(set(b) - set(a))


def run(*args):
    result = subprocess.run([cli, "diff", *args], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


with tempfile.TemporaryDirectory() as tmp:
    for name, extra_b in (("a bigger run", ["--events", "12000"]), ("another shape", ["--events", "8000", "--tasks"])):
        a, b = os.path.join(tmp, "a.otf2"), os.path.join(tmp, "b.otf2")
        pa, pb = os.path.join(tmp, "a.json"), os.path.join(tmp, "b.json")
        for path in (a, b):
            for leftover in (path, path[:-5] + ".def"):
                if os.path.exists(leftover):
                    os.remove(leftover)
        subprocess.run([gen, "-o", a, "--seed", "4", "--events", "8000", "--mpi", "--profile", pa], check=True)
        subprocess.run([gen, "-o", b, "--seed", "4", "--mpi", "--profile", pb, *extra_b], check=True)
        want, only_a, only_b = expected(pa, pb)
        code, out, err = run("--json", a, b)
        check(f"{name}: diff --json exits 0", code == 0, err)
        got = json.loads(out, parse_float=Decimal)
        got_paths = {tuple(p["path"]): p for p in got["paths"]}
        check(f"{name}: the paths in both runs", set(got_paths) == set(want))
        check(f"{name}: paths in order", [tuple(p["path"]) for p in got["paths"]] == sorted(got_paths,
              key=lambda p: [n.encode() for n in p]))
        problems = []
        for path, figures in want.items():
            for figure, (va, vb, delta, relative) in figures.items():
                g = got_paths[path][figure]
                if (exact(g["a"]), exact(g["b"]), exact(g["delta"])) != (va, vb, delta):
                    problems.append(f"{path} {figure}: {g} != {(va, vb, delta)}")
                elif (relative is None) != (g["relative"] is None) or (
                        relative is not None and float(relative) != float(g["relative"])):
                    problems.append(f"{path} {figure} relative: {g['relative']} != {relative}")
        check(f"{name}: a, b and delta exact, relative the nearest double", not problems, "; ".join(problems[:3]))
        check(f"{name}: paths only in one run listed",
              ([tuple(p["path"]) for p in got["only_a"]], [tuple(p["path"]) for p in got["only_b"]]) == (only_a, only_b))

    # a path's condition: its inclusive time grew by its relative change
    path, figures = max(want.items(), key=lambda kv: kv[1]["inclusive_time"][3] or 0)
    percent = float(figures["inclusive_time"][3]) * 100
    joined = ";".join(path)
    code, _, err = run(a, b, "--fail-if", f"{joined} inclusive_time > {percent - 0.01:.4f}%")
    check("--fail-if on a path just below its change: exit 1", code == 1 and joined in err, err)
    code, _, err = run(a, b, "--fail-if", f"{joined} inclusive_time > {percent + 0.01:.4f}%")
    check("--fail-if on a path just above its change: exit 0", code == 0, err)
    code, _, err = run(a, b, "--fail-if", "calls > 1ms")
    check("--fail-if with a time for a count: exit 2", code == 2, err)
    code, _, err = run(a, b, "--fail-if", "response_time.p99 > 1%")
    check("--fail-if with a task's metric on call paths: exit 2", code == 2, err)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
