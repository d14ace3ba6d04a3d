#!/usr/bin/env python3
"""End-to-end tests with hostile and unlucky guests (issue 18): programs that push profemu's
memory map, code caches, clock and system calls where ordinary programs seldom go. Every run
under profemu must end as the oracle's does (native for x86-64, the host or qemu-i386 for
i386, qemu-hppa for hppa), never with a host crash (a signal, a sanitizer report), and write
its --stats file (the profile so far) whatever the guest did.

The guests are guests/hostile.c and guests/sysfuzz.c, static builds. Cases (ARCH in x86_64,
i386, hppa):
  hostile-ARCH-maps        10 000 live 256 KiB malloc blocks (x86-64; 4 200 on 32-bit), each
                           a mapping of its own (c97a96a: Unicorn's phys_section_add assertion,
                           SIGABRT, no output, past ~4 100; each mapping slower than the last)
  hostile-ARCH-churn       10 000 live one-page mappings of alternating protection (4 200 on
                           32-bit) and 5 000 munmap/mmap pairs among them, contents checked
  hostile-ARCH-noreserve   one 100 GB MAP_NORESERVE mapping (2 GiB on 32-bit), touched at its
                           ends and middle (c97a96a: ENOMEM on x86-64)
  hostile-ARCH-codeload    100 functions pread() in turn into one page that already ran, then
                           read() and an mmap of the file over it: each call runs the code just
                           loaded (c97a96a: 99 of 100 stale on x86)
  hostile-ARCH-smc         a function rewritten 2 000 times in place by stores, two variants
                           with other instruction boundaries: the output is the oracle's, and
                           --stats counts exactly the instructions of the same program writing
                           each variant over a page of its own (nothing to go stale there)
  hostile-ARCH-smcthreads  the same rewriting in one thread handing turns to a second one by
                           spinning, at --quantum 997 and 10007: only a time slice that ends
                           where it must lets it finish (c97a96a: a hang on x86)
  hostile-ARCH-maxinsns    --max-insns 1, 2, 3 and 1 000 001: status 137, exactly that many
                           instructions in --stats, and --gmon written (c97a96a x86: 0 for 1-3,
                           9 999 998 for 10 000 001)
  hostile-ARCH-brk         brk(-1) and a break that wraps past the end of the space answer the
                           current break; the program's memory stays (c97a96a x86-64: text and
                           data unmapped)
  hostile-ARCH-execdir     execve of a directory fails with EACCES (c97a96a: ENOEXEC)
  hostile-x86_64-wild      reads and writes at non-canonical addresses and kernel ones whose
                           low 48 bits are the program's data: SIGSEGV each, si_addr null or
                           exact, as natively (fa228a4: a non-canonical address 0xffff0000'...
                           wrapped onto the guest's own page, which was read and written;
                           kernel addresses reported wrongly; fuzz_x86's host crash)
  hostile-ARCH-threads     1 000 threads alive at once, then joined (x86-64 only: 200 on the
                           others); the x86-64 run must take under 5 s (30 s in a sanitizer
                           build; c97a96a: 81-93 s)
  hostile-hppa-threadmax   threads with the default 8 MiB stacks, up to 500, as many as
                           qemu-hppa runs (c97a96a: 223)
  sysfuzz-ARCH-SEED        2 000 system calls with random arguments and pointers into unmapped,
                           read-only and foreign memory (SEED 1 to 3): every call returns and
                           the guest's read-only page is intact (x86-64: as the native run
                           says; qemu-user is no oracle, it crashes on these calls)
  hostile-cli-env          -E with an empty name (-E=, -E =x) and -U with an empty or bad one:
                           status 2 and a message before anything runs (c97a96a: accepted)
  hostile-outputs-prerun   an output in a missing directory, an empty output name, one file
                           named by two output options (also as ./NAME and through a link):
                           status 2 and a message naming it before the guest runs (fa228a4:
                           found after the run, or one output silently kept); two outputs to
                           /dev/null stay allowed
  hostile-outputs-longname a legal 250-byte --gmon name is written, no temporary file left
                           (fa228a4: the temporary name passed NAME_MAX, ENAMETOOLONG)
  hostile-outputs-enospc   --gmon=/dev/full: "No space left on device", status 126, --stats
                           still written (fa228a4: "Input/output error")
  hostile-outputs-fifo     --gmon into a FIFO nobody reads: ends at once with a message, status
                           126, --stats written (fa228a4: blocked for ever)
  hostile-stop-ARCH-MODE   SIGINT, SIGTERM, SIGHUP sent to profemu running guests/deaf.c, which
                           ignores them (spin; read: waiting in read), blocks them (block) or
                           handles them (handle): the first changes nothing, a second ends the
                           run with status 128 + it and every output written, no temporary
                           left, a stale one ignored; a handler gets both (e0fa0ab: only SIGKILL
                           ended them, every output lost). x86_64-writing: a SIGTERM while
                           gmon.out blocks on a FIFO: the other outputs still written, status
                           143 (hostile_stop.py)
  hostile-ARCH-procmaps    /proc/self/maps is the guest's: pthread_getattr_np works, as natively
  hostile-ARCH-procmem     /proc/self/mem refused (EACCES), never profemu's memory
  hostile-ARCH-procstart   /proc/self/environ and auxv are the guest's: its environment
                           strings and its auxiliary vector
  hostile-ARCH-procfiles   /proc/self/maps names every file mapping (data files too, with
                           offset, device, inode), [heap], [stack], as natively
  hostile-ARCH-procsmaps   /proc/self/smaps, smaps_rollup, task/TID/maps are the guest's
                           (hostile_proc.py)
  hostile-ia64-procMODE    the five above for IA-64 (the committed guests/ia64/bin/procself)
IA-64 runs the committed guests/ia64/bin/ builds of the same sources (guests/ia64/build.sh),
against the native x86-64 run of the same program and arguments (Ski runs no threads, no
signals, no fork; it also ran stale code in codeload, 1 of 102): hostile-ia64-MODE for the
modes above but wild and threadmax (64-bit arguments), sysfuzz-ia64-SEED,
hostile-stop-ia64-spin, and
  hostile-ia64-shared-MODE  guests/shared.c (anon, file, named): memory shared across fork
  hostile-ia64-realcalls-MODE  guests/realcalls.c (timer, timerfd, eventfd, inotify, mincore,
                           copyrange, mmsg, mremap): the system calls real programs make

Usage:
  run_hostile.py --list
  run_hostile.py --profemu build/profemu --guest-dir build/guests CASE...
Exit status (one case): 0 pass, 1 fail, 77 skipped, 99 harness error.
"""

