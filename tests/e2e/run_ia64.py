#!/usr/bin/env python3
"""End-to-end tests of the IA-64 guests (guests/ia64/bin) under profemu, against HP's Ski.

The oracle is what Ski recorded (guests/ia64/ski-expect.sh, committed in guests/ia64/expected:
ski.tsv with each case's program, arguments, exit status and instruction count, and
NAME.stdout, NAME.stderr), so no Ski is needed here. Each case runs as Ski's did: the program
copied into a fresh directory and run as ./PROG with the environment PATH=/usr/bin:/bin only,
stdout and stderr into regular files. profemu must print the same stdout and stderr, exit the
same and retire the same number of instructions, except where the table DIFFERENCES below
says why not (also in doc/profemu.1, IA-64):

  - start-up: Ski lacks set_robust_list and getrandom (-ENOSYS), answers readlink of
    /proc/self/exe with its own path, fails newfstatat with AT_FDCWD, and gives a shorter auxv
    (no AT_EXECFN, AT_PLATFORM, AT_SECURE ...), so glibc's start-up and stdio set-up take
    slightly different paths: a C guest may retire up to START_UP_SLACK instructions more or
    fewer than under Ski. Assembly guests (no glibc) must match exactly. The interpreter
    itself matches Ski exactly under Ski's own start-up (tests/unit/test_ia64_cpu.c).
  - a fatal signal: Ski prints "Caught signal" on its own output (filtered out of the
    expectation); profemu's message is one line on stderr naming the signal and pc.
  - args prints AT_EXECFN, which Linux gives and Ski does not: one more line, the printf's
    instructions more.
  - Ski's own bugs (NATIVE_ORACLE): under Ski, alloc's calloc finds memory not zeroed (Ski
    hands out reused pages unzeroed) and files fails every stat with EBADF (Ski's newfstatat
    with AT_FDCWD): there the oracle is the same source built for x86-64 (both LP64) and run
    natively: same stdout, stderr and status; the instruction counts cannot be compared.
  - glibc's start-up copies readlink("/proc/self/exe"), so the counts depend on the path's
    length: the runs use a directory of fixed length under /tmp.

Cases: ia64-NAME for each row of ski.tsv; a row Ski could not finish is skipped (no oracle).

Guests Ski cannot serve (its signal delivery is broken: a handler dies of SIGILL, timers
never fire; it has no profil): the oracle is the same source built for x86-64 (NATIVE_CASES):
  ia64-signals-MODE   each mode of guests/signals.c: stdout and status of the native run.
                      sigprof's samples are addresses, so there: 40 samples, each a bundle
                      address plus slot inside the program's sigprof function (sc_ip).
  ia64-profil_*       glibc's profil/sprofil served natively through the IA-64 calling
                      convention (call_args/call_redirect/call_return): every call's result
                      and errno and the phases as the x86-64 build prints them under profemu
                      (profil_off-basic-PERS: the same under --personality=svr4, bsd, hpux,
                      whose rules give other results and errnos; the x86-64 profil path is
                      checked against the kernel's model by run_profil.py; a native run has no profil(2) to compare with: glibc's
                      SIGPROF emulation takes a few samples per host second). Histograms per
                      function: the instruction mixes of the two ISAs differ (hot_a's
                      multiply is three IA-64 instructions), so per function the IA-64 glibc
                      phase must agree with its raw-system-call twin within PROFIL_SLACK
                      ticks, and the functions with 5 % of the ticks or more must be those
                      of x86-64.
  ia64-doubles-native guests/doubles.c (also ia64-doubles, against Ski's output, which it must
                      match exactly): stdout and status of the native x86-64 run, except the
                      section that prints each ISA's own FPU state, the cbrt and log10
                      values whose last bit glibc's IA-64 libm (table driven, indexed by
                      frcpa) rounds differently from x86-64's (5 lines), and rint(-2.5) in
                      the directed modes, which the x86-64 build computes as -rint(2.5) (2
                      lines): DOUBLES_LIBM_OWN.
  ia64-profil_fork    profil across fork, wait4 and execve (run_profil_fork).
  ia64-callgrind      --callgrind's Ir exact per slot (run_callgrind).
  ia64-gmon-folded    profemu's --gmon read by ia64-linux-gnu-gprof and --folded (run_gmon_folded).
  ia64-gprof_demo-pg-gmon  the -pg guest's own gmon.out, read by ia64-linux-gnu-gprof: the
                      call counts of the native x86-64 run's gmon.out (read by gprof), and
                      spin first by time (what the program is built to show).

Usage:
  run_ia64.py --list
  run_ia64.py --profemu build/profemu --guest-dir build/guests CASE...   (or --all)
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError, Skip

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
IA64 = os.path.join(SOURCE, "guests", "ia64")
TSV = os.path.join(IA64, "expected", "ski.tsv")
ENV = e2e_harness.environment({"PATH": "/usr/bin:/bin"})
START_UP_SLACK = 256
ASSEMBLY_GUESTS = {"exit", "cloop", "ctop"}

# case -> (instruction slack, stdout replacements (Ski's text, profemu's), reason)
DIFFERENCES = {
    "args": (START_UP_SLACK + 2500,
             [("AT_EXECFN unset\n", 'AT_EXECFN set\nAT_EXECFN "./args" == argv[0]\n')],
             "profemu gives AT_EXECFN as Linux does; Ski does not: args prints one line more"),
}


NATIVE_ORACLE = {
    "alloc": "Ski's calloc finds reused pages not zeroed",
    "files": "Ski's newfstatat with AT_FDCWD fails with EBADF",
}


def rows():
    out = []
    with open(TSV) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            fields += [""] * (6 - len(fields))
            name, prog, args, status, insts, note = fields[:6]
            out.append(dict(name=name, prog=prog, args=args.split(), status=int(status),
                            insts=None if insts == "-" else int(insts), note=note))
    return out


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "ia64")


def read(path):
    with open(path, "rb") as f:
        return f.read().decode(errors="replace")


def run_row(ctx, row):
    if row["insts"] is None:
        raise Skip("Ski has no result for %s (%s): no oracle" % (row["name"], row["note"]))
    # a fixed-length path: glibc's start-up copies /proc/self/exe (see the notes above)
    d = tempfile.mkdtemp(prefix="profemu-ia64-", dir="/tmp")
    ctx.made_dirs.append(d)
    run_dir = os.path.join(d, "run")
    os.mkdir(run_dir)
    shutil.copy(os.path.join(IA64, "bin", row["prog"]), os.path.join(run_dir, row["prog"]))
    stats = os.path.join(d, "stats.json")
    with open(os.path.join(d, "stdout"), "wb") as out, open(os.path.join(d, "stderr"), "wb") as err:
        r = subprocess.run([ctx.profemu] + e2e_harness.unset_sanitizer_vars(ENV) +
                           ["--stats=" + stats, "./" + row["prog"]] + row["args"],
                           cwd=run_dir, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                           env=ENV, timeout=ctx.timeout)
    got_out, got_err = read(os.path.join(d, "stdout")), read(os.path.join(d, "stderr"))
    want_out = read(os.path.join(IA64, "expected", row["name"] + ".stdout"))
    want_err = read(os.path.join(IA64, "expected", row["name"] + ".stderr"))
    slack, replacements, _ = DIFFERENCES.get(row["prog"], (START_UP_SLACK, [], ""))
    if row["prog"] in ASSEMBLY_GUESTS:
        slack = 0
    for ski_text, ours in replacements:
        want_out = want_out.replace(ski_text, ours)
    if row["name"] in NATIVE_ORACLE:
        want_out, want_err, row = native(ctx, row)
    if row["note"].startswith("ski: Caught signal"):
        # profemu's fault message stands where Ski's "Caught signal" line was
        got_err = "".join(l for l in got_err.splitlines(True) if not l.startswith("profemu: "))
    problems = []
    status = r.returncode if r.returncode >= 0 else 128 - r.returncode
    if status != row["status"]:
        problems.append("exit status %d, Ski %d" % (status, row["status"]))
    if got_out != want_out:
        problems.append("stdout differs:\n%s\n  Ski's:\n%s" % (
            e2e_harness.indent(got_out[-1500:]), e2e_harness.indent(want_out[-1500:])))
    if got_err != want_err:
        problems.append("stderr differs:\n%s\n  Ski's:\n%s" % (
            e2e_harness.indent(got_err[-1500:]), e2e_harness.indent(want_err[-1500:])))
    try:
        with open(stats) as f:
            insts = json.load(f)["instructions"]
    except (OSError, ValueError, KeyError) as e:
        raise Failure("no --stats: %s\n%s" % (e, "\n".join(problems)))
    if row["insts"] is None:
        if problems:
            raise Failure("\n".join(problems))
        return
    delta = insts - row["insts"]
    ctx.notes.append("%s: %d instructions, Ski %d (%+d, allowed +-%d)" % (
        row["name"], insts, row["insts"], delta, slack))
    if abs(delta) > slack:
        problems.append("%d instructions, Ski %d: %+d beyond the documented +-%d" % (
            insts, row["insts"], delta, slack))
    if problems:
        raise Failure("\n".join(problems))


def native(ctx, row):
    """The x86-64 build of the same source run natively: its stdout, stderr and status stand
    for Ski's (NATIVE_ORACLE), and no instruction count is compared."""
    prog = ctx.guest(row["prog"], "x86_64", "static")
    d = ctx.fresh_dir(row["name"] + "-native")
    r = subprocess.run([prog] + row["args"], cwd=d, stdin=subprocess.DEVNULL,
                       capture_output=True, env=ENV, timeout=ctx.timeout)
    ctx.notes.append("%s: oracle the native x86-64 build (%s)" % (row["name"],
                                                                 NATIVE_ORACLE[row["name"]]))
    row = dict(row, status=r.returncode, insts=None)
    return r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace"), row


