"""Stop signals sent to profemu running a guest that does not take them (issue 18, run by
run_hostile.py: the hostile-stop-* cases). The guest is guests/deaf.c. A demanding user's
expectations, as doc/profemu.1 (EXIT STATUS, SIGNALS) promises them:
  * the first SIGINT, SIGTERM or SIGHUP reaches the guest as natively: one it ignores or blocks
    changes nothing, and profemu says a second one ends the run;
  * a second one the guest does not take either ends the run as if the guest had been killed
    by it: status 128 + that signal, a message naming it, and every output written whole
    (gmon.out that gprof reads, the folded stacks, --stats), no NAME.XXXXXX temporary left;
    also when the guest waits in a host call (read) that restarts after an ignored signal;
  * a guest that handles them gets every one (no run ended early);
  * a stale temporary beside an output (left by an earlier run killed by SIGKILL) changes
    nothing: the output is written and the stale file left alone;
  * a signal while the outputs are written (one blocked on a FIFO nobody reads) does not lose
    the others: the blocked one fails with a message, the rest are written, status 128 + it.
Every wait has a bound (STEP seconds per step, END for the end); a profemu that outlives them
is killed with SIGKILL and the case fails."""

import json
import os
import shutil
import signal
import subprocess
import time

from e2e_harness import Failure

STEP = 60       # the guest's "ready" (a loaded machine, an emulated libc start-up)
SETTLE = 1.0    # after a signal the guest does not take: profemu must still run
END = 60        # from the ending signal to profemu's exit, outputs written

STALE = "gmon.out.Q7stal"   # a name mkstemp could have made for gmon.out


