#!/usr/bin/env python3
"""VisAndOr traces shaped to defeat a reader that searches per event: a fork
chain 200,000 goals deep on one agent, one fork of 100,000 goals all open on
one agent, 20,000 open or-branches on one agent while another makes 100,000
nodes public, then makes them public in turn.  Each is written here, read
with `chronoscope-cli info --json` and `dump`, and what it shows is checked
against what the script wrote: the counts, no warning, each goal and branch
on its own row of its agent (the lowest free row), each branch closed by the
node its agent made public last.  A reader quadratic in these shapes does not
finish within the test's time limit; speed itself is not asserted.  And
20,000 public nodes each claiming 2^20 branches of which only the last is
taken: a reader keeping a byte per branch number up to the highest taken
needs 20 GB; the branches nobody took show as three rows and one counting
the rest.

usage: visandor-hostile.py CLI"""
import json
import os
import re
import subprocess
import sys
import tempfile

MAX_DEPTH = 65535  # a span's depth is 16 bits: deeper rows share the last one


class Writer:
    def __init__(self, path, flag):
        self.out = open(path, "w", encoding="ascii")
        self.out.write(f"{flag}\n")
        self.time = 0

    def event(self, code, node, number, agent):
        self.time += 1
        self.out.write(f"{self.time} {code} {node:X} {number} {agent:X} {agent}\n")
        return self.time

    def close(self):
        self.out.close()


def fork_chain(path, depth):
    w = Writer(path, 0)
    w.event(5, 0, 0, 0)
    for i in range(1, depth + 1):
        w.event(1, i, 1, 0)
        w.event(2, i, 0, 0)
    for i in range(depth, 0, -1):
        w.event(3, i, 0, 0)
        w.event(4, i, 1, 0)
    w.event(6, 0, 0, 0)
    w.close()
    # goal i.0 runs inside goal (i-1).0: row i-1, depth i
    return {f"{i:X}.0": min(i, MAX_DEPTH) for i in range(1, depth + 1)}, {"forks": depth, "goals": depth}


def wide_fork(path, width):
    w = Writer(path, 0)
    w.event(5, 0, 0, 0)
    w.event(1, 1, width, 0)
    for k in range(width):
        w.event(2, 1, k, 0)
    for k in range(width):  # in the order they started: each leaves a hole at the bottom
        w.event(3, 1, k, 0)
    w.event(4, 1, width, 0)
    w.event(6, 0, 0, 0)
    w.close()
    return {f"1.{k}": min(k + 1, MAX_DEPTH) for k in range(width)}, {"forks": 1, "goals": width}


def public_flood(path, branches, flood):
    """Agent 1 runs `branches` branches of node 1 at once; agent 0 makes
    `flood` nodes public meanwhile; then agent 1 makes as many public, each
    ending the branch it started last."""
    w = Writer(path, 1)
    w.event(5, 0, 0, 0)
    w.event(20, 1, branches, 1)
    for k in range(branches):
        w.event(21, 1, k, 1)
    for k in range(flood):
        w.event(20, 0x100000 + k, 2, 0)
    ends = {}
    for j in range(branches):
        k = branches - 1 - j
        ends[f"1.{k}"] = w.event(20, 0x200000 + j, 2, 1)
    w.event(6, 0, 0, 0)
    w.close()
    return ({f"1.{k}": k + 1 for k in range(branches)}, ends,
            {"public_nodes": 1 + flood + branches, "branches": branches})


def claimed_branches(path, nodes, claimed):
    w = Writer(path, 1)
    w.event(5, 0, 0, 0)
    for k in range(nodes):
        w.event(20, 0x1000 + k, claimed, 0)
        w.event(21, 0x1000 + k, claimed - 1, 1)
        w.event(22, 0x1000 + k, claimed - 1, 1)
    w.event(6, 0, 0, 0)
    w.close()
    return {f"{0x1000 + k:X}.{claimed - 1}": 1 for k in range(nodes)}, {"public_nodes": nodes, "branches": nodes}


SPAN = re.compile(r"  span (\d+) (\d+) (goal|branch) depth=(\d+) flags=\S+ label=(\S+)$")


def spans(cli, path):
    """label -> (start, end, depth) of the goal and branch spans of the dump."""
    run = subprocess.run([cli, "dump", path], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    found = {}
    for line in lines:
        m = SPAN.match(line)
        if m:
            found[m.group(5)] = (int(m.group(1)), int(m.group(2)), int(m.group(4)))
    return found, lines


def check(cli, path, depths, figures, ends=None, untaken=None):
    problems = []
    info = json.loads(subprocess.run([cli, "info", "--json", path], capture_output=True, text=True,
                                     check=True).stdout)
    for key, value in figures.items():
        if info.get(key) != value:
            problems.append(f"{key}: {info.get(key)}, expected {value}")
    found, lines = spans(cli, path)
    if "warnings 0" not in lines:
        problems.append("warnings: " + next((l for l in lines if l.startswith("warnings")), "none said"))
    wrong = [(label, found.get(label), depth) for label, depth in depths.items()
             if label not in found or found[label][2] != depth]
    if wrong:
        problems.append(f"{len(wrong)} spans not on their row, first {wrong[0]} (label, span, expected depth)")
    for label, end in (ends or {}).items():
        if label in found and found[label][1] != end:
            problems.append(f"{label} ends at {found[label][1]}, expected {end} (its agent's public node)")
            break
    rows = sum(1 for line in lines if " not taken split=" in line)
    if untaken is not None and rows != untaken:
        problems.append(f"{rows} rows of branches nobody took, expected {untaken}")
    return problems


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = os.path.abspath(sys.argv[1])
    cases = []
    with tempfile.TemporaryDirectory() as folder:
        chain = os.path.join(folder, "chain.vt")
        cases.append(("fork chain 200000 deep", chain, *fork_chain(chain, 200000)))
        wide = os.path.join(folder, "wide.vt")
        cases.append(("one fork of 100000 goals", wide, *wide_fork(wide, 100000)))
        flood = os.path.join(folder, "flood.vt")
        depths, ends, figures = public_flood(flood, 20000, 100000)
        cases.append(("20000 open branches, 120000 public nodes", flood, depths, figures, ends))
        claimed = os.path.join(folder, "claimed.vt")
        cases.append(("20000 public nodes of 2^20 branches, one taken each", claimed,
                      *claimed_branches(claimed, 20000, 1 << 20), None, 20000 * 4))
        print(f"1..{len(cases)}")
        failed = 0
        for number, (name, path, *args) in enumerate(cases, 1):
            problems = check(cli, path, *args)
            failed += bool(problems)
            print(f"{'not ok' if problems else 'ok'} {number} {name}")
            for problem in problems:
                print("# " + problem)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
