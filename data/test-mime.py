#!/usr/bin/env python3
"""The shared-mime-info rules generated from the loaders' declarations
(data/chrono-mime-gen) carry German comments, recognise every trace fixture
by its name and, where the content allows, by its content alone (a copy
without extension), and take no ordinary text for a trace.  Reports in TAP:
the checks of a type that no loader declares yet are skipped, saying so.

    test-mime.py MIME_XML TESTS_DATA_DIR [CORPUS_DIR]

The XML is compiled with update-mime-database into a temporary
XDG_DATA_HOME, on top of the system database (application/gzip,
text/plain), and every file is asked for with `gio info`. Exits 77 (skipped)
when update-mime-database or gio is missing."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

BTF = "application/x-btf-trace"
BTF_GZ = "application/x-btf-trace-gzip"
ETF = "application/x-trace4cps"
OTF2 = "application/x-otf2-archive"
VT = "text/x-visandor"
TEXT = "text/plain"
# the types these checks know; one that no loader declares is not in the XML
OURS = (BTF, BTF_GZ, ETF, OTF2, VT)

# What the rules promise, restated independently of the XML: a BTF header
# pragma at a line start in the first kilobyte; a TRACE4CPS TU line, or R and
# C lines together with an R line's offsets flag.
BTF_PRAGMA = re.compile(rb"(?:^|\n)(?:\xef\xbb\xbf)?#(?:version [123]\.|creator |timescale )", re.I)
ETF_TU = re.compile(rb"(?:^|\n)TU (?:NANO|MICRO|MILLI)?SECONDS|(?:^|\n)TU (?:MINUTES|HOURS)", re.I)


def btf_by_content(data):
    return BTF if BTF_PRAGMA.search(data[:1024]) else TEXT


def etf_by_content(data):
    if ETF_TU.search(data[:1040]):
        return ETF
    head = data[:2048]
    r_line = re.search(rb"(?:^|\n)R ", data[:1028])
    if r_line and re.search(rb"\nC ", head) and re.search(rb" (?:true|false)", head, re.I):
        return ETF
    return TEXT


# name → (content, the type expected, the type whose rules the check is about
# when that is not the expected one)
SAMPLES = {
    # VisAndOr: the format note's OR example and the Ciao writer's AND trace
    "visandor-or": (b"1\n1236420313 5 0 0 1 1\n1236422609 20 0 1 1 1\n1236424094 21 0 0 1 1\n", VT),
    "visandor-and": (b"0\n       0 5 7F001000 0 7F001000 0 \n       0 7 0 1 7F001000 0 \n"
                     b"      12 1 7F001001 2 7F001000 0 \n     120 6 7F001000 0 7F001000 0 \n", VT),
    "visandor-crlf": (b"0\r\n       0 5 7F001000 0 7F001000 0 \r\n     120 6 7F001000 0 7F001000 0 \r\n", VT),
    # BTF pragmas in any case, after a byte-order mark
    "btf-upper-case": (b"#VERSION 2.2.0\n#TIMESCALE ns\n0,Core_1,0,T,Task,0,start\n", BTF),
    "btf-bom": (b"\xef\xbb\xbf#version 2.1.5\n#timeScale us\n", BTF),
    "btf-creator-first": (b"#creator TA-Toolsuite\n#version 1.0\n", BTF),
    "etf-lower-case-unit": (b"TU milliseconds\nR 0 1 false ;\n", ETF),
    "etf-no-unit": (b"R 0 100.0 false;\nC 0 0.0 1.0 0 100.0;p1=true\n", ETF),
    # the start of an OTF2 anchor as libotf2 3.0 writes it on x86-64 (the second
    # byte is the writer's endianness, so any value there is an anchor)
    "otf2-anchor": (b"\x03\x42OTF2\x00\x03\x02\x03\x00\x02\x00\x00\x10\x00\x00\x00\x00\x00\x00\x40\x00", OTF2),
    "otf2-anchor-other-endianness": (b"\x03\x23OTF2\x00\x03\x02\x03\x00\x02\x00\x00\x10\x00\x00", OTF2),
    "otf2-local-definitions": (b"\x03\x42\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "application/octet-stream",
                               OTF2),
    # ordinary text that shares a first line or a word with a trace
    "glsl-shader": (b"#version 330 core\nout vec4 colour;\nvoid main () { colour = vec4 (1.0); }\n", TEXT),
    "prose-r-and-c": (b"Notes\nR is a language.\nC is another one.\n", TEXT),
    "a-number": (b"0\nthe rest of a list\n", TEXT, VT),
    "shell-script": (b"#!/bin/sh\n# version 2.1 of the tool\necho hello\n", "application/x-shellscript"),
}


def mask_problems(xml):
    """update-mime-database takes a mask of the wrong length without a word"""
    problems = []
    for match in ET.parse(xml).getroot().iter("{http://www.freedesktop.org/standards/shared-mime-info}match"):
        value, mask = match.get("value"), match.get("mask")
        if mask is None or match.get("type") != "string":
            continue
        length = len(value.encode("latin-1", "backslashreplace").decode("unicode_escape"))
        if not re.fullmatch(r"0x(?:[0-9a-fA-F]{2})+", mask) or (len(mask) - 2) // 2 != length:
            problems.append("the mask %s does not fit the %d bytes of %r" % (mask, length, value))
    return problems


def untranslated(xml):
    """Every type's comment comes in German too (merged from po/de.po at build time)."""
    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    problems = []
    for mime_type in ET.parse(xml).getroot().iter(ns + "mime-type"):
        if not any(c.get(lang) == "de" for c in mime_type.iter(ns + "comment")):
            problems.append("%s has no German comment" % mime_type.get("type"))
    return problems


