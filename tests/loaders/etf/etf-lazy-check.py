#!/usr/bin/env python3
"""A TRACE file read lazily (index pass, start-order pass, windows decoded on
demand) reports what it reports read whole: `check` tells the same problems,
`info --json` is the same but for
the critical path, which a lazy read declines (null, and a note on stderr),
and a picture of the whole trace, where every window is decoded, is the same
PNG byte for byte.  On generated files in end order, shuffled, with offsets,
and on every TRACE fixture; the generated ones also cut into many windows
(--chunk-size): the same figures, and the same pictures of their events and
signals, whole and zoomed in.

usage: etf-lazy-check.py CLI GEN_ETF WORKDIR FIXTURE_FOLDER"""
import difflib
import glob
import json
import os
import subprocess
import sys
import tempfile

cli, gen, fixtures = sys.argv[1], sys.argv[2], sys.argv[4]
GENERATED = {
    "end-order": [],
    "shuffled": ["--shuffle", "4000", "--offsets", "--seed", "13"],
    "offsets-ms": ["--offsets", "--unit", "MILLISECONDS", "--seed", "5"],
    "nanoseconds": ["--unit", "NANOSECONDS", "--seed", "9", "--claims", "20000"],
}


def run(args):
    return subprocess.run([cli] + args, check=True, capture_output=True, text=True)


failures = 0
with tempfile.TemporaryDirectory(dir=sys.argv[3]) as tmp:
    no_claims = os.path.join(tmp, "no-claims.chronoscope.json")
    with open(no_claims, "w") as view_file:
        json.dump({"chronoscope_view": 1, "hidden": [["Activities"], ["Resources"]]}, view_file)
    paths = []
    for name, options in GENERATED.items():
        path = os.path.join(tmp, name + ".etf")
        subprocess.run([gen, *options, "-o", path], check=True, stdout=subprocess.DEVNULL)
        paths.append(path)
    paths += sorted(glob.glob(os.path.join(fixtures, "*.etf")))
    for path in paths:
        whole = json.loads(run(["info", "--json", "--lazy=never", path]).stdout)
        lazy_run = run(["info", "--json", "--lazy=always", path])
        lazy = json.loads(lazy_run.stdout)
        problems = []
        if lazy.pop("critical_path") is not None or "critical path" not in lazy_run.stderr:
            problems.append("the lazy read must decline the critical path, and say so")
        whole.pop("critical_path")
        if lazy != whole:
            problems.append("info --json differs: %s" % sorted(k for k in whole if whole[k] != lazy.get(k)))
        # every warning, with its line and its words, not only their count
        told = [subprocess.run([cli, "check", mode, path], capture_output=True, text=True).stdout
                for mode in ("--lazy=never", "--lazy=always")]
        if told[0] != told[1]:
            problems.append("check tells other problems read lazily:\n" + "".join(
                difflib.unified_diff(told[0].splitlines(True), told[1].splitlines(True), "whole", "lazy")))
        # a generated file in many windows (small blocks), whole and zoomed in
        # (a dozen: fewer than the chunks an export decodes rather than summarise)
        many = ["--chunk-size=%d" % max(65536, os.path.getsize(path) // 12)] if path.startswith(tmp) else []
        if many:
            lazy_many = json.loads(run(["info", "--json", "--lazy=always", *many, path]).stdout)
            lazy_many.pop("critical_path")
            if lazy_many != whole:
                problems.append("info --json of many windows differs: %s"
                                % sorted(k for k in whole if whole[k] != lazy_many.get(k)))
        # one window; then many, showing the events and signals they split
        # (claims at a window's edge may differ by a column: a known seam)
        views = [([], [])]
        if many:
            zoom = ["--range", "%g..%g" % (whole["end"] * 0.4, whole["end"] * 0.45)]
            views += [(many, ["--view", no_claims]), (many, ["--view", no_claims, *zoom])]
        for chunks, view in views:
            pictures = []
            for mode in (["--lazy=always", *chunks], ["--lazy=never"]):
                out = os.path.join(tmp, "picture.png")
                run(["export", *mode, *view, path, "-o", out, "--force", "--size", "900x500"])
                pictures.append(open(out, "rb").read())
            if pictures[0] != pictures[1]:
                problems.append("the exported pictures differ" + (" in many windows %s" % view[2:] if view else ""))
        failures += bool(problems)
        print(("FAIL " if problems else "ok   ") + os.path.basename(path) + "".join("\n     " + p for p in problems))
print("%d files, %d differ" % (len(paths), failures))
sys.exit(1 if failures or not paths else 0)
