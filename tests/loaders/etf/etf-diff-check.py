#!/usr/bin/env python3
"""`chronoscope-cli diff A.etf B.etf --json` against the figures the
project's TRACE generator wrote for each run from its own bookkeeping
(--stats): per resource in both, matched by name (an unnamed one as its
lane, "Resource N"), its claims, usage (Σ amount × seconds) and utilisation
(usage over capacity × the run's length) in each run, the difference and
its ratio to A's.  Claims exactly; usage, which the generator sums in
another order, to 1e-9 of its size.  Then --fail-if on a resource's figure.

    etf-diff-check.py CLI GEN_ETF"""
import json
import os
import subprocess
import sys
import tempfile

cli, gen = sys.argv[1:3]
failures = 0
TOLERANCE = 1e-9


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def close(want, got, scale):
    return abs(want - got) <= TOLERANCE * max(abs(scale), 1e-300)


def figures(stats):
    length = stats["end"] - stats["begin"]
    out = {}
    for r in stats["resources"]:
        name = r["name"] or f"Resource {r['id']}"
        utilisation = r["usage"] / (r["capacity"] * length) if r["capacity"] > 0 and length > 0 else 0.0
        out[name] = {"claims": r["claims"], "usage": r["usage"], "utilisation": utilisation}
    return out


def run(*args):
    result = subprocess.run([cli, "diff", *args], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


with tempfile.TemporaryDirectory() as tmp:
    paths = {}
    for name, claims in (("a", "4000"), ("b", "6000")):
        paths[name] = os.path.join(tmp, name + ".etf")
        subprocess.run([gen, "-o", paths[name], "--seed", "2", "--claims", claims, "--stats",
                        os.path.join(tmp, name + ".json")], check=True, capture_output=True)
    want_a = figures(json.load(open(os.path.join(tmp, "a.json"))))
    want_b = figures(json.load(open(os.path.join(tmp, "b.json"))))
    code, out, err = run("--json", paths["a"], paths["b"])
    check("diff --json exits 0", code == 0, err)
    got = {r["name"]: r for r in json.loads(out)["resources"]}
    check("every resource of both runs, by name", set(got) == set(want_a) & set(want_b), f"{sorted(got)}")
    problems = []
    for name, g in got.items():
        for figure in ("claims", "usage", "utilisation"):
            a, b = want_a[name][figure], want_b[name][figure]
            f = g[figure]
            exact = figure == "claims"
            ok = (f["a"], f["b"], f["delta"]) == (a, b, b - a) if exact else (
                close(a, f["a"], a) and close(b, f["b"], b) and close(b - a, f["delta"], max(a, b)))
            ok = ok and close((b - a) / a, f["relative"], 1.0) if a else ok and f["relative"] is None
            if not ok:
                problems.append(f"{name} {figure}: {f} != {(a, b)}")
    check("claims exact, usage and utilisation to their rounding, relative changes", not problems,
          "; ".join(problems[:3]))
    name = max(got, key=lambda n: got[n]["usage"]["relative"] or 0)
    percent = got[name]["usage"]["relative"] * 100
    code, _, err = run(paths["a"], paths["b"], "--fail-if", f"{name} usage > {percent - 0.01:.4f}%")
    check("--fail-if on a resource's usage just below its change: exit 1", code == 1 and name in err, err)
    code, _, err = run(paths["a"], paths["b"], "--fail-if", f"usage > {percent + 0.01:.4f}%")
    check("--fail-if above every change: exit 0", code == 0, err)
    code, _, err = run(paths["a"], paths["b"], "--fail-if", "response_time.p99 > 1%")
    check("--fail-if with a task's metric on resources: exit 2", code == 2, err)
    code, _, err = run(paths["a"], paths["b"], "--range-a", "0s..1s")
    check("a range on a trace of claims is refused: exit 2", code == 2 and "range" in err, err)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
