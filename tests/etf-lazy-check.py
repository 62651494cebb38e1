#!/usr/bin/env python3
"""A TRACE file read lazily (index pass, start-order pass, windows decoded on
demand) reports what it reports read whole: `info --json` is the same but for
the critical path, which a lazy read declines (null, and a note on stderr),
and a picture of the whole trace, where every window is decoded, is the same
PNG byte for byte.  On generated files in end order, shuffled, with offsets,
and on every TRACE fixture.

usage: etf-lazy-check.py CLI GEN_ETF WORKDIR FIXTURE_FOLDER"""
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
        pictures = []
        for mode in ("always", "never"):
            out = os.path.join(tmp, mode + ".png")
            run(["export", "--lazy=" + mode, path, "-o", out, "--size", "900x500"])
            pictures.append(open(out, "rb").read())
        if pictures[0] != pictures[1]:
            problems.append("the exported pictures differ")
        failures += bool(problems)
        print(("FAIL " if problems else "ok   ") + os.path.basename(path) + "".join("\n     " + p for p in problems))
print("%d files, %d differ" % (len(paths), failures))
sys.exit(1 if failures or not paths else 0)
