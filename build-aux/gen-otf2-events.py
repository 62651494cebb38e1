#!/usr/bin/env python3
"""Writes src/loaders/otf2/chrono-otf2-other-events.c: a callback for every
event record kind of the installed OTF2 library that the loader does not
read itself, each handing its location and time to
chrono_otf2_other_event (), so every record kind counts in the trace's
bounds and shows as an instant mark.

usage: gen-otf2-events.py [/usr/include/otf2/OTF2_EvtReaderCallbacks.h] > chrono-otf2-other-events.c"""
import re
import sys

OWN = {"Enter", "Leave", "Metric", "MpiSend", "MpiIsend", "MpiRecv", "MpiIrecv", "MpiCollectiveBegin",
       "MpiCollectiveEnd"}

header = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/otf2/OTF2_EvtReaderCallbacks.h"
text = open(header).read()
kinds = []
for name, params in re.findall(r"\(\s*\*OTF2_EvtReaderCallback_(\w+)\s*\)\s*\((.*?)\);", text, re.S):
    if name in OWN or f"OTF2_EvtReaderCallbacks_Set{name}Callback" not in text:
        continue
    params = " ".join(params.split())
    kinds.append((name, params))

print("/* chrono-otf2-other-events.c — written by build-aux/gen-otf2-events.py from")
print(" * OTF2_EvtReaderCallbacks.h: every event record kind the loader does not read")
print(" * itself becomes an instant mark named after it.  Do not edit by hand. */")
print('#include "chrono-otf2-private.h"')
print()
print("/* clang-format off */")
for name, params in kinds:
    print(f"static OTF2_CallbackCode\non_{name} ({params})\n{{\n"
          f"  return chrono_otf2_other_event (userData, location, time, eventPosition, \"{name}\");\n}}\n")
print("void\nchrono_otf2_register_other_events (OTF2_EvtReaderCallbacks *callbacks)\n{")
for name, _ in kinds:
    print(f"  OTF2_EvtReaderCallbacks_Set{name}Callback (callbacks, on_{name});")
print("}")
print("/* clang-format on */")
