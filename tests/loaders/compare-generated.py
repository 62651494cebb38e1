#!/usr/bin/env python3
"""Generates a trace with one of the project's own generators, which also
writes what a correct reader reports (--stats), and compares `info --json`
with it: every figure the generator states must be there, numbers within the
format's tolerance, lists of items matched by their identity.

usage: compare-generated.py FORMAT CLI GENERATOR [generator options…]
       compare-generated.py --runs    (each run of FORMATS: FORMAT NAME OPTION…)

FORMATS is the one list of the generated runs: tests/loaders/meson.build asks
for it (--runs) and adds a test for each run of a format whose generator is
built.  The next format adds its entry here."""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal


class Format:
    def __init__(self, suffix, identity, rel_tol, abs_tol=Decimal(0), runs=None):
        self.suffix = suffix  # the generated file's name ends with it
        self.identity = identity  # list name → the fields that name an item in it
        self.rel_tol, self.abs_tol = Decimal(rel_tol), Decimal(abs_tol)
        self.runs = runs or {}  # test name → the generator's options (no blanks in either)


FORMATS = {
    # the scheduler simulation: a mean that is not a whole tick is printed with 17 significant digits
    "btf": Format(".btf", {"entities": ("type", "name")}, "1e-14", runs={
        "default": [],
        "four-cores": ["--cores", "4", "--tasks", "12", "--seed", "7"],
        "us-timescale": ["--timescale", "us", "--seed", "3"],
        "long": ["--duration", "2000000000", "--seed", "11"],
    }),
    # the job-shop generator sums usage in its own order, so allow for rounding
    "etf": Format(".etf", {"resources": ("id",), "signals": ("id",)}, "1e-9", "1e-12", runs={
        "default": [],
        "offsets-ms": ["--offsets", "--unit", "MILLISECONDS", "--seed", "5"],
        "nanoseconds": ["--unit", "NANOSECONDS", "--seed", "9", "--claims", "20000"],
        "shuffled": ["--shuffle", "4000", "--offsets", "--seed", "13"],
        # more claims than a claim chunk holds: the lanes are filled on two threads
        "many-claims": ["--claims", "70000", "--shuffle", "500", "--seed", "21"],
    }),
    # counts exactly; seconds are ticks / 10^6, sums taken in integer ticks
    "visandor": Format(".vt", {"agents": ("agent",)}, "1e-15", runs={
        "and": [],
        "and-ties-unknown-no-flag": ["--ties", "--unknown-codes", "--no-flag", "--agents", "6", "--seed", "4"],
        "and-no-busy-events": ["--no-busy-events", "--seed", "2"],
        "or": ["--mode", "or", "--seed", "3"],
        "or-andorra-ties": ["--mode", "or", "--andorra", "--ties", "--agents", "7", "--seed", "5"],
        "or-busy-events-1M": ["--mode", "or", "--busy-events", "--unknown-codes", "--events", "1000000", "--seed", "8"],
        "and-1M": ["--events", "1000000", "--agents", "8", "--tick-step", "9", "--seed", "6"],
    }),
    # seconds are (ticks - offset) / resolution, each the double nearest the quotient
    "otf2": Format(".otf2", {"locations": ("id",), "regions": ("name",)}, "1e-15", runs={
        "plain": [],
        "mpi-metrics": ["--mpi", "--metrics", "--locations", "6", "--seed", "3"],
        "odd-clock-wide-ids": ["--mpi", "--resolution", "3000000007", "--offset", "2305843009213693952", "--wide-ids",
                               "--seed", "5"],
        "leave-open-duplicate-names": ["--leave-open", "--duplicate-region-names", "--seed", "7"],
        "tasks-switching": ["--tasks", "--locations", "5", "--mpi", "--seed", "12"],
        "ids-past-2^63": ["--huge-ids", "--mpi", "--seed", "13"],
        "local-defs-empty-locations": ["--local-defs", "--mpi", "--empty-locations", "2", "--seed", "2"],
        "everything": ["--mpi", "--metrics", "--wide-ids", "--leave-open", "--duplicate-region-names", "--local-defs",
                       "--empty-locations", "1", "--resolution", "3000000007", "--offset", "1234567", "--events",
                       "200000", "--seed", "9"],
    }),
    # ticks are cycles, every figure an integer: exact
    "laplace": Format(".ref", {"address_spaces": ("id",), "processes": ("pid",)}, "0", runs={
        "text": [],
        "text-with-kernel": ["--with-kernel", "--processes", "4", "--seed", "3"],
        "binary-little-endian": ["--binary", "--with-kernel", "--seed", "5"],
        "binary-big-endian": ["--big-endian", "--with-kernel", "--processes", "2", "--slice", "700", "--seed", "7"],
        "binary-1M-references-only": ["--binary", "--records", "1000000", "--processes", "5", "--seed", "9"],
    }),
}


