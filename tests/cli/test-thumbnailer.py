#!/usr/bin/env python3
"""chronoscope-thumbnailer writes a SIZE × 3/4·SIZE PNG of a trace, and
fails cleanly on a file it cannot read."""
import os
import struct
import subprocess
import sys
import tempfile

thumbnailer, data = sys.argv[1], sys.argv[2]
failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, size in (("btf/spec_example.btf", 128), ("etf/records.etf", 256), ("btf/compressed.btf.gz", 64)):
        out = os.path.join(tmp, "thumb.png")
        run = subprocess.run([thumbnailer, "-s", str(size), os.path.join(data, name), out], capture_output=True, text=True)
        header = open(out, "rb").read(24) if os.path.exists(out) else b""
        ok = run.returncode == 0 and header[:4] == b"\x89PNG" and struct.unpack(">II", header[16:24]) == (size, size * 3 // 4)
        print(f"{'ok  ' if ok else 'FAIL'} {name} at {size}: {run.stderr.strip()}")
        failures += not ok
    bad = subprocess.run([thumbnailer, "-s", "128", os.path.join(data, "btf/bad/garbage.btf"), os.path.join(tmp, "x.png")],
                         capture_output=True, text=True)
    ok = bad.returncode == 1 and "garbage.btf" in bad.stderr and not os.path.exists(os.path.join(tmp, "x.png"))
    print(f"{'ok  ' if ok else 'FAIL'} a bad file is refused: {bad.stderr.strip()}")
    failures += not ok
sys.exit(1 if failures else 0)
