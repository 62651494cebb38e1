#!/usr/bin/env python3
"""Packs traces into one input of the sectioned fuzz targets
(chrono-fuzz-sections.h): otf2, merge, laplace-run, export.

    pack-sections.py OUT [+1] [+flags=N] TRACE...

An OTF2 anchor (.otf2) brings its global .def and every location's .def
and .evt (its chunk sizes made libotf2's smallest); .btf, .etf, .vt, .ref (.ref.txt, .bin) and .kern files are one
section each.  +1 puts the traces after it into member 1 (the second
archive of a merge, the second trace of an export); +flags=N sets the
top three bits of their kinds (export: bit 0 lazy, bits 1-2 alignment).
"""
import os
import struct
import sys

KINDS = {'anchor': 0, 'global_def': 1, 'local_def': 2, 'local_evt': 3, '.btf': 4, '.etf': 5, '.vt': 6,
         '.ref': 7, '.ref.txt': 7, '.bin': 7, '.kern': 8, '.kernel': 8}
LOCAL = (2, 3)


def section(kind, data, location=None):
    head = bytes([kind])
    if (kind & 0x0f) in LOCAL:
        head += struct.pack('<Q', location)
    return head + struct.pack('<I', len(data)) + data


def read(path):
    with open(path, 'rb') as f:
        return f.read()


# The anchor's chunk sizes (events, then definitions: u64 at offsets 12 and
# 20) set to libotf2's smallest, 256 KiB: every reader allocates a chunk,
# and smaller ones make a run several times faster under the sanitizers.
SMALLEST_CHUNK = 256 * 1024


def small_chunks(anchor):
    data = bytearray(anchor)
    if len(data) >= 28 and data[1] == 0x42:  # written little-endian, as ours are
        struct.pack_into('<QQ', data, 12, SMALLEST_CHUNK, SMALLEST_CHUNK)
    return bytes(data)


def archive(anchor, high):
    stem = anchor[:-len('.otf2')]
    out = section(high | KINDS['anchor'], small_chunks(read(anchor)))
    if os.path.exists(stem + '.def'):
        out += section(high | KINDS['global_def'], read(stem + '.def'))
    if os.path.isdir(stem):
        for name in sorted(os.listdir(stem)):
            base, ext = os.path.splitext(name)
            if ext in ('.def', '.evt') and base.isdigit():
                kind = KINDS['local_def'] if ext == '.def' else KINDS['local_evt']
                out += section(high | kind, read(os.path.join(stem, name)), int(base))
    return out


def kind_of(path):
    for suffix in sorted((k for k in KINDS if k.startswith('.')), key=len, reverse=True):
        if path.endswith(suffix):
            return KINDS[suffix]
    sys.exit(f'{path}: not a trace the sections hold')


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    member, flags, out = 0, 0, b''
    for arg in argv[2:]:
        if arg == '+1':
            member = 1
        elif arg.startswith('+flags='):
            flags = int(arg[len('+flags='):])
        else:
            high = (member << 4) | (flags << 5)
            out += archive(arg, high) if arg.endswith('.otf2') else section(high | kind_of(arg), read(arg))
    with open(argv[1], 'wb') as f:
        f.write(out)


if __name__ == '__main__':
    main(sys.argv)
