#!/usr/bin/env python3
"""libchronoscope-1 from Python through its typelib (Chrono-1.0): every
fixture with a golden dump, of every format, loaded by Chrono.Trace.load
gives the dump `chronoscope-cli dump` prints and the report `info --json`
prints, byte for byte; its lanes in the dump's order with the dump's paths
and kinds; each lane's spans and instant events as numpy columns equal to
the dump's; a signal's fragments likewise.  A file that cannot be read
raises GLib.Error naming it; the asynchronous load tells its progress and
gives the same trace; a PNG written by Chrono.export is one, and drawing
onto a cairo surface from Python paints the timeline.

    test-chrono.py CLI FIXTURES_DIR GEN_BTF

The environment points GI_TYPELIB_PATH and LD_LIBRARY_PATH at the build."""
import glob
import os
import subprocess
import sys
import tempfile

import gi

gi.require_version("Chrono", "1.0")
gi.require_foreign("cairo")
import cairo  # noqa: E402
import numpy  # noqa: E402
from gi.repository import Chrono, GLib  # noqa: E402

cli, fixtures, gen_btf = sys.argv[1:4]
failures = 0


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def cli_text(*args):
    return subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout


def parse_dump(text):
    """The dump's lanes in order: path, kind, span starts and ends, mark times, fragments."""
    lanes = []
    for line in text.splitlines():
        if line.startswith("lane "):
            head, _, rest = line[5:].rpartition(" kind=")
            path = head
            kind = rest.split()[0]
            lanes.append({"path": path, "kind": kind, "spans": [], "marks": [], "fragments": []})
        elif line.startswith("  span ") and lanes:
            fields = line.split()
            lanes[-1]["spans"].append((int(fields[1]), int(fields[2])))
        elif line.startswith("  mark ") and lanes:
            lanes[-1]["marks"].append(int(line.split()[1]))
        elif line.startswith("  fragment ") and lanes:
            fields = line.split()
            lanes[-1]["fragments"].append((int(fields[1]), int(fields[2])))
    return lanes


def column(data, dtype):
    return numpy.frombuffer(data.get_data() or b"", dtype=dtype)


def same_lanes(trace, dump):
    lanes = trace.get_lanes()
    want = parse_dump(dump)
    if [(lane.get_path(), lane.get_kind_name()) for lane in lanes] != [(w["path"], w["kind"]) for w in want]:
        return "the lanes' paths and kinds"
    for lane, w in zip(lanes, want):
        starts, ends = lane.get_span_times()
        spans = numpy.stack([column(starts, numpy.int64), column(ends, numpy.int64)], axis=1) if w["spans"] else None
        if lane.get_n_spans() != len(w["spans"]) or (spans is not None and spans.tolist() != [list(s) for s in w["spans"]]):
            return f"{w['path']}: spans"
        if column(lane.get_mark_times(), numpy.int64).tolist() != w["marks"]:
            return f"{w['path']}: marks"
        t0, t1, coefficients = lane.get_signal_fragments()
        pairs = list(zip(column(t0, numpy.int64).tolist(), column(t1, numpy.int64).tolist()))
        if pairs != w["fragments"] or len(column(coefficients, numpy.float64)) != 3 * len(pairs):
            return f"{w['path']}: fragments"
    return None


dumps = sorted(glob.glob(os.path.join(fixtures, "*", "*.dump")))
check("there are fixtures with golden dumps", len(dumps) > 20, str(len(dumps)))
for golden in dumps:
    path = golden[: -len(".dump")]
    name = os.path.relpath(path, fixtures)
    try:
        trace = Chrono.Trace.load(path, None)
    except GLib.Error as error:
        check(f"{name}: loads", False, error.message)
        continue
    dump = cli_text("dump", path)
    problem = None if trace.to_dump() == dump else "the dump differs from chronoscope-cli dump"
    problem = problem or (None if Chrono.report_json(trace) == cli_text("info", "--json", path)
                          else "report_json differs from info --json")
    problem = problem or same_lanes(trace, dump)
    if problem is None and trace.get_format() == "btf":
        problem = None if Chrono.stats_json(trace) == cli_text("stats", "--json", path) else "stats_json differs"
        if problem is None and Chrono.blocking_json(trace) != cli_text("blocking", "--json", path):
            problem = "blocking_json differs"
    if problem is None and trace.get_format() == "otf2":
        for flags in ([], ["--per-location"]):
            if Chrono.profile_json(trace, bool(flags), 0, 0) != cli_text("profile", "--json", *flags, path):
                problem = f"profile_json {' '.join(flags)} differs"
        if problem is None and Chrono.comm_json(trace) != cli_text("comm", "--json", path):
            problem = "comm_json differs"
    check(f"{name}: dump, report and lanes as the CLI has them", problem is None, problem or "")

# two runs compared: diff_json is diff --json, for each kind of run; runs of two kinds raise GLib.Error
for kind, first, second in (("btf", "timing_metrics.btf", "spec_example.btf"), ("otf2", "mpi_metrics.otf2", "plain.otf2"),
                            ("etf", "grouped.etf", "attributes.etf")):
    a, b = os.path.join(fixtures, kind, first), os.path.join(fixtures, kind, second)
    if not os.path.exists(a):
        continue
    got = Chrono.diff_json(Chrono.Trace.load(a, {"lazy": "never"}), Chrono.Trace.load(b, {"lazy": "never"}))
    check(f"diff_json of two {kind} runs is diff --json", got == cli_text("diff", a, b, "--json"))
try:
    Chrono.diff_json(Chrono.Trace.load(os.path.join(fixtures, "btf", "spec_example.btf"), None),
                     Chrono.Trace.load(os.path.join(fixtures, "etf", "grouped.etf"), None))
    check("diff_json of runs of two kinds raises GLib.Error", False, "no error")
