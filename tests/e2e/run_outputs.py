#!/usr/bin/env python3
"""End-to-end tests of profemu's output files as files: what the name given to an output option
is decides how it is written, and nothing it names is ever destroyed.

Cases:
  outputs-safety-OPT   for each output option (--gmon, --callgrind, --folded, --prf, --stats,
                       --counts), the guest hello-static writes the same bytes whatever the name
                       is: a new file (the reference); an existing file (replaced, its mode
                       kept, a sibling FILE.tmp untouched); a symbolic link to a file and a
                       dangling one (the file it leads to is written, the link stays); a
                       character device made with mknod (c 1 3, like /dev/null) in the case's
                       own directory (still that device afterwards; skipped unless root); a FIFO
                       with a reader (who gets the bytes; still a FIFO); a listening AF_UNIX
                       socket (who gets the bytes); a directory (exit status 2 before the
                       program runs, with a message; the directory unchanged). The real
                       /dev/null is never used.
  outputs-clock-ARCH[-syscall-cost]
                       the clock never depends on the outputs: the guest cpubench-static (calls,
                       returns, system calls) runs once with each of these combinations of the
                       output options at --tick=97 (all of them, all but one, every pair,
                       each alone), and every file each run writes is
                       byte-for-byte the one the run with all of them wrote (so the ticks in
                       --stats, the histograms, call graphs, buckets and counts agree); with
                       -syscall-cost, the same under the system-call cost model, the tick set
                       by --interval=97 (which sets it with or without --prf).
  outputs-registry     every output is in the registry and the registry's every format is
                       served: the FILE options of profemu --help are the formats of
                       output/formats.h's OUT_FORMATS plus --prf and --stats (the two outputs
                       that are not whole-program profiles); each is documented in
                       doc/profemu.1 and is one of this runner's OUTPUTS (so the cases above
                       test it); each format asked alone writes a non-empty file.

Usage: run_outputs.py --profemu build/profemu --guest-dir build/guests CASE...
       run_outputs.py --list
"""
import os
import re
import socket
import stat
import subprocess
import sys
import threading

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError

# Each output option with the options it needs to run without asking anything.
OUTPUTS = {
    "gmon": [],
    "callgrind": [],
    "folded": [],
    "prf": ["--bucket-size=16"],   # (and stdin is not a terminal: nothing is asked)
    "stats": [],
    "counts": [],
}
SAFETY_GUEST = ("hello", "x86_64", "static")
CLOCK_ARCHES = ["x86_64", "i386"]
CLOCK_TICK = "--tick=97"
# cpubench: fib(18), one heapsort of 2000 elements: calls, returns, a few system calls. (Not the
# files guest: its instruction count varies by a few from run to run with what the host's file
# system returns, e.g. i386's stat64 conversions.)
CLOCK_ARGS = ["18", "2000", "1"]


# The outputs that are not formats of the registry (output/formats.h).
NOT_IN_REGISTRY = {"prf", "stats"}
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cases():
    out = ["outputs-registry"]
    out += ["outputs-safety-" + opt for opt in OUTPUTS]
    for arch in CLOCK_ARCHES:
        out += ["outputs-clock-" + arch, "outputs-clock-%s-syscall-cost" % arch]
    return out


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "outputs")

    def run(self, cwd, opts, guest, args=(), check=True):
        """Runs profemu in cwd; returns the CompletedProcess (a non-zero status fails unless
        check is False)."""
        r = subprocess.run([self.profemu] + list(opts) + [guest] + list(args), cwd=cwd,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=self.timeout,
                           env=e2e_harness.environment({"PATH": "/usr/bin:/bin", "LANG": "C"}))
        if check and r.returncode != 0:
            raise Failure("profemu %s exited %d:\n%s" % (" ".join(opts), r.returncode,
                                                        e2e_harness.indent(r.stderr.decode()[-800:])))
        return r


class Reader(threading.Thread):
    """Reads everything from a FIFO (opened here) or from the first connection to a listening
    socket, in the background."""

    def __init__(self, path=None, sock=None):
        super().__init__(daemon=True)
        self.path, self.sock, self.data, self.error = path, sock, b"", None
        self.start()

    def run(self):
        try:
            if self.sock:
                conn, _ = self.sock.accept()
                with conn:
                    while True:
                        b = conn.recv(65536)
                        if not b:
                            break
                        self.data += b
            else:
                with open(self.path, "rb") as f:
                    self.data = f.read()
        except OSError as e:
            self.error = e

    def result(self):
        self.join(30)
        if self.is_alive():
            raise Failure("the reader of %s got no end of file" % (self.path or "the socket"))
        if self.error:
            raise Failure("reading: %s" % self.error)
        return self.data


