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
#   BENCH_DYNAMIC_GUEST=PATH  the guest of the profemu-dyn* rows (default: cpubench-dynamic)
#   BENCH_HPPA_GUEST=PATH  the hppa guest of the *-hppa rows (default: cpubench -O2 from
#                       guests/hppa/checks; the rows are left out when it is not built)
#   BENCH_HPPA_ARGS="N SIZE ROUNDS"
#                       arguments of the hppa rows (default "40 300000 10", about 3.3 G
#                       instructions, ~1.2 s CPU under qemu-hppa; cpubench's defaults take
#                       ~8 G, far too long on the interpreter)
#   PROFEMU=PATH, QEMU=qemu-x86_64, QEMU_HPPA=qemu-hppa
#   BENCH_IA64_ARGS="N SIZE ROUNDS"
#                       arguments of the IA-64 cpubench rows (default "30 50000 10", about
#                       0.28 G instructions), SKI=PATH (default /opt/ski/bin/bski, or bski on PATH)
#
# Rows are a list of named commands, declared below with `row NAME COMMAND...`; add one line
# to add a row (e.g. profiling on and off). Rows whose program is missing are shown as n/a.
# bench/run.sh --suite [BUILD_DIR]: the suite of real workloads on every ISA instead
# (bench/suite/run.sh says what it measures).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
if [ "${1:-}" = --suite ]; then
	shift
	exec "$here/suite/run.sh" "$@"
fi
build=${1:-${BUILD_DIR:-$here/../build}}
build=$(cd "$build" 2>/dev/null && pwd) || { echo "bench: no build directory $build" >&2; exit 1; }
runs=${BENCH_RUNS:-5}
profemu=${PROFEMU:-$build/profemu}
qemu=${QEMU:-qemu-x86_64}
guest=${BENCH_GUEST:-$build/guests/x86_64/cpubench-static}
floor=$build/profemu-engine-floor
read -r -a gargs <<<"${BENCH_ARGS:-}"
# IA-64: the committed cpubench (guests/ia64/bin) under HP's Ski and under profemu
ia64_guest=$here/../guests/ia64/bin/cpubench
read -r -a ia64_args <<<"${BENCH_IA64_ARGS:-30 50000 10}"
ski=${SKI:-/opt/ski/bin/bski}
[ -x "$ski" ] || ski=$(command -v bski || echo bski)

