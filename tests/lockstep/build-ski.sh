#!/usr/bin/env bash
# Builds HP's Ski with ski-trace.patch once into BUILD_DIR/ski-lockstep/prefix/bin/bski, for
# the lock-step suite (ski-trace.sh) and the torture suite (tests/torture): the patch adds the
# per-instruction trace (SKI_TRACE) and the count of main's instructions (SKI_MAIN_IP).
# Several tests may ask at once: the build runs under a lock, and again when the patch changed.
#
# Use: tests/lockstep/build-ski.sh BUILD_DIR [SKI_TARBALL]   (default tarball:
#      shared/oracles/ski/ski-*.tar.xz beside the checkout). Prints bski's path. Exit 77 (skip)
#      when the tarball or Ski's build tools are missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: build-ski.sh BUILD_DIR [SKI_TARBALL]}" && pwd)
default_tarball=$(ls "$root"/../shared/oracles/ski/ski-*.tar.xz 2>/dev/null | head -n1 || true)
tarball=${2:-${SKI_TARBALL:-$default_tarball}}
out=$build/ski-lockstep
bski=$out/prefix/bin/bski
mkdir -p "$out"
exec 9>"$out/.lock"
flock 9
stamp=$(sha1sum <"$here/ski-trace.patch" | cut -d' ' -f1)
if [ ! -x "$bski" ] || [ "$(cat "$out/patch.sha1" 2>/dev/null)" != "$stamp" ]; then
	[ -n "$tarball" ] && [ -f "$tarball" ] ||
		{ echo "build-ski.sh: no Ski source (shared/oracles/ski/ski-*.tar.xz beside the checkout): skipped" >&2; exit 77; }
	for t in autoconf automake libtoolize bison flex gperf make gcc; do
		command -v "$t" >/dev/null || { echo "build-ski.sh: $t missing: skipped" >&2; exit 77; }
	done
	rm -rf "$out/src" "$out/prefix" "$out/patch.sha1" && mkdir -p "$out/src"
	tar -xJf "$tarball" -C "$out/src"
	(cd "$out/src/ski" && patch -p1 <"$here/ski-trace.patch" >/dev/null &&
		./autogen.sh >build.log 2>&1 && ./configure --prefix="$out/prefix" >>build.log 2>&1 &&
		make -j"$(nproc)" >>build.log 2>&1 && make install >>build.log 2>&1) ||
		{ tail -20 "$out/src/ski/build.log" >&2; echo "build-ski.sh: Ski build failed" >&2; exit 1; }
	echo "$stamp" >"$out/patch.sha1"
fi
echo "$bski"