def _start(ctx, d, guest, mode, opts):
    cmd = [ctx.profemu, "--stats=stats.json", "--gmon=gmon.out", "--folded=folded.txt"] + \
        opts + [guest] + mode
    # stdin: a pipe never written nor closed (the "read" mode waits in it for ever)
    return subprocess.Popen(cmd, cwd=d, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def _wait_ready(proc):
    deadline = time.monotonic() + STEP
    os.set_blocking(proc.stdout.fileno(), False)
    got = b""
    while time.monotonic() < deadline:
        chunk = proc.stdout.read() or b""
        got += chunk
        if b"ready\n" in got:
            return got
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    raise Failure("the guest never said ready (profemu status %r, stdout %r)" % (
        proc.poll(), got[-200:]))


def _finish(proc, timeout):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise Failure("profemu still ran %d s after the ending signal (killed)" % timeout)
    return out, err.decode(errors="replace")


def _check_outputs(ctx, d, guest, problems, busy):
    """gmon.out as gprof reads it (busy: with the loop's function step in its flat profile),
    folded stacks as lines 'frames count', --stats as JSON; no temporary beside them."""
    with open(os.path.join(d, "stats.json")) as f:
        stats = json.load(f)
    gmon = os.path.join(d, "gmon.out")
    if not os.path.isfile(gmon) or open(gmon, "rb").read(4) != b"gmon":
        problems.append("gmon.out missing or not a gmon file")
    elif shutil.which("gprof"):
        r = subprocess.run(["gprof", "-b", "-p", guest, gmon], cwd=d, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=STEP)
        if r.returncode != 0 or (busy and b" step\n" not in r.stdout):
            problems.append("gprof on gmon.out: status %d, no 'step' in its flat profile:\n%s" % (
                r.returncode, (r.stdout + r.stderr).decode(errors="replace")[:400]))
    with open(os.path.join(d, "folded.txt")) as f:
        lines = f.read().splitlines()
    bad = [l for l in lines if not l.rpartition(" ")[2].isdigit()]
    if not lines or bad:
        problems.append("folded.txt: %d lines, malformed %r" % (len(lines), bad[:3]))
    left = [n for n in os.listdir(d) if n.startswith(("gmon.out.", "folded.txt.", "stats.json.",
                                                      ".profemu-")) and n != STALE]
    if left:
        problems.append("temporary files left: %s" % left)
    return stats


def run_stop(ctx, arch, mode):
    """mode: spin, read, block (ended by a second signal), handle (takes both)."""
    guest = ctx.guest("deaf", arch, "static")
    d = ctx.fresh_dir("stop-" + mode)
    with open(os.path.join(d, STALE), "wb") as f:
        f.write(b"stale temporary of a killed run\n")
    first, second = {"spin": (signal.SIGTERM, signal.SIGINT), "read": (signal.SIGINT, signal.SIGTERM),
                     "block": (signal.SIGTERM, signal.SIGHUP),
                     "handle": (signal.SIGTERM, signal.SIGTERM)}[mode]
    argv = [mode, "2"] if mode == "handle" else [mode]
    proc = _start(ctx, d, guest, argv, [])
    problems = []
    try:
        out = _wait_ready(proc)
        proc.send_signal(first)
        time.sleep(SETTLE)
        if proc.poll() is not None:
            raise Failure("one SIG%s ended the run (status %d); the guest %s it" % (
                first.name[3:], proc.returncode, "ignores" if mode in ("spin", "read") else
                "blocks" if mode == "block" else "handles"))
        proc.send_signal(second)
        rest, err = _finish(proc, END)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    out += rest
    if mode == "handle":
        want_status, want_out = 0, b"ready\n2 signals came\n"
        if out != want_out:
            problems.append("stdout %r (%r expected)" % (out, want_out))
    else:
        want_status = 128 + second
        said = "SIG%s, a second stop signal the program %s: the run ends" % (
            second.name[3:], "blocks" if mode == "block" else "ignores")
        if said not in err:
            problems.append("no message %r on stderr" % said)
    if proc.returncode != want_status:
        problems.append("status %d (%d expected)" % (proc.returncode, want_status))
    stats = _check_outputs(ctx, d, guest, problems, mode != "read")
    if mode != "handle" and (stats.get("stop") != "signal" or stats.get("signal") != second):
        problems.append("--stats: stop %r signal %r (signal %d expected)" % (
            stats.get("stop"), stats.get("signal"), second))
    if open(os.path.join(d, STALE), "rb").read() != b"stale temporary of a killed run\n":
        problems.append("the stale temporary %s was changed" % STALE)
    if problems:
        raise Failure("deaf %s, SIG%s then SIG%s:\n  %s\n  stderr:\n%s" % (
            mode, first.name[3:], second.name[3:], "\n  ".join(problems), err[-800:]))
    ctx.notes.append("%d instructions before the end" % stats["instructions"])


def run_stop_writing(ctx, arch):
    """A SIGTERM while profemu writes gmon.out into a FIFO whose reader never reads (the write
    blocks once the pipe is full): that output fails with a message, --folded and --stats are
    still written, and profemu exits 143."""
    guest = ctx.guest("deaf", arch, "static")
    d = ctx.fresh_dir("stop-writing")
    fifo = os.path.join(d, "gmon.out")
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)   # open, never read
    proc = _start(ctx, d, guest, ["spin"], [])
    problems = []
    try:
        _wait_ready(proc)
        proc.send_signal(signal.SIGTERM)
        time.sleep(SETTLE)
        proc.send_signal(signal.SIGTERM)
        # the run ends; gmon.out (hundreds of KiB) fills the pipe and blocks
        deadline = time.monotonic() + END
        while time.monotonic() < deadline and proc.poll() is None:
            with open("/proc/%d/wchan" % proc.pid) as f:
                if "pipe" in f.read():
                    break
            time.sleep(0.05)
        time.sleep(SETTLE)
        if proc.poll() is not None:
            raise Failure("profemu ended (status %d) before it blocked on the FIFO" % proc.returncode)
        proc.send_signal(signal.SIGTERM)
        _, err = _finish(proc, END)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        os.close(reader)
    if proc.returncode != 143:
        problems.append("status %d (143 expected)" % proc.returncode)
    for said in ("gmon.out: Interrupted system call", "SIGTERM while the outputs were written"):
        if said not in err:
            problems.append("no message %r on stderr" % said)
    for name in ("folded.txt", "stats.json"):
        if not os.path.isfile(os.path.join(d, name)):
            problems.append("%s was not written" % name)
    if problems:
        raise Failure("\n".join(problems) + "\n  stderr:\n" + err[-800:])
