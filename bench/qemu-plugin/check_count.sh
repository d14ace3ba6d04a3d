#!/usr/bin/env bash
# The qemu+plugin peer counts what profemu counts: runs GUEST under QEMU with the plugin in both
# modes and under profemu, and requires the same retired-instruction count from all three
# (and the same exit status). Exit 77 (skip) when QEMU is not installed.
# Use: check_count.sh QEMU PLUGIN PROFEMU GUEST
set -uo pipefail
qemu=$1 plugin=$2 profemu=$3 guest=$4
command -v "$qemu" >/dev/null || { echo "skip: $qemu not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$profemu" --stats="$tmp/stats.json" "$guest"
want_status=$?
want=$(sed -n 's/^ *"instructions": \([0-9]*\),*$/\1/p' "$tmp/stats.json" | head -n1)
[ -n "$want" ] || { echo "FAIL: no instruction count in profemu's --stats"; exit 1; }
fail=0
for mode in insn tb; do
	"$qemu" -plugin "$plugin,mode=$mode" "$guest" 2>"$tmp/err"
	status=$?
	got=$(sed -n "s/^insn_count: \([0-9]*\) instructions ($mode)\$/\1/p" "$tmp/err")
	if [ "$status" != "$want_status" ] || [ "$got" != "$want" ]; then
		echo "FAIL: $qemu mode=$mode: status $status, $got instructions; profemu: status $want_status, $want"
		cat "$tmp/err"
		fail=1
	else
		echo "ok: $qemu mode=$mode: $got instructions, status $status (as profemu)"
	fi
done
exit $fail