def print_runs():
    for name, fmt in FORMATS.items():
        for run, options in fmt.runs.items():
            assert not any(" " in word or not word for word in (run, *options)), (name, run)
            print(" ".join((name, run, *options)))
    return 0


def same_number(fmt, want, got):
    if not isinstance(got, Decimal) or isinstance(got, bool):
        return False
    return want == got or abs(want - got) <= max(fmt.rel_tol * max(abs(want), abs(got)), fmt.abs_tol)


def compare(fmt, want, got, where, problems):
    if isinstance(want, dict):
        for key, value in want.items():
            compare_field(fmt, key, value, (got or {}).get(key) if isinstance(got, dict) else None,
                          f"{where}.{key}", problems)
    elif isinstance(want, Decimal):
        if not same_number(fmt, want, got):
            problems.append(f"{where}: expected {want}, got {got}")
    elif want != got:
        problems.append(f"{where}: expected {want!r}, got {got!r}")


def compare_field(fmt, key, want, got, where, problems):
    if not isinstance(want, list):
        compare(fmt, want, got, where, problems)
        return
    got = got if isinstance(got, list) else []
    if key not in fmt.identity:
        if len(want) != len(got):
            problems.append(f"{where}: {len(want)} items expected, {len(got)} found")
        for i, (w, g) in enumerate(zip(want, got)):
            compare(fmt, w, g, f"{where}[{i}]", problems)
        return
    fields = fmt.identity[key]

    def identity(item):
        return ", ".join(str(item.get(f)) for f in fields)

    found = {identity(item): item for item in got}
    for item in want:
        name = identity(item)
        if name not in found:
            problems.append(f"{where}[{name}]: missing from info --json")
        else:
            compare(fmt, item, found[name], f"{where}[{name}]", problems)
    extra = set(found) - {identity(item) for item in want}
    if extra:
        problems.append(f"{where}: items not in the expectation: {sorted(extra)}")


def main():
    if sys.argv[1:] == ["--runs"]:
        return print_runs()
    if len(sys.argv) < 4 or sys.argv[1] not in FORMATS:
        sys.exit(__doc__)
    fmt, cli, generator, options = FORMATS[sys.argv[1]], sys.argv[2], sys.argv[3], sys.argv[4:]
    with tempfile.TemporaryDirectory() as tmp:
        trace, stats = os.path.join(tmp, "gen" + fmt.suffix), os.path.join(tmp, "gen.json")
        subprocess.run([generator, *options, "--stats", stats, "-o", trace], check=True)
        with open(stats, encoding="utf-8") as f:
            expected = json.load(f, parse_float=Decimal, parse_int=Decimal)
        info = subprocess.run([cli, "info", "--json", trace], capture_output=True, text=True, check=True)
        actual = json.loads(info.stdout, parse_float=Decimal, parse_int=Decimal)
    problems = []
    compare(fmt, expected, actual, "info", problems)
    for line in problems[:50]:
        print(line)
    counts = ", ".join(f"{len(expected.get(key, []))} {key}" for key in fmt.identity)
    print(f"{counts} compared, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
