#!/usr/bin/env python3
"""Compares `chronoscope-cli info --json` on VisAndOr traces (.vt) with an
independent, deliberately simple reading of the format written here in
Python, following the format document and the README.

usage: visandor-check.py CLI FILE_OR_FOLDER…   one line a file (ok / the differences);
                                               exit 1 on any difference, 77 if no .vt file
       visandor-check.py --print FILE…         this script's own JSON, for reviewing
       visandor-check.py --self-test [FOLDER]  this script against hand-verified answers
                                               (FOLDER: the fixtures, default data/visandor beside it)

Reading, decided here where the issue leaves room:
* Lines end at "\\n"; one "\\r" before it is dropped (CRLF); fields are separated by
  runs of blanks, so leading padding and trailing spaces do not matter.
* Line 1 is the flag when its only field is "0" (AND) or "1" (OR), blanks
  around it allowed.  Anything else on line 1 makes the mode AND and line 1 is
  read as an ordinary event line: an event when it has six fields that parse,
  otherwise skipped like any line that does not parse ("2", "OR", "00" or a
  blank line 1 are no flag: mode AND, line skipped).
* An event line has at least 6 fields; fields past the sixth are ignored
  without being looked at (the agent is the sixth field, not the last one).
  Timestamp: digits only (unsigned), up to 2^63-1.  Code, branches, agent:
  decimal with an optional sign, within 64-bit signed.  Nodeid, WAM id:
  hexadecimal digits of either case, no "0x", below 2^64; ids are compared
  by value ("A" = "0A" = "a").  A line that breaks any of this, a line with
  fewer fields and a blank line are skipped and count nowhere.
* Times are never sorted: begin/end are the smallest/largest timestamp of
  the event lines, everything else follows file order.  An interval that a
  decreasing file makes run backwards is summed as written (negative), and
  for max_parallel_goals it is empty like a zero-length one.  (No fixture
  has one; the issue does not say.)
* goal_time and max_parallel_goals count the goals' runs: a goal that forks
  (the innermost open goal of the FORK's agent, the note's "father") waits
  from that FORK to its JOIN (or to the next FORK of the same nodeid) and
  runs again after it; waiting is no run, even when its agent runs one of
  the forked goals meanwhile (that is the child's run).
* A repeated START_GOAL of a still-open (nodeid, goal) replaces the open
  start: the earlier start's open stretch adds nothing to goal_time or
  max_parallel_goals (what it ran up to a fork stays counted), but every
  START_GOAL counts in `goals`.
* `events` holds the codes that occur, none with 0.  A trace without any
  event line has begin and end null.
Seconds = ticks / 10^6 (ticks are microseconds), compared with a relative
tolerance of 1e-12; integers exactly; every object must have exactly the
keys of section 3 for its mode."""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

TICKS_PER_SECOND = 1_000_000
DECIMAL = re.compile(rb"[+-]?[0-9]+")
UNSIGNED = re.compile(rb"[0-9]+")
HEX = re.compile(rb"[0-9A-Fa-f]+")
SECONDS = {"begin", "end", "busy_time", "goal_time"}  # the other numbers are counts
COMMON_KEYS = ["format", "mode", "begin", "end", "events", "agents"]
MODE_KEYS = {"and": ["forks", "goals", "goal_time", "max_parallel_goals"],
             "or": ["public_nodes", "branches", "succeeded", "failed", "suspended"]}
AGENT_KEYS = ["agent", "events", "busy_time"]
FORK, START_GOAL, FINISH_GOAL, JOIN = 1, 2, 3, 4
AGENT_BUSY, AGENT_IDLE, START_BUSY, STOP_BUSY = 7, 8, 33, 34
MAKE_PUBLIC, START_BRANCH, SUCC_BRANCH, FAIL_BRANCH, SUSPEND_BRANCH = 20, 21, 22, 23, 24


def event(fields):
    """(timestamp, code, nodeid, branches, wamid, agent) from a line's fields, or None."""
    if len(fields) < 6:
        return None
    ts, code, node, branches, wam, agent = fields[:6]
    if not UNSIGNED.fullmatch(ts) or not all(DECIMAL.fullmatch(f) for f in (code, branches, agent)):
        return None
    if not HEX.fullmatch(node) or not HEX.fullmatch(wam):
        return None
    values = (int(ts), int(code), int(node, 16), int(branches), int(wam, 16), int(agent))
    if values[0] >= 2**63 or values[2] >= 2**64 or values[4] >= 2**64:
        return None
    if any(not -2**63 <= values[i] < 2**63 for i in (1, 3, 5)):
        return None
    return values


