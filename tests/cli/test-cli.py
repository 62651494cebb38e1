#!/usr/bin/env python3
"""chronoscope-cli end to end: info, check, export, dump, and how it fails."""
import hashlib
import json
import os
import re
import subprocess
import sys
import stat
import tempfile
import threading
import time
import unittest

CLI = sys.argv.pop(1)
# this file is tests/cli/test-cli.py
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CLEAN = """#version 2.1.3
#timeScale ns
0,STI_A,0,STI,STI_A,0,trigger
0,STI_A,0,T,Task_A,0,activate
100,Core_0,0,T,Task_A,0,start
100,Task_A,0,R,Run_A,0,start
500,Task_A,0,R,Run_A,0,terminate
500,Core_0,0,T,Task_A,0,terminate
600,STI_A,1,T,Task_A,1,activate
700,Core_0,0,T,Task_A,1,start
900,Core_0,0,T,Task_A,1,preempt
950,Core_0,0,T,Task_A,1,resume
1000,Core_0,0,T,Task_A,1,terminate
"""

WITH_WARNINGS = """#version 2.1.3
#timeScale us
0,STI_A,0,T,Task_A,0,activate
NOTPARSED,Core_0,0,T,Task_A,0,start
10,Core_0,0,T,Task_A,0,resume
20,Core_0,0,T,Task_A,0
"""


ETF = """# two jobs on a belt and a gantry
TU MILLISECONDS
O 1700000000000
T name = demo
R 0 1 false ; name = Belt
R 1 100 true ; name = Memory
C 0 0 10 0 1 ; name = move, pid = 1
C 1 5 20 0 0.5 ; name = move, pid = 2
C 2 2 4 1 25 50 ; name = alloc, pid = 1
E 0 12 ; name = done
D 0 2 0 1 ; type = app
S 0 ; name = speed
F 0 0 10 0 1 0
F 0 10 20 10 0 -0.1
"""


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True)


def read_all(fd):
    """Everything written into a FIFO opened without waiting for a writer:
    waits for the writer to come, then reads until it closes."""
    chunks, started = [], False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            time.sleep(0.01)
            continue
        if chunk:
            chunks.append(chunk)
            started = True
        elif started:
            break
        else:
            time.sleep(0.01)  # no writer yet
    os.close(fd)
    return b"".join(chunks)


