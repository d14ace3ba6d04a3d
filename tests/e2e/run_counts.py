#!/usr/bin/env python3
"""End-to-end tests of the exact instruction counts (--counts) and of profdiff, which compares
two counts (or callgrind) files.

Cases:
  counts-valgrind-ARCH   cpubench-static runs natively under `valgrind --tool=callgrind` (the
                         oracle: it counts every instruction the CPU executes) and under
                         profemu --counts, both with an empty environment: for the program's
                         own functions (main, fib, sift_down) the self counts and the calls
                         are equal, and so are the inclusive counts of the leaves (fib,
                         sift_down). The program totals differ by the C library's start-up,
                         which picks its string functions and tunables by the CPU it sees
                         (valgrind's and Unicorn's are not the same CPU); the difference is
                         printed. Skipped without valgrind.
  callgrind-valgrind-ARCH
                         the same comparison for --callgrind's Ir: per-function self Ir (summed
                         over the instruction addresses of each function) equal to valgrind's
                         for the program's own functions; the file's Ir total is --stats's
                         instruction count exactly; callgrind_annotate reads the file and its
                         inclusive Ir for main is --counts's.
  counts-invariants-ARCH two runs write the same file; self counts add up to the total, which
                         is --stats's instruction count; no inclusive count exceeds the total.
  profdiff-*             build/profdiff on counts files made here: no change passes (0), a
                         function growing past --threshold fails (1) in percent and in
                         instructions, a shrink passes, --function limits the guard, the
                         output is sorted by the size of the change, callgrind files are read
                         (also valgrind's own when valgrind is there), and bad input is
                         exit status 2 with a message.

Usage: run_counts.py --profemu build/profemu --profdiff build/profdiff --guest-dir build/guests CASE...
       run_counts.py --list
"""
import json
import os
import re
import shutil
import subprocess
import sys

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError, Skip

ARCHES = ["x86_64", "i386"]
# fib(18), one heapsort of 2000 elements: small enough for valgrind
ARGS = ["18", "2000", "1"]
OWN = ["main", "fib", "sift_down"]
LEAVES = ["fib", "sift_down"]


def cases():
    out = []
    for arch in ARCHES:
        out += ["counts-valgrind-" + arch, "callgrind-valgrind-" + arch,
                "counts-invariants-" + arch]
    out += ["profdiff-" + n for n in PROFDIFF_CASES]
    return out


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "counts")
        self.profdiff = os.path.abspath(args.profdiff) if args.profdiff else None

    def run(self, cmd, cwd, check=True):
        # The sanitizers' variables reach profemu (a sanitized build needs its suppressions)
        # but not the guest, whose environment stays empty like valgrind's run of it.
        env = e2e_harness.environment({})
        if cmd[0] == self.profemu:
            cmd = cmd[:1] + e2e_harness.unset_sanitizer_vars(env) + cmd[1:]
        r = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=self.timeout, env=env)
        if check and r.returncode != 0:
            raise Failure("%s exited %d:\n%s" % (" ".join(cmd), r.returncode,
                                                 e2e_harness.indent(r.stderr.decode()[-800:])))
        return r

    def counts(self, arch, cwd, name="counts.json", extra=(), guest=None, args=ARGS):
        guest = guest or self.guest("cpubench", arch, "static")
        self.run([self.profemu, "--counts=" + name, "--stats=stats.json"] + list(extra) +
                 [guest] + list(args), cwd)
        with open(os.path.join(cwd, name)) as f:
            return json.load(f)


