#!/usr/bin/env python3
"""End-to-end tests of pthread programs on profemu's deterministic scheduler.

The guest is guests/threads.c, one pthread program per case argument, built for x86-64 and
i386, static and dynamic. Cases (each for ARCH-LINK, e.g. threads-i386-dynamic-mutex):
  threads-ARCH-LINK-CASE   CASE in mutex (8 threads, one mutex), condvar (producer/consumer),
                           barrier, tls (__thread variables), join (join and detach), many
                           (200 threads created and joined), fork (a thread forks), cancel (a
                           cancelled thread), sleep (three threads sleep 300, 100, 200 ms), pipe (a thread reads an empty pipe
                           while the main thread computes and writes to it), alarm (every thread waits
                           until ITIMER_REAL's SIGALRM wakes the thread that takes it): stdout and exit status equal the native run's
  threads-ARCH-LINK-deadlock  two threads lock two mutexes in opposite orders: profemu ends
                           with status 134 (SIGABRT) and a report naming both threads, their
                           pc and the futex each waits on, never a hang
  threads-ARCH-LINK-racy   an unlocked counter: one --sched-seed gives the same count on every
                           run; seeds 1 to 5 give at least two different counts
  threads-ARCH-LINK-determinism  10 runs of the condvar case give identical stdout, --stats
                           and (static) gmon.out
  threads-ARCH-static-outside  SIGUSR1 sent to profemu reaches the thread that waits for it in
                           pause() (the main thread blocks it); the program ends normally
  threads-ARCH-static-sigterm  SIGTERM sent to profemu kills the spinning threaded guest with
                           status 143, and --gmon and --stats are still written
  threads-ARCH-static-folded  --folded on the mutex case: each thread has its own call stack,
                           so every stack through add_locked starts at start_thread (never
                           main's), and --callgrind is written too
  threads-errors-options   a bad --quantum or --sched-seed: status 2 and a message
  threads-hppa-LINK-CASE   the same program built for hppa here (hppa-linux-gnu-gcc -pthread,
                           static and dynamic; the runner builds it once into
                           WORK_DIR/hppa-threads): CASE in the compared ones above, whose stdout
                           and exit status must equal qemu-hppa's; deadlock and racy as above;
                           determinism: 10 runs of condvar give identical stdout and --stats (and
                           gmon.out, static); threads-hppa-static-folded as folded above.
                           Skipped without hppa-linux-gnu-gcc or qemu-hppa.
  threads-block-ARCH-LINK-CASE  guests/thread_block.c: CASE pipefull (one write() of 1 MiB
                           into a pipe another thread drains slowly while a third counts) or
                           waitid (a thread waits in waitid for a child the running main
                           thread releases) or socket (accept, connect, send and recv over a
                           Unix socket between two threads while a third counts; i386 through
                           socketcall) or poll (a thread polls two pipes until another
                           writes to one, then an empty one with a 50 ms timeout) or select
                           and epoll (the same two waits through select and pselect,
                           epoll_wait and epoll_pwait): stdout and
                           status equal the native run's, where a
                           waiting thread that froze the others would hang
  threads-block-ARCH-static-counts  --counts with per-thread stacks: 4 threads each running
                           work() (1000 calls of leaf()), --quantum=300 so switches fall inside
                           it, give exactly 4 times one thread's self and inclusive counts
                           (ARCH ia64: the committed guests/ia64/bin/thread_block, compared
                           with the native x86-64 run of the same source)
  threads-ia64-static-CASE the same program built for IA-64 (the committed static
                           guests/ia64/bin/threads, guests/ia64/build.sh): CASE in the compared
                           ones, whose stdout and exit status must equal the native x86-64 run's
                           (Ski runs no threads); deadlock, racy, determinism, sigterm and folded
                           as above. The cases that need a signal handler run (alarm, outside)
                           skip while the IA-64 back end delivers none.

Usage:
  run_threads.py --list
  run_threads.py --profemu build/profemu --guest-dir build/guests CASE...
  run_threads.py --profemu build/profemu --guest-dir build/guests --all
Exit status (one case): 0 pass, 1 fail, 77 skipped, 99 harness error.
"""