SIGNAL_MODES = ["basic", "info", "blocked", "faults", "fpu", "altstack", "context", "timers",
                "resethand", "waits", "alarmdies"]
PROFIL_SLACK = 6
# case -> (guest, arguments, the glibc phases whose histograms are checked per function)
PROFIL_CASES = {
    "profil_scale": ("profil_scale", ["scale"], ["s10000", "s8000", "s4000", "sC000"]),
    "profil_off-basic": ("profil_off", ["glibc", "basic"], []),
    "profil_sprofil-lerrors": ("profil_sprofil", ["lerrors", "linux", "glibc", "64"], []),
    "profil_sprofil-regions": ("profil_sprofil", ["regions", "linux", "glibc", "0", "2000"], []),
}
# The personalities (--personality) over the same calls: what turns profiling off, the errors
# and the scale rules differ by personality, the same way on every ISA.
for _pers in ("svr4", "bsd", "hpux"):
    PROFIL_CASES["profil_off-basic-" + _pers] = ("profil_off", ["glibc", "basic"], [],
                                                 ["--personality=" + _pers])


def run_ia64(ctx, label, prog, args, extra=(), keep_sanitizer_vars=False):
    """profemu running the committed IA-64 guest prog in a fresh directory: (status, stdout,
    stderr, directory). The sanitizers' variables are kept out of the guest's environment
    (they would change its counts) unless keep_sanitizer_vars: a guest that execs a program
    profemu runs anew needs them there, for the sanitized profemu that runs it."""
    d = ctx.fresh_dir(label)
    shutil.copy(os.path.join(IA64, "bin", prog), os.path.join(d, prog))
    unset = [] if keep_sanitizer_vars else e2e_harness.unset_sanitizer_vars(ENV)
    r = subprocess.run([ctx.profemu] + unset + list(extra) +
                       ["./" + prog] + args, cwd=d, stdin=subprocess.DEVNULL,
                       capture_output=True, env=ENV, timeout=ctx.timeout)
    status = r.returncode if r.returncode >= 0 else 128 - r.returncode
    return status, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace"), d


