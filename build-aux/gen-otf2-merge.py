#!/usr/bin/env python3
"""Writes src/loaders/otf2/chrono-otf2-merge-copy.c: for every global
definition and every event record kind of the installed OTF2 library, a
reader callback that writes the same record into the merged archive, its
ids renumbered (chrono_otf2_merge_ref () and friends), its timestamps on
the first archive's clock (chrono_otf2_merge_time ()), its attribute list
carried; and for every definition with an id of its own, a callback that
notes that id (the first pass, which sizes each archive's id ranges).
An event that refers to a definition its archive does not have (or to
the undefined value) is left out and counted, as the loader skips it.

The reader callbacks and the writer functions take the same parameters in
the same order (after the writer / location, time, position, user data);
the script checks that, so a libotf2 where they differ fails here, not in
a merged archive.

usage: gen-otf2-merge.py [/usr/include/otf2] > chrono-otf2-merge-copy.c"""
import os
import re
import sys

include = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/otf2"

# reference types -> id kind (chrono-otf2-merge-private.h's MergeKind)
KINDS = {
    "OTF2_StringRef": "MERGE_STRING", "OTF2_AttributeRef": "MERGE_ATTRIBUTE",
    "OTF2_SystemTreeNodeRef": "MERGE_SYSTEM_TREE_NODE", "OTF2_LocationGroupRef": "MERGE_LOCATION_GROUP",
    "OTF2_RegionRef": "MERGE_REGION", "OTF2_CallsiteRef": "MERGE_CALLSITE", "OTF2_CallpathRef": "MERGE_CALLPATH",
    "OTF2_MetricMemberRef": "MERGE_METRIC_MEMBER", "OTF2_MetricRef": "MERGE_METRIC", "OTF2_CommRef": "MERGE_COMM",
    "OTF2_ParameterRef": "MERGE_PARAMETER", "OTF2_RmaWinRef": "MERGE_RMA_WIN",
    "OTF2_CartDimensionRef": "MERGE_CART_DIMENSION", "OTF2_CartTopologyRef": "MERGE_CART_TOPOLOGY",
    "OTF2_SourceCodeLocationRef": "MERGE_SOURCE_CODE_LOCATION", "OTF2_CallingContextRef": "MERGE_CALLING_CONTEXT",
    "OTF2_InterruptGeneratorRef": "MERGE_INTERRUPT_GENERATOR", "OTF2_IoFileRef": "MERGE_IO_FILE",
    "OTF2_IoHandleRef": "MERGE_IO_HANDLE", "OTF2_IoParadigmRef": "MERGE_IO_PARADIGM",
}
# Records written by hand (chrono-otf2-merge-definitions.c): the clock is
# the merge's own; paradigms are one per archive; groups and metric
# instances hold ids whose kind depends on another field; system tree
# roots go under the node that names their archive.
OWN_DEFS = {"Unknown", "ClockProperties", "Paradigm", "ParadigmProperty", "Group", "MetricInstance", "SystemTreeNode"}
OWN_SCANS = {"Group"}  # also notes the per-paradigm groups
OWN_EVENTS = {"Unknown"}


def callbacks(header):
    text = open(os.path.join(include, header)).read()
    found = re.findall(r"\(\s*\*OTF2_\w+ReaderCallback_(\w+)\s*\)\s*\((.*?)\);", text, re.S)
    return [(name, [" ".join(p.split()) for p in params.split(",")]) for name, params in found
            if re.search(rf"OTF2_\w+ReaderCallbacks_Set{name}Callback\b", text)]


def writer_params(header, prefix, name):
    text = open(os.path.join(include, header)).read()
    m = re.search(rf"\b{prefix}{name}\s*\((.*?)\)\s*(__otf2_deprecated__)?\s*;", text, re.S)
    if not m:
        sys.exit(f"gen-otf2-merge.py: no {prefix}{name} in {header}")
    return [" ".join(p.split()) for p in m.group(1).split(",")]


def split(param):
    m = re.match(r"(const )?([\w ]+?)(\*?) ?(\w+)$", param.replace(" *", "*"))
    return (m.group(1) or "") + m.group(2) + m.group(3), m.group(4)


def arguments(params):
    """The writer's arguments for the callback's parameters, and the
    statements before and after the call (copies of id arrays)."""
    args, before, after = [], [], []
    names = [split(p)[1] for p in params]
    types = [split(p)[0] for p in params]
    for i, (ctype, name) in enumerate(zip(types, names)):
        if ctype == "OTF2_TimeStamp":
            args.append(f"chrono_otf2_merge_time (m, {name})")
        elif ctype == "OTF2_LocationRef":
            args.append(f"chrono_otf2_merge_location (m, {name})")
        elif ctype == "OTF2_GroupRef":
            args.append(f"chrono_otf2_merge_group (m, {name})")
        elif ctype in KINDS:
            args.append(f"({ctype}) chrono_otf2_merge_ref (m, {KINDS[ctype]}, {name})")
        elif ctype == "OTF2_AttributeValue":
            assert types[i - 1] == "OTF2_Type", name
            args.append(f"chrono_otf2_merge_value (m, {names[i - 1]}, {name})")
        elif ctype == "const OTF2_AttributeValue*":
            assert types[i - 1] == "const OTF2_Type*", name
            count = names[i - 3] if types[i - 2] == "const OTF2_IoParadigmProperty*" else names[i - 2]
            before.append(f"OTF2_AttributeValue *{name}_m = chrono_otf2_merge_values (m, {count}, {names[i - 1]}, {name});")
            after.append(f"g_free ({name}_m);")
            args.append(f"{name}_m")
        elif ctype.startswith("const ") and ctype[6:-1] in KINDS:
            base = ctype[6:-1]
            assert base != "OTF2_IoParadigmRef", name  # 32-bit ids only in arrays
            before.append(f"{base} *{name}_m = chrono_otf2_merge_refs (m, {KINDS[base]}, {names[i - 1]}, {name});")
            after.append(f"g_free ({name}_m);")
            args.append(f"{name}_m")
        elif ctype.endswith("Ref") or ctype.endswith("Ref*"):
            sys.exit(f"gen-otf2-merge.py: no id kind for {ctype} {name}")
        else:
            args.append(name)
    return args, before, after


