#!/usr/bin/env python3
"""End-to-end tests of the symbolizer (symbols/): every object, function and source line named
in the outputs of dynamic programs, against real tools.

Cases:
  annotate-ARCH    guests/symbols_demo.c built here with -g -O1, dynamic (PIE), runs under
                   profemu --callgrind; callgrind_annotate --auto=yes prints its source with
                   the Ir of the sorting comparison's line, and lists the C library's sort
                   (msort_with_tmp with libc6-dbg's symbols, else qsort) under libc.so.6,
                   and ld.so's code under its own object.
  valgrind-ARCH    the same program natively under valgrind's callgrind (--skip-plt=no: a PLT
                   stub is its own function on both sides), in the environment run_counts.py
                   gives both (the CPU view through GLIBC_TUNABLES, valgrind's client
                   variables): self Ir equal for the program's functions and for the C
                   library's functions the sort runs (summed over recursion levels); the totals
                   and the count of functions that agree are printed.
  python3-folded   the host's python3 (a stripped Debian binary: .dynsym only) under --folded:
                   _PyEval_EvalFrameDefault is a frame, no frame is a bare address.
  perl-folded      the same for perl, naming Perl_runops_standard.
  dbgsym-x86_64    the demo, stripped, with its debug file made by objcopy --only-keep-debug
                   and laid out as a -dbgsym package lays it out (usr/lib/debug/.build-id/xx/
                   yyyy.debug) in a sysroot (-L) that links the host's libraries: the static
                   function cmp (in no table of the stripped file) is named, with its lines.

Usage: run_symbols.py --profemu build/profemu CASE...
       run_symbols.py --list
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError, Skip
import run_counts

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests",
                      "symbols_demo.c")
CC = {"x86_64": "gcc", "i386": "i686-linux-gnu-gcc"}
OWN = ["cmp", "work", "main"]
LIBC = ["msort_with_tmp.part.0"]


def cases():
    return (["annotate-" + a for a in CC] + ["valgrind-" + a for a in CC] +
            ["python3-folded", "perl-folded", "dbgsym-x86_64"])


def run(ctx, cmd, cwd, env=None):
    r = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=ctx.timeout,
                       env=env if env is not None else e2e_harness.environment({}))
    if r.returncode:
        raise Failure("%s exited %d:\n%s" % (" ".join(cmd), r.returncode,
                                             e2e_harness.indent(r.stderr.decode()[-800:])))
    return r


def build_demo(ctx, arch, d):
    cc = shutil.which(CC[arch])
    if not cc:
        raise Skip(CC[arch] + " is not installed")
    out = os.path.join(d, "demo")
    src = os.path.join(d, "symbols_demo.c")
    shutil.copy(SOURCE, src)
    run(ctx, [cc, "-g", "-O1", "-fPIE", "-pie", "-o", out, src], d, env=os.environ.copy())
    return out


def profemu(ctx, d, opts, argv):
    env = e2e_harness.environment({})
    cmd = [ctx.profemu] + e2e_harness.unset_sanitizer_vars(env) + opts + argv
    return run(ctx, cmd, d, env)


def run_annotate(ctx, arch):
    if not shutil.which("callgrind_annotate"):
        raise Skip("callgrind_annotate (valgrind) is not installed")
    d = ctx.fresh_dir("annotate")
    demo = build_demo(ctx, arch, d)
    r = profemu(ctx, d, ["--callgrind=pe.out"], [demo, "3000"])
    text = run(ctx, ["callgrind_annotate", "--auto=yes", "pe.out"], d,
               env=os.environ.copy()).stdout.decode()
    problems = []
    line = re.search(r"^\s*([\d,]+)\s.*\breturn \(x > y\) - \(x < y\);", text, re.M)
    if not line:
        problems.append("no annotated source line with Ir for cmp's comparison")
    # msort_with_tmp is static: named where libc's .symtab is at hand (libc6-dbg), else the
    # sort's exported entry
    if not re.search(r"(msort_with_tmp|qsort)\S* \[\S*/libc\.so\.6\]", text):
        problems.append("neither msort_with_tmp nor qsort is listed under libc.so.6")
    if not re.search(r"\[\S*/ld-linux[^]]*\.so\.2\]", text):
        problems.append("ld.so's functions are not listed under their object")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems) + "\n" +
                      e2e_harness.indent(text[:3000]))
    ctx.notes.append("cmp's line: %s Ir" % line.group(1))


def self_ir(path):
    return run_counts.callgrind_self(path)[0], run_counts.callgrind_self(path)[3]


def run_valgrind(ctx, arch):
    if not shutil.which("valgrind"):
        raise Skip("valgrind is not installed")
    e2e_harness.need_host_runs(arch, "valgrind runs the demo natively")
    d = ctx.fresh_dir("valgrind")
    demo = build_demo(ctx, arch, d)
    fixed, client_env = run_counts.valgrind_env(ctx, arch, d)
    args = ["3000"]
    run(ctx, [shutil.which("valgrind"), "--tool=callgrind", "--skip-plt=no",
              "--callgrind-out-file=vg.out", demo] + args, d, env=fixed)
    opts = [a for n, v in client_env for a in ("-E", "%s=%s" % (n, v))]
    profemu(ctx, d, ["--callgrind=pe.out"] + opts, [demo] + args)
    vg, vg_total = self_ir(os.path.join(d, "vg.out"))
    pe, pe_total = self_ir(os.path.join(d, "pe.out"))
    problems = ["%s: self Ir %s, valgrind %s" % (f, pe.get(f), vg.get(f))
                for f in OWN + LIBC if pe.get(f) is None or pe.get(f) != vg.get(f)]
    both = [f for f in pe if f in vg]
    equal = [f for f in both if pe[f] == vg[f]]
    ctx.notes.append("%s: %s; %d functions in both files, %d with equal self Ir; totals "
                     "profemu %d, valgrind %d (%+.4f%%)" % (
                         arch, ", ".join("%s %s" % (f, pe.get(f)) for f in OWN + LIBC),
                         len(both), len(equal), pe_total, vg_total,
                         100.0 * (pe_total - vg_total) / vg_total))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def frames(path):
    out = set()
    with open(path) as f:
        for line in f:
            stack = line.rsplit(" ", 1)[0]
            out.update(stack.split(";"))
    return out


def run_interpreter(ctx, name, code, wanted):
    exe = shutil.which(name)
    if not exe:
        raise Skip(name + " is not installed")
    exe = os.path.realpath(exe)
    d = ctx.fresh_dir(name)
    profemu(ctx, d, ["--folded=out.folded"], [exe] + code)
    names = frames(os.path.join(d, "out.folded"))
    bare = sorted(f for f in names if re.match(r"^0x[0-9a-f]+$", f))
    problems = []
    if wanted not in names:
        problems.append("no %s frame" % wanted)
    if bare:
        problems.append("bare addresses: " + " ".join(bare[:10]))
    offsets = sorted(f for f in names if re.search(r"\+0x[0-9a-f]+$", f))
    ctx.notes.append("%d frames, %d named by object+offset (code no symbol covers)" %
                     (len(names), len(offsets)))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_dbgsym(ctx):
    for tool in ("objcopy", "strip", "readelf"):
        if not shutil.which(tool):
            raise Skip(tool + " is not installed")
    d = ctx.fresh_dir("dbgsym")
    demo = build_demo(ctx, "x86_64", d)
    root = os.path.join(d, "root")
    # the sysroot: the host's libraries, and a debug tree of its own
    for sub in ("lib", "lib64", "etc", "usr/lib/x86_64-linux-gnu"):
        os.makedirs(os.path.dirname(os.path.join(root, sub)), exist_ok=True)
        if os.path.exists("/" + sub):
            os.symlink("/" + sub, os.path.join(root, sub))
    note = run(ctx, ["readelf", "-n", demo], d, env=os.environ.copy()).stdout.decode()
    m = re.search(r"Build ID: ([0-9a-f]+)", note)
    if not m:
        raise HarnessError("the demo has no build-id")
    bid = m.group(1)
    debug = os.path.join(root, "usr/lib/debug/.build-id", bid[:2], bid[2:] + ".debug")
    os.makedirs(os.path.dirname(debug))
    run(ctx, ["objcopy", "--only-keep-debug", demo, debug], d, env=os.environ.copy())
    stripped = os.path.join(d, "stripped")
    run(ctx, ["strip", "--strip-all", "-o", stripped, demo], d, env=os.environ.copy())
    r = profemu(ctx, d, ["-L", root, "--callgrind=pe.out", "--folded=pe.folded"], [stripped, "2000"])
    text = open(os.path.join(d, "pe.out")).read()
    problems = []
    if "cmp" not in frames(os.path.join(d, "pe.folded")):
        problems.append("no cmp frame: the debug file's .symtab was not read")
    if not re.search(r"^fl=\S*symbols_demo\.c$", text, re.M):
        problems.append("no fl= naming the demo's source: the debug file's lines were not read")
    if r.stderr:
        problems.append("warnings: " + r.stderr.decode()[:400])
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_case(name, args):
    ctx = e2e_harness.Context(args, "symbols")
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"

    def go(ctx):
        kind, _, arch = name.partition("-")
        if kind == "annotate" and arch in CC:
            run_annotate(ctx, arch)
        elif kind == "valgrind" and arch in CC:
            run_valgrind(ctx, arch)
        elif name == "python3-folded":
            run_interpreter(ctx, "python3", ["-c", "sum(i * i for i in range(3000))"],
                            "_PyEval_EvalFrameDefault")
        elif name == "perl-folded":
            run_interpreter(ctx, "perl", ["-e", "my $s = 0; $s += $_ * $_ for 1 .. 3000"],
                            "Perl_runops_standard")
        elif name == "dbgsym-x86_64":
            run_dbgsym(ctx)
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, go)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_symbols.py", cases(), run_case,
                              [("--profemu", "the profemu binary")], name=lambda c: c))