def run_x86(ctx, label, prog, args, under_profemu, link="static", extra=()):
    """The x86-64 build of the same source, run natively or under profemu (with the options
    extra): (status, stdout, directory)."""
    d = ctx.fresh_dir(label)
    cmd = ([ctx.profemu] + list(extra) if under_profemu else []) + \
        [ctx.guest(prog, "x86_64", link)] + args
    r = subprocess.run(cmd, cwd=d, stdin=subprocess.DEVNULL, capture_output=True, env=ENV,
                       timeout=ctx.timeout)
    status = r.returncode if r.returncode >= 0 else 128 - r.returncode
    return status, r.stdout.decode(errors="replace"), d


def symbols(path):
    """name -> (address, size) of the functions of an IA-64 ELF file (ia64-linux-gnu-nm)."""
    nm = shutil.which("ia64-linux-gnu-nm")
    if not nm:
        raise Skip("ia64-linux-gnu-nm is not installed (binutils-ia64-linux-gnu)")
    out = subprocess.run([nm, "-S", path], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) == 4 and w[2] in "tT":
            syms[w[3]] = (int(w[0], 16), int(w[1], 16))
    return syms


def run_signals(ctx, mode):
    status, out, err, _ = run_ia64(ctx, "signals-" + mode, "signals", [mode])
    if mode == "sigprof":
        lo, size = symbols(os.path.join(IA64, "bin", "signals"))["sigprof"]
        samples = [int(l.split()[1], 16) for l in out.splitlines() if l.startswith("sample ")]
        bad = [hex(a) for a in samples if not (lo <= a & ~15 < lo + size and a & 15 < 3)]
        if status != 0 or len(samples) != 40 or bad:
            raise Failure("status %d, %d samples (want 40), outside sigprof [%#x, %#x) or not "
                          "a slot: %s\n%s" % (status, len(samples), lo, lo + size, bad,
                                             e2e_harness.indent(err[-1500:])))
        return
    want_status, want_out, _ = run_x86(ctx, "signals-native-" + mode, "signals", [mode], False)
    problems = []
    if status != want_status:
        problems.append("exit status %d, native x86-64 %d" % (status, want_status))
    if out != want_out:
        problems.append("stdout differs:\n%s\n  native x86-64:\n%s" % (
            e2e_harness.indent(out[-1500:]), e2e_harness.indent(want_out[-1500:])))
    if problems:
        raise Failure("\n".join(problems + [e2e_harness.indent(err[-800:])]))


