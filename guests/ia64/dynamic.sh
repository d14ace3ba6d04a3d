#!/usr/bin/env bash
# Rebuilds the committed IA-64 dynamic program and the two sysroot objects it runs on (CI has
# no IA-64 toolchain; tests/e2e/run_symbols.py's counts-ia64-dynamic runs them through
# `-L guests/ia64/sysroot`). Called by build.sh; alone: guests/ia64/dynamic.sh [TOOLCHAIN_BIN].
#   bin/symbols_demo       guests/symbols_demo.c, -g -O1 -fPIE -pie (its DWARF kept: 24 KB)
#   sysroot/lib/ld-linux-ia64.so.2, sysroot/lib/libc.so.6.1
#                          the toolchain's glibc 2.36, debug information dropped (17.9 MB of
#                          libc -> 3.5 MB), symbol tables kept: what the program needs (NEEDED
#                          libc.so.6.1 only) and what names libc's internal functions
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
guests=$(dirname "$here")
tc=${1:-/opt/ia64-toolchain/toolchain/bin}
cc=$tc/ia64-linux-gnu-gcc
strip=$tc/ia64-linux-gnu-strip
lib=$tc/../ia64-linux-gnu/sysroot/lib
for t in "$cc" "$strip" "$lib/libc.so.6.1"; do
	[ -e "$t" ] || { echo "dynamic.sh: $t not found (unpack the IA-64 toolchain tarball)" >&2; exit 1; }
done
mkdir -p "$here/bin" "$here/sysroot/lib"
# from guests/, so that the DWARF names the source guests/symbols_demo.c wherever the tree is
(cd "$guests/.." && "$cc" -g -O1 -fPIE -pie "guests/symbols_demo.c" -o "$here/bin/symbols_demo" \
	-fdebug-prefix-map="$(pwd)"=.)
for f in ld-linux-ia64.so.2 libc.so.6.1; do
	"$strip" --strip-debug -o "$here/sysroot/lib/$f" "$lib/$f"
done
