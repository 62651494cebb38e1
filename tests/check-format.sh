#!/bin/sh
# Fails when a C source differs from what clang-format makes of it.
set -eu
cd "$1"
files=$(find src tests -name '*.c' -o -name '*.h' | sort)
clang-format --dry-run --Werror $files