def profil_phases(text):
    """The calls of each phase with their results, the hot functions' addresses, and each
    phase's histogram per hot function (profil_common.h's printed form)."""
    calls, syms, hist, phase, call = [], {}, {}, None, None
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "sym" and w[1].startswith("hot_"):
            syms[w[1]] = int(w[2], 16)
        elif w[0] == "phase":
            phase = w[1]
        elif w[0] == "call":
            kv = dict(x.split("=", 1) for x in w[2:] if "=" in x)
            calls.append((phase, w[1], kv.get("via"), kv.get("ret"), kv.get("errno")))
            if kv.get("scale", "0") != "0" and w[1] == "profil":
                call = (int(kv["offset"], 16), int(kv["scale"], 16))
        elif w[0] == "bin" and call:
            pc = call[0] + int(w[1]) * 2 * 65536 // call[1]
            owner = max((a, n) for n, a in syms.items() if a <= pc)[1] if any(
                a <= pc for a in syms.values()) else "below"
            h = hist.setdefault(phase, {})
            h[owner] = h.get(owner, 0) + int(w[2])
    return calls, hist


def major(hist):
    """The functions holding at least 5 % of a histogram's ticks (hot_driver's share, about
    2 %, moves with the environment's size on x86-64)."""
    total = sum(hist.values())
    return sorted(f for f, n in hist.items() if n * 20 >= total)