import filecmp
import json
import os
import re
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError

ARCHES = ["x86_64", "i386"]
LINKAGES = ["static", "dynamic"]
COMPARED = ["mutex", "condvar", "barrier", "tls", "join", "many", "fork", "cancel", "sleep", "pipe", "alarm"]
OWN = ["deadlock", "racy", "determinism"]
ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C", "LC_ALL": "C", "TZ": "UTC"}
RACY_ITERATIONS = "200000"


class Case:
    def __init__(self, name, arch=None, link=None, what=None):
        self.name, self.arch, self.link, self.what = name, arch, link, what


CASES = [Case("threads-%s-%s-%s" % (a, l, w), a, l, w)
         for a in ARCHES for l in LINKAGES for w in COMPARED + OWN]
CASES += [Case("threads-%s-static-%s" % (a, w), a, "static", w)
          for a in ARCHES for w in ["outside", "sigterm", "folded"]]
CASES.append(Case("threads-errors-options"))
# hppa: outside and sigterm test the scheduler's host signals, which are the same code on
# every back end; folded (static: start_thread is reached through a long-branch stub and
# $$dyncall) roots the thread stacks at start_thread as on x86.
HPPA_OWN = ["deadlock", "racy", "determinism"]
CASES += [Case("threads-hppa-%s-%s" % (l, w), "hppa", l, w)
          for l in LINKAGES for w in COMPARED + HPPA_OWN]
CASES.append(Case("threads-hppa-static-folded", "hppa", "static", "folded"))
# IA-64: the committed static program; the oracle is the native x86-64 run (Ski has no threads).
IA64_OWN = ["deadlock", "racy", "determinism", "outside", "sigterm", "folded"]
CASES += [Case("threads-ia64-static-%s" % w, "ia64", "static", w) for w in COMPARED + IA64_OWN]
IA64_GUEST = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                           "..", "guests", "ia64", "bin", "threads"))
IA64_NO_HANDLERS = b"delivery to a guest handler is not supported"
HPPA_GCC = "hppa-linux-gnu-gcc"
HPPA_QEMU = "qemu-hppa"
HPPA_SYSROOT = "/usr/hppa-linux-gnu"
GUEST_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests",
                            "threads.c")


def run(ctx, argv, cwd, timeout=None):
    return subprocess.run(argv, cwd=cwd, env=e2e_harness.environment(ENV), capture_output=True,
                          timeout=timeout or ctx.timeout)


def guest_env_options(guest):
    """An IA-64 guest runs without the sanitizers' variables a sanitized profemu gets (they
    would change what its glibc does), as run_ia64.py's guests do."""
    if guest in (IA64_GUEST, IA64_BLOCK_GUEST):
        return e2e_harness.unset_sanitizer_vars(e2e_harness.environment(ENV))
    return []


def profemu(ctx, options, guest, args, cwd):
    return run(ctx, [ctx.profemu] + guest_env_options(guest) + options + [guest] + args, cwd)


def native(ctx, guest, args, cwd):
    """The oracle: the guest itself (the x86-64 host runs i386 programs too), or None."""
    try:
        return run(ctx, [guest] + args, cwd)
    except OSError:
        return None


def hppa_guest(ctx, link):
    """guests/threads.c built for hppa (static or dynamic) into WORK_DIR/hppa-threads, once:
    cases running in parallel each build into a temporary name and rename it into place."""
    gcc = shutil.which(HPPA_GCC)
    if not gcc or not shutil.which(HPPA_QEMU):
        raise e2e_harness.Skip("no %s or %s here: the hppa oracle is missing" % (HPPA_GCC,
                                                                              HPPA_QEMU))
    out_dir = os.path.join(ctx.work_dir, "hppa-threads")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "threads-" + link)
    if os.path.isfile(path) and os.path.getmtime(path) >= os.path.getmtime(GUEST_SOURCE):
        return path
    tmp = "%s.%d" % (path, os.getpid())
    argv = [gcc, "-O2", "-g", "-pthread", "-o", tmp, GUEST_SOURCE]
    if link == "static":
        argv.insert(1, "-static")
    built = subprocess.run(argv, capture_output=True)
    if built.returncode != 0:
        raise HarnessError("%s failed:\n%s" % (" ".join(argv), built.stderr.decode()))
    os.replace(tmp, path)
    return path


