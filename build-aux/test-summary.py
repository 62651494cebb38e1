#!/usr/bin/env python3
"""Prints one line 'N passed, N failed, N skipped' over meson test logs.

Exits non-zero when a test failed or a log is missing, so callers can rely on it."""
import json
import sys

passed = failed = skipped = 0
missing = False
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as log:
            for line in log:
                line = line.strip()
                if not line:
                    continue
                result = json.loads(line).get("result", "")
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except FileNotFoundError:
        print(f"test log {path} is missing", file=sys.stderr)
        missing = True

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or missing else 0)