def run_profil_case(ctx, case):
    prog, args, checked, *opts = PROFIL_CASES[case]
    opts = opts[0] if opts else []
    status, out, err, _ = run_ia64(ctx, case, prog, args, opts)
    want_status, want_out, _ = run_x86(ctx, case + "-x86_64", prog, args, True, extra=opts)
    calls, hist = profil_phases(out)
    want_calls, want_hist = profil_phases(want_out)
    problems = []
    if status != want_status:
        problems.append("exit status %d, x86-64 %d" % (status, want_status))
    # profil_scale's "odd" phases walk the hot region, whose size is the ISA's: the phases
    # both runs have are compared
    common = {c[0] for c in calls} & {c[0] for c in want_calls}
    calls = [c for c in calls if c[0] in common]
    want_calls = [c for c in want_calls if c[0] in common]
    if calls != want_calls:
        diff = [(a, b) for a, b in zip(calls, want_calls) if a != b][:5]
        problems.append("calls or their results differ from x86-64's (%d calls, x86-64 %d): %s"
                        % (len(calls), len(want_calls), diff))
    for phase in checked:
        g, r = hist.get(phase + "-glibc", {}), hist.get(phase + "-raw", {})
        for fn in sorted(set(g) | set(r)):
            if abs(g.get(fn, 0) - r.get(fn, 0)) > PROFIL_SLACK:
                problems.append("%s: %s has %d ticks through glibc, %d through the raw call"
                                % (phase, fn, g.get(fn, 0), r.get(fn, 0)))
        if major(g) != major(want_hist.get(phase + "-glibc", {})):
            problems.append("%s: functions with 5 %% of the ticks or more %s, x86-64 %s" % (
                phase, major(g), major(want_hist.get(phase + "-glibc", {}))))
        ctx.notes.append("%s per function: IA-64 glibc %s raw %s; x86-64 %s" % (
            phase, g, r, want_hist.get(phase + "-glibc")))
    if problems:
        raise Failure("\n".join(problems + [e2e_harness.indent(err[-800:])]))


def run_profil_fork(ctx):
    """profil across fork, wait4 and execve on IA-64: the child counts only its own loop, the
    parent only its own, and profiling is off in the program exec'd (an x86-64 hello, so a
    foreign program started by an IA-64 guest runs too): every line as the x86-64 build
    prints it under profemu, but the bins' and ranges' addresses (the ISA's)."""
    hello = ctx.guest("hello", "x86_64", "static")
    args = ["fork", hello, "40000", "60000"]
    status, out, err, _ = run_ia64(ctx, "profil_fork", "profil_fork", args, ["--tick=997"],
                                   keep_sanitizer_vars=True)
    d = ctx.fresh_dir("profil_fork-x86_64")
    want = subprocess.run([ctx.profemu, "--tick=997", ctx.guest("profil_fork", "x86_64", "static")]
                          + args, cwd=d, stdin=subprocess.DEVNULL, capture_output=True, env=ENV,
                          timeout=ctx.timeout)

    def lines(text):
        return [l for l in text.splitlines() if not l.startswith("bins ")]

    def loops(ls, tag):
        w = [l.split() for l in ls if l.startswith(tag + " ")]
        return tuple(int(x) for x in w[0][2::2]) if len(w) == 1 and len(w[0]) == 7 else None

    def window(count):	# a loop of 10 instructions an iteration, entered and left in a few
        return range((10 * count) // 997, -(-(10 * count + 20) // 997) + 1)

    got_lines, want_lines = lines(out), lines(want.stdout.decode(errors="replace"))
    problems = []
    child, parent = loops(got_lines, "child"), loops(got_lines, "parent")
    if not child or child[0] not in window(40000) or child[1:] != (0, 0):
        problems.append("child: loop1 loop2 outside %s, loop1 expected in %s, the rest 0" % (
            child, list(window(40000))))
    if not parent or parent[1] not in window(60000) or (parent[0], parent[2]) != (0, 0):
        problems.append("parent: loop1 loop2 outside %s, loop2 expected in %s, the rest 0" % (
            parent, list(window(60000))))
    rest = [l for l in got_lines if not l.startswith(("child ", "parent "))]
    want_rest = [l for l in want_lines if not l.startswith(("child ", "parent "))]
    if status != want.returncode or rest != want_rest:
        problems.append("status %d, lines %s; x86-64: status %d, lines %s" % (
            status, rest, want.returncode, want_rest))
    if problems:
        raise Failure("\n".join(problems + [e2e_harness.indent(err[-800:])]))
    ctx.notes.append("; ".join(l for l in got_lines if " loop1 " in l))


def gprof_calls(gprof, prog, gmon):
    """function -> (calls, self seconds) of gprof's flat profile."""
    out = subprocess.run([gprof, "-b", "-p", prog, gmon], capture_output=True, text=True,
                         check=True).stdout
    rows = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) == 7 and w[3].isdigit():
            rows[w[6]] = (int(w[3]), float(w[2]))
    return rows


