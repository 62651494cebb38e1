#!/bin/sh
# A second `chronoscope FILE` hands FILE to the running instance, which opens
# it in a window of its own; the second process exits at once.
# usage: single-instance.sh CHRONOSCOPE FIRST.btf SECOND.btf
set -eu
viewer=$1 first=$2 second=$3
command -v dbus-run-session >/dev/null || { echo "no dbus-run-session: skipped"; exit 77; }
command -v xwininfo >/dev/null || { echo "no xwininfo: skipped"; exit 77; }
command -v Xvfb >/dev/null || { echo "no Xvfb: skipped"; exit 77; }
# a display of its own: other GUI tests open and close windows on the shared one
displayfile=$(mktemp)
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$displayfile" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -f "$displayfile"' EXIT
for i in $(seq 50); do [ -s "$displayfile" ] && break; sleep 0.1; done
DISPLAY=":$(cat "$displayfile")"
export DISPLAY
unset XAUTHORITY
dbus-run-session -- sh -c '
  viewer=$1 first=$2 second=$3
  NO_AT_BRIDGE=1 "$viewer" "$first" & primary=$!
  trap "kill $primary 2>/dev/null || true" EXIT
  for i in $(seq 50); do
    xwininfo -root -tree | grep -q "\"$(basename "$first")\"" && break
    sleep 0.2
  done
  NO_AT_BRIDGE=1 timeout 20 "$viewer" "$second"
  for i in $(seq 50); do
    windows=$(xwininfo -root -tree | grep -c -E "\"($(basename "$first")|$(basename "$second"))\"" || true)
    [ "$windows" -ge 2 ] && break
    sleep 0.2
  done
  kill -0 $primary || { echo "the first instance died"; exit 1; }
  echo "windows of the first instance: $windows"
  [ "$windows" -ge 2 ]
' sh "$viewer" "$first" "$second"
