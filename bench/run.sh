#!/usr/bin/env bash
# bench/run.sh: wall-clock benchmark of profemu against native execution and qemu-user.
#
# Runs the cpubench guest (x86-64, static) natively, under qemu-x86_64 and under profemu,
# BENCH_RUNS times each, and prints the median wall time of every row, its ratio to native
# and to qemu, and profemu's instruction count (from --stats) and emulation speed.
# This is not a test: it fails only if it cannot run at all. A row whose stdout differs from
# the native run is flagged "WRONG" in the table.
#
# Usage: bench/run.sh [BUILD_DIR]          (default: build, next to this directory)
# Environment:
#   BENCH_RUNS=5        runs per row (the median is reported)
#   BENCH_ARGS="N SIZE ROUNDS"
#                       arguments of cpubench (default: none, i.e. its defaults, ~1 s natively)
#   BENCH_ROWS="GLOB.." only the rows whose name matches one of these globs (e.g. "native profemu*")
#   BENCH_GUEST=PATH    another guest program instead of cpubench-static
#   PROFEMU=PATH, QEMU=qemu-x86_64
#   HPPA_GUEST=PATH     the hppa rows' guest (default: build/guests/hppa/cpubench-static, -O2)
#   QEMU_HPPA=qemu-hppa
#
# The hppa rows run the same program built for PA-RISC under qemu-hppa (a JIT) and under
# profemu's interpreter, with and without profiling; their ratio is to qemu-hppa (goal: profemu
# with profiling on at most 2.0x qemu-hppa's time), and the instructions/s line is the hppa
# guest's. Without an hppa build (no hppa-linux-gnu-gcc) or qemu-hppa they are n/a.
#
# Rows are a list of named commands, declared below with `row NAME COMMAND...`; add one line
# to add a row (e.g. profiling on and off). Rows whose program is missing are shown as n/a.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-${BUILD_DIR:-$here/../build}}
build=$(cd "$build" 2>/dev/null && pwd) || { echo "bench: no build directory $build" >&2; exit 1; }
runs=${BENCH_RUNS:-5}
profemu=${PROFEMU:-$build/profemu}
qemu=${QEMU:-qemu-x86_64}
guest=${BENCH_GUEST:-$build/guests/x86_64/cpubench-static}
hppa_guest=${HPPA_GUEST:-$build/guests/hppa/cpubench-static}
qemu_hppa=${QEMU_HPPA:-qemu-hppa}
floor=$build/profemu-engine-floor
read -r -a gargs <<<"${BENCH_ARGS:-}"

