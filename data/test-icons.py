#!/usr/bin/env python3
"""The application icons render, at the sizes a desktop asks for, and the
symbolic one follows the rules GTK's recolouring needs: a 16×16 canvas, one
colour (#2e3436), filled shapes only (GTK forces a fill on every path, rect
and circle, so a stroked outline would turn into a disc).

    test-icons.py APP_ICON.svg SYMBOLIC_ICON.svg

Exits 77 (skipped) when rsvg-convert is missing."""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def render(svg, size, tmp):
    out = os.path.join(tmp, "icon.png")
    run = subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", out, svg],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return "rsvg-convert failed: " + run.stderr.strip()
    header = open(out, "rb").read(24)
    if header[:4] != b"\x89PNG" or struct.unpack(">II", header[16:24]) != (size, size):
        return "not a %d×%d PNG" % (size, size)
    return None


def symbolic_problems(svg):
    problems = []
    root = ET.parse(svg).getroot()
    if root.get("viewBox", "").split() != ["0", "0", "16", "16"]:
        problems.append("the viewBox is not 0 0 16 16")
    colours = set()
    for element in root.iter():
        for attribute in ("fill", "stroke", "style", "stroke-width"):
            value = element.get(attribute)
            if value is None:
                continue
            if attribute.startswith("stroke") or "stroke" in value:
                problems.append("<%s> has a stroke" % element.tag.replace(SVG, ""))
            colours.update(c.lower() for c in re.findall(r"#[0-9a-fA-F]{3,6}\b", value))
    if colours - {"#2e3436"}:
        problems.append("colours other than #2e3436: " + ", ".join(sorted(colours - {"#2e3436"})))
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    app_icon, symbolic = sys.argv[1], sys.argv[2]
    if not shutil.which("rsvg-convert"):
        print("rsvg-convert is not installed: skipped")
        return 77
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for svg, sizes in ((app_icon, (16, 32, 48, 64, 128, 256, 512)), (symbolic, (16, 32, 64))):
            for size in sizes:
                problem = render(svg, size, tmp)
                failures += problem is not None
                print("%s %s at %d px%s" % ("FAIL" if problem else "ok  ", os.path.basename(svg), size,
                                             ": " + problem if problem else ""))
    for problem in symbolic_problems(symbolic):
        failures += 1
        print("FAIL %s: %s" % (os.path.basename(symbolic), problem))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
