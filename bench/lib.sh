# bench/lib.sh: what bench/run.sh and bench/suite/run.sh share (sourced, not run).

# median of the numbers on stdin
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan"; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# available CMD: is the program of a row there (CMD as printf %q quoted it)? A qemu row with a
# plugin needs the plugin too.
available() {
	local prog
	eval "set -- $1"
	prog=$1
	while [ $# -gt 1 ]; do
		[ "$1" = -plugin ] && { [ -f "${2%%,*}" ] || return 1; }
		shift
	done
	if [[ $prog == */* ]]; then [ -x "$prog" ]; else command -v "$prog" >/dev/null; fi
}