import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
import hostile_proc
import hostile_stop
from e2e_harness import Failure, HarnessError, Skip

ARCHES = ["x86_64", "i386", "hppa"]
WIDE = ("x86_64", "ia64")    # 64-bit: the first arguments of COMPARED
# IA-64 guests are committed binaries (CI has no IA-64 cross compiler)
IA64_BIN = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                         "guests", "ia64", "bin"))
IA64_SHARED_MODES = ["anon", "file", "named"]
IA64_REALCALLS_MODES = ["timer", "timerfd", "eventfd", "inotify", "mincore", "copyrange", "mmsg",
                        "mremap"]
# name -> (arguments on 64-bit, arguments on 32-bit)
COMPARED = {
    "maps": (["maps", "10000"], ["maps", "4200"]),
    "churn": (["churn", "10000", "5000"], ["churn", "4200", "5000"]),
    "noreserve": (["noreserve"], ["noreserve"]),
    "codeload": (["codeload"], ["codeload"]),
    "brk": (["brk"], ["brk"]),
    "execdir": (["execdir"], ["execdir"]),
    "threads": (["threads", "1000"], ["threads", "200"]),
}
OWN = ["smc", "smcthreads", "maxinsns"]
SYSFUZZ_SEEDS = [1, 2, 3]
SYSFUZZ_CALLS = "2000"
# 1 000 threads on x86-64: the 5 s (0d5eb56: 1.2-1.5 s at load ~12, native 0.6-0.7 s);
# a sanitizer build (scripts/test.sh sets ASAN_OPTIONS for it) runs several times slower
SANITIZED = any(k.startswith(("ASAN_", "UBSAN_")) for k in os.environ)
THREADS_SECONDS = 30 if SANITIZED else 5
QUANTA = [997, 10007]
LIMITS = [1, 2, 3, 1000001]
HOST_CRASH_MARKS = ("AddressSanitizer", "runtime error:", "LeakSanitizer", "Assertion")


