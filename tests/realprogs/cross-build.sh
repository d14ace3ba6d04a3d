#!/usr/bin/env bash
# tests/realprogs/cross-build.sh OUT [--ia64]: bzip2 and the Lua interpreter built from Debian 12's
# bzip2 and lua5.4 source packages (apt-get source), for the host (the oracle, OUT/x86_64), for
# hppa (OUT/hppa, with hppa-linux-gnu-gcc when installed) and, with --ia64, for IA-64 into
# tests/realprogs/ia64/ (the committed binaries: CI has no IA-64 compiler; the toolchain is
# ../shared/toolchains/ia64, or IA64_TOOLCHAIN=DIR holding bin/ia64-linux-gnu-gcc).
# Every program is static and -O2; the sources stay out of the repository.
# Exit status 77 (a skip) when the sources cannot be fetched.
set -euo pipefail
out=${1:?usage: cross-build.sh OUT [--ia64]}
ia64=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
src=$out/src

# The sources, through the bench suite's fetcher (it adds deb-src lines when root): bzip2 and
# lua5.4 are two of its packages.
if ! bash "$here/../../bench/suite/fetch-sources.sh" "$src"; then
	echo "apt-get source failed (bench/suite/fetch-sources.sh: no deb-src lines, or no network)"
	exit 77
fi

# build CC DIR [flags]: both programs with compiler CC into DIR.
build() {
	local cc=$1 dir=$2
	shift 2
	mkdir -p "$dir"
	local b=$src/bzip2
	"$cc" -O2 -static "$@" -D_FILE_OFFSET_BITS=64 -o "$dir/bzip2" "$b/blocksort.c" "$b/huffman.c" \
		"$b/crctable.c" "$b/randtable.c" "$b/compress.c" "$b/decompress.c" "$b/bzlib.c" "$b/bzip2.c"
	local l=$src/lua5.4/src
	# Debian's module path names the target's multiarch triplet in a header its rules write.
	mkdir -p "$dir/include"
	echo "#define DEB_HOST_MULTIARCH \"$("$cc" -dumpmachine)\"" >"$dir/include/lua5.4-deb-multiarch.h"
	# The interpreter (lua.c) and the library; no luac, no readline, no dynamic C modules.
	"$cc" -O2 -static "$@" -std=gnu99 -DLUA_USE_POSIX -I"$dir/include" -o "$dir/lua" \
		$(ls "$l"/*.c | grep -v -e '/luac\.c$' -e '/onelua\.c$') -lm
	rm -rf "$dir/include"
}

build gcc "$out/x86_64"
if command -v hppa-linux-gnu-gcc >/dev/null; then
	build hppa-linux-gnu-gcc "$out/hppa"
else
	echo "hppa-linux-gnu-gcc not installed: no hppa programs"
fi
if [ "$ia64" = --ia64 ]; then
	tc=${IA64_TOOLCHAIN:-}
	if [ -z "$tc" ]; then
		tc=$out/ia64-toolchain
		tar -xJf "$here/../../../shared/toolchains/ia64/ia64-linux-gnu-gcc12-glibc2.36.tar.xz" -C "$out"
		mv "$out/toolchain" "$tc"
	fi
	build "$tc/bin/ia64-linux-gnu-gcc" "$here/ia64" -s
fi
echo "cross-build: done in $out"