def guest_of(ctx, case):
    if case.arch == "hppa":
        return hppa_guest(ctx, case.link)
    if case.arch == "ia64":
        if not os.path.isfile(IA64_GUEST):
            raise HarnessError("%s is missing (guests/ia64/build.sh makes it)" % IA64_GUEST)
        return IA64_GUEST
    return ctx.guest("threads", case.arch, case.link)


def oracle(ctx, case, guest, cwd):
    """The native run (x86-64's for an IA-64 guest), or qemu-hppa's for an hppa guest."""
    if case.arch == "hppa":
        return run(ctx, [HPPA_QEMU, "-L", HPPA_SYSROOT, guest, case.what], cwd)
    if case.arch == "ia64":
        return native(ctx, ctx.guest("threads", "x86_64", "static"), [case.what], cwd)
    return native(ctx, guest, [case.what], cwd)


def skip_without_handlers(case, stderr):
    """An IA-64 case that needs a guest signal handler skips while the back end has none."""
    if case.arch == "ia64" and IA64_NO_HANDLERS in stderr:
        raise e2e_harness.Skip("IA-64 signal handlers are not delivered in this build")


def compared(ctx, case):
    guest = guest_of(ctx, case)
    want = oracle(ctx, case, guest, ctx.fresh_dir("native"))
    if want is None:
        raise e2e_harness.Skip("cannot run %s natively here" % guest)
    if want.returncode != 0:
        raise HarnessError("the oracle (native or qemu-hppa): status %d\n%s" % (
            want.returncode, want.stderr.decode()))
    got = profemu(ctx, [], guest, [case.what], ctx.fresh_dir("profemu"))
    skip_without_handlers(case, got.stderr)
    if (got.returncode, got.stdout) != (want.returncode, want.stdout):
        raise Failure("status %d, stdout:\n%s\noracle: status %d, stdout:\n%s\nstderr:\n%s" % (
            got.returncode, e2e_harness.indent(got.stdout.decode()), want.returncode,
            e2e_harness.indent(want.stdout.decode()), e2e_harness.indent(got.stderr.decode())))


def deadlock(ctx, case):
    guest = guest_of(ctx, case)
    got = profemu(ctx, [], guest, ["deadlock"], ctx.fresh_dir("profemu"))
    err = got.stderr.decode()
    if got.returncode != 134:
        raise Failure("status %d, not 134 (SIGABRT)\n%s" % (got.returncode, err))
    if got.stdout != b"both locks taken: deadlock next\n":
        raise Failure("stdout %r" % got.stdout)
    waits = re.findall(r"thread (\d+) at 0x[0-9a-f]+.*: waits on futex 0x[0-9a-f]+", err)
    if "deadlock: every thread waits" not in err or len(set(waits)) != 2:
        raise Failure("no report naming both threads:\n" + err)


def racy_count(ctx, guest, seed):
    got = profemu(ctx, ["--sched-seed=%d" % seed], guest, ["racy", RACY_ITERATIONS],
                  ctx.fresh_dir("seed%d" % seed))
    m = re.match(rb"racy counter (\d+) of (\d+)\n$", got.stdout)
    if got.returncode != 0 or not m:
        raise Failure("seed %d: status %d, stdout %r\n%s" % (seed, got.returncode, got.stdout,
                                                          got.stderr.decode()))
    return int(m.group(1))


