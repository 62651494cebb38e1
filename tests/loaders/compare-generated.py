#!/usr/bin/env python3
"""Generates a trace with one of the project's own generators, which also
writes what a correct reader reports (--stats), and compares `info --json`
with it: every figure the generator states must be there, numbers within the
format's tolerance, lists of items matched by their identity.

usage: compare-generated.py FORMAT CLI GENERATOR [generator options…]

The next format adds a line to FORMATS."""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal


class Format:
    def __init__(self, suffix, identity, rel_tol, abs_tol=Decimal(0)):
        self.suffix = suffix  # the generated file's name ends with it
        self.identity = identity  # list name → the fields that name an item in it
        self.rel_tol, self.abs_tol = Decimal(rel_tol), Decimal(abs_tol)


FORMATS = {
    # the scheduler simulation: a mean that is not a whole tick is printed with 17 significant digits
    "btf": Format(".btf", {"entities": ("type", "name")}, "1e-14"),
    # the job-shop generator sums usage in its own order, so allow for rounding
    "etf": Format(".etf", {"resources": ("id",), "signals": ("id",)}, "1e-9", "1e-12"),
    # counts exactly; seconds are ticks / 10^6, sums taken in integer ticks
    "visandor": Format(".vt", {"agents": ("agent",)}, "1e-15"),
    # seconds are (ticks - offset) / resolution, each the double nearest the quotient
    "otf2": Format(".otf2", {"locations": ("id",), "regions": ("name",)}, "1e-15"),
    # ticks are cycles, every figure an integer: exact
    "laplace": Format(".ref", {"address_spaces": ("id",), "processes": ("pid",)}, "0"),
}


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
