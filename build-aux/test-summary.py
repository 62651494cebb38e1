#!/usr/bin/env python3
"""Prints one line 'N passed, N failed, N skipped' over meson test logs.

usage: test-summary.py BUILD/meson-logs/testlog.json…

A test that reports in TAP (the golden dumps: one result a fixture) counts
each of its results, read from testlog.junit.xml beside the JSON log; a
test that failed as a whole (a crash, a timeout, a bail-out) counts one
failure more when none of its own results failed.  Exits non-zero when a
test failed or a log is missing, so callers can rely on it."""
import json
import os
import sys
import xml.etree.ElementTree as ET

PASSED = ("OK", "EXPECTEDFAIL")


def subtests(json_path):
    """TAP tests' results from the JUnit log: meson's test name → [(passed, skipped)]"""
    junit = os.path.join(os.path.dirname(json_path), "testlog.junit.xml")
    if not os.path.exists(junit):
        return {}
    found = {}
    for suite in ET.parse(junit).getroot().iter("testsuite"):
        # meson names the suite of a test with several results PROJECT.PROJECT:SUITE / NAME
        project, _, name = suite.get("name", "").partition(".")
        if not name.startswith(project + ":"):
            continue
        found[name] = [(case.find("failure") is None and case.find("error") is None, case.find("skipped") is not None)
                       for case in suite.iter("testcase")]
    return found


def main():
    passed = failed = skipped = 0
    missing = False
    for path in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8") as log:
                entries = [json.loads(line) for line in log if line.strip()]
        except FileNotFoundError:
            print(f"test log {path} is missing", file=sys.stderr)
            missing = True
            continue
        results = subtests(path)
        for entry in entries:
            result, own = entry.get("result", ""), results.get(entry.get("name"))
            if own:
                passed += sum(ok and not skip for ok, skip in own)
                skipped += sum(skip for _, skip in own)
                failed += sum(not ok for ok, _ in own)
                failed += result not in PASSED and result != "SKIP" and all(ok for ok, _ in own)
            elif result in PASSED:
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
