#!/usr/bin/env bash
# Rebuilds the committed torture binaries (tests/torture/binaries/TARGET.tar.zst) that CI runs
# whole without compiling (tests/torture/meson.build): for each target, torture.py compiles
# every test (a binary already compiled from the same sources by the same compiler is kept),
# runs it under profemu and the reference (the recorded verdict when the code is the recorded
# code: the same compiler makes the same code), and packs the binaries with the manifest of
# their sources (torture_binaries.py); then torture_report.py records the references' verdicts
# of any new code in verdicts.tsv, so that CI needs no reference for them either. Commit the
# archives with verdicts.tsv, excluded.tsv and options.tsv.
#
# Use: tests/torture/pack-binaries.sh [BUILD_DIR [TARGET...]]   (default: build; hppa-O2 ia64-O2
# ia64-O0). The IA-64 compiler comes from ../shared/toolchains/ia64, Ski (the reference for new
# IA-64 code) from ../shared/oracles/ski; hppa-linux-gnu-gcc and qemu-hppa from Debian.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 2
shift $(($# > 0 ? 1 : 0))
targets=("${@:-hppa-O2 ia64-O2 ia64-O0}")
status=0
for target in ${targets[*]}; do
	python3 "$here/torture.py" --build "$build" --profemu "$build/profemu" --target "$target" \
		--pack "$here/binaries/$target.tar.zst" || status=1
done
python3 "$here/torture_report.py" --build "$build" --write-excluded "$here/excluded.tsv" \
	--write-options "$here/options.tsv" --write-verdicts "$here/verdicts.tsv" >/dev/null || status=1
exit "$status"