[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_RUNS must be a positive integer" >&2; exit 1; }
[ -x "$guest" ] || { echo "bench: guest $guest not built (ninja -C $build)" >&2; exit 1; }

# Built on demand (not by default: it is of no use but here).
if [ ! -x "$floor" ] && [ -z "${PROFEMU:-}" ]; then
	ninja -C "$build" profemu-engine-floor >/dev/null || echo "bench: cannot build profemu-engine-floor" >&2
fi
if [ ! -f "${QEMU_PLUGIN:-$build/bench/qemu-plugin/libinsn_count.so}" ] && [ -z "${QEMU_PLUGIN:-}" ]; then
	ninja -C "$build" bench/qemu-plugin/libinsn_count.so >/dev/null 2>&1 ||
		echo "bench: cannot build the qemu plugin (a sanitized build has none)" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/profemu-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
stats=$tmp/stats.json

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
# The peer that counts: qemu with our TCG plugin (bench/qemu-plugin) adding 1 per instruction
# inline (exact), or each block's length as it is entered (off where a block is left early).
plugin=${QEMU_PLUGIN:-$build/bench/qemu-plugin/libinsn_count.so}
row qemu+insn "$qemu" -plugin "$plugin,mode=insn" "$guest" "${gargs[@]}"
row qemu+tb "$qemu" -plugin "$plugin,mode=tb" "$guest" "${gargs[@]}"
row profemu "$profemu" "$guest" "${gargs[@]}"
row profemu-stats "$profemu" --stats="$stats" "$guest" "${gargs[@]}"
# Profiling on: the guest calls profil() over its whole text (served natively, a tick every
# 10000 instructions); the ratio profemu-profil / profemu is the cost of profiling.
row profemu-profil env PROFEMU_BENCH_PROFIL=1 "$profemu" "$guest" "${gargs[@]}"
# The floor: the same build with no counting hook (Unicorn by itself; no counts, no ticks).
# engine-floor/qemu is what no way of counting on top of Unicorn can go below.
row engine-floor "$floor" "$guest" "${gargs[@]}"
# Whole-program profiles (calls and returns watched; callgrind also counts every instruction
# address): the ratio to the profemu row is their cost (goal <= 1.2).
row profemu-gmon "$profemu" --gmon="$tmp/gmon.out" "$guest" "${gargs[@]}"
row profemu-callgrind "$profemu" --callgrind="$tmp/callgrind.out" "$guest" "${gargs[@]}"
row profemu-folded "$profemu" --folded="$tmp/folded.txt" "$guest" "${gargs[@]}"
row profemu-counts "$profemu" --counts="$tmp/counts.json" "$guest" "${gargs[@]}"
# The same on the dynamic build of the guest (ld.so and libc.so.6 run, and the symbolizer names
# their functions and lines at exit: issue #17's goal is <= 1.2 too).
dyn_guest=${BENCH_DYNAMIC_GUEST:-$build/guests/x86_64/cpubench-dynamic}
if [ -x "$dyn_guest" ]; then
	row profemu-dyn "$profemu" "$dyn_guest" "${gargs[@]}"
	row profemu-dyn-gmon "$profemu" --gmon="$tmp/dyn-gmon.out" "$dyn_guest" "${gargs[@]}"
	row profemu-dyn-callgrind "$profemu" --callgrind="$tmp/dyn-callgrind.out" "$dyn_guest" "${gargs[@]}"
	row profemu-dyn-folded "$profemu" --folded="$tmp/dyn-folded.txt" "$dyn_guest" "${gargs[@]}"
	row profemu-dyn-counts "$profemu" --counts="$tmp/dyn-counts.json" "$dyn_guest" "${gargs[@]}"
fi
# The tool CI performance guards use today: exact Ir, natively, under valgrind.
# IA-64 rows: their output is checked against the first IA-64 row's (Ski's notes on its stdout
# left out); "profiling on" is --gmon: the tick histogram and the call arcs.
row ia64-ski "$ski" -forceuser -noconsole "$ia64_guest" "${ia64_args[@]}"
row ia64-profemu "$profemu" "$ia64_guest" "${ia64_args[@]}"
row ia64-profemu-gmon "$profemu" --stats="$tmp/ia64-stats.json" --gmon="$tmp/ia64-gmon.out" \
	"$ia64_guest" "${ia64_args[@]}"
row valgrind-callgrind valgrind --tool=callgrind --callgrind-out-file="$tmp/vg.out" "$guest" "${gargs[@]}"
# PA-RISC: the same cpubench built for hppa (-O2, static; guests/hppa/checks) on profemu's own
# interpreter (emu/hppa/) against qemu-hppa, a JIT. Goal profemu-hppa-profil <= 2.0 x qemu-hppa.
hppa_guest=${BENCH_HPPA_GUEST:-$build/guests/hppa/checks/dis_cpubench-O2}
read -r -a hppa_args <<<"${BENCH_HPPA_ARGS:-40 300000 10}"
hppa_stats=$tmp/stats-hppa.json
if [ -x "$hppa_guest" ]; then
	row qemu-hppa "${QEMU_HPPA:-qemu-hppa}" "$hppa_guest" "${hppa_args[@]}"
	row qemu+insn-hppa "${QEMU_HPPA:-qemu-hppa}" -plugin "$plugin,mode=insn" "$hppa_guest" "${hppa_args[@]}"
	row qemu+tb-hppa "${QEMU_HPPA:-qemu-hppa}" -plugin "$plugin,mode=tb" "$hppa_guest" "${hppa_args[@]}"
	row profemu-hppa "$profemu" --stats="$hppa_stats" "$hppa_guest" "${hppa_args[@]}"
	row profemu-hppa-profil env PROFEMU_BENCH_PROFIL=1 "$profemu" "$hppa_guest" "${hppa_args[@]}"
fi

# --- measuring --------------------------------------------------------------------------------
now() { date +%s.%N; }



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
		else
			# each architecture's rows against its first row (x86: native); Ski's own
			# notes are not the program's output
			ref=$native_out
			[[ $name == ia64-* ]] && ref=$tmp/ia64-reference.stdout
			[[ $name == *-hppa* ]] && ref=$tmp/hppa-reference.stdout	# its own arguments
			grep -v -e '^program exited with status' -e '^doSyscall: unimplemented' \
				"$tmp/$name.out" >"$tmp/$name.prog.out" || true
			if [ "$name" = native ] || [ ! -f "$ref" ]; then
				cp "$tmp/$name.prog.out" "$ref"
			elif ! cmp -s "$ref" "$tmp/$name.prog.out"; then
				status[$name]="WRONG output"
			fi
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
if [ -s "$hppa_stats" ] && [ -n "${med[profemu-hppa]:-}" ]; then
	insns=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("instructions", ""))' \
		"$hppa_stats" 2>/dev/null || true)
	echo
	echo "hppa: $insns guest instructions, profemu-hppa $(awk -v n="$insns" -v t="${med[profemu-hppa]}" \
		'BEGIN { if (t > 0) printf "%.1f", n / t / 1e6 }') M instructions/s;" \
		"profemu-hppa/qemu-hppa = $(ratio "${med[profemu-hppa]}" "${med[qemu-hppa]:-}")," \
		"profemu-hppa-profil/qemu-hppa = $(ratio "${med[profemu-hppa-profil]:-}" "${med[qemu-hppa]:-}") (goal <= 2.0)"
