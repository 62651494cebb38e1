"""The formats the loaders read, from the `.name = "…"` of the loader tables
in src/loaders/ (the registry's own names, without building anything), and
the file name suffix each claims first (its first glob: "*.vt" → ".vt").

As a program, prints the names one a line (list-formats for tests/meson.build),
or with --suffixes each name and its suffix (for tests/fuzz/meson.build)."""
import os
import re
import sys

NAME = re.compile(r'^\s*\.name\s*=\s*"([^"]+)"', re.MULTILINE)
TABLE = re.compile(r"^const ChronoLoaderInfo chrono_loader_\w+ = \{(.*?)^\};", re.MULTILINE | re.DOTALL)
GLOBS_OF_TABLE = re.compile(r"^\s*\.globs\s*=\s*(\w+)\s*,", re.MULTILINE)
GLOBS = r'static const char \*const {}\[\] = \{{\s*"\*([^"]+)"'


def loader_suffixes(source_root):
    """name → the suffix of its first glob ('' when its table names no globs)"""
    suffixes = {}
    for folder, _, files in os.walk(os.path.join(source_root, "src", "loaders")):
        for name in files:
            if name.endswith(".c"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text = f.read()
                for table in TABLE.findall(text):
                    globs = GLOBS_OF_TABLE.search(table)
                    first = re.search(GLOBS.format(globs.group(1)), text) if globs else None
                    for n in NAME.findall(table):
                        suffixes[n.lower()] = first.group(1) if first else ""
    return dict(sorted(suffixes.items()))


def loader_names(source_root):
    return list(loader_suffixes(source_root))


if __name__ == "__main__":
    if sys.argv[2:] == ["--suffixes"]:
        print("\n".join(f"{name} {suffix}" for name, suffix in loader_suffixes(sys.argv[1]).items()))
    else:
        print("\n".join(loader_names(sys.argv[1])))