def checks(params, record):
    """For an event: a statement per reference that leaves the record out
    (counted) when its archive does not define what it refers to."""
    names = [split(p)[1] for p in params]
    types = [split(p)[0] for p in params]
    out = []
    for i, (ctype, name) in enumerate(zip(types, names)):
        if ctype in KINDS:
            test = f"chrono_otf2_merge_defined (m, {KINDS[ctype]}, {name})"
            kind, bad = KINDS[ctype], name
        elif ctype == "OTF2_GroupRef":
            test = f"chrono_otf2_merge_group_defined (m, {name})"
            kind, bad = "MERGE_GROUP", name
        elif ctype.startswith("const ") and ctype[6:-1] in KINDS:
            kind = KINDS[ctype[6:-1]]
            test = f"chrono_otf2_merge_all_defined (m, {kind}, {names[i - 1]}, {name}, &undefined)"
            bad = "undefined"
            out.append("uint64_t undefined = 0;")
        else:
            continue
        out.append(f"if (!{test})")
        out.append(f'  return chrono_otf2_merge_drop (m, location, time, "{record}", {kind}, {bad});')
    return out


def function(name, params, call, args, before, after, userdata, guards=()):
    body = [f"  ChronoOtf2Merge *m = {userdata};"]
    body += ["  " + s for s in guards]
    body += ["  " + s for s in before]
    body.append(f"  OTF2_ErrorCode code = {call} ({', '.join(args)});")
    body += ["  " + s for s in after]
    body.append("  return chrono_otf2_merge_wrote (m, code);")
    return f"static OTF2_CallbackCode\n{name} ({', '.join(params)})\n{{\n" + "\n".join(body) + "\n}\n"


defs = callbacks("OTF2_GlobalDefReaderCallbacks.h")
events = callbacks("OTF2_EvtReaderCallbacks.h")

print("/* chrono-otf2-merge-copy.c — written by build-aux/gen-otf2-merge.py from libotf2's")
print(" * reader callback and writer headers: every definition and event record kind")
print(" * copied into the merged archive, renumbered and on the first archive's clock.")
print(" * Do not edit by hand. */")
print('#include "chrono-otf2-merge-private.h"')
print()
print("/* clang-format off */")
print("G_GNUC_BEGIN_IGNORE_DEPRECATIONS /* Callsite and the Omp* events are deprecated: still copied */")
print()
scanned, copied = [], []
for name, params in defs:
    own = params[1:]
    if name not in OWN_SCANS and own and split(own[0])[1] == "self":
        ctype = split(own[0])[0]
        note = ("chrono_otf2_merge_note_location (m, self)" if ctype == "OTF2_LocationRef" else
                f"chrono_otf2_merge_note (m, {'MERGE_GROUP' if ctype == 'OTF2_GroupRef' else KINDS[ctype]}, self)")
        print(f"static OTF2_CallbackCode\nscan_{name} ({', '.join(params)})\n{{\n"
              f"  ChronoOtf2Merge *m = userData;\n  {note};\n  return OTF2_CALLBACK_SUCCESS;\n}}\n")
        scanned.append(name)
    if name in OWN_DEFS:
        continue
    if writer_params("OTF2_GlobalDefWriter.h", "OTF2_GlobalDefWriter_Write", name)[1:] != own:
        sys.exit(f"gen-otf2-merge.py: the {name} definition's writer and reader differ")
    args, before, after = arguments(own)
    print(function(f"copy_{name}", params, f"OTF2_GlobalDefWriter_Write{name}", ["m->definitions"] + args, before,
                   after, "userData"))
    copied.append(name)

written = []
for name, params in events:
    if name in OWN_EVENTS:
        continue
    own = params[5:]
    if writer_params("OTF2_EvtWriter.h", "OTF2_EvtWriter_", name)[3:] != own:
        sys.exit(f"gen-otf2-merge.py: the {name} event's writer and reader differ")
    args, before, after = arguments(own)
    args = ["m->events", "chrono_otf2_merge_attributes (m, attributeList)", "chrono_otf2_merge_time (m, time)"] + args
    print(function(f"copy_event_{name}", params, f"OTF2_EvtWriter_{name}", args, before, after, "userData",
                   checks(own, name)))
    written.append(name)

print("void\nchrono_otf2_merge_register_scans (OTF2_GlobalDefReaderCallbacks *callbacks)\n{")
for name in scanned:
    print(f"  OTF2_GlobalDefReaderCallbacks_Set{name}Callback (callbacks, scan_{name});")
print("}\n")
print("void\nchrono_otf2_merge_register_copies (OTF2_GlobalDefReaderCallbacks *callbacks)\n{")
for name in copied:
    print(f"  OTF2_GlobalDefReaderCallbacks_Set{name}Callback (callbacks, copy_{name});")
print("}\n")
print("void\nchrono_otf2_merge_register_events (OTF2_EvtReaderCallbacks *callbacks)\n{")
for name in written:
    print(f"  OTF2_EvtReaderCallbacks_Set{name}Callback (callbacks, copy_event_{name});")
print("}\n")
print("G_GNUC_END_IGNORE_DEPRECATIONS")
print("/* clang-format on */")
