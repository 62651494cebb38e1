#!/bin/sh
# After `meson install` into a temporary prefix: the desktop knows Chronoscope.
# A .btf and a .etf (and a .btf renamed without its extension) are recognised
# by content, Chronoscope is their default application, and the desktop file's
# Exec line opens a trace in the viewer.
# With introspection, libchronoscope-1, its headers, pkg-config file and
# typelib are installed, and a fresh Python with only GI_TYPELIB_PATH and
# LD_LIBRARY_PATH pointing there loads a trace of each format.
# usage: install-test.sh BUILD_DIR FIXTURES_DIR   (run under Xvfb)
set -eu
build=$(cd "$1" && pwd) fixtures=$(cd "$2" && pwd)
for tool in xdg-mime update-mime-database update-desktop-database xwininfo; do
  command -v $tool >/dev/null || { echo "no $tool: skipped"; exit 77; }
done
[ -n "${DISPLAY:-}" ] || { echo "no display: skipped"; exit 77; }

root=$(mktemp -d)
trap 'kill $viewer 2>/dev/null || true; rm -rf "$root"' EXIT
viewer=
meson install -C "$build" --destdir "$root" --quiet >/dev/null
prefix=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print([o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"][0])')
share="$root$prefix/share"
update-mime-database "$share/mime" >/dev/null
update-desktop-database "$share/applications" >/dev/null
glib-compile-schemas "$share/glib-2.0/schemas" 2>/dev/null || true

export XDG_DATA_DIRS="$share:/usr/share" XDG_DATA_HOME="$root/home-data" XDG_CONFIG_HOME="$root/home-config"
export XDG_CURRENT_DESKTOP=GNOME GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas" GSETTINGS_BACKEND=memory
export PATH="$root$prefix/bin:$PATH" NO_AT_BRIDGE=1
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"

fail=0
expect() {
  got=$(xdg-mime query filetype "$1" 2>/dev/null || true)
  if [ "$got" = "$2" ]; then echo "ok   $1: $got"; else echo "FAIL $1: $got, expected $2"; fail=1; fi
}
cp "$fixtures/btf/spec_example.btf" "$root/renamed-btf"
expect "$fixtures/btf/spec_example.btf" application/x-btf-trace
expect "$fixtures/etf/records.etf" application/x-trace4cps
expect "$root/renamed-btf" application/x-btf-trace

for type in application/x-btf-trace application/x-trace4cps; do
  default=$(xdg-mime query default $type 2>/dev/null || true)
  if [ "$default" = "io.github.chronoscope.Chronoscope.desktop" ]; then echo "ok   default for $type"
  else echo "FAIL default for $type is '$default'"; fail=1; fi
done

# the Exec line, as the file manager would run it for a double-clicked trace
desktop="$share/applications/io.github.chronoscope.Chronoscope.desktop"
exec_line=$(sed -n 's/^Exec=//p' "$desktop" | head -n 1)
case "$exec_line" in *%F*|*%f*|*%U*|*%u*) ;; *) echo "FAIL Exec has no file field: $exec_line"; fail=1 ;; esac
command=$(printf '%s' "$exec_line" | sed "s|%[FfUu]|$fixtures/btf/spec_example.btf|")
sh -c "exec $command" >/dev/null 2>&1 &
viewer=$!
for i in $(seq 60); do
  xwininfo -root -tree | grep -q '"spec_example.btf"' && break
  sleep 0.25
done
if xwininfo -root -tree | grep -q '"spec_example.btf"'; then echo "ok   the Exec line opened the trace in a window"
else echo "FAIL no window shows spec_example.btf"; fail=1; fi

typelib=$(find "$root" -name Chrono-1.0.typelib | head -n 1)
if [ -n "$typelib" ]; then
  lib=$(dirname "$(find "$root" -name 'libchronoscope-1.so' | head -n 1)")
  for installed in "$lib/pkgconfig/chronoscope-1.pc" "$root$prefix/include/chronoscope-1/chrono-gi.h" \
                   "$root$prefix/include/chronoscope-1/chrono-trace.h"; do
    if [ -f "$installed" ]; then echo "ok   installed ${installed#$root}"; else echo "FAIL not installed: ${installed#$root}"; fail=1; fi
  done
  traces="$fixtures/btf/spec_example.btf $fixtures/etf/records.etf $fixtures/visandor/and_doc_example.vt"
  traces="$traces $(ls "$fixtures"/laplace/*.ref 2>/dev/null | head -n 1)"
  [ -f "$fixtures/otf2/plain.otf2" ] && traces="$traces $fixtures/otf2/plain.otf2"
  # a fresh environment: nothing of the build tree, only where the install put the library and typelib
  if env -i PATH=/usr/bin:/bin GI_TYPELIB_PATH="$(dirname "$typelib")" LD_LIBRARY_PATH="$lib" /usr/bin/python3 -c '
import sys, gi
gi.require_version("Chrono", "1.0")
from gi.repository import Chrono
for path in sys.argv[1:]:
    trace = Chrono.Trace.load(path, None)
    print("ok   Chrono.Trace.load", trace.get_format(), trace.count_lanes(), "lanes:", path.rsplit("/", 1)[-1])
' $traces; then :; else echo "FAIL the installed typelib does not load the traces"; fail=1; fi
fi
exit $fail
