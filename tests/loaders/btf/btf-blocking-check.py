#!/usr/bin/env python3
"""Recomputes `chronoscope-cli blocking --json` from the raw BTF text,
independently of the C code, and compares it exactly, read whole and
lazily; a fixture with FILE.blocking.json beside it (worked out by hand)
must give that too.

The rules: access events have the requesting process as source and the
semaphore as target (a line whose source is the semaphore itself is the
semaphore's own state).  One entry per requestsemaphore, in file order; an
access runs from it to the next `released` of the same (process, instance,
semaphore); wait = assigned − requested; held_by = the accesses assigned
on an earlier line and not yet released, sorted by (process, instance).

usage: btf-blocking-check.py CLI FILE_OR_DIR…   (what does not exist is skipped)"""
import json
import os
import subprocess
import sys

TICKS_PER_SECOND = {"ps": 10**12, "ns": 10**9, "us": 10**6, "ms": 10**3, "s": 1}


def expected_waits(path):
    ticks_per_second = 10**9
    waits, open_access, holding = [], {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.lower().startswith("#timescale"):
                ticks_per_second = TICKS_PER_SECOND[line.split()[1]]
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(",")]
            if len(fields) < 7 or fields[3].upper() != "SEM" or fields[1] == fields[4]:
                continue
            time, process, instance, semaphore, event = int(fields[0]), fields[1], int(fields[2]), fields[4], fields[6]
            key, held = (process, instance, semaphore), holding.setdefault(semaphore, [])
            if event == "requestsemaphore":
                entry = {"process": process, "instance": instance, "semaphore": semaphore, "requested": time,
                         "assigned": None, "wait": None,
                         "held_by": sorted(({"process": p, "instance": i} for p, i in held),
                                           key=lambda h: (h["process"], h["instance"]))}
                waits.append(entry)
                open_access[key] = entry
            elif event == "assigned" and key in open_access and open_access[key]["assigned"] is None:
                open_access[key]["assigned"] = time
                held.append((process, instance))
            elif event == "released" and key in open_access:
                access = open_access.pop(key)
                if access["assigned"] is not None:
                    held.remove((process, instance))
    for w in waits:
        if w["assigned"] is not None:
            w["wait"] = (w["assigned"] - w["requested"]) / ticks_per_second
            w["assigned"] /= ticks_per_second
        w["requested"] /= ticks_per_second
    return {"format": "btf", "waits": waits}


def blocking(cli, path, lazy):
    run = subprocess.run([cli, "blocking", "--json", f"--lazy={lazy}", path], capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(f"{path}: blocking exit {run.returncode}: {run.stderr}")
    return json.loads(run.stdout)


def check(cli, path):
    problems = []
    wanted = expected_waits(path)
    by_hand = path + ".blocking.json"
    if os.path.exists(by_hand):
        with open(by_hand, encoding="utf-8") as f:
            if json.load(f) != wanted:
                problems.append(f"{path}: the checker disagrees with {by_hand}")
    for lazy in ("never", "always"):
        got = blocking(cli, path, lazy)
        if got != wanted:
            first = next((i for i, (a, b) in enumerate(zip(got["waits"], wanted["waits"])) if a != b), None)
            problems.append(f"{path} --lazy={lazy}: {len(got['waits'])} waits, expected {len(wanted['waits'])}; "
                            f"first difference at {first}: {got['waits'][first] if first is not None else ''} "
                            f"!= {wanted['waits'][first] if first is not None else ''}")
    # a release that no request opened is a counted warning, never an entry
    said = subprocess.run([cli, "check", path], capture_output=True, text=True).stdout
    if ("releases" in said and "which it did not request" in said) != ("release_without_request" in path):
        problems.append(f"{path}: check says {said[:300]!r}")
    contended = sum(1 for w in wanted["waits"] if w["held_by"])
    print(f"{path}: {len(wanted['waits'])} requests, {contended} while held")
    return problems


def requirements(cli, fixture):
    """semaphore_wait, semaphore_hold and inversions are metrics a requirements file limits like the others."""
    if not os.path.exists(fixture):
        return []
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".req", delete=False) as req:
        req.write("Task_High semaphore_wait <= 1ms\nTask_High semaphore_wait <= 6ms\nTask_Low semaphore_hold <= 7ms\n"
                  "Task_High inversions <= 0\nTask_Low inversions <= 0\n")
    try:
        run = subprocess.run([cli, "check", "--requirements", req.name, fixture], capture_output=True, text=True)
    finally:
        os.unlink(req.name)
    said = run.stdout.strip().splitlines()
    if (run.returncode != 1 or len(said) != 2 or "Task_High semaphore_wait <= 1ms: 5.7 ms" not in said[0]
            or "Task_High inversions <= 0: 1 at 2 ms (#0)" not in said[1]):
        return [f"{fixture}: requirements: exit {run.returncode}, said {said}"]
    return []


