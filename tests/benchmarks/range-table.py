#!/usr/bin/env python3
"""The Range page's table (200 ms) and find (100 ms) on a 10M-event BTF.
Generates the trace with the project's generator (kept in WORKDIR between
runs; delete it to regenerate), then runs the given benchmark program (range-table or find) on it.

usage: range-table.py WORKDIR GEN_BTF PROGRAM

CHRONO_BENCH_RANGE_EVENTS (default 10M) sets the number of events."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_btf import generated_btf  # noqa: E402

workdir, gen_btf, range_table = sys.argv[1:4]
path = generated_btf(workdir, gen_btf, "CHRONO_BENCH_RANGE_EVENTS", "range")
sys.exit(subprocess.run([range_table, path]).returncode)
