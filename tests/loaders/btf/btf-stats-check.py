#!/usr/bin/env python3
"""Recomputes the timing metrics of `chronoscope-cli stats --json` from the
raw BTF text, independently of the C code, and compares them exactly.

The definitions are the README's, read straight off the events: an instance is
opened by `activate` (another `activate` of an open instance restarts it) and
closed by `terminate`; response_time = terminate − activate; for instances
that ran, start_delay = first start/resume/run − activate, gross_execution =
terminate − that start, net_execution = time RUNNING (entered by start,
resume, run; left by any other state change), interference = time READY
after the first start, preemptions = preempt events since the activation.
Jitters: |distance of successive activations (terminations) − period|, the
period being the median (nearest rank) distance of the activations.
Percentiles by nearest rank; worst_at = activation of the first maximum.

usage: btf-stats-check.py CLI [--generator GEN] FILE_OR_DIR…
       btf-stats-check.py --self-test FIXTURE   (the checker against hand-checked figures)
Files that do not exist are skipped (the corpus is optional)."""
import csv
import gzip
import io
import json
import math
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from fractions import Fraction

UNITS = {"ps": 10**12, "ns": 10**9, "us": 10**6, "ms": 10**3, "s": 1}
RUNNING_EVENTS = {"start", "resume", "run"}
STATE_OF = {"preempt": "READY", "release": "READY", "release_parking": "READY", "poll": "POLLING",
            "poll_parking": "POLLING", "park": "PARKING", "wait": "WAITING"}
METRICS = ["response_time", "start_delay", "gross_execution", "net_execution", "interference", "preemptions",
           "activation_jitter", "response_jitter", "semaphore_wait", "semaphore_hold"]


def open_text(path):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as inflated:
            try:
                raw = inflated.read()
            except EOFError:  # a cut-off file: what was there, as the loader reads it
                raw = b""

    return raw.decode("utf-8-sig", errors="replace")


def task_name(target):
    """The FreeRTOS dialect's "[core/id]Name" is the task "Name [id]"."""
    if target.startswith("[") and "/" in target and "]" in target:
        core, rest = target[1:].split("/", 1)
        ident, name = rest.split("]", 1)
        if core.isdigit() and ident.isdigit() and name:
            return f"{name} [{ident}]"
    return target


class Life:
    def __init__(self, time, line):
        self.activated, self.line = time, line
        self.started = None
        self.state, self.since = "ACTIVE", time
        self.net = self.interference = self.preemptions = 0

    def leave(self, time):
        if self.state == "RUNNING":
            self.net += time - self.since
        elif self.state == "READY" and self.started is not None and self.since >= self.started:
            self.interference += time - self.since

    def enter(self, state, time):
        if state == self.state:
            return
        self.leave(time)
        self.state, self.since = state, time


class Accesses:
    """Semaphore accesses by (process, instance): an access runs from its
    requestsemaphore (exclusivesemaphore in BTF 2.1; or an assignment with
    none) to a released of the same process instance and semaphore, which
    closes the latest access it holds; Σ assigned − requested and
    Σ released − assigned of each instance that made one."""

    def __init__(self):
        self.open, self.sums = {}, {}

    def feed(self, row, time, event):
        process, instance, semaphore = task_name(row[1].strip()), row[2].strip(), row[4].strip()
        key, who = (process, instance, semaphore), (process, instance)
        rows = self.open.setdefault(key, [])  # a counting semaphore may be taken again before it is given back
        if event in ("requestsemaphore", "exclusivesemaphore"):
            rows.append({"requested": time, "assigned": None})
            self.sums.setdefault(who, [0, 0])
        elif event == "assigned":
            waiting = [a for a in rows if a["assigned"] is None]
            if not waiting and rows:
                return  # assigned again
            if not waiting:  # held since before the trace began
                rows.append({"requested": None, "assigned": None})
                waiting = rows[-1:]
                self.sums.setdefault(who, [0, 0])
            waiting[-1]["assigned"] = time
            if waiting[-1]["requested"] is not None:
                self.sums[who][0] += time - waiting[-1]["requested"]
        elif event == "released":
            closing = [a for a in rows if a["assigned"] is not None] or rows
            if closing:
                rows.remove(closing[-1])
                if closing[-1]["assigned"] is not None:
                    self.sums[who][1] += time - closing[-1]["assigned"]


