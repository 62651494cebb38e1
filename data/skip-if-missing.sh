#!/bin/sh
# skip-if-missing.sh TOOL [ARG…] — run a validator, or report the test as
# skipped (exit 77) when the tool is not installed.
if ! command -v "$1" >/dev/null 2>&1; then
  echo "$1 is not installed: skipped"
  exit 77
fi
exec "$@"
