#!/usr/bin/env python3
"""End-to-end tests: run guest programs natively and under profemu, and compare.

Native execution is the oracle (for hppa guests, which this machine cannot run, qemu-hppa is:
Debian's qemu-user is the reference PA-RISC machine). Every test case runs the guest natively and under profemu
with the same arguments, the same environment and a fresh empty working directory each, and
compares stdout and the exit status exactly (and stderr, and the files left behind, where
that is meaningful). A guest killed by signal S natively must make profemu exit with status
128+S and name the signal on stderr.

Usage:
  run_guest.py --list                      print the test case names, one a line
  run_guest.py --profemu build/profemu --guest-dir build/guests CASE...
  run_guest.py --profemu build/profemu --guest-dir build/guests --all [--pattern 'hello-*']
  run_guest.py --guest-dir build/guests --native-only --all
                                           check only that the guests behave natively
Exit status (one case): 0 pass, 1 fail, 77 skipped (meson's convention), 99 harness error.
With several cases: 0 if none failed, 1 otherwise; a summary is printed.

Case names: GUEST-ARCH-LINKAGE-CASE (e.g. hello-x86_64-static-run, fault-i386-dynamic-segv,
args-hppa-static-O0-many; hppa cases skip, saying so, without hppa-linux-gnu-gcc or qemu-hppa),
GUEST-ARCH-LINKAGE-qemu (the same cases under qemu-user against native: checks the oracle
and the guests themselves), and errors-* (profemu's own errors).
"""

import difflib
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import time

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError, Skip, indent

ARCHES = ["x86_64", "i386", "hppa"]
LINKAGES = ["static", "dynamic"]
# hppa guests are built -O0 too (guests/meson.build)
ARCH_LINKAGES = {"x86_64": LINKAGES, "i386": LINKAGES, "hppa": LINKAGES + ["static-O0"]}
# The architectures this machine cannot run natively: qemu-user is their oracle, except for
# the guests whose output does not depend on the architecture and that qemu-user gets wrong
# (files: readdir fails with EOVERFLOW under qemu-hppa; shared: qemu-i386 hangs in the
# dynamic build's fork): the native x86-64 build is theirs.
QEMU_ORACLE = {"hppa"}


def qemu_is_oracle(arch):
    """qemu-user is arch's oracle: always for QEMU_ORACLE, and for i386 on a kernel that does
    not run i386 programs (exec fails with ENOEXEC without IA-32 emulation)."""
    return arch in QEMU_ORACLE or not e2e_harness.host_runs(arch)

NATIVE_STAND_IN = {"files", "shared"}
GUESTS = ["hello", "files", "alloc", "doubles", "args", "cpubench", "fault", "signals", "shared",
          "realcalls"]

QEMU = {
    "x86_64": ["qemu-x86_64"],
    "i386": ["qemu-i386", "-L", "/usr/i686-linux-gnu"],
    "hppa": ["qemu-hppa", "-L", "/usr/hppa-linux-gnu"],
}
SYSROOT = {"x86_64": "/", "i386": "/usr/i686-linux-gnu", "hppa": "/usr/hppa-linux-gnu"}

# The environment every run starts from (native, profemu and qemu alike): fixed, so that the
# outside environment (meson sets MALLOC_PERTURB_, for one) cannot make runs differ.
BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "HOME": "/home/profemu-e2e",
    "LANG": "C",
    "LC_ALL": "C",
    "TZ": "UTC",
    "PROFEMU_TEST_A": "alpha",
    "PROFEMU_TEST_B": "beta gamma",
    "PROFEMU_TEST_EMPTY": "",
    "PROFEMU_TEST_0": "zero",
}

SIGNAL_WORDS = {
    signal.SIGSEGV: ("SIGSEGV", "Segmentation fault"),
    signal.SIGABRT: ("SIGABRT", "Aborted"),
    signal.SIGILL: ("SIGILL", "Illegal instruction"),
    signal.SIGFPE: ("SIGFPE", "Floating point exception"),
    signal.SIGBUS: ("SIGBUS", "Bus error"),
    signal.SIGTRAP: ("SIGTRAP", "Trace/breakpoint trap"),
    signal.SIGKILL: ("SIGKILL", "Killed"),
}

FAULT_MODES = {
    "segv": (["segv"], signal.SIGSEGV),
    "abort": (["abort"], signal.SIGABRT),
    "ill": (["ill"], signal.SIGILL),
    "fpe": (["fpe"], signal.SIGFPE),
    "divovf": (["divovf"], signal.SIGFPE),
}


# hppa: gcc's __builtin_trap is a conditional trap (SIGFPE, as Linux delivers it), and
# INT_MIN / -1 in the $$divI millicode does not trap (the program goes on: status 1).
HPPA_FAULTS = {"ill": signal.SIGFPE, "divovf": None}


# Where qemu-hppa, the hppa oracle, is wrong and the parisc kernel is the truth: the oracle's
# run is corrected, narrowly, to what the kernel does.
#  - signals faults: qemu-hppa 7.2 queues every fault's signal with si_code 0 (measured: the
#    guest prints "code other" for its SIGSEGV at 0x10). Linux/parisc's do_page_fault
#    (arch/parisc/mm/fault.c, bad_area, code 15 "Data TLB miss fault" outside every vma) sends
#    SEGV_MAPERR. Its SIGFPE (millicode $$divI's `addi,tc,=` on a zero divisor, interruption 13
#    in handle_interruption, arch/parisc/kernel/traps.c) is FPE_CONDTRAP, which the guest prints
#    as "other" too, so that line needs no correction; the strace case checks si_code=15.
#  - qemu-user prints an EXCP_DUMP (the CPU state and the maps) on stderr for each privileged-
#    operation trap it turns into SIGILL; the kernel prints nothing to the process.
QEMU_EXCP_DUMP_LINE = re.compile(
    rb"^(qemu: EXCP_\w+ exception 0x[0-9a-f]+|Failing executable: .*|IA_F .*|PSW .*|"
    rb"(GR\d\d [0-9a-f]{8} ?)+|[0-9a-f]+-[0-9a-f]+ [-rwxps]{4} .*|)$")