def cases():
    out = []
    for arch in ARCHES:
        out += ["hostile-%s-%s" % (arch, c) for c in list(COMPARED) + OWN]
    out.append("hostile-hppa-threadmax")
    out.append("hostile-x86_64-wild")
    out += ["hostile-ia64-" + c for c in list(COMPARED) + OWN]
    for arch in ARCHES + ["ia64"]:
        out += ["sysfuzz-%s-%d" % (arch, s) for s in SYSFUZZ_SEEDS]
    out.append("hostile-cli-env")
    out += ["hostile-outputs-" + c for c in ("prerun", "longname", "enospc", "fifo")]
    out += ["hostile-stop-x86_64-" + m for m in ("spin", "read", "block", "handle", "writing")]
    out += ["hostile-stop-i386-spin", "hostile-stop-hppa-spin", "hostile-stop-ia64-spin"]
    out += ["hostile-ia64-shared-" + m for m in IA64_SHARED_MODES]
    out += ["hostile-ia64-realcalls-" + m for m in IA64_REALCALLS_MODES]
    for arch in ARCHES + ["ia64"]:
        out += ["hostile-%s-proc%s" % (arch, m)
                for m in ("maps", "mem", "start", "files", "smaps")]
    return out


ENV = {"PATH": "/usr/bin:/bin", "LANG": "C", "HOME": "/nonexistent"}


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "hostile")

    def guest(self, name, arch, link=None):
        """IA-64: the committed static build of guests/NAME.c."""
        if arch != "ia64":
            return super().guest(name, arch, link)
        path = os.path.join(IA64_BIN, name)
        if not os.path.isfile(path):
            raise HarnessError("%s is missing (guests/ia64/build.sh makes it)" % path)
        return path

    def oracle(self, arch, argv, cwd):
        """The oracle's run of argv (an arch program): native, or qemu-user; for IA-64 the
        native run of the same source built for x86-64."""
        if arch == "ia64":
            name = os.path.basename(argv[0])
            return self.oracle("x86_64", [self.guest(name, "x86_64", "static")] + argv[1:], cwd)
        if arch == "hppa":
            qemu = e2e_harness.QEMU_USER["hppa"]
            if not shutil.which(qemu[0]):
                raise Skip("qemu-hppa is missing: no oracle for hppa")
            cmd = qemu + argv
        else:
            cmd = e2e_harness.oracle_argv(arch, argv)
        return self.run(cmd, cwd)

    def run(self, cmd, cwd, timeout=None):
        try:
            return subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout or self.timeout,
                                  env=e2e_harness.environment(ENV))
        except subprocess.TimeoutExpired:
            raise Failure("%s did not end in %d s" % (" ".join(cmd), timeout or self.timeout))

    def profemu_run(self, argv, cwd, opts=(), timeout=None):
        """Runs argv under profemu with --stats; fails on a host crash or a missing --stats.
        Returns (CompletedProcess, the stats as a dict)."""
        stats = os.path.join(cwd, "profemu-stats.json")
        if os.path.exists(stats):
            os.unlink(stats)
        env = e2e_harness.environment(ENV)
        cmd = ([self.profemu, "--stats=" + stats] + e2e_harness.unset_sanitizer_vars(env)
               + list(opts) + argv)
        r = self.run(cmd, cwd, timeout)
        err = r.stderr.decode(errors="replace")
        if r.returncode < 0 or any(m in err for m in HOST_CRASH_MARKS):
            raise Failure("profemu crashed (status %d) on %s:\n%s" % (
                r.returncode, " ".join(argv), e2e_harness.indent(err[-1500:])))
        try:
            with open(stats) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise Failure("profemu (status %d) wrote no --stats on %s: %s\n%s" % (
                r.returncode, " ".join(argv), e, e2e_harness.indent(err[-800:])))
        return r, data


def same_end(what, want, got):
    """got (profemu's run) must end as want (the oracle's): stdout and status."""
    if got.returncode != want.returncode or got.stdout != want.stdout:
        raise Failure("%s: profemu status %d, the oracle's %d\n  profemu stdout:\n%s\n"
                      "  oracle stdout:\n%s\n  profemu stderr:\n%s" % (
                          what, got.returncode, want.returncode,
                          e2e_harness.indent(got.stdout.decode(errors="replace")[-800:]),
                          e2e_harness.indent(want.stdout.decode(errors="replace")[-800:]),
                          e2e_harness.indent(got.stderr.decode(errors="replace")[-800:])))
    if want.returncode != 0 and not want.stdout:
        raise HarnessError("%s fails under its oracle (status %d):\n%s" % (
            what, want.returncode, e2e_harness.indent(want.stderr.decode(errors="replace"))))