def callgrind_self(path):
    """Per function (recursion levels merged): self Ir, calls into it, and the inclusive Ir of
    those calls; and the file's total. Reads valgrind's compressed names."""
    names, fn = {}, None
    self_ir, calls, incl = {}, {}, {}
    total = None
    after_calls = None

    def name(v):
        m = re.match(r"\((\d+)\)(?: (.*))?$", v)
        if m:
            if m.group(2) is not None:
                names[m.group(1)] = m.group(2)
            v = names[m.group(1)]
        return re.sub(r"'\d+$", "", v)

    cfn = None
    npos = 1	# position columns before the costs ("positions: instr line" gives two)
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("positions:"):
                npos = len(line.split()) - 1
            if after_calls is not None:
                cost = int(line.split()[npos]) if len(line.split()) > npos else 0
                incl[after_calls] = incl.get(after_calls, 0) + cost
                after_calls = None
                continue
            if line.startswith("fn="):
                fn = name(line[3:])
            elif line.startswith("cfn="):
                cfn = name(line[4:])
            elif line.startswith("calls="):
                n = int(line[6:].split()[0])
                calls[cfn] = calls.get(cfn, 0) + n
                after_calls = cfn
            elif line.startswith(("totals:", "summary:")):
                total = int(line.split()[1])
            elif fn and line and (line[0].isdigit() or line[0] in "+-*"):
                parts = line.split()
                if len(parts) > npos:
                    self_ir[fn] = self_ir.get(fn, 0) + int(parts[npos])
    return self_ir, calls, incl, total


# Both sides run the program in the same environment, so that the C library takes the same
# start-up paths (doc/profemu.1, COMPARING WITH VALGRIND):
# - the CPU: profemu's model is the processor valgrind presents on AVX2 hosts (x86_cpuid.c),
#   with OSXSAVE clear (no AVX state); glibc is told to leave the AVX family alone on both
#   sides, or valgrind's run would take the AVX2 string functions. memcpy's rep movsb
#   threshold is set before the mask applies (from AVX_Fast_Unaligned_Load: 8192 under
#   valgrind, 2048 on profemu's model), so it is given too. The ':' that ends the value
#   matters: glibc 2.36's hwcaps parser reads past the end of the last name, into whatever
#   follows the variable in memory, unless the tunables parser cut the value there.
# - the environment: valgrind's client gets the variables its wrapper and core add (the
#   preload library, Debian's LD_LIBRARY_PATH ...); profemu's guest gets the same, in the
#   same order (found by running `env` and the args guest under valgrind).
# What stays different is listed in KNOWN. One cause is not the CPU: valgrind lays out the
# stack's strings its own way (AT_RANDOM's bytes and the platform string above them, the top
# not always at a page end; Linux and profemu put those below), and the SSE2 string functions'
# paths depend on where a string lies in its page.
TUNABLES = ("glibc.cpu.x86_rep_movsb_threshold=2048:"
            "glibc.cpu.hwcaps=-AVX2,-AVX,-AVX_Fast_Unaligned_Load,-FMA,-F16C:")

# Functions whose Ir may differ, and why (the man page lists the same). Anything else that
# differs fails the test.
KNOWN = {
    "x86_64": {
        "update_active.constprop.0": "valgrind's CPU has OSXSAVE (AVX state on), profemu's not",
        "get_common_indices.constprop.0": "OSXSAVE: the XSAVE area size for MINSIGSTKSZ",
        "__libc_start_main": "OSXSAVE: init_cpu_features (inlined) clears the AVX bits",
        "(below main)": "the same code as __libc_start_main's, under valgrind's name",
        "_dl_aux_init": "valgrind leaves 5 AT_IGNORE entries profemu does not write",
        "_exit": "valgrind does not count the block of the exit system call",
    },
    "i386": {
        "_dl_aux_init": "valgrind leaves 6 AT_IGNORE entries profemu does not write",
        "_dl_sysinfo_int80": "valgrind does not count the block of the exit system call",
        "frame_dummy": "valgrind counts `call next; pop reg` as one instruction",
    },
}
# The C library's string functions (any variant): their paths depend on the strings' places.
STRING_FUNCTION = re.compile(r"^(__)?(str|stp|mem|raw|wcs|wmem|rindex|index)\w*$")
# The comparison with valgrind runs longer than ARGS: what differs (above) is start-up code run
# once, a few hundred instructions (x86-64 -268, i386 -61 at 18 2000 1, the string functions'
# share moving with the length of the variables valgrind adds), so over about 10 M
# instructions the totals must agree within the 0.01 %.
VALGRIND_ARGS = ["22", "20000", "2"]
TOTAL_BOUND_PERCENT = {"x86_64": 0.01, "i386": 0.01}