def without_qemu_excp_dumps(stderr):
    """stderr without qemu-user's EXCP_DUMP blocks (from each `qemu: EXCP_... exception` line
    through its maps listing)."""
    out, in_dump = [], False
    for line in stderr.split(b"\n"):
        if line.startswith(b"qemu: EXCP_"):
            in_dump = True
        elif in_dump and not QEMU_EXCP_DUMP_LINE.match(line):
            in_dump = False
        if not in_dump:
            out.append(line)
    return b"\n".join(out)


def parisc_kernel_faults(r):
    """The signals-faults oracle run as the parisc kernel would have it (see above)."""
    r.stdout = r.stdout.replace(b"SIGSEGV: code other, si_addr 0x10\n",
                                b"SIGSEGV: code SEGV_MAPERR, si_addr 0x10\n")
    r.stderr = without_qemu_excp_dumps(r.stderr)
    return r


def qemu_timer_ids(r):
    """A realcalls-timer oracle run under qemu-user as the kernel would have it: qemu hands the
    guest the si_timerid of its own host timer (0 here), not the guest's timer id (1), which the
    kernel gives (the x86-64 case checks that against the kernel)."""
    r.stdout = r.stdout.replace(b", si_timerid 0\n", b", si_timerid 1\n")
    return r


def qemu_signalfd_sizemask(r):
    """A realcalls-signalfd oracle run under qemu-user as the kernel would have it: the kernel
    (compat_signalfd4 too) refuses a sigset size other than 8 with EINVAL; qemu-user does not
    check it (the x86-64 case checks it against the kernel)."""
    r.stdout = r.stdout.replace(b"sizemask 4: taken\n", b"sizemask 4: EINVAL\n")
    return r


# The modes of guests/realcalls.c: system calls real programs make (one case each).
REALCALLS_MODES = ["timer", "timerfd", "eventfd", "inotify", "mincore", "copyrange", "mmsg",
                  "signalfd"]

# The modes of guests/signals.c that exit normally (resethand ends by SIGTERM, alarmdies by
# SIGALRM).
SIGNAL_MODES = ["basic", "info", "blocked", "faults", "fpu", "altstack", "context", "timers",
                "waits"]

# The sections of guests/doubles.c (its arguments).
DOUBLES_SECTIONS = ["fpu", "formats", "libm", "rounding", "fpexcept", "longdouble", "strtod"]


# ---------------------------------------------------------------------------------------------
# Running things


class Result:
    def __init__(self, argv, cwd, env_delta, proc=None, timed_out=False, elapsed=0.0):
        self.argv = argv
        self.cwd = cwd
        self.env_delta = env_delta
        self.timed_out = timed_out
        self.elapsed = elapsed
        if proc is None:
            self.returncode, self.stdout, self.stderr = None, b"", b""
        else:
            self.returncode, self.stdout, self.stderr = proc.returncode, proc.stdout, proc.stderr

    @property
    def signal(self):
        """The signal that killed the process, or None."""
        return -self.returncode if self.returncode is not None and self.returncode < 0 else None

    @property
    def status(self):
        """The status as a shell reports it: 128+S for death by signal S."""
        if self.returncode is None:
            return None
        return 128 + self.signal if self.signal else self.returncode

    def describe_status(self):
        if self.timed_out:
            return "timed out after %.0f s" % self.elapsed
        if self.signal:
            return "killed by signal %d (%s), shell status %d" % (
                self.signal, signal_name(self.signal), self.status)
        return "exit status %d" % self.returncode

    def command_line(self):
        env = " ".join("%s=%s" % (k, shlex.quote(v)) if v is not None else "-u " + k
                       for k, v in self.env_delta)
        prefix = "cd %s && " % shlex.quote(self.cwd)
        if env:
            prefix += "env " + env + " "
        return prefix + " ".join(shlex.quote(a) for a in self.argv)


def guest_program(ctx, name, arch, link):
    """ctx.guest(...), except that a missing hppa guest is a skip: its cross compiler is
    optional (guests/meson.build builds the hppa guests only when it is installed)."""
    if arch in QEMU_ORACLE and ctx.guest_dir and not os.path.isfile(
            os.path.join(ctx.guest_dir, arch, "%s-%s" % (name, link))):
        raise Skip("no %s guests: %s-linux-gnu-gcc was not found when the build was set up"
                   % (arch, arch))
    return ctx.guest(name, arch, link)


def signal_name(sig):
    try:
        return signal.Signals(sig).name
    except ValueError:
        return "signal %d" % sig


def run(argv, cwd, env, env_delta=(), timeout=60.0):
    """Runs argv in cwd with exactly the environment env; stdin is /dev/null."""
    t0 = time.monotonic()
    try:
        proc = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        r = Result(argv, cwd, env_delta, timed_out=True, elapsed=time.monotonic() - t0)
        r.stdout, r.stderr = e.stdout or b"", e.stderr or b""
        return r
    return Result(argv, cwd, env_delta, proc, elapsed=time.monotonic() - t0)


def base_env():
    return e2e_harness.environment(BASE_ENV)


def apply_env_ops(env, ops):
    """ops: list of (NAME, VALUE) to set or (NAME, None) to unset, in order."""
    env = dict(env)
    for k, v in ops:
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def env_ops_to_options(ops):
    opts = []
    for k, v in ops:
        opts += ["-U", k] if v is None else ["-E", "%s=%s" % (k, v)]
    return opts


def text(b, limit=4000):
    s = b.decode("utf-8", "backslashreplace")
    if len(s) > limit:
        s = s[:limit] + "\n... (%d more characters)" % (len(s) - limit)
    return s


def diff(a, b, name_a, name_b, limit=60):
    lines = list(difflib.unified_diff(
        a.decode("utf-8", "backslashreplace").splitlines(keepends=True),
        b.decode("utf-8", "backslashreplace").splitlines(keepends=True),
        name_a, name_b))
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d more diff lines)\n" % (len(lines) - limit)]
    out = "".join(l if l.endswith("\n") else l + "\n\\ No newline at end of file\n" for l in lines)
    return out


def tree_snapshot(root):
    """Relative path -> (kind, mode, size, sha256) of everything under root."""
    snap = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            st = os.lstat(path)
            if stat.S_ISDIR(st.st_mode):
                snap[rel] = ("dir", oct(st.st_mode & 0o7777), 0, "")
            elif stat.S_ISREG(st.st_mode):
                with open(path, "rb") as f:
                    h = hashlib.sha256(f.read()).hexdigest()[:16]
                snap[rel] = ("file", oct(st.st_mode & 0o7777), st.st_size, h)
            elif stat.S_ISLNK(st.st_mode):
                snap[rel] = ("link", "", 0, os.readlink(path))
            else:
                snap[rel] = ("other", oct(st.st_mode), 0, "")
    return snap


