#!/usr/bin/env python3
"""An archive read on one thread and on several is the same model: the
dump of each fixture and of generated archives with every kind of event
(calls, metrics, messages, collectives, marks, and hundreds of warnings),
read whole and lazily, with --reading-threads=1, 2 and 3.

    otf2-threads.py CLI GEN_OTF2 FIXTURES"""
import glob
import os
import subprocess
import sys
import tempfile

cli, gen, fixtures = sys.argv[1:4]
failures = 0


def dump(anchor, threads, lazy):
    result = subprocess.run([cli, "dump", f"--reading-threads={threads}", f"--lazy={lazy}", "--chunk-size=65536",
                             anchor], capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def check(anchor):
    global failures
    for lazy in ("never", "always"):
        one = dump(anchor, 1, lazy)
        for threads in (2, 3):
            other = dump(anchor, threads, lazy)
            ok = one == other and one[0] == 0 and one[1]
            failures += not ok
            print(("ok   " if ok else "FAIL ") + f"{os.path.basename(anchor)} read {lazy == 'never' and 'whole' or 'lazily'}"
                  f" on {threads} threads as on one" + ("" if ok else f"  (exit {one[0]} vs {other[0]})"))


anchors = sorted(glob.glob(os.path.join(fixtures, "*.otf2")))
with tempfile.TemporaryDirectory() as tmp:
    for name, options in (("calls", ["--locations", "5"]),
                          ("everything", ["--locations", "6", "--empty-locations", "1", "--metrics", "--mpi",
                                          "--duplicate-region-names", "--tasks"])):
        anchor = os.path.join(tmp, name + ".otf2")
        subprocess.run([gen, "-o", anchor, "--events", "60000", "--seed", "7", *options], check=True,
                       stdout=subprocess.DEVNULL)
        anchors.append(anchor)
    # a warning for each of 199 locations of the first thread's run (their
    # event files gone): more than a thread's own list kept once
    anchor = os.path.join(tmp, "many-warnings.otf2")
    subprocess.run([gen, "-o", anchor, "--events", "40000", "--locations", "400"], check=True,
                   stdout=subprocess.DEVNULL)
    for location in range(1, 200):
        os.remove(os.path.join(tmp, "many-warnings", f"{location}.evt"))
    anchors.append(anchor)
    for anchor in anchors:
        check(anchor)
print(f"{failures} failed")
sys.exit(1 if failures else 0)
