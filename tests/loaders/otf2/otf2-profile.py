#!/usr/bin/env python3
"""`profile --json` (call paths) and `profile --json --per-location` (with
load imbalance) against what the project's OTF2 generator wrote from its
own bookkeeping, on archives of every shape it makes; the fixtures against
their goldens; --range against the whole (every path's inclusive and
exclusive time add up over a cut of the run); and, on the generated
archives and the corpus, the paths against `info --json`'s regions, which
the reader counts as it reads, not from the spans the paths are walked in.

    otf2-profile.py CLI GEN_OTF2 FIXTURES_DIR CORPUS_DIR

CHRONO_UPDATE_GOLDEN=1 rewrites the fixtures' goldens."""
import decimal
import glob
import json
import os
import subprocess
import sys
import tempfile

cli, gen, fixtures, corpus = sys.argv[1:5]
failures = 0

SHAPES = [
    [],
    ["--mpi", "--metrics"],
    ["--leave-open"],
    ["--tasks"],
    ["--mpi", "--sends-inside", "--duplicate-region-names", "--local-defs"],
    ["--huge-ids", "--locations", "9", "--empty-locations", "2", "--depth", "8", "--mpi"],
    ["--wide-ids", "--tasks", "--leave-open", "--resolution", "3"],
]


def run(*args):
    out = subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def first_difference(want, got):
    """Where two documents first differ, briefly."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in want.keys() | got.keys():
            if want.get(key) != got.get(key):
                return f"{key}: " + first_difference(want.get(key), got.get(key))
    if isinstance(want, list) and isinstance(got, list):
        if len(want) != len(got):
            return f"{len(want)} entries expected, {len(got)} given"
        for i, (a, b) in enumerate(zip(want, got)):
            if a != b:
                return f"[{i}] " + first_difference(a, b)
    return f"expected {want!r}, given {got!r}"


def against_regions(name, anchor, resolution=None):
    """Σ over the paths ending in a region = the region's calls and inclusive time as info counts them: the
    paths' exact seconds added exactly, their nearest double info's (with a clock whose ticks are no
    decimal fractions of a second, in whole ticks)."""
    info = run("info", "--json", anchor)
    out = subprocess.run([cli, "profile", "--json", anchor], check=True, capture_output=True, text=True).stdout
    paths = json.loads(out, parse_float=decimal.Decimal)["paths"]
    by_region = {}
    for p in paths:
        calls, inclusive = by_region.get(p["path"][-1], (0, decimal.Decimal(0)))
        by_region[p["path"][-1]] = (calls + p["calls"], inclusive + p["inclusive_time"])
    exact = float if resolution is None else (lambda seconds: round(seconds * resolution))
    got = {region: (calls, exact(inclusive)) for region, (calls, inclusive) in by_region.items()}
    want = {r["name"]: (r["calls"], exact(decimal.Decimal(repr(r["inclusive_time"]))))
            for r in info["regions"] if r["calls"] > 0}
    check(f"{name}: paths add up to info's regions", want == got, first_difference(want, got))


def against_range(name, anchor):
    """Inclusive and exclusive time add up over a cut; a range over all of it is the whole."""
    info = run("info", "--json", anchor)
    whole = run("profile", "--json", anchor)["paths"]
    length_ns = round((info["end"] - info["begin"]) * 1e9)
    everything = run("profile", "--json", "--range", f"0ns..{length_ns + 1}ns", anchor)["paths"]
    check(f"{name}: a range over the whole run is the whole", everything == whole, first_difference(whole, everything))
    cut = length_ns // 3
    parts = [run("profile", "--json", "--range", r, anchor)["paths"]
             for r in (f"0ns..{cut}ns", f"{cut}ns..{length_ns + 1}ns")]
    sums = {}
    for part in parts:
        for p in part:
            inc, exc = sums.get(tuple(p["path"]), (0, 0))
            sums[tuple(p["path"])] = (inc + round(p["inclusive_time"] * 1e9), exc + round(p["exclusive_time"] * 1e9))
    ok = all(sums.get(tuple(p["path"]), (0, 0)) == (round(p["inclusive_time"] * 1e9), round(p["exclusive_time"] * 1e9))
             for p in whole)
    check(f"{name}: inclusive and exclusive time add up over a cut at a third", ok)


with tempfile.TemporaryDirectory() as tmp:
    for n, shape in enumerate(SHAPES):
        name = "generated " + (" ".join(shape) or "plain")
        anchor = os.path.join(tmp, f"g{n}.otf2")
        summed, per_location = os.path.join(tmp, f"g{n}.profile.json"), os.path.join(tmp, f"g{n}.per-location.json")
        subprocess.run([gen, "-o", anchor, "--seed", str(20 + n), "--events", "8000", *shape, "--profile", summed,
                        "--profile-per-location", per_location], check=True)
        for flags, expected in (([], summed), (["--per-location"], per_location)):
            want = json.load(open(expected))
            got = run("profile", "--json", *flags, anchor)
            check(f"{name}: profile --json {' '.join(flags)}", want == got, first_difference(want, got))
        resolution = int(shape[shape.index("--resolution") + 1]) if "--resolution" in shape else None
        against_regions(name, anchor, resolution)
        if resolution is None:
            against_range(name, anchor)

update = os.environ.get("CHRONO_UPDATE_GOLDEN") == "1"
for anchor in sorted(glob.glob(os.path.join(fixtures, "*.otf2"))):
    for flags, suffix in (([], ".profile.json"), (["--per-location"], ".profile-per-location.json")):
        golden = anchor + suffix
        text = subprocess.run([cli, "profile", "--json", *flags, anchor], check=True, capture_output=True,
                              text=True).stdout
        if update:
            open(golden, "w").write(text)
        check(f"fixture {os.path.basename(golden)}", os.path.exists(golden) and open(golden).read() == text)

anchors = sorted(glob.glob(os.path.join(corpus, "*", "*.otf2")))
for anchor in anchors:
    against_regions("corpus " + os.path.relpath(anchor, corpus), anchor)
if not anchors:
    print("(no OTF2 corpus at %s)" % corpus)
print("%d failed" % failures)
sys.exit(1 if failures else 0)
