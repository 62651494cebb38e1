#!/usr/bin/env python3
"""Blocking on semaphores on a big BTF: `blocking --json` read whole and
lazily, `stats --json` (its semaphore_wait, semaphore_hold), and the
export of the whole trace whose semaphore rows draw every hold and wait
(read whole and lazily), each with its wall time and peak resident memory.  The trace is the project's
generator's, with --inversions (kept in WORKDIR between runs; delete it to
regenerate).

usage: blocking.py WORKDIR GEN_BTF CLI

CHRONO_BENCH_BLOCKING_EVENTS (default 10M) sets the number of events."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_btf import generated_btf, timed  # noqa: E402

workdir, gen_btf, cli = sys.argv[1:4]
path = generated_btf(workdir, gen_btf, "CHRONO_BENCH_BLOCKING_EVENTS", "blocking", ["--inversions"])
print(f"{'command':34} {'seconds':>8} {'peak MB':>8}  output")


failed = 0
for name, args in (("blocking --json (whole)", ["blocking", "--json", "--lazy=never", path]),
                   ("blocking --json (lazy)", ["blocking", "--json", "--lazy=always", path]),
                   ("stats --json", ["stats", "--json", path]),
                   ("export, semaphore rows (whole)", ["export", "--lazy=never", "--force", "--size", "1600x0", path,
                                                       "-o", os.path.join(workdir, "blocking-whole.png")]),
                   ("export, semaphore rows (lazy)", ["export", "--lazy=always", "--force", "--size", "1600x0", path,
                                                      "-o", os.path.join(workdir, "blocking-lazy.png")])):
    seconds, peak, code = timed(cli, *args)
    failed += code != 0
    print(f"{name:34} {seconds:8.2f} {peak:8.0f}  exit {code}", flush=True)
sys.exit(1 if failed else 0)
