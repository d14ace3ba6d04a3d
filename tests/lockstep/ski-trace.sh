#!/usr/bin/env bash
# Lock-step check of the IA-64 interpreter against HP's Ski, instruction by instruction.
#
# Builds Ski from its source tarball (../shared/oracles/ski) with ski-trace.patch (build-ski.sh
# beside this script), which makes it write, after each of the first SKI_TRACE_N retired
# instructions, the ip and r1 up to the top of the current register frame (and answers
# clock_gettime with the test harness's fixed time). Runs the guests cpubench-small and
# alloc-small (guests/ia64/expected/ski.tsv) as ski-expect.sh does (./PROG in an empty
# directory, environment PATH only), then test_ia64_cpu's lock-step tests, which run the same
# guests with a tick after every instruction and compare every register there.
#
# Use: tests/lockstep/ski-trace.sh BUILD_DIR [SKI_TARBALL]   (default tarball:
#      shared/oracles/ski/ski-*.tar.xz beside the checkout). Exit 77 (skip) when the tarball or Ski's
#      build tools are missing; the patched Ski is kept in BUILD_DIR/ski-lockstep.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: ski-trace.sh BUILD_DIR [SKI_TARBALL]}" && pwd)
n=${SKI_TRACE_N:-100000}
out=$build/ski-lockstep
rc=0
bski=$(bash "$here/build-ski.sh" "$build" ${2:+"$2"}) || rc=$?
[ "$rc" -eq 0 ] || exit "$rc"
mkdir -p "$out/traces"
for name in cpubench-small alloc-small; do
	row=$(awk -F'\t' -v n="$name" '$1 == n' "$root/guests/ia64/expected/ski.tsv")
	prog=$(cut -f2 <<<"$row")
	args=$(cut -f3 <<<"$row")
	run=$(mktemp -d)
	cp "$root/guests/ia64/bin/$prog" "$run/$prog"
	# shellcheck disable=SC2086  # args are words on purpose
	(cd "$run" && env -i PATH=/usr/bin:/bin SKI_TRACE="$out/traces/$name.trace" SKI_TRACE_N="$n" \
		"$bski" -forceuser -noconsole "./$prog" $args >out 2>err) || true	# files, as ski-expect.sh
	rm -rf "$run"
	echo "ski-trace.sh: $name: $(wc -l <"$out/traces/$name.trace") instructions traced"
done
# glibc's start-up reads /proc/self/exe, which Ski answers with its own path: the harness too
PROFEMU_SKI_EXE=$out/prefix/bin/ski PROFEMU_SKI_TRACE_DIR=$out/traces "$build/tests/test_ia64_cpu" --filter 'ia64_cpu/lockstep_*'
