#!/usr/bin/env python3
"""End-to-end tests of profil(2) and sprofil(2) as profemu serves them.

The guests (guests/profil_*.c, guests/gprof_demo.c) print what they did -- every profil and
sprofil call with its result, and every non-zero counter of their buffers -- and profemu, run
with --explain and --strace, prints every clock tick (its pc) and every system call. This
runner computes, independently of profemu, what the counters must be: it replays the calls and
the ticks in the order profemu printed them through its own model of each personality's rules,
written from ../../shared/SEMANTICS.md and the seeds (not from profemu's code), and compares
bit for bit. Other cases use independent tools: objdump (every sampled pc is an instruction
start), gprof (call counts, histogram), native execution (what an exec'd program prints), and
counting (a loop of exactly 10 instructions, time measured by the guest).

Where a seed is silent, the model follows the choices of doc/profil.2 and doc/sprofil.2
(MODEL CHOICES below lists them): a change there must be made here too.

Usage:
  run_profil.py --list                      print the test case names, one a line
  run_profil.py --profemu build/profemu --guest-dir build/guests CASE...
  run_profil.py --profemu build/profemu --guest-dir build/guests --all [--pattern 'scale-*']
Exit status (one case): 0 pass, 1 fail, 77 skipped (meson's convention), 99 harness error.
With several cases: 0 if none failed, 1 otherwise; a summary is printed.

Cases (ARCH x86_64|i386, LINK static|dynamic, P svr4|bsd|linux|hpux):
  scale-ARCH-LINK-P          profil_scale: 11 phases (scales 0x10000 0x8000 0x4000 0xC000 2 ...)
                             via glibc, 0x6000 (and 98 on i386); bins = the model's; every pc in
                             the profiled code is an instruction start (objdump); tick k at
                             instruction k*N; ticks = instructions/N (--stats)
  off-ARCH-LINK-P-TEST[-VIA] profil_off: scale 0/1, bufsiz 0, NULL, scale > 0x10000, a buffer
                             bad in part, unmapped, read-only; return values, errno, bins
  sprofil-ARCH-LINK-P-TEST   profil_sprofil (P linux or hpux): regions, element sizes, the
                             overflow bin, tvp, alternation, re-enabling, saturation, errors
  profilsat-ARCH-static-P    one bin past 65535 through profil: wraps, saturates or stops
                             (saturation cases, sprofil's too, on static programs only;
                             hppa's under hpux only; off-*-dynamic under linux only)
  fork-ARCH-LINK-P           profil_fork: child and parent count apart; wait4; exec turns
                             profiling off; exec of the other architecture's hello
  determinism-ARCH-LINK      same options -> same output; --jitter with one seed -> same;
                             another seed -> other bins, each run consistent with its ticks;
                             jitter intervals within [N/2, 3N/2]
  alias-ARCH-LINK            a 10-instruction loop, tick 10000: one bin; with --jitter: spread
  time-ARCH-LINK-CLOCK[-hzH] profil_time: the guest waits for 1000 ticks of its clock; the run
                             takes 1000*N instructions (within one loop iteration), every time
  gprof-ARCH                 gprof_demo-pg: gmon.out identical twice; gprof reads it; calls are
                             exact; the histogram equals the model's bins
  seedtable-hppa, -ia64      sprofil_table: the HP-UX seed's instructions-per-element table
                             (PA-RISC, Itanium), measured row by row with --personality=hpux
                             --tick=1 on a straight line of no-ops
"""

import json
import os
import re
import shutil
import signal
import struct
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
PERSONALITIES = ["svr4", "bsd", "linux", "hpux"]
WORD_BITS = {"x86_64": 64, "i386": 32, "hppa": 32}
OTHER_ARCH = {"x86_64": "i386", "i386": "x86_64", "hppa": "x86_64"}


def objdump_for(path):
    """binutils' objdump reads x86 programs; PA-RISC needs the cross one (same output)."""
    with open(path, "rb") as f:
        head = f.read(20)
    if head[:4] == b"\x7fELF" and head[5] == 2 and head[18:20] == b"\x00\x0f":  # EM_PARISC
        if not shutil.which("hppa-linux-gnu-objdump"):
            raise Skip("hppa-linux-gnu-objdump is not installed")
        return "hppa-linux-gnu-objdump"
    return "objdump"

EFAULT, EINVAL, E2BIG, ENOSYS = 14, 22, 7, 38
# errno values that differ on PA-RISC Linux (asm/errno.h); the others above are the same
ENOSYS_OF = {"hppa": 251}
PROF_USHORT, PROF_UINT, PROF_FAST, PROF_UINT64 = 0, 1, 2, 4

# MODEL CHOICES -- where the seeds leave a choice open, what the model expects (the choices
# doc/profil.2 and doc/sprofil.2 record):
#  * svr4: profiling stops (silently) when a counter would pass 32767 (illumos' rule).
#  * svr4 profil is void: its return value is not checked.
#  * bsd: scale > 0x10000 is EINVAL and leaves the state as it was; scale 0 turns off; a
#    buffer not entirely writable is EFAULT at the call and turns profiling off.
#  * linux profil: scale < 2, bufsiz 0 or a NULL buffer turn off and return 0; a buffer not
#    entirely writable is SIGSEGV at the call; an update that faults later is SIGSEGV.
#  * hpux: every call first disables; profcnt 0 disables and returns 0; entries with scale 0 or
#    1 are ignored entirely (neither validated nor ordered); a bad pr_base is found by the tick,
#    which disables silently; *tvp is written on success only (so only checked then).
#  * linux sprofil: *tvp is written by every call; a call while sprofil (not profil) profiling
#    is on only disables; profcnt < 0 or > --profil-max is E2BIG; a call that keeps no region
#    and no overflow bin leaves profiling off; the overflow bin's element has the size of the
#    others and wraps; regions saturate; equal offsets: the later entry wins; a faulting update
#    is SIGSEGV.
#  * svr4 and bsd have no sprofil: ENOSYS.
# And one rule where SEMANTICS.md is explicit and doc/profil.2 chose otherwise:
#  * svr4 in range: SEMANTICS.md says "pc >= offset and byte < bufsiz" (byte unrounded), so with
#    an odd bufsiz 2k+1 a pc with byte 2k counts into counter k, which sticks out one byte;
#    doc/profil.2 says "i < bufsiz/2". The model follows SEMANTICS.md unless this is False.
SVR4_RANGE_BY_BYTE = True
SVR4_LIMIT = 32767

BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "HOME": "/home/profemu-e2e",
    "LANG": "C",
    "LC_ALL": "C",
    "TZ": "UTC",
}


# ---------------------------------------------------------------------------------------------
# Running things


class Result:
    def __init__(self, argv, cwd, returncode, stdout, stderr, timed_out, elapsed):
        self.argv, self.cwd = argv, cwd
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.timed_out, self.elapsed = timed_out, elapsed

    @property
    def status(self):
        if self.returncode is None:
            return None
        return 128 - self.returncode if self.returncode < 0 else self.returncode

    def describe(self):
        if self.timed_out:
            return "timed out after %.0f s" % self.elapsed
        if self.returncode < 0:
            return "killed by signal %d" % -self.returncode
        return "exit status %d" % self.returncode

    def command_line(self):
        return "cd %s && %s" % (self.cwd, " ".join(shell_quote(a) for a in self.argv))

    def out(self):
        return self.stdout.decode("utf-8", "replace")

    def err(self):
        return self.stderr.decode("utf-8", "replace")