# ---------------------------------------------------------------------------------------------
# The context shared by the cases


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "e2e")
        self.native_only = args.native_only
        self.qemu_hint = not args.no_qemu_hint

    def need_profemu(self):
        if self.native_only:
            raise Skip("--native-only")
        if not self.profemu:
            raise HarnessError("--profemu is required")
        if not os.path.isfile(self.profemu) or not os.access(self.profemu, os.X_OK):
            raise Failure("profemu binary %s does not exist or is not executable" % self.profemu)
        return self.profemu


def report_run(label, r, out):
    out.append("--- %s: %s" % (label, r.describe_status()))
    out.append("    command: " + r.command_line())
    if r.stdout:
        out.append("    stdout (%d bytes):\n%s" % (len(r.stdout), indent(text(r.stdout, 1500))))
    if r.stderr:
        out.append("    stderr (%d bytes):\n%s" % (len(r.stderr), indent(text(r.stderr, 1500))))


# ---------------------------------------------------------------------------------------------
# Case kinds


class Case:
    """A named test. run(ctx) returns normally on success, raises Failure/Skip/HarnessError."""

    def __init__(self, name):
        self.name = name

    def run(self, ctx):
        raise NotImplementedError

    def native_check(self, ctx):
        """Runs only the native side and checks the guest behaves as the case expects."""
        raise Skip("no native side")


class GuestCase(Case):
    """Runs GUEST natively and under an emulator, compares stdout, status (and more).

    args may contain "{cwd}", replaced by each run's working directory.
    env_ops: environment changes: native/qemu get them applied, profemu gets -E/-U options.
    prep(cwd): prepares each fresh working directory before the run.
    """

    def __init__(self, name, guest, arch, link, args=(), env_ops=(), native_status=0,
                 compare_stderr=True, compare_tree=False, prep=None, qemu=True, timeout=None,
                 oracle_fix=None):
        super().__init__(name)
        # corrects a qemu-user oracle's run where qemu is known wrong (parisc_kernel_faults)
        self.oracle_fix = oracle_fix
        self.guest_name, self.arch, self.link = guest, arch, link
        self.args = list(args)
        self.env_ops = list(env_ops)
        self.native_status = native_status
        self.compare_stderr = compare_stderr
        self.compare_tree = compare_tree
        self.prep = prep
        self.qemu = qemu
        self.timeout = timeout

    def argv_for(self, ctx, cwd):
        prog = guest_program(ctx, self.guest_name, self.arch, self.link)
        return prog, [a.replace("{cwd}", cwd) for a in self.args]

    @property
    def oracle(self):
        """What the cases compare with: native execution, or qemu-user's."""
        if qemu_is_oracle(self.arch) and self.guest_name not in NATIVE_STAND_IN:
            return "qemu-%s" % self.arch
        return "native"

    def new_cwd(self, ctx, label):
        cwd = ctx.fresh_dir("%s-%s" % (self.name, label))
        if self.prep:
            self.prep(cwd)
        return cwd

    def run_native(self, ctx):
        """The oracle's run: native, or under qemu-user for an arch this machine cannot run
        (or natively the x86-64 build, for a guest in NATIVE_STAND_IN)."""
        if qemu_is_oracle(self.arch) and self.guest_name in NATIVE_STAND_IN:
            cwd = self.new_cwd(ctx, "native")
            prog = guest_program(ctx, self.guest_name, "x86_64", self.link.replace("-O0", ""))
            args = [a.replace("{cwd}", cwd) for a in self.args]
            r = run([prog] + args, cwd, apply_env_ops(base_env(), self.env_ops), self.env_ops,
                    timeout=ctx.timeout)
        elif qemu_is_oracle(self.arch):
            r = self.run_qemu(ctx)
            if self.oracle_fix:
                r = self.oracle_fix(r)
        else:
            cwd = self.new_cwd(ctx, "native")
            prog, args = self.argv_for(ctx, cwd)
            r = run([prog] + args, cwd, apply_env_ops(base_env(), self.env_ops), self.env_ops,
                    timeout=ctx.timeout)
        self.check_oracle(r)
        return r

    def check_oracle(self, r):
        problems = []
        if r.timed_out:
            problems.append("timed out")
        elif r.status != self.native_status:
            problems.append("status %s, expected %s" % (r.describe_status(), self.native_status))
        if problems:
            out = ["the guest misbehaves natively (the oracle is broken): " + "; ".join(problems)]
            report_run("native", r, out)
            raise HarnessError("\n".join(out))

    def run_profemu(self, ctx, extra_options=()):
        profemu = ctx.need_profemu()
        cwd = self.new_cwd(ctx, "profemu")
        prog, args = self.argv_for(ctx, cwd)
        argv = [profemu] + list(extra_options) + env_ops_to_options(self.env_ops) + [prog] + args
        return run(argv, cwd, base_env(), timeout=self.timeout or ctx.timeout)

    def run_qemu(self, ctx):
        tool = QEMU[self.arch]
        if not shutil.which(tool[0]):
            raise Skip("%s is not installed (the oracle of the %s guests)" % (tool[0], self.arch))
        cwd = self.new_cwd(ctx, "qemu")
        prog, args = self.argv_for(ctx, cwd)
        return run(tool + [prog] + args, cwd, apply_env_ops(base_env(), self.env_ops),
                   self.env_ops, timeout=self.timeout or ctx.timeout)

    def native_check(self, ctx):
        self.run_native(ctx)

    def compare(self, ctx, native, emu, label, stderr=True, problems=None):
        """Appends to problems what differs between native and emu; returns problems."""
        problems = [] if problems is None else problems
        if emu.timed_out:
            problems.append("%s timed out after %.0f s" % (label, emu.elapsed))
            return problems
        if emu.status != native.status or (emu.signal is None) != (native.signal is None):
            problems.append("status: %s %s, %s %s" % (
                self.oracle, native.describe_status(), label, emu.describe_status()))
        if emu.stdout != native.stdout:
            problems.append("stdout differs (%s %d bytes, %s %d bytes):\n%s" % (
                self.oracle, len(native.stdout), label, len(emu.stdout),
                diff(native.stdout, emu.stdout, self.oracle, label)))
        if stderr and self.compare_stderr and emu.stderr != native.stderr:
            problems.append("stderr differs:\n%s" % diff(native.stderr, emu.stderr, self.oracle,
                                                        label))
        if self.compare_tree:
            a, b = tree_snapshot(native.cwd), tree_snapshot(emu.cwd)
            if a != b:
                lines = []
                for k in sorted(set(a) | set(b)):
                    if a.get(k) != b.get(k):
                        lines.append("  %s: %s %s, %s %s" % (k, self.oracle, a.get(k), label, b.get(k)))
                problems.append("files left in the working directory differ:\n" +
                                "\n".join(lines))
        return problems

    def fail(self, ctx, problems, native, emu, label="profemu"):
        out = ["%s disagrees with %s:" % (label, self.oracle)]
        out += ["  * " + p.replace("\n", "\n    ") for p in problems]
        report_run(self.oracle, native, out)
        report_run(label, emu, out)
        if label == "profemu" and ctx.qemu_hint and not qemu_is_oracle(self.arch):
            try:
                q = self.run_qemu(ctx)
                qp = self.compare(ctx, native, q, "qemu", stderr=False)
                out.append("--- hint: under qemu-user, %s" % (
                    "stdout and status agree with native" if not qp else
                    "there are differences too (the guest may be at fault):\n    " +
                    "\n    ".join(p.replace("\n", "\n    ") for p in qp)))
            except (Skip, HarnessError) as e:
                out.append("--- hint: qemu not run: %s" % e)
        raise Failure("\n".join(out))

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        emu = self.run_profemu(ctx)
        problems = self.compare(ctx, native, emu, "profemu")
        if problems:
            self.fail(ctx, problems, native, emu)


