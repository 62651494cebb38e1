#!/usr/bin/env python3
"""po/POTFILES.in must list every source file with translatable strings.

usage: check-potfiles.py SOURCE_ROOT

Looks at src/ and ui/ (C sources and headers, GtkBuilder .ui files) and at the
*.in templates under data/ (.desktop.in, .metainfo.xml.in, …) and the GSettings
schemas there (*.gschema.xml with a gettext-domain).  A file counts as
translatable when it marks a string for gettext:

  C          _("…"), _ ("…"), N_("…"), N_ ("…"), C_/NC_/Q_, g_dngettext,
             g_dcgettext, g_dpgettext2, ngettext (comments are ignored)
  .ui        translatable="yes"
  .desktop.in  Name=, GenericName=, Comment=, Keywords= (untranslated keys)
  .gschema.xml  <summary>, <description> when the schema list has a gettext-domain
  .xml.in    translatable="yes", or AppStream text: <name>, <summary>, <p>,
             <li>, <caption>, <developer_name>, <keyword> (not translate="no")

Fails (exit 1, listing the files) when such a file is missing from
POTFILES.in, or when POTFILES.in lists a file that does not exist.  Files that
deliberately stay untranslated go in po/POTFILES.skip (same syntax).
"""
import os
import re
import sys

SCAN_DIRS = ("src", "ui")
SOURCE_SUFFIXES = (".c", ".h", ".ui")
DATA_DIR = "data"

C_MARK = re.compile(
    r"(?<![\w.>])(?:N?_|C_|NC_|Q_)\s*\(\s*\""  # _("…"), _ ("…"), N_ ("…"), C_ ("ctx", "…")
    r"|\b(?:g_dngettext|g_dcgettext|g_dpgettext2?|g_dgettext|ngettext|dngettext|dgettext)\s*\("
)
UI_MARK = re.compile(r"""\btranslatable\s*=\s*["'](?:yes|true|1)["']""", re.IGNORECASE)
DESKTOP_MARK = re.compile(r"^\s*(?:Name|GenericName|Comment|Keywords|X-GNOME-FullName)\s*=", re.MULTILINE)
GSCHEMA_MARK = re.compile(r"<(?:summary|description)\b")
APPSTREAM_MARK = re.compile(r"<(?:name|summary|p|li|caption|developer_name|keyword)\b(?![^>]*translate=\"no\")[^>]*>")


def strip_c_comments(text):
    """C text without comments and with every string or character literal emptied."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif c == "/" and i + 1 < n and text[i + 1] == "/":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)  # the literal, emptied: "_ (" inside a string marks nothing
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def is_translatable(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return False
    name = os.path.basename(path)
    if name.endswith((".c", ".h")):
        return C_MARK.search(strip_c_comments(text)) is not None
    if name.endswith(".desktop.in"):
        return DESKTOP_MARK.search(text) is not None
    if name.endswith((".gschema.xml", ".gschema.xml.in")):
        return "gettext-domain" in text and GSCHEMA_MARK.search(text) is not None
    if name.endswith(".xml.in"):
        return UI_MARK.search(text) is not None or APPSTREAM_MARK.search(text) is not None
    return UI_MARK.search(text) is not None


def candidates(root):
    """Relative paths (with /) of the files that may hold translatable strings."""
    found = []
    for top in SCAN_DIRS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES) or name.endswith(".in"):
                    found.append(os.path.relpath(os.path.join(folder, name), root))
    for folder, dirs, files in os.walk(os.path.join(root, DATA_DIR)):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".in", ".gschema.xml")):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return [p.replace(os.sep, "/") for p in found]


def read_list(path):
    """Entries of a POTFILES-style list: one path a line, # comments, optional [type: …] prefix."""
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            line = re.sub(r"^(\[[^\]]*\]\s*)+", "", line).strip()  # [encoding: UTF-8], [type: gettext/glade]
            if line:
                entries.append((number, line))
    return entries


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    root = sys.argv[1]
    potfiles = os.path.join(root, "po", "POTFILES.in")
    if not os.path.exists(potfiles):
        print(f"{potfiles}: missing")
        return 1
    listed = read_list(potfiles)
    listed_paths = {p for _, p in listed}
    skipped = {p for _, p in read_list(os.path.join(root, "po", "POTFILES.skip"))}

    failed = False
    missing = [p for p in candidates(root) if p not in listed_paths and p not in skipped and is_translatable(os.path.join(root, p))]
    if missing:
        failed = True
        print("po/POTFILES.in misses these files with translatable strings:")
        for p in missing:
            print(f"  {p}")
    gone = [(n, p) for n, p in listed if not os.path.isfile(os.path.join(root, p))]
    if gone:
        failed = True
        print("po/POTFILES.in lists files that do not exist:")
        for n, p in gone:
            print(f"  po/POTFILES.in:{n}: {p}")
    seen = set()
    for n, p in listed:
        if p in seen:
            print(f"note: po/POTFILES.in:{n}: {p} is listed twice")
        seen.add(p)
    if not failed:
        print(f"po/POTFILES.in: {len(listed_paths)} files, none missing")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
