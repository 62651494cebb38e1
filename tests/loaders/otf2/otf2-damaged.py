#!/usr/bin/env python3
"""An OTF2 archive with a missing and a truncated event file loads what is
there, with a warning naming each damaged location, never a crash; so do
archives with records no writer should write (the generator's --hostile
kinds): each is a counted warning, whole and lazy reads agree, and no
figure is negative.

usage: otf2-damaged.py CLI GEN_OTF2 [THUMBNAILER]"""
import json
import os
import resource
import subprocess
import sys
import tempfile

cli, generator = sys.argv[1], sys.argv[2]
thumbnailer = sys.argv[3] if len(sys.argv) > 3 else None
failures = []
with tempfile.TemporaryDirectory() as tmp:
    anchor = os.path.join(tmp, "run.otf2")
    subprocess.run([generator, "--locations", "4", "--events", "4000", "--mpi", "-o", anchor], check=True)
    events = os.path.join(tmp, "run")
    os.remove(os.path.join(events, "1.evt"))
    with open(os.path.join(events, "2.evt"), "r+b") as f:
        size = os.path.getsize(f.name)
        f.truncate(size // 2)
    for lazy in ("never", "always"):
        if lazy == "never":
            check = subprocess.run([cli, "check", anchor], capture_output=True, text=True)
            said = check.stdout + check.stderr
            if check.returncode != 1 or "location 1" not in said or "location 2" not in said or "[OTF2]" in said:
                failures.append(f"check: exit {check.returncode}, says: {said}")
        info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
        try:
            data = json.loads(info.stdout)
            enters = {loc["id"]: loc["enters"] for loc in data["locations"]}
            untouched = [n for loc, n in enters.items() if loc not in (1, 2)]
            if enters.get(1) != 0 or not untouched or 0 in untouched:
                failures.append(f"--lazy={lazy}: enters per location {enters}")
        except (ValueError, KeyError) as error:
            failures.append(f"info --json --lazy={lazy}: {error}: {info.stdout[:200]}{info.stderr}")
HOSTILE = {
    "undefined-region": ([], ["undefined region: 2"]),
    "far-regions": ([], ["undefined region: 4"]),
    "wrap-time": ([], ["time goes back: 1", "time out of range: 1"]),
    "leave-before-enter": ([], ["time goes back: 1"]),
    "duplicate-location": ([], ["location 0 is defined twice"]),
    "bad-mapping": (["--local-defs"], ["undefined region: "]),
    "clock-past-2^63": (["--local-defs"], ["time out of range: "]),
    # each Leave closes the innermost call without a scan of the stack (it took 11 s)
    "deep-unmatched": ([], ["Leave of another region: 100000,"]),
    "resolution-0": ([], ["clock properties give 0 ticks per second"]),
    "undefined-string": ([], ["1 region is named by a string that is not defined"]),
    # with metrics defined: the undefined ones are not taken as class 0's
    "undefined-metric": (["--metrics"], ["undefined metric: 2"]),
    "undefined-communicator": (["--mpi"], ["undefined communicator: 2"]),
}


def hostile(kind, options, said_expected):
    with tempfile.TemporaryDirectory() as tmp:
        anchor = os.path.join(tmp, "run.otf2")
        subprocess.run([generator, "--locations", "2", "--events", "400", "--hostile", kind, *options, "-o", anchor],
                       check=True)
        check = subprocess.run([cli, "check", anchor], capture_output=True, text=True)
        said = check.stdout + check.stderr
        missing = [words for words in said_expected if words not in said]
        if check.returncode != 1 or missing or "CRITICAL" in said:
            failures.append(f"{kind}: check exit {check.returncode}, {missing} not said: {said}")
        reads = {}
        for lazy in ("never", "always"):
            info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
            if info.returncode not in (0, 1) or info.stderr:
                failures.append(f"{kind} --lazy={lazy}: exit {info.returncode}: {info.stderr[:300]}")
                continue
            data = reads[lazy] = json.loads(info.stdout)
            negative = [r["name"] for r in data["regions"] if r["inclusive_time"] < 0]
            if negative or data["begin"] > data["end"] or len(data["locations"]) != 2:
                failures.append(f"{kind} --lazy={lazy}: negative times {negative}, {data['begin']}..{data['end']}")
            # every location keeps its name and its events (a location defined twice lost both)
            lost = [loc["id"] for loc in data["locations"] if not loc["name"] or loc["enters"] == 0]
            if lost:
                failures.append(f"{kind} --lazy={lazy}: locations {lost} without their name or events")
        if len(reads) == 2 and reads["never"] != reads["always"]:
            failures.append(f"{kind}: whole and lazy reads differ")
        if thumbnailer:
            thumb = subprocess.run([thumbnailer, "-s", "64", anchor, os.path.join(tmp, "thumb.png")],
                                   capture_output=True, text=True)
            if thumb.returncode != 0 or "CRITICAL" in thumb.stderr or "ERROR" in thumb.stderr:
                failures.append(f"{kind}: thumbnailer exit {thumb.returncode}: {thumb.stderr[:300]}")


for kind, (options, said_expected) in HOSTILE.items():
    hostile(kind, options, said_expected)


def special_files():
    """A FIFO among an archive's files is refused naming it (libotf2 would
    wait for a writer forever); an anchor in a loop of symbolic links says so."""
    for name in ("run/1.evt", "run/1.def", "run.def"):
        with tempfile.TemporaryDirectory() as tmp:
            anchor = os.path.join(tmp, "run.otf2")
            subprocess.run([generator, "--locations", "2", "--events", "100", "-o", anchor], check=True)
            os.remove(os.path.join(tmp, name))
            os.mkfifo(os.path.join(tmp, name))
            for command in (["info", "--json"], ["check"]):
                try:
                    run = subprocess.run([cli, *command, anchor], capture_output=True, text=True, timeout=20)
                except subprocess.TimeoutExpired:
                    failures.append(f"FIFO {name}: {command[0]} blocks")
                    continue
                if run.returncode != 2 or f"{name}: a FIFO" not in run.stderr + run.stdout:
                    failures.append(f"FIFO {name}: {command[0]} exit {run.returncode}: {run.stderr}")
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink("b.otf2", os.path.join(tmp, "a.otf2"))
        os.symlink("a.otf2", os.path.join(tmp, "b.otf2"))
        run = subprocess.run([cli, "info", os.path.join(tmp, "a.otf2")], capture_output=True, text=True)
        if run.returncode != 2 or "loop of symbolic links" not in run.stderr:
            failures.append(f"symlink loop: exit {run.returncode}: {run.stderr}")


def many_missing_locations():
    """Locations without their files cost nothing: libotf2 kept megabytes of
    buffers for each (200 of them took 800 MB)."""
    with tempfile.TemporaryDirectory() as tmp:
        anchor = os.path.join(tmp, "run.otf2")
        subprocess.run([generator, "--locations", "210", "--events", "2100", "-o", anchor], check=True)
        ids = sorted(int(name[:-4]) for name in os.listdir(os.path.join(tmp, "run")) if name.endswith(".evt"))
        for k in ids[10:]:
            for ext in ("evt", "def"):
                os.remove(os.path.join(tmp, "run", f"{k}.{ext}"))
        for lazy in ("never", "always"):
            info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
            data = json.loads(info.stdout) if info.returncode in (0, 1) else {"locations": []}
            read = [loc["id"] for loc in data["locations"] if loc["enters"] > 0]
            if read != ids[:10]:
                failures.append(f"missing locations --lazy={lazy}: locations read {read}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    if peak > 300:
        failures.append(f"missing locations: {peak} MB at the peak")


def damaged_anchors():
    """An anchor whose counts its bytes do not bear out is refused before
    libotf2 reads it, saying which field the file ends inside: libotf2
    allocated what a property count asked (2^31 of them: 32 GB) and then
    said only that it could not open the archive.  Every cut of a good
    anchor is refused the same way, by the reader and by merge."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as out:
        anchor = os.path.join(tmp, "run.otf2")
        subprocess.run([generator, "--locations", "2", "--events", "100", "-o", anchor], check=True)
        with open(anchor, "rb") as f:
            good = f.read()
        # buffer header (2), "OTF2\0", 39 bytes of fixed fields, three strings
        at = 2 + 5 + 39
        for _ in range(3):
            at = good.index(b"\0", at) + 1
        variants = {"2^31 properties": good[:at] + (0x7FFFFFFF).to_bytes(4, "little") + good[at + 4:]}
        # then the property count, the trace id, snapshots, thumbnails and the end-of-file mark
        for cut in range(at + 4 + 8 + 8, 7, -7):  # shorter than the magic: not taken for OTF2 at all
            variants[f"cut at {cut}"] = good[:cut]
        for name, data in variants.items():
            with open(anchor, "wb") as f:
                f.write(data)
            for command in (["info", "--json", anchor], ["merge", "-o", os.path.join(out, f"{len(data)}-{name}"), anchor, anchor]):
                run = subprocess.run([cli, *command], capture_output=True, text=True, timeout=60)
                said = run.stderr + run.stdout
                if run.returncode != 2 or anchor not in said or "OTF2 anchor file" not in said:
                    failures.append(f"anchor {name}: {command[0]} exit {run.returncode}: {said[:300]}")
        with open(anchor, "wb") as f:
            f.write(variants["2^31 properties"])
        run = subprocess.run([cli, "info", anchor], capture_output=True, text=True)
        if "ends inside its properties" not in run.stderr:
            failures.append(f"anchor of 2^31 properties: {run.stderr[:300]}")


def cut_files():
    """A chunked file whose last chunk ends without the end-of-file record
    (cut at a chunk's end: two whole chunks of three) made libotf2 read on
    past the file into the buffers of the chunks it had read, round and
    round for ever: the events before the cut are read, no more, with a
    warning naming the file, in info, check, merge and lazily.  Cut global
    definitions refuse the archive; cut local ones are a warning."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as out:
        anchor = os.path.join(tmp, "run.otf2")
        subprocess.run([generator, "--locations", "2", "--events", "400000", "--local-defs", "-o", anchor], check=True)
        evt = os.path.join(tmp, "run", "0.evt")
        chunk = 1 << 20
        if os.path.getsize(evt) <= 2 * chunk:
            failures.append(f"cut files: {evt} has {os.path.getsize(evt)} bytes, not three chunks")
            return
        whole = {}
        for lazy in ("never", "always"):
            info = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True, text=True)
            whole[lazy] = {loc["id"]: loc["enters"] for loc in json.loads(info.stdout)["locations"]}
        os.truncate(evt, 2 * chunk)
        for command in (["check", anchor], ["info", "--json", "--lazy=never", anchor],
                        ["info", "--json", "--lazy=always", anchor],
                        ["merge", "-o", os.path.join(out, "m.otf2"), anchor, anchor]):
            try:
                run = subprocess.run([cli, *command], capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                failures.append(f"cut event file: {' '.join(command[:3])} never ends")
                continue
            said = run.stdout + run.stderr
            if run.returncode not in (0, 1) or (command[0] != "info" and "0.evt: cut off" not in said):
                failures.append(f"cut event file: {' '.join(command[:3])} exit {run.returncode}: {said[:400]}")
            if command[0] == "info" and run.returncode in (0, 1):
                enters = {loc["id"]: loc["enters"] for loc in json.loads(run.stdout)["locations"]}
                before = whole[command[2][len("--lazy="):]]
                # location 0 keeps its first two chunks' calls, no more; location 1 all of them
                if not 0 < enters[0] < before[0] or enters[1] != before[1]:
                    failures.append(f"cut event file: {command[2]}: enters {enters}, whole file {before}")
        two_chunks = subprocess.run([cli, "info", "--json", "--lazy=never", anchor], capture_output=True, text=True)
        two_chunks = json.loads(two_chunks.stdout)
        # cut inside the third chunk's header: the two whole chunks are read; inside its records: the
        # events before the cut too, and nothing past it (its header counts the events the cut took,
        # which libotf2 took from its old buffers: calls that never were, going back in time)
        for extra in (10, 500):
            subprocess.run([generator, "--locations", "2", "--events", "400000", "--local-defs", "-o", anchor],
                           check=True)
            os.truncate(evt, 2 * chunk + extra)
            for lazy in ("never", "always"):
                run = subprocess.run([cli, "info", "--json", f"--lazy={lazy}", anchor], capture_output=True,
                                     text=True, timeout=60)
                got = json.loads(run.stdout) if run.returncode in (0, 1) else {}
                mine = {loc["id"]: (loc["enters"], loc["leaves"]) for loc in got.get("locations", [])}
                want = {loc["id"]: (loc["enters"], loc["leaves"]) for loc in two_chunks["locations"]}
                # a call takes 10 bytes at least (an Enter and its timestamp)
                more = mine.get(0, (0, 0))[0] - want[0][0]
                if mine.get(1) != want[1] or not 0 <= more <= (extra // 10 if extra >= 18 else 0):
                    failures.append(f"event file cut {extra} bytes into its third chunk, --lazy={lazy}: "
                                    f"calls {mine}, cut at the chunk's start {want}")
            said = subprocess.run([cli, "check", anchor], capture_output=True, text=True, timeout=60).stdout
            if "goes back" in said or "0.evt: cut off" not in said:
                failures.append(f"event file cut {extra} bytes into its third chunk: check says {said[:300]}")
        # the end-of-file record and the byte after it; a chunk header cut short, whose numbers
        # libotf2 takes from what its buffer held before
        for name, expected_exit, cut in (("run/1.def", 1, -2), ("run/0.def", 1, 12), ("run.def", 2, -2)):
            path = os.path.join(tmp, name)
            with open(path, "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(data[:cut])
            run = subprocess.run([cli, "check", anchor], capture_output=True, text=True, timeout=60)
            said = run.stdout + run.stderr
            if run.returncode != expected_exit or f"{os.path.basename(name)}: cut off" not in said:
                failures.append(f"cut {name}: check exit {run.returncode}: {said[:400]}")


special_files()
many_missing_locations()
damaged_anchors()
cut_files()
for line in failures:
    print("FAIL", line)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
