"""A big BTF for a benchmark, made once by the project's generator and kept
in WORKDIR between runs (delete it to regenerate); and one command timed."""
import os
import subprocess
import time


def timed(cli, *args):
    """Wall seconds, peak RSS (MB) and exit code of one run of cli (a child of its own, so its peak alone)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            os.execv(cli, [cli, *args])
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def generated_btf(workdir, gen_btf, variable, name, extra=()):
    """The path of a trace of $variable events (default 10M; "200k", "2M"
    and plain numbers too), on 4 cores and 12 tasks, with extra options."""
    text = os.environ.get(variable, "10M")
    units = {"k": 10**3, "M": 10**6}
    events = int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, f"btf-{name}-{events}.btf")
    if not os.path.exists(path):
        subprocess.run([gen_btf, "--events", str(events), "--cores", "4", "--tasks", "12", *extra,
                        "-o", path + ".part"], check=True, stdout=subprocess.DEVNULL)
        os.rename(path + ".part", path)
    print(f"{events} events, {os.path.getsize(path) / 1e6:.0f} MB: {path}\n", flush=True)
    return path
