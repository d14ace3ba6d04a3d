#!/usr/bin/env bash
# Installs what is needed, builds profemu, and runs its main job on bundled guests: an i386
# program on this x86-64 host with its exact instruction count, then a whole-program profile of
# a CPU-bound guest read back by the real gprof (the same numbers on every run and machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ -d build ]; then meson setup --reconfigure build >/dev/null; else meson setup build >/dev/null; fi
meson compile -C build >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== an i386 program, counted exactly (--stats)"
./build/profemu --stats="$work/stats.json" build/guests/i386/hello-dynamic
cat "$work/stats.json"

echo "== a whole-program profile (--gmon), read by gprof"
guest=build/guests/x86_64/cpubench-static
./build/profemu --gmon="$work/gmon.out" "$guest" 25 20000 2
# sed reads to the end (head would close the pipe early: gprof then dies of SIGPIPE)
gprof -b -p "$guest" "$work/gmon.out" | sed -n 1,8p