def compared(ctx, arch, name, argv, opts=(), timeout=None):
    d = ctx.fresh_dir(name)
    want = ctx.oracle(arch, argv, d)
    got, stats = ctx.profemu_run(argv, d, opts, timeout)
    same_end("%s (%s)" % (" ".join(argv[1:]), " ".join(opts)), want, got)
    return got, stats


def run_smc(ctx, arch, guest):
    # "place" and "split" alike in length: both runs start with the same stack
    _, stats = compared(ctx, arch, "smc", [guest, "smc", "2000", "place"])
    _, split = ctx.profemu_run([guest, "smc", "2000", "split"], ctx.fresh_dir("smc-split"))
    if stats["instructions"] != split["instructions"]:
        raise Failure("rewriting in place counted %d instructions, the same code on two pages "
                      "%d" % (stats["instructions"], split["instructions"]))
    ctx.notes.append("%d instructions either way" % stats["instructions"])


def run_maxinsns(ctx, arch, guest):
    problems = []
    for n in LIMITS:
        d = ctx.fresh_dir("max%d" % n)
        r, stats = ctx.profemu_run([guest, "smc", "1000000"], d,
                                   ["--max-insns=%d" % n, "--gmon=" + os.path.join(d, "gmon.out")])
        if r.returncode != 137:
            problems.append("--max-insns=%d: status %d (137 expected)" % (n, r.returncode))
        if stats["instructions"] != n:
            problems.append("--max-insns=%d: %d instructions ran" % (n, stats["instructions"]))
        if not os.path.isfile(os.path.join(d, "gmon.out")):
            problems.append("--max-insns=%d: no gmon.out" % n)
    if problems:
        raise Failure("\n".join(problems))


def run_threads(ctx, arch, guest):
    argv = [guest] + COMPARED["threads"][0 if arch in WIDE else 1]
    start = time.monotonic()
    compared(ctx, arch, "threads", argv)
    took = time.monotonic() - start
    ctx.notes.append("oracle and profemu together: %.1f s" % took)
    if arch == "x86_64":
        d = ctx.fresh_dir("threads-timed")
        start = time.monotonic()
        ctx.profemu_run(argv, d)
        took = time.monotonic() - start
        ctx.notes.append("profemu alone: %.1f s" % took)
        if took > THREADS_SECONDS:
            raise Failure("1 000 threads took %.1f s under profemu (at most %d)" % (
                took, THREADS_SECONDS))


def run_sysfuzz(ctx, arch, seed):
    """The program prints one line when every call returned and its read-only page held. On
    x86-64 the native run is the oracle too; qemu-i386 and qemu-hppa are none here (both die
    of SIGSEGV in sched_getaffinity with a huge length, seed 1)."""
    guest = ctx.guest("sysfuzz", arch, "static")
    argv = [guest, str(seed), SYSFUZZ_CALLS]
    if arch == "x86_64":
        compared(ctx, arch, "sysfuzz", argv)
        return
    got, _ = ctx.profemu_run(argv, ctx.fresh_dir("sysfuzz"))
    want = ("sysfuzz %d %s: %s calls, read-only page intact\n" % (
        seed, SYSFUZZ_CALLS, SYSFUZZ_CALLS)).encode()
    if got.returncode != 0 or got.stdout != want:
        raise Failure("profemu status %d (0 expected), stdout %r (%r expected)\n%s" % (
            got.returncode, got.stdout[-300:], want,
            e2e_harness.indent(got.stderr.decode(errors="replace")[-800:])))


def run_cli(ctx):
    guest = ctx.guest("hostile", "x86_64", "static")
    problems = []
    for opts in (["-E="], ["-E", "=x"], ["-U", ""], ["-U", "A=B"]):
        d = ctx.fresh_dir("cli")
        r = ctx.run([ctx.profemu] + opts + [guest, "brk"], d)
        err = r.stderr.decode(errors="replace")
        if r.returncode != 2 or r.stdout or "profemu" not in err:
            problems.append("%s: status %d (2 expected), stdout %r, stderr %r" % (
                " ".join(repr(o) for o in opts), r.returncode, r.stdout[:80], err[:200]))
    if problems:
        raise Failure("\n".join(problems))