class FaultCase(GuestCase):
    """The guest dies by signal S natively: profemu must exit (not die) with status 128+S,
    print the same stdout, and name the signal on stderr."""

    def __init__(self, name, guest, arch, link, args, sig, stats=False, **kw):
        super().__init__(name, guest, arch, link, args, native_status=128 + sig,
                         compare_stderr=False, **kw)
        self.sig = sig
        self.stats = stats

    def check_oracle(self, r):
        super().check_oracle(r)
        if r.signal != self.sig:
            raise HarnessError("natively the guest did not die by %s: %s" % (
                signal_name(self.sig), r.describe_status()))

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        options = []
        stats_dir = None
        if self.stats:
            stats_dir = ctx.fresh_dir(self.name + "-stats")
            options = ["--stats=" + os.path.join(stats_dir, "stats.json")]
        emu = self.run_profemu(ctx, options)
        problems = []
        if emu.timed_out:
            problems.append("profemu timed out after %.0f s" % emu.elapsed)
        elif emu.signal is not None:
            problems.append("profemu itself was killed by %s (status %d): it must exit with "
                            "status %d instead" % (signal_name(emu.signal), emu.status,
                                                  128 + self.sig))
        elif emu.status != 128 + self.sig:
            problems.append("status: expected %d (128+%s), got %d" % (
                128 + self.sig, signal_name(self.sig), emu.status))
        if emu.stdout != native.stdout:
            problems.append("stdout differs:\n" + diff(native.stdout, emu.stdout, "native",
                                                       "profemu"))
        err = emu.stderr.decode("utf-8", "replace")
        words = SIGNAL_WORDS.get(self.sig, (signal_name(self.sig),))
        if not any(w.lower() in err.lower() for w in words):
            problems.append("stderr does not name the signal (expected one of %s): %r" % (
                " / ".join(words), err[-500:]))
        if self.stats and not emu.timed_out:
            problems += check_stats_file(os.path.join(stats_dir, "stats.json"), self.arch,
                                         exit_status=None, sig=self.sig)
        if problems:
            self.fail(ctx, problems, native, emu)


def check_stats_file(path, arch, exit_status=None, sig=None):
    """Checks the --stats JSON: arch, instructions, exit_status or signal. Returns problems."""
    problems = []
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        return ["--stats file %s was not written: %s" % (path, e)]
    try:
        stats = json.loads(raw)
    except ValueError as e:
        return ["--stats file is not valid JSON (%s): %r" % (e, raw[:300])]
    if not isinstance(stats, dict):
        return ["--stats JSON is not an object: %r" % raw[:300]]
    arch_ok = {"x86_64": ("x86_64", "x86-64", "amd64"), "i386": ("i386", "i686", "x86"),
               "hppa": ("hppa",)}[arch]
    if str(stats.get("arch", "")).lower() not in arch_ok:
        problems.append('stats "arch" is %r, expected one of %s' % (stats.get("arch"), arch_ok))
    insns = stats.get("instructions")
    if not isinstance(insns, int) or isinstance(insns, bool) or insns <= 0:
        problems.append('stats "instructions" is %r, expected a positive integer' % (insns,))
    if exit_status is not None and stats.get("exit_status") != exit_status:
        problems.append('stats "exit_status" is %r, expected %d' % (stats.get("exit_status"),
                                                                    exit_status))
    if sig is not None:
        got = stats.get("signal")
        names = (sig, signal_name(sig), signal_name(sig)[3:])
        if got not in names:
            problems.append('stats "signal" is %r, expected %d or "%s"' % (got, sig,
                                                                            signal_name(sig)))
    return problems


class QemuCase(GuestCase):
    """Runs a list of cases under qemu-user and compares with native: validates the guests
    and the oracle (a guest that qemu cannot reproduce is suspect). Not made for an arch whose
    oracle qemu-user is (see build_cases)."""

    def __init__(self, name, cases, known_issue=None):
        c = cases[0]
        super().__init__(name, c.guest_name, c.arch, c.link)
        self.cases = cases
        self.known_issue = known_issue  # a known qemu-user bug: failing is a skip, not a fail

    def run(self, ctx):
        tool = QEMU[self.arch][0]
        if not shutil.which(tool):
            raise Skip("%s is not installed" % tool)
        e2e_harness.need_host_runs(self.arch, "checking qemu-user against native runs")
        failures = []
        for c in self.cases:
            native = c.run_native(ctx)
            q = c.run_qemu(ctx)
            problems = c.compare(ctx, native, q, "qemu", stderr=False)
            if problems:
                try:
                    c.fail(ctx, problems, native, q, label="qemu")
                except Failure as e:
                    failures.append("[%s]\n%s" % (c.name, e))
        if failures and self.known_issue:
            raise Skip("known qemu-user limitation: %s\n%s" % (self.known_issue,
                                                                "\n\n".join(failures)))
        if failures:
            raise Failure("\n\n".join(failures))

    def native_check(self, ctx):
        raise Skip("covered by the other cases")


