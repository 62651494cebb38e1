#!/usr/bin/env python3
"""Recomputes `chronoscope-cli blocking --json` from the raw BTF text,
independently of the C code, and compares it exactly, read whole and
lazily; a fixture with FILE.blocking.json beside it (worked out by hand)
must give that too.  With --generator, chrono-gen-btf writes traces and, from
its own bookkeeping, their FILE.blocking.json, which the reading and the
CLI must both give exactly; its --inversions traces must have waits whose
holder a third task preempted while it held the semaphore, the others none.

The rules: access events have the requesting process as source and the
semaphore as target (a line whose source is the semaphore itself is the
semaphore's own state).  One entry per requestsemaphore, in file order; an
access runs from it to the next `released` of the same (process, instance,
semaphore); wait = assigned − requested; held_by = the accesses assigned
on an earlier line and not yet released, sorted by (process, instance).

usage: btf-blocking-check.py CLI [--generator GEN] FILE_OR_DIR…   (what does not exist is skipped)"""
import collections
import json
import os
import subprocess
import sys
import tempfile

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
            rows = open_access.setdefault(key, [])  # a counting semaphore may be taken again before it is given back
            if event in ("requestsemaphore", "exclusivesemaphore"):
                entry = {"process": process, "instance": instance, "semaphore": semaphore, "requested": time,
                         "assigned": None, "wait": None,
                         "held_by": sorted(({"process": h["process"], "instance": h["instance"]} for h in held),
                                           key=lambda h: (h["process"], h["instance"]))}
                waits.append(entry)
                rows.append(entry)
            elif event == "assigned":
                waiting = [r for r in rows if r["assigned"] is None]
                if not waiting and any(r["assigned"] is not None for r in rows):
                    continue  # assigned again
                if not waiting:  # held since before the trace began: a holder that asked for nothing
                    rows.append({"process": process, "instance": instance, "assigned": None})
                    waiting = rows[-1:]
                waiting[-1]["assigned"] = time
                held.append(waiting[-1])
            elif event == "released":
                # the latest access it holds, else the latest it asked for
                closing = [r for r in rows if r["assigned"] is not None] or rows
                if closing:
                    rows.remove(closing[-1])
                    if closing[-1] in held:
                        held.remove(closing[-1])
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


def difference(got, wanted):
    first = next((i for i, (a, b) in enumerate(zip(got["waits"], wanted["waits"])) if a != b), None)
    pair = (got["waits"][first], wanted["waits"][first]) if first is not None else ("", "")
    return (f"{len(got['waits'])} waits, expected {len(wanted['waits'])}; "
            f"first difference at {first}: {pair[0]} != {pair[1]}")


def check(cli, path):
    problems = []
    wanted = expected_waits(path)
    by_hand, given = path + ".blocking.json", None
    if os.path.exists(by_hand):
        with open(by_hand, encoding="utf-8") as f:
            given = json.load(f)
        if given != wanted:
            problems.append(f"{path}: the checker disagrees with {by_hand}: {difference(wanted, given)}")
    for lazy in ("never", "always"):
        got = blocking(cli, path, lazy)
        if got != wanted:
            problems.append(f"{path} --lazy={lazy}: {difference(got, wanted)}")
        if given is not None and got != given:
            problems.append(f"{path} --lazy={lazy} is not {by_hand}: {difference(got, given)}")
    # a release that no request opened is a counted warning, never an entry
    said = subprocess.run([cli, "check", path], capture_output=True, text=True).stdout
    if ("releases" in said and "which it did not request" in said) != ("release_without_request" in path):
        problems.append(f"{path}: check says {said[:300]!r}")
    contended = sum(1 for w in wanted["waits"] if w["held_by"])
    print(f"{path}: {len(wanted['waits'])} requests, {contended} while held")
    return problems


# generated traces: options, and whether holders may be preempted by tasks (--inversions)
GENERATED = [([], False), (["--cores", "4", "--tasks", "12", "--seed", "7"], False),
             (["--inversions", "--seed", "5"], True), (["--timescale", "us", "--seed", "3"], False),
             (["--timescale", "ps", "--inversions", "--seed", "9"], True)]