def read(data):
    """(mode, events in file order) from the bytes of a file."""
    mode, found = "and", []
    for number, line in enumerate(data.split(b"\n"), 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        fields = line.split()
        if number == 1 and fields in ([b"0"], [b"1"]):
            mode = "and" if fields == [b"0"] else "or"
            continue
        parsed = event(fields)
        if parsed is not None:
            found.append(parsed)
    return mode, found


def seconds(ticks):
    return None if ticks is None else ticks / TICKS_PER_SECOND


def busy_ticks(events, agents, end):
    """Per agent, ticks between a busy event while idle and the next idle event (section 3)."""
    codes = {e[1] for e in events}
    if codes & {AGENT_BUSY, AGENT_IDLE}:
        busy, idle = AGENT_BUSY, AGENT_IDLE
    elif codes & {START_BUSY, STOP_BUSY}:
        busy, idle = START_BUSY, STOP_BUSY
    else:
        return {agent: None for agent in agents}
    total, since = {agent: 0 for agent in agents}, {}
    for ts, code, _, _, _, agent in events:
        if code == busy and agent not in since:
            since[agent] = ts
        elif code == idle and agent in since:
            total[agent] += ts - since.pop(agent)
    for agent, ts in since.items():
        total[agent] += end - ts
    return total


def goal_intervals(events, end):
    """(start, end) of every stretch a goal ran.  A goal (START_GOAL → FINISH_GOAL by
    (nodeid, goal#) in file order) runs except between a FORK whose father it is (the
    innermost open goal of the FORK's agent) and that fork's JOIN (or the next FORK of
    the same nodeid)."""
    open_goals, stacks, fathers, runs = {}, {}, {}, []
    serial = 0

    def close_fork(node, ts):
        father = fathers.pop(node, None)
        if father is None:
            return
        key, number = father
        goal = open_goals.get(key)
        if goal is not None and goal["serial"] == number and goal["forks"] > 0:
            goal["forks"] -= 1
            if goal["forks"] == 0:
                goal["from"] = ts

    def end_goal(key, ts):
        goal = open_goals.pop(key)
        stacks[goal["agent"]].remove(key)
        if goal["forks"] == 0:
            runs.append((goal["from"], ts))

    for ts, code, node, number, _, agent in events:
        key = (node, number)
        if code == START_GOAL:
            if key in open_goals:  # a restart: its open stretch counts nowhere
                old = open_goals.pop(key)
                stacks[old["agent"]].remove(key)
            serial += 1
            open_goals[key] = {"agent": agent, "from": ts, "forks": 0, "serial": serial}
            stacks.setdefault(agent, []).append(key)
        elif code == FINISH_GOAL and key in open_goals:
            end_goal(key, ts)
        elif code == FORK:
            close_fork(node, ts)
            if stacks.get(agent):
                father = open_goals[stacks[agent][-1]]
                if father["forks"] == 0:
                    runs.append((father["from"], ts))
                father["forks"] += 1
                fathers[node] = (stacks[agent][-1], father["serial"])
        elif code == JOIN:
            close_fork(node, ts)
    for key in list(open_goals):
        end_goal(key, end)
    return runs


def most_at_once(intervals):
    """The most half-open [start, finish) intervals holding one instant; empty ones never count."""
    points = []
    for start, finish in intervals:
        if finish > start:
            points += [(start, 1), (finish, 0)]  # at one time, finishes (0) before starts (1)
    count = best = 0
    for _, starts in sorted(points):
        count += 1 if starts else -1
        best = max(best, count)
    return best


def expected(path):
    """The section-3 JSON of one file, as this script reads it."""
    with open(path, "rb") as f:
        mode, events = read(f.read())
    times = [e[0] for e in events]
    begin, end = (min(times), max(times)) if times else (None, None)
    per_code, per_agent = {}, {}
    for e in events:
        per_code[e[1]] = per_code.get(e[1], 0) + 1
        per_agent[e[5]] = per_agent.get(e[5], 0) + 1
    busy = busy_ticks(events, per_agent, end)
    result = {"format": "visandor", "mode": mode, "begin": seconds(begin), "end": seconds(end),
              "events": {str(code): per_code[code] for code in sorted(per_code)},
              "agents": [{"agent": a, "events": per_agent[a], "busy_time": seconds(busy[a])}
                         for a in sorted(per_agent)]}
    if mode == "and":
        goals = goal_intervals(events, end)
        result.update({"forks": per_code.get(FORK, 0), "goals": per_code.get(START_GOAL, 0),
                       "goal_time": seconds(sum(finish - start for start, finish in goals)),
                       "max_parallel_goals": most_at_once(goals)})
    else:
        result.update({"public_nodes": per_code.get(MAKE_PUBLIC, 0), "branches": per_code.get(START_BRANCH, 0),
                       "succeeded": per_code.get(SUCC_BRANCH, 0), "failed": per_code.get(FAIL_BRANCH, 0),
                       "suspended": per_code.get(SUSPEND_BRANCH, 0)})
    assert list(result) == COMMON_KEYS + MODE_KEYS[mode] and all(list(a) == AGENT_KEYS for a in result["agents"])
    return result


def compare(want, got, where, problems, key=None):
    """Differences of GOT from WANT, appended to PROBLEMS as text."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            problems.append(f"{where}: expected an object, got {json.dumps(got)}")
            return
        missing, extra = [k for k in want if k not in got], [k for k in got if k not in want]
        if missing:
            problems.append(f"{where}: missing keys {', '.join(missing)}")
        if extra:
            problems.append(f"{where}: unexpected keys {', '.join(extra)}")
        for k in want:
            if k in got:
                compare(want[k], got[k], f"{where}.{k}", problems, k)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            problems.append(f"{where}: {len(want)} items expected, got {json.dumps(got)}")
            return
        for i, (w, g) in enumerate(zip(want, got)):
            compare(w, g, f"{where}[{i}]", problems)
    elif want is None or isinstance(want, str):
        if got != want or type(got) is not type(want):
            problems.append(f"{where}: expected {json.dumps(want)}, got {json.dumps(got)}")
    elif key in SECONDS:
        if isinstance(got, bool) or not isinstance(got, (int, float)) or not math.isclose(want, got, rel_tol=1e-12):
            problems.append(f"{where}: expected {want!r} s, got {json.dumps(got)}")
    elif isinstance(got, bool) or not isinstance(got, int) or got != want:
        problems.append(f"{where}: expected {want}, got {json.dumps(got)}")


def compare_problems(want, got):
    problems = []
    compare(want, got, "json", problems)
    return problems


def vt_files(args):
    files = []
    for arg in args:
        if os.path.isdir(arg):
            files += sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith(".vt"))
        elif os.path.isfile(arg):
            files.append(arg)
    return files


def check(cli, args):
    files = vt_files(args)
    if not files:
        print("no VisAndOr files: skipped")
        return 77
    failed = 0
    for path in files:
        name, problems = os.path.basename(path), []
        run = subprocess.run([cli, "info", "--json", path], capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"info failed ({run.returncode}): {run.stderr.strip()}")
        else:
            try:
                got = json.loads(run.stdout)
            except ValueError as e:
                problems.append(f"output is not JSON ({e}): {run.stdout[:200]!r}")
            else:
                compare(expected(path), got, "json", problems)
        print(f"ok   {name}" if not problems else f"FAIL {name}: " + "; ".join(problems))
        failed += bool(problems)
    print(f"{len(files) - failed}/{len(files)} VisAndOr files agree")
    return 1 if failed else 0


# Answers worked out by hand from the fixtures (tests/data/visandor/README.md tells
# what each one tests), not by running this script.
SELF_TEST = {
    "and_doc_example.vt": {
        # agent 0 busy 0..120; agent 1: the idle at 15 is a repeat, busy 16..111
        # goals (7F001001,0) 13..90 and (7F001001,1) 17..110 overlap: 77 + 93 ticks
        "format": "visandor", "mode": "and", "begin": 0.0, "end": 120e-6,
        "events": {"1": 1, "2": 2, "3": 2, "4": 1, "5": 1, "6": 1, "7": 2, "8": 3},
        "agents": [{"agent": 0, "events": 8, "busy_time": 120e-6},
                   {"agent": 1, "events": 5, "busy_time": 95e-6}],
        "forks": 1, "goals": 2, "goal_time": 170e-6, "max_parallel_goals": 2},
    "or_doc_example.vt": {
        # no busy pair at all: null for every agent
        "format": "visandor", "mode": "or", "begin": 1851.72, "end": 1851.77,
        "events": {"5": 1, "6": 1, "20": 2, "21": 2, "22": 1},
        "agents": [{"agent": 2, "events": 5, "busy_time": None},
                   {"agent": 3, "events": 2, "busy_time": None}],
        "public_nodes": 2, "branches": 2, "succeeded": 1, "failed": 0, "suspended": 0},
    "andorra_slaves.vt": {
        # no 7/8: slaves' 33..34; agent 1 (the master) has none of them: 0
        # agent 2: (1851585113-1851468986) + (1851598307-1851594589) + (1851620000-1851612000)
        #        = 116127 + 3718 + 8000 = 127845
        # agent 3: 108530 + 9046 = 117576;  agent 4: 109802 + 3529 = 113331
        "format": "visandor", "mode": "or", "begin": 1851.46, "end": 1851.63,
        "events": {"5": 1, "6": 1, "20": 2, "21": 2, "22": 1, "33": 7, "34": 7},
        "agents": [{"agent": 1, "events": 7, "busy_time": 0.0},
                   {"agent": 2, "events": 6, "busy_time": 0.127845},
                   {"agent": 3, "events": 4, "busy_time": 0.117576},
                   {"agent": 4, "events": 4, "busy_time": 0.113331}],
        "public_nodes": 2, "branches": 2, "succeeded": 1, "failed": 0, "suspended": 0},
    "nested_forks.vt": {
        # agent 0 busy 0..70; agent 1 1..29 and 32..46 (28 + 14); agent 2 2..56
        # the goals that fork wait from their FORK to its JOIN: 7F001001.0 runs 11..20 and
        # 56..60, 7F001002.0 21..30 and 46..50; 7F001003.0 31..40, 7F001003.1 33..45,
        # 7F001002.1 22..55, 7F001001.1 12..28: 13 + 13 + 9 + 12 + 33 + 16 = 96 ticks;
        # never more than three run at once (one per agent, e.g. at 35)
        "format": "visandor", "mode": "and", "begin": 0.0, "end": 70e-6,
        "events": {"1": 3, "2": 6, "3": 6, "4": 3, "5": 1, "6": 1, "7": 4, "8": 4},
        "agents": [{"agent": 0, "events": 16, "busy_time": 70e-6},
                   {"agent": 1, "events": 8, "busy_time": 42e-6},
                   {"agent": 2, "events": 4, "busy_time": 54e-6}],
        "forks": 3, "goals": 6, "goal_time": 96e-6, "max_parallel_goals": 3},
    "zero_length_goals.vt": {
        # [10,20) [20,30) [25,25) [30,30) [30,35) [40,40) [45,50) [50,60): never two at once
        # goal_time 10 + 10 + 0 + 0 + 5 + 0 + 5 + 10 = 40
        "format": "visandor", "mode": "and", "begin": 0.0, "end": 70e-6,
        "events": {"1": 1, "2": 8, "3": 8, "4": 1, "5": 1, "6": 1},
        "agents": [{"agent": 0, "events": 10, "busy_time": None},
                   {"agent": 1, "events": 6, "busy_time": None},
                   {"agent": 2, "events": 4, "busy_time": None}],
        "forks": 1, "goals": 8, "goal_time": 40e-6, "max_parallel_goals": 1},
}

# Small readings of section 1: bytes of a file → (mode, number of events, agents).
READING = [
    (b"1\r\n0 5 0 0 0 0\r\n", ("or", 1, [0])),
    (b" 1 \n0 5 0 0 0 0\n", ("or", 1, [0])),
    (b"0 5 0 0 0 0\n1 6 0 0 0 0", ("and", 2, [0])),
    (b"2\n0 5 0 0 0 0\n", ("and", 1, [0])),
    (b"\n1\n0 5 0 0 0 0\n", ("and", 1, [0])),
    (b"0\n5 5 0 0 0 3 7\n5 5 0 0 0 x\n5 5 0x1 0 0 4\n5 5 g 0 0 5\n-5 5 0 0 0 6\n5 5 0 0 0\n", ("and", 1, [3])),
    (b"0\n5 5 fFfFfFfFfFfFfFfF 0 0 3\n5 5 10000000000000000 0 0 4\n5 -7 0 +1 0 -2\n", ("and", 2, [-2, 3])),
]


# Answers the comparison must refuse: (what is changed, how) on and_doc_example's answer.
WRONG = [
    ("an extra key", lambda j: j.update(file="x.vt")),
    ("a missing key", lambda j: j.pop("goal_time")),
    ("an OR key in an AND trace", lambda j: j.update(branches=0)),
    ("a count as a real", lambda j: j.update(forks=1.0)),
    ("a count as true", lambda j: j.update(forks=True)),
    ("seconds off by 1e-11", lambda j: j.update(end=j["end"] * (1 + 1e-11))),
    ("null for seconds", lambda j: j["agents"][0].update(busy_time=None)),
    ("an extra code with 0", lambda j: j["events"].update({"9": 0})),
    ("agents out of order", lambda j: j["agents"].reverse()),
    ("an extra key in an agent", lambda j: j["agents"][1].update(wam=1)),
]

# Small traces for single rules of section 3: bytes → (key, expected value).
RULES = [
    (b"0\n0 2 1 0 0 0\n10 2 1 0 0 1\n15 3 1 0 0 1\n20 6 0 0 0 0\n", "goal_time", 5e-6),  # restart
    (b"0\n0 3 1 0 0 0\n1 2 1 0 0 0\n4 3 1 0 0 0\n5 3 1 0 0 0\n9 6 0 0 0 0\n", "goal_time", 3e-6),  # stray FINISHes
    (b"0\n0 2 1 0 0 0\n5 2 1 1 0 0\n9 6 0 0 0 0\n", "goal_time", 13e-6),  # open goals close at end
    (b"0\n0 7 0 0 0 0\n3 7 0 0 0 0\n5 8 0 0 0 0\n6 8 0 0 0 0\n7 7 0 0 0 0\n9 6 0 0 0 0\n", "agents",
     [{"agent": 0, "events": 6, "busy_time": 7e-6}]),  # repeats ignored, open busy closes at end
    (b"1\n0 8 0 0 0 0\n1 33 0 0 0 1\n4 34 0 0 0 1\n", "agents",
     [{"agent": 0, "events": 1, "busy_time": 0.0}, {"agent": 1, "events": 2, "busy_time": 0.0}]),  # 7/8 first
]


def self_test(folder):
    failed = 0
    base = SELF_TEST["and_doc_example.vt"]
    near = json.loads(json.dumps(base))
    near["end"] *= 1 + 1e-13
    near["begin"] = 0  # an integer where seconds are due is fine
    if compare_problems(base, near):
        print(f"FAIL comparing: {compare_problems(base, near)}")
        failed += 1
    for what, change in WRONG:
        wrong = json.loads(json.dumps(base))
        change(wrong)
        if not compare_problems(base, wrong):
            print(f"FAIL comparing: {what} passes")
            failed += 1
    for data, want in READING:
        mode, events = read(data)
        got = (mode, len(events), sorted({e[5] for e in events}))
        if got != want:
            print(f"FAIL reading {data!r}: expected {want}, got {got}")
            failed += 1
    for number, (data, key, want) in enumerate(RULES, 1):
        with tempfile.NamedTemporaryFile(suffix=".vt") as f:
            f.write(data)
            f.flush()
            problems = compare_problems({key: want}, {key: expected(f.name)[key]})
        if problems:
            print(f"FAIL rule {number}: {'; '.join(problems)}")
            failed += 1
    for name, want in SELF_TEST.items():
        problems = []
        compare(want, expected(os.path.join(folder, name)), "json", problems)
        print(f"ok   {name}" if not problems else f"FAIL {name}: " + "; ".join(problems))
        failed += bool(problems)
    total = 1 + len(WRONG) + len(READING) + len(RULES) + len(SELF_TEST)
    print(f"self-test: {total - failed}/{total} passed")
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "--print":
        files = vt_files(argv[1:])
        for path in files:
            if len(files) > 1:
                print(f"# {path}")
            print(json.dumps(expected(path)))
        return 0 if files else 77
    if argv and argv[0] == "--self-test" and len(argv) <= 2:
        here = os.path.dirname(os.path.abspath(__file__))
        return self_test(argv[1] if len(argv) == 2 else os.path.join(here, "..", "..", "data", "visandor"))
    if len(argv) < 2 or argv[0].startswith("--"):
        sys.exit(__doc__)
    return check(argv[0], argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