class StraceCase(GuestCase):
    """--strace prints the calls (and the lines in `needles`, e.g. signal deliveries)."""

    def __init__(self, *a, needles=("write(1, ", "exit_group("), **kw):
        super().__init__(*a, **kw)
        self.needles = needles

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        emu = self.run_profemu(ctx, ["--strace"])
        problems = []
        if emu.timed_out or emu.status != native.status:
            problems.append("status: native %s, profemu --strace %s" % (
                native.describe_status(), emu.describe_status()))
        if native.stdout not in emu.stdout:
            problems.append("the guest's stdout %r is missing from profemu's stdout" %
                            native.stdout)
        lines = (emu.stdout + b"\n" + emu.stderr).decode("utf-8", "replace").splitlines()
        for needle in self.needles:
            if not any(needle in l for l in lines):
                problems.append("no line of the --strace output contains %r" % needle)
        if problems:
            self.fail(ctx, problems, native, emu)


# A --strace line as strace -f prints them, our "PID " first: a whole call, a call ended by the
# process's end ("exit_group(0)"), a call another line interrupts, its resumption, a delivery.
STRACE_LINE = re.compile(r"^(\d+) (?:(\w+)\(.*\) = .+|\w+\(.*\)|(\w+)\(.*  ?<unfinished \.\.\.>"
                         r"|<\.\.\. (\w+) resumed>.*\) = .+|--- SIG\w+ \{.*\} ---)$")


class StraceTreeCase(GuestCase):
    """--strace of realcalls stracetree: the parent's wait4 is cut by its child's lines
    ("<unfinished ...>", then "<... wait4 resumed>") as real strace -f cuts it (checked on the
    x86-64 build natively when strace can trace here), the child's lines carry its own pid
    (its fork's return too), AT_FDCWD by name, and every line is whole."""

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        if self.arch == "x86_64":
            self.check_real_strace(ctx)
        emu = self.run_profemu(ctx, ["--strace"])
        problems = self.compare(ctx, native, emu, "profemu --strace", stderr=False)
        lines = emu.stderr.decode("utf-8", "replace").splitlines()
        bad = [l for l in lines if not STRACE_LINE.match(l)]
        if bad:
            problems.append("lines not as strace prints them (cut or mixed):\n" + "\n".join(bad[:10]))
        parent = [i for i, l in enumerate(lines) if re.match(r"^1000 wait4\(1001, .* <unfinished \.\.\.>$", l)]
        resumed = [i for i, l in enumerate(lines) if re.match(r"^1000 <\.\.\. wait4 resumed>.*\) = 1001$", l)]
        child = [i for i, l in enumerate(lines)
                 if l.startswith('1001 openat(AT_FDCWD, "/nonexistent-profemu-file", ')]
        forked = [l for l in lines if re.match(r"^1001 (clone|fork|vfork)\(.*\) = 0$", l)]
        if not (parent and resumed and child and parent[0] < child[0] < resumed[0]):
            problems.append("no 1000 wait4(1001, ... <unfinished ...>, the child's openat(AT_FDCWD, "
                            "...) line, then 1000 <... wait4 resumed> ... = 1001, in that order")
        if not forked:
            problems.append("no line of the child (1001) returning 0 from its fork")
        if problems:
            self.fail(ctx, problems, native, emu)

    def check_real_strace(self, ctx):
        """The oracle of the format: real strace -f on the same program shows the cut."""
        tool = shutil.which("strace")
        if not tool:
            raise Skip("strace is not installed (the oracle of --strace's format)")
        cwd = self.new_cwd(ctx, "strace")
        prog, args = self.argv_for(ctx, cwd)
        out = os.path.join(cwd, "strace.out")
        r = run([tool, "-f", "-qq", "-o", out, "-e", "trace=wait4,openat", prog] + args, cwd,
                base_env(), timeout=ctx.timeout)
        text = open(out, errors="replace").read() if os.path.exists(out) else ""
        if r.status != 0 or not text:
            raise Skip("strace cannot trace here (status %s): %s" % (r.describe_status(),
                                                                      r.stderr[-300:]))
        if not (re.search(r"wait4\(\d+,  <unfinished \.\.\.>", text) and "<... wait4 resumed>" in text
                and 'openat(AT_FDCWD, "/nonexistent-profemu-file"' in text):
            raise Failure("real strace -f does not show the wait4 cut by the child's openat:\n" + text)


class DeterminismCase(GuestCase):
    """Two profemu runs with --stats give the same instruction count (and native's output)."""

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        stats_dir = ctx.fresh_dir(self.name + "-stats")
        runs, counts, problems = [], [], []
        for i in (1, 2):
            path = os.path.join(stats_dir, "run%d.json" % i)
            emu = self.run_profemu(ctx, ["--stats=" + path])
            runs.append(emu)
            problems += ["run %d: %s" % (i, p) for p in self.compare(ctx, native, emu, "profemu")]
            if not emu.timed_out:
                problems += ["run %d: %s" % (i, p) for p in
                             check_stats_file(path, self.arch, exit_status=native.status)]
                try:
                    with open(path) as f:
                        counts.append(json.load(f).get("instructions"))
                except (OSError, ValueError, AttributeError):
                    counts.append(None)
        if len(counts) == 2 and counts[0] != counts[1]:
            problems.append('"instructions" differ between two identical runs: %r and %r' %
                            (counts[0], counts[1]))
        if problems:
            self.fail(ctx, problems, native, runs[-1])


