#!/usr/bin/env bash
# Rebuilds the committed IA-64 guests in guests/ia64/bin/ (CI has no IA-64 toolchain, so the
# binaries are committed; this script is how they were made and how to remake them).
#
# Use: guests/ia64/build.sh [TOOLCHAIN_BIN]
#   TOOLCHAIN_BIN: directory holding ia64-linux-gnu-gcc, default /opt/ia64-toolchain/toolchain/bin
#   (the relocatable tarball of ../shared/toolchains/ia64 unpacked into /opt/ia64-toolchain).
# The output is bit-identical from run to run. bin/ski-hello is not built here: it is Ski's
# testsuite/hello as build-ski.sh installs it (share/ski/hello).
# Every C guest of guests/meson.build is built static at -O2 (NAME), a few also at -O0 (NAME-O0), with
# the same flags as the x86 guests; the assembly guests of guests/ia64/asm/ are assembled with
# -xexplicit (no reordering of our bundles and stops) and linked static. Symbols are kept (the
# profiler and the disassembler test want them).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
guests=$(dirname "$here")
tc=${1:-/opt/ia64-toolchain/toolchain/bin}
cc=$tc/ia64-linux-gnu-gcc
as=$tc/ia64-linux-gnu-as
ld=$tc/ia64-linux-gnu-ld
for t in "$cc" "$as" "$ld"; do
	[ -x "$t" ] || { echo "build.sh: $t not found (unpack the IA-64 toolchain tarball)" >&2; exit 1; }
done
out=$here/bin
mkdir -p "$out"

# The names and flags of guests/meson.build (guest_names, guest_cflags, guest_ldlibs).
names=$(sed -n "s/^guest_names +\{0,1\}= \[\(.*\)\]/\1/p" "$guests/meson.build" | grep -o "'[a-z_0-9]*'" | tr -d "'")
[ -n "$names" ] || { echo "build.sh: no guest_names in $guests/meson.build" >&2; exit 1; }
cflags=(-std=c11 -Wall -Wextra -Werror -I"$guests/include" -static)
# Guests that cannot be built for IA-64 as they stand (the fix belongs in guests/, not here):
# none now (signals.c and profil_common.h have their IA-64 cases).
skip=" "
# threads (guests/threads.c, a guest_names entry like the others) needs no -pthread: glibc 2.36's
# libc holds the pthread functions. tests/e2e/run_threads.py runs bin/threads (Ski runs no threads).
# -O0 builds only where they add code paths worth having (each binary is about 1 MB).
with_O0=" hello cpubench "
strip=$tc/ia64-linux-gnu-strip
for name in $names; do
	case "$skip" in *" $name "*) echo "build.sh: skipping $name (not portable to IA-64 yet)"; continue ;; esac
	"$cc" "${cflags[@]}" -O2 "$guests/$name.c" -o "$out/$name" -lm
	case "$with_O0" in *" $name "*) "$cc" "${cflags[@]}" -O0 "$guests/$name.c" -o "$out/$name-O0" -lm ;; esac
done
"$cc" "${cflags[@]}" -O2 -pg "$guests/gprof_demo.c" -o "$out/gprof_demo-pg" -lm
# the HP-UX seed's Itanium sprofil table, measured (tests/e2e/run_profil.py, seedtable-ia64)
"$cc" "${cflags[@]}" -O2 "$guests/sprofil_table.c" -o "$out/sprofil_table"
# frcpa/frsqrta over every table index and special operand (tests/e2e/run_ia64.py, ia64-frcpa_vectors)
"$cc" "${cflags[@]}" -O2 "$here/frcpa/frcpa_vectors.c" -o "$out/frcpa_vectors"

# the register stack spilled and filled (deep recursion, longjmp) and code written at run time
# (tests/unit/test_ia64_cpu.c against Ski)
"$cc" "${cflags[@]}" -O2 "$here/rse/deep_recursion.c" -o "$out/deep_recursion"
"$cc" "${cflags[@]/-std=c11/-std=gnu11}" -O2 "$here/selfmod/selfmod.c" -o "$out/selfmod"
# gcc's vectorizer at -O3: the parallel integer and FP instructions (test_ia64_cpu against Ski)
"$cc" "${cflags[@]}" -O3 "$here/simd/simd_loops.c" -o "$out/simd_loops"

for src in "$here"/asm/*.s; do
	name=$(basename "$src" .s)
	"$as" -xexplicit "$src" -o "$out/$name.o"
	"$ld" -static "$out/$name.o" -o "$out/$name"
	rm -f "$out/$name.o"
done
# Debug information is dropped (it is 3/4 of each file); the symbol table stays. Only what
# this script built: bin/ski-hello is Ski's own program, committed as Ski installs it, and
# bin/symbols_demo (dynamic.sh, below) keeps its DWARF.
for f in "$out"/*; do
	case "$(basename "$f")" in ski-hello | symbols_demo) ;; *) "$strip" --strip-debug "$f" ;; esac
done
# the dynamic program (its source lines kept) and its sysroot's ld.so and libc
"$here/dynamic.sh" "$tc"
du -sh "$out"
