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
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_btf import generated_btf  # noqa: E402

workdir, gen_btf, cli = sys.argv[1:4]
path = generated_btf(workdir, gen_btf, "CHRONO_BENCH_BLOCKING_EVENTS", "blocking", ["--inversions"])
print(f"{'command':34} {'seconds':>8} {'peak MB':>8}  output")


def timed(*args):
    """Wall seconds and peak RSS of one run (a child of its own, so its peak alone)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            os.execv(cli, [cli, *args])
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


failed = 0
for name, args in (("blocking --json (whole)", ["blocking", "--json", "--lazy=never", path]),
                   ("blocking --json (lazy)", ["blocking", "--json", "--lazy=always", path]),
                   ("stats --json", ["stats", "--json", path]),
                   ("export, semaphore rows (whole)", ["export", "--lazy=never", "--force", "--size", "1600x0", path,
                                                       "-o", os.path.join(workdir, "blocking-whole.png")]),
                   ("export, semaphore rows (lazy)", ["export", "--lazy=always", "--force", "--size", "1600x0", path,
                                                      "-o", os.path.join(workdir, "blocking-lazy.png")])):
    seconds, peak, code = timed(*args)
    failed += code != 0
    print(f"{name:34} {seconds:8.2f} {peak:8.0f}  exit {code}", flush=True)
sys.exit(1 if failed else 0)
