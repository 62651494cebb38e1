#!/usr/bin/env python3
"""The benchmark table, on inputs made by the project's own
generators (kept in WORKDIR between runs; delete it to regenerate).

usage: run.py WORKDIR CLI FRAME_TIME MINIMAL_PASS GEN_BTF GEN_ETF GEN_VISANDOR GEN_LAPLACE [GEN_OTF2]

CHRONO_BENCH_SIZES (default "100M,1G") chooses the file sizes;
CHRONO_BENCH_KINDS (default: all) the rows, a comma-separated list of
btf, btf.gz, etf, visandor and, visandor or, laplace binary;
CHRONO_BENCH_FRAMES (default "50k,5M,25M") the event counts of (d)."""
import os
import subprocess
import sys
import threading
import time

workdir, cli, frame_time, minimal, gen_btf, gen_etf, gen_visandor, gen_laplace = sys.argv[1:9]
gen_otf2 = sys.argv[9] if len(sys.argv) > 9 else None
os.makedirs(workdir, exist_ok=True)
SIZES = os.environ.get("CHRONO_BENCH_SIZES", "100M,1G").split(",")
ALL_KINDS = ["btf", "btf.gz", "etf", "visandor and", "visandor or", "laplace binary"]
KINDS = [k.strip() for k in os.environ.get("CHRONO_BENCH_KINDS", ",".join(ALL_KINDS)).split(",")]
FRAMES = os.environ.get("CHRONO_BENCH_FRAMES", "50k,5M,25M").split(",")
BTF_BYTES_PER_EVENT = 53.5  # what chrono-gen-btf writes on average
ETF_BYTES_PER_CLAIM = 94.0  # chrono-gen-etf with its default mix
VISANDOR_BYTES_PER_EVENT = {"and": 38.7, "or": 24.3}  # chrono-gen-visandor, AND and OR with Andorra-I slaves


def count(text):
    units = {"k": 1e3, "M": 1e6, "G": 1e9}
    return int(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text)


def generate(name, command):
    path = os.path.join(workdir, name)
    if not os.path.exists(path):
        subprocess.run(command + ["-o", path + ".part"], check=True, stdout=subprocess.DEVNULL)
        os.rename(path + ".part", path)
    return path


def btf_file(events):
    return generate(f"btf-{events}.btf", [gen_btf, "--events", str(events), "--cores", "4", "--tasks", "12"])