def read_instances(path):
    """(name, type) → complete instances as dicts of ticks, and ticks per second."""
    scale = UNITS["ns"]
    open_lives, done = {}, {}
    accesses = Accesses()
    for number, row in enumerate(csv.reader(io.StringIO(open_text(path))), start=1):
        if not row:
            continue
        if row[0].startswith("#"):
            key, _, value = row[0][1:].partition(" ")
            if key.lower() == "timescale" and value.strip() in UNITS:
                scale = UNITS[value.strip()]
            continue
        if (len(row) >= 7 and row[3].strip() == "SEM" and row[0].strip().isdigit()
                and row[1].strip() != row[4].strip()):
            accesses.feed(row, int(row[0]), row[6].strip().lower())
            continue
        if len(row) < 7 or row[3].strip() not in ("T", "I", "ISR") or not row[0].strip().isdigit():
            continue
        time, event = int(row[0]), row[6].strip().lower()
        entity = (task_name(row[4].strip()), "T" if row[3].strip() == "T" else "ISR")
        done.setdefault(entity, [])  # every task and ISR is listed, measured or not
        key = (entity, row[5].strip())
        life = open_lives.get(key)
        if event == "activate":
            open_lives[key] = Life(time, number)
            continue
        if life is None:
            continue
        if event in RUNNING_EVENTS:
            if life.started is None:
                life.started = time
            life.enter("RUNNING", time)
        elif event == "terminate":
            life.leave(time)
            del open_lives[key]
            ran = life.started is not None
            done[entity].append({
                "number": key[1], "activated": life.activated, "terminated": time, "line": life.line,
                "response_time": time - life.activated,
                "start_delay": life.started - life.activated if ran else None,
                "gross_execution": time - life.started if ran else None,
                "net_execution": life.net if ran else None,
                "interference": life.interference if ran else None,
                "preemptions": life.preemptions if ran else None})
        elif event in STATE_OF:
            if event == "preempt":
                life.preemptions += 1
            life.enter(STATE_OF[event], time)
    for entity, lives in done.items():
        add_jitters(lives)
        for life in lives:
            sums = accesses.sums.get((entity[0], life["number"]))
            life["semaphore_wait"], life["semaphore_hold"] = sums if sums else (None, None)
    return done, scale


def nearest_rank(values, percent):
    ordered = sorted(values)
    return ordered[max(1, math.ceil(percent * len(ordered) / 100)) - 1]


def add_jitters(lives):
    lives.sort(key=lambda life: life["activated"])  # stable: file order on ties
    distances = [b["activated"] - a["activated"] for a, b in zip(lives, lives[1:])]
    period = nearest_rank(distances, 50) if distances else None
    for i, life in enumerate(lives):
        if i == 0 or not period:
            life["activation_jitter"] = life["response_jitter"] = None
        else:
            life["activation_jitter"] = abs(distances[i - 1] - period)
            life["response_jitter"] = abs(life["terminated"] - lives[i - 1]["terminated"] - period)
    for life in lives:
        life["period"] = period


def summary(lives, metric, scale):
    pairs = [(life[metric], life["activated"]) for life in lives if life[metric] is not None]
    seconds = (lambda v: v) if metric == "preemptions" else (lambda v: Fraction(v, scale))
    if not pairs:
        return {"count": 0, **{k: None for k in ("min", "max", "mean", "p50", "p95", "p99", "worst_at")}}
    values = [v for v, _ in pairs]
    worst = max(values)
    return {"count": len(values), "min": seconds(min(values)), "max": seconds(worst),
            "mean": seconds(Fraction(sum(values), len(values))),
            "p50": seconds(nearest_rank(values, 50)), "p95": seconds(nearest_rank(values, 95)),
            "p99": seconds(nearest_rank(values, 99)),
            "worst_at": Fraction(next(a for v, a in pairs if v == worst), scale)}


def expected(path, entity=None, window=None):
    lives_by_entity, scale = read_instances(path)
    out = []
    for (name, kind), lives in sorted(lives_by_entity.items()):
        if entity is not None and name != entity:
            continue
        if window is not None:
            lives = [life for life in lives if window[0] <= life["activated"] < window[1]]
            add_jitters(lives)
        item = {"name": name, "type": kind}
        for metric in METRICS:
            item[metric] = summary(lives, metric, scale)
        out.append(item)
    return out, scale


def same(want, got, mean):
    if want is None or got is None:
        return want is None and got is None
    got = Fraction(Decimal(got))
    if want == got:
        return True
    # a mean that is no whole tick is printed as the nearest double
    return mean and abs(want - got) <= abs(want) * Fraction(1, 10**15)


def compare(path, want, got, problems):
    names = [(e["name"], e["type"]) for e in got.get("entities", [])]
    if names != [(e["name"], e["type"]) for e in want]:
        problems.append(f"{path}: entities {names} != {[(e['name'], e['type']) for e in want]}")
        return
    for w, g in zip(want, got["entities"]):
        for metric in METRICS:
            for key, value in w[metric].items():
                if key == "count":
                    ok = g[metric]["count"] == value
                else:
                    ok = same(value, g[metric][key], key == "mean")
                if not ok:
                    problems.append(f"{path}: {w['name']} {metric}.{key}: expected {value}, got {g[metric][key]}")


