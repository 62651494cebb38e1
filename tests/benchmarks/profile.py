#!/usr/bin/env python3
"""The Profile page on a 4M-event, 64-location OTF2 archive (the call paths
of the visible range within 100 ms of the data being in memory).  The
archive is the project's generator's, kept in WORKDIR between runs (the
one the 'compare' benchmark reads; delete it to regenerate).

usage: profile.py WORKDIR GEN_OTF2 PROGRAM

CHRONO_BENCH_PROFILE_EVENTS (default 4M) sets the archive's events."""
import os
import subprocess
import sys

workdir, gen_otf2, program = sys.argv[1:4]
text = os.environ.get("CHRONO_BENCH_PROFILE_EVENTS", "4M")
units = {"k": 10**3, "M": 10**6}
n = int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)
archive = os.path.join(workdir, f"otf2-profile-{n}", "trace.otf2")
if not os.path.exists(archive):
    os.makedirs(os.path.dirname(archive), exist_ok=True)
    subprocess.run([gen_otf2, "--events", str(n), "--locations", "64", "--mpi", "-o", archive], check=True)
print(f"{n} events, 64 locations: {archive}\n", flush=True)
sys.exit(subprocess.run([program, archive]).returncode)