def run_gmon(ctx):
    gprof = shutil.which("ia64-linux-gnu-gprof")
    if not gprof or not shutil.which("gprof"):
        raise Skip("ia64-linux-gnu-gprof or gprof is not installed")
    status, out, err, d = run_ia64(ctx, "gmon", "gprof_demo-pg", [])
    gmon = os.path.join(d, "gmon.out")
    if status != 0 or not os.path.isfile(gmon):
        raise Failure("status %d, gmon.out %s\n%s" % (status, os.path.isfile(gmon),
                                                      e2e_harness.indent(err[-800:])))
    got = gprof_calls(gprof, os.path.join(d, "gprof_demo-pg"), gmon)
    want_status, want_out, nd = run_x86(ctx, "gmon-native", "gprof_demo-pg", [], False, None)
    want = gprof_calls("gprof", ctx.guest("gprof_demo-pg", "x86_64"), os.path.join(nd, "gmon.out"))
    problems = []
    if out != want_out:
        problems.append("stdout %r, native x86-64 %r" % (out, want_out))
    got_calls = {f: c for f, (c, _) in got.items()}
    want_calls = {f: c for f, (c, _) in want.items()}
    if got_calls != want_calls:
        problems.append("calls %s, native x86-64 %s" % (got_calls, want_calls))
    top = max(got, key=lambda f: got[f][1]) if got else None
    if top != "spin":
        problems.append("%s first by time, not spin: %s" % (top, got))
    ctx.notes.append("gprof of IA-64 gmon.out: %s" % got)
    if problems:
        raise Failure("\n".join(problems))


