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


def run_case(name, args):
    ctx = Context(args)
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"
    by_name = {"ia64-" + r["name"]: r for r in rows()}

    def run(ctx):
        if name not in by_name:
            raise HarnessError("unknown case " + name)
        run_row(ctx, by_name[name])
    return e2e_harness.run_in_context(ctx, run)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_ia64.py", ["ia64-" + r["name"] for r in rows()],
                              run_case, [("--profemu", "the profemu binary")],
                              name=lambda c: c))