[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_RUNS must be a positive integer" >&2; exit 1; }
[ -x "$guest" ] || { echo "bench: guest $guest not built (ninja -C $build)" >&2; exit 1; }

# Built on demand (not by default: it is of no use but here).
if [ ! -x "$floor" ] && [ -z "${PROFEMU:-}" ]; then
	ninja -C "$build" profemu-engine-floor >/dev/null || echo "bench: cannot build profemu-engine-floor" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/profemu-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
stats=$tmp/stats.json
hppa_stats=$tmp/hppa-stats.json

# --- the rows ---------------------------------------------------------------------------------
row_names=()
row_cmds=()
# row NAME COMMAND [ARG]...: one row of the table.
row() {
	local name=$1
	shift
	row_names+=("$name")
	row_cmds+=("$(printf '%q ' "$@")")
}

row native "$guest" "${gargs[@]}"
row qemu "$qemu" "$guest" "${gargs[@]}"
row profemu "$profemu" "$guest" "${gargs[@]}"
row profemu-stats "$profemu" --stats="$stats" "$guest" "${gargs[@]}"
# Profiling on: the guest calls profil() over its whole text (served natively, a tick every
# 10000 instructions); the ratio profemu-profil / profemu is the cost of profiling.
row profemu-profil env PROFEMU_BENCH_PROFIL=1 "$profemu" "$guest" "${gargs[@]}"
# The floor: the same build with no counting hook (Unicorn by itself; no counts, no ticks).
# engine-floor/qemu is what no way of counting on top of Unicorn can go below.
row engine-floor "$floor" "$guest" "${gargs[@]}"
# PA-RISC: the same program for hppa, under qemu-hppa and profemu's own interpreter.
row hppa-qemu "$qemu_hppa" "$hppa_guest" "${gargs[@]}"
row hppa-profemu "$profemu" "$hppa_guest" "${gargs[@]}"
row hppa-stats "$profemu" --stats="$hppa_stats" "$hppa_guest" "${gargs[@]}"
row hppa-profil env PROFEMU_BENCH_PROFIL=1 "$profemu" "$hppa_guest" "${gargs[@]}"
# Later rows, for instance:
# row profemu-profile "$profemu" --profile="$tmp/profile" "$guest" "${gargs[@]}"

# --- measuring --------------------------------------------------------------------------------
now() { date +%s.%N; }

# median of the numbers on stdin
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan"; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# available CMD: is the program of a row there?
available() {
	local prog
	eval "set -- $1"
	prog=$1
	if [[ $prog == */* ]]; then [ -x "$prog" ]; else command -v "$prog" >/dev/null; fi
}

echo "profemu bench: $(basename "$guest") ${gargs[*]:-(default arguments)}, $runs runs per row"
echo "  host:    $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown cpu)"
echo "  unicorn: $(pkg-config --modversion unicorn 2>/dev/null || echo unknown) (pkg-config)"
echo "  qemu:    $("$qemu" --version 2>/dev/null | head -n1 || echo not installed)"
echo "  profemu: $profemu$([ -x "$profemu" ] || echo ' (not built)')"
echo

declare -A med status
native_out=$tmp/reference.stdout
# Which rows run: BENCH_ROWS globs, and the program must be there.
selected=()
for i in "${!row_names[@]}"; do
	name=${row_names[$i]}
	if [ -n "${BENCH_ROWS:-}" ]; then
		wanted=no
		read -r -a globs <<<"$BENCH_ROWS"
		for glob in "${globs[@]}"; do
			# shellcheck disable=SC2053 # a glob on purpose
			[[ $name == $glob ]] && wanted=yes
		done
		[ "$wanted" = yes ] || continue
	fi
	if ! available "${row_cmds[$i]}"; then
		status[$name]="n/a"
		continue
	fi
	selected+=("$i")
	: >"$tmp/$name.times"
	status[$name]="ok"
done

# Rounds, each running every row once: on a shared machine the speed drifts, and taking the
# rows in turn makes every row see the same drift (so the ratios hold better than the times).
for ((r = 1; r <= runs; r++)); do
	for i in "${selected[@]}"; do
		name=${row_names[$i]}
		[ "${status[$name]}" = ok ] || continue
		t0=$(now)
		set +e
		eval "${row_cmds[$i]}" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
		st=$?
		set -e
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$tmp/$name.times"
		if [ "$st" -ne 0 ]; then
			status[$name]="FAILED (status $st: $(head -c 200 "$tmp/$name.err" | tr '\n' ' '))"
		elif [ "$name" = native ]; then
			cp "$tmp/$name.out" "$native_out"
		elif [ -f "$native_out" ] && ! cmp -s "$native_out" "$tmp/$name.out"; then
			status[$name]="WRONG output"
		fi
	done
done
for i in "${selected[@]}"; do
	name=${row_names[$i]}
	med[$name]=$(median <"$tmp/$name.times")
done

# --- the table --------------------------------------------------------------------------------
ratio() { # ratio A B: A/B with two decimals, or "-"
	awk -v a="${1:-}" -v b="${2:-}" 'BEGIN {
		if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'
}

printf '%-16s %10s %10s %10s  %s\n' row "median s" "x native" "x qemu" status
printf '%-16s %10s %10s %10s  %s\n' ---------------- ---------- ---------- ---------- ------
for name in "${row_names[@]}"; do
	[ -n "${status[$name]:-}" ] || continue
	if [ "${status[$name]}" = "n/a" ]; then
		printf '%-16s %10s %10s %10s  %s\n' "$name" - - - "n/a (not available)"
		continue
	fi
	printf '%-16s %10.3f %10s %10s  %s\n' "$name" "${med[$name]}" \
		"$(ratio "${med[$name]}" "${med[native]:-}")" \
		"$(ratio "${med[$name]}" "${med[qemu]:-}")" "${status[$name]}"
done

if [ -s "$stats" ]; then
	insns=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("instructions", ""))' \
		"$stats" 2>/dev/null || true)
	if [ -n "$insns" ]; then
		echo
		echo "profemu --stats: $insns guest instructions"
		for name in profemu profemu-stats; do
			[ -n "${med[$name]:-}" ] || continue
			awk -v n="$insns" -v t="${med[$name]}" -v r="$name" \
				'BEGIN { if (t > 0) printf "  %s: %.1f M instructions/s\n", r, n / t / 1e6 }'
		done
	fi
fi
if [ -n "${med[profemu]:-}" ]; then
	echo
	echo "profemu/native = $(ratio "${med[profemu]}" "${med[native]:-}"), profemu/qemu = $(ratio "${med[profemu]}" "${med[qemu]:-}")"
fi
if [ -n "${med[engine-floor]:-}" ] && [ -n "${med[profemu]:-}" ]; then
	echo "engine floor (Unicorn, no counting)/qemu = $(ratio "${med[engine-floor]}" "${med[qemu]:-}"), counting costs profemu/floor = $(ratio "${med[profemu]}" "${med[engine-floor]}")"
fi
if [ -n "${med[hppa-profemu]:-}" ]; then
	echo
	echo "hppa: profemu/qemu-hppa = $(ratio "${med[hppa-profemu]}" "${med[hppa-qemu]:-}"), with profiling on $(ratio "${med[hppa-profil]:-}" "${med[hppa-qemu]:-}") (goal <= 2.0, resolved at <= 3.0)"
	if [ -s "$hppa_stats" ]; then
		insns=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("instructions", ""))' \
			"$hppa_stats" 2>/dev/null || true)
		for name in hppa-profemu hppa-profil; do
			[ -n "$insns" ] && [ -n "${med[$name]:-}" ] || continue
			awk -v n="$insns" -v t="${med[$name]}" -v r="$name" \
				'BEGIN { if (t > 0) printf "  %s: %d guest instructions, %.1f M instructions/s\n", r, n, n / t / 1e6 }'
		done
	fi
fi
if [ -n "${med[profemu-profil]:-}" ] && [ -n "${med[profemu]:-}" ]; then
	echo "profiling on/off = $(ratio "${med[profemu-profil]}" "${med[profemu]}") (goal <= 1.05)"
fi
