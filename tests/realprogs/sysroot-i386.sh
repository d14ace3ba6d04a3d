#!/usr/bin/env bash
# tests/realprogs/sysroot-i386.sh OUT: an i386 Debian 12 sysroot in OUT, made of Debian's own
# packages (the programs of the i386 real-program cases and everything they depend on).
#
# The packages come through apt-get with a private state in OUT.apt (its own sources list for
# the i386 architecture, lists and cache): the host's apt configuration and dpkg database are not
# touched (no `dpkg --add-architecture`), and nothing is installed on the host. Each package is
# unpacked with dpkg-deb -x; no maintainer script runs (none is needed to run the programs).
# Exit status 77 (a skip) when the Debian archive cannot be reached.
set -euo pipefail
out=${1:?usage: sysroot-i386.sh OUT}
packages=(bash dash coreutils busybox python3.11-minimal perl-base gawk sed grep findutils
	diffutils xz-utils tar gzip sqlite3 make)

state=$out.apt
rm -rf "$out" "$state"
mkdir -p "$out" "$state/lists/partial" "$state/cache/archives/partial" "$state/debs"
touch "$state/status"

# The host's first Debian archive (not the security one), as apt itself lists it.
uri=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null |
	grep -v -- '-security' | grep -m1 '/debian/$' || true)
[ -n "$uri" ] || uri=http://deb.debian.org/debian/
echo "deb [arch=i386 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bookworm main" \
	>"$state/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$state/sources.list" -o "Dir::Etc::SourceParts=$state/none"
	-o "Dir::Etc::Preferences=$state/none" -o "Dir::Etc::PreferencesParts=$state/none"
	-o "Dir::State::Lists=$state/lists" -o "Dir::State::status=$state/status"
	-o "Dir::Cache=$state/cache" -o "Dir::Cache::archives=$state/cache/archives"
	-o APT::Architecture=i386 -o APT::Architectures::=i386 -o Debug::NoLocking=1
	-o APT::Sandbox::User=root -q)
mkdir -p "$state/none"

if ! apt-get "${apt_opts[@]}" update >"$state/update.log" 2>&1; then
	echo "apt-get update of the i386 archive at $uri failed:"
	tail -3 "$state/update.log"
	exit 77
fi
# The packages and their dependencies (alternatives included: the closure is small).
closure=$(apt-cache "${apt_opts[@]}" depends --recurse --no-recommends --no-suggests \
	--no-conflicts --no-breaks --no-replaces --no-enhances "${packages[@]}" | grep -v '^[ <]' | sort -u)
(cd "$state/debs" && apt-get "${apt_opts[@]}" download $closure) >"$state/download.log" 2>&1 || {
	echo "apt-get download failed:"
	tail -5 "$state/download.log"
	exit 77
}
for deb in "$state"/debs/*.deb; do
	dpkg-deb -x "$deb" "$out"
done
rm -rf "$state/debs" "$state/cache"
echo "sysroot-i386: $(echo "$closure" | wc -w) packages in $out ($(du -sh "$out" | cut -f1))"
