#!/usr/bin/env bash
# Installs what is needed, builds profemu, and runs every test: the whole suite in a normal
# build, then again under AddressSanitizer + UndefinedBehaviorSanitizer. Run as root on Debian 12.
# Prints a closing line "tests: N passed, N failed" and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
log() { printf '== [%dm%02ds] %s\n' $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)) "$*"; }

log "installing dependencies"
bash scripts/install-deps.sh

passed=0
failed=0

# Runs `meson test` in one build directory and adds its counts to the totals.
run_suite() {
	local dir=$1
	shift
	local out rc=0
	out=$(mktemp)
	meson test -C "$dir" --print-errorlogs --num-processes 2 "$@" 2>&1 | tee "$out" || rc=$?
	local ok fail
	# Expected failures are tests whose assertion (that it fails) held: count them as passed.
	ok=$(awk '/^(Ok|Expected Fail):/ { s += $NF } END { print s + 0 }' "$out")
	fail=$(awk '/^(Fail|Unexpected Pass|Timeout):/ { s += $NF } END { print s + 0 }' "$out")
	rm -f "$out"
	passed=$((passed + ${ok:-0}))
	failed=$((failed + fail))
	if [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
		failed=$((failed + 1))	# meson itself failed (a build error): count it
	fi
}

log "build (gcc, -Werror)"
if [ -d build ]; then meson setup --reconfigure build >/dev/null; else meson setup build >/dev/null; fi
meson compile -C build
log "tests"
# realprogs-full (i386 sysroot, hppa cross builds from fetched sources: tests/realprogs/meson.build)
# is left out for CI's time budget; `meson test -C build --suite realprogs-full` runs it.
run_suite build --no-suite realprogs-full --no-suite fuzz-x86-open

log "build with AddressSanitizer + UndefinedBehaviorSanitizer"
sanitize_opts=(-Db_sanitize=address,undefined -Db_lundef=false)
if [ -d build-asan ]; then
	meson setup --reconfigure build-asan "${sanitize_opts[@]}" >/dev/null
else
	meson setup build-asan "${sanitize_opts[@]}" >/dev/null
fi
meson compile -C build-asan
# Under the sanitizers: every suite but these. The fuzz suite builds its own sanitized harness;
# the IA-64 lock-step suite compares with an oracle (Ski) built from source: once, in the plain
# build. The profil suite (the same guests under each personality's profil/sprofil rules) and the
# threads suite (the same scheduler under each blocking call) repeat code paths the e2e, unit and
# dos suites already run under the sanitizers, and would double CI's time: they run once, above;
# so does gcc's torture suite (hundreds of programs compiled and run: its CI time is the plain
# build's, and the interpreters' paths it takes are the unit and e2e suites'), and the
# real-program suite (Debian's programs for minutes); so do the e2e determinism cases, the e2e
# cases of the i386 dynamic and hppa -O0 builds, and the IA-64 hostile guests
# (tests/e2e/meson.build says why).
log "tests under AddressSanitizer + UndefinedBehaviorSanitizer"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	LSAN_OPTIONS=suppressions="$PWD/tests/lsan.supp":print_suppressions=0 run_suite build-asan \
	--no-suite fuzz --no-suite fuzz-x86-open --no-suite lockstep --no-suite profil --no-suite threads --no-suite torture \
	--no-suite realprogs --no-suite realprogs-full --no-suite repeat --no-suite other-builds --no-suite hostile-ia64
log "done"

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