def valgrind_env(ctx, arch, d):
    """The client environment valgrind gives the program, as (name, value) pairs in order."""
    vg = shutil.which("valgrind")
    fixed = {"GLIBC_TUNABLES": TUNABLES}
    r = subprocess.run([vg, "-q", "--tool=callgrind", "--callgrind-out-file=env.out",
                        shutil.which("env")], cwd=d, env=fixed, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=ctx.timeout)
    names = [l.split("=", 1)[0] for l in r.stdout.decode().splitlines() if "=" in l]
    # the values for this architecture (the preload library is per architecture)
    r = subprocess.run([vg, "-q", "--tool=callgrind", "--callgrind-out-file=env.out",
                        ctx.guest("args", arch, "static")] + names, cwd=d, env=fixed,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=ctx.timeout)
    values = dict(re.findall(r'^getenv "([^"]*)" = "(.*)"$', r.stdout.decode(), re.M))
    if r.returncode or set(values) != set(names) or any("\\" in v for v in values.values()):
        raise HarnessError("cannot read valgrind's client environment: %s" % r.stderr.decode())
    return fixed, [(n, values[n]) for n in names]


def under_valgrind(ctx, arch, label):
    """cpubench-static run natively under valgrind's callgrind into DIR/vg.out (every PLT
    stub its own cost, per instruction): (guest, DIR, the profemu options that give the
    guest the same environment, argv[0] and string positions)."""
    if not shutil.which("valgrind"):
        raise Skip("valgrind is not installed")
    e2e_harness.need_host_runs(arch, "valgrind's %s tool" % arch)
    guest = ctx.guest("cpubench", arch, "static")
    d = ctx.fresh_dir(label)
    fixed, client_env = valgrind_env(ctx, arch, d)
    r = subprocess.run([shutil.which("valgrind"), "--tool=callgrind", "--skip-plt=no",
                        "--dump-instr=yes", "--callgrind-out-file=vg.out", guest] + VALGRIND_ARGS,
                       cwd=d, env=fixed, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=ctx.timeout)
    if r.returncode:
        raise Failure("valgrind exited %d:\n%s" % (r.returncode,
                                                    e2e_harness.indent(r.stderr.decode()[-800:])))
    opts = [a for n, v in client_env for a in ("-E", "%s=%s" % (n, v))]
    return guest, d, opts


def records(path):
    """The records of a callgrind file (positions instr [line]), in the file's order:
    ("cost", object, function, address, Ir) for each self cost line, and ("call", object,
    function, call site, target address, target's object) for each call (its inclusive cost
    line is not a self cost)."""
    # callgrind's format compresses names in three separate spaces: functions (fn, cfn),
    # files (fl, fi, fe, cfi, cfl) and objects (ob, cob); "(2)" means another thing in each
    space_of = {"fn": "fn", "cfn": "fn", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl",
                "cfl": "fl", "ob": "ob", "cob": "ob"}
    names = {"fn": {}, "fl": {}, "ob": {}}
    ob, cob, fn, last, npos, target = None, None, None, 0, 1, None

    def name(space, v, lineno):
        m = re.match(r"\((\d+)\)(?: (.*))?$", v)
        if not m:
            return v
        if m.group(2) is not None:
            names[space][m.group(1)] = m.group(2)
        if m.group(1) not in names[space]:
            raise e2e_harness.HarnessError("%s:%d: name (%s) used before it is defined" %
                                           (path, lineno, m.group(1)))
        return names[space][m.group(1)]

    def position(p, lineno, line):
        # relative to the last cost line's ("+3", "-2", "*"); a call's target does not move it
        try:
            return last if p == "*" else last + int(p[1:], 0) if p[0] == "+" else \
                last - int(p[1:], 0) if p[0] == "-" else int(p, 0)
        except ValueError:
            raise e2e_harness.HarnessError("%s:%d: not a position: %r" % (path, lineno, line))

    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            key = line.split("=", 1)[0] if "=" in line else None
            if line.startswith("positions:"):
                npos = len(line.split()) - 1
            elif key in space_of:
                v = name(space_of[key], line[len(key) + 1:], lineno)
                if key == "fn":
                    fn = v
                elif key == "ob":
                    ob = v
                elif key == "cob":
                    cob = v
            elif line.startswith("calls="):
                parts = line.split()
                target = position(parts[1], lineno, line) if len(parts) > 1 else 0
            elif line and (line[0].isdigit() or line[0] in "+-*"):
                parts = line.split()
                a = position(parts[0], lineno, line)
                try:
                    cost = int(parts[npos]) if len(parts) > npos else 0
                except ValueError:
                    raise e2e_harness.HarnessError("%s:%d: not a cost line: %r" %
                                                   (path, lineno, line))
                last = a
                if target is not None:	# the call's inclusive cost, at the call site
                    yield "call", ob, fn, a, target, cob if cob is not None else ob
                    target, cob = None, None
                    continue
                yield "cost", ob, fn, a, cost


