#!/usr/bin/env python3
"""Golden dump tests of one format's folder, found when the test runs: every
fixture under FOLDER with a FIXTURE.dump beside it must give exactly that
with `chronoscope-cli dump FIXTURE`.  Reports in TAP, one result a fixture.

usage: golden.py CLI FOLDER

Each dump runs in the fixture's folder with a relative name, so dumps hold
no absolute paths.  With CHRONO_UPDATE_GOLDEN=1 the dumps are rewritten
instead (review the diff before committing it)."""
import difflib
import os
import subprocess
import sys


def fixtures(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".dump") and name[:-5] in files:
                yield os.path.join(folder, name[:-5])


def differences(cli, fixture):
    """What is wrong with FIXTURE's dump, as lines; none when it matches."""
    folder, name = os.path.split(fixture)
    expected_path = fixture + ".dump"
    run = subprocess.run([cli, "dump", name], cwd=folder, capture_output=True, text=True)
    if run.returncode != 0:
        return [f"dump failed ({run.returncode}): {run.stderr}"]
    if os.environ.get("CHRONO_UPDATE_GOLDEN") == "1":
        with open(expected_path, "w", encoding="utf-8") as out:
            out.write(run.stdout)
        return []
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    return list(difflib.unified_diff(expected.splitlines(True), run.stdout.splitlines(True), expected_path,
                                     "chronoscope-cli dump"))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cli, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    found = list(fixtures(root))
    if not found:
        print(f"1..0 # SKIP no fixture with a .dump under {root}")
        return 0
    print(f"1..{len(found)}")
    failed = 0
    for number, fixture in enumerate(found, 1):
        problems = differences(cli, fixture)
        failed += bool(problems)
        print(f"{'not ok' if problems else 'ok'} {number} {os.path.relpath(fixture, root)}")
        for line in problems:
            print("# " + line.rstrip("\n"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
