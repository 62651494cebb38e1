#!/usr/bin/python3
"""A 10M-event BTF's span columns into numpy arrays from Python (through
the Chrono-1.0 typelib: Chrono.Trace.load, lane.get_span_times and
numpy.frombuffer), against the same from C (the columns program): the
seconds to read the trace and to have every lane's starts and ends as
arrays.  The trace is the project's generator's, kept in WORKDIR.

usage: columns.py WORKDIR GEN_BTF COLUMNS

GI_TYPELIB_PATH and LD_LIBRARY_PATH point at the build (meson sets them);
CHRONO_BENCH_COLUMNS_EVENTS (default 10M) sets the trace's events."""
import os
import subprocess
import sys
import time

import gi

gi.require_version("Chrono", "1.0")
import numpy  # noqa: E402
from gi.repository import Chrono  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_btf import generated_btf  # noqa: E402

workdir, gen_btf, columns = sys.argv[1:4]
path = generated_btf(workdir, gen_btf, "CHRONO_BENCH_COLUMNS_EVENTS", "range")
subprocess.run([columns, path], check=True)
start = time.monotonic()
trace = Chrono.Trace.load(path, {"lazy": "never"})
loaded = time.monotonic()
spans = 0
for lane in trace.get_lanes():
    starts, ends = lane.get_span_times()
    a = numpy.frombuffer(starts.get_data() or b"", dtype=numpy.int64)
    b = numpy.frombuffer(ends.get_data() or b"", dtype=numpy.int64)
    spans += len(a)
done = time.monotonic()
print(f"Python  read {loaded - start:.2f} s, columns {done - loaded:.3f} s, {spans} spans")