def run_stats(cli, path, *options):
    result = subprocess.run([cli, "stats", path, "--json", *options], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{path}: stats exited {result.returncode}: {result.stderr}")
    return json.loads(result.stdout, parse_float=str, parse_int=str)


def normalise_ints(node):
    """Counts come back as text (parse_int=str): make them ints again."""
    if isinstance(node, dict):
        return {k: (int(v) if k == "count" else normalise_ints(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [normalise_ints(v) for v in node]
    return node


def check_file(cli, path, problems):
    got = normalise_ints(run_stats(cli, path))
    if got.get("format") != "btf":
        problems.append(f"{path}: format {got.get('format')!r}")
    want, scale = expected(path)
    compare(path, want, got, problems)
    instances = sum(e["response_time"]["count"] for e in want)
    # one entity alone, and the instances activated in the middle of the trace
    lives, _ = read_instances(path)
    times = sorted(life["activated"] for entity in lives.values() for life in entity)
    if want:
        name = max(want, key=lambda e: e["response_time"]["count"])["name"]
        compare(path + " --entity", expected(path, entity=name)[0],
                normalise_ints(run_stats(cli, path, "--entity", name)), problems)
    if len(times) > 3:
        begin = first_time(path)
        a, b = times[len(times) // 3], times[2 * len(times) // 3]
        unit = {v: k for k, v in UNITS.items()}[scale]
        got = normalise_ints(run_stats(cli, path, "--range", f"{a - begin}{unit}..{b - begin}{unit}"))
        want_window = expected(path, window=(a, b))[0]
        # entities with no instance in the window are still listed, with count 0
        compare(path + " --range", want_window, got, problems)
    return instances


def first_time(path):
    for row in csv.reader(io.StringIO(open_text(path))):
        if row and not row[0].startswith("#") and row[0].strip().lstrip("-").isdigit():
            return int(row[0])
    return 0


def self_test(fixture):
    """The checker against figures worked out by hand for the fixture."""
    want, _ = expected(fixture)
    by_name = {e["name"]: e for e in want}
    us = Fraction(1, 10**6)
    a, b, x = by_name["Task_A"], by_name["Task_B"], by_name["ISR_X"]
    # Task_A: response times 20, 35, 40 (activated again at 210), 20
    assert a["response_time"] == {"count": 4, "min": 20 * us, "max": 40 * us, "mean": Fraction(115, 4) * us,
                                  "p50": 20 * us, "p95": 40 * us, "p99": 40 * us, "worst_at": 210 * us}, a
    assert a["start_delay"]["min"] == 0 and a["start_delay"]["worst_at"] == 0  # 10, 5, 5, 0
    assert a["net_execution"]["max"] == 35 * us and a["interference"]["max"] == 15 * us
    assert a["preemptions"]["max"] == 2 and a["preemptions"]["mean"] == Fraction(3, 4)
    # period 100 (median of 100, 110, 90); terminations 20, 135, 250, 320
    assert a["activation_jitter"]["max"] == 10 * us and a["response_jitter"]["max"] == 30 * us
    # Task_B #7 activated again while running at 55; #8 never started
    assert b["response_time"]["max"] == 15 * us and b["start_delay"]["count"] == 1
    assert x["type"] == "ISR" and x["response_time"]["max"] == 12 * us
    print("self-test passed")


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        self_test(argv[2])
        return 0
    cli, rest = argv[1], argv[2:]
    generator = None
    if rest[:1] == ["--generator"]:
        generator, rest = rest[1], rest[2:]
    problems, checked = [], 0
    paths = []
    for item in rest:
        if os.path.isdir(item):
            paths += sorted(os.path.join(item, f) for f in os.listdir(item) if f.endswith((".btf", ".btf.gz")))
        elif os.path.exists(item):
            paths.append(item)
        else:
            print(f"skipped (absent): {item}")
    with tempfile.TemporaryDirectory() as tmp:
        if generator:
            for n, (seed, options) in enumerate(((3, []), (7, ["--cores", "4", "--tasks", "12"]),
                                                 (5, ["--timescale", "us"]), (5, ["--inversions"]))):
                out = os.path.join(tmp, f"gen-{n}.btf")
                subprocess.run([generator, "-o", out, "--seed", str(seed), *options], check=True)
                paths.append(out)
        for path in paths:
            n = check_file(cli, path, problems)
            print(f"{path}: {n} complete instances")
            checked += n
    for problem in problems[:50]:
        print(problem)
    if problems:
        print(f"{len(problems)} differences")
        return 1
    if checked == 0:
        print("no instance was checked")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
