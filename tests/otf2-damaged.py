#!/usr/bin/env python3
"""An OTF2 archive with a missing and a truncated event file loads what is
there, with a warning naming each damaged location, never a crash.

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
for line in failures:
    print("FAIL", line)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
