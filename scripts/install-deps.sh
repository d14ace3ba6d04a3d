#!/usr/bin/env bash
# Installs what profemu needs to build and test on Debian 12 (run as root).
#
# Unicorn must be >= 2.1: Debian 12's 2.0.1 sends every guest store down a slow path
# (116 M instructions/s against 3 430 M with 2.1.1 on a loop with one store). Debian 13 ships
# 2.1.1, whose library needs only libc6 >= 2.34, so we add the trixie suite from the mirror this
# machine already uses and pin it so that only the Unicorn packages come from there.
set -euo pipefail

log() { printf 'install-deps: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must run as root (apt-get install)"
command -v apt-get >/dev/null || die "apt-get not found: this script is for Debian 12"

export DEBIAN_FRONTEND=noninteractive

# The first Debian archive URI configured on this machine (deb822 or one-line format),
# skipping the security archive.
mirror_uri() {
	local f uri
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		uri=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' "$f" |
			grep -v -- '-security' | grep -m1 '/debian/\?$' || true)
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' "$f" |
			grep -v -- '-security' | grep -m1 '/debian/\?$' || true)
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
}

unicorn_ok() {
	pkg-config --atleast-version=2.1 unicorn 2>/dev/null
}

if ! unicorn_ok; then
	uri=$(mirror_uri)
	[ -n "$uri" ] || die "no Debian mirror URI found in /etc/apt/sources.list*"
	log "adding trixie from $uri, pinned to the Unicorn packages only"
	cat >/etc/apt/sources.list.d/profemu-trixie.sources <<SRC
Types: deb
URIs: $uri
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	cat >/etc/apt/preferences.d/profemu-trixie <<PIN
Package: *
Pin: release n=trixie
Pin-Priority: -10

Package: libunicorn-dev libunicorn2t64 libunicorn2
Pin: release n=trixie
Pin-Priority: 990
PIN
fi

log "apt-get update"
apt-get update -qq || die "apt-get update failed"

packages=(
	# build
	meson ninja-build pkg-config gcc clang
	# libraries
	libunicorn-dev libcapstone-dev libelf-dev libdw-dev libcriterion-dev
	# JSON read by profdiff
	libjansson-dev
	# guests: i386 cross compiler and a 32-bit libc to run i386 programs natively
	gcc-i686-linux-gnu libc6-dev-i386-cross libc6-i386
	# DOS guests are assembled with nasm
	nasm
	# hppa guests: Debian's cross compiler and sysroot; objdump checks our hppa decoder
	gcc-hppa-linux-gnu libc6-dev-hppa-cross binutils-hppa-linux-gnu
	# IA-64: binutils (objdump checks our decoder; the guests are committed binaries), and what
	# HP's Ski simulator needs to build from ../shared/oracles/ski for the lock-step test
	binutils-ia64-linux-gnu
	autoconf autoconf-archive automake libtool bison flex gperf libncurses-dev
	# oracles and tools for tests and the bench
	qemu-user binutils gdb valgrind python3
	# Debian's own programs the real-program suite runs (tests/realprogs), and dpkg-dev for its
	# apt-get source
	busybox nodejs jq lua5.4 sqlite3 file git make bc xz-utils bzip2 procps dpkg-dev
	# gcc's C torture tests (tests/torture), in /usr/src/gcc-12/gcc-*.tar.xz; zstd unpacks their
	# committed binaries (tests/torture/binaries)
	gcc-12-source zstd
	# fuzzing the loader (libFuzzer runtime for clang 14)
	libclang-rt-14-dev
)
log "apt-get install ${packages[*]}"
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null ||
	die "apt-get install failed"

unicorn_ok || die "Unicorn >= 2.1 is not installed (found $(pkg-config --modversion unicorn 2>/dev/null || echo none))"
log "ok: unicorn $(pkg-config --modversion unicorn), capstone $(pkg-config --modversion capstone), libelf $(pkg-config --modversion libelf)"
