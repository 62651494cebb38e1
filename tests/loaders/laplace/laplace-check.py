#!/usr/bin/env python3
"""Laplace traces: `info --json` of the hand-written fixtures (FIXTURE.json
beside each, worked out by hand from the report's definitions), `convert` both ways byte
for byte, the byte order read as detected or as told, and the refusals.

usage: laplace-check.py CLI GENERATOR FIXTURES"""
import filecmp
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

CLI = GENERATOR = FIXTURES = None


def run(*args, check=True):
    result = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"{args}: exit {result.returncode}: {result.stderr}")
    return result


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def info(path, *options):
    return json.loads(run("info", "--json", *options, path).stdout)


class Laplace(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def here(self, name):
        return os.path.join(self.tmp, name)

    def test_fixtures_give_their_json(self):
        expectations = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".json"))
        self.assertGreater(len(expectations), 5)
        for name in expectations:
            fixture = os.path.join(FIXTURES, name[:-5])
            with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
                expected = json.load(f)
            with self.subTest(fixture=name[:-5]):
                self.assertEqual(info(fixture), expected)

    def test_json_keys_in_the_issues_order(self):
        got = run("info", "--json", os.path.join(FIXTURES, "run.ref.txt")).stdout
        keys = list(json.loads(got))
        self.assertEqual(keys, ["format", "begin", "end", "references", "address_spaces", "processes"])
        refs_only = json.loads(run("info", "--json", os.path.join(FIXTURES, "little.ref")).stdout)
        self.assertNotIn("processes", refs_only)

    def test_binary_to_text_to_binary_is_byte_exact(self):
        for name, flags in (("little.ref", []), ("big.ref", ["--byte-order", "big"])):
            with self.subTest(name=name):
                text, back = self.here(name + ".txt"), self.here(name)
                run("convert", os.path.join(FIXTURES, name), "-o", text)
                run("convert", text, "-o", back, *flags)
                self.assertTrue(filecmp.cmp(os.path.join(FIXTURES, name), back, shallow=False))

    def test_generated_runs_round_trip(self):
        for flags in (["--binary"], ["--big-endian"]):
            with self.subTest(flags=flags):
                original, text, back = (self.here(f"gen{flags[0]}.ref"), self.here(f"gen{flags[0]}.txt"),
                                        self.here(f"back{flags[0]}.ref"))
                subprocess.run([GENERATOR, *flags, "--records", "50000", "-o", original], check=True)
                run("convert", original, "-o", text)
                run("convert", text, "-o", back, *(["--byte-order", "big"] if "--big-endian" in flags else []))
                self.assertTrue(filecmp.cmp(original, back, shallow=False))
                self.assertEqual(info(original), info(text))

    def test_text_to_binary_to_text_is_the_canonical_text(self):
        source = os.path.join(FIXTURES, "doc_example.ref.txt")
        binary, text = self.here("doc.ref"), self.here("doc.txt")
        run("convert", source, "-o", binary)
        self.assertEqual(os.path.getsize(binary), 6 * 18)
        run("convert", binary, "-o", text)
        with open(source, encoding="ascii") as a, open(text, encoding="ascii") as b:
            self.assertEqual(a.read(), b.read())

    def test_record_fields_are_where_the_seed_puts_them(self):
        binary = self.here("one.ref")
        with open(binary, "wb") as f:
            f.write(b"r" + struct.pack("<QBII", 0x123456789ABCDEF0, 4, 0x9F8E7, 0x9A8B7C6D))
        run("convert", binary, "-o", self.here("one.txt"))
        with open(self.here("one.txt"), encoding="ascii") as f:
            self.assertEqual(f.read(), "r 123456789abcdef0 4 9f8e7 9a8b7c6d\n")

    def test_byte_order_detected_and_overridden(self):
        little, big = os.path.join(FIXTURES, "little.ref"), os.path.join(FIXTURES, "big.ref")
        self.assertEqual(info(little), info(big))
        forced = info(big, "--byte-order", "little")
        self.assertNotEqual(forced, info(big))
        self.assertEqual(forced["address_spaces"][0]["id"], "e7f80900")  # 0x9f8e7 read the wrong way round
        self.assertEqual(info(little, "--byte-order", "little"), info(little))

    def test_the_kernel_trace_beside_comes_along(self):
        ref = self.here("run.ref.txt")
        shutil.copy(os.path.join(FIXTURES, "run.ref.txt"), ref)
        self.assertNotIn("processes", info(ref))
        for suffix in (".kern", ".kernel"):
            kernel = self.here("run" + suffix)
            shutil.copy(os.path.join(FIXTURES, "run.kern"), kernel)
            self.assertEqual(info(ref)["processes"], info(os.path.join(FIXTURES, "run.ref.txt"))["processes"])
            os.unlink(kernel)
        # binary: same stem after .bin
        binary = self.here("trace.bin")
        shutil.copy(os.path.join(FIXTURES, "little.ref"), binary)
        shutil.copy(os.path.join(FIXTURES, "run.kern"), self.here("trace.kern"))
        self.assertEqual([p["pid"] for p in info(binary)["processes"]], [256, 257])

    def test_references_beside_a_binary_trace_are_counted(self):
        binary = self.here("trace.bin")
        shutil.copy(os.path.join(FIXTURES, "little.ref"), binary)
        with open(self.here("trace.kern"), "w", encoding="ascii") as f:
            f.write("S 100 1\nr 101 4 9f8e7 8048000\nw 102 4 9f8e7 8048004\ne 200\n")
        check = run("check", binary, check=False)
        self.assertEqual(check.returncode, 1)
        self.assertIn("holds 2 reference records; they are left out", check.stdout)
        self.assertEqual(info(binary)["references"], info(os.path.join(FIXTURES, "little.ref"))["references"])

    def test_references_and_kernel_added_by_hand_share_the_clock(self):
        """References alone plus their kernel trace as a second trace: their
        cycles are one counter (--align timestamps, the viewer's choice for
        two cycle clocks); by their starts the kernel trace (from cycle 8)
        would sit 8 cycles late, under the references' first (cycle 16)."""
        refs = self.here("alone.ref.txt")
        shutil.copy(os.path.join(FIXTURES, "run.ref.txt"), refs)
        kern = os.path.join(FIXTURES, "run.kern")

        def export(name, *options):
            out = self.here(name)
            run("export", refs, kern, "-o", out, "--size", "700x0", *options)
            return read_bytes(out)

        same_clock = export("same.png", "--align", "timestamps")
        self.assertNotEqual(same_clock, export("start.png"))
        self.assertEqual(same_clock, export("moved.png", "--shift", "2=-8"))

    def test_convert_refuses(self):
        ref = self.here("a.ref")
        shutil.copy(os.path.join(FIXTURES, "little.ref"), ref)
        before = read_bytes(ref)
        result = run("convert", ref, "-o", ref, check=False)
        self.assertEqual(result.returncode, 2)
        self.assertIn("would overwrite its input", result.stderr)
        self.assertEqual(read_bytes(ref), before)
        truncated = run("convert", os.path.join(FIXTURES, "truncated.ref"), "-o", self.here("t.txt"), check=False)
        self.assertEqual(truncated.returncode, 2)
        self.assertIn("cut off after 4 of 18 bytes", truncated.stderr)
        self.assertFalse(os.path.exists(self.here("t.txt")))
        kernel = run("convert", os.path.join(FIXTURES, "run.kern"), "-o", self.here("k.ref"), check=False)
        self.assertEqual(kernel.returncode, 2)
        self.assertIn("line 1: not a reference", kernel.stderr)
        self.assertFalse(os.path.exists(self.here("k.ref")))

    def test_a_byte_order_that_makes_times_go_back_is_refused(self):
        # the counter crosses a byte: read big-endian, the third time is far below the second
        little = self.write_binary("little.ref", [(b"r", t, 4, 0x9F8E7, 0x8048000) for t in (0xFE, 0xFF, 0x100, 0x101)])
        out = self.here("wrong.txt")
        wrong = run("convert", little, "-o", out, "--byte-order", "big", check=False)
        self.assertEqual(wrong.returncode, 2)
        self.assertIn("record 3: read as big-endian, its time goes back", wrong.stderr)
        self.assertIn("the byte order detected is little-endian", wrong.stderr)
        self.assertFalse(os.path.exists(out))
        run("convert", little, "-o", out, "--byte-order", "big", "--force")
        with open(out, encoding="ascii") as f:
            self.assertEqual(f.readline(), "r fe00000000000000 4 e7f80900 800408\n")
        right = self.here("right.txt")
        run("convert", little, "-o", right, "--byte-order", "little")
        self.assertEqual(read_bytes(right), run("convert", little, "-o", self.here("auto.txt")) and
                         read_bytes(self.here("auto.txt")))
        for bad in (["--byte-order", "middle"], ["--big-endian"]):
            with self.subTest(flags=bad):
                self.assertEqual(run("convert", little, "-o", self.here("x.txt"), *bad, check=False).returncode, 2)

    def test_the_byte_order_detected_converts_times_that_go_back(self):
        # a trace of unsorted records: its times go back in the order its records say, which is no reason to refuse
        source = os.path.join(FIXTURES, "unsorted.ref.txt")
        binary, told, detected = self.here("unsorted.ref"), self.here("told.txt"), self.here("detected.txt")
        run("convert", source, "-o", binary)
        run("convert", binary, "-o", told, "--byte-order", "little")
        run("convert", binary, "-o", detected)
        self.assertEqual(read_bytes(told), read_bytes(detected))

    def test_text_to_big_endian_binary_to_text_is_byte_exact(self):
        source = os.path.join(FIXTURES, "doc_example.ref.txt")
        binary, text, told = self.here("doc.ref"), self.here("doc.txt"), self.here("told.txt")
        run("convert", source, "-o", binary, "--byte-order", "big")
        self.assertEqual(read_bytes(binary)[:10], b"r" + bytes.fromhex("123456789abcdef0") + b"\x04")
        run("convert", binary, "-o", text)
        run("convert", binary, "-o", told, "--byte-order", "big")
        self.assertEqual(read_bytes(text), read_bytes(source))
        self.assertEqual(read_bytes(told), read_bytes(source))

    def test_convert_refuses_types_a_binary_cannot_hold(self):
        for line, tag in ((2, b"1"), (3, b"\x80"), (2, b"#")):
            with self.subTest(tag=tag):
                text, out = self.here("types.ref.txt"), self.here("types.ref")
                lines = [b"r 10 4 1 1000"] + [b"w 11 4 1 1000"] * (line - 2) + [tag + b" 12 4 1 1000"]
                lines += [b"r 13 4 1 1000"] * 8
                with open(text, "wb") as f:
                    f.write(b"\n".join(lines) + b"\n")
                result = subprocess.run([CLI, "convert", text, "-o", out], capture_output=True)
                self.assertEqual(result.returncode, 2)
                self.assertIn(f"line {line}: the type 0x{tag[0]:02x} is not a letter".encode(), result.stderr)
                self.assertFalse(os.path.exists(out))

    def test_binary_types_text_cannot_give_back_are_refused(self):
        # a binary record typed '0' (past the records the format is told by) became a text line that
        # convert then refused to turn back
        for tag in (b"0", b"#"):
            with self.subTest(tag=tag):
                records = [(b"r" if k % 2 else b"w", 10 + k, 4, 1, 0x1000 + 4 * k) for k in range(100)]
                records[69] = (tag, 79, 4, 1, 0x1000)
                binary, out = self.write_binary("digit.ref", records), self.here("d.txt")
                result = subprocess.run([CLI, "convert", binary, "-o", out], capture_output=True)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn(f"record 70: its type byte 0x{tag[0]:02x} is not a letter".encode(), result.stderr)
                self.assertFalse(os.path.exists(out))

    def write_binary(self, name, records, order="<"):
        path = self.here(name)
        with open(path, "wb") as f:
            for kind, time, length, space, address in records:
                f.write(kind + struct.pack(order + "QBII", time, length, space, address))
        return path

    def test_a_guessed_byte_order_is_said(self):
        # little-endian timestamps near 2^64 never go back read either way round
        # (read big-endian, their low byte moves the top): the narrow span is the counter's
        near_end = self.write_binary("near_end.ref", [(b"r", 2**64 - 256 + 3 * k, 4, 0x9F8E7, 0x8048000 + 4 * k)
                                                      for k in range(20)])
        dump = run("dump", near_end).stdout
        self.assertIn("byte order=little-endian", dump)
        self.assertIn("Address space 9f8e7", dump)
        self.assertNotIn("a guess", run("check", near_end, check=False).stdout)
        # one record, or equal times, cannot tell: said, and check exits 1
        for name, records in (("one.ref", [(b"r", 0x1234, 4, 1, 0x1000)]),
                              ("equal.ref", [(b"r", 7, 4, 1, 0x1000), (b"w", 7, 4, 1, 0x1004)])):
            with self.subTest(fixture=name):
                check = run("check", self.write_binary(name, records), check=False)
                self.assertEqual(check.returncode, 1)
                self.assertIn("the byte order is a guess (little-endian)", check.stdout)
                told = run("check", "--byte-order", "little", self.here(name), check=False)
                self.assertNotIn("a guess", told.stdout)

    def test_a_binary_of_printable_bytes_is_read(self):
        # every byte a digit or letter: no byte text lacks, yet no line either
        records = [(b"r", 0x3030303030303030 + k, 0x34, 0x41424344, 0x61626364 + k) for k in range(10)]
        path = self.write_binary("printable.ref", records)
        self.assertTrue(all(0x20 < b < 0x7F for b in read_bytes(path)))
        for flags in ([], ["--byte-order", "little"]):
            with self.subTest(flags=flags):
                got = info(path, *flags)
                self.assertEqual(got["references"], {"r": 10})
                self.assertEqual(got["address_spaces"], [{"id": "41424344", "references": 10}])
        run("convert", path, "-o", self.here("printable.txt"), "--byte-order", "little")
        with open(self.here("printable.txt"), encoding="ascii") as f:
            self.assertEqual(f.readline(), "r 3030303030303030 34 41424344 61626364\n")

    def test_a_binary_text_could_start_converts_back_and_forth(self):
        # printable records whose bytes also begin a text line ("S 7e8f9 SS…"), as a
        # round trip of the fuzzer's input wrote: with a byte order given (only a
        # binary has one) it is read as binary; the text of S lines alone is Laplace's
        records = [(b"S", 0x2037653866392053 + (k << 56), 0x53, 0x53535353, 0x53535353) for k in range(7)]
        source = self.write_binary("s-only.bin", records)
        text, binary, again = self.here("s-only.txt"), self.here("s-only.back"), self.here("s-only.again")
        run("convert", source, "-o", text, "--byte-order", "little")
        self.assertEqual(info(text)["format"], "laplace")  # TRACE has S lines too, never five numbers alone
        run("convert", text, "-o", binary, "--byte-order", "big")
        self.assertTrue(read_bytes(binary).startswith(b"S 7e8f9 S"), read_bytes(binary)[:20])  # text could start so
        run("convert", binary, "-o", again, "--byte-order", "big")
        self.assertEqual(read_bytes(again), read_bytes(text))
        # the same bytes with no byte order given begin a text line, and no text reads them
        refused = run("convert", binary, "-o", self.here("s-only.none"), check=False)
        self.assertEqual(refused.returncode, 2)
        self.assertFalse(os.path.exists(self.here("s-only.none")))

    def test_frequency_shows_seconds(self):
        fixture = os.path.join(FIXTURES, "run.ref.txt")
        self.assertIn("40 cycles", run("info", fixture).stdout)
        self.assertIn("length:    40 ns", run("info", "--frequency", "1GHz", fixture).stdout)
        self.assertIn("length:    16 ns", run("info", "--frequency", "2.5 GHz", fixture).stdout)
        bad = run("info", "--frequency", "fast", fixture, check=False)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("not a clock frequency", bad.stderr)

    def assert_lazy_reads_the_same(self, path):
        """info --json and an exported picture, read on demand and whole, byte for byte."""
        outputs = {}
        for lazy in ("never", "always"):
            picture = self.here(f"{os.path.basename(path)}.{lazy}.png")
            run("export", f"--lazy={lazy}", path, "-o", picture, "--size", "800x0")
            outputs[lazy] = (run("info", "--json", f"--lazy={lazy}", path).stdout, read_bytes(picture))
        self.assertEqual(outputs["always"][0], outputs["never"][0])
        self.assertEqual(outputs["always"][1], outputs["never"][1])
        return json.loads(outputs["always"][0])

    def test_text_read_on_demand_shows_the_same(self):
        runs = {
            "plain": ["--records", "50000"],
            "kernel-beside": ["--with-kernel", "--processes", "4", "--seed", "3"],
            # more than one overview thread, each reading batch after batch
            "big": ["--records", "700000", "--processes", "5", "--slice", "20000", "--seed", "9"],
        }
        for name, flags in runs.items():
            with self.subTest(run=name):
                path = self.here(name + ".ref.txt")
                subprocess.run([GENERATOR, *flags, "-o", path], check=True, capture_output=True)
                got = self.assert_lazy_reads_the_same(path)
                self.assertGreater(sum(got["references"].values()), 0)

    def test_text_fixtures_read_on_demand(self):
        texts = sorted(n for n in os.listdir(FIXTURES) if n.endswith((".ref.txt", ".kern")))
        self.assertIn("unsorted.ref.txt", texts)
        for name in texts:
            with self.subTest(fixture=name):
                path = os.path.join(FIXTURES, name)
                with open(path + ".json", encoding="utf-8") as f:
                    self.assertEqual(self.assert_lazy_reads_the_same(path), json.load(f))

    def test_malformed_reference_lines_are_warned_about(self):
        bad = {
            2: ("r 10 4 1", "4 fields after its type", "this line 3"),
            3: ("w 11 4 1 1000 7", "this line 5"),
            4: ("r 12 100 1 1000", "the length 100 is wider than its 8 bits"),
            5: ("r 13 4 100000000 1000", "the address space 100000000 is wider than its 32 bits"),
            6: ("W 14 4 1 123456789", "the address 123456789 is wider than its 32 bits"),
            7: ("r 15 -1 1 1000", "the length “-1” is not a hex number"),
            8: ("w 16 0x4 1 1000", "the length “0x4” is not a hex number"),
            9: ("r 17", "this line 1"),
        }
        for role, name in (("references", "bad.ref.txt"), ("kernel", "bad.kern")):
            with self.subTest(role=role):
                path = self.here(name)
                lines = ["r 1 4 1 1000"] + [bad[n][0] for n in sorted(bad)] + ["w 20 4 1 1004", "e 30"]
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines) + "\n")
                check = run("check", path, check=False)
                self.assertEqual(check.returncode, 1)
                said = {}
                for warning in check.stdout.splitlines():
                    number = int(warning.split(": line ")[1].split(":")[0])
                    said[number] = warning
                self.assertEqual(sorted(said), sorted(bad))
                for number, (line, *reasons) in bad.items():
                    for reason in reasons:
                        self.assertIn(reason, said[number])
                got = info(path)
                self.assertEqual(got["references"], {"r": 1, "w": 1})
                self.assertNotIn("unknown tags", run("dump", path).stdout)
                self.assertEqual(self.assert_lazy_reads_the_same(path), got)

    def test_pids_past_2_63_are_whole_numbers(self):
        """A kernel trace's pids are unsigned 64-bit numbers: those at and
        past 2^63 are printed as they were written, not as negatives."""
        path = self.here("big-pids.kern")
        with open(path, "w", encoding="ascii") as f:
            f.write("F 8 8000000000000001 1\nS a 8000000000000001\nS c fffffffffffffffe\ne 20\n")
        pids = sorted(p["pid"] for p in info(path)["processes"])
        self.assertEqual(pids, [2 ** 63 + 1, 2 ** 64 - 2])

    def test_many_pids_cost_memory_in_proportion(self):
        """400k processes, each scheduled once, in 5.5 MB of kernel trace:
        a lane each, in memory of their number (it took 1.9 GB; the sanitizer
        build's own memory is not measured)."""
        path = self.here("many-pids.kern")
        with open(path, "w", encoding="ascii") as f:
            f.write("".join(f"S {16 + p:x} {p + 2:x}\n" for p in range(400000)) + f"e {400016:x}\n")
        child = subprocess.Popen([CLI, "info", "--json", path], stdout=subprocess.PIPE, text=True)
        out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        self.assertEqual(status, 0)
        self.assertEqual(len(json.loads(out)["processes"]), 400000)
        if "ASAN_OPTIONS" not in os.environ:
            self.assertLess(usage.ru_maxrss // 1024, 1024)

    def test_many_mappings_are_laid_as_one_by_one(self):
        """20k mappings of one process, mapped, remapped and unmapped in
        overlapping ranges: each span where the plain rules put it (the
        first row free at its start; an unmap ends the mappings starting in
        its range; a remap takes the label of the last one it ends)."""
        import random
        rng = random.Random(5)
        lines, mappings, open_ones = [], [], []
        time = 0
        for _ in range(20000):
            time += rng.choice((0, 1, 3))
            address = 0x10000000 + rng.randrange(4000) * 0x1000
            kind = rng.random()
            if kind < 0.55 or not open_ones:
                name = f"lib{rng.randrange(50)}.so"
                lines.append(f"M {time:x} 1 {address:x} 1000 1 8 1 0 {name}")
                mappings.append([time, None, address, name])
                open_ones.append(len(mappings) - 1)
            else:
                length = rng.choice((0x1000, 0x8000, 0x40000))
                closed = [i for i in open_ones if 0 <= mappings[i][2] - address < length]
                for i in closed:
                    mappings[i][1] = time
                open_ones = [i for i in open_ones if i not in closed]
                if kind < 0.85:
                    lines.append(f"U {time:x} 1 {address:x} {length:x}")
                else:
                    target = 0x20000000 + rng.randrange(100) * 0x1000
                    lines.append(f"@ {time:x} 1 {target:x} 1000 {address:x} {length:x}")
                    label = mappings[max(closed)][3] if closed else "anonymous"
                    mappings.append([time, None, target, label])
                    open_ones.append(len(mappings) - 1)
        lines.append(f"e {time + 10:x}")
        path = self.here("maps.kern")
        with open(path, "w", encoding="ascii") as f:
            f.write("\n".join(lines) + "\n")
        end = time + 10
        row_ends, expected = [], []
        for start, stop, address, label in mappings:
            until = max(end, start) if stop is None else stop
            row = next((r for r, e in enumerate(row_ends) if e <= start), len(row_ends))
            if row == len(row_ends):
                row_ends.append(until)
            else:
                row_ends[row] = until
            expected.append((start, max(until, start), row + 1, f"{label} 0x{address:x}–0x{address + 0x1000:x}"))
        got = []
        for line in run("dump", path).stdout.splitlines():
            if line.startswith("  span ") and " mapped " in line:
                fields = line.split()
                got.append((int(fields[1]), int(fields[2]), int(fields[4].split("=")[1]), line.split("label=")[1]))
        self.assertEqual(sorted(got), sorted(expected))

    def test_big_timestamps_are_refused_per_line(self):
        text = self.here("big.ref.txt")
        with open(text, "w", encoding="ascii") as f:
            f.write("r 10 4 1 1000\nr 8000000000000000 4 1 1000\nr 20 4 1 1000\n")
        got = info(text)
        self.assertEqual(got["references"], {"r": 2})
        check = run("check", text, check=False)
        self.assertIn("line 2", check.stdout)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    CLI, GENERATOR, FIXTURES = (os.path.abspath(a) for a in sys.argv[1:4])
    unittest.main(argv=sys.argv[:1], verbosity=2)