def cost_lines(path):
    """The self cost lines of a callgrind file: (object, function, address, Ir) for each."""
    for r in records(path):
        if r[0] == "cost":
            yield r[1:]


def per_address(path):
    """Self Ir per instruction address of a callgrind file (positions instr [line]), and the
    function each address is listed under."""
    ir, fn_of = {}, {}
    for _, fn, a, cost in cost_lines(path):
        ir[a] = ir.get(a, 0) + cost
        fn_of.setdefault(a, fn)
    return ir, fn_of


def function_differences(vg_file, pe_file):
    """Per function (profemu's names, by instruction address): profemu's Ir minus valgrind's,
    for the functions where they differ."""
    vg, vg_fn = per_address(vg_file)
    pe, pe_fn = per_address(pe_file)
    diff = {}
    for a in set(vg) | set(pe):
        d = pe.get(a, 0) - vg.get(a, 0)
        if d:
            f = re.sub(r"'\d+$", "", pe_fn.get(a) or vg_fn.get(a) or "0x%x" % a)
            diff[f] = diff.get(f, 0) + d
    return {f: d for f, d in diff.items() if d}


def host_has_avx2():
    try:
        with open("/proc/cpuinfo") as f:
            return " avx2 " in f.read()
    except OSError:
        return False


def run_valgrind(ctx, arch):
    guest, d, opts = under_valgrind(ctx, arch, "valgrind")
    vg_self, vg_calls, vg_incl, vg_total = callgrind_self(os.path.join(d, "vg.out"))
    ours = {f["name"]: f for f in ctx.counts(arch, d, extra=opts, guest=guest,
                                             args=VALGRIND_ARGS)["functions"]}
    total = json.load(open(os.path.join(d, "counts.json")))["total"]
    problems = []
    for fn in OWN:
        if fn not in ours:
            problems.append("%s is missing from --counts" % fn)
            continue
        if ours[fn]["self"] != vg_self.get(fn):
            problems.append("%s: self %d, valgrind %s" % (fn, ours[fn]["self"], vg_self.get(fn)))
        if ours[fn]["calls"] != vg_calls.get(fn, 0):
            problems.append("%s: %d calls, valgrind %s" % (fn, ours[fn]["calls"], vg_calls.get(fn)))
    for fn in LEAVES:
        if fn in ours and ours[fn]["inclusive"] != vg_self.get(fn):
            problems.append("%s: inclusive %d, valgrind %s" % (fn, ours[fn]["inclusive"],
                                                                vg_self.get(fn)))
    ctx.notes.append("own functions (self): " + ", ".join(
        "%s %d" % (fn, ours[fn]["self"]) for fn in OWN if fn in ours))
    ctx.notes.append("totals: profemu %d, valgrind %d (%+.4f%%)" % (
        total, vg_total, 100.0 * (total - vg_total) / vg_total))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_callgrind_valgrind(ctx, arch):
    guest, d, opts = under_valgrind(ctx, arch, "cg")
    ctx.run([ctx.profemu, "--callgrind=pe.out", "--skip-plt=no", "--counts=counts.json",
             "--stats=stats.json"] + opts + [guest] + VALGRIND_ARGS, d)
    vg_self, _, _, vg_total = callgrind_self(os.path.join(d, "vg.out"))
    pe_self, _, _, pe_total = callgrind_self(os.path.join(d, "pe.out"))
    stats = json.load(open(os.path.join(d, "stats.json")))
    counts = {f["name"]: f for f in json.load(open(os.path.join(d, "counts.json")))["functions"]}
    problems = []
    if not open(os.path.join(d, "pe.out")).read().count("events: Ir Ticks"):
        problems.append("the file does not say events: Ir Ticks")
    if pe_total != stats["instructions"]:
        problems.append("Ir total %s, --stats %d instructions" % (pe_total, stats["instructions"]))
    if sum(pe_self.values()) != pe_total:
        problems.append("the cost lines add up to %d, the total is %s" % (sum(pe_self.values()),
                                                                          pe_total))
    for fn in OWN:
        if pe_self.get(fn) != vg_self.get(fn):
            problems.append("%s: self Ir %s, valgrind %s" % (fn, pe_self.get(fn), vg_self.get(fn)))
    # every other function: the same Ir at every address, but for the known causes
    try:
        per_address(os.path.join(d, "pe.out"))
    except e2e_harness.HarnessError as e:
        raise Failure("profemu's callgrind file cannot be read: %s" % e)
    try:
        diff = function_differences(os.path.join(d, "vg.out"), os.path.join(d, "pe.out"))
    except e2e_harness.HarnessError as e:
        # the oracle's file in a shape this reader does not know: say so, and compare only
        # what callgrind_self read above (the program's own functions)
        ctx.notes.append("valgrind's per-instruction lines cannot be read (%s): only the "
                         "program's own functions are compared" % e)
        diff = None
    percent = 100.0 * (pe_total - vg_total) / vg_total
    ctx.notes.append("Ir totals: profemu %s, valgrind %s (%+.4f%%)" % (pe_total, vg_total, percent))
    if diff is not None:
        ctx.notes.append("functions that differ: " + (", ".join(
            "%s %+d" % (f, n) for f, n in sorted(diff.items(), key=lambda kv: -abs(kv[1])))
            or "none"))
    unexplained = {f: n for f, n in (diff or {}).items()
                   if f not in KNOWN[arch] and not STRING_FUNCTION.match(f)}
    if not host_has_avx2():
        ctx.notes.append("this host has no AVX2: valgrind presents another CPU than profemu's "
                         "model, so only the program's own functions are compared")
    else:
        if unexplained:
            problems.append("functions differ for no known reason: " + ", ".join(
                "%s %+d" % kv for kv in sorted(unexplained.items())))
        if abs(percent) > TOTAL_BOUND_PERCENT[arch]:
            problems.append("totals differ by %+.4f%%, more than %.3f%%" % (
                percent, TOTAL_BOUND_PERCENT[arch]))
    if shutil.which("callgrind_annotate"):
        r = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "pe.out"],
                           cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        m = re.search(r"^\s*([\d,]+) .*\?\?\?:main\b", r.stdout.decode(), re.M)
        if r.returncode or not m:
            problems.append("callgrind_annotate did not show main: %s" % r.stderr.decode()[-300:])
        elif int(m.group(1).replace(",", "")) != counts["main"]["inclusive"]:
            problems.append("callgrind_annotate: main inclusive %s, --counts %d" % (
                m.group(1), counts["main"]["inclusive"]))
    ctx.notes.append("own functions (self Ir): " + ", ".join(
        "%s %s" % (fn, pe_self.get(fn)) for fn in OWN))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_invariants(ctx, arch):
    d = ctx.fresh_dir("inv")
    a = ctx.counts(arch, d, "a.json")
    ctx.counts(arch, d, "b.json")
    problems = []
    if open(os.path.join(d, "a.json"), "rb").read() != open(os.path.join(d, "b.json"), "rb").read():
        problems.append("two runs wrote different --counts files")
    stats = json.load(open(os.path.join(d, "stats.json")))
    selfs = sum(f["self"] for f in a["functions"])
    if not selfs == a["total"] == stats["instructions"]:
        problems.append("self counts add up to %d, total %d, --stats %d instructions" % (
            selfs, a["total"], stats["instructions"]))
    over = [f["name"] for f in a["functions"] if f["inclusive"] > a["total"] or
            f["self"] > f["inclusive"]]
    if over:
        problems.append("inclusive counts above the total or below self: %s" % over)
    incl = [f["inclusive"] for f in a["functions"]]
    if incl != sorted(incl, reverse=True):
        problems.append("functions not sorted by inclusive count")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