class SigprofCase(GuestCase):
    """A SIGPROF sampler in the guest (signals sigprof) sees, in its ucontext, exactly the pc of
    the clock tick that fired ITIMER_PROF, as --explain names it: the handler is entered at the
    tick's instruction, not at the start of its block. A tick that falls while SIGPROF is
    blocked (in the handler, or on its way back) delivers it on return, at the pc the handler
    interrupted: that sample repeats the one before."""

    TICK = re.compile(r"^tick \d+ insn \d+ pc (0x[0-9a-f]+) <([^>+]*)")

    def run(self, ctx):
        emu = self.run_profemu(ctx, ["--explain"])
        problems = []
        if emu.timed_out or emu.status != 0:
            problems.append("profemu: " + emu.describe_status())
        samples = [int(l.split()[1], 16) for l in emu.stdout.decode().splitlines()
                   if l.startswith("sample ")]
        ticks = [(int(m.group(1), 16), m.group(2)) for m in
                 (self.TICK.match(l) for l in emu.stderr.decode().splitlines()) if m]
        if len(samples) != 40:
            problems.append("expected 40 samples, got %d" % len(samples))
        # The first sample names one of the first ticks in sigprof() (the loop may give two
        # ticks the same pc): the alignment that explains every sample is the one.
        best = None
        for start, (pc, sym) in enumerate(ticks):
            if sym != "sigprof" or not samples or pc != samples[0]:
                continue
            wrong = []
            for i in range(1, len(samples)):
                if start + i >= len(ticks):
                    wrong.append("fewer ticks than samples")
                    break
                tpc, tsym = ticks[start + i]
                want = tpc if tsym == "sigprof" else samples[i - 1]
                if samples[i] != want:
                    wrong.append("sample %d: 0x%x, but tick %d was at 0x%x <%s> (expected 0x%x)"
                                 % (i, samples[i], start + i, tpc, tsym, want))
            if best is None or len(wrong) < len(best):
                best = wrong
            if not wrong:
                break
        if best is None:
            problems.append("the first sample 0x%x is no tick's pc" % (samples[0] if samples else 0))
        else:
            problems += best
        if problems:
            raise Failure("\n".join(problems[:10]))


class MaxInsnsCase(GuestCase):
    def __init__(self, name, guest, arch, link, limit, **kw):
        super().__init__(name, guest, arch, link, **kw)
        self.limit = limit

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        emu = self.run_profemu(ctx, ["--max-insns=%d" % self.limit])
        if emu.timed_out or emu.signal is not None or emu.status != 137:
            out = ["--max-insns=%d: expected exit status 137, got %s" % (
                self.limit, emu.describe_status())]
            report_run("profemu", emu, out)
            raise Failure("\n".join(out))
        if emu.stdout == native.stdout:
            raise Failure("--max-insns=%d: the guest ran to completion (same stdout as native)"
                          % self.limit)


class OptionCase(GuestCase):
    """Like GuestCase, with extra profemu options that must not change the guest's output."""

    def __init__(self, name, guest, arch, link, options, **kw):
        super().__init__(name, guest, arch, link, **kw)
        self.options = list(options)

    def run(self, ctx):
        ctx.need_profemu()
        native = self.run_native(ctx)
        emu = self.run_profemu(ctx, self.options)
        problems = self.compare(ctx, native, emu, "profemu")
        if problems:
            self.fail(ctx, problems, native, emu)


class ErrorCase(Case):
    """profemu's own errors: status, empty stdout, and `profemu: PROGRAM: reason` on stderr."""

    def __init__(self, name, make_argv, status, program_in_message=True):
        super().__init__(name)
        self.make_argv = make_argv  # (ctx, cwd) -> (options, program) ; program may be None
        self.status = status
        self.program_in_message = program_in_message

    def run(self, ctx):
        profemu = ctx.need_profemu()
        cwd = ctx.fresh_dir(self.name)
        options, program = self.make_argv(ctx, cwd)
        argv = [profemu] + options + ([program] if program is not None else [])
        r = run(argv, cwd, base_env(), timeout=ctx.timeout)
        problems = []
        if r.timed_out or r.signal is not None or r.status != self.status:
            problems.append("expected exit status %d, got %s" % (self.status,
                                                                 r.describe_status()))
        if r.stdout:
            problems.append("expected nothing on stdout")
        err = r.stderr.decode("utf-8", "replace")
        if self.program_in_message:
            pat = re.compile(r"^profemu: %s: \S" % re.escape(program), re.M)
            if not pat.search(err):
                problems.append("stderr has no line `profemu: %s: reason`" % program)
        elif not re.search(r"^profemu: \S", err, re.M):
            problems.append("stderr has no line starting with `profemu: `")
        if problems:
            out = ["profemu's own error handling:"] + ["  * " + p for p in problems]
            report_run("profemu", r, out)
            raise Failure("\n".join(out))

    def native_check(self, ctx):
        raise Skip("profemu only")