def shell_quote(s):
    if re.fullmatch(r"[A-Za-z0-9_./=:,+@%-]+", s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def base_env():
    return e2e_harness.environment(BASE_ENV)


def run(argv, cwd, timeout):
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, cwd=cwd, env=base_env(), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Result(argv, cwd, None, e.stdout or b"", e.stderr or b"", True,
                      time.monotonic() - t0)
    return Result(argv, cwd, p.returncode, p.stdout, p.stderr, False, time.monotonic() - t0)


def tool_output(argv):
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
    except OSError as e:
        raise HarnessError("cannot run %s: %s" % (argv[0], e))
    if p.returncode != 0:
        raise HarnessError("%s failed (status %d): %s" % (" ".join(argv), p.returncode,
                                                          p.stderr.decode("utf-8", "replace")))
    return p.stdout.decode("utf-8", "replace")


def excerpt(text, limit=3000, tail=False):
    if len(text) <= limit:
        return text
    if tail:
        return "... (%d characters before)\n%s" % (len(text) - limit, text[-limit:])
    return "%s\n... (%d more characters)" % (text[:limit], len(text) - limit)


def describe_run(label, r, stdout=True, stderr_tail=1500):
    lines = ["--- %s: %s" % (label, r.describe()), "    command: " + r.command_line()]
    if stdout and r.stdout:
        lines.append("    stdout:\n" + indent(excerpt(r.out(), 1500)))
    if r.stderr and stderr_tail:
        # the end of stderr: profemu's own messages come last
        err = "\n".join(l for l in r.err().splitlines() if not l.startswith("tick "))
        if err.strip():
            lines.append("    stderr (without tick lines):\n" +
                         indent(excerpt(err, stderr_tail, tail=True)))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# What profemu and the guests print


class Tick:
    __slots__ = ("k", "insn", "pc", "line")

    def __init__(self, k, insn, pc, line):
        self.k, self.insn, self.pc, self.line = k, insn, pc, line


class Syscall:
    __slots__ = ("name", "args", "result", "line")

    def __init__(self, name, args, result, line):
        self.name, self.args, self.result, self.line = name, args, result, line


TICK_RE = re.compile(r"^tick (\d+) insn (\d+) pc 0x([0-9a-fA-F]+)")
STRACE_RE = re.compile(r"^\d+ ([A-Za-z_][A-Za-z0-9_]*)\((.*)\) = (.*)$")
CALL_SYSCALLS = {"profil": "profil", "profemu_profil": "profil", "sprofil": "sprofil",
                 "profemu_sprofil": "sprofil"}


def parse_stderr(text):
    """The tick lines of --explain and the lines of --strace, in order."""
    events = []
    for line in text.splitlines():
        m = TICK_RE.match(line)
        if m:
            events.append(Tick(int(m.group(1)), int(m.group(2)), int(m.group(3), 16), line))
            continue
        m = STRACE_RE.match(line)
        if m:
            events.append(Syscall(m.group(1), m.group(2), m.group(3), line))
    return events


def fields(s):
    """'a=1 b=0x2 c=x' -> {'a': '1', ...}"""
    return dict(kv.split("=", 1) for kv in s.split() if "=" in kv)


def num(s):
    return int(s, 0)


class Call:
    def __init__(self, kind, f, phase):
        self.kind, self.f, self.phase = kind, f, phase
        self.entries = []
        self.tv = None

    def get(self, key):
        return num(self.f[key])

    def describe(self):
        s = "%s(%s) = %s errno %s" % (self.kind, ", ".join(
            "%s=%s" % (k, v) for k, v in self.f.items() if k not in ("ret", "errno")),
            self.f.get("ret"), self.f.get("errno"))
        for e in self.entries:
            s += "\n      entry base=%#x size=%d offset=%#x scale=%#x" % e
        return s


class Buffer:
    def __init__(self, name, base, es, count):
        self.name, self.base, self.es, self.count = name, base, es, count
        self.bins = {}


class Phase:
    def __init__(self, name):
        self.name = name
        self.calls = []
        self.valid = []
        self.buffers = []
        self.ended = False


class GuestOutput:
    def __init__(self, text):
        self.text = text
        self.syms = {}
        self.ranges = {}
        self.phases = []
        self.calls = []
        self.lines = text.splitlines()
        phase = None
        call = None
        buf = None
        for line in self.lines:
            w = line.split()
            if not w:
                continue
            if w[0] == "sym" and len(w) == 3:
                self.syms[w[1]] = num(w[2])
            elif w[0] == "range" and len(w) == 4:
                self.ranges[w[1]] = (num(w[2]), num(w[3]))
            elif w[0] == "phase":
                phase = Phase(w[1])
                self.phases.append(phase)
                call = buf = None
            elif w[0] == "call" and phase is not None:
                call = Call(w[1], fields(" ".join(w[2:])), phase)
                phase.calls.append(call)
                self.calls.append(call)
            elif w[0] == "entry" and call is not None:
                f = fields(" ".join(w[1:]))
                call.entries.append((num(f["base"]), num(f["size"]), num(f["offset"]),
                                     num(f["scale"])))
            elif w[0] == "tv" and call is not None:
                call.tv = (int(w[1]), int(w[2]))
            elif w[0] == "valid" and phase is not None:
                phase.valid.append((num(w[1]), num(w[2])))
            elif w[0] == "buffer" and phase is not None:
                f = fields(" ".join(w[2:]))
                buf = Buffer(w[1], num(f["base"]), num(f["elem"]), num(f["count"]))
                phase.buffers.append(buf)
            elif w[0] == "bin" and buf is not None:
                buf.bins[int(w[1])] = int(w[2])
            elif w[0] == "end" and phase is not None:
                phase.ended = True
                phase = call = buf = None


# ---------------------------------------------------------------------------------------------
# The model of the personalities


class GuestSegv(Exception):
    """The linux personality's SIGSEGV."""


def ceil_div(a, b):
    return -(-a // b)


class Model:
    """profil/sprofil state of one process, per the personality's rules."""

    def __init__(self, pers, bits, profil_max=64, tick_usec=10000):
        self.pers = pers
        self.bits = bits
        self.mask = (1 << bits) - 1
        self.profil_max = profil_max
        self.tick_usec = tick_usec
        self.enabled = False
        self.kind = None          # "profil" (svr4/bsd/linux arithmetic) or "sprofil"
        self.p = None             # profil: (buf, bufsiz, offset, scale)
        self.regions = []         # sprofil: [(base, size, offset, scale)]
        self.overflow = None      # sprofil: base of the overflow element
        self.es = 2
        self.mem = {}             # element address -> value
        self.width = {}           # element address -> its size in bytes when last counted
        self.hits = {}            # element address -> [tick numbers] (for reports)
        self.valid = []
        self.events = []          # notable things: faults, limits

    # memory
    def writable(self, addr, length):
        if length == 0:
            return True
        return any(lo <= addr and addr + length <= hi for lo, hi in self.valid)

    def reset_memory(self, valid):
        self.mem, self.hits, self.valid = {}, {}, list(valid)

    def unmap(self, lo, hi):
        """[lo, hi) is no longer writable (munmap, mprotect); its counters are gone."""
        out = []
        for a, b in self.valid:
            if b <= lo or a >= hi:
                out.append((a, b))
                continue
            if a < lo:
                out.append((a, lo))
            if b > hi:
                out.append((hi, b))
        self.valid = out
        for addr in [x for x in self.mem if lo <= x < hi]:
            del self.mem[addr]

    def map(self, lo, hi):
        """[lo, hi) is new writable memory, zeroed (mmap)."""
        self.unmap(lo, hi)
        self.valid.append((lo, hi))

    def off(self):
        self.enabled = False

    # profil
    def call_profil(self, buf, bufsiz, offset, scale):
        """Returns (ret, errno) expected, or None where the personality leaves it open."""
        m = self.mask
        buf, bufsiz, offset, scale = buf & m, bufsiz & m, offset & m, scale & 0xffffffff
        P = self.pers
        if P == "hpux":
            # the seed's Notes: sprofil of one region, profcnt 1, tvp NULL, PROF_USHORT
            return self.call_sprofil([(buf, bufsiz, offset, scale)], 1, 0, True, True,
                                     PROF_USHORT)
        if P == "svr4":
            if scale < 2:
                self.off()
            else:
                self.set_profil(buf, bufsiz, offset, scale)
            return None
        if P == "bsd":
            if scale > 0x10000:
                return (-1, EINVAL)
            if scale == 0:
                self.off()
                return (0, 0)
            if not self.writable(buf, bufsiz):
                self.off()
                return (-1, EFAULT)
            self.set_profil(buf, bufsiz, offset, scale)
            return (0, 0)
        # linux
        if scale < 2 or bufsiz == 0 or buf == 0:
            self.off()
            return (0, 0)
        if not self.writable(buf, bufsiz):
            raise GuestSegv("profil with a bad buffer")
        self.set_profil(buf, bufsiz, offset, scale)
        return (0, 0)

    def set_profil(self, buf, bufsiz, offset, scale):
        self.enabled, self.kind, self.p, self.es = True, "profil", (buf, bufsiz, offset, scale), 2

    def profil_element(self, pc):
        """The address of the counter for pc, or None when pc is out of range."""
        buf, bufsiz, offset, scale = self.p
        P = self.pers
        if P in ("svr4", "bsd"):
            if pc < offset:
                return None
            byte = ((pc - offset) * scale) >> 16
            if P == "svr4":
                if byte >= bufsiz if SVR4_RANGE_BY_BYTE else byte // 2 >= bufsiz // 2:
                    return None
                return buf + (byte // 2) * 2
            byte &= ~1
            if byte >= bufsiz:
                return None
            return buf + byte
        # linux: glibc's arithmetic on d = pc - offset in the guest's width
        d = (pc - offset) & self.mask
        index = ((d // 2) * scale) >> 16
        if index >= bufsiz // 2:
            return None
        return buf + 2 * index

    # sprofil
    def call_sprofil(self, entries, profcnt, tvp, tvp_ok, profp_ok, flags):
        """entries: [(base, size, offset, scale)] as the guest wrote them. Returns (ret, errno)
        and sets self.tv_expected (None: *tvp not to be checked)."""
        self.tv_expected = None
        tv = (self.tick_usec // 1000000, self.tick_usec % 1000000)
        if self.pers in ("svr4", "bsd"):
            return (-1, getattr(self, "enosys", ENOSYS))
        if self.pers == "linux":
            if tvp and tvp_ok:
                self.tv_expected = tv
            if self.enabled and self.kind == "sprofil":
                # glibc: a call while sprofil profiling is on only turns it off
                self.off()
                return (0, 0)
            if profcnt < 0 or profcnt > self.profil_max:
                return (-1, E2BIG)
            es = 4 if flags & PROF_UINT else 2
            regions, overflow = [], None
            for base, size, offset, scale in entries:
                if scale < 2:
                    continue
                if offset == 0 and scale == 2:
                    overflow = base
                    continue
                regions.append((base, size, offset, scale))
            self.off()
            self.es, self.regions, self.overflow = es, regions, overflow
            if regions or overflow is not None:
                self.enabled, self.kind = True, "sprofil"
            return (0, 0)
        # hpux
        self.off()
        flags &= 0xffffffff
        es = {PROF_USHORT: 2, PROF_UINT: 4, PROF_UINT64: 8}.get(flags)
        if es is None:
            return (-1, EINVAL)
        if profcnt < 0 or profcnt > self.profil_max:
            return (-1, E2BIG)
        if tvp and not tvp_ok:
            return (-1, EFAULT)
        if profcnt == 0:
            if tvp:
                self.tv_expected = tv
            return (0, 0)
        if not profp_ok:
            return (-1, EFAULT)
        regions, overflow, prev_end = [], None, None
        for i, (base, size, offset, scale) in enumerate(entries):
            if scale < 2:
                continue
            if offset == 0 and scale == 2:
                if i != len(entries) - 1 or size != es:
                    return (-1, EINVAL)
                overflow = base
                continue
            if size == 0 or size % es or size > (2 ** 46 * scale) // 65536:
                return (-1, EINVAL)
            if prev_end is not None and offset < prev_end:
                return (-1, EINVAL)  # not sorted, or overlapping
            # pc belongs to the region while (pc - offset) * scale / 65536 < size
            prev_end = offset + ceil_div(size * 65536, scale)
            regions.append((base, size, offset, scale))
        self.regions, self.overflow, self.es = regions, overflow, es
        self.enabled, self.kind = True, "sprofil"
        if tvp:
            self.tv_expected = tv
        return (0, 0)

    def sprofil_element(self, pc):
        """(address, saturates) of the counter for pc, or None."""
        es = self.es
        if self.pers == "linux":
            best = None
            for base, size, offset, scale in self.regions:
                if pc < offset:
                    continue
                index = (((pc - offset) // es) * scale) >> 16
                if index < size // es and (best is None or offset >= best[0]):
                    best = (offset, base + index * es)
            if best:
                return best[1], True
            if self.overflow is not None:
                return self.overflow, False   # glibc: the overflow counter wraps
            return None
        for base, size, offset, scale in self.regions:
            if pc < offset:
                continue
            byte = ((pc - offset) * scale) >> 16
            if byte < size:
                return base + (byte // es) * es, True
        if self.overflow is not None:
            return self.overflow, True
        return None

    # one tick
    def tick(self, pc, k):
        if not self.enabled:
            return
        if self.kind == "profil":
            addr = self.profil_element(pc)
            saturates = False
        else:
            r = self.sprofil_element(pc)
            addr, saturates = r if r else (None, False)
        if addr is None:
            return
        es = self.es
        if not self.writable(addr, es):
            if self.pers == "linux":
                raise GuestSegv("tick %d: update at %#x faults" % (k, addr))
            self.events.append("tick %d: the update at %#x would fault: off" % (k, addr))
            self.off()
            return
        v = self.mem.get(addr, 0)
        top = (1 << (8 * es)) - 1
        if self.kind == "profil" and self.pers == "svr4" and v + 1 > SVR4_LIMIT:
            self.events.append("tick %d: counter at %#x would pass 32767: off" % (k, addr))
            self.off()
            return
        if self.kind == "profil" and self.pers != "hpux":
            v = (v + 1) & 0xffff                 # svr4 (never past 32767), bsd, linux: u16
        elif saturates:
            v = min(v + 1, top)
        else:
            v = (v + 1) & top
        self.mem[addr] = v
        self.width[addr] = es
        self.hits.setdefault(addr, []).append(k)


# ---------------------------------------------------------------------------------------------
# Replaying a run through the model


class Replay:
    """Replays the guest's calls and profemu's ticks, phase by phase; collects problems."""

    def __init__(self, pers, arch, out, events, profil_max=64, hz=100):
        self.pers, self.arch, self.out, self.events = pers, arch, out, events
        self.model = Model(pers, WORD_BITS[arch], profil_max, 1000000 // hz)
        self.model.enosys = ENOSYS_OF.get(arch, ENOSYS)
        self.problems = []
        self.segv = None
        self.phase_ticks = {}   # phase name -> [ticks between its first call and the next phase]
        self.sync = None

    def align(self):
        calls = self.out.calls
        by_strace = [i for i, e in enumerate(self.events)
                     if isinstance(e, Syscall) and e.name in CALL_SYSCALLS]
        markers = [i for i, e in enumerate(self.events)
                   if isinstance(e, Syscall) and e.name == "getppid"]
        if len(by_strace) == len(calls) and all(
                CALL_SYSCALLS[self.events[i].name] == c.kind for i, c in zip(by_strace, calls)):
            self.sync = "the calls' own --strace lines"
            return by_strace
        if len(markers) == len(calls):
            self.sync = "the getppid() markers before each call"
            return markers
        raise Failure("cannot line the guest's %d profil/sprofil calls up with profemu's "
                      "stderr: --strace shows %d profil/sprofil lines and %d getppid() markers"
                      % (len(calls), len(by_strace), len(markers)))

    def run(self):
        positions = self.align()
        at = {pos: i for i, pos in enumerate(positions)}
        calls = self.out.calls
        m = self.model
        current = None
        for idx, ev in enumerate(self.events):
            if idx in at:
                call = calls[at[idx]]
                if call.phase is not current:
                    if current is not None:
                        self.finish(current)
                    current = call.phase
                    m.reset_memory(current.valid or [
                        (b.base, b.base + b.es * b.count) for b in current.buffers])
                    m.events = []
                    self.phase_ticks[current.name] = []
                try:
                    self.apply(call)
                except GuestSegv as e:
                    self.segv = "%s: %s" % (call.phase.name, e)
                    break
            elif isinstance(ev, Syscall) and ev.name in ("mmap", "mmap2", "munmap", "mprotect"):
                self.memory_event(ev)
            elif isinstance(ev, Tick):
                if current is not None:
                    self.phase_ticks[current.name].append(ev)
                try:
                    m.tick(ev.pc, ev.k)
                except GuestSegv as e:
                    self.segv = "%s: %s" % (current.name if current else "?", e)
                    break
        if current is not None and self.segv is None:
            self.finish(current)
        return self

    def memory_event(self, ev):
        """Follows the guest's mappings: a buffer may be unmapped or mapped during a phase."""
        a = [x.strip() for x in ev.args.split(",")]
        try:
            res = int(ev.result.split()[0], 0)
            addr = 0 if a[0] == "NULL" else int(a[0], 0)
            length = (int(a[1], 0) + 4095) & ~4095
            prot = int(a[2], 0) if len(a) > 2 else 0
        except (ValueError, IndexError):
            return
        if res < 0:
            return
        m = self.model
        if ev.name == "munmap":
            m.unmap(addr, addr + length)
        elif ev.name == "mprotect":
            if prot & 2:
                m.valid.append((addr, addr + length))
            else:
                m.unmap(addr, addr + length)
        elif prot & 2:
            m.map(res, res + length)
        else:
            m.unmap(res, res + length)

    def apply(self, call):
        m = self.model
        if call.kind == "profil":
            exp = m.call_profil(call.get("buf"), call.get("bufsiz"), call.get("offset"),
                                call.get("scale"))
            tv_exp = None
        else:
            exp = m.call_sprofil(call.entries, call.get("profcnt"), call.get("tvp"),
                                 call.get("tvp_ok") == 1, call.get("profp_ok") == 1,
                                 call.get("flags"))
            tv_exp = m.tv_expected
        got = (call.get("ret"), call.get("errno"))
        if exp is not None and got != exp:
            self.problems.append("phase %s: %s\n    expected ret %d errno %d (%s), got ret %d "
                                 "errno %d" % (call.phase.name, call.describe(), exp[0], exp[1],
                                               errno_name(exp[1]), got[0], got[1]))
        if tv_exp is not None and call.tv != tv_exp:
            self.problems.append("phase %s: %s\n    *tvp: expected %s (1e6/hz us), got %s" % (
                call.phase.name, call.describe(), tv_exp, call.tv))

    def finish(self, phase):
        m = self.model
        if not phase.ended:
            self.problems.append("phase %s: the guest did not finish it (no `end` line)" %
                                 phase.name)
            return
        for b in phase.buffers:
            expected = self.expected_bins(b)
            if expected != b.bins:
                self.problems.append(self.bin_report(phase, b, expected))

    def expected_bins(self, b):
        """The model's counters as the guest prints buffer b: through the guest's memory, since
        a buffer may be printed in elements of another size than it was counted in (the errors
        phase counts one PROF_UINT overflow element and prints 2-byte elements: on big-endian
        hppa its count is the second one)."""
        m = self.model
        order = "big" if self.arch == "hppa" else "little"
        memory = {}
        for addr, v in m.mem.items():
            for i, byte in enumerate(v.to_bytes(m.width.get(addr, m.es), order)):
                memory[addr + i] = byte
        expected = {}
        for i in range(b.count):
            at = b.base + i * b.es
            v = int.from_bytes(bytes(memory.get(at + j, 0) for j in range(b.es)), order)
            if v:
                expected[i] = v
        return expected

    def bin_report(self, phase, b, expected):
        lines = ["phase %s, buffer %s (at %#x, %d-byte elements): the counters differ from the "
                 "model's" % (phase.name, b.name, b.base, b.es)]
        for c in phase.calls:
            lines.append("    call: " + c.describe().replace("\n", "\n    "))
        diffs = sorted(set(expected) | set(b.bins))
        bad = [i for i in diffs if expected.get(i, 0) != b.bins.get(i, 0)]
        lines.append("    %d of %d bins differ (model total %d, guest total %d):" % (
            len(bad), len(diffs), sum(expected.values()), sum(b.bins.values())))
        for i in bad[:25]:
            addr = b.base + i * b.es
            ticks = self.model.hits.get(addr, [])
            lines.append("      bin %d: expected %d, got %d%s" % (
                i, expected.get(i, 0), b.bins.get(i, 0),
                " (model: ticks %s)" % ", ".join(str(t) for t in ticks[:8]) if ticks else ""))
        if len(bad) > 25:
            lines.append("      ... %d more" % (len(bad) - 25))
        # the tick lines of the first differing bins, as profemu explained them
        wanted = set()
        for i in bad[:3]:
            wanted.update(self.model.hits.get(b.base + i * b.es, [])[:3])
        shown = [t.line for t in self.phase_ticks.get(phase.name, []) if t.k in wanted]
        if not shown:
            shown = [t.line for t in self.phase_ticks.get(phase.name, [])
                     if "counted" in t.line and "not counted" not in t.line][:4]
        if shown:
            lines.append("    profemu --explain for some of these ticks:")
            lines += ["      " + s for s in shown[:6]]
        if self.model.events:
            lines.append("    model events: " + "; ".join(self.model.events[:5]))
        return "\n".join(lines)


def errno_name(e):
    return {0: "none", EFAULT: "EFAULT", EINVAL: "EINVAL", E2BIG: "E2BIG"}.get(e, str(e))


# ---------------------------------------------------------------------------------------------
# Independent tools: nm, objdump


def nm_symbols(path):
    syms = {}
    for line in tool_output(["nm", path]).splitlines():
        w = line.split()
        if len(w) == 3:
            syms.setdefault(w[2], int(w[0], 16))
    return syms


def nm_sized_symbols(path):
    """name -> (address, size) of the symbols nm -S gives a size."""
    syms = {}
    for line in tool_output(["nm", "-S", path]).splitlines():
        w = line.split()
        if len(w) == 4:
            syms.setdefault(w[3], (int(w[0], 16), int(w[1], 16)))
    return syms


def instruction_starts(path, sections):
    """Link-time addresses of every instruction in the sections (objdump -d)."""
    argv = [objdump_for(path), "-d", "--insn-width=16"]
    for s in sections:
        argv += ["-j", s]
    starts = set()
    for line in tool_output(argv + [path]).splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\t", line)
        if m:
            starts.add(int(m.group(1), 16))
    return starts


def check_pcs_are_instructions(guest, out, ticks):
    """Every tick whose pc is in profhot or profalias is at an instruction start."""
    link = nm_symbols(guest)
    if "hot_a" not in out.syms or "hot_a" not in link:
        raise HarnessError("hot_a missing from the guest's output or its symbols")
    bias = out.syms["hot_a"] - link["hot_a"]
    starts = {a + bias for a in instruction_starts(guest, ["profhot", "profalias"])}
    regions = [out.ranges["profhot"]]
    lo2 = out.syms.get("profil_alias_loop")
    if lo2 is not None and "alias2_body" in out.ranges:
        regions.append((lo2, out.ranges["alias2_body"][1] + 1))
    inside = [t for t in ticks if any(lo <= t.pc < hi for lo, hi in regions)]
    bad = [t for t in inside if t.pc not in starts]
    problems = []
    if bad:
        problems.append("%d of %d ticks in the program's profiled code have a pc that is not "
                        "an instruction start (objdump -d):\n%s" % (
                            len(bad), len(inside), "\n".join("      " + t.line for t in bad[:8])))
    return problems, len(inside)


def check_clock(ticks, tick_n, stats_path, jitter=False):
    """Tick k comes after exactly k*N instructions (or, with jitter, after an interval in
    [N/2, 3N/2]); the number of ticks agrees with --stats's instruction count."""
    problems = []
    if not ticks:
        return ["no tick lines on stderr (--explain)"]
    ks = [t.k for t in ticks]
    if ks != list(range(1, len(ks) + 1)):
        problems.append("tick numbers are not 1, 2, 3, ...: %s" % ks[:10])
    if not jitter:
        bad = [t for t in ticks if t.insn != t.k * tick_n]
        if bad:
            problems.append("%d ticks are not at instruction k*%d, e.g.:\n%s" % (
                len(bad), tick_n, "\n".join("      " + t.line for t in bad[:5])))
    else:
        lo, hi = tick_n // 2, tick_n // 2 + tick_n
        prev = 0
        bad = []
        for t in ticks:
            if not lo <= t.insn - prev <= hi:
                bad.append("tick %d: interval %d" % (t.k, t.insn - prev))
            prev = t.insn
        if bad:
            problems.append("--jitter intervals outside [%d, %d]: %s" % (lo, hi,
                                                                        ", ".join(bad[:8])))
        mean = ticks[-1].insn / len(ticks)
        if len(ticks) >= 100 and abs(mean - tick_n) > tick_n * 0.1:
            problems.append("--jitter: mean interval %.1f, expected about %d" % (mean, tick_n))
    if stats_path:
        stats = read_stats(stats_path)
        insns = stats.get("instructions")
        if not isinstance(insns, int):
            problems.append("--stats has no instruction count: %r" % stats)
        elif not jitter:
            n = insns // tick_n
            ok = {n, n - 1} if insns % tick_n == 0 else {n}
            if len(ticks) not in ok:
                problems.append("%d ticks for %d instructions at --tick=%d: expected %s" % (
                    len(ticks), insns, tick_n, " or ".join(str(x) for x in sorted(ok))))
        elif ticks[-1].insn > insns:
            problems.append("the last tick is at instruction %d, after the end (%d)" % (
                ticks[-1].insn, insns))
    return problems


def read_stats(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise Failure("--stats file %s is missing or not JSON: %s" % (path, e))


# ---------------------------------------------------------------------------------------------
# The context


class Context(e2e_harness.Context):
    def __init__(self, args):
        super().__init__(args, "profil")

    def guest(self, name, arch, link=None):
        """A missing hppa guest is a skip: its cross compiler is optional."""
        if arch == "hppa" and self.guest_dir and not os.path.isfile(os.path.join(
                self.guest_dir, arch, "%s-%s" % (name, link) if link else name)):
            raise Skip("no hppa guests: hppa-linux-gnu-gcc was not found when the build was "
                       "set up")
        return super().guest(name, arch, link)

    def need_profemu(self):
        if not self.profemu:
            raise HarnessError("--profemu is required")
        if not os.access(self.profemu, os.X_OK):
            raise Failure("profemu binary %s does not exist or is not executable" % self.profemu)
        return self.profemu

    def profemu_run(self, label, options, guest, args, cwd=None):
        profemu = self.need_profemu()
        cwd = cwd or self.fresh_dir(label)
        return run([profemu] + list(options) + [guest] + [str(a) for a in args], cwd,
                   self.timeout)


def require_clean_exit(r, label, status=0):
    if r.timed_out or r.returncode != status:
        raise Failure("%s: expected exit status %d, got %s\n%s" % (
            label, status, r.describe(), describe_run(label, r)))


# ---------------------------------------------------------------------------------------------
# Cases


class Case:
    def __init__(self, name):
        self.name = name

    def run(self, ctx):
        raise NotImplementedError


def replay_and_check(ctx, label, r, pers, arch, guest, tick_n, stats_path=None, profil_max=64,
                     hz=100, jitter=False, pcs=True):
    """The common checks of a run made with --explain --strace: the exit status (0, or 139
    where the model delivers SIGSEGV), the model's counters and results, the clock, and (pcs)
    objdump. Returns (problems, replay)."""
    if r.timed_out:
        raise Failure("%s: %s\n%s" % (label, r.describe(), describe_run(label, r)))
    out = GuestOutput(r.out())
    events = parse_stderr(r.err())
    ticks = [e for e in events if isinstance(e, Tick)]
    problems = []
    rp = Replay(pers, arch, out, events, profil_max=profil_max, hz=hz).run()
    problems += rp.problems
    if rp.segv:
        if r.returncode != 139:
            problems.append("the model delivers SIGSEGV (%s): expected exit status 139, got %s"
                            % (rp.segv, r.describe()))
        elif "SIGSEGV" not in r.err() and "Segmentation" not in r.err():
            problems.append("the guest died (139) but stderr does not name SIGSEGV")
    elif r.returncode != 0:
        problems.append("expected exit status 0, got %s" % r.describe())
    if not out.phases:
        problems.append("the guest printed no phase")
        return problems, rp
    problems += check_clock(ticks, tick_n, stats_path, jitter=jitter)
    if pcs:
        p, _ = check_pcs_are_instructions(guest, out, ticks)
        problems += p
    return problems, rp


def fail_with(label, problems, r, rp=None):
    text = ["%s: %d problem(s):" % (label, len(problems))]
    text += ["  * " + p.replace("\n", "\n    ") for p in problems[:30]]
    if len(problems) > 30:
        text.append("  ... %d more" % (len(problems) - 30))
    if rp is not None and rp.sync:
        text.append("  (calls lined up with ticks by %s)" % rp.sync)
    text.append(describe_run(label, r, stdout=False))
    raise Failure("\n".join(text))


class ScaleCase(Case):
    def __init__(self, name, arch, link, pers, rounds=1500, tick_n=1009):
        super().__init__(name)
        self.arch, self.link, self.pers, self.rounds, self.tick_n = arch, link, pers, rounds, tick_n

    def run(self, ctx):
        guest = ctx.guest("profil_scale", self.arch, self.link)
        cwd = ctx.fresh_dir(self.name)
        stats = os.path.join(cwd, "stats.json")
        opts = ["--personality=" + self.pers, "--tick=%d" % self.tick_n, "--explain", "--strace",
                "--stats=" + stats]
        r = ctx.profemu_run(self.name, opts, guest, ["scale", self.rounds], cwd=cwd)
        problems, rp = replay_and_check(ctx, "profemu", r, self.pers, self.arch, guest,
                                        self.tick_n, stats)
        out = GuestOutput(r.out())
        vias = 3 if self.arch == "i386" else 2
        if len(out.phases) < 12 * vias:
            problems.append("expected at least %d phases, the guest printed %d" % (
                12 * vias, len(out.phases)))
        if not problems:
            # 4-byte instructions (hppa) never start on an odd byte: nothing to see there
            if self.arch != "hppa":
                self.check_odd_phases(out, rp)
        counted = sum(sum(b.bins.values()) for p in out.phases for b in p.buffers)
        if counted == 0 and self.pers != "hpux":
            problems.append("no phase counted anything")
        if problems:
            fail_with("profemu", problems, r, rp)


    @staticmethod
    def check_odd_phases(out, rp):
        """The oddK phases exist to see the last counter of an odd-sized buffer taken (or not)
        by a tick: at least one tick must have fallen on each of its two bytes."""
        seen = set()
        for p in out.phases:
            if not re.match(r"odd\d+-", p.name) or not p.calls:
                continue
            c = p.calls[0]
            off, bufsiz = c.get("offset"), c.get("bufsiz")
            for t in rp.phase_ticks.get(p.name, []):
                if 0 <= t.pc - off == bufsiz - 1:
                    seen.add("2k")
                elif t.pc - off == bufsiz:
                    seen.add("2k+1")
        if seen != {"2k", "2k+1"}:
            raise HarnessError("the odd-size phases never had a tick on byte %s of the last "
                               "counter: they test nothing" % " or ".join(
                                   sorted({"2k", "2k+1"} - seen)))


class OffCase(Case):
    def __init__(self, name, arch, link, pers, test, via="glibc", profil_max=64):
        super().__init__(name)
        self.arch, self.link, self.pers, self.test, self.via = arch, link, pers, test, via
        self.profil_max = profil_max

    def run(self, ctx):
        guest = ctx.guest("profil_off", self.arch, self.link)
        cwd = ctx.fresh_dir(self.name)
        tick_n = 1009
        opts = ["--personality=" + self.pers, "--tick=%d" % tick_n, "--explain", "--strace",
                "--profil-max=%d" % self.profil_max]
        r = ctx.profemu_run(self.name, opts, guest, [self.via, self.test], cwd=cwd)
        faulty = self.test in ("partbad", "unmapped", "readonly")
        if self.pers == "linux" and faulty:
            # "Called with an invalid buf, it produces a core dump": SIGSEGV at the call, which
            # the guest then never prints (so no replay: the calls cannot be lined up)
            problems = []
            if r.timed_out or r.returncode != 139:
                problems.append("expected the guest to die of SIGSEGV (exit status 139), got %s"
                                % r.describe())
            if ("start %s" % self.test) not in r.out().splitlines():
                problems.append("the guest did not reach the call (no `start %s`)" % self.test)
            if ("end %s" % self.test) in r.out().splitlines():
                problems.append("the guest finished the phase: no SIGSEGV")
            if "SIGSEGV" not in r.err() and "Segmentation" not in r.err():
                problems.append("stderr does not name SIGSEGV")
            if problems:
                fail_with("profemu", problems, r)
            return
        problems, rp = replay_and_check(ctx, "profemu", r, self.pers, self.arch, guest, tick_n,
                                        profil_max=self.profil_max)
        out = GuestOutput(r.out())
        names = [p.name for p in out.phases]
        want = (["scale0", "scale1", "bufsiz0", "null", "scale20000", "scaleffff", "on"]
                if self.test == "basic" else [self.test])
        if names != want:
            problems.append("phases: expected %s, got %s" % (want, names))
        if problems:
            fail_with("profemu", problems, r, rp)


class SprofilCase(Case):
    def __init__(self, name, arch, link, pers, test, layout, via, flags=0, n=1000, tick_n=1009,
                 hz=100, profil_max=64, check=None):
        super().__init__(name)
        self.arch, self.link, self.pers, self.test = arch, link, pers, test
        self.layout, self.via, self.flags, self.n = layout, via, flags, n
        self.tick_n, self.hz, self.profil_max, self.check = tick_n, hz, profil_max, check

    def run(self, ctx):
        guest = ctx.guest("profil_sprofil", self.arch, self.link)
        cwd = ctx.fresh_dir(self.name)
        opts = ["--personality=" + self.pers, "--tick=%d" % self.tick_n, "--explain", "--strace",
                "--hz=%d" % self.hz, "--profil-max=%d" % self.profil_max]
        if self.test in ("errors", "lerrors"):
            args = [self.test, self.layout, self.via, self.profil_max]
        elif self.test == "profilsat":
            args = [self.test, self.layout, self.via, self.n]
        else:
            args = [self.test, self.layout, self.via, self.flags, self.n]
        r = ctx.profemu_run(self.name, opts, guest, args, cwd=cwd)
        problems, rp = replay_and_check(ctx, "profemu", r, self.pers, self.arch, guest,
                                        self.tick_n, profil_max=self.profil_max, hz=self.hz)
        out = GuestOutput(r.out())
        checks = self.check if isinstance(self.check, (list, tuple)) else [self.check]
        for chk in [c for c in checks if c]:
            try:
                problems += chk(self, out, rp)
            except HarnessError:
                # the test did not exercise what it is for: an error of its own, unless the
                # run failed anyway (then that failure is the news)
                if not problems:
                    raise
        if problems:
            fail_with("profemu", problems, r, rp)


def check_overlaps(case, out, rp):
    """glibc's regions may overlap: the test must have seen ticks that two regions take, at
    different offsets and at an equal offset, or it tests nothing of that rule."""
    seen = set()
    for c in out.calls:
        if c.kind != "sprofil" or not c.entries:
            continue
        regions = [e for e in c.entries if e[3] >= 2 and not (e[2] == 0 and e[3] == 2)]
        es = 4 if c.get("flags") & PROF_UINT else 2
        for t in rp.phase_ticks.get(c.phase.name, []):
            takers = [off for base, size, off, scale in regions if t.pc >= off and
                      (((t.pc - off) // es) * scale >> 16) < size // es]
            if len(takers) > 1:
                seen.add("equal" if takers.count(max(takers)) > 1 else "different")
        break
    if seen != {"equal", "different"}:
        raise HarnessError("no tick fell where two regions overlap at %s offsets: the overlap "
                           "rules are not tested" % " and ".join(
                               sorted({"equal", "different"} - seen)))
    return []


def check_saturation(case, out, rp):
    """The saturate/profilsat phases must really have pushed a counter past 65535 ticks."""
    for p in out.phases:
        ticks = rp.phase_ticks.get(p.name, [])
        if len(ticks) <= 65536:
            raise HarnessError("phase %s: only %d ticks: the test needs more than 65536 (a "
                               "smaller --tick or a longer loop)" % (p.name, len(ticks)))
    return []


def check_alternation(case, out, rp):
    """Many ticks must be the first in a region after a tick in the other one."""
    p = out.phases[0] if out.phases else None
    if p is None:
        return []
    a = out.ranges["alias_body"]
    b = out.ranges["alias2_body"]
    last, changes = None, 0
    for t in rp.phase_ticks.get(p.name, []):
        where = "a" if a[0] <= t.pc < a[1] else "b" if b[0] <= t.pc < b[1] else None
        if where and last and where != last:
            changes += 1
        if where:
            last = where
    if changes < 20:
        raise HarnessError("only %d ticks followed a tick in the other region: the test needs "
                           "more" % changes)
    return []


def check_tv(case, out, rp):
    """*tvp after a successful call: one tick's duration, 1e6/hz microseconds."""
    usec = 1000000 // case.hz
    want = (usec // 1000000, usec % 1000000)
    seen = [c.tv for c in out.calls if c.kind == "sprofil" and c.tv is not None
            and c.get("ret") == 0]
    if not seen:
        return ["no successful sprofil call with a tvp"]
    return ["*tvp is %s, expected %s (--hz=%d)" % (tv, want, case.hz) for tv in seen if tv != want]


class ProfilSatCase(SprofilCase):
    pass


class ForkCase(Case):
    def __init__(self, name, arch, link, pers, n=40000, m=60000, tick_n=997):
        super().__init__(name)
        self.arch, self.link, self.pers = arch, link, pers
        self.n, self.m, self.tick_n = n, m, tick_n

    def run(self, ctx):
        guest = ctx.guest("profil_fork", self.arch, self.link)
        foreign = ctx.guest("hello", OTHER_ARCH[self.arch], self.link)
        native = run(e2e_harness.oracle_argv(OTHER_ARCH[self.arch], [foreign]),
                     ctx.fresh_dir(self.name + "-native"), ctx.timeout)
        if native.returncode != 0:
            raise HarnessError("hello (%s) does not run natively: %s" % (OTHER_ARCH[self.arch],
                                                                       native.describe()))
        opts = ["--personality=" + self.pers, "--tick=%d" % self.tick_n]
        r = ctx.profemu_run(self.name, opts, guest, ["fork", foreign, self.n, self.m])
        problems = []
        if r.timed_out or r.returncode != 0:
            problems.append("expected exit status 0 (hello's), got %s" % r.describe())
        lines = r.out().splitlines()

        def find(prefix):
            return [l for l in lines if l.startswith(prefix)]

        def window(count):
            # ticks with the pc inside a function run as one stretch of W instructions: W/N
            # rounded either way (W = 10 per iteration + 2 before the loop + ret)
            w = 10 * count + 3
            return {w // self.tick_n, ceil_div(w, self.tick_n)}

        def sums(tag):
            got = find(tag + " ")
            if len(got) != 1:
                problems.append("expected one `%s loop1 A loop2 B outside C` line, got %d" %
                                (tag, len(got)))
                return None
            w = got[0].split()
            return int(w[2]), int(w[4]), int(w[6])

        child, parent, after = sums("child"), sums("parent"), sums("afterexec")
        if child:
            if child[0] not in window(self.n) or child[1] or child[2]:
                problems.append("child: loop1 %d (expected %s: its own ticks), loop2 %d and "
                                "outside %d (expected 0: the parent's ticks are not the child's)"
                                % (child[0], sorted(window(self.n)), child[1], child[2]))
        if parent:
            if parent[1] not in window(self.m) or parent[0] or parent[2]:
                problems.append("parent: loop2 %d (expected %s), loop1 %d and outside %d "
                                "(expected 0: the child's ticks are not the parent's)"
                                % (parent[1], sorted(window(self.m)), parent[0], parent[2]))
        if after and any(after):
            problems.append("after execve the new image counted: %s (the new image never "
                            "called profil: profiling must be off)" % (after,))
        if self.pers in ("bsd", "linux", "hpux") and find("profil ") != ["profil 0"]:
            problems.append("profil returned %s, expected 0" % find("profil "))
        w4 = find("wait4 ")
        if w4 != ["wait4 ok exited 1 status 42 signaled 0"]:
            problems.append("wait4: expected `wait4 ok exited 1 status 42 signaled 0` (the "
                            "child's exit(42)), got %s" % w4)
        addrs = [l.split()[1] for l in find("bins ")]
        if len(addrs) != 2:
            problems.append("expected two `bins` lines (before and after execve), got %d" %
                            len(addrs))
        elif addrs[0] != addrs[1]:
            ctx.notes.append("note: the array moved across execve (%s -> %s): the after-exec "
                             "check is weaker" % tuple(addrs))
        if not r.stdout.endswith(native.stdout):
            problems.append("the output does not end with what %s's hello prints natively "
                            "(%r)" % (OTHER_ARCH[self.arch], native.out()))
        if problems:
            fail_with("profemu", problems, r)


class DeterminismCase(Case):
    def __init__(self, name, arch, link, rounds=600, tick_n=1000):
        super().__init__(name)
        self.arch, self.link, self.rounds, self.tick_n = arch, link, rounds, tick_n

    def run(self, ctx):
        guest = ctx.guest("profil_scale", self.arch, self.link)
        base = ["--personality=linux", "--tick=%d" % self.tick_n, "--explain", "--strace"]
        args = ["scale", self.rounds, "glibc", "raw"]
        runs = {}
        for label, extra in (("plain1", []), ("plain2", []),
                             ("seed5a", ["--jitter", "--seed=5"]),
                             ("seed5b", ["--jitter", "--seed=5"]),
                             ("seed6", ["--jitter", "--seed=6"])):
            cwd = ctx.fresh_dir(self.name)
            stats = os.path.join(cwd, "stats.json")
            r = ctx.profemu_run(label, base + extra + ["--stats=" + stats], guest, args, cwd=cwd)
            require_clean_exit(r, label)
            runs[label] = (r, stats)
        problems = []
        for a, b in (("plain1", "plain2"), ("seed5a", "seed5b")):
            ra, rb = runs[a][0], runs[b][0]
            if ra.stdout != rb.stdout:
                problems.append("%s and %s (same options) print different bins:\n%s" % (
                    a, b, first_difference(ra.out(), rb.out())))
            if ra.stderr != rb.stderr:
                problems.append("%s and %s (same options) print different ticks:\n%s" % (
                    a, b, first_difference(ra.err(), rb.err())))
        if runs["seed5a"][0].stdout == runs["seed6"][0].stdout:
            problems.append("--jitter with --seed=5 and --seed=6 give the same bins")
        if runs["plain1"][0].stdout == runs["seed5a"][0].stdout:
            problems.append("--jitter gives the same bins as no jitter")
        for label in ("plain1", "seed5a", "seed6"):
            r, stats = runs[label]
            p, rp = replay_and_check(ctx, label, r, "linux", self.arch, guest, self.tick_n,
                                     stats, jitter=label != "plain1")
            problems += ["%s: %s" % (label, x) for x in p]
        if problems:
            fail_with("determinism", problems, runs["seed6"][0])


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "      line %d:\n      < %s\n      > %s" % (i + 1, x, y)
    return "      one is a prefix of the other (%d and %d lines)" % (len(la), len(lb))


class AliasCase(Case):
    def __init__(self, name, arch, link, n=100000, tick_n=10000):
        super().__init__(name)
        self.arch, self.link, self.n, self.tick_n = arch, link, n, tick_n

    def run(self, ctx):
        guest = ctx.guest("profil_scale", self.arch, self.link)
        problems = []
        body_insns = instruction_starts(guest, ["profalias"])
        for label, extra in (("fixed", []), ("jitter", ["--jitter", "--seed=3"])):
            cwd = ctx.fresh_dir(self.name)
            stats = os.path.join(cwd, "stats.json")
            opts = ["--personality=linux", "--tick=%d" % self.tick_n, "--explain", "--strace",
                    "--stats=" + stats] + extra
            r = ctx.profemu_run(label, opts, guest, ["alias", self.n], cwd=cwd)
            require_clean_exit(r, label)
            p, rp = replay_and_check(ctx, label, r, "linux", self.arch, guest, self.tick_n,
                                     stats, jitter=bool(extra))
            problems += ["%s: %s" % (label, x) for x in p]
            out = GuestOutput(r.out())
            if not out.phases or not out.phases[0].buffers:
                problems.append("%s: no phase printed" % label)
                continue
            bins = out.phases[0].buffers[0].bins
            lo, hi = out.ranges["alias_body"]
            in_loop = [t for t in rp.phase_ticks.get("alias", []) if lo <= t.pc < hi]
            pcs = sorted(set(t.pc for t in in_loop))
            w = 10 * self.n
            if label == "fixed":
                # N is a multiple of the loop's 10 instructions: every tick in the loop
                # finds it at the same instruction
                if len(bins) != 1:
                    problems.append("fixed: %d non-zero bins, expected exactly one (the loop is "
                                    "10 instructions, N=%d): %s" % (len(bins), self.tick_n, bins))
                if len(pcs) != 1:
                    problems.append("fixed: the ticks in the loop are at %d different pcs, "
                                    "expected one: %s" % (len(pcs), [hex(x) for x in pcs[:10]]))
                total = sum(bins.values())
                if total not in (w // self.tick_n, ceil_div(w, self.tick_n)):
                    problems.append("fixed: %d ticks counted, expected %d or %d (%d loop "
                                    "instructions / %d)" % (total, w // self.tick_n,
                                                            ceil_div(w, self.tick_n), w,
                                                            self.tick_n))
            else:
                if len(bins) < 4:
                    problems.append("jitter: only %d non-zero bins; the ticks should spread over "
                                    "the loop: %s" % (len(bins), bins))
                if len(pcs) < 8:
                    problems.append("jitter: the ticks in the loop are at only %d of its 10 "
                                    "instructions: %s" % (len(pcs), [hex(x) for x in pcs]))
            link = nm_symbols(guest)
            bias = out.syms["profil_alias_loop"] - link["profil_alias_loop"]
            body = sorted(a + bias for a in body_insns if lo <= a + bias < hi)
            if len(body) != 10:
                raise HarnessError("the loop body has %d instructions, not 10 (objdump)" %
                                   len(body))
        if problems:
            fail_with("alias", problems, r)


class TimeCase(Case):
    def __init__(self, name, arch, link, clock, hz=100, tick_n=10000, ticks=1000):
        super().__init__(name)
        self.arch, self.link, self.clock = arch, link, clock
        self.hz, self.tick_n, self.ticks = hz, tick_n, ticks

    def insns(self, ctx, label, args):
        guest = ctx.guest("profil_time", self.arch, self.link)
        cwd = ctx.fresh_dir(self.name)
        stats = os.path.join(cwd, "stats.json")
        opts = ["--hz=%d" % self.hz, "--tick=%d" % self.tick_n, "--stats=" + stats]
        r = ctx.profemu_run(label, opts, guest, [self.clock] + args, cwd=cwd)
        require_clean_exit(r, label)
        if "clk_tck %d" % self.hz not in r.out().splitlines():
            raise Failure("%s: sysconf(_SC_CLK_TCK) is not --hz=%d:\n%s" % (
                label, self.hz, describe_run(label, r)))
        s = read_stats(stats)
        if not isinstance(s.get("instructions"), int):
            raise Failure("%s: --stats has no instruction count: %r" % (label, s))
        return s["instructions"], r

    # The guest computes target = TICKS * 1e9 / HZ before its loop. Where a 64-bit division is
    # a library call (hppa: libgcc's __divdi3 over millicode $$divU/$$remU), its cost depends
    # on the dividend: measured on hppa, 721 instructions for 10^12 / 100 and 388 for 0 / 100,
    # so "until 1000" ran 333 instructions more than "until 0000" outside the timed loop. The
    # runs' division costs (exact, from --counts) are taken out of the difference.
    DIVISION_ROUTINES = ("__divdi3",)

    def division_cost(self, ctx, label, args):
        guest = ctx.guest("profil_time", self.arch, self.link)
        cwd = ctx.fresh_dir(self.name)
        counts = os.path.join(cwd, "counts.json")
        opts = ["--hz=%d" % self.hz, "--tick=%d" % self.tick_n, "--counts=" + counts]
        r = ctx.profemu_run(label, opts, guest, [self.clock] + args, cwd=cwd)
        require_clean_exit(r, label)
        with open(counts) as f:
            functions = json.load(f).get("functions", [])
        return sum(e.get("inclusive", 0) for e in functions
                   if e.get("name") in self.DIVISION_ROUTINES)

    def run(self, ctx):
        # numbers of one width: parsing a longer argument takes more instructions
        w = len(str(self.ticks))
        a1, _ = self.insns(ctx, "until1", ["until", self.ticks, self.hz])
        a2, _ = self.insns(ctx, "until2", ["until", self.ticks, self.hz])
        b, _ = self.insns(ctx, "until0", ["until", "0" * w, self.hz])
        c1, _ = self.insns(ctx, "count1", ["count", "0001"])
        c2, _ = self.insns(ctx, "count1001", ["count", "1001"])
        _, rep = self.insns(ctx, "report", ["until", self.ticks, self.hz, "report"])
        problems = []
        if a1 != a2:
            problems.append("two identical runs took %d and %d instructions" % (a1, a2))
        per_iter = (c2 - c1) / 1000.0
        d = a1 - b - (self.division_cost(ctx, "divide1", ["until", self.ticks, self.hz]) -
                      self.division_cost(ctx, "divide0", ["until", "0" * w, self.hz]))
        want = self.ticks * self.tick_n
        # the loop stops at the first clock reading at least TICKS ticks after the first one:
        # the extra instructions are within one iteration (plus a couple for the loop's exit
        # test, which differs between the "until" and "count" forms)
        slack = per_iter + 4
        if abs(d - want) > slack:
            problems.append("waiting for %d ticks of %s took %d instructions more than not "
                            "waiting (the division's cost aside); expected %d (%d x --tick=%d) within one loop iteration "
                            "(%.1f instructions)" % (self.ticks, self.clock, d, want, self.ticks,
                                                     self.tick_n, per_iter))
        m = re.search(r"iterations (\d+) elapsed_ns (\d+) target_ns (\d+)", rep.out())
        if not m:
            problems.append("the report run printed no `iterations` line")
        else:
            elapsed, target = int(m.group(2)), int(m.group(3))
            ns_per_insn = 1e9 / self.hz / self.tick_n
            if elapsed < target or elapsed > target + (per_iter + 4) * ns_per_insn + 1000:
                problems.append("the guest measured %d ns for a %d ns wait (one iteration is "
                                "%.0f ns)" % (elapsed, target, per_iter * ns_per_insn))
        if problems:
            raise Failure("\n".join(["  * " + p for p in problems]))


class GprofCase(Case):
    CALLS = {"top": 10, "mid": 50, "leaf": 1000, "spin": 3}

    def __init__(self, name, arch, tick_n=10000):
        super().__init__(name)
        self.arch, self.tick_n = arch, tick_n

    def gprof_tools(self):
        """gprof (binutils' reads 32-bit ELF too) and, for i386, the cross gprof if present."""
        if self.arch == "hppa":
            # binutils' own gprof does not know PA-RISC: the cross one reads hppa programs
            if not shutil.which("hppa-linux-gnu-gprof"):
                raise Skip("hppa-linux-gnu-gprof is not installed (binutils-hppa-linux-gnu)")
            return ["hppa-linux-gnu-gprof"]
        if not shutil.which("gprof"):
            raise Skip("gprof is not installed (Debian package binutils)")
        tools = ["gprof"]
        if self.arch == "i386" and shutil.which("i686-linux-gnu-gprof"):
            tools.append("i686-linux-gnu-gprof")
        return tools

    def run(self, ctx):
        guest = ctx.guest("gprof_demo-pg", self.arch)
        tools = self.gprof_tools()
        gmons, runs = [], []
        for i in (1, 2):
            cwd = ctx.fresh_dir(self.name)
            r = ctx.profemu_run("run%d" % i, ["--tick=%d" % self.tick_n, "--explain"], guest, [],
                                cwd=cwd)
            require_clean_exit(r, "run %d" % i)
            path = os.path.join(cwd, "gmon.out")
            if not os.path.isfile(path):
                raise Failure("run %d: no gmon.out in the working directory %s\n%s" % (
                    i, cwd, describe_run("run", r)))
            with open(path, "rb") as f:
                gmons.append(f.read())
            runs.append((r, path))
        problems = []
        if gmons[0] != gmons[1]:
            problems.append("two runs wrote different gmon.out files (%d and %d bytes)" % (
                len(gmons[0]), len(gmons[1])))
        r, path = runs[0]
        texts = []
        for gprof in tools:
            text = tool_output([gprof, "-b", "-p", guest, path])
            texts.append("%s -b -p:\n%s" % (gprof, indent(excerpt(text, 2000))))
            flat = parse_flat_profile(text)
            for fn, n in self.CALLS.items():
                if fn not in flat:
                    problems.append("%s's flat profile has no line for %s" % (gprof, fn))
                elif flat[fn]["calls"] != n:
                    problems.append("%s says %s was called %s times, expected %d" % (
                        gprof, fn, flat[fn]["calls"], n))
            total = sum(v["self"] for v in flat.values())
            if not total > 0:
                problems.append("%s: the flat profile's self seconds add up to %s: empty "
                                "histogram" % (gprof, total))
        problems += self.check_gmon(gmons[0], guest, r)
        if problems:
            fail_with("gprof", problems + texts, r)

    def check_gmon(self, data, guest, r):
        """Our own reading of gmon.out: its header, arcs and histogram (SEMANTICS.md's layout),
        the histogram equal to the model's bins for the ticks profemu explained."""
        problems = []
        w = 8 if self.arch == "x86_64" else 4
        # gmon.out is in the guest's byte order (hppa: big-endian), as its gprof reads it
        order = ">" if self.arch == "hppa" else "<"
        addr = order + ("Q" if w == 8 else "I")
        if data[:4] != b"gmon" or struct.unpack_from(order + "I", data, 4)[0] != 1:
            return ["gmon.out does not start with \"gmon\" and version 1: %r" % data[:8]]
        pos = 20
        hists, arcs = [], []
        try:
            while pos < len(data):
                tag = data[pos]
                pos += 1
                if tag == 0:
                    low, high = struct.unpack_from(addr, data, pos)[0], \
                        struct.unpack_from(addr, data, pos + w)[0]
                    pos += 2 * w
                    nbins, rate = struct.unpack_from(order + "II", data, pos)
                    pos += 8
                    dim, abbrev = data[pos:pos + 15], data[pos + 15:pos + 16]
                    pos += 16
                    counts = struct.unpack_from(order + "%dH" % nbins, data, pos)
                    pos += 2 * nbins
                    hists.append((low, high, nbins, rate, dim, abbrev, counts))
                elif tag == 1:
                    frm, slf = struct.unpack_from(addr, data, pos)[0], \
                        struct.unpack_from(addr, data, pos + w)[0]
                    cnt = struct.unpack_from(order + "I", data, pos + 2 * w)[0]
                    pos += 2 * w + 4
                    arcs.append((frm, slf, cnt))
                else:
                    return ["gmon.out: unknown record tag %d at byte %d" % (tag, pos - 1)]
        except struct.error:
            return ["gmon.out is truncated at byte %d" % pos]
        if len(hists) != 1:
            return problems + ["gmon.out has %d histogram records, expected 1" % len(hists)]
        low, high, nbins, rate, dim, abbrev, counts = hists[0]
        if rate != 100:
            problems.append("histogram rate %d, expected 100 (--hz default, AT_CLKTCK)" % rate)
        if not dim.startswith(b"seconds") or abbrev != b"s":
            problems.append("histogram dimension %r %r" % (dim, abbrev))
        sized = nm_sized_symbols(guest)
        into = {}
        for frm, slf, cnt in arcs:
            for f in self.CALLS:
                if f in sized and sized[f][0] <= slf < sized[f][0] + sized[f][1]:
                    into[f] = into.get(f, 0) + cnt
        for f, n in self.CALLS.items():
            if into.get(f) != n:
                problems.append("gmon.out arcs into %s add up to %s, expected %d" % (
                    f, into.get(f), n))
        # the histogram is the buffer glibc's monstartup gave profil: offset low_pc, scale
        # s_scale = (float)kcountsize / (high - low) * 65536, kcountsize = 2 * bins
        kcountsize = 2 * nbins
        if kcountsize < high - low:
            scale = int(f32(f32(f32(kcountsize) / f32(high - low)) * f32(65536)))
        else:
            scale = 65536
        events = parse_stderr(r.err())
        ticks = [e for e in events if isinstance(e, Tick)]
        on = [t for t in ticks if "profiling is off" not in t.line]
        m = Model("linux", WORD_BITS[self.arch])
        m.valid = [(0, 1 << 64)]
        m.set_profil(0, kcountsize, low, scale)
        for t in on:
            m.tick(t.pc, t.k)
        expected = [m.mem.get(2 * i, 0) for i in range(nbins)]
        if list(counts) != expected:
            bad = [i for i in range(nbins) if counts[i] != expected[i]]
            problems.append("the histogram differs from the model's bins (offset %#x, scale %#x, "
                            "%d ticks while profiling): %d bins, e.g. %s" % (
                                low, scale, len(on), len(bad), ", ".join(
                                    "bin %d expected %d got %d" % (i, expected[i], counts[i])
                                    for i in bad[:6])))
        if sum(counts) == 0:
            problems.append("the histogram is empty")
        return problems


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def parse_flat_profile(text):
    """gprof -b -p: name -> {self: seconds, calls: int or None}."""
    flat = {}
    for line in text.splitlines():
        w = line.split()
        if len(w) in (4, 7) and re.fullmatch(r"[\d.]+", w[0]):
            try:
                flat[w[-1]] = {"self": float(w[2]), "calls": int(w[3]) if len(w) == 7 else None}
            except ValueError:
                continue
    return flat


# ---------------------------------------------------------------------------------------------
# The list of cases


# The tables of HP-UX 11i v2's sprofil(2) (../shared/seeds/hpux-11iv2-sprofil.2.txt): for each
# pr_scale, how many instructions map into one element of PROF_USHORT, PROF_UINT, PROF_UINT64
# counters. PA-RISC instructions are 4 bytes; on Itanium pc names a 16-byte bundle of three
# instructions, so its table counts bundles ("It is not possible to profile individual
# instructions").
SEED_TABLES = {
    "hppa": """
        2 16384 32768 65536 | 4 8192 16384 32768 | 8 4096 8192 16384 | 16 2048 4096 8192 |
        32 1024 2048 4096 | 64 512 1024 2048 | 128 256 512 1024 | 256 128 256 512 |
        512 64 128 256 | 1024 32 64 128 | 2048 16 32 64 | 4096 8 16 32 | 8192 4 8 16 |
        16384 2 4 8 | 32768 1 2 4 | 65536 0.5 1 2 | 131072 0.25 0.5 1""",
    "ia64": """
        2 4096 8192 16384 | 4 2048 4096 8192 | 8 1024 2048 4096 | 16 512 1024 2048 |
        32 256 512 1024 | 64 128 256 512 | 128 64 128 256 | 256 32 64 128 | 512 16 32 64 |
        1024 8 16 32 | 2048 4 8 16 | 4096 2 4 8 | 8192 1 2 4 | 16384 0.5 1 2 |
        32768 0.25 0.5 1""",
}


def seed_table(arch):
    """{(scale, element size): instructions per element, as the seed prints it}."""
    table = {}
    for row in SEED_TABLES[arch].split("|"):
        scale, *cells = row.split()
        for size, cell in zip((2, 4, 8), cells):
            table[(int(scale), size)] = cell
    return table


class SeedTableCase(Case):
    """Runs sprofil_table (guests/sprofil_table.c) with --personality=hpux --tick=1 and reads
    off, for every row and column of the seed's table, how many instruction addresses land in
    one element: an element's counter over the ticks each address takes (PA-RISC: 1; IA-64: 3,
    every bundle of the line holds three no-ops, each retiring with the bundle as its pc).

    Where the ratio is below one (the fractional rows: 0.5, 0.25) one instruction spans several
    elements, and the measurement shows what that means: the address is counted in the first
    element it spans (the byte offset is rounded down to the element), the others are never
    reached, so the elements hit are 1/ratio apart and hold one address each. The seed calls
    such scales undefined; profemu's behaviour there is this one."""

    TICKS_PER_ADDRESS = {"hppa": 1, "ia64": 3}

    def __init__(self, name, arch):
        super().__init__(name)
        self.arch = arch

    def guest(self, ctx):
        if self.arch == "ia64":
            # committed, built by guests/ia64/build.sh (no IA-64 compiler in CI)
            path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "guests", "ia64", "bin", "sprofil_table")
            if not os.path.isfile(path):
                raise HarnessError("%s is missing (guests/ia64/build.sh makes it)" % path)
            return path
        return ctx.guest("sprofil_table", self.arch, "static")

    @staticmethod
    def measure(counters, per_address):
        """Instruction addresses per element, from the eight counters of one row: whole
        elements (0 and 1 lie inside the line in every row) hold the same number of addresses;
        below one, the hit elements are `stride` apart with one address each."""
        if any(c % per_address for c in counters):
            return None, "a counter is not a multiple of %d ticks per address" % per_address
        n = [c // per_address for c in counters]
        if n[0] > 1 or (n[0] == 1 and n[1] == 1):
            if n[1] != n[0]:
                return None, "elements 0 and 1 differ (%d, %d)" % (n[0], n[1])
            return str(n[0]), None
        hits = [i for i, c in enumerate(n) if c]
        if n[0] != 1 or len(hits) < 2 or any(n[i] != 1 for i in hits):
            return None, "no regular pattern of single addresses"
        stride = hits[1] - hits[0]
        if any(b - a != stride for a, b in zip(hits, hits[1:])):
            return None, "the elements hit are not evenly spaced"
        return str(1 / stride).rstrip("0").rstrip(".") if stride > 1 else "1", None

    def run(self, ctx):
        guest = self.guest(ctx)
        r = ctx.profemu_run("table", ["--personality=hpux", "--tick=1"], guest, [])
        require_clean_exit(r, "table")
        rows = {}
        for line in r.out().splitlines():
            f = line.split()
            if f and f[0] == "row":
                rows[(int(f[1]), int(f[2]))] = (int(f[3]), [int(x) for x in f[4:]])
        per_address = self.TICKS_PER_ADDRESS[self.arch]
        problems, shown = [], []
        for (scale, size), want in sorted(seed_table(self.arch).items()):
            if (scale, size) not in rows:
                problems.append("scale %d, %d-byte elements: the guest printed no row" %
                                (scale, size))
                continue
            ret, counters = rows[(scale, size)]
            got, why = (None, "sprofil returned %d" % ret) if ret else \
                self.measure(counters, per_address)
            shown.append("scale %6d  %d-byte elements: seed %-6s measured %-6s counters %s" % (
                scale, size, want, got, " ".join(map(str, counters))))
            if got != want:
                problems.append("scale %d, %d-byte elements: the seed says %s instructions per "
                                "element, measured %s (%s; counters %s)" % (
                                    scale, size, want, got, why or "differs", counters))
        print("measured (%s, %d tick(s) per instruction address):\n  %s" % (
            self.arch, per_address, "\n  ".join(shown)))
        if problems:
            raise Failure("\n".join("  * " + p for p in problems))


def build_cases():
    cases = []
    for arch in ARCHES:
        for link in LINKAGES:
            v = (arch, link)

            def nm(*parts):
                return "-".join([parts[0], arch, link] + list(parts[1:]))

            for p in PERSONALITIES:
                cases.append(ScaleCase(nm("scale", p), *v, p))
            for p in PERSONALITIES:
                for test in ("basic", "partbad", "unmapped", "readonly", "unmaplater"):
                    cases.append(OffCase(nm("off", p, test), *v, p, test))
                cases.append(OffCase(nm("off", p, "basic", "raw"), *v, p, "basic", via="raw"))
                if arch == "i386":
                    cases.append(OffCase(nm("off", p, "basic", "raw98"), *v, p, "basic",
                                         via="raw98"))
            # hpux: profil is sprofil of one entry, so --profil-max=0 makes every call E2BIG
            cases.append(OffCase(nm("off", "hpux", "basic", "max0"), *v, "hpux", "basic",
                                 profil_max=0))
            # sprofil, glibc's rules
            cases += [
                SprofilCase(nm("sprofil", "linux", "regions-ushort"), *v, "linux", "regions",
                            "linux", "glibc", PROF_USHORT, hz=250,
                            check=(check_tv, check_overlaps)),
                SprofilCase(nm("sprofil", "linux", "regions-uint"), *v, "linux", "regions", "linux",
                            "glibc", PROF_UINT, hz=1, check=(check_tv, check_overlaps)),
                SprofilCase(nm("sprofil", "linux", "regions-fast-raw"), *v, "linux", "regions",
                            "linux", "raw", PROF_UINT | PROF_FAST,
                            check=(check_tv, check_overlaps)),
                SprofilCase(nm("sprofil", "linux", "alternate"), *v, "linux", "alternate", "linux",
                            "glibc", PROF_USHORT, n=3000, check=check_alternation),
                SprofilCase(nm("sprofil", "linux", "reenable"), *v, "linux", "reenable", "linux",
                            "glibc", PROF_USHORT, n=500),
                SprofilCase(nm("sprofil", "linux", "saturate-ushort"), *v, "linux", "saturate",
                            "linux", "glibc", PROF_USHORT, n=70000, tick_n=10,
                            check=check_saturation),
                SprofilCase(nm("sprofil", "linux", "saturate-uint"), *v, "linux", "saturate",
                            "linux", "glibc", PROF_UINT, n=70000, tick_n=10,
                            check=check_saturation),
                SprofilCase(nm("sprofil", "linux", "errors"), *v, "linux", "lerrors", "linux",
                            "glibc", profil_max=4, hz=100, check=check_tv),
            ]
            # svr4 and bsd have no sprofil: ENOSYS, through glibc's function and the raw call
            for p in ("svr4", "bsd"):
                cases += [
                    SprofilCase(nm("sprofil", p, "enosys"), *v, p, "regions", "linux", "glibc",
                                PROF_USHORT, n=100),
                    SprofilCase(nm("sprofil", p, "enosys-raw"), *v, p, "regions", "hpux", "raw",
                                PROF_USHORT, n=100),
                ]
            cases += [
                SprofilCase(nm("sprofil", "hpux", "regions-ushort"), *v, "hpux", "regions", "hpux",
                            "raw", PROF_USHORT, hz=250, check=check_tv),
                SprofilCase(nm("sprofil", "hpux", "regions-uint"), *v, "hpux", "regions", "hpux",
                            "raw", PROF_UINT, hz=1, check=check_tv),
                SprofilCase(nm("sprofil", "hpux", "regions-uint64"), *v, "hpux", "regions", "hpux",
                            "raw", PROF_UINT64, check=check_tv),
                SprofilCase(nm("sprofil", "hpux", "alternate"), *v, "hpux", "alternate", "hpux",
                            "raw", PROF_USHORT, n=3000, check=check_alternation),
                SprofilCase(nm("sprofil", "hpux", "reenable"), *v, "hpux", "reenable", "hpux",
                            "raw", PROF_USHORT, n=500),
                SprofilCase(nm("sprofil", "hpux", "saturate-ushort"), *v, "hpux", "saturate",
                            "hpux", "raw", PROF_USHORT, n=70000, tick_n=10,
                            check=check_saturation),
                SprofilCase(nm("sprofil", "hpux", "saturate-uint64"), *v, "hpux", "saturate",
                            "hpux", "raw", PROF_UINT64, n=70000, tick_n=10,
                            check=check_saturation),
                SprofilCase(nm("sprofil", "hpux", "errors"), *v, "hpux", "errors", "hpux", "raw",
                            profil_max=4, hz=100),
            ]
            for p in PERSONALITIES:
                cases.append(SprofilCase(nm("profilsat", p), *v, p, "profilsat", "linux", "raw",
                                         n=70000, tick_n=10, check=check_saturation))
            for p in PERSONALITIES:
                cases.append(ForkCase(nm("fork", p), *v, p))
            cases.append(DeterminismCase(nm("determinism"), *v))
            cases.append(AliasCase(nm("alias"), *v))
            for clock in ("gettimeofday", "monotonic"):
                cases.append(TimeCase(nm("time", clock), *v, clock))
            cases.append(TimeCase(nm("time", "monotonic", "hz250"), *v, "monotonic", hz=250,
                                  tick_n=4000))
    for arch in ARCHES:
        cases.append(GprofCase("gprof-" + arch, arch))
    cases += [SeedTableCase("seedtable-hppa", "hppa"), SeedTableCase("seedtable-ia64", "ia64")]
    # Saturation (more than 65535 ticks in one bin: 70 000 ticks, each explained and modelled)
    # is the profil core's arithmetic on the guest's buffer, the same whichever way the guest
    # was linked: the static programs run it (under every personality), the dynamic ones every
    # other case. Both linkages took 5 minutes of CI, hppa's dynamic ones 2 of them.
    #
    # The same reasoning, and CI's 45 minutes, keep two more to one linkage or one personality:
    # the bad-buffer cases (off-*: a buffer bad in part, unmapped, read-only, unmapped later)
    # run under every personality on static programs and under glibc's (the personality of a
    # dynamic Linux program) on dynamic ones; hppa's saturation (the slowest: 10-20 s a case)
    # runs under HP-UX's personality, its own, the others' arithmetic running on x86-64 and
    # i386.
    def kept(name):
        arch, link, personality = (name.split("-") + ["", "", ""])[1:4]
        saturation = "-saturate-" in name or name.startswith("profilsat-")
        if link == "dynamic" and saturation:
            return False
        if name.startswith("off-") and link == "dynamic" and personality != "linux":
            return False
        return not (saturation and arch == "hppa" and personality != "hpux")
    return [c for c in cases if kept(c.name)]


# ---------------------------------------------------------------------------------------------
# Main


def run_case(case, args):
    return e2e_harness.run_in_context(Context(args), case.run)


def main():
    return e2e_harness.main(__doc__, "run_profil.py", build_cases(), run_case,
                            programs=[("--profemu", "path of the profemu binary")])


if __name__ == "__main__":
    sys.exit(main())
