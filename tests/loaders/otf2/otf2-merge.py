#!/usr/bin/env python3
"""`chronoscope-cli merge`: archives of one run written on
different clocks (an integer and a non-integer ratio of resolutions,
different offsets; mapping tables and clock offsets in one) merge into an
archive that libotf2's own otf2-print reads, with every input event at
the time seed 004's transformation gives, computed here in Python integers
((t − offset_B) × res_A // res_B + offset_A), and whose `info --json` is
the inputs' together.  Also: wall-clock alignment, an archive merged with
itself, the refusals, and the two Score-P archives of the corpus.

usage: otf2-merge.py CLI GEN_OTF2 CORPUS_OTF2_DIR   (no otf2-print: exit 77)"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

cli, generator, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
if shutil.which("otf2-print") is None:
    print("otf2-print (otf2-tools) is missing")
    sys.exit(77)

EVENT = re.compile(r"^([A-Z_]+)\s+(\d+)\s+(\d+)\s*(.*)$")
failures = []


def fail(case, message):
    failures.append(f"{case}: {message}")


def generate(folder, seed, resolution, offset, *extra):
    anchor = os.path.join(folder, "traces.otf2")
    subprocess.run([generator, f"--seed={seed}", "--locations=4", "--events=20000", "--metrics", "--mpi",
                    f"--resolution={resolution}", f"--offset={offset}", *extra, "-o", anchor], check=True)
    return anchor


def merge(*args):
    return subprocess.run([cli, "merge", *args], capture_output=True, text=True)


def clock(anchor):
    text = subprocess.run(["otf2-print", "-G", anchor], capture_output=True, text=True, check=True).stdout
    m = re.search(r"Ticks per Seconds: (\d+), Global Offset: (\d+), Length: (\d+)", text)
    locations = [int(x) for x in re.findall(r"^LOCATION\s+(\d+)\s", text, re.M)]
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), locations


PEER = re.compile(r'((?:Receiver|Sender): \d+) \(".*?" <(\d+)>\)')


def events(anchor):
    """{location: [(kind, time, what, peer), …]} as otf2-print reads the
    archive: what = the record's fields and attributes by name (ids, which
    the merge renumbers, left out), peer = the location a message rank
    stands for."""
    run = subprocess.run(["otf2-print", anchor], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"otf2-print {anchor} exits {run.returncode}: {run.stderr[:300]}")
    per, last = {}, None
    for line in run.stdout.splitlines():
        m = EVENT.match(line)
        if m:
            rest = m.group(4)
            peer = PEER.search(rest)
            what = re.sub(r" ?<\d+>|Metric: \d+", "", PEER.sub(r"\1", rest))
            last = [m.group(1), int(m.group(3)), what, int(peer.group(2)) if peer else None]
            per.setdefault(int(m.group(2)), []).append(last)
        elif line.strip().startswith("ADDITIONAL ATTRIBUTES") and last is not None:
            last[2] += " " + re.sub(r" ?<\d+>", "", line.strip())
    return {loc: [tuple(event) for event in records] for loc, records in per.items()}


def info(anchor):
    run = subprocess.run([cli, "info", "--json", anchor], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def check_events(case, merged, inputs, maps):
    """Every input location's events, in order, at their mapped times, on
    the merged location that takes its place (the definitions' order)."""
    try:
        got = events(merged)
    except RuntimeError as error:
        fail(case, str(error))
        return
    merged_locations = clock(merged)[3]
    order = [(k, anchor, loc) for k, anchor in enumerate(inputs) for loc in clock(anchor)[3]]
    if len(merged_locations) != len(order) or len(set(merged_locations)) != len(merged_locations):
        fail(case, f"locations {merged_locations} for the inputs' {order}")
        return
    per_input = {anchor: events(anchor) for anchor in set(inputs)}
    moved = [{} for _ in inputs]  # each input's location ids → the merged ones
    for new, (k, anchor, old) in zip(merged_locations, order):
        moved[k][old] = new
    for new, (k, anchor, old) in zip(merged_locations, order):
        mapped = [(kind, maps[k](t), what, moved[k].get(peer, peer)) for kind, t, what, peer in
                  per_input[anchor].get(old, [])]
        have = got.get(new, [])
        if have != mapped:
            first = next((i for i, (x, y) in enumerate(zip(have, mapped)) if x != y), min(len(have), len(mapped)))
            fail(case, f"location {new} (was {old} of {anchor}): {len(have)} events, {len(mapped)} expected; "
                       f"first difference at {first}: {have[first:first + 1]} vs {mapped[first:first + 1]}")


def check_info(case, merged, inputs, tick_slack):
    """info --json of the merged archive = the inputs' summed: locations
    (renumbered, so by position), counts, messages, region calls, inclusive
    times on the first archive's clock (up to a tick per call of the
    other inputs when their clock is not a multiple of the first's)."""
    want = [info(anchor) for anchor in inputs]
    got = info(merged)
    strip = lambda loc: (loc["name"], loc["enters"], loc["leaves"], loc["metrics"])  # noqa: E731
    expected_locations = [strip(loc) for one in want for loc in one["locations"]]
    if [strip(loc) for loc in got["locations"]] != expected_locations:
        fail(case, f"locations {got['locations']} differ from the inputs' {expected_locations}")
    ids = [loc["id"] for loc in got["locations"]]
    if len(set(ids)) != len(ids):
        fail(case, f"location ids not distinct: {ids}")
    messages = sum(one["messages"] for one in want)
    if got["messages"] != messages:
        fail(case, f"messages {got['messages']}, the inputs {messages}")
    resolution = clock(inputs[0])[0]
    sums, later_calls = {}, {}
    for i, one in enumerate(want):
        for region in one["regions"]:
            entry = sums.setdefault(region["name"], [0, 0.0])
            entry[0] += region["calls"]
            entry[1] += region["inclusive_time"]
            if i > 0:
                later_calls[region["name"]] = later_calls.get(region["name"], 0) + region["calls"]
    regions = {r["name"]: r for r in got["regions"]}
    if set(regions) != set(sums):
        fail(case, f"regions {sorted(regions)} vs {sorted(sums)}")
    for name, (calls, inclusive) in sums.items():
        region = regions.get(name)
        if region is None:
            continue
        slack = 1e-9 * abs(inclusive) + 1e-12 + tick_slack * later_calls.get(name, 0) / resolution
        if region["calls"] != calls or abs(region["inclusive_time"] - inclusive) > slack:
            fail(case, f"region {name}: {region['calls']} calls, {region['inclusive_time']} s; "
                       f"the inputs {calls}, {inclusive} s (±{slack})")


ROOT = re.compile(r'^SYSTEM_TREE_NODE\s+\d+\s+Name: "(.*?)" <\d+>, Class: "(.*?)" <\d+>, Parent: UNDEFINED', re.M)


def check_runs(case, merged, names):
    """The system tree has one root per input, of class "run", named after
    the input; ids in order (otf2-print warns otherwise)."""
    run = subprocess.run(["otf2-print", "-G", merged], capture_output=True, text=True)
    roots = ROOT.findall(run.stdout)
    if roots != [(name, "run") for name in names] or "out of order" in run.stderr:
        fail(case, f"system tree roots {roots}, expected runs {names}; otf2-print says {run.stderr[:300]!r}")


def start_map(first, other):
    res_a, off_a, _, _ = clock(first)
    res_b, off_b, _, _ = clock(other)
    return lambda t: (t - off_b) * res_a // res_b + off_a


def leftovers(folder):
    return [name for name in os.listdir(folder) if ".merging-" in name]


with tempfile.TemporaryDirectory() as tmp:
    def path(*parts):
        return os.path.join(tmp, *parts)

    # ---- two clocks, one run ------------------------------------------------------------
    cases = [("integer ratio", 1000000000, 1000000, []),
             ("non-integer ratio, local definitions", 1000000000, 300000007, ["--local-defs"])]
    for case, res_a, res_b, extra in cases:
        key = case.split()[0]
        a = generate(path(key, "a"), 21, res_a, 5000)
        b = generate(path(key, "b"), 21, res_b, 123457, *extra)
        out = path(key, "merged")
        run = merge(a, b, "-o", out)
        if run.returncode != 0:
            fail(case, f"merge exits {run.returncode}: {run.stderr}")
            continue
        res, offset, length, _ = clock(os.path.join(out, "traces.otf2"))
        end_b = start_map(a, b)(clock(b)[1] + clock(b)[2])
        if (res, offset, length) != (res_a, 5000, max(clock(a)[2], end_b - 5000)):
            fail(case, f"clock properties {res, offset, length}")
        check_events(case, os.path.join(out, "traces.otf2"), [a, b], [lambda t: t, start_map(a, b)])
        check_info(case, os.path.join(out, "traces.otf2"), [a, b], 0 if res_a % res_b == 0 else 1)
        check_runs(case, os.path.join(out, "traces.otf2"), ["a", "b"])

    # ---- wall-clock alignment: B starts 2.5 ms (and a bit) after A ----------------------------
    case = "wallclock"
    rt_a, rt_b = 1700000000000000000, 1700000000002500123
    a = generate(path("wall", "a"), 8, 1000000000, 777, f"--realtime={rt_a}")
    b = generate(path("wall", "b"), 8, 250000001, 99, f"--realtime={rt_b}")
    out = path("wall", "merged")
    run = merge("--align", "wallclock", a, b, "-o", out)
    if run.returncode != 0:
        fail(case, f"merge exits {run.returncode}: {run.stderr}")
    else:
        origin_b = (rt_b - rt_a) * 1000000000 // 1000000000 + 777
        wall = lambda t: (t - 99) * 1000000000 // 250000001 + origin_b  # noqa: E731
        check_events(case, os.path.join(out, "traces.otf2"), [a, b], [lambda t: t, wall])
        check_info(case, os.path.join(out, "traces.otf2"), [a, b], 1)
    # anchors of their own names: the runs are named after them
    for name in ("run-a", "run-b"):
        subprocess.run([generator, "--seed=5", "--locations=2", "--events=400", "-o",
                        path("named-anchors", f"{name}.otf2")], check=True)
    run = merge(path("named-anchors", "run-a.otf2"), path("named-anchors", "run-b.otf2"), "-o", path("named-runs"))
    if run.returncode != 0:
        fail("named anchors", f"merge exits {run.returncode}: {run.stderr}")
    else:
        check_runs("named anchors", path("named-runs", "traces.otf2"), ["run-a", "run-b"])
    none = generate(path("wall", "none"), 8, 1000000, 0, "--realtime=none")
    run = merge("--align", "wallclock", a, none, "-o", path("wall", "refused"))
    if run.returncode == 0 or none not in run.stderr or os.path.exists(path("wall", "refused")):
        fail(case, f"an archive without wall-clock time: exit {run.returncode}, says {run.stderr!r}")

    # ---- an archive with itself -----------------------------------------------------------
    case = "itself"
    a = path("integer", "a", "traces.otf2")
    run = merge(a, a, "-o", path("self"))
    if run.returncode != 0:
        fail(case, f"merge exits {run.returncode}: {run.stderr}")
    else:
        check_events(case, path("self", "traces.otf2"), [a, a], [lambda t: t, lambda t: t])
        check_info(case, path("self", "traces.otf2"), [a, a], 0)
        check_runs(case, path("self", "traces.otf2"), ["a", "a (2)"])

    # ---- refusals: exit status, the file named, nothing left behind --------------------------
    b = path("integer", "b", "traces.otf2")
    existing = path("integer", "merged")
    before = sorted(os.listdir(existing))

    def refused(case, args, names):
        run = merge(*args)
        if run.returncode == 0 or names not in run.stderr or "[OTF2]" in run.stderr:
            fail(case, f"exit {run.returncode}, says {run.stderr!r} (should name {names})")
        for folder in (tmp, path("integer")):
            if leftovers(folder):
                fail(case, f"left {leftovers(folder)} in {folder}")

    refused("existing output", [a, b, "-o", existing], existing)
    if sorted(os.listdir(existing)) != before:
        fail("existing output", "the existing archive was touched")
    btf = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "btf", "bad_lines.btf")
    refused("not an archive", [a, btf, "-o", path("no-btf")], btf)
    refused("inside an input", [a, b, "-o", path("integer", "a", "sub")], "sub")
    refused("an input's folder", [a, b, "-o", path("integer", "a"), "--force"], path("integer", "a"))
    refused("holding an input", [a, b, "-o", path("integer"), "--force"], path("integer"))
    broken = path("broken")
    shutil.copytree(path("integer", "b"), broken)
    os.remove(os.path.join(broken, "traces.def"))
    refused("unreadable archive", [a, os.path.join(broken, "traces.otf2"), "-o", path("no-broken")],
            os.path.join(broken, "traces.otf2"))
    other = path("other")
    os.makedirs(other)
    with open(os.path.join(other, "notes.txt"), "w") as f:
        f.write("mine\n")
    refused("--force on a folder of other files", [a, b, "-o", other, "--force"], other)
    if not os.path.exists(os.path.join(other, "notes.txt")):
        fail("--force on a folder of other files", "notes.txt is gone")
    for made in ("no-btf", "no-broken"):
        if os.path.exists(path(made)):
            fail("refusals", f"{made} was made")
    run = merge(a, b, "-o", existing, "--force")
    if run.returncode != 0 or not os.path.exists(os.path.join(existing, "traces.otf2")) or leftovers(path("integer")):
        fail("--force on an archive", f"exit {run.returncode}: {run.stderr}")

    # ---- --force replaces an archive and nothing else -------------------------------------------
    def tree(folder):
        return sorted(os.path.relpath(os.path.join(root, name), folder)
                      for root, dirs, files in os.walk(folder) for name in dirs + files)

    def lookalike(name, files):
        folder = path(name)
        for relative, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(folder, relative)), exist_ok=True)
            with open(os.path.join(folder, relative), "w") as f:
                f.write(text)
        return folder

    thesis = lookalike("thesis", {"macros.def": "\\def\\x{}\n", "notes.otf2": "notes\n", "data.otf2": "x\n",
                                  "data/results.evt": "1 2 3\n"})
    fake = lookalike("fake", {"notes.otf2": "not an anchor\n", "notes.def": "nor this\n"})
    extra = path("extra")
    shutil.copytree(path("integer", "b"), extra)
    with open(os.path.join(extra, "traces", "99.evt"), "w") as f:
        f.write("not one of its locations\n")
    for case, folder, names in (("--force on files named like an archive's", thesis, "data.otf2"),
                                ("--force on an anchor libotf2 cannot read", fake, "notes.otf2"),
                                ("--force on an archive with a file it does not name", extra, "99.evt")):
        before = tree(folder)
        refused(case, [a, b, "-o", folder, "--force"], names)
        if tree(folder) != before:
            fail(case, f"{folder} was touched: {tree(folder)} (was {before})")
    a_file = path("a-file")
    with open(a_file, "w") as f:
        f.write("mine\n")
    refused("--force on a file", [a, b, "-o", a_file, "--force"], "not a folder")

    # ---- the output is checked before the inputs are read ------------------------------------
    case = "a link to where the archive goes"
    os.symlink(path("linked", "merged"), path("link"))
    os.mkdir(path("linked"))
    run = merge(a, b, "-o", path("link"))
    if run.returncode != 0 or not os.path.exists(path("linked", "merged", "traces.otf2")):
        fail(case, f"exit {run.returncode}: {run.stderr}")
    elif not os.path.islink(path("link")) or leftovers(tmp) or leftovers(path("linked")):
        fail(case, f"the link is gone or something is left: {os.listdir(tmp)}")

    # ---- a location without its events: merged as info loads it, with the same warning -------
    case = "a location without its events"
    damaged = path("damaged")
    shutil.copytree(path("integer", "b"), damaged)
    os.remove(os.path.join(damaged, "traces", "1.evt"))
    said = subprocess.run([cli, "check", os.path.join(damaged, "traces.otf2")], capture_output=True, text=True)
    run = merge(a, os.path.join(damaged, "traces.otf2"), "-o", path("damaged-merged"))
    if said.returncode != 1 or "location 1" not in said.stdout:
        fail(case, f"check exits {said.returncode}: {said.stdout}{said.stderr}")
    if run.returncode != 0 or "warning" not in run.stderr or "location 1" not in run.stderr:
        fail(case, f"merge exits {run.returncode}: {run.stderr}")
    else:
        merged_info = info(os.path.join(path("damaged-merged"), "traces.otf2"))
        want = len(info(a)["locations"]) + len(info(os.path.join(damaged, "traces.otf2"))["locations"])
        if len(merged_info["locations"]) != want:
            fail(case, f"{len(merged_info['locations'])} locations merged, {want} expected")

    # ---- events of regions nothing defines: left out and counted, as the loader skips them -------
    case = "undefined regions"
    undefined = os.path.join(path("undefined"), "traces.otf2")
    subprocess.run([generator, "--seed=9", "--locations=3", "--events=3000", "--undefined-regions", "-o", undefined],
                   check=True)
    run = merge(a, undefined, "-o", path("undefined-merged"))
    merged = os.path.join(path("undefined-merged"), "traces.otf2")
    warned = [line for line in run.stderr.splitlines() if "warning" in line and "left out" in line]
    if run.returncode != 0 or len(warned) != 3 or not all("4 events" in line and "region 4294967295" in line
                                                          for line in warned):
        fail(case, f"merge exits {run.returncode}: {run.stderr}")
    else:
        printed = subprocess.run(["otf2-print", merged], capture_output=True, text=True).stdout
        if re.search(r"Region: (UNDEFINED|INVALID)", printed):
            fail(case, "the merged archive still refers to regions nothing defines")
        count = lambda anchor, kind: sum(len([e for e in evs if e[0] == kind])  # noqa: E731
                                         for evs in events(anchor).values())
        for kind in ("ENTER", "LEAVE"):
            if count(merged, kind) != count(a, kind) + count(undefined, kind) - 2 * 3:
                fail(case, f"{kind}: {count(merged, kind)} merged, from {count(a, kind)} and "
                           f"{count(undefined, kind)} less the 6 left out")

    # ---- a location with OTF2's undefined id, alone: said so, not "earlier archives" -------------
    case = "the undefined location id"
    hostile = path("undefined-location", "traces.otf2")
    subprocess.run([generator, "--locations=1", "--events=100", "--location-base=18446744073709551614", "-o",
                    hostile], check=True)
    with open(path("undefined-location", "traces.def"), "r+b") as f:
        # the location's id, 2^64 - 2 in OTF2's compressed form, made 2^64 - 1
        data = f.read()
        f.seek(0)
        f.write(data.replace(b"\x08\xfe" + b"\xff" * 7, b"\x08" + b"\xff" * 8))
    for suffix in (".evt", ".def"):
        os.rename(path("undefined-location", "traces", "18446744073709551614" + suffix),
                  path("undefined-location", "traces", "18446744073709551615" + suffix))
    run = merge(hostile, "-o", path("undefined-location-merged"))
    if run.returncode != 2 or "18446744073709551615" not in run.stderr or "earlier" in run.stderr:
        fail(case, f"exit {run.returncode}: {run.stderr!r}")

    # ---- a clock of 0 ticks per second: said so ---------------------------------------------------
    case = "resolution 0"
    zero = path("zero-resolution")
    shutil.copytree(path("integer", "a"), zero)
    with open(os.path.join(zero, "traces.def"), "r+b") as f:
        data = f.read()  # ClockProperties' 10^9 ticks per second, compressed, made 0 in as many bytes
        f.seek(0)
        f.write(data.replace(b"\x04\x00\xca\x9a\x3b", b"\x04\x00\x00\x00\x00", 1))
    run = merge(a, os.path.join(zero, "traces.otf2"), "-o", path("zero-merged"))
    if run.returncode != 2 or "0 ticks per second" not in run.stderr:
        fail(case, f"exit {run.returncode}: {run.stderr!r}")

    # ---- a FIFO is never opened; a merge stopped by a signal leaves nothing; one killed is named --
    case = "a FIFO among an input's files"
    for name in (os.path.join("traces", "2.evt"), os.path.join("traces", "2.def"), "traces.def"):
        stuck = path("stuck-" + name.replace(os.sep, "-"))
        shutil.copytree(path("integer", "b"), stuck)
        os.remove(os.path.join(stuck, name))
        os.mkfifo(os.path.join(stuck, name))  # nobody writes: opening it for reading would block
        try:
            run = subprocess.run([cli, "merge", a, os.path.join(stuck, "traces.otf2"), "-o", path("stopped")],
                                 capture_output=True, text=True, timeout=20)
        except subprocess.TimeoutExpired:
            fail(case, f"{name}: the merge blocks")
            continue
        if run.returncode != 2 or os.path.join(stuck, name) not in run.stderr or leftovers(tmp) or \
                os.path.exists(path("stopped")):
            fail(case, f"{name}: exit {run.returncode}, says {run.stderr!r}, left {leftovers(tmp)}")
    # busy, not blocked: stopped (SIGSTOP) once it writes, told to end, let go: it ends at its next record
    case = "stopped while busy"
    process = subprocess.Popen([cli, "merge", *[a] * 40, "-o", path("busy")], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None and not any(
            os.path.isdir(os.path.join(tmp, name, "traces")) for name in leftovers(tmp)):
        time.sleep(0.01)
    process.send_signal(signal.SIGSTOP)
    if process.poll() is None and leftovers(tmp):
        process.send_signal(signal.SIGTERM)
        process.send_signal(signal.SIGCONT)
        process.wait(20)
        if process.returncode != -signal.SIGTERM or leftovers(tmp) or os.path.exists(path("busy")):
            fail(case, f"exit {process.returncode}, left {leftovers(tmp)}")
    else:
        process.send_signal(signal.SIGCONT)
        process.wait(20)
        print(f"# {case}: the merge ended before it could be stopped; not checked")
    case = "what a killed merge left"
    left = path(".named.merging-abc123")
    os.makedirs(os.path.join(left, "traces"))
    run = merge(a, b, "-o", path("named"))
    if run.returncode != 0 or left not in run.stderr or not os.path.exists(left):
        fail(case, f"exit {run.returncode}: {run.stderr!r}")

    # ---- the corpus' Score-P archives --------------------------------------------------------
    pair = [os.path.join(corpus, name, "traces.otf2") for name in ("ping-pong-otf2", "ping-pong-otf2-papi")]
    if all(os.path.exists(anchor) for anchor in pair):
        case = "corpus ping-pong"
        out = path("corpus")
        run = merge(*pair, "-o", out)
        if run.returncode != 0:
            fail(case, f"merge exits {run.returncode}: {run.stderr}")
        else:
            slack = 0 if clock(pair[0])[0] % clock(pair[1])[0] == 0 else 1
            check_events(case, os.path.join(out, "traces.otf2"), pair, [lambda t: t, start_map(*pair)])
            check_info(case, os.path.join(out, "traces.otf2"), pair, slack)
            # a property both inputs' anchors promise stays promised
            with open(os.path.join(out, "traces.otf2"), "rb") as anchor:
                if b"OTF2::MPI_COMMUNICATION_COMPLETE\0true" not in anchor.read():
                    fail(case, "the anchor lost OTF2::MPI_COMMUNICATION_COMPLETE=true")
    else:
        print(f"# {corpus}: no ping-pong archives, that part skipped")

for line in failures:
    print("FAIL", line)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