class SigintCase(Case):
    """Ctrl-C stops the guest cleanly: exit status 130, a message, and --stats still written."""

    def __init__(self, name, arch):
        super().__init__(name)
        self.arch = arch

    def run(self, ctx):
        profemu = ctx.need_profemu()
        cwd = ctx.fresh_dir(self.name)
        stats = os.path.join(cwd, "stats.json")
        # a long run: fib(40) and large sorts take minutes under emulation
        argv = [profemu, "--stats=" + stats, guest_program(ctx, "cpubench", self.arch, "static"),
                "40", "2000000", "50"]
        proc = subprocess.Popen(argv, cwd=cwd, env=base_env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=ctx.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise Failure("profemu did not stop after SIGINT")
        problems = []
        if proc.returncode != 130:
            problems.append("expected exit status 130, got %s" % proc.returncode)
        if b"interrupted" not in err:
            problems.append("stderr does not say it was interrupted: %r" % err[-300:])
        try:
            with open(stats) as f:
                st = json.load(f)
            if st.get("stop") != "interrupted" or st.get("exit_status") != 130:
                problems.append("--stats says %r" % st)
            if not st.get("instructions"):
                problems.append("--stats has no instruction count")
        except (OSError, ValueError) as e:
            problems.append("--stats not written: %s" % e)
        if problems:
            raise Failure("SIGINT:\n" + "\n".join("  * " + p for p in problems))

    def native_check(self, ctx):
        raise Skip("profemu only")


# ---------------------------------------------------------------------------------------------
# The cases


def prep_subdir(name):
    def prep(cwd):
        os.mkdir(os.path.join(cwd, name))
    return prep


def build_cases():
    cases = []

    for arch in ARCHES:
        for link in ARCH_LINKAGES[arch]:
            v = (arch, link)

            def name(guest, case):
                return "%s-%s-%s-%s" % (guest, arch, link, case)

            # hello
            hello = GuestCase(name("hello", "run"), "hello", *v)
            cases += [
                hello,
                StraceCase(name("hello", "strace"), "hello", *v),
                DeterminismCase(name("hello", "determinism"), "hello", *v),
                OptionCase(name("hello", "seed"), "hello", *v, options=["--seed=7"]),
                QemuCase(name("hello", "qemu"), [hello]),
            ]
            if link == "dynamic":
                cases.append(OptionCase(name("hello", "sysroot"), "hello", *v,
                                        options=["-L", SYSROOT[arch]]))

            # files
            # qemu-hppa, a 32-bit guest in a 64-bit process, has qemu-i386's readdir bug (see
            # below): for hppa the native x86-64 run of the same program is the oracle (its
            # output does not depend on the architecture)
            files_cases = [
                GuestCase(name("files", "cwd"), "files", *v, compare_tree=True),
                GuestCase(name("files", "reldir"), "files", *v, args=["base"],
                          prep=prep_subdir("base"), compare_tree=True),
                GuestCase(name("files", "absdir"), "files", *v, args=["{cwd}/abs"],
                          prep=prep_subdir("abs"), compare_tree=True),
            ]
            # qemu-user runs i386 guests as a 64-bit process, so ext4 hands getdents64 64-bit
            # directory offsets, which 32-bit readdir rejects with EOVERFLOW (a 32-bit process
            # gets 32-bit offsets natively). profemu must not have that bug: files-i386-* test it.
            cases += files_cases + [QemuCase(
                name("files", "qemu"), files_cases,
                known_issue="i386 readdir fails with EOVERFLOW on ext4 (64-bit d_off)"
                if arch == "i386" else None)]

            # alloc
            # the -O0 hppa build is slow to interpret (4e9 instructions): fewer operations
            alloc = GuestCase(name("alloc", "run"), "alloc", *v,
                              args=["5000"] if link == "static-O0" else [])
            cases += [
                alloc,
                DeterminismCase(name("alloc", "determinism"), "alloc", *v, args=["5000"]),
                QemuCase(name("alloc", "qemu"), [alloc]),
            ]

            # doubles
            # doubles: one case per section of the program, so that one FPU bug does not hide
            # the others
            doubles_cases = [GuestCase(name("doubles", section), "doubles", *v, args=[section])
                             for section in DOUBLES_SECTIONS]
            cases += doubles_cases + [QemuCase(name("doubles", "qemu"), doubles_cases)]

            # args, with environment changes given to profemu as -E/-U
            big = "x" * 20000
            many = ["arg%d-%s" % (i, "y" * (i % 37)) for i in range(300)]
            args_cases = [
                GuestCase(name("args", "plain"), "args", *v,
                          args=["HOME", "PROFEMU_TEST_A", "PROFEMU_TEST_EMPTY", "NOT_SET_X",
                                "with space", "", "tab\there", "\u00fcn\u00efc\u00f6de",
                                "quote\"back\\slash"]),
                GuestCase(name("args", "optlike"), "args", *v,
                          args=["--strace", "-E", "PROFEMU_TEST_A=no", "-U", "HOME", "--",
                                "-L", "/", "--max-insns=1"]),
                GuestCase(name("args", "setenv"), "args", *v,
                          args=["PROFEMU_TEST_NEW", "PROFEMU_TEST_A"],
                          env_ops=[("PROFEMU_TEST_NEW", "hello world"),
                                   ("PROFEMU_TEST_A", "changed")]),
                GuestCase(name("args", "unsetenv"), "args", *v,
                          args=["PROFEMU_TEST_B", "HOME", "PROFEMU_TEST_A"],
                          env_ops=[("PROFEMU_TEST_B", None), ("HOME", None)]),
                GuestCase(name("args", "envtricky"), "args", *v,
                          args=["PROFEMU_TEST_EQ", "PROFEMU_TEST_SET_EMPTY", "PROFEMU_TEST_NEVER"],
                          env_ops=[("PROFEMU_TEST_EQ", "a=b=c"), ("PROFEMU_TEST_SET_EMPTY", ""),
                                   ("PROFEMU_TEST_NEVER", None), ("PROFEMU_TEST_0", None)]),
                GuestCase(name("args", "many"), "args", *v, args=many + ["PROFEMU_TEST_BIG"],
                          env_ops=[("PROFEMU_TEST_BIG", big)]),
            ]
            cases += args_cases + [QemuCase(name("args", "qemu"), args_cases)]

            # cpubench: small enough for an emulator; the default size is for bench/run.sh
            cpu = GuestCase(name("cpubench", "small"), "cpubench", *v, args=["22", "20000", "2"])
            cases += [
                cpu,
                MaxInsnsCase(name("cpubench", "maxinsns"), "cpubench", *v, limit=1000),
                QemuCase(name("cpubench", "qemu"), [cpu]),
            ]

            # shared: MAP_SHARED memory between processes (guests/shared.c): anonymous memory
            # and process-shared semaphores and mutexes across fork, a file written through a
            # mapping and read back (the file compared), a named semaphore in /dev/shm
            cases += [GuestCase(name("shared", m), "shared", *v, args=[m], compare_tree=m == "file",
                                timeout=120)
                      for m in ("anon", "file", "named")]

            # realcalls: POSIX timers, timerfd, eventfd, inotify, mincore, copy_file_range, sendmmsg and
            # recvmmsg, mremap of shared memory (guests/realcalls.c), as natively
            timer_fix = qemu_timer_ids if qemu_is_oracle(arch) else None
            qemu_fixes = {"timer": timer_fix,
                          "signalfd": qemu_signalfd_sizemask if qemu_is_oracle(arch) else None}
            cases += [GuestCase(name("realcalls", m), "realcalls", *v, args=[m], timeout=120,
                                oracle_fix=qemu_fixes.get(m))
                      for m in REALCALLS_MODES]
            # mremap of shared memory: qemu-i386 and qemu-hppa crash on it (SIGSEGV), so only
            # the natively compared x86-64 runs it
            # and a signalfd across fork (qemu-i386 hangs in the fork of a dynamic guest), and
            # recvmmsg's timeout (qemu-user ignores it), timer ids (qemu-user has its own)
            if arch == "x86_64":
                cases += [GuestCase(name("realcalls", m), "realcalls", *v, args=[m], timeout=120)
                          for m in ("mremap", "signalfdfork", "mmsgtimeout", "timerids")]
            # a signalfd read by two threads; --strace of a parent waiting while its child makes
            # calls (static builds: qemu-i386 hangs forking a dynamic guest)
            if link == "static":
                cases.append(GuestCase(name("realcalls", "signalfdthreads"), "realcalls", *v,
                                       args=["signalfdthreads"], timeout=60))
                cases.append(StraceTreeCase(name("realcalls", "stracetree"), "realcalls", *v,
                                            args=["stracetree"], timeout=60))

            # signals: handlers, masks, faults caught, timers (guests/signals.c), as natively
            faults_fix = parisc_kernel_faults if arch == "hppa" else None
            signal_cases = [GuestCase(name("signals", m), "signals", *v, args=[m],
                                      oracle_fix=faults_fix if m == "faults" else None)
                            for m in SIGNAL_MODES]
            signal_cases.append(FaultCase(name("signals", "resethand"), "signals", *v,
                                          ["resethand"], signal.SIGTERM))
            signal_cases.append(FaultCase(name("signals", "alarmdies"), "signals", *v,
                                          ["alarmdies"], signal.SIGALRM))
            cases += signal_cases + [QemuCase(name("signals", "qemu"), signal_cases),
                                     StraceCase(name("signals", "strace"), "signals", *v,
                                                args=["faults"], oracle_fix=faults_fix, needles=(
                                                    "--- SIGSEGV {si_signo=SIGSEGV, si_code=1, si_addr=0x10} ---",
                                                    # parisc: FPE_CONDTRAP (parisc_kernel_faults)
                                                    "--- SIGFPE {si_signo=SIGFPE, si_code=%d" % (
                                                        15 if arch == "hppa" else 1))),
                                     StraceCase(name("signals", "strace-return"), "signals", *v,
                                                args=["basic"], needles=(
                                                    "--- SIGUSR1 {si_signo=SIGUSR1, si_code=-6",
                                                    "sigreturn() = ")),
                                     SigprofCase(name("signals", "sigprof-exact"), "signals",
                                                 *v, args=["sigprof"]),
                                     DeterminismCase(name("signals", "determinism"), "signals",
                                                     *v, args=["timers"])]

            # fault
            fault_cases = []
            for mode, (fargs, sig) in FAULT_MODES.items():
                if arch == "hppa" and mode in HPPA_FAULTS:
                    sig = HPPA_FAULTS[mode]
                if sig is None:
                    fault_cases.append(GuestCase(name("fault", mode), "fault", *v, args=fargs,
                                                 native_status=1))
                else:
                    fault_cases.append(FaultCase(name("fault", mode), "fault", *v, fargs, sig))
            for n in (0, 3, 42, 255, 256):
                fault_cases.append(GuestCase(name("fault", "exit%d" % n), "fault", *v,
                                             args=["exit", str(n)], native_status=n % 256))
            fault_cases.append(GuestCase(name("fault", "usage"), "fault", *v, native_status=2))
            cases += fault_cases
            cases.append(FaultCase(name("fault", "segv-stats"), "fault", *v, ["segv"],
                                   signal.SIGSEGV, stats=True))
            cases.append(QemuCase(name("fault", "qemu"), fault_cases))

    # qemu-user is the oracle of these arches: comparing it with itself proves nothing
    cases = [c for c in cases if not (isinstance(c, QemuCase) and c.arch in QEMU_ORACLE)]

    # profemu's own errors
    def missing_abs(ctx, cwd):
        return [], "/nonexistent-profemu-e2e/no-such-program"

    def missing_rel(ctx, cwd):
        return [], "./no-such-program"

    def text_file(ctx, cwd):
        p = os.path.join(cwd, "notes.txt")
        with open(p, "w") as f:
            f.write("This is a text file, not an ELF program.\n" * 20)
        os.chmod(p, 0o755)
        return [], p

    def script(ctx, cwd):
        p = os.path.join(cwd, "script.sh")
        with open(p, "w") as f:
            f.write("#!/bin/sh\necho hi\n")
        os.chmod(p, 0o755)
        return [], p

    def empty_file(ctx, cwd):
        p = os.path.join(cwd, "empty")
        open(p, "w").close()
        os.chmod(p, 0o755)
        return [], p

    def directory(ctx, cwd):
        p = os.path.join(cwd, "adir")
        os.mkdir(p)
        return [], p

    def truncated(arch):
        def make(ctx, cwd):
            with open(guest_program(ctx, "hello", arch, "static"), "rb") as f:
                head = f.read(100)
            p = os.path.join(cwd, "hello-truncated")
            with open(p, "wb") as f:
                f.write(head)
            os.chmod(p, 0o755)
            return [], p
        return make

    def bad_option(ctx, cwd):
        return ["--no-such-option"], ctx.guest("hello", "x86_64", "static")

    def bad_value(ctx, cwd):
        return ["--max-insns=lots"], ctx.guest("hello", "x86_64", "static")

    cases += [
        ErrorCase("errors-missing", missing_abs, 127),
        ErrorCase("errors-missing-relative", missing_rel, 127),
        ErrorCase("errors-textfile", text_file, 126),
        ErrorCase("errors-script", script, 126),
        ErrorCase("errors-emptyfile", empty_file, 126),
        ErrorCase("errors-directory", directory, 126),
        ErrorCase("errors-truncated-x86_64", truncated("x86_64"), 126),
        ErrorCase("errors-truncated-i386", truncated("i386"), 126),
        ErrorCase("errors-truncated-hppa", truncated("hppa"), 126),
        ErrorCase("errors-badoption", bad_option, 2, program_in_message=False),
        ErrorCase("errors-badvalue", bad_value, 2, program_in_message=False),
        SigintCase("sigint-x86_64", "x86_64"),
        SigintCase("sigint-i386", "i386"),
        SigintCase("sigint-hppa", "hppa"),
    ]
    return cases


# ---------------------------------------------------------------------------------------------
# Main


def run_case(case, args):
    return e2e_harness.run_in_context(Context(args),
                                      case.native_check if args.native_only else case.run)


def main():
    opt = e2e_harness.option
    return e2e_harness.main(
        __doc__, "run_guest.py", build_cases(), run_case,
        programs=[("--profemu", "path of the profemu binary")],
        options=[opt("--native-only", after="--pattern", action="store_true",
                     help="only check that the guests behave as expected natively"),
                 opt("--no-qemu-hint", after="--keep", action="store_true",
                     help="on a failure, do not run qemu to see whether it agrees")])


if __name__ == "__main__":
    sys.exit(main())
