#!/usr/bin/env python3
"""Golden dump test: `chronoscope-cli dump FIXTURE` must equal FIXTURE.dump.

Run from the fixture's folder with a relative name, so dumps hold no absolute
paths.  With CHRONO_UPDATE_GOLDEN=1 the dump is rewritten instead (review the
diff before committing it)."""
import difflib
import os
import subprocess
import sys

cli, fixture = os.path.abspath(sys.argv[1]), sys.argv[2]
folder, name = os.path.split(os.path.abspath(fixture))
expected_path = os.path.join(folder, name + ".dump")
run = subprocess.run([cli, "dump", name], cwd=folder, capture_output=True, text=True)
if run.returncode != 0:
    print(f"{fixture}: dump failed ({run.returncode}): {run.stderr}")
    sys.exit(1)
if os.environ.get("CHRONO_UPDATE_GOLDEN") == "1":
    with open(expected_path, "w", encoding="utf-8") as out:
        out.write(run.stdout)
    sys.exit(0)
with open(expected_path, encoding="utf-8") as f:
    expected = f.read()
if run.stdout != expected:
    sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), run.stdout.splitlines(True),
                                               expected_path, "chronoscope-cli dump"))
    sys.exit(1)
