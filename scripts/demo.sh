#!/usr/bin/env bash
# Installs what is needed, builds profemu and runs a bundled guest (an i386 program, on an x86-64
# host) with --stats, then shows the instruction count that every run reproduces exactly.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ -d build ]; then meson setup --reconfigure build >/dev/null; else meson setup build >/dev/null; fi
meson compile -C build >/dev/null
stats=$(mktemp)
./build/profemu --stats="$stats" build/guests/i386/hello-dynamic
cat "$stats"
rm -f "$stats"
