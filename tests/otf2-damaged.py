#!/usr/bin/env python3
"""An OTF2 archive with a missing and a truncated event file loads what is
there, with a warning naming each damaged location, never a crash; so do
archives with records no writer should write (the generator's --hostile
kinds): each is a counted warning, whole and lazy reads agree, and no
figure is negative.

usage: otf2-damaged.py CLI GEN_OTF2"""
import json
import os
import subprocess
import sys
import tempfile

cli, generator = sys.argv[1], sys.argv[2]
failures = []
with tempfile.TemporaryDirectory() as tmp:
    anchor = os.path.join(tmp, "run.otf2")
    subprocess.run([generator, "--locations", "4", "--events", "4000", "--mpi", "-o", anchor], check=True)
    events = os.path.join(tmp, "run")
    os.remove(os.path.join(events, "1.evt"))
    with open(os.path.join(events, "2.evt"), "r+b") as f:
        size = os.path.getsize(f.name)
        f.truncate(size // 2)
    for lazy in ("never", "always"):
        if lazy == "never":
            check = subprocess.run([cli, "check", anchor], capture_output=True, text=True)
            said = check.stdout + check.stderr
            if check.returncode != 1 or "location 1" not in said or "location 2" not in said or "[OTF2]" in said:
                failures.append(f"check: exit {check.returncode}, says: {said}")
        info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
        try:
            data = json.loads(info.stdout)
            enters = {loc["id"]: loc["enters"] for loc in data["locations"]}
            untouched = [n for loc, n in enters.items() if loc not in (1, 2)]
            if enters.get(1) != 0 or not untouched or 0 in untouched:
                failures.append(f"--lazy={lazy}: enters per location {enters}")
        except (ValueError, KeyError) as error:
            failures.append(f"info --json --lazy={lazy}: {error}: {info.stdout[:200]}{info.stderr}")
HOSTILE = {
    "undefined-region": ([], ["undefined region: 2"]),
    "far-regions": ([], ["undefined region: 4"]),
    "wrap-time": ([], ["time goes back: 1", "time out of range: 1"]),
    "leave-before-enter": ([], ["time goes back: 1"]),
    "duplicate-location": ([], ["location 0 is defined twice"]),
    "bad-mapping": (["--local-defs"], ["undefined region: "]),
    "clock-past-2^63": (["--local-defs"], ["time out of range: "]),
}


def hostile(kind, options, said_expected):
    with tempfile.TemporaryDirectory() as tmp:
        anchor = os.path.join(tmp, "run.otf2")
        subprocess.run([generator, "--locations", "2", "--events", "400", "--hostile", kind, *options, "-o", anchor],
                       check=True)
        check = subprocess.run([cli, "check", anchor], capture_output=True, text=True)
        said = check.stdout + check.stderr
        missing = [words for words in said_expected if words not in said]
        if check.returncode != 1 or missing or "CRITICAL" in said:
            failures.append(f"{kind}: check exit {check.returncode}, {missing} not said: {said}")
        reads = {}
        for lazy in ("never", "always"):
            info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
            if info.returncode not in (0, 1) or info.stderr:
                failures.append(f"{kind} --lazy={lazy}: exit {info.returncode}: {info.stderr[:300]}")
                continue
            data = reads[lazy] = json.loads(info.stdout)
            negative = [r["name"] for r in data["regions"] if r["inclusive_time"] < 0]
            if negative or data["begin"] > data["end"] or len(data["locations"]) != 2:
                failures.append(f"{kind} --lazy={lazy}: negative times {negative}, {data['begin']}..{data['end']}")
        if len(reads) == 2 and reads["never"] != reads["always"]:
            failures.append(f"{kind}: whole and lazy reads differ")


for kind, (options, said_expected) in HOSTILE.items():
    hostile(kind, options, said_expected)
for line in failures:
    print("FAIL", line)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
