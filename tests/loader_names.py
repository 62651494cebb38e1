"""The formats the loaders read, from the `.name = "…"` of the loader tables
in src/loaders/ (the registry's own names, without building anything).

As a program, prints them one a line: list-formats for tests/meson.build."""
import os
import re
import sys

NAME = re.compile(r'^\s*\.name\s*=\s*"([^"]+)"', re.MULTILINE)
TABLE = re.compile(r"^const ChronoLoaderInfo chrono_loader_\w+ = \{(.*?)^\};", re.MULTILINE | re.DOTALL)


def loader_names(source_root):
    names = set()
    for folder, _, files in os.walk(os.path.join(source_root, "src", "loaders")):
        for name in files:
            if name.endswith(".c"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    for table in TABLE.findall(f.read()):
                        names.update(n.lower() for n in NAME.findall(table))
    return sorted(names)


if __name__ == "__main__":
    print("\n".join(loader_names(sys.argv[1])))