fi
if [ -s "$tmp/ia64-stats.json" ]; then
	ia64_insns=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("instructions", ""))' \
		"$tmp/ia64-stats.json" 2>/dev/null || true)
	echo
	echo "IA-64 cpubench ${ia64_args[*]}: $ia64_insns guest instructions (profemu's count)"
	for name in ia64-ski ia64-profemu ia64-profemu-gmon; do
		[ -n "${med[$name]:-}" ] && [ -n "$ia64_insns" ] || continue
		awk -v n="$ia64_insns" -v t="${med[$name]}" -v r="$name" \
			'BEGIN { if (t > 0) printf "  %s: %.1f M instructions/s (wall)\n", r, n / t / 1e6 }'
	done
	if [ -n "${med[ia64-ski]:-}" ] && [ -n "${med[ia64-profemu-gmon]:-}" ]; then
		echo "  profemu with profiling on / Ski speed = $(ratio "${med[ia64-ski]}" "${med[ia64-profemu-gmon]}") (goal 3, resolved at 1.5)"
	fi
fi
if [ -n "${med[profemu]:-}" ]; then
	echo
	echo "profemu/native = $(ratio "${med[profemu]}" "${med[native]:-}"), profemu/qemu = $(ratio "${med[profemu]}" "${med[qemu]:-}")"
fi
if [ -n "${med[qemu+insn]:-}" ] && [ -n "${med[profemu]:-}" ]; then
	echo "qemu+plugin (counting each instruction inline)/qemu = $(ratio "${med[qemu+insn]}" "${med[qemu]:-}"), each block: $(ratio "${med[qemu+tb]:-}" "${med[qemu]:-}"); profemu/qemu+insn = $(ratio "${med[profemu]}" "${med[qemu+insn]}")"
fi
if [ -n "${med[qemu+insn-hppa]:-}" ] && [ -n "${med[profemu-hppa]:-}" ]; then
	echo "hppa: qemu+plugin/qemu-hppa = $(ratio "${med[qemu+insn-hppa]}" "${med[qemu-hppa]:-}"), each block: $(ratio "${med[qemu+tb-hppa]:-}" "${med[qemu-hppa]:-}"); profemu-hppa/qemu+insn-hppa = $(ratio "${med[profemu-hppa]}" "${med[qemu+insn-hppa]}")"
fi
if [ -n "${med[engine-floor]:-}" ] && [ -n "${med[profemu]:-}" ]; then
	echo "engine floor (Unicorn, no counting)/qemu = $(ratio "${med[engine-floor]}" "${med[qemu]:-}"), counting costs profemu/floor = $(ratio "${med[profemu]}" "${med[engine-floor]}")"
fi
for name in profemu-gmon profemu-callgrind profemu-folded profemu-counts; do
	[ -n "${med[$name]:-}" ] && [ -n "${med[profemu]:-}" ] || continue
	echo "$name/profemu = $(ratio "${med[$name]}" "${med[profemu]}") (goal <= 1.2)"
