#!/usr/bin/env bash
# gcc's torture suite on every target, whole: x86-64 and i386 at -O2, hppa and IA-64 at -O2
# and -O0, hppa at -O2 -march=2.0 (tests/torture/torture.py, one target after another, each
# compiling and running two tests at a time). Prints the table (target, compiled, reference passes, profemu passes,
# profemu-only failures), the tests not run per reason, and rewrites tests/torture/excluded.tsv
# and options.tsv, the committed lists of the tests not run (and why) and of the tests that run
# with options of their own, which the CI's runs check theirs against, and verdicts.tsv, the
# references' verdicts, which the CI's runs use instead of running them (here they run for every
# test).
# Every failing test, with profemu's message, goes to BUILD/torture/failures.txt.
#
# Use: tests/torture/run-all.sh [BUILD_DIR]   (default: build; profemu must be built there).
# Exit status 1 when a target has a profemu-only failure (the table is printed all the same).
# A second run compiles nothing that did not change and reruns only profemu.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 2
status=0
for target in x86_64-O2 i386-O2 hppa-O2 hppa-O0 hppa20-O2 ia64-O2 ia64-O0; do
	python3 "$here/torture.py" --build "$build" --profemu "$build/profemu" --target "$target" \
		--no-excluded-check --live-reference
	rc=$?
	case $rc in 0) ;; 77) echo "run-all.sh: $target skipped" ;; *) status=1 ;; esac
done
echo
python3 "$here/torture_report.py" --build "$build" --write-excluded "$here/excluded.tsv" \
	--write-options "$here/options.tsv" --write-verdicts "$here/verdicts.tsv" --failures "$build/torture/failures.txt" || status=1
exit "$status"
