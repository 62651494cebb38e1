#!/usr/bin/env python3
"""Comparing runs and call paths on big inputs: `diff --json` of two BTF
runs of one system under two loads, and `profile --json` (summed and per
location) of an OTF2 archive of 64 locations, each with its wall time and
peak resident memory.  The inputs are the project's generators' (kept in
WORKDIR between runs; delete them to regenerate).

usage: compare.py WORKDIR GEN_BTF GEN_OTF2 CLI

CHRONO_BENCH_COMPARE_EVENTS (default 10M) sets each BTF run's events,
CHRONO_BENCH_PROFILE_EVENTS (default 4M) the archive's."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_btf import generated_btf, timed  # noqa: E402

workdir, gen_btf, gen_otf2, cli = sys.argv[1:5]


def events(variable, default):
    text = os.environ.get(variable, default)
    units = {"k": 10**3, "M": 10**6}
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


a = generated_btf(workdir, gen_btf, "CHRONO_BENCH_COMPARE_EVENTS", "compare-a")
b = generated_btf(workdir, gen_btf, "CHRONO_BENCH_COMPARE_EVENTS", "compare-b", ["--load", "115"])
n = events("CHRONO_BENCH_PROFILE_EVENTS", "4M")
archive = os.path.join(workdir, f"otf2-profile-{n}", "trace.otf2")
if not os.path.exists(archive):
    os.makedirs(os.path.dirname(archive), exist_ok=True)
    subprocess.run([gen_otf2, "--events", str(n), "--locations", "64", "--mpi", "-o", archive], check=True)
print(f"{n} events, 64 locations: {archive}\n")
print(f"{'command':34} {'seconds':>8} {'peak MB':>8}  output")
failed = 0
for name, args in (("diff --json (two BTF runs)", ["diff", "--json", a, b]),
                   ("profile --json", ["profile", "--json", archive]),
                   ("profile --json --per-location", ["profile", "--json", "--per-location", archive])):
    seconds, peak, code = timed(cli, *args)
    failed += code != 0
    print(f"{name:34} {seconds:8.2f} {peak:8.0f}  exit {code}", flush=True)
sys.exit(1 if failed else 0)