def racy(ctx, case):
    guest = guest_of(ctx, case)
    first = racy_count(ctx, guest, 1)
    again = racy_count(ctx, guest, 1)
    if first != again:
        raise Failure("seed 1 gave %d, then %d" % (first, again))
    counts = {s: racy_count(ctx, guest, s) for s in range(1, 6)}
    ctx.notes.append("racy counts by seed: %s" % counts)
    if len(set(counts.values())) < 2:
        raise Failure("seeds 1-5 all give %d: no interleaving differs" % first)


def determinism(ctx, case):
    guest = guest_of(ctx, case)
    results = []
    for i in range(10):
        d = ctx.fresh_dir("run%d" % i)
        opts = ["--stats=stats.json"] + (["--gmon=gmon.out"] if case.link == "static" else [])
        got = profemu(ctx, opts, guest, ["condvar"], d)
        if got.returncode != 0:
            raise Failure("run %d: status %d\n%s" % (i, got.returncode, got.stderr.decode()))
        with open(os.path.join(d, "stats.json"), "rb") as f:
            stats = f.read()
        gmon = b""
        if case.link == "static":
            with open(os.path.join(d, "gmon.out"), "rb") as f:
                gmon = f.read()
        results.append((got.stdout, stats, gmon))
    for i, r in enumerate(results[1:], 1):
        for what, a, b in zip(("stdout", "--stats", "gmon.out"), results[0], r):
            if a != b:
                raise Failure("run %d's %s differs from run 0's" % (i, what))


