#!/usr/bin/env bash
# bench/suite/build.sh: builds the suite's programs (bench/suite/programs, static, -O2) for
# each architecture asked for, from Debian's sources fetched by fetch-sources.sh.
#
# Use: bench/suite/build.sh DIR [ARCH]...     ARCH: x86_64 i386 hppa ia64 (default: all four)
# Leaves DIR/src (the sources), DIR/gen (SQLite's amalgamation, PCRE2's generated headers) and
# DIR/ARCH/PROGRAM. Rebuilds only what changed (make). Compilers: gcc, i686-linux-gnu-gcc and
# hppa-linux-gnu-gcc (Debian packages); IA-64: $IA64_CC, else
# /opt/ia64-toolchain/toolchain/bin/ia64-linux-gnu-gcc, else the toolchain tarball of
# ../shared/toolchains/ia64 unpacked into DIR/ia64-toolchain (about a minute, once).
# The IA-64 programs are built here, not committed: they are made of other people's code, and
# the tarball is at hand wherever the suite runs (the repository's ../shared).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=${1:?usage: build.sh DIR [ARCH]...}
shift
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(x86_64 i386 hppa ia64)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
jobs=${SUITE_JOBS:-2}
log() { printf 'suite build: %s\n' "$*" >&2; }

"$here/fetch-sources.sh" "$dir/src"
src=$dir/src
gen=$dir/gen

# PCRE2 as its "generic" build documents: the shipped config.h, pcre2.h and character tables
mkdir -p "$gen/pcre2" "$gen/sqlite"
for f in config.h:config.h.generic pcre2.h:pcre2.h.generic pcre2_chartables.c:pcre2_chartables.c.dist; do
	[ -f "$gen/pcre2/${f%%:*}" ] || cp "$src/pcre2/src/${f#*:}" "$gen/pcre2/${f%%:*}"
done
# Debian's Lua names its multiarch directory in a header its build writes (the module path only)
mkdir -p "$gen/lua"
[ -f "$gen/lua/lua5.4-deb-multiarch.h" ] ||
	echo '#define DEB_HOST_MULTIARCH "profemu-suite"' >"$gen/lua/lua5.4-deb-multiarch.h"
# SQLite's amalgamation (sqlite3.c, sqlite3.h), made by its own build (needs tclsh)
if [ ! -f "$gen/sqlite/sqlite3.c" ]; then
	if ! command -v tclsh >/dev/null; then
		[ "$(id -u)" -eq 0 ] || { log "SQLite's amalgamation needs tclsh (apt-get install tcl)"; exit 1; }
		apt-get -o DPkg::Lock::Timeout=900 install -y -q tcl >/dev/null
	fi
	log "making SQLite's amalgamation"
	rm -rf "$gen/sqlite-build" && mkdir -p "$gen/sqlite-build"
	(cd "$gen/sqlite-build" && "$src/sqlite3/configure" --disable-tcl >configure.log 2>&1 &&
		make sqlite3.c >make.log 2>&1) || { tail -20 "$gen/sqlite-build/"*.log >&2; exit 1; }
	cp "$gen/sqlite-build/sqlite3.h" "$gen/sqlite/"
	cp "$gen/sqlite-build/sqlite3.c" "$gen/sqlite/sqlite3.c.tmp"
	mv "$gen/sqlite/sqlite3.c.tmp" "$gen/sqlite/sqlite3.c"
	rm -rf "$gen/sqlite-build"
fi

ia64_cc() {
	local cc=${IA64_CC:-/opt/ia64-toolchain/toolchain/bin/ia64-linux-gnu-gcc}
	if [ ! -x "$cc" ]; then
		cc=$dir/ia64-toolchain/toolchain/bin/ia64-linux-gnu-gcc
		if [ ! -x "$cc" ]; then
			local tarball=$here/../../../shared/toolchains/ia64/ia64-linux-gnu-gcc12-glibc2.36.tar.xz
			[ -f "$tarball" ] || { log "no IA-64 compiler: set IA64_CC or put ../shared beside the repository"; return 1; }
			log "unpacking the IA-64 toolchain into $dir/ia64-toolchain"
			mkdir -p "$dir/ia64-toolchain"
			tar -xJf "$tarball" -C "$dir/ia64-toolchain"
		fi
	fi
	echo "$cc"
}

for arch in "${archs[@]}"; do
	case $arch in
	x86_64) cc=gcc ;;
	i386) cc=i686-linux-gnu-gcc ;;
	hppa) cc=hppa-linux-gnu-gcc ;;
	ia64) cc=$(ia64_cc) ;;
	*) log "unknown architecture $arch"; exit 2 ;;
	esac
	command -v "$cc" >/dev/null || { log "$arch: no compiler $cc"; exit 1; }
	log "$arch ($cc)"
	make -s -j"$jobs" -f "$here/suite.mk" CC="$cc" OUT="$dir/$arch" SRC="$src" GEN="$gen" >&2
done