def preempted_holders(path, waits):
    """How many contended waits saw a holder off its core while it held the semaphore (from the request to
    the earlier of the waiter's assignment and the holder's release), to a process other than the waiter's:
    (by a task, by an ISR, by either).  A holder neither waits nor polls, so whoever else was on its core had
    preempted it."""
    ticks_per_second, kinds, released, on_core, runs = 10**9, {}, collections.defaultdict(list), {}, \
        collections.defaultdict(list)
    last = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.lower().startswith("#timescale"):
                ticks_per_second = TICKS_PER_SECOND[line.split()[1]]
            if line.startswith("#") or not line.strip():
                continue
            fields = line.strip().split(",")
            time, last = int(fields[0]), int(fields[0])
            if fields[3] == "SEM" and fields[1] != fields[4] and fields[6] == "released":
                released[(fields[1], int(fields[2]), fields[4])].append(time)
            elif fields[3] in ("T", "I") and fields[1].startswith("Core_"):
                core, who = fields[1], (fields[4], int(fields[5]))
                kinds[fields[4]] = fields[3]
                if fields[6] in ("start", "resume", "poll_parking"):
                    on_core[core] = (time, who)
                elif fields[6] in ("preempt", "terminate", "wait", "park") and on_core.get(core, (0, None))[1] == who:
                    runs[core].append((on_core.pop(core)[0], time, who))
    for core, (since, who) in on_core.items():
        runs[core].append((since, last, who))
    core_of = {who[0]: core for core, spans in runs.items() for _, _, who in spans}
    by_task = by_isr = either = 0
    for w in waits:
        begin = round(w["requested"] * ticks_per_second)
        end = last if w["assigned"] is None else round(w["assigned"] * ticks_per_second)
        others = set()
        for h in w["held_by"]:
            holder = (h["process"], h["instance"])
            until = min([end] + [t for t in released[(*holder, w["semaphore"])] if t >= begin])
            others |= {who for since, to, who in runs.get(core_of.get(holder[0]), [])
                       if since < until and to > begin and who != holder and who[0] != w["process"]}
        by_task += any(kinds[p] == "T" for p, _ in others)
        by_isr += any(kinds[p] == "I" for p, _ in others)
        either += bool(others)
    return by_task, by_isr, either


def cli_inversions(cli, path, waits):
    """How many contended waits `life --json` calls an inversion, asking each waiting instance once."""
    count = 0
    for process, instance in sorted({(w["process"], w["instance"]) for w in waits if w["held_by"]}):
        run = subprocess.run([cli, "life", "--json", path, f"{process}#{instance}"], capture_output=True, text=True)
        if run.returncode == 0:
            count += sum(1 for w in json.loads(run.stdout)["waits"] if w["inversion"])
    return count


def generated(cli, generator, folder):
    """chrono-gen-btf's traces: its own --blocking JSON is what the CLI and the reading must give."""
    problems = []
    for n, (options, inversions) in enumerate(GENERATED):
        path = os.path.join(folder, f"generated-{n}.btf")
        subprocess.run([generator, "-o", path, "--blocking", path + ".blocking.json", *options], check=True)
        problems += check(cli, path)
        with open(path + ".blocking.json", encoding="utf-8") as f:
            waits = json.load(f)["waits"]
        by_task, by_isr, either = preempted_holders(path, waits)
        print(f"  {' '.join(options) or '(default)'}: {sum(1 for w in waits if w['held_by'])} contended, "
              f"holder preempted while holding by a task in {by_task}, by an ISR in {by_isr}")
        if (by_task > 0) != inversions:
            problems.append(f"{path} ({' '.join(options)}): {by_task} waits whose holder a task preempted")
        # an inversion is a holder preempted while it held and the waiter waited, not after its release
        flagged = cli_inversions(cli, path, waits)
        if flagged != either:
            problems.append(f"{path} ({' '.join(options)}): life calls {flagged} waits inversions, "
                            f"the trace has {either} whose holder another took the core from while holding")
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
    cli, rest, problems = sys.argv[1], sys.argv[2:], []
    if rest[:1] == ["--generator"]:
        with tempfile.TemporaryDirectory() as folder:
            problems += generated(cli, rest[1], folder)
        rest = rest[2:]
    for arg in rest:
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