done
for name in profemu-dyn-gmon profemu-dyn-callgrind profemu-dyn-folded profemu-dyn-counts; do
	[ -n "${med[$name]:-}" ] && [ -n "${med[profemu-dyn]:-}" ] || continue
	echo "$name/profemu-dyn = $(ratio "${med[$name]}" "${med[profemu-dyn]}") (goal <= 1.2)"
done
if [ -n "${med[valgrind-callgrind]:-}" ] && [ -n "${med[profemu-callgrind]:-}" ]; then
	echo "valgrind-callgrind/profemu-callgrind = $(ratio "${med[valgrind-callgrind]}" "${med[profemu-callgrind]}")"
fi
if [ -n "${med[profemu-profil]:-}" ] && [ -n "${med[profemu]:-}" ]; then
	echo "profiling on/off = $(ratio "${med[profemu-profil]}" "${med[profemu]}") (goal <= 1.05)"
fi

# --- threads ------------------------------------------------------------------------------------
# The deterministic scheduler's two costs, on guests/threads.c (x86-64, static), each the median
# of $runs runs, in wall time and in CPU time (user + sys: on a loaded machine the wall time
# also counts waiting for a core):
#   work:   the same CPU-bound work in 4 threads and in 1 (goal: 4 threads <= 1.15x)
#   switch: 2 threads each calling sched_yield N times (2N switches) against one thread making
#           all 2N calls with nobody to switch to; the difference per switch (goal <= 1 us)
# BENCH_THREADS=0 leaves this out; BENCH_WORK and BENCH_YIELDS size it.
threads_guest=$build/guests/x86_64/threads-static
if [ "${BENCH_THREADS:-1}" != 0 ] && [ -x "$threads_guest" ] && [ -x "$profemu" ]; then
	work=${BENCH_WORK:-200000000}
	yields=${BENCH_YIELDS:-1000000}
	# times CMD...: "wall cpu" of one run, in seconds
	times() {
		local TIMEFORMAT='%R %U %S'
		{ time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%s %.3f\n", $1, $2 + $3 }'
	}
	# The four cases in rounds, each round running each once (as the table's rows): run one
	# case $runs times and then the next, and a change in the machine's load between the two
	# blocks of runs shows in their ratio (that is what measured 1.36 for work4/work1 on a
	# loaded machine, at equal CPU time and equal host context switches).
	declare -A wall cpu
	cases=(work1 work4 yield1 yield2)
	declare -A case_cmd=(
		[work1]="work $work 1" [work4]="work $work 4" [yield1]="yield $yields 1" [yield2]="yield $yields 2")
	for name in "${cases[@]}"; do : >"$tmp/t.$name"; done
	for ((r = 1; r <= runs; r++)); do
		for name in "${cases[@]}"; do
			read -r -a a <<<"${case_cmd[$name]}"
			times "$profemu" "$threads_guest" "${a[@]}" >>"$tmp/t.$name"
		done
	done
	for name in "${cases[@]}"; do
		wall[$name]=$(awk '{ print $1 }' "$tmp/t.$name" | median)
		cpu[$name]=$(awk '{ print $2 }' "$tmp/t.$name" | median)
	done
	per_switch() { awk -v a="$1" -v b="$2" -v n="$yields" 'BEGIN { printf "%.3f", (b - a) / (2 * n) * 1e6 }'; }
	echo
	echo "threads (guests/threads.c, median of $runs runs; wall s / cpu s):"
	printf '  work of %s iterations, 1 thread:  %s / %s\n' "$work" "${wall[work1]}" "${cpu[work1]}"
	printf '  work of %s iterations, 4 threads: %s / %s\n' "$work" "${wall[work4]}" "${cpu[work4]}"
	echo "  4 threads / 1 thread = $(ratio "${wall[work4]}" "${wall[work1]}") wall, $(ratio "${cpu[work4]}" "${cpu[work1]}") cpu (goal <= 1.15)"
	echo "  thread switch: $(per_switch "${wall[yield1]}" "${wall[yield2]}") us wall, $(per_switch "${cpu[yield1]}" "${cpu[yield2]}") us cpu (goal <= 1 us; $((2 * yields)) switches)"
fi