def declared_types(xml):
    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    return {mime_type.get("type") for mime_type in ET.parse(xml).getroot().iter(ns + "mime-type")}


def content_type(env, path):
    out = subprocess.run(["gio", "info", "-a", "standard::content-type", path], env=env,
                         capture_output=True, text=True)
    match = re.search(r"standard::content-type: (\S+)", out.stdout)
    return match.group(1) if match else "(none: " + out.stderr.strip() + ")"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    xml, data = sys.argv[1], sys.argv[2]
    corpus = sys.argv[3] if len(sys.argv) > 3 else ""
    if not shutil.which("update-mime-database") or not shutil.which("gio"):
        print("update-mime-database or gio is missing: skipped")
        return 77
    if not os.path.exists("/usr/share/mime/mime.cache"):
        print("no system MIME database (shared-mime-info): skipped")
        return 77

    declared = declared_types(xml)
    results = []  # (ok, description, skip reason or None)
    problems = mask_problems(xml) + untranslated(xml)
    results += [(False, problem, None) for problem in problems]
    if not problems:
        results.append((True, "every mask fits its value, every comment is in German", None))
    with tempfile.TemporaryDirectory() as tmp:
        home = os.path.join(tmp, "share")
        os.makedirs(os.path.join(home, "mime", "packages"))
        shutil.copy(xml, os.path.join(home, "mime", "packages"))
        env = dict(os.environ, XDG_DATA_HOME=home)
        env.setdefault("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
        # update-mime-database only warns about what it does not understand
        update = subprocess.run(["update-mime-database", "-V", os.path.join(home, "mime")], env=env,
                                capture_output=True, text=True)
        complaints = [line for line in (update.stdout + update.stderr).splitlines()
                      if re.search(r"warning|error|unknown|invalid", line, re.I)]
        if update.returncode != 0 or complaints:
            for line in (update.stdout + update.stderr).splitlines():
                print("# " + line)
            print("Bail out! update-mime-database: " + "; ".join(complaints or ["exit %d" % update.returncode]))
            return 1
        files = os.path.join(tmp, "files")
        os.makedirs(files)

        checks = []  # (label, path, expected, the type whose rules are checked)

        def add(label, content, name, expected, concerns=None):
            path = os.path.join(files, name)
            with open(path, "wb") as f:
                f.write(content)
            checks.append((label, path, expected, concerns or expected))

        def fixtures(pattern):
            """tests/data, then the corpus's traces from real producers"""
            found = [(path, os.path.relpath(path, data)) for path in sorted(glob.glob(os.path.join(data, pattern)))]
            if corpus:
                found += [(path, "corpus/" + os.path.relpath(path, corpus))
                          for path in sorted(glob.glob(os.path.join(corpus, pattern)))]
            return enumerate(found)

        for n, (path, rel) in fixtures(os.path.join("btf", "*.btf")):
            content = open(path, "rb").read()
            add(rel, content, "btf%d-%s" % (n, os.path.basename(path)), BTF)
            add(rel + " without extension", content, "btf%d" % n, btf_by_content(content))
        for n, (path, rel) in fixtures(os.path.join("btf", "*.btf.gz")):
            content = open(path, "rb").read()
            add(rel, content, "gz%d-%s" % (n, os.path.basename(path)), BTF_GZ)
            add(rel + " without extension", content, "gz%d" % n, "application/gzip")
        for n, (path, rel) in fixtures(os.path.join("etf", "*.etf")):
            content = open(path, "rb").read()
            add(rel, content, "etf%d-%s" % (n, os.path.basename(path)), ETF)
            add(rel + " without extension", content, "etf%d" % n, etf_by_content(content))
        for n, path in enumerate(sorted(glob.glob(os.path.join(corpus, "otf2", "*", "*.otf2")) if corpus else [])):
            content = open(path, "rb").read()
            rel = "corpus/" + os.path.relpath(path, corpus)
            add(rel, content, "anchor%d.otf2" % n, OTF2)
            add(rel + " without extension", content, "anchor%d" % n, OTF2)
            definitions = path[:-len(".otf2")] + ".def"
            if os.path.exists(definitions):
                add("corpus/" + os.path.relpath(definitions, corpus) + " (not an anchor)", open(definitions, "rb").read(),
                    "definitions%d" % n, "application/octet-stream", OTF2)
        for name, (content, expected, *concerns) in SAMPLES.items():
            add(name, content, name, expected, *concerns)
        add("visandor-or.vt", SAMPLES["visandor-or"][0], "trace.vt", VT)

        for label, path, expected, concerns in checks:
            if concerns in OURS and concerns not in declared:
                results.append((True, label, "no loader declares %s yet" % concerns))
                continue
            got = content_type(env, path)
            results.append((got == expected, "%s: %s%s" % (label, got, "" if got == expected else
                                                           " (expected %s)" % expected), None))
    print("1..%d" % len(results))
    for number, (ok, description, skip) in enumerate(results, 1):
        print("%s %d %s%s" % ("ok" if ok else "not ok", number, description, " # SKIP " + skip if skip else ""))
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