def run_safety(ctx, opt):
    guest = ctx.guest(*SAFETY_GUEST)
    extra = OUTPUTS[opt]
    d = ctx.fresh_dir(opt)
    problems = []

    def out(name, check=True):
        return ctx.run(d, ["--%s=%s" % (opt, name)] + extra, guest, check=check)

    def read(name):
        with open(os.path.join(d, name), "rb") as f:
            return f.read()

    def expect(what, got):
        if got != ref:
            problems.append("%s: %d bytes differ from the new file's %d" % (what, len(got), len(ref)))

    out("ref")
    ref = read("ref")
    if not ref:
        raise Failure("--%s wrote an empty file" % opt)

    # an existing file, its mode, and a sibling FILE.tmp that is not ours
    with open(os.path.join(d, "old"), "wb") as f:
        f.write(b"old contents")
    os.chmod(os.path.join(d, "old"), 0o640)
    with open(os.path.join(d, "old.tmp"), "wb") as f:
        f.write(b"someone else's")
    out("old")
    expect("an existing file", read("old"))
    mode = stat.S_IMODE(os.stat(os.path.join(d, "old")).st_mode)
    if mode != 0o640:
        problems.append("an existing file's mode became %o (was 640)" % mode)
    if read("old.tmp") != b"someone else's":
        problems.append("old.tmp, beside the output, was overwritten")

    # symbolic links: to a file, and dangling
    with open(os.path.join(d, "target"), "wb") as f:
        f.write(b"x")
    os.symlink("target", os.path.join(d, "link"))
    os.symlink("created", os.path.join(d, "dangling"))
    out("link")
    out("dangling")
    for link, target in (("link", "target"), ("dangling", "created")):
        p = os.path.join(d, link)
        if not os.path.islink(p) or os.readlink(p) != target:
            problems.append("the symbolic link %s was replaced" % link)
        elif not os.path.isfile(os.path.join(d, target)):
            problems.append("%s's target %s was not written" % (link, target))
        else:
            expect("through the link %s" % link, read(target))

    # a character device like /dev/null, made here
    dev = os.path.join(d, "null")
    try:
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        ctx.notes.append("not root: the device node kind was not tested")
        dev = None
    if dev:
        out("null")
        st = os.lstat(dev)
        if not stat.S_ISCHR(st.st_mode) or st.st_rdev != os.makedev(1, 3):
            problems.append("the device node null is no longer a character device 1,3")

    # a FIFO with a reader
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    reader = Reader(path=fifo)
    out("fifo")
    expect("through a FIFO", reader.result())
    if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
        problems.append("the FIFO was replaced")

    # a listening socket
    sock_path = os.path.join(d, "sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        srv.bind(sock_path)
        srv.listen(1)
        reader = Reader(sock=srv)
        out("sock")
        expect("through a socket", reader.result())
    finally:
        srv.close()
    if not stat.S_ISSOCK(os.lstat(sock_path).st_mode):
        problems.append("the socket was replaced")

    # a directory: a usage error before the program runs
    os.mkdir(os.path.join(d, "dir"))
    r = out("dir", check=False)
    if r.returncode != 2:
        problems.append("a directory: exit status %d, want 2" % r.returncode)
    if b"is a directory" not in r.stderr:
        problems.append("a directory: no clear message: %r" % r.stderr.decode()[-300:])
    if r.stdout:
        problems.append("a directory: the program ran anyway")
    if os.listdir(os.path.join(d, "dir")):
        problems.append("a directory: something was written in it")

    leftovers = [n for n in os.listdir(d) if n.startswith(("ref.", "old.", "created."))
                 and n != "old.tmp"]
    if leftovers:
        problems.append("temporary files left behind: %s" % " ".join(leftovers))
    if problems:
        raise Failure("--%s:\n%s" % (opt, "\n".join("  * " + p for p in problems)))


def run_clock(ctx, arch, cost):
    import itertools
    guest = ctx.guest("cpubench", arch, "static")
    # (the cost-model runs set the same tick through --interval, which is not --prf's alone)
    base = ["--interval=97", "--syscall-cost"] if cost else [CLOCK_TICK]
    names = list(OUTPUTS)
    want = {}       # option -> the bytes the run with every output wrote
    problems = []
    # the full set first (the reference), then every set of all but one, every pair and each
    # output alone: an output that changes another's bytes shows in a pair or a leave-one-out
    # set; the 63 subsets of six outputs took 3 minutes of CI under ASan for no more cover
    n = len(names)
    combos = [c for k in sorted({n, n - 1, 2, 1}, reverse=True) if k > 0
              for c in itertools.combinations(names, k)]
    # one working directory for every run, emptied between them: the guest's own instructions
    # depend on its directory's name (getcwd, path lengths), and must not differ here
    d = os.path.join(ctx.fresh_dir("clock"), "run")
    for combo in combos:        # the full combination first: the reference
        os.mkdir(d)
        opts = list(base)
        for opt in combo:
            opts += ["--%s=%s.out" % (opt, opt)] + OUTPUTS[opt]
        ctx.run(d, opts, guest, CLOCK_ARGS)
        for opt in combo:
            with open(os.path.join(d, opt + ".out"), "rb") as f:
                got = f.read()
            if opt not in want:
                want[opt] = got
            elif got != want[opt]:
                problems.append("--%s differs when the outputs are only %s" % (
                    opt, " ".join("--" + o for o in combo)))
        e2e_harness.shutil.rmtree(d, ignore_errors=True)
    if problems:
        raise Failure("%d of %d combinations:\n%s" % (len(problems), len(combos), "\n".join(
            "  * " + p for p in problems[:20])))
    ctx.notes.append("%d combinations of %s agree" % (len(combos), ", ".join(names)))


def registry_formats():
    """The names in output/formats.h's OUT_FORMATS(X) list."""
    with open(os.path.join(SOURCE_ROOT, "output", "formats.h")) as f:
        m = re.search(r"#define OUT_FORMATS\(X\)((?:.*\\\n)*.*)", f.read())
    if not m:
        raise HarnessError("no OUT_FORMATS list in output/formats.h")
    return re.findall(r"X\((\w+)\)", m.group(1))


def run_registry(ctx):
    formats = registry_formats()
    d = ctx.fresh_dir("registry")
    helped = re.findall(r"^  --([a-z-]+)=FILE ", subprocess.run(
        [ctx.profemu, "--help"], capture_output=True, text=True, check=True).stdout, re.M)
    with open(os.path.join(SOURCE_ROOT, "doc", "profemu.1")) as f:
        man = f.read()
    problems = []
    if sorted(helped) != sorted(set(formats) | NOT_IN_REGISTRY):
        problems.append("--help's FILE options %s, the registry's formats %s plus %s" % (
            sorted(helped), formats, sorted(NOT_IN_REGISTRY)))
    for name in sorted(set(formats) | NOT_IN_REGISTRY):
        if (".BI \\-\\-%s= FILE" % name.replace("-", "\\-")) not in man:
            problems.append("--%s=FILE is not in doc/profemu.1" % name)
        if name not in OUTPUTS:
            problems.append("--%s is not one of run_outputs.py's OUTPUTS" % name)
    guest = ctx.guest(*SAFETY_GUEST)
    for name in formats:
        path = os.path.join(d, "alone." + name)
        ctx.run(d, ["--%s=%s" % (name, path)] + OUTPUTS.get(name, []), guest)
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            problems.append("--%s alone wrote no file or an empty one" % name)
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))
    ctx.notes.append("registry: %s; with %s" % (", ".join(formats),
                                                 ", ".join(sorted(NOT_IN_REGISTRY))))


def run_case(name, args):
    ctx = Context(args)
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"

    def run(ctx):
        if name == "outputs-registry":
            run_registry(ctx)
        elif name.startswith("outputs-safety-"):
            run_safety(ctx, name[len("outputs-safety-"):])
        elif name.startswith("outputs-clock-"):
            rest = name[len("outputs-clock-"):]
            cost = rest.endswith("-syscall-cost")
            run_clock(ctx, rest[:-len("-syscall-cost")] if cost else rest, cost)
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, run)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_outputs.py", cases(), run_case,
                              [("--profemu", "the profemu binary")], name=lambda c: c))