# life --json "waits", worked out from the fixtures' stories (README-expected.txt): who had
# the holder's core while it was preempted in the wait, and whether someone else than the
# waiter did (an inversion)
LIFE_WAITS = {
    ("inversion.btf", "Task_High#0"): [
        {"semaphore": "SEM_Res", "requested": 0.0023, "assigned": 0.008, "wait": 0.0057,
         "held_by": [{"process": "Task_Low", "instance": 0, "holder_preempted_by": [
             {"process": "Task_High", "instance": 0, "time": 0.00001},
             {"process": "Task_Mid", "instance": 0, "time": 0.0042}]}],
         "inversion": True}],
    ("chain.btf", "Task_A#0"): [
        {"semaphore": "SEM_1", "requested": 0.00025, "assigned": 0.00075, "wait": 0.0005,
         "held_by": [{"process": "Task_B", "instance": 0, "holder_preempted_by": [
             {"process": "Task_A", "instance": 0, "time": 0.00001}]}],
         "inversion": False}],
    ("never_assigned.btf", "Task_Waiter#0"): [
        {"semaphore": "SEM_Log", "requested": 0.0004, "assigned": None, "wait": None,
         "held_by": [{"process": "Task_Holder", "instance": 0, "holder_preempted_by": [
             {"process": "Task_Other", "instance": 1, "time": 0.00015}]}],
         "inversion": True}],
}
SENTENCE = ("Blocked: waited 5.7 ms on SEM_Res held by Task_Low #0, which Task_Mid #0 preempted for 4.2 ms"
            " — priority inversion")


def life_waits(cli, folder):
    problems = []
    for (name, instance), want in LIFE_WAITS.items():
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        got = json.loads(subprocess.run([cli, "life", "--json", path, instance], capture_output=True,
                                        text=True).stdout)["waits"]
        if got != want:
            problems.append(f"{path} {instance}: life waits {got} != {want}")
    text = subprocess.run([cli, "life", os.path.join(folder, "inversion.btf"), "Task_High#0"], capture_output=True,
                          text=True).stdout
    if os.path.exists(os.path.join(folder, "inversion.btf")) and SENTENCE not in text:
        problems.append(f"life of Task_High#0 does not say {SENTENCE!r}: {text[-300:]}")
    return problems


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli, problems = sys.argv[1], []
    for arg in sys.argv[2:]:
        if os.path.isdir(arg):
            paths = sorted(os.path.join(arg, n) for n in os.listdir(arg) if n.endswith(".btf"))
            problems += life_waits(cli, arg)
        else:
            paths = [arg] if os.path.exists(arg) else []
        for path in paths:
            problems += check(cli, path)
            if path.endswith("blocking/inversion.btf"):
                problems += requirements(cli, path)
    for p in problems:
        print("FAIL", p)
    print(f"{len(problems)} failures")
    return 1 if problems else 0


sys.exit(main())