def run_outputs(ctx, what):
    """profemu's output files: checked before the run, written whatever their name."""
    guest = ctx.guest("hello", "x86_64", "static")
    d = ctx.fresh_dir("outputs-" + what)
    problems = []

    def run(opts):
        r = ctx.run([ctx.profemu] + opts + [guest], d, timeout=60)
        return r, r.stderr.decode(errors="replace")

    if what == "prerun":
        os.symlink("g.out", os.path.join(d, "link"))
        refused = [
            (["--gmon=nodir/g.out"], "nodir/g.out"),
            (["--gmon="], "empty"),
            (["--gmon=g.out", "--stats=g.out"], "g.out"),
            (["--gmon=g.out", "--folded=./g.out"], "g.out"),
            (["--callgrind=link", "--gmon=g.out"], "g.out"),
        ]
        for opts, named in refused:
            r, err = run(opts)
            if r.returncode != 2 or r.stdout or named not in err:
                problems.append("%s: status %d (2 expected), stdout %r, stderr %r (naming %r "
                                "expected)" % (" ".join(opts), r.returncode, r.stdout[:60],
                                               err[:200], named))
        left = sorted(set(os.listdir(d)) - {"link"})
        if left:
            problems.append("files written by refused runs: %s" % left)
        r, err = run(["--gmon=/dev/null", "--stats=/dev/null"])
        if r.returncode != 0:
            problems.append("two outputs to /dev/null: status %d, %r" % (r.returncode, err[:200]))
    elif what == "longname":
        name = "g" * 250
        r, err = run(["--gmon=" + name])
        if r.returncode != 0 or not os.path.isfile(os.path.join(d, name)):
            problems.append("--gmon with a 250-byte name: status %d, %r" % (r.returncode, err[:300]))
        if os.listdir(d) != [name]:
            problems.append("left in the directory: %s" % [n[:20] + "..." for n in os.listdir(d)])
    else:
        stats = os.path.join(d, "stats.json")
        if what == "enospc":
            target, want = "/dev/full", "No space left on device"
        else:
            target, want = os.path.join(d, "fifo"), "no reader"
            os.mkfifo(target)
        r, err = run(["--gmon=" + target, "--stats=" + stats])
        if r.returncode != 126 or want not in err:
            problems.append("--gmon=%s: status %d (126 expected), stderr %r (%r expected)" % (
                target, r.returncode, err[:300], want))
        if not os.path.isfile(stats):
            problems.append("--stats was not written")
    if problems:
        raise Failure("\n".join(problems))


def run_case(name, args):
    ctx = Context(args)
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"

    def run(ctx):
        parts = name.split("-")
        if name == "hostile-cli-env":
            return run_cli(ctx)
        if parts[1] == "outputs":
            return run_outputs(ctx, parts[2])
        if parts[1] == "stop":
            if parts[2] == "hppa" and not os.path.isdir(os.path.join(ctx.guest_dir or "", "hppa")):
                raise Skip("no hppa guests (hppa-linux-gnu-gcc missing)")
            if parts[3] == "writing":
                return hostile_stop.run_stop_writing(ctx, parts[2])
            return hostile_stop.run_stop(ctx, parts[2], parts[3])
        arch = parts[1]
        if arch == "hppa" and not os.path.isdir(os.path.join(ctx.guest_dir or "", "hppa")):
            raise Skip("no hppa guests (hppa-linux-gnu-gcc missing)")
        if parts[0] == "sysfuzz":
            return run_sysfuzz(ctx, arch, int(parts[2]))
        what = "-".join(parts[2:])
        if parts[2] in ("shared", "realcalls"):
            return compared(ctx, arch, what, [ctx.guest(parts[2], arch), parts[3]])
        if what == "procmaps":
            return hostile_proc.run_procmaps(ctx, arch, compared)
        if what == "procmem":
            return hostile_proc.run_procmem(ctx, arch)
        if what in ("procstart", "procfiles", "procsmaps"):
            return hostile_proc.run_native_verdicts(ctx, arch, what[4:])
        guest = ctx.guest("hostile", arch, "static")
        if what == "smc":
            run_smc(ctx, arch, guest)
        elif what == "smcthreads":
            for q in QUANTA:
                compared(ctx, arch, "smcthreads", [guest, "smcthreads", "300"],
                         ["--quantum=%d" % q], timeout=120)
        elif what == "maxinsns":
            run_maxinsns(ctx, arch, guest)
        elif what == "threads":
            run_threads(ctx, arch, guest)
        elif what == "threadmax":
            compared(ctx, arch, "threadmax", [guest, "threadmax", "500"])
        elif what == "wild":
            compared(ctx, arch, "wild", [guest, "wild"])
        elif what in COMPARED:
            argv = [guest] + COMPARED[what][0 if arch in WIDE else 1]
            compared(ctx, arch, what, argv)
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, run)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_hostile.py", cases(), run_case,
                              [("--profemu", "the profemu binary")], name=lambda c: c))
