#!/usr/bin/env bash
# bench/suite/fetch-sources.sh: fetches the C sources of the suite's programs from Debian's
# source packages (apt-get source), so that the repository holds none of their code.
#
# Use: bench/suite/fetch-sources.sh DIR     (as root the first time: it adds deb-src lines)
# Leaves DIR/<package>/ (the unpacked source tree, Debian's patches applied) for each package
# of PACKAGES below, and does nothing for a package already there. Needs dpkg-dev.
set -euo pipefail
dir=${1:?usage: fetch-sources.sh DIR}
# Debian 12 (bookworm) source packages: the Lua 5.4 interpreter, zlib, bzip2, PCRE2 and
# SQLite (the suite's build makes SQLite's amalgamation with its own tclsh script).
packages=(lua5.4 zlib bzip2 pcre2 sqlite3)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

log() { printf 'fetch-sources: %s\n' "$*" >&2; }

missing=()
for p in "${packages[@]}"; do [ -d "$dir/$p" ] || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0

# deb-src lines for the suites this machine already uses, once (a file of our own, deb822).
src_list=/etc/apt/sources.list.d/profemu-deb-src.sources
if ! apt-get source --print-uris "${missing[0]}" >/dev/null 2>&1; then
	[ "$(id -u)" -eq 0 ] || { log "no deb-src lines and not root: add them, or run as root"; exit 1; }
	uri=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
	[ -n "$uri" ] || uri=http://deb.debian.org/debian
	log "adding $src_list (deb-src bookworm from $uri)"
	cat >"$src_list" <<SRC
Types: deb-src
URIs: $uri
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	apt-get -o DPkg::Lock::Timeout=900 update -q >/dev/null
fi
command -v dpkg-source >/dev/null || apt-get -o DPkg::Lock::Timeout=900 install -y -q dpkg-dev >/dev/null

work=$(mktemp -d "$dir/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
for p in "${missing[@]}"; do
	log "apt-get source $p"
	(cd "$work" && apt-get source -q "$p" >"$p.log" 2>&1) || { tail -5 "$work/$p.log" >&2; exit 1; }
	tree=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "$p-*" | head -n1)
	[ -n "$tree" ] || { log "apt-get source $p left no source tree"; exit 1; }
	mv "$tree" "$dir/$p"
	rm -rf "${work:?}"/*
done