def signalled(ctx, case, what, sig, options):
    """Starts the guest case `what`, sends sig once it printed "ready", returns (status,
    stdout, stderr)."""
    guest = guest_of(ctx, case)
    cwd = ctx.fresh_dir("signal")
    proc = subprocess.Popen([ctx.profemu] + guest_env_options(guest) + options + [guest, what],
                            cwd=cwd,
                            env=e2e_harness.environment(ENV), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    if first != b"ready\n":
        proc.kill()
        raise Failure("no 'ready' line: %r" % first)
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=ctx.timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise Failure("profemu did not end after the signal")
    return proc.returncode, out, err.decode(), cwd


def outside(ctx, case):
    status, out, err, _ = signalled(ctx, case, "outside", signal.SIGUSR1, ["--strace"])
    skip_without_handlers(case, err.encode())
    if status != 0 or out != b"worker saw SIGUSR1: 1\n":
        raise Failure("status %d, stdout %r\n%s" % (status, out, err[-2000:]))
    if not re.search(r"\d+ --- SIGUSR1 \{si_signo=SIGUSR1", err):
        raise Failure("--strace does not show the delivery:\n" + err[-2000:])


def sigterm(ctx, case):
    status, out, err, cwd = signalled(ctx, case, "spin", signal.SIGTERM,
                                      ["--gmon=gmon.out", "--stats=stats.json"])
    if status != 128 + signal.SIGTERM or "SIGTERM" not in err:
        raise Failure("status %d (not 143)\n%s" % (status, err))
    for f in ["gmon.out", "stats.json"]:
        if not os.path.getsize(os.path.join(cwd, f)):
            raise Failure(f + " not written")


def folded(ctx, case):
    guest = guest_of(ctx, case)
    cwd = ctx.fresh_dir("folded")
    got = profemu(ctx, ["--folded=stacks.txt", "--callgrind=cg.out"], guest, ["mutex"], cwd)
    if got.returncode != 0:
        raise Failure("status %d\n%s" % (got.returncode, got.stderr.decode()))
    with open(os.path.join(cwd, "stacks.txt")) as f:
        lines = [l for l in f if "add_locked" in l]
    bad = [l for l in lines if not l.startswith("start_thread;add_locked")]
    if not lines or bad:
        raise Failure("stacks through add_locked not rooted at start_thread:\n" + "".join(bad[:5]))
    if not os.path.getsize(os.path.join(cwd, "cg.out")):
        raise Failure("--callgrind wrote nothing")


def errors(ctx, case):
    guest = ctx.guest("threads", "x86_64", "static")
    for opt in ["--quantum=0", "--quantum=x", "--sched-seed=-1"]:
        got = profemu(ctx, [opt], guest, ["mutex"], ctx.fresh_dir("err"))
        if got.returncode != 2 or b"invalid" not in got.stderr:
            raise Failure("%s: status %d, stderr %r" % (opt, got.returncode, got.stderr))


# ---- threads waiting on the host, and --counts per thread: guests/thread_block.c ----------
BLOCK_COMPARED = ["pipefull", "waitid", "socket", "poll", "select", "epoll"]
# IA-64: the committed static build; its oracle is the native x86-64 run of the same source.
IA64_BLOCK_GUEST = os.path.join(os.path.dirname(IA64_GUEST), "thread_block")


def block_guest(ctx, case):
    if case.arch == "ia64":
        return IA64_BLOCK_GUEST
    return ctx.guest("thread_block", case.arch, case.link)


def block_compared(ctx, case):
    guest = block_guest(ctx, case)
    native_guest = ctx.guest("thread_block", "x86_64", "static") if case.arch == "ia64" else guest
    want = native(ctx, native_guest, [case.what], ctx.fresh_dir("native"))
    if want is None:
        raise e2e_harness.Skip("cannot run %s natively here" % guest)
    got = profemu(ctx, [], guest, [case.what], ctx.fresh_dir("profemu"))
    if (got.returncode, got.stdout) != (want.returncode, want.stdout):
        raise Failure("native: status %d\n%s\nprofemu: status %d\n%s%s" % (
            want.returncode, want.stdout.decode(), got.returncode, got.stdout.decode(),
            got.stderr.decode()))


def block_counts_of(ctx, guest, threads):
    cwd = ctx.fresh_dir("counts%d" % threads)
    got = profemu(ctx, ["--quantum=300", "--counts=counts.json"], guest,
                  ["counts", str(threads)], cwd)
    if got.returncode != 0:
        raise Failure("status %d\n%s" % (got.returncode, got.stderr.decode()))
    with open(os.path.join(cwd, "counts.json")) as f:
        funcs = json.load(f)["functions"]
    return {f["name"]: (f["self"], f["inclusive"], f["calls"]) for f in funcs}


def block_counts(ctx, case):
    guest = block_guest(ctx, case)
    one, four = block_counts_of(ctx, guest, 1), block_counts_of(ctx, guest, 4)
    for name, calls in [("work", 1), ("leaf", 1000)]:
        if name not in one or name not in four:
            raise Failure("%s missing from --counts" % name)
        want = tuple(4 * v for v in one[name][:2]) + (4 * calls,)
        if four[name] != want or one[name][2] != calls:
            raise Failure("%s: 4 threads give %s, want 4 x one thread's %s = %s" % (
                name, four[name], one[name], want))


CASES += [Case("threads-block-%s-%s-%s" % (a, l, w), a, l, w)
          for a in ARCHES for l in LINKAGES for w in BLOCK_COMPARED]
CASES += [Case("threads-block-%s-static-counts" % a, a, "static", "counts") for a in ARCHES]
CASES += [Case("threads-block-ia64-static-%s" % w, "ia64", "static", w)
          for w in BLOCK_COMPARED + ["counts"]]
for _c in CASES:
    if _c.name.startswith("threads-block-"):
        _c.body = block_counts if _c.what == "counts" else block_compared
# ---- end of thread_block.c's cases ----------------------------------------------------------


def run_case(case, args):
    ctx = e2e_harness.Context(args, "threads")
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"
    body = {"deadlock": deadlock, "racy": racy, "determinism": determinism, "outside": outside,
            "sigterm": sigterm, "folded": folded}.get(case.what, compared)
    if case.what is None:
        body = errors
    body = getattr(case, "body", None) or body
    return e2e_harness.run_in_context(ctx, lambda c: body(c, case))


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_threads.py", CASES, run_case,
                              [("--profemu", "the profemu to test")]))
