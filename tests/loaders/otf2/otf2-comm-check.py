#!/usr/bin/env python3
"""`chronoscope-cli comm --json` (the communication matrix, late senders),
`comm --by size|tag|communicator --json` (the message summary) and
`comm --by collective --json` (the collectives) against
what the project's OTF2 generator wrote from its own bookkeeping (--comm,
--comm-by), on archives of several shapes, some whose ranks wait in MPI_Recv
for senders that start late; the fixtures against their goldens; and, on
the generated archives and the corpus, the messages against `info --json`'s
count, which the reader keeps apart.

    otf2-comm-check.py CLI GEN_OTF2 FIXTURES_DIR CORPUS_DIR

CHRONO_UPDATE_GOLDEN=1 rewrites the fixtures' goldens."""
import glob
import json
import os
import subprocess
import sys
import tempfile

cli, gen, fixtures, corpus = sys.argv[1:5]
failures = 0

SHAPES = [
    ["--mpi"],
    ["--mpi", "--late-senders"],
    ["--mpi", "--late-senders", "--sends-inside", "--locations", "9"],
    ["--mpi", "--late-senders", "--metrics", "--local-defs", "--huge-ids"],
]


def check(what, ok, detail=""):
    global failures
    failures += not ok
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "  " + detail))


def run(*args):
    return json.loads(subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout)


def against_info(name, anchor):
    got, info = run("comm", "--json", anchor), run("info", "--json", anchor)
    ok = got["messages"] == info["messages"] == sum(p["count"] for p in got["pairs"])
    ok = ok and got["bytes"] == sum(p["bytes"] for p in got["pairs"])
    check(f"{name}: the pairs add up to the messages info counts", ok, f"{got['messages']} != {info['messages']}")
    for by in ("size", "tag", "communicator"):
        groups = run("comm", "--by", by, "--json", anchor)["groups"]
        ok = sum(g["count"] for g in groups) == got["messages"] and sum(g["bytes"] for g in groups) == got["bytes"]
        check(f"{name}: the groups by {by} add up to them", ok)


with tempfile.TemporaryDirectory() as tmp:
    late_seen, collectives_seen = False, set()
    for n, shape in enumerate(SHAPES):
        name = "generated " + " ".join(shape)
        anchor, expected = os.path.join(tmp, f"g{n}.otf2"), os.path.join(tmp, f"g{n}.comm.json")
        prefix = os.path.join(tmp, f"g{n}.comm-by")
        subprocess.run([gen, "-o", anchor, "--seed", str(30 + n), "--events", "20000", *shape, "--comm", expected,
                        "--comm-by", prefix], check=True)
        want, got = json.load(open(expected)), run("comm", "--json", anchor)
        check(f"{name}: comm --json", want == got, f"{want['messages']} / {got['messages']} messages")
        for by in ("size", "tag", "communicator", "collective"):
            want_by, got_by = json.load(open(f"{prefix}.{by}.json")), run("comm", "--by", by, "--json", anchor)
            check(f"{name}: comm --by {by} --json", want_by == got_by,
                  f"{len(want_by['groups'])} / {len(got_by['groups'])} groups")
        late_seen |= want["late_sender"] > 0
        collectives_seen |= {g["operation"] for g in json.load(open(f"{prefix}.collective.json"))["groups"]}
        against_info(name, anchor)
    check("some receivers waited for late senders", late_seen)
    check("every operation the generator writes was summed", collectives_seen == {"Allreduce", "Barrier", "Bcast"},
          str(collectives_seen))

update = os.environ.get("CHRONO_UPDATE_GOLDEN") == "1"
for anchor in sorted(glob.glob(os.path.join(fixtures, "*.otf2"))):
    for suffix, by in ((".comm.json", []), (".comm-by-size.json", ["--by", "size"]),
                       (".comm-by-tag.json", ["--by", "tag"]), (".comm-by-communicator.json", ["--by", "communicator"]),
                       (".comm-by-collective.json", ["--by", "collective"])):
        golden = anchor + suffix
        text = subprocess.run([cli, "comm", *by, "--json", anchor], check=True, capture_output=True, text=True).stdout
        if update:
            open(golden, "w").write(text)
        check(f"fixture {os.path.basename(golden)}", os.path.exists(golden) and open(golden).read() == text)

anchors = sorted(glob.glob(os.path.join(corpus, "*", "*.otf2")))
for anchor in anchors:
    against_info("corpus " + os.path.relpath(anchor, corpus), anchor)
if not anchors:
    print("(no OTF2 corpus at %s)" % corpus)
print("%d failed" % failures)
sys.exit(1 if failures else 0)