class Cli(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, name, text, mode="w"):
        path = os.path.join(self.tmp.name, name)
        with open(path, mode) as f:
            f.write(text)
        return path

    def test_info_json_keys_and_values(self):
        path = self.write("clean.btf", CLEAN)
        result = run("info", "--json", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        data = json.loads(result.stdout)
        self.assertEqual(data["file"], path)
        self.assertEqual(data["format"], "btf")
        self.assertEqual(data["begin"], 0)
        self.assertEqual(data["end"], 1e-6)
        self.assertEqual(data["warnings"], 0)
        self.assertGreater(data["lanes"], 0)
        entities = {e["name"]: e for e in data["entities"]}
        task = entities["Task_A"]
        self.assertEqual(task["type"], "T")
        self.assertEqual(task["activations"], 2)
        self.assertEqual(task["preemptions"], 1)
        self.assertEqual(task["response_time"], {"count": 2, "min": 4e-7, "max": 5e-7, "mean": 4.5e-7})
        self.assertAlmostEqual(task["running_time"], 400e-9 + 250e-9, places=15)
        self.assertEqual(entities["Core_0"], {"name": "Core_0", "type": "C", "busy_time": 6.5e-7})
        self.assertEqual(entities["Run_A"], {"name": "Run_A", "type": "R", "starts": 1, "running_time": 4e-7})

    def test_isr_type_is_named_isr(self):
        """BTF 2.1.3 writes the type ISR, 2.1.5 and later I: info --json says "ISR" for both."""
        for code in ("I", "ISR"):
            path = self.write(f"isr-{code}.btf", f"#version 2.2.0\n#timeScale ns\n"
                              f"0,Irq,0,{code},ISR_X,0,activate\n2,Core_0,0,{code},ISR_X,0,start\n"
                              f"5,Core_0,0,{code},ISR_X,0,terminate\n")
            data = json.loads(run("info", "--json", path).stdout)
            isr = [e for e in data["entities"] if e["name"] == "ISR_X"][0]
            self.assertEqual(isr["type"], "ISR", code)
            self.assertEqual(isr["activations"], 1, code)

    def test_ticks_round_trip(self):
        path = self.write("clean.btf", CLEAN)
        raw = run("info", "--json", path).stdout
        self.assertIn('"end": 0.000001', raw)

    def test_null_response_time(self):
        path = self.write("open.btf", "#timeScale ns\n0,S,0,T,T1,0,activate\n5,Core_0,0,T,T1,0,start\n")
        data = json.loads(run("info", "--json", path).stdout)
        task = [e for e in data["entities"] if e["name"] == "T1"][0]
        self.assertEqual(task["response_time"], {"count": 0, "min": None, "max": None, "mean": None})

    def test_info_human(self):
        path = self.write("clean.btf", CLEAN)
        result = run("info", path)
        self.assertEqual(result.returncode, 0)
        self.assertIn("Task_A", result.stdout)
        self.assertIn("btf", result.stdout)

    def test_check_clean(self):
        result = run("check", self.write("clean.btf", CLEAN))
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")

    def test_check_warnings(self):
        path = self.write("warn.btf", WITH_WARNINGS)
        result = run("check", path)
        self.assertEqual(result.returncode, 1, result.stdout)
        lines = result.stdout.splitlines()
        self.assertTrue(any(line.startswith(f"{path}:4: warning:") and "NOTPARSED" in line for line in lines), lines)
        self.assertTrue(any(line.startswith(f"{path}:5: warning:") for line in lines), lines)
        self.assertTrue(any(line.startswith(f"{path}:6: warning:") for line in lines), lines)

    def test_check_unloadable(self):
        path = self.write("garbage.btf", bytes(range(256)) * 4, "wb")
        result = run("check", path)
        self.assertEqual(result.returncode, 2)
        self.assertIn(f"{path}: error:", result.stdout)

    def test_missing_file(self):
        path = os.path.join(self.tmp.name, "nope.btf")
        for command in (["info"], ["check"], ["dump"], ["export", "-o", os.path.join(self.tmp.name, "x.png")]):
            result = run(*command, path)
            self.assertNotEqual(result.returncode, 0, command)
            self.assertIn("nope.btf", result.stdout + result.stderr, command)

    def test_unknown_format(self):
        path = self.write("notes.txt", "dear diary,\ntoday I traced nothing.\n")
        result = run("info", path)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("unknown trace format", result.stderr)

    def test_usage_names_every_command_and_option(self):
        """The usage is written from the command table and the loaders'
        declarations: each command it lists runs, and every option a
        command's --help offers is named in it."""
        result = run("--help")
        self.assertEqual(result.returncode, 0)
        usage = result.stderr
        section = usage.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
        commands = [line.split()[0] for line in section.splitlines()
                    if line.startswith("  ") and not line.startswith("   ") and not line.startswith("  --")]
        self.assertIn("info", commands)
        self.assertIn("merge", commands)
        for command in commands:
            help_text = run(command, "--help")
            self.assertEqual(help_text.returncode, 0, command)
            for line in help_text.stdout.splitlines():
                option = re.match(r"\s+(?:(-\w), )?(--[\w-]+)", line)
                if option is None or option.group(2).startswith("--help"):
                    continue
                named = option.group(2) in usage or (option.group(1) and f"{option.group(1)} " in usage)
                self.assertTrue(named, f"{command} {option.group(2)}")
        self.assertIn("unknown command", run("nonsense").stderr)

    def test_bad_arguments(self):
        path = self.write("clean.btf", CLEAN)
        cases = [
            (["frobnicate", path], "unknown command"),
            (["export", path], "usage"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.gif")], ".png, .svg or .pdf"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.png"), "--range", "5ms"], "BEGIN..END"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.png"), "--range", "3ms..1ms"], "ends before"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.png"), "--range", "1parsec..2ms"], "unknown unit"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.png"), "--size", "huge"], "WIDTHxHEIGHT"),
            (["export", path, "-o", os.path.join(self.tmp.name, "x.png"), "--marker-a", "soon"], "soon"),
            (["info"], "no file"),
        ]
        for args, message in cases:
            result = run(*args)
            self.assertNotEqual(result.returncode, 0, args)
            self.assertIn(message, result.stderr, args)
        self.assertEqual(run().returncode, 2)

    def test_export_formats(self):
        path = self.write("clean.btf", CLEAN)
        magic = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}
        for ext, head in magic.items():
            out = os.path.join(self.tmp.name, f"out.{ext}")
            result = run("export", path, "-o", out, "--range", "100ns..900ns", "--size", "800x300")
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                self.assertTrue(f.read().startswith(head), ext)

    def test_export_of_several_traces(self):
        """A BTF and a TRACE file on one clock: by wall clock the TRACE's zero
        (5 ms after the BTF's #creationDate) falls 4.807 ms after the BTF's
        first event, which is where --shift puts it when they are aligned by
        their starts: the same picture, byte for byte."""
        root = SOURCE_ROOT
        btf = os.path.join(root, "data", "examples", "two-cores.btf")
        etf = os.path.join(root, "tests", "data", "etf", "beside_example.etf")

        def export(name, *options):
            out = os.path.join(self.tmp.name, name)
            result = run("export", btf, etf, "-o", out, "--size", "900x0", *options)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                return f.read()

        by_wall_clock = export("wall.png", "--align", "wallclock")
        by_start = export("start.png")
        self.assertNotEqual(by_wall_clock, by_start)
        self.assertEqual(by_wall_clock, export("shifted.png", "--shift", "2=+4.807ms"))
        self.assertNotEqual(by_wall_clock, export("shifted-more.png", "--shift", "2=+4.808ms"))
        self.assertNotEqual(by_start, export("first-ms.png", "--range", "0..1ms"))

        no_wall_clock = self.write("clean.btf", CLEAN)
        for options, message in (
            (["--align", "wallclock"], "no wall-clock time"),
            (["--align", "sideways"], "--align takes start, wallclock or timestamps"),
            (["--shift", "3=1ms"], "there are only 2 traces"),
            (["--shift", "1=1ms"], "must be TRACE=TIME"),
            (["--shift", "2=soon"], "soon"),
        ):
            result = run("export", btf, no_wall_clock, "-o", os.path.join(self.tmp.name, "x.png"), *options)
            self.assertEqual(result.returncode, 2, options)
            self.assertIn(message, result.stderr)

    def test_export_of_traces_with_their_own_names(self):
        """A small BTF first and a VisAndOr run second: the run's tree rows,
        their workers in the legend and its nodes' names come from its own
        string table, not from the BTF's (a lookup past its end)."""
        root = SOURCE_ROOT
        btf = os.path.join(root, "tests", "data", "btf", "spec_example.btf")
        run_file = os.path.join(root, "tests", "data", "visandor", "and_doc_example.vt")
        out = os.path.join(self.tmp.name, "two.png")
        result = run("export", btf, run_file, "-o", out, "--size", "1600x0")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("CRITICAL", result.stderr)
        self.assertNotIn("assertion", result.stderr)
        self.assertEqual(result.stderr, "")

    def test_range_table(self):
        """What 5 µs..15 µs of the BTF spec example holds, worked
        out by hand: Task_A runs 5.1 µs and is ready 4.9 µs; Core_1 is busy
        throughout; Task_B's start at 10.1 µs is the one item begun on the core."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "spec_example.btf")
        result = run("range", fixture, "--range", "5us..15us", "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        table = json.loads(result.stdout)
        self.assertEqual((table["begin"], table["end"]), (5e-06, 1.5e-05))
        lanes = {lane["lane"]: lane for lane in table["lanes"]}
        self.assertEqual(lanes["Tasks/Task_A"]["states"], {"ready": 4.9e-06, "running": 5.1e-06})
        self.assertAlmostEqual(lanes["Tasks/Task_A"]["busy_share"], 0.51)
        self.assertEqual(lanes["Tasks/Task_A"]["begun"], 1)
        self.assertEqual(lanes["Tasks/Task_A"]["longest"], {"begin": 1.01e-05, "end": 1.6866e-05, "duration": 6.766e-06})
        self.assertEqual(lanes["Cores/Core_1"]["busy_share"], 1.0)
        self.assertEqual(lanes["Cores/Core_1"]["begun"], 1)
        self.assertEqual(lanes["Tasks/Task_B"]["states"], {"active": 1e-07, "running": 4.9e-06})
        self.assertEqual(lanes["Tasks/Task_A/Runnable_A_1"]["longest"], None)
        text = run("range", fixture, "--range", "5us..15us").stdout
        self.assertIn("Tasks/Task_A: busy 51.0 %, 1 items, longest 6.766 µs; Ready 4.9 µs; Running 5.1 µs", text)
        bad = run("range", fixture)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("--range", bad.stderr)

    def test_range_of_nested_calls(self):
        """A location's nested calls are one busy time, not one per depth:
        over the OTF2 fixture's first 100 µs, where Master thread's main
        call runs throughout, its busy share is 100 %, not 200 % and more;
        its counters change by what the rate integrates to (more than 0)."""
        fixture = os.path.join(SOURCE_ROOT, "tests", "data", "otf2", "mpi_metrics.otf2")
        if not os.path.exists(fixture):
            self.skipTest("built without OTF2 fixtures")
        table = json.loads(run("range", fixture, "--range", "20us..120us", "--json").stdout)
        for lane in table["lanes"]:
            self.assertLessEqual(lane["busy_share"], 1.0, lane["lane"])
            self.assertLessEqual(sum(lane["states"].values()), 100e-6 * (1 + 1e-9), lane["lane"])
        master = next(lane for lane in table["lanes"] if lane["lane"].endswith("Master thread"))
        self.assertEqual(master["busy_share"], 1.0)
        rates = [c for c in table["counters"] if c["rate"]]
        self.assertTrue(rates)
        for counter in rates:
            self.assertGreater(counter["change"], 0)
            self.assertAlmostEqual(counter["per_second"] * 100e-6, counter["change"], delta=1e-6 * counter["change"])

    def test_range_of_agents(self):
        """A VisAndOr agent's items below its first row are concurrent work
        (branches, slaves), not nested calls: their time per state stays in
        the range table (the rule for nested calls had dropped it)."""
        fixture = os.path.join(SOURCE_ROOT, "tests", "data", "visandor", "andorra_slaves.vt")
        table = json.loads(run("range", fixture, "--range", "0..100s", "--json").stdout)
        agents = [lane for lane in table["lanes"] if lane["lane"].startswith("Agents/")]
        self.assertTrue(agents)
        self.assertTrue(all(lane["states"] for lane in agents), agents)
        self.assertIn("slave", agents[1]["states"])

    def test_life_json(self):
        """What the inspector shows for an instance; every
        process that ran while it was preempted, with its time."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "preempted_by_two.btf")
        result = run("life", fixture, "Task_Low#0", "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        life = json.loads(result.stdout)
        self.assertEqual(list(life), ["entity", "instance", "activated", "started", "terminated", "response_time",
                                      "states", "preemptions", "waits"])
        self.assertEqual(life["waits"], [])  # no semaphore in this trace
        self.assertEqual(life["entity"], "Task_Low")
        self.assertEqual(life["started"], 1e-08)
        self.assertEqual(life["response_time"], 7e-08)
        self.assertEqual(life["states"], {"Active": 1e-08, "Ready": 3.5e-08, "Running": 2.5e-08})
        self.assertEqual(life["preemptions"], [{"at": 2e-08, "core": "Core_1", "duration": 3.5e-08, "ran": [
            {"entity": "Task_High", "instance": 0, "time": 2e-08},
            {"entity": "Task_Mid", "instance": 4, "time": 1e-08}]}])
        never = json.loads(run("life", fixture, "Task_High#0", "--json").stdout)
        self.assertEqual(never["preemptions"], [])
        for spec, message in (("Task_Low", "must be ENTITY#N"), ("Task_Low#9", "has no instance #9"),
                              ("Nobody#0", "no task or ISR named")):
            bad = run("life", fixture, spec)
            self.assertEqual(bad.returncode, 2)
            self.assertIn(message, bad.stderr)

    def test_stats_json(self):
        """Exactly the keys asked for, every task and ISR sorted by name."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "timing_metrics.btf")
        result = run("stats", fixture, "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        stats = json.loads(result.stdout, parse_float=str)
        self.assertEqual(stats["format"], "btf")
        self.assertEqual([(e["name"], e["type"]) for e in stats["entities"]],
                         [("ISR_X", "ISR"), ("Task_A", "T"), ("Task_B", "T")])
        task_a = stats["entities"][1]
        for metric in ("response_time", "start_delay", "gross_execution", "net_execution"):
            self.assertEqual(list(task_a[metric]), ["count", "min", "max", "mean", "p50", "p95", "p99", "worst_at"])
        self.assertEqual(task_a["response_time"], {"count": 4, "min": "0.00002", "max": "0.00004", "mean": "0.00002875",
                                                   "p50": "0.00002", "p95": "0.00004", "p99": "0.00004",
                                                   "worst_at": "0.00021"})
        self.assertEqual(stats["runnables"][0]["name"], "Run_1")
        self.assertEqual(stats["runnables"][0]["gross_execution"]["max"], "0.000028")
        # nothing in the range: count 0 and nulls
        empty = json.loads(run("stats", fixture, "--json", "--entity", "Task_B", "--range", "1us..2us").stdout)
        self.assertEqual(empty["entities"][0]["response_time"],
                         {"count": 0, "min": None, "max": None, "mean": None, "p50": None, "p95": None, "p99": None,
                          "worst_at": None})
        bad = run("stats", fixture, "--entity", "Nobody")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("no task, ISR or runnable named", bad.stderr)

    def test_control_characters_in_names_are_escaped_alike(self):
        """Every JSON the CLI prints escapes a name the same way: newline,
        return and tab short, every other control character as \\u00XX
        (json-glib wrote 0x1f raw, which is no JSON)."""
        odd = "Task\x1f\x08\tX\x0c"
        path = self.write("odd.btf", CLEAN.replace("Task_A", odd))
        escaped = 'Task\\u001f\\u0008\\tX\\u000c'
        for args in (("info", "--json"), ("stats", "--json"), ("life", "--json", odd + "#0"),
                     ("range", "--json", "--range", "0..1us")):
            with self.subTest(command=args[0]):
                result = run(args[0], path, *args[1:])
                self.assertEqual(result.returncode, 0, result.stderr)
                json.loads(result.stdout)  # strict: a raw control character in a string fails
                self.assertIn(escaped, result.stdout)
                self.assertNotIn("\x1f", result.stdout)

    def test_check_requirements(self):
        """Every violation as trace:line: requirement: value at time; exit 1."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "timing_metrics.btf")
        requirements = self.write("req.txt", "# limits\nTask_A response_time <= 30us\n\n"
                                  "Core_1 load <= 30% per 100us  # the busiest window is 35%\n"
                                  "Task_A preemptions <= 2\n")
        result = run("check", "--requirements", requirements, fixture)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stdout.splitlines(), [
            f"{fixture}:14: Task_A response_time <= 30us: 35 µs at 100 µs (#1)",
            f"{fixture}:36: Task_A response_time <= 30us: 40 µs at 210 µs (#2)",
            f"{fixture}: Core_1 load <= 30% per 100us: 35% at 200 µs"])
        met = self.write("met.txt", "Task_A response_time <= 40us\nCore_1 load <= 35% per 100us\n")
        result = run("check", "--requirements", met, fixture)
        self.assertEqual((result.returncode, result.stdout), (0, ""), result.stderr)
        for text, message in (("A -> B <= 1ms\n", "line 1: “A -> B <= 1ms”: an event chain reads chain NAME: A -> B"),
                              ("\nTask_A response <= 1ms\n", "line 2: “Task_A response <= 1ms”: unknown metric"),
                              ("Task_A response_time <= soon\n", "soon"),
                              ("Core_1 load <= 70 per 10ms\n", "percentage"),
                              ("Nobody net_execution <= 1ms\n", "no task, ISR or runnable named “Nobody”"),
                              ("Core_9 load <= 70% per 10ms\n", "no core named “Core_9”")):
            result = run("check", "--requirements", self.write("bad.txt", text), fixture)
            self.assertEqual(result.returncode, 2, text)
            self.assertIn(message, result.stderr)

    def test_chains_json(self):
        """Per chain and measure stats' summary, incomplete walks and a histogram."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "chains.btf")
        result = run("chains", fixture, "--json", "--chain", "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake",
                     "--chain", "tasks: Task_Read -> Task_Ctrl")
        self.assertEqual(result.returncode, 0, result.stderr)
        out = json.loads(result.stdout, parse_float=str)
        self.assertEqual(out["format"], "btf")
        self.assertEqual([c["name"] for c in out["chains"]], ["brake", "tasks"])
        brake = out["chains"][0]
        self.assertEqual(list(brake), ["name", "elements", "latency", "data_age", "incomplete", "histograms"])
        self.assertEqual(brake["elements"], ["STI_Pedal", "R_ReadPedal", "R_Control", "R_WriteBrake"])
        self.assertEqual(brake["data_age"], {"count": 2, "min": "0.000025", "max": "0.000046", "mean": "0.0000355",
                                             "p50": "0.000025", "p95": "0.000046", "p99": "0.000046",
                                             "worst_at": "0.000056"})
        self.assertEqual(list(brake["latency"]), ["count", "min", "max", "mean", "p50", "p95", "p99", "worst_at"])
        self.assertEqual((brake["latency"]["count"], brake["latency"]["worst_at"]), (3, "0.000012"))
        self.assertEqual(brake["incomplete"], {"latency": 2, "data_age": 1})
        self.assertEqual(brake["histograms"]["latency"], {"bins": 10, "min": "0.000025", "max": "0.00005",
                                                          "width": "0.0000025",
                                                          "counts": [1, 0, 0, 0, 0, 0, 0, 0, 1, 1]})
        # a chain that never completes: count 0, nulls, no histogram
        open_call = self.write("open.btf", "#timescale us\n0,SIM,-1,STI,S,0,trigger\n1,X,0,T,T1,0,activate\n"
                               "2,Core_1,0,T,T1,0,start\n3,T1,0,R,R1,0,start\n")
        never = json.loads(run("chains", open_call, "--json", "--chain", "late: S -> R1").stdout)["chains"][0]
        self.assertEqual(never["incomplete"], {"latency": 1, "data_age": 0})
        self.assertEqual(never["latency"]["count"], 0)
        self.assertEqual(never["data_age"]["count"], 0)
        self.assertIsNone(never["data_age"]["p99"])
        self.assertIsNone(never["histograms"]["data_age"])
        human = run("chains", fixture, "--chain", "brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake")
        self.assertEqual(human.returncode, 0, human.stderr)
        self.assertIn("chain brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake", human.stdout)
        for args, message in ((["--chain", "x: STI_Pedal -> Nobody"], "no stimulus, task, ISR or runnable named “Nobody”"),
                              (["--chain", "x STI_Pedal -> R_Control"], "a chain reads NAME:"),
                              (["--chain", "x: STI_Pedal"], "at least two elements"),
                              (["--chain", "x: R_Control -> STI_Pedal"], "only the first element"),
                              ([], "at least one --chain")):
            bad = run("chains", fixture, *args)
            self.assertEqual(bad.returncode, 2, args)
            self.assertIn(message, bad.stderr)

    def test_check_chain_requirements(self):
        """Chain lines in the requirements; a latency's violation at its stimulus, a data age's at its response."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "chains.btf")
        requirements = self.write("req.txt", "chain brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake\n"
                                  "chain brake latency <= 46us\nchain brake data_age <= 30us  # response 56..62\n")
        result = run("check", "--requirements", requirements, fixture)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stdout.splitlines(), [
            f"{fixture}:22: chain brake latency <= 46us: 50 µs at 12 µs",
            f"{fixture}:47: chain brake data_age <= 30us: 46 µs at 56 µs (#2)"])
        met = self.write("met.txt", "chain brake: STI_Pedal -> R_ReadPedal -> R_Control -> R_WriteBrake\n"
                         "chain brake latency <= 50us\nchain brake data_age <= 46us\n")
        result = run("check", "--requirements", met, fixture)
        self.assertEqual((result.returncode, result.stdout), (0, ""), result.stderr)
        for text, message in (("chain brake latency <= 1ms\n", "no chain “brake” is defined above"),
                              ("chain b: A -> B\nchain b latency <= soon\n", "line 2"),
                              ("chain b: STI_Pedal -> Nobody\nchain b data_age <= 1ms\n", "named “Nobody”"),
                              ("chain b: A\n", "at least two elements")):
            result = run("check", "--requirements", self.write("bad.txt", text), fixture)
            self.assertEqual(result.returncode, 2, text)
            self.assertIn(message, result.stderr)

    def test_export_markers(self):
        path = self.write("clean.btf", CLEAN)

        def export(name, *markers):
            out = os.path.join(self.tmp.name, name)
            result = run("export", path, "-o", out, "--size", "800x200", *markers)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                return f.read()

        plain = export("plain.png")
        marked = export("marked.png", "--marker-a", "300ns", "--marker-b", "0.8us")
        self.assertNotEqual(plain, marked)
        self.assertEqual(plain, export("outside.png", "--marker-a", "5ms"))
        # cairo writes the markers' orange into the SVG as it is
        self.assertNotIn("rgb(90%,38%,0%)", export("plain.svg").decode())
        self.assertIn("rgb(90%,38%,0%)", export("marked.svg", "--marker-b", "500ns").decode())

    def test_export_requirements_and_chain_path(self):
        """Violations marked on their lanes, a chain instance's path drawn, as in the viewer."""
        root = SOURCE_ROOT
        fixture = os.path.join(root, "tests", "data", "btf", "chains.btf")
        requirements = os.path.join(root, "tests", "data", "btf", "chains.req")

        def export(name, *args, code=0):
            out = os.path.join(self.tmp.name, name)
            result = run("export", fixture, "-o", out, "--size", "900x0", *args)
            self.assertEqual(result.returncode, code, result.stderr)
            if code:
                return result.stderr
            with open(out, "rb") as f:
                return f.read()

        red, magenta = "rgb(86%,8%,8%)", "rgb(78%,0%,60%)"
        plain = export("plain.svg").decode()
        self.assertNotIn(red, plain)
        marked = export("marked.svg", "--requirements", requirements).decode()
        self.assertIn(red, marked)
        self.assertNotIn(magenta, marked)
        path = export("path.svg", "--requirements", requirements, "--chain-path", "brake").decode()
        self.assertIn(magenta, path)
        # the worst latency is the second stimulus's; the picture spans that path, not the whole trace
        self.assertEqual(export("worst.png", "--requirements", requirements, "--chain-path", "brake:latency@worst"),
                         export("second.png", "--requirements", requirements, "--chain-path", "brake@2"))
        self.assertNotEqual(export("first.png", "--requirements", requirements, "--chain-path", "brake@1"),
                            export("second2.png", "--requirements", requirements, "--chain-path", "brake@2"))
        self.assertNotEqual(export("whole.png", "--requirements", requirements),
                            export("spans.png", "--requirements", requirements, "--chain-path", "ctl:data_age"))
        for args, message in ((["--chain-path", "brake"], "--requirements"),
                              (["--requirements", requirements, "--chain-path", "brake:age"], "latency or data_age"),
                              (["--requirements", requirements, "--chain-path", "brake@9"], "from 1 to 3"),
                              (["--requirements", requirements, "--chain-path", "nope"], "no such chain")):
            self.assertIn(message, export("bad.png", *args, code=2), args)
        bad = self.write("bad.req", "chain b: STI_Pedal -> R_Control\nchain b latency < 1ms\n")
        self.assertIn("bad.req: line 2", export("bad.png", "--requirements", bad, code=2))

    def test_export_view(self):
        """export --view draws a view the viewer saved beside the trace (TRACE.chronoscope.json)."""
        path = self.write("clean.btf", CLEAN)
        before = hashlib.sha256(open(path, "rb").read()).hexdigest(), os.stat(path).st_mtime_ns

        def view(**keys):
            data = {"chronoscope_view": 1, "trace": "clean.btf", "ticks_per_second": 1000000000}
            data.update(keys)
            return self.write("clean.btf.chronoscope.json", json.dumps(data, ensure_ascii=False))

        def export(name, *options, size="800x0"):
            out = os.path.join(self.tmp.name, name)
            result = run("export", path, "-o", out, "--size", size, *options)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                return f.read(), result.stderr

        def png_height(data):
            return int.from_bytes(data[20:24], "big")

        # range and markers: the same picture as the options that say them
        ranged = view(range={"begin": 100, "end": 900}, markers={"a": 300, "b": 800})
        by_view, _ = export("view.png", "--view", ranged)
        by_options, _ = export("options.png", "--range", "100ns..900ns", "--marker-a", "300ns", "--marker-b", "800ns")
        self.assertEqual(by_view, by_options)
        self.assertNotEqual(by_view, export("whole.png")[0])
        # the command line still wins over the view
        self.assertEqual(export("wins.png", "--view", ranged, "--range", "0..1us")[0],
                         export("plain-range.png", "--range", "0..1us", "--marker-a", "300ns",
                                "--marker-b", "800ns")[0])

        # a hidden lane is not drawn (one row less), a folded one hides its children; unknown lanes are skipped
        plain, _ = export("plain.png")
        hidden, warnings = export("hidden.png", "--view", view(hidden=[["Stimuli", "STI_A"], ["No", "Such"]]))
        self.assertLess(png_height(hidden), png_height(plain))
        self.assertIn("no lane “No/Such”", warnings)
        folded, _ = export("folded.png", "--view", view(collapsed=[["Tasks", "Task_A"]]))
        self.assertLess(png_height(folded), png_height(plain))

        # bookmarks (violet bands) and notes (yellow sheets) come along; without them neither colour is there
        annotated = view(bookmarks=[{"name": "start-up ✓", "begin": 0, "end": 600}],
                         notes=[{"text": "why preempted?", "lane": ["Tasks", "Task_A"], "begin": 700, "end": 900},
                                {"text": "a range", "begin": 200, "end": 300}])
        svg, _ = export("annotated.svg", "--view", annotated)
        bare, _ = export("bare.svg")
        for colour in ("rgb(45%,27%,70%)", "rgb(100%,85%,25%)"):
            self.assertTrue(colour in svg.decode(), colour)
            self.assertFalse(colour in bare.decode(), colour)

        # a view for another clock or file is drawn with a warning
        _, warnings = export("other.png", "--view", view(ticks_per_second=1000))
        self.assertIn("1000 ticks per second", warnings)

        # bad views are refused, naming the file and what is wrong, and at once for a FIFO or a device
        out = os.path.join(self.tmp.name, "bad.png")
        for text, message in (('{"chronoscope_view": 1, "range": {"begin": "0", "end": 5}}', "“range.begin” must be"),
                              ('{"chronoscope_view": 1, "range": {"begin": 0, "end": 99999999999999999999}}',
                               "out of range"),
                              ('{"chronoscope_view": 1, "hidden": "Tasks"}', "“hidden” must be an array"),
                              ('{"chronoscope_view": 1, "notes": [{"text": "x"', ""),
                              ('{"chronoscope_view": 7}', "view version 7")):
            bad = self.write("bad.chronoscope.json", text)
            result = run("export", path, "-o", out, "--view", bad)
            self.assertEqual(result.returncode, 2, text)
            self.assertIn(bad, result.stderr)
            self.assertIn(message, result.stderr)
            self.assertFalse(os.path.exists(out))
        fifo = os.path.join(self.tmp.name, "fifo.chronoscope.json")
        os.mkfifo(fifo)
        zero = os.path.join(self.tmp.name, "zero.chronoscope.json")
        os.symlink("/dev/zero", zero)
        for hostile in (fifo, zero):
            started = time.monotonic()
            result = subprocess.run([CLI, "export", path, "-o", out, "--view", hostile], capture_output=True,
                                    text=True, timeout=30)
            self.assertEqual(result.returncode, 2)
            self.assertIn("not a regular file", result.stderr)
            self.assertLess(time.monotonic() - started, 10)
        # the picture is never written over the view it reads
        ranged = view(range={"begin": 100, "end": 900})
        result = run("export", path, "-o", ranged, "--view", ranged)
        self.assertNotEqual(result.returncode, 0)
        with open(ranged) as f:
            self.assertEqual(json.load(f)["range"], {"begin": 100, "end": 900})

        after = hashlib.sha256(open(path, "rb").read()).hexdigest(), os.stat(path).st_mtime_ns
        self.assertEqual(before, after)

    def test_never_writes_input(self):
        path = self.write("clean.btf", CLEAN)
        os.chmod(path, 0o444)
        before = hashlib.sha256(open(path, "rb").read()).hexdigest(), os.stat(path).st_mtime_ns
        for args in (["info", path], ["check", path], ["dump", path],
                     ["export", path, "-o", os.path.join(self.tmp.name, "o.png")]):
            self.assertEqual(run(*args).returncode, 0, args)
        after = hashlib.sha256(open(path, "rb").read()).hexdigest(), os.stat(path).st_mtime_ns
        self.assertEqual(before, after)

    def test_one_rule_for_outputs(self):
        """convert and export: an output that does not exist is made; an
        existing file is replaced only with --force; a folder is refused."""
        path = self.write("clean.btf", CLEAN)
        refs = self.write("refs.ref.txt", "r 123456789abcdef0 4 9f8e7 9a8b7c6d\n")
        for command, source, name in (("export", path, "out.png"), ("convert", refs, "out.ref")):
            out = os.path.join(self.tmp.name, name)
            self.assertEqual(run(command, source, "-o", out).returncode, 0, command)
            with open(out, "wb") as f:
                f.write(b"mine")
            result = run(command, source, "-o", out)
            self.assertEqual(result.returncode, 2, command)
            self.assertIn(f"{out} exists; --force replaces it", result.stderr)
            with open(out, "rb") as f:
                self.assertEqual(f.read(), b"mine", command)
            result = run(command, source, "-o", out, "--force")
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                self.assertNotEqual(f.read(), b"mine", command)
            folder = os.path.join(self.tmp.name, "folder-" + name)
            os.mkdir(folder)
            result = run(command, source, "-o", folder, "--force")
            self.assertEqual(result.returncode, 2, command)
            self.assertIn("it is a folder", result.stderr)
            self.assertEqual(os.listdir(folder), [])

    def test_pipes_and_devices_are_written_into_never_replaced(self):
        path = self.write("clean.btf", CLEAN)
        refs = self.write("refs.ref.txt", "r 123456789abcdef0 4 9f8e7 9a8b7c6d\n")
        for command, source, name in (("export", path, "pipe.png"), ("convert", refs, "pipe.ref")):
            fifo = os.path.join(self.tmp.name, name)
            os.mkfifo(fifo)
            # nobody reads: refused at once, not blocked, the FIFO left as it is
            result = subprocess.run([CLI, command, source, "-o", fifo], capture_output=True, text=True, timeout=20)
            self.assertEqual(result.returncode, 2, command)
            self.assertIn("a pipe nobody reads", result.stderr)
            self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))
            # a reader: it gets the bytes, and the FIFO stays a FIFO
            received = []
            reader_fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            reader = threading.Thread(target=lambda: received.append(read_all(reader_fd)))
            reader.start()
            result = subprocess.run([CLI, command, source, "-o", fifo], capture_output=True, text=True, timeout=20)
            reader.join(20)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), command)
            self.assertTrue(received and len(received[0]) > 0, command)
            if command == "export":
                self.assertTrue(received[0].startswith(b"\x89PNG"))
        # a character device (behind a link, so that a replacing rename could
        # only ever replace the link, never the device): written into
        for name in ("null.png", "null.ref"):
            link = os.path.join(self.tmp.name, name)
            os.symlink("/dev/null", link)
            command, source = ("export", path) if name.endswith(".png") else ("convert", refs)
            result = run(command, source, "-o", link)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertTrue(os.path.islink(link), name)
            self.assertEqual(os.readlink(link), "/dev/null")
            self.assertTrue(stat.S_ISCHR(os.stat("/dev/null").st_mode))

    def test_outputs_are_written_where_their_links_lead(self):
        path = self.write("clean.btf", CLEAN)
        target = os.path.join(self.tmp.name, "pictures", "timeline.png")
        os.mkdir(os.path.dirname(target))
        link = os.path.join(self.tmp.name, "link.png")
        os.symlink(target, link)  # dangling until the export
        result = run("export", path, "-o", link)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(os.path.islink(link))
        with open(target, "rb") as f:
            self.assertTrue(f.read().startswith(b"\x89PNG"))
        result = run("export", path, "-o", link)  # the file it leads to exists now
        self.assertEqual(result.returncode, 2)
        self.assertIn("exists; --force replaces it", result.stderr)
        self.assertEqual(run("export", path, "-o", link, "--force").returncode, 0)
        self.assertTrue(os.path.islink(link))

    def test_export_refuses_to_replace_its_input(self):
        # a BTF trace named like a picture, written to by its own name and through a link
        path = self.write("trace.png", CLEAN)
        link = os.path.join(self.tmp.name, "link.png")
        os.symlink(path, link)
        for out in (path, link):
            result = run("export", path, "-o", out)
            self.assertEqual(result.returncode, 2, out)
            self.assertIn("trace being read", result.stderr)
        with open(path) as f:
            self.assertEqual(f.read(), CLEAN)

    def test_export_of_an_instant_at_the_clock_end(self):
        path = self.write("edge.btf", "#version 2.1.3\n#timeScale ns\n9223372036854775807,STI_A,0,STI,STI_A,0,trigger\n")
        out = os.path.join(self.tmp.name, "edge.png")
        result = run("export", path, "-o", out, "--size", "400x100")
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(out, "rb") as f:
            self.assertTrue(f.read().startswith(b"\x89PNG"))

    def test_export_ranges_the_clock_cannot_hold(self):
        path = self.write("clean.btf", CLEAN)
        out = os.path.join(self.tmp.name, "range.png")
        for given, said in (("0..0.1ns", "shorter than one tick"), ("0..1e30s", "outside the times"),
                            ("-1e30s..0", "outside the times"), ("1e300s..1e301s", "outside the times"),
                            ("9.3s..9.4s", None)):
            result = run("export", path, "-o", out, "--range", given)
            if said is None:  # near the end of what 64-bit nanoseconds count from 0: fine
                self.assertEqual(result.returncode, 0, result.stderr)
                continue
            self.assertEqual(result.returncode, 2, given)
            self.assertIn(said, result.stderr, given)
            self.assertFalse(os.path.exists(out), given)
        result = run("export", path, "-o", os.path.join(self.tmp.name, "marker.png"), "--marker-a", "1e30s")
        self.assertEqual(result.returncode, 2)
        self.assertIn("outside the times", result.stderr)

    def test_export_leaves_nothing_when_it_fails_or_is_killed(self):
        path = self.write("clean.btf", CLEAN)
        folder = os.path.join(self.tmp.name, "pictures")
        os.mkdir(folder)
        # a folder where the picture's name is taken by a folder: the rename fails
        os.mkdir(os.path.join(folder, "taken.png"))
        result = run("export", path, "-o", os.path.join(folder, "taken.png"))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(os.listdir(folder), ["taken.png"])
        # killed while it draws a big picture: no file of any name appears
        big = self.write("big.btf", "#version 2.1.3\n#timeScale ns\n" + "".join(
            f"{t * 10},STI_A,0,STI,STI_{t % 20000},0,trigger\n" for t in range(400000)))
        process = subprocess.Popen([CLI, "export", big, "-o", os.path.join(folder, "big.svg"), "--size", "1600x0"])
        time.sleep(1.0)
        process.kill()
        process.wait()
        if process.returncode < 0:  # it was still drawing
            self.assertEqual(os.listdir(folder), ["taken.png"])

    def test_only_regular_files_are_read(self):
        # a FIFO never gets a writer: opening it for reading would wait forever
        fifo = os.path.join(self.tmp.name, "pipe.btf")
        os.mkfifo(fifo)
        result = subprocess.run([CLI, "info", fifo], capture_output=True, text=True, timeout=20)
        self.assertEqual(result.returncode, 2)
        self.assertIn("not a regular file", result.stderr)
        # a TRACE file's .view that is a FIFO, or a link to an endless device: ignored with a warning
        for name, make in (("fifo", os.mkfifo), ("zero", lambda p: os.symlink("/dev/zero", p))):
            trace = self.write(f"{name}.etf", ETF)
            make(os.path.join(self.tmp.name, f"{name}.view"))
            result = subprocess.run([CLI, "check", trace], capture_output=True, text=True, timeout=20)
            self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
            self.assertIn(f"{name}.view", result.stdout)
            self.assertIn("not a regular file", result.stdout)

    def test_etf_info_json(self):
        path = self.write("demo.etf", ETF)
        data = json.loads(run("info", "--json", path).stdout)
        self.assertEqual(data["format"], "etf")
        self.assertEqual(data["begin"], 0)
        self.assertEqual(data["end"], 0.02)
        self.assertEqual((data["claims"], data["events"], data["dependencies"]), (3, 1, 1))
        self.assertEqual(data["resources"][0], {"id": 0, "name": "Belt", "capacity": 1, "claims": 2,
                                                "usage": 0.0175, "concurrency": [0, 0.015, 0.005]})
        self.assertEqual(data["resources"][1]["usage"], 0.1)
        signal = data["signals"][0]
        self.assertEqual((signal["id"], signal["name"], signal["fragments"]), (0, "speed", 2))
        self.assertAlmostEqual(signal["min"], 0.0)
        self.assertAlmostEqual(signal["max"], 10.0)

    def test_etf_grouping_and_filter(self):
        path = self.write("demo.etf", ETF)
        lanes = [line for line in run("dump", "--group-by", "pid", path).stdout.splitlines()
                 if line.startswith("lane Activities/")]
        self.assertEqual(lanes, ["lane Activities/1 kind=activity type=C", "lane Activities/2 kind=activity type=C"])
        dump = run("dump", "--only", "pid=2", path).stdout
        self.assertEqual(dump.count("  span "), 2)  # one claim, in its activity and on its resource

    def test_etf_critical_path(self):
        claims = """TU SECONDS
R 0 1 false ; name=M
R 1 1 false ; name=N
C 0 0 2 0 1 ; name=a
C 1 2 5 1 1 ; name=b
C 2 5 9 0 1 ; name=c
C 3 1 3 1 1 ; name=d
C 4 3 4 0 1 ; name=e
C 5 4 5 0 1 ; name=f
"""
        def path(text):
            data = json.loads(run("info", "--json", self.write("cp.etf", text)).stdout)
            return [step["lane"] for step in data["critical_path"]]
        # b and f both end when c starts: the longer one held c up
        self.assertEqual(path(claims), ["a", "b", "c"])
        # a dependency (end of f -> start of c) decides over timing
        self.assertEqual(path(claims + "D 0 2 5 2 ;\n"), ["d", "e", "f", "c"])
        out = os.path.join(self.tmp.name, "cp.png")
        self.assertEqual(run("export", self.write("cp.etf", claims), "-o", out, "--critical-path",
                             "--label-by", "name").returncode, 0)

    def test_gzip_input(self):
        import gzip
        path = os.path.join(self.tmp.name, "clean.btf.gz")
        with gzip.open(path, "wt") as f:
            f.write(CLEAN)
        plain = json.loads(run("info", "--json", self.write("clean.btf", CLEAN)).stdout)
        packed = json.loads(run("info", "--json", path).stdout)
        self.assertEqual(plain["entities"], packed["entities"])

    def info_both_ways(self, path):
        """info --json read whole and lazily: they must agree"""
        results = []
        for lazy in ("never", "always"):
            result = run("info", "--json", f"--lazy={lazy}", path)
            self.assertIn(result.returncode, (0, 1), result.stderr)
            results.append(json.loads(result.stdout))
        self.assertEqual(results[0]["entities"], results[1]["entities"])
        return results[0]

    def test_gzip_of_several_members(self):
        import gzip
        lines = CLEAN.splitlines(keepends=True)
        path = os.path.join(self.tmp.name, "members.btf.gz")
        with open(path, "wb") as f:  # what `gzip -c a >> f; gzip -c b >> f` makes: valid gzip
            f.write(gzip.compress("".join(lines[:6]).encode()))
            f.write(gzip.compress("".join(lines[6:]).encode()))
        plain = self.info_both_ways(self.write("clean.btf", CLEAN))
        self.assertEqual(plain["entities"], self.info_both_ways(path)["entities"])
        self.assertEqual(run("check", path).returncode, 0)

    def test_data_after_the_gzip_data(self):
        import gzip
        path = os.path.join(self.tmp.name, "tail.btf.gz")
        with open(path, "wb") as f:
            f.write(gzip.compress(CLEAN.encode()) + b"not gzip at all\n")
        result = run("check", path)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("16 bytes after the end of the gzip data", result.stdout)

    def test_lines_that_end_in_a_lone_cr(self):
        plain = self.info_both_ways(self.write("lf.btf", CLEAN))
        old_mac = self.info_both_ways(self.write("cr.btf", CLEAN.replace("\n", "\r")))
        self.assertEqual(plain["entities"], old_mac["entities"])
        self.assertEqual(run("check", os.path.join(self.tmp.name, "cr.btf")).returncode, 0)

    def test_a_line_longer_than_a_block_in_gzip(self):
        import gzip
        text = "#version 2.1.3\n#timeScale ns\n#" + "x" * (5 << 20) + "\n" + WITH_WARNINGS.split("\n", 2)[2]
        plain = self.write("long.btf", text)
        packed = os.path.join(self.tmp.name, "long.btf.gz")
        with open(packed, "wb") as f:
            f.write(gzip.compress(text.encode(), compresslevel=1))
        said = [run("check", p).stdout.replace(p, "FILE") for p in (plain, packed)]
        self.assertIn("FILE:5: warning: time", said[0])
        self.assertEqual(said[0], said[1])

    def run_bytes(self, *args):
        """stdout and stderr as bytes, which must be valid UTF-8"""
        result = subprocess.run([CLI, *args], capture_output=True)
        return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")

    def test_names_that_are_not_utf8(self):
        latin1 = CLEAN.replace("Task_A", "T\u00e2che_\u00e9t\u00e9").encode("latin-1")
        latin1 += b"\xff\xfe,Core_0,0,T,T\xe2che_\xe9t\xe9,1,start\n"  # quoted in a warning
        path = self.write("latin1.btf", latin1, "wb")
        code, out, _ = self.run_bytes("info", "--json", path)
        self.assertEqual(code, 0)
        names = [e["name"] for e in json.loads(out)["entities"]]
        self.assertIn("T\u00e2che_\u00e9t\u00e9", names)
        code, out, _ = self.run_bytes("check", path)
        self.assertEqual(code, 1)
        self.assertIn("not UTF-8 and was read as Latin-1", out)
        self.assertIn("\u201c\u00ff\u00fe\u201d", out)  # the bad time, quoted legibly
        # the picture draws the name as the same trace in UTF-8 does (it vanished, with pango warnings)
        utf8 = self.write("utf8.btf", latin1.decode("latin-1").encode("utf-8"), "wb")
        glyphs = []
        for source in (path, utf8):
            svg = source + ".svg"
            code, _, err = self.run_bytes("export", source, "-o", svg)
            self.assertEqual((code, err), (0, ""))
            with open(svg, encoding="utf-8") as f:
                glyphs.append(f.read().count("<use "))
        self.assertEqual(glyphs[0], glyphs[1])

    def test_nul_byte_in_a_trace_line(self):
        path = self.write("nul.etf", ETF.replace("C 1 5 20 0 0.5", "C 1 5 2\x000 0 0.5"))
        result = run("check", path)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("nul.etf:8: warning: a NUL byte at column 8", result.stdout)

    def test_btf_time_past_64_bits(self):
        path = self.write("far.btf", CLEAN + "9223372036854775808,Core_0,0,T,Task_A,1,start\n12x,Core_0,0,T,Task_A,1,start\n")
        result = run("check", path)
        self.assertEqual(result.returncode, 1)
        self.assertIn("far.btf:14: warning: time \u201c9223372036854775808\u201d is out of range", result.stdout)
        self.assertIn("far.btf:15: warning: time \u201c12x\u201d is not an integer", result.stdout)

    def test_a_name_of_megabytes_is_laid_out_shortened(self):
        name = "T" * (5 << 20)
        path = self.write("long.btf", f"#version 2.1.3\n#timeScale ns\n0,STI_A,0,T,{name},0,activate\n"
                                      f"100,Core_0,0,T,{name},0,start\n500,Core_0,0,T,{name},0,terminate\n")
        out = os.path.join(self.tmp.name, "long.png")
        # the peak memory of the export alone, in a process of its own (pango took 100 bytes a byte of name)
        probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
                 "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        result = subprocess.run([sys.executable, "-c", probe, CLI, "export", path, "-o", out],
                                capture_output=True, text=True)
        code, peak_kb = map(int, result.stdout.split())
        self.assertEqual(code, 0, result.stderr)
        self.assertLess(peak_kb, 300 << 10)

    def test_times_at_the_64_bit_edges(self):
        # durations between times near -2^63 and 2^63 do not fit in 64 signed bits
        edge = ("#version 2.1.3\n#timeScale ns\n-9223372036854775807,STI_A,0,T,Task_A,0,activate\n"
                "-9223372036854775800,Core_0,0,T,Task_A,0,start\n9223372036854775800,Core_0,0,T,Task_A,0,preempt\n"
                "9223372036854775801,Core_0,0,T,Task_A,0,resume\n9223372036854775807,Core_0,0,T,Task_A,0,terminate\n")
        path = self.write("edge.btf", edge)
        info = json.loads(run("info", "--json", "--lazy=never", path).stdout)
        task, core = info["entities"]
        self.assertEqual(task["response_time"]["max"], 18446744073.709551614)
        self.assertEqual(task["running_time"], 18446744073.709551606)
        self.assertEqual(core["busy_time"], 18446744073.709551606)
        human = run("info", path).stdout
        self.assertIn("length:    18446744074 s", human)
        self.assertNotIn(" -", human.split("length:")[1])
        # TRACE's O offset: milliseconds that do not fit in microseconds are refused, not wrapped
        result = run("check", self.write("far.etf", "TU NANOSECONDS\nO 9223372036854775807\nR 0 1 false ; name = Belt\n"
                                                     "C 0 0 10 0 1 ; name = move\n"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("far.etf:2: warning:", result.stdout)
        self.assertIn("out of range", result.stdout)

    def peak_kb(self, *args, codes=(0, 1)):
        """the peak memory of one CLI run, in a process of its own"""
        probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
                 "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        result = subprocess.run([sys.executable, "-c", probe, CLI, *args], capture_output=True, text=True)
        code, peak = map(int, result.stdout.split())
        self.assertIn(code, codes, result.stderr)
        return peak

    def test_summaries_grow_with_what_they_hold(self):
        # 20,000 tasks of one activation each: read lazily, each lane's summary held 8192 buckets (2.3 GB)
        lines = ["#version 2.1.3", "#timeScale ns"]
        lines += [f"{t * 10},STI_A,0,T,Task_{t},0,activate" for t in range(20000)]
        path = self.write("many.btf", "\n".join(lines) + "\n")
        self.assertLess(self.peak_kb("info", "--lazy=always", path), 300 << 10)

    def test_figures_of_many_agents_are_kept_serialised(self):
        # 100,000 VisAndOr agents, busy then idle: each agent's entry of info --json was a tree of GVariants
        # (1.7 KiB an agent, 330 MB at the peak); serialised as made, the lanes weigh the most (185 MB)
        lines = ["0"]
        for k in range(100000):
            lines += [f"{2 * k + 1} 7 0 0 {k:X} {k}", f"{2 * k + 2} 8 0 0 {k:X} {k}"]
        path = self.write("agents.vt", "\n".join(lines) + "\n")
        if "ASAN_OPTIONS" in os.environ:
            self.skipTest("under the address sanitizer a peak is its shadow memory and quarantine (615 MB here)")
        self.assertLess(self.peak_kb("info", path), 260 << 10)

    def test_a_line_of_a_hundred_megabytes(self):
        # refused with the reason, having read no more of it than the longest line a text trace may have
        path = os.path.join(self.tmp.name, "huge-line.btf")
        with open(path, "w") as f:
            f.write("#version 2.1.3\n#timeScale ns\n0,STI_A,0,T,Task_A,0,activate\n#" + "x" * (100 << 20) + "\n")
        for lazy in ("never", "always"):
            result = run("check", f"--lazy={lazy}", path)
            self.assertEqual(result.returncode, 2, lazy)
            self.assertIn("huge-line.btf: the line from byte 59 of the text is longer than 64 MiB",
                          result.stdout + result.stderr)
        self.assertLess(self.peak_kb("info", path, codes=(2,)), 400 << 10)

    def test_lazy_matches_whole(self):
        """--lazy=always (index pass and summaries) reports what a full read does."""
        path = self.write("t.btf", CLEAN)
        lazy = json.loads(subprocess.run([CLI, "info", "--json", "--lazy=always", path], capture_output=True,
                                         check=True, text=True).stdout)
        whole = json.loads(subprocess.run([CLI, "info", "--json", "--lazy=never", path], capture_output=True,
                                          check=True, text=True).stdout)
        self.assertEqual(lazy, whole)
        result = subprocess.run([CLI, "info", "--lazy=sometimes", path], capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("--lazy takes auto, always or never", result.stderr)

    def test_progress_only_on_a_terminal(self):
        """A progress line goes to stderr when it is a terminal, and nothing when it is a pipe."""
        import pty
        path = self.write("t.btf", CLEAN)
        piped = subprocess.run([CLI, "info", path], capture_output=True, text=True, check=True)
        self.assertNotIn("%", piped.stderr)
        leader, follower = pty.openpty()
        process = subprocess.Popen([CLI, "info", path], stdout=subprocess.DEVNULL, stderr=follower)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        process.wait()
        os.close(leader)
        self.assertEqual(process.returncode, 0)
        self.assertIn(b"100%", seen)


if __name__ == "__main__":
    unittest.main(verbosity=2)