# ---------------------------------------------------------------------------------------------
# profdiff

def counts_file(path, total, funcs):
    """A counts file with these (name, self, inclusive, calls)."""
    with open(path, "w") as f:
        json.dump({"format": "profemu-counts 1", "program": "p", "arch": "x86_64", "total": total,
                   "functions": [{"name": n, "address": "0x%x" % (0x1000 + 16 * i), "self": s,
                                  "inclusive": inc, "calls": c}
                                 for i, (n, s, inc, c) in enumerate(funcs)]}, f, indent=1)


BASE = [("main", 100, 10000, 1), ("work", 9000, 9900, 10), ("helper", 900, 900, 50)]


def profdiff(ctx, d, *args):
    if not ctx.profdiff:
        raise HarnessError("--profdiff is required")
    return ctx.run([ctx.profdiff] + list(args), d, check=False)


def expect_status(r, want, what):
    if r.returncode != want:
        raise Failure("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s" % (
            what, r.returncode, want, e2e_harness.indent(r.stdout.decode()),
            e2e_harness.indent(r.stderr.decode())))


def pd_same(ctx, d):
    counts_file(os.path.join(d, "old.json"), 10000, BASE)
    counts_file(os.path.join(d, "new.json"), 10000, BASE)
    expect_status(profdiff(ctx, d, "old.json", "new.json"), 0, "identical files")


