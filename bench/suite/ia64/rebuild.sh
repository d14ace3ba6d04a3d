#!/usr/bin/env bash
# bench/suite/ia64/rebuild.sh: rebuilds the committed IA-64 programs of the suite in this
# directory (CI has no IA-64 compiler, so bench/suite/run.sh runs these binaries; this script is
# how they were made and how to remake them).
#
# Use: bench/suite/ia64/rebuild.sh [WORK_DIR]
#   WORK_DIR (default: a directory under /tmp) receives the Debian sources (fetch-sources.sh)
#   and the objects; build.sh finds the toolchain ($IA64_CC, /opt/ia64-toolchain, or the
#   tarball of ../shared/toolchains/ia64). The programs are linked static at -O2 by suite.mk,
#   as on the other ISAs, then stripped (symbols are of no use to the benchmark and would make
#   each binary several times larger).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=${1:-${TMPDIR:-/tmp}/profemu-suite-ia64}
programs=(lua zlib_bench bzip2_bench pcre2_bench sqlite_bench fpkernels sortcb)

"$here/../build.sh" "$work" ia64
cc=${IA64_CC:-/opt/ia64-toolchain/toolchain/bin/ia64-linux-gnu-gcc}
[ -x "$cc" ] || cc=$work/ia64-toolchain/toolchain/bin/ia64-linux-gnu-gcc
strip=${cc%gcc}strip
for p in "${programs[@]}"; do
	"$strip" -o "$here/$p" "$work/ia64/$p"
	chmod 755 "$here/$p"
done
ls -l "${programs[@]/#/$here/}"