except GLib.Error as error:
    check("diff_json of runs of two kinds raises GLib.Error naming B", "grouped.etf" in error.message, error.message)

# a file that cannot be read: GLib.Error naming it
missing = os.path.join(fixtures, "no-such-trace.btf")
try:
    Chrono.Trace.load(missing, None)
    check("a missing file raises GLib.Error", False, "no error")
except GLib.Error as error:
    check("a missing file raises GLib.Error naming it", "no-such-trace.btf" in error.message, error.message)

# options: lazily in 256-byte chunks, a BTF keeps no spans in memory, and has no statistics
btf = os.path.join(fixtures, "btf", "timing_metrics.btf")
lazy = Chrono.Trace.load(btf, {"lazy": "always", "chunk-size": "256"})
check("loader options reach the loader (lazy)", lazy.is_lazy() and not Chrono.Trace.load(btf, {"lazy": "never"}).is_lazy())
for what, call in (("stats_json", lambda: Chrono.stats_json(lazy)),
                   ("diff_json", lambda: Chrono.diff_json(lazy, lazy)),
                   ("profile_json of a BTF (no calls)",
                    lambda: Chrono.profile_json(Chrono.Trace.load(btf, {"lazy": "never"}), False, 0, 0))):
    try:
        call()
        check(f"{what} of what it cannot read raises GLib.Error", False, "no error")
    except GLib.Error as error:
        check(f"{what} of what it cannot read raises GLib.Error saying why",
              "lazily" in error.message or "holds nothing" in error.message, error.message)

# a lane kept longer than its trace keeps its path and its items
kept = Chrono.Trace.load(btf, {"lazy": "never"}).get_lanes()
deep = [lane for lane in kept if "/" in lane.get_path()][-1]
want_path, want_spans = deep.get_path(), column(deep.get_span_times()[0], numpy.int64).tolist()
del kept
import gc  # noqa: E402
gc.collect()
check("a lane kept longer than its trace keeps its path and its spans",
      deep.get_path() == want_path and column(deep.get_span_times()[0], numpy.int64).tolist() == want_spans)

# asynchronously, with progress, a file of some MB (the generator's)
loop = GLib.MainLoop()
seen = {"progress": [], "trace": None}


def loaded(source, result, *data):
    seen["trace"] = Chrono.Trace.load_finish(result)
    loop.quit()


with tempfile.TemporaryDirectory() as tmp:
    big = os.path.join(tmp, "big.btf")
    subprocess.run([gen_btf, "--seed", "3", "--events", "300000", "-o", big], check=True, capture_output=True)
    # by keyword: PyGObject hands each callback the data given with it (none here)
    Chrono.Trace.load_async(big, {"lazy": "never"}, progress=lambda fraction, *data: seen["progress"].append(fraction),
                            callback=loaded)
    GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    whole = Chrono.Trace.load(big, {"lazy": "never"})
    got = seen["trace"]
    check("load_async gives the trace load gives",
          got is not None and [lane.get_path() for lane in got.get_lanes()]
          == [lane.get_path() for lane in whole.get_lanes()]
          and all(column(a.get_span_times()[0], numpy.int64).tolist() == column(b.get_span_times()[0], numpy.int64).tolist()
                  for a, b in zip(got.get_lanes(), whole.get_lanes())))
    progress = seen["progress"]
    check("load_async tells its progress as it reads, 0 to 1 and never back",
          len(progress) > 1 and all(0.0 <= f <= 1.0 for f in progress) and progress == sorted(progress),
          str(progress[:5]))

# pictures: a PNG file, and the timeline onto a cairo surface
trace = Chrono.Trace.load(os.path.join(fixtures, "btf", "spec_example.btf"), None)
with tempfile.TemporaryDirectory() as tmp:
    png = os.path.join(tmp, "timeline.png")
    Chrono.export(trace, png, 800, 0, 0, 0)
    with open(png, "rb") as f:
        head = f.read(24)
    # height 0: as tall as the lanes need, as `export --size 800x0` makes it
    cli_png = os.path.join(tmp, "cli.png")
    cli_text("export", os.path.join(fixtures, "btf", "spec_example.btf"), "-o", cli_png, "--size", "800x0")
    with open(cli_png, "rb") as f:
        cli_head = f.read(24)
    check("export writes a PNG as tall as the lanes need, as export --size 800x0 does",
          head[:8] == b"\x89PNG\r\n\x1a\n" and head[16:24] == cli_head[16:24] and int.from_bytes(head[20:24], "big") > 100,
          f"{int.from_bytes(head[16:20], 'big')}x{int.from_bytes(head[20:24], 'big')} against "
          f"{int.from_bytes(cli_head[16:20], 'big')}x{int.from_bytes(cli_head[20:24], 'big')}")
    try:
        Chrono.export(trace, os.path.join(tmp, "timeline.txt"), 800, 0, 0, 0)
        check("export refuses a name that is no picture format", False, "no error")
    except GLib.Error as error:
        check("export refuses a name that is no picture format", "timeline.txt" in error.message, error.message)
surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 640, 240)
cr = cairo.Context(surface)
Chrono.draw(trace, cr, 640, 240, trace.get_begin(), trace.get_end() + 1)
surface.flush()
pixels = numpy.frombuffer(surface.get_data(), dtype=numpy.uint32)
check("draw paints the timeline onto a cairo context", len(numpy.unique(pixels)) > 4, str(len(numpy.unique(pixels))))

print("%d failed" % failures)
sys.exit(1 if failures else 0)