def pd_grow_percent(ctx, d):
    counts_file(os.path.join(d, "old.json"), 10000, BASE)
    grown = [("main", 100, 10300, 1), ("work", 9000, 10500, 10), ("helper", 1500, 1500, 50)]
    counts_file(os.path.join(d, "new.json"), 10300, grown)
    expect_status(profdiff(ctx, d, "--threshold=5%", "old.json", "new.json"), 1,
                  "helper +67%, work +6% past 5%")
    expect_status(profdiff(ctx, d, "--threshold=70%", "old.json", "new.json"), 0,
                  "nothing past 70%")
    r = profdiff(ctx, d, "--threshold=2%", "--function=main", "old.json", "new.json")
    expect_status(r, 1, "main +3% past 2%")
    r = profdiff(ctx, d, "--threshold=4%", "--function=main", "old.json", "new.json")
    expect_status(r, 0, "main +3% within 4%, whatever helper did")
    r = profdiff(ctx, d, "--threshold=10%", "--function=work", "old.json", "new.json")
    expect_status(r, 0, "work +6% (inclusive) within 10%, whatever helper did")
    # sorted by the size of the change: helper and work (+600 each) before main (+300)
    lines = [l for l in profdiff(ctx, d, "old.json", "new.json").stdout.decode().splitlines()
             if re.search(r"\b(main|work|helper)\b", l)]
    order = [re.search(r"\b(main|work|helper)\b", l).group(1) for l in lines]
    if not order or order[-1] != "main":
        raise Failure("not sorted by the size of the change:\n" + "\n".join(lines))


def pd_grow_instructions(ctx, d):
    counts_file(os.path.join(d, "old.json"), 10000, BASE)
    grown = [("main", 100, 10010, 1), ("work", 9000, 9910, 10), ("helper", 910, 910, 50)]
    counts_file(os.path.join(d, "new.json"), 10010, grown)
    expect_status(profdiff(ctx, d, "--threshold=9", "old.json", "new.json"), 1,
                  "+10 instructions past 9")
    expect_status(profdiff(ctx, d, "--threshold=10", "old.json", "new.json"), 0,
                  "+10 instructions within 10")