def etf_file(claims):
    return generate(f"etf-{claims}.etf", [gen_etf, "--claims", str(claims), "--events", str(claims // 10),
                                          "--dependencies", str(claims // 10)])


def visandor_file(mode, events):
    options = ["--mode", "or", "--andorra"] if mode == "or" else []
    return generate(f"visandor-{mode}-{events}.vt", [gen_visandor, "--events", str(events), *options])


def gzip_file(path):
    """The same text gzipped as users keep it (gzip's default level)."""
    gz = path + ".gz"
    if not os.path.exists(gz):
        with open(gz + ".part", "wb") as out:
            subprocess.run(["gzip", "-c", path], check=True, stdout=out)
        os.rename(gz + ".part", gz)
    return gz


def laplace_file(references):
    """A binary reference trace (18 bytes a record) and its kernel trace beside it."""
    path = os.path.join(workdir, f"laplace-{references}.ref")
    if not os.path.exists(path):
        subprocess.run([gen_laplace, "--binary", "--records", str(references), "--processes", "4", "--slice", "20000",
                        "--with-kernel", "-o", path], check=True)
    return path


def timed(command):
    """Wall time and the peak RssAnon (MB) of a command, sampled every 5 ms."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = [0]

    def sample():
        status = f"/proc/{process.pid}/status"
        while process.poll() is None:
            try:
                with open(status) as f:
                    for line in f:
                        if line.startswith("RssAnon:"):
                            peak[0] = max(peak[0], int(line.split()[1]))
            except OSError:
                pass
            time.sleep(0.005)

    watcher = threading.Thread(target=sample)
    watcher.start()
    _, err = process.communicate()
    watcher.join()
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed: {err.decode()}")
    return time.monotonic() - start, peak[0] / 1024.0


def wc_seconds(path):
    start = time.monotonic()
    subprocess.run(["wc", "-l", path], check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def input_file(kind, target):
    if kind == "btf":
        return btf_file(int(target / BTF_BYTES_PER_EVENT))
    if kind == "btf.gz":
        return gzip_file(btf_file(int(target / BTF_BYTES_PER_EVENT)))
    if kind == "etf":
        return etf_file(int(target / ETF_BYTES_PER_CLAIM))
    if kind.startswith("visandor "):
        mode = kind.split()[1]
        return visandor_file(mode, int(target / VISANDOR_BYTES_PER_EVENT[mode]))
    if kind == "laplace binary":
        return laplace_file(int(target / 18))
    raise SystemExit(f"unknown benchmark kind {kind!r}")


def chunk_decode_ms(path):
    """The chunks of a window of 1/1000 of the trace near its end, decoded
    once (a .gz from its nearest access point, not from its start)."""
    out = subprocess.run([frame_time, path, "1920", "1080", "0.95"], check=True, capture_output=True,
                         text=True).stdout.split()
    return out[2]


rows = []
for size in SIZES:
    target = count(size)
    for kind in KINDS:
        path = input_file(kind, target)
        # a .gz is measured by the text it holds, as the lazy/whole choice is
        megabytes = os.path.getsize(path[:-3] if kind.endswith(".gz") else path) / 1e6
        subprocess.run(["cat", path], check=True, stdout=subprocess.DEVNULL)  # into the page cache
        load, _ = timed([cli, "info", path])
        export, peak = timed([cli, "export", path, "-o", os.path.join(workdir, "frame.png"), "--force", "--size",
                              "1920x1080"])
        yardstick = ratio = ""
        if kind in ("btf", "etf"):
            out = subprocess.run([minimal, path], check=True, capture_output=True, text=True).stdout.split()
            yardstick = f"{float(out[0]):.2f}"
            ratio = f"{export / float(out[0]):.1f}×"
        decode = chunk_decode_ms(path) if kind != "laplace binary" and megabytes >= 64 * 1.048576 else ""
        label = f"{kind} ({os.path.getsize(path) / 1e6:.0f} MB gzip)" if kind.endswith(".gz") else kind
        rows.append((label, f"{megabytes:.0f}", f"{megabytes / load:.0f}", f"{export:.2f}", ratio, f"{peak:.0f}",
                     f"{100 * peak / megabytes:.0f}%", yardstick, f"{wc_seconds(path):.2f}", decode))

print()
print("| input | MB | (a) index pass MB/s | (b) first full frame s | (b)/minimal | (c) peak RssAnon MB | (c)/size "
      "| minimal pass s | wc -l s | (e) chunk decode ms |")
print("|---|---|---|---|---|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(row) + " |")
print()
print("| (d) events | zoomed-out frame ms | zoomed-in frame ms | zoomed-out / first row's |")
print("|---|---|---|---|")
first_out = None
for events in FRAMES:
    path = btf_file(count(events))
    out = subprocess.run([frame_time, path, "1920", "1080"], check=True, capture_output=True, text=True).stdout.split()[:2]
    first_out = first_out or float(out[0])
    print(f"| {events} | {out[0]} | {out[1]} | {float(out[0]) / first_out:.2f}× |")
print()
print("(a) `chronoscope-cli info`: the index pass from 64 MiB on (BTF, .btf.gz, TRACE, VisAndOr; a Laplace binary "
      "trace is read by index), the whole load otherwise; minimal pass: split lines and fields, parse times, intern "
      "names (BTF, TRACE); (b) `chronoscope-cli export` of the whole trace at 1920x1080; (d) frames of the renderer, "
      "the zoomed-in one after its chunks are decoded; (e) decoding the chunks of 1/1000 of the trace at 95 % of its "
      "time. Targets: (b) ≤ 1.5 × minimal pass for BTF, ≤ 2 × for TRACE; (c) < 25% of a 1 GB file; "
      "25M zoomed-out frame ≤ 2 × the 50k one; (e) of a .gz well under a second.")


def vite_comparison():
    """Open + SVG export of 4M Enter/Leave events on 8 locations, against ViTE's."""
    import shutil
    if gen_otf2 is None:
        return
    anchor = os.path.join(workdir, "otf2-4M", "run.otf2")
    if not os.path.exists(anchor):
        os.makedirs(os.path.dirname(anchor), exist_ok=True)
        subprocess.run([gen_otf2, "--events", "4000000", "--locations", "8", "-o", anchor], check=True)
    rows = [("chronoscope-cli export", [cli, "export", anchor, "-o", os.path.join(workdir, "otf2.svg"), "--force",
                                         "--size", "1920x1080"], {})]
    if shutil.which("vite"):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        rows.append(("vite -e", ["vite", "-f", anchor, "-e", os.path.join(workdir, "vite.svg")], env))
    print("| OTF2, 4M Enter/Leave on 8 locations | s | peak RssAnon MB |")
    print("|---|---|---|")
    for name, command, env in rows:
        start = time.monotonic()
        peak = 0
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env or None)
        while process.poll() is None:
            try:
                with open(f"/proc/{process.pid}/status") as f:
                    for line in f:
                        if line.startswith("RssAnon:"):
                            peak = max(peak, int(line.split()[1]))
            except OSError:
                pass
            time.sleep(0.005)
        print(f"| {name} | {time.monotonic() - start:.2f} | {peak / 1024:.0f} |")
    if not shutil.which("vite"):
        print("(ViTE is not installed: `apt-get install vite` for its row)")


vite_comparison()
