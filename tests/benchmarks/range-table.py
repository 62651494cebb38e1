#!/usr/bin/env python3
"""The Range page's table (200 ms) and find (100 ms) on a 10M-event BTF.
Generates the trace with the project's generator (kept in WORKDIR between
runs; delete it to regenerate), then runs the given benchmark program (range-table or find) on it.

usage: range-table.py WORKDIR GEN_BTF PROGRAM

CHRONO_BENCH_RANGE_EVENTS (default 10M) sets the number of events."""
import os
import subprocess
import sys

workdir, gen_btf, range_table = sys.argv[1:4]
text = os.environ.get("CHRONO_BENCH_RANGE_EVENTS", "10M")
units = {"k": 10**3, "M": 10**6}
events = int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)
os.makedirs(workdir, exist_ok=True)
path = os.path.join(workdir, f"btf-range-{events}.btf")
if not os.path.exists(path):
    subprocess.run([gen_btf, "--events", str(events), "--cores", "4", "--tasks", "12", "-o", path + ".part"],
                   check=True, stdout=subprocess.DEVNULL)
    os.rename(path + ".part", path)
print(f"{events} events, {os.path.getsize(path) / 1e6:.0f} MB: {path}\n", flush=True)
sys.exit(subprocess.run([range_table, path]).returncode)