def pd_shrink(ctx, d):
    counts_file(os.path.join(d, "old.json"), 10000, BASE)
    shrunk = [("main", 100, 5000, 1), ("work", 4000, 4900, 10), ("helper", 900, 900, 50)]
    counts_file(os.path.join(d, "new.json"), 5000, shrunk)
    expect_status(profdiff(ctx, d, "--threshold=0", "old.json", "new.json"), 0, "a shrink")
    # a function that appears is growth from 0
    counts_file(os.path.join(d, "new2.json"), 10001, BASE + [("fresh", 1, 1, 1)])
    expect_status(profdiff(ctx, d, "--threshold=0", "old.json", "new2.json"), 1,
                  "a new function with 1 instruction past 0")


def pd_callgrind(ctx, d):
    """profemu's own callgrind files and valgrind's: read and compared by function."""
    guest = ctx.guest("cpubench", "x86_64", "static")
    files = []
    for args in (ARGS, ["19", "2000", "1"]):
        out = "cg-%s.out" % args[0]
        ctx.run([ctx.profemu, "--callgrind=" + out, guest] + args, d)
        files.append(out)
    r = profdiff(ctx, d, "--threshold=1000000", files[0], files[1])
    expect_status(r, 0, "callgrind files within a large threshold")
    if not re.search(r"\bfib\b", r.stdout.decode()):
        raise Failure("fib (which grows with fib(19)) is not listed:\n" + r.stdout.decode())
    expect_status(profdiff(ctx, d, "--threshold=0", files[0], files[1]), 1,
                  "fib(19) after fib(18) past 0")
    if shutil.which("valgrind"):
        ctx.run([shutil.which("valgrind"), "--tool=callgrind", "--callgrind-out-file=vg.out",
                 guest] + ARGS, d)
        ctx.run([ctx.profemu, "--counts=c.json", guest] + ARGS, d)
        for pair in (("vg.out", "c.json"), ("c.json", "vg.out")):
            r = profdiff(ctx, d, "--function=fib", "--function=sift_down", "--function=main",
                         "--metric=self", "--threshold=0", *pair)
            expect_status(r, 0, "valgrind's own functions against --counts (%s -> %s)" % pair)


def pd_bad_input(ctx, d):
    with open(os.path.join(d, "junk.json"), "w") as f:
        f.write("{ not json")
    counts_file(os.path.join(d, "old.json"), 10000, BASE)
    for args, what in ((["old.json", "missing.json"], "a missing file"),
                       (["old.json", "junk.json"], "a file that is neither format"),
                       (["--threshold=abc", "old.json", "old.json"], "a bad threshold"),
                       (["old.json"], "one file"),
                       (["--bogus", "old.json", "old.json"], "an unknown option")):
        r = profdiff(ctx, d, *args)
        expect_status(r, 2, what)
        if not r.stderr.startswith(b"profdiff: "):
            raise Failure("%s: no message on stderr: %r" % (what, r.stderr))


PROFDIFF_CASES = {
    "same": pd_same,
    "grow-percent": pd_grow_percent,
    "grow-instructions": pd_grow_instructions,
    "shrink": pd_shrink,
    "callgrind": pd_callgrind,
    "bad-input": pd_bad_input,
}


def run_case(name, args):
    ctx = Context(args)
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"

    def run(ctx):
        kind, _, rest = name.partition("-")
        if name.startswith("counts-valgrind-"):
            run_valgrind(ctx, name[len("counts-valgrind-"):])
        elif name.startswith("callgrind-valgrind-"):
            run_callgrind_valgrind(ctx, name[len("callgrind-valgrind-"):])
        elif name.startswith("counts-invariants-"):
            run_invariants(ctx, name[len("counts-invariants-"):])
        elif kind == "profdiff" and rest in PROFDIFF_CASES:
            PROFDIFF_CASES[rest](ctx, ctx.fresh_dir(rest))
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, run)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_counts.py", cases(), run_case,
                              [("--profemu", "the profemu binary"),
                               ("--profdiff", "the profdiff binary")], name=lambda c: c))