def code_sections(path):
    """(address, size) of the CODE sections of an IA-64 ELF file (ia64-linux-gnu-objdump -h)."""
    objdump = shutil.which("ia64-linux-gnu-objdump")
    if not objdump:
        raise Skip("ia64-linux-gnu-objdump is not installed (binutils-ia64-linux-gnu)")
    lines = subprocess.run([objdump, "-h", path], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    return [(int(w[3], 16), int(w[2], 16)) for w, flags in
            ((l.split(), n) for l, n in zip(lines, lines[1:]))
            if len(w) == 7 and w[0].isdigit() and "CODE" in flags]


def run_callgrind(ctx):
    """--callgrind's Ir is exact per instruction (slot): the cost lines add up to --stats'
    instructions, every address is a slot (bundle + 0..2) inside the program's text,
    the program's own functions' Ir equals their --counts self count, and fib and sift_down are called as
    often as in the x86-64 build of the same source (call counting is the program's, not the
    ISA's)."""
    from run_counts import per_address
    args = ["20", "2000", "1"]
    status, _, err, d = run_ia64(ctx, "callgrind", "cpubench", args,
                                 ["--callgrind=cg.out", "--counts=c.json", "--stats=s.json"])
    if status != 0:
        raise Failure("status %d\n%s" % (status, e2e_harness.indent(err[-800:])))
    ir, fn_of = per_address(os.path.join(d, "cg.out"))
    stats = json.load(open(os.path.join(d, "s.json")))
    counts = {f["name"]: f for f in json.load(open(os.path.join(d, "c.json")))["functions"]}
    problems = []
    if "events: Ir Ticks" not in open(os.path.join(d, "cg.out")).read():
        problems.append("the file does not say events: Ir Ticks")
    if sum(ir.values()) != stats["instructions"]:
        problems.append("Ir adds up to %d, --stats %d" % (sum(ir.values()), stats["instructions"]))
    not_slots = [a for a in ir if a & 0xf > 2]
    code = code_sections(os.path.join(IA64, "bin", "cpubench"))
    outside = [a for a in ir if not any(b <= a < b + n for b, n in code)]
    if not_slots or outside:
        problems.append("addresses that are not slots %s or outside the program's text %s" % (
            [hex(a) for a in not_slots[:5]], [hex(a) for a in outside[:5]]))
    per_fn = {}
    for a, n in ir.items():
        per_fn[fn_of[a]] = per_fn.get(fn_of[a], 0) + n
    for fn in ("main", "fib", "sift_down"):
        if per_fn.get(fn) is None or per_fn.get(fn) != counts.get(fn, {}).get("self"):
            problems.append("%s: Ir %s, --counts self %s" % (fn, per_fn.get(fn),
                                                             counts.get(fn, {}).get("self")))
    x86_dir = ctx.fresh_dir("callgrind-x86")
    subprocess.run([ctx.profemu, "--counts=c.json", ctx.guest("cpubench", "x86_64", "static")] +
                   args, cwd=x86_dir, stdin=subprocess.DEVNULL, capture_output=True, env=ENV,
                   timeout=ctx.timeout, check=True)
    x86 = {f["name"]: f for f in json.load(open(os.path.join(x86_dir, "c.json")))["functions"]}
    for fn in ("fib", "sift_down"):
        if counts.get(fn, {}).get("calls") != x86.get(fn, {}).get("calls"):
            problems.append("%s: %s calls, x86-64 build %s" % (
                fn, counts.get(fn, {}).get("calls"), x86.get(fn, {}).get("calls")))
    ctx.notes.append("Ir total %d; fib self Ir %s, %s calls" % (
        sum(ir.values()), per_fn.get("fib"), counts.get("fib", {}).get("calls")))
    if problems:
        raise Failure("\n".join(problems))


# The functions whose IA-64 glibc algorithm differs from x86-64's in the last bit for some
# arguments of guests/doubles.c (Ski prints the same as profemu: ia64-doubles). Also
# rint(-2.5) in the directed rounding modes: the x86-64 build prints -rint(2.5) there (gcc,
# assuming round-to-nearest without -frounding-math, negates rint(2.5)), which is -3 upward
# and -2 downward; the IA-64 build calls rint(-2.5) and prints -2 and -3, as Ski does.
DOUBLES_LIBM_OWN = ("cbrt", "log10", "rint(-2.5)")


def doubles_comparable(text, blank=True):
    """doubles' output without the section of each ISA's FPU state and with the values of
    DOUBLES_LIBM_OWN blanked: what must equal between the IA-64 and x86-64 builds."""
    out, skipping = [], False
    for line in text.splitlines():
        if line.startswith("== "):
            skipping = line == "== initial FPU state =="
        if skipping:
            continue
        words = line.split(" ")
        for i, w in enumerate(words[:-1]):
            if blank and w in DOUBLES_LIBM_OWN:
                words[i + 1] = "*"
        out.append(" ".join(words))
    return out


def run_doubles_native(ctx):
    status, got, _, _ = run_ia64(ctx, "doubles", "doubles", [])
    want_status, want, _ = run_x86(ctx, "doubles-native", "doubles", [], under_profemu=False)
    problems = []
    if status != want_status:
        problems.append("exit status %d, native x86-64 %d" % (status, want_status))
    g, w = doubles_comparable(got), doubles_comparable(want)
    if g != w:
        diff = [" ia64: %s\n  x86-64: %s" % (a, b) for a, b in zip(g, w) if a != b]
        problems.append("stdout differs from the native x86-64 run (%d lines vs %d):\n%s" % (
            len(g), len(w), "\n".join(diff[:10])))
    differing = sum(a != b for a, b in zip(doubles_comparable(got, False),
                                           doubles_comparable(want, False)))
    ctx.notes.append("doubles: %d lines equal to the x86-64 run's apart from the FPU state "
                     "section and %s (%d lines differ there)" % (len(g), "/".join(DOUBLES_LIBM_OWN),
                                                               differing))
    if problems:
        raise Failure("\n".join(problems))


def run_gmon_folded(ctx):
    """profemu's own --gmon of an IA-64 program (br.call arcs, bundle-address histogram) read
    by ia64-linux-gnu-gprof gives the program's functions the call counts gprof gives the
    x86-64 build's --gmon of the same source and arguments; --folded's stacks hold every tick
    of --stats and show fib's recursion under main."""
    gprof = shutil.which("ia64-linux-gnu-gprof")
    if not gprof or not shutil.which("gprof"):
        raise Skip("ia64-linux-gnu-gprof or gprof is not installed")
    args = ["20", "2000", "1"]
    status, _, err, d = run_ia64(ctx, "gmon-folded", "cpubench", args,
                                 ["--gmon=gmon.out", "--folded=folded.txt", "--stats=s.json"])
    if status != 0:
        raise Failure("status %d\n%s" % (status, e2e_harness.indent(err[-800:])))
    got = gprof_calls(gprof, os.path.join(d, "cpubench"), os.path.join(d, "gmon.out"))
    x86 = ctx.guest("cpubench", "x86_64", "static")
    _, _, xd = run_x86(ctx, "gmon-folded-x86_64", "cpubench", args, True,
                       extra=["--gmon=gmon.out"])
    want = gprof_calls("gprof", x86, os.path.join(xd, "gmon.out"))
    problems = []
    for fn in ("main", "fib", "sift_down"):
        if fn not in got or got[fn][0] != want.get(fn, (None,))[0]:
            problems.append("%s: gprof says %s calls, x86-64 build %s" % (
                fn, got.get(fn), want.get(fn)))
    ticks = json.load(open(os.path.join(d, "s.json")))["ticks"]
    stacks = [l.rsplit(" ", 1) for l in open(os.path.join(d, "folded.txt")).read().splitlines()]
    if sum(int(n) for _, n in stacks) != ticks:
        problems.append("folded holds %d ticks, --stats %d" % (sum(int(n) for _, n in stacks),
                                                             ticks))
    if not any(st.endswith(";main;fib;fib") for st, _ in stacks):
        problems.append("no stack ends in main;fib;fib")
    ctx.notes.append("gprof calls: %s" % {fn: got.get(fn) for fn in ("main", "fib", "sift_down")})
    if problems:
        raise Failure("\n".join(problems))


def extra_cases():
    return (["ia64-doubles-native"] + ["ia64-signals-" + m for m in SIGNAL_MODES + ["sigprof"]] +
            ["ia64-" + c for c in PROFIL_CASES] +
            ["ia64-gprof_demo-pg-gmon", "ia64-callgrind", "ia64-profil_fork",
             "ia64-gmon-folded"])


def run_case(name, args):
    ctx = Context(args)
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"
    by_name = {"ia64-" + r["name"]: r for r in rows()}

    def run(ctx):
        if name in by_name:
            run_row(ctx, by_name[name])
        elif name.startswith("ia64-signals-"):
            run_signals(ctx, name[len("ia64-signals-"):])
        elif name[len("ia64-"):] in PROFIL_CASES:
            run_profil_case(ctx, name[len("ia64-"):])
        elif name == "ia64-doubles-native":
            run_doubles_native(ctx)
        elif name == "ia64-gprof_demo-pg-gmon":
            run_gmon(ctx)
        elif name == "ia64-callgrind":
            run_callgrind(ctx)
        elif name == "ia64-profil_fork":
            run_profil_fork(ctx)
        elif name == "ia64-gmon-folded":
            run_gmon_folded(ctx)
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, run)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_ia64.py",
                              ["ia64-" + r["name"] for r in rows()] + extra_cases(),
                              run_case, [("--profemu", "the profemu binary")],
                              name=lambda c: c))
