#!/usr/bin/env python3
"""End-to-end tests of prohist, the viewer of PROFIL's .PRF files.

The runner writes .PRF files itself (its own struct packing, from the formats in output/prf.h
and the seed), for real guest programs: an ELF profile whose buckets cover a program's text
(the executable PT_LOAD of `readelf -lW`, 16-byte buckets) with ticks put on the buckets of
`main` and `fib` (addresses from `nm`), and a DOS profile (the seed's 16-bit layout) for a
small .COM program. It then checks prohist's output against what it computed on its own: the
names of the functions holding each bucket's ends (nm), counts, percentages of all ticks
(rounded half up), bar lengths (rounded up), --top's order (count, then address), the hit
counters, the total, the time. --annotate must show exactly the instructions that objdump
shows starting in the bucket, with the same mnemonics (objdump is the disassembly oracle).

check_profile(ctx, prf, program) holds the checks that any .PRF must pass, whoever wrote it
(every non-empty bucket listed with its count, buckets + hits == the total shown, percentages
and bars consistent, output identical run after run, a valid SVG): a test of profemu-written
.PRF files calls it (see the profemu-* cases).

Usage:
  run_prohist.py --list                      print the test case names, one a line
  run_prohist.py --prohist build/prohist/prohist --guest-dir build/guests CASE...
  run_prohist.py --prohist ... --guest-dir ... --all [--pattern 'prohist-text-*']
  (--profemu build/profemu for the profemu-* cases, which are skipped without it)
Exit status (one case): 0 pass, 1 fail, 77 skipped (meson's convention), 99 harness error.
With several cases: 0 if none failed, 1 otherwise; a summary is printed.

Cases (ARCH x86_64|i386):
  prohist-text-ARCH          cpubench-static: names, counts, percentages, bars, hit counters
  prohist-top-ARCH           --top=3 and --top=100: order by count then address
  prohist-annotate-ARCH      --annotate --top=4: instruction addresses and mnemonics = objdump
  prohist-annotate-all-ARCH  every bucket of the text annotated: names = nm's, instructions =
                             objdump's (but in the functions using what Capstone 4 cannot
                             decode: AVX-512, CET)
  prohist-lines-ARCH         guests/symbols_demo.c built here with -g -O1 (x86_64: PIE, placed
                             at profemu's base; i386: -no-pie), every bucket of its text
                             annotated: the source line prohist marks over each instruction
                             ("<func+0xoff> file:line") is addr2line's for that address, and
                             func+0xoff is nm's func plus the offset
  prohist-svg-ARCH           --svg: well-formed XML, one bar per non-empty bucket, labels
  prohist-pie-x86_64         cpubench-dynamic (PIE) placed at profemu's base: names, objdump
  prohist-dos                a DOS-layout .PRF and a .COM file: seg:off ranges, hit counters,
                             --all, --annotate against objdump -b binary -m i8086
  prohist-errors             malformed .PRF files and wrong programs: one line, status 1;
                             bad command lines: status 2
  prohist-profemu-ARCH       a .PRF written by profemu --prf for hello-static, checked by
                             check_profile and objdump (needs --profemu)
  prohist-profemu-dos        the same for the MZ program guests/dos/cpuloop.exe: the DOS layout,
                             the annotation against objdump -b binary -m i8086 on its image
  prohist-annotate-ISA       ISA hppa|ia64: a .PRF written by profemu --prf for hello (hppa:
                             build/guests/hppa/hello-static; ia64: the committed
                             guests/ia64/bin/hello), --annotate --top=6: every instruction shown
                             (an IA-64 bundle: its three slots) is the text
                             ISA-linux-gnu-objdump -d prints at the same addresses
  prohist-explain-ISA        profemu --explain on the same program: the instruction each tick
                             line shows in braces is objdump's text at its pc (an IA-64
                             bundle's slots joined by " | ")
"""

import bisect
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, Skip

ARCHES = ["x86_64", "i386"]
ARCH_ENUM = {"x86_64": 0, "i386": 1}   # enum cpu_arch (emu/cpu.h)
PIE_BIAS = {"x86_64": 0x555555554000}  # addr_layout's exec_base (loader/layout.c)
BUCKET = 16
WIDTH = 50
SVG_NS = "{http://www.w3.org/2000/svg}"


def check(cond, msg):
    if not cond:
        raise Failure(msg)


# ---- .PRF files, written and read here independently of prohist and profemu ---------------

class Prf:
    """A profile: the seed's header fields, the buckets, and for ELF the arch and path."""

    def __init__(self, dos, grain, bucket_siz, low, high, buckets, hits=(0, 0, 0), dos_pa=0,
                 arch=0, program=""):
        self.dos, self.grain, self.bucket_siz = dos, grain, bucket_siz
        self.low, self.high, self.dos_pa = low, high, dos_pa
        self.buckets, self.hits = list(buckets), tuple(hits)
        self.arch, self.program = arch, program

    @property
    def unit(self):
        return 16 if self.dos else 1  # DOS sizes and bounds are paragraphs

    def first(self, i):
        return (self.low + i * self.bucket_siz) * self.unit

    def last(self, i):
        last = self.first(i) + self.bucket_siz * self.unit - 1
        high = self.high * self.unit
        return min(last, high - 1) if high > self.first(i) else last

    def total(self):
        return sum(self.buckets) + sum(self.hits)

    def write(self, path):
        head = [self.grain, len(self.buckets), self.bucket_siz, self.low, self.high,
                self.dos_pa] + list(self.hits)
        with open(path, "wb") as f:
            if self.dos:
                f.write(struct.pack("<9H", *head))
                f.write(struct.pack("<%dH" % len(self.buckets), *self.buckets))
            else:
                p = self.program.encode()
                f.write(b"PRFELF1\0" + struct.pack("<9Q", *head))
                f.write(struct.pack("<%dQ" % len(self.buckets), *self.buckets))
                f.write(struct.pack("<II", self.arch, len(p)) + p)

    @staticmethod
    def read(path):
        data = open(path, "rb").read()
        if data[:8] == b"PRFELF1\0":
            head = struct.unpack_from("<9Q", data, 8)
            n = head[1]
            buckets = struct.unpack_from("<%dQ" % n, data, 80)
            arch, plen = struct.unpack_from("<II", data, 80 + 8 * n)
            program = data[88 + 8 * n:88 + 8 * n + plen].decode()
            return Prf(False, head[0], head[2], head[3], head[4], buckets, head[6:9], head[5],
                       arch, program)
        head = struct.unpack_from("<9H", data, 0)
        buckets = struct.unpack_from("<%dH" % head[1], data, 18)
        return Prf(True, head[0], head[2], head[3], head[4], buckets, head[6:9], head[5])


# ---- what the tools say: readelf, nm, objdump ---------------------------------------------

def tool(args):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise Failure("%s failed: %s" % (" ".join(args), r.stderr.strip()))
    return r.stdout


def text_segment(program):
    """(vaddr, memsz) of the executable PT_LOAD, and whether the file is ET_DYN."""
    out = tool(["readelf", "-hlW", program])
    dyn = bool(re.search(r"^\s*Type:\s+DYN", out, re.M))
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "LOAD" and "E" in f[7:-1]:
            return int(f[2], 16), int(f[5], 16), dyn
    raise Failure("%s: no executable PT_LOAD" % program)


class Symbols:
    """Code symbols from nm -S: the oracle for bucket names. Like prohist's rule (the function
    holding an address; in the padding after one, that one), written from the man page."""

    def __init__(self, program, bias=0):
        self.funcs = []  # (addr, size, name)
        for line in tool(["nm", "-S", "--defined-only", program]).splitlines():
            f = line.split()
            if len(f) == 4 and f[2] in "TtWwi":
                self.funcs.append((int(f[0], 16) + bias, int(f[1], 16), f[3]))
            elif len(f) == 3 and f[1] in "Tt":
                self.funcs.append((int(f[0], 16) + bias, 0, f[2]))
        self.funcs.sort()
        self.starts = [f[0] for f in self.funcs]
        self.max_size = max([f[1] for f in self.funcs] + [1])
        # Allocated sections with bytes in memory (not .tbss, whose addresses are offsets).
        self.sections = []
        for line in tool(["readelf", "-SW", program]).splitlines():
            m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+"
                         r"\S+\s+(\S*)", line)
            if m and "A" in m.group(5) and "T" not in m.group(5):
                lo = int(m.group(3), 16) + bias
                self.sections.append((lo, lo + int(m.group(4), 16)))

    def section(self, addr):
        for lo, hi in self.sections:
            if lo <= addr < hi:
                return lo, hi
        return None

    def addr(self, name):
        for a, _, n in self.funcs:
            if n == name:
                return a
        raise Failure("no symbol %s" % name)

    def holder(self, addr):
        """(start, size) of the sized function holding addr, else of the nearest symbol below
        in the same section (the padding after a function, a label without a size); None if
        there is none."""
        k = bisect.bisect_right(self.starts, addr)
        j = k
        while j > 0 and addr - self.funcs[j - 1][0] < self.max_size:
            j -= 1
            f = self.funcs[j]
            if f[1] and addr < f[0] + f[1]:
                return f[:2]
        sec = self.section(addr)
        if k and sec and sec[0] <= self.funcs[k - 1][0]:
            return self.funcs[k - 1][:2]
        return None

    def aliases(self, holder):
        """Every name of that function (a global and its weak alias, say): any may be shown."""
        return {f[2] for f in self.funcs if holder and f[:2] == holder} or {"?"}

    def name_ok(self, first, last, shown):
        """Whether shown names the bucket [first, last] by the rule of prohist(1)."""
        a, b = self.holder(first), self.holder(last)
        if a == b or b is None:
            return shown in self.aliases(a)
        parts = (shown or "").split("..")
        return len(parts) == 2 and parts[0] in self.aliases(a) and parts[1] in self.aliases(b)


# objdump and Capstone spell a few instructions differently; prefixes are compared apart.
PREFIXES = {"rep", "repz", "repe", "repnz", "repne", "lock", "bnd", "notrack", "data16", "data32",
            "addr16", "addr32", "cs", "ds", "ss", "es", "fs", "gs", "rex", "rex.w", "rex.b",
            "rex.r", "rex.x", "rex.wb", "rex.wr", "rex.wx", "rex.rb", "rex.wrb", "rex.wxb", "o16", "a32"}
ALIASES = {"xchg": "nop", "fwait": "wait", "lret": "retf", "lcall": "call", "ljmp": "jmp"}


def norm_mnemonic(text):
    words = [w for w in text.lower().replace(",", " ").split()]
    while len(words) > 1 and words[0] in PREFIXES:
        words.pop(0)
    w = words[0] if words else ""
    # String instructions: Capstone says the operand size in the mnemonic (stosq), objdump in
    # the operands (stos QWORD PTR).
    m = re.match(r"^(movs|stos|lods|scas|cmps|ins|outs)[bwdq]$", w)
    if m and len(words) > 1 and "[" in " ".join(words[1:]):
        w = m.group(1)
    return ALIASES.get(w, w)


def objdump_insns(args):
    """{address: mnemonic text} of the instructions objdump lists (-z: zeros too, which it
    would otherwise fold into "...")."""
    insns = {}
    for line in tool(["objdump", "-z", "--no-show-raw-insn", "-M", "intel"] + args).splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S.*)$", line)
        if m and not m.group(2).startswith("..."):
            insns[int(m.group(1), 16)] = m.group(2).split("#")[0].strip()
    return insns


# ---- what prohist says ---------------------------------------------------------------------

class Output:
    """prohist's text output, parsed."""

    def __init__(self, text):
        self.text = text
        self.lines = []     # (first, last, name or None, count, pct "12.34", bar length)
        self.hits = {}      # "I/O": (count, pct)
        self.total = self.in_buckets = self.hit_sum = self.grain = None
        self.time = None
        self.sections = []  # (first, last, name, count, [(addr, hex, text)], [notes])
        section = None
        for line in text.split("\n"):
            m = re.match(r"^== (\S+)-(\S+)(?:  (\S+))?  (\d+) ticks +(\d+\.\d\d)% ==$", line)
            if m:
                section = (parse_addr(m.group(1)), parse_addr(m.group(2)), m.group(3),
                           int(m.group(4)), [], [])
                self.sections.append(section)
                continue
            if section is not None:
                m = re.match(r"^  (\S+)  ([0-9a-f]+) +(\S.*)$", line)
                if m:
                    section[4].append((parse_addr(m.group(1)), m.group(2), m.group(3)))
                elif line.startswith("  ("):
                    section[5].append(line.strip())
                continue
            m = re.match(r"^(I/O|DOS|high) hits +(\d+) +(\d+\.\d\d)%$", line)
            if m:
                self.hits[m.group(1)] = (int(m.group(2)), m.group(3))
                continue
            m = re.match(r"^total +(\d+) ticks \((\d+) in buckets, (\d+) hits\)$", line)
            if m:
                self.total, self.in_buckets, self.hit_sum = map(int, m.groups())
                continue
            m = re.match(r"^clock grain +(\d+) us per tick$", line)
            if m:
                self.grain = int(m.group(1))
                continue
            m = re.match(r"^profiled time +(\d+)\.(\d{6}) s$", line)
            if m:
                self.time = int(m.group(1)) * 1000000 + int(m.group(2))
                continue
            f = line.split()
            if len(f) >= 3 and re.match(r"^[0-9A-Fa-fx:]+-[0-9A-Fa-fx:]+$", f[0]) and \
                    f[0] != "range":
                bar = f.pop() if f[-1].startswith("#") else ""
                check(set(bar) <= {"#"}, "bad bar in %r" % line)
                pct = f.pop()
                count = int(f.pop())
                name = f[1] if len(f) == 2 else None
                a, b = f[0].split("-")
                self.lines.append((parse_addr(a), parse_addr(b), name, count, pct[:-1], len(bar)))


def parse_addr(s):
    """0x-hex (ELF) or SEG:OFF (DOS), as a linear address; DOS seg:off needs no PSP here since
    both forms are exact: seg * 16 + off."""
    if ":" in s:
        seg, off = s.split(":")
        return int(seg, 16) * 16 + int(off, 16)
    return int(s, 16)


def pct(count, total):
    """Hundredths of a percent, rounded half up, as prohist prints them."""
    if not total:
        return "0.00"
    x = (count * 10000 + total // 2) // total
    return "%d.%02d" % (x // 100, x % 100)


def bar_len(count, mx, width=WIDTH):
    return 0 if not count or not mx else -(-count * width // mx)


# ---- one test's context ---------------------------------------------------------------------

class Ctx:
    def __init__(self, args, name):
        self.args = args
        self.prohist = os.path.abspath(args.prohist) if args.prohist else None
        self.guest_dir = os.path.abspath(args.guest_dir) if args.guest_dir else None
        base = args.work_dir or None
        if base:
            os.makedirs(base, exist_ok=True)
        self.dir = tempfile.mkdtemp(prefix=name + "-", dir=base)

    def path(self, name):
        return os.path.join(self.dir, name)

    def guest(self, arch, name):
        p = os.path.join(self.guest_dir, arch, name)
        if not os.path.exists(p):
            raise Skip("no guest %s (build the guests first)" % p)
        return p

    def run(self, args, status=0):
        r = subprocess.run([self.prohist] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, cwd=self.dir, timeout=self.args.timeout)
        check(r.returncode == status, "prohist %s: status %d, want %d; stderr: %s" % (
            " ".join(args), r.returncode, status, r.stderr.strip()))
        return r

    def cleanup(self, remove):
        if remove and not self.args.keep:
            shutil.rmtree(self.dir, ignore_errors=True)


# ---- the invariants every .PRF must satisfy -------------------------------------------------

def check_profile(ctx, prf_path, program=None, extra=()):
    """Runs prohist on prf_path (with PROGRAM if given, and the options in extra) and checks it
    against the runner's own reading of the file: every non-empty bucket listed once (every
    bucket with --all), in address order (with --top=N the N largest, by count then address),
    with its count, percentage of all ticks and bar; the hit counters; buckets + hits == the
    total shown; the grain and the time; the same output twice; a well-formed SVG with one bar
    per non-empty bucket. Returns the parsed output and the Prf."""
    prf = Prf.read(prf_path)
    args = list(extra) + [prf_path] + ([program] if program else [])
    out = Output(ctx.run(args).stdout)
    total = prf.total()
    listed = [i for i, c in enumerate(prf.buckets) if c or "--all" in extra]
    top = [int(a.split("=")[1]) for a in extra if a.startswith("--top=")]
    if top:
        listed = sorted(listed, key=lambda i: (-prf.buckets[i], i))[:top[-1]]
    mx = max(prf.buckets) if prf.buckets else 0
    check(len(out.lines) == len(listed), "%d bucket lines, want %d" % (len(out.lines), len(listed)))
    for (first, last, _, count, p, bar), i in zip(out.lines, listed):
        check((first, last) == (prf.first(i), prf.last(i)),
              "bucket %d shown as %#x-%#x, want %#x-%#x" % (i, first, last, prf.first(i),
                                                            prf.last(i)))
        check(count == prf.buckets[i], "bucket %d: %d ticks shown, %d in the file" % (
            i, count, prf.buckets[i]))
        check(p == pct(count, total), "bucket %d: %s%%, want %s%%" % (i, p, pct(count, total)))
        check(bar == bar_len(count, mx), "bucket %d: bar %d, want %d" % (i, bar, bar_len(count, mx)))
    for label, count in zip(["I/O", "DOS", "high"], prf.hits):
        check(out.hits.get(label) == (count, pct(count, total)),
              "%s hits: %s, want %s" % (label, out.hits.get(label), (count, pct(count, total))))
    check(out.total == total, "total %s, in the file %d" % (out.total, total))
    if not top:  # everything is listed: the lines and the hit counters add up to the total
        shown = sum(l[3] for l in out.lines) + sum(h[0] for h in out.hits.values())
        check(shown == total, "buckets + hits shown: %d, total %d" % (shown, total))
    check(out.in_buckets == sum(prf.buckets) and out.hit_sum == sum(prf.hits),
          "total line splits %s + %s" % (out.in_buckets, out.hit_sum))
    check(out.grain == prf.grain, "grain %s, want %d" % (out.grain, prf.grain))
    check(out.time == total * prf.grain, "time %s us, want %d" % (out.time, total * prf.grain))
    again = ctx.run(args).stdout
    check(again == out.text, "two runs differ")
    svg = ctx.path("check.svg")
    ctx.run(["--svg=" + svg] + args)
    root = ET.parse(svg).getroot()
    bars = [e for e in root.iter(SVG_NS + "rect") if e.get("fill") != "white"]
    nonempty = sum(1 for c in prf.buckets if c)
    check(len(bars) == nonempty, "%d bars in the SVG, %d non-empty buckets" % (len(bars), nonempty))
    return out, prf


# ---- the cases ------------------------------------------------------------------------------

def elf_profile(ctx, arch, guest, bias=0, name="p.PRF"):
    """cpubench's text in 16-byte buckets, ticks on fib and main, hits 5, 3, 2."""
    program = ctx.guest(arch, guest)
    vaddr, memsz, dyn = text_segment(program)
    bias = bias if dyn else 0
    syms = Symbols(program, bias)
    low, high = vaddr + bias, vaddr + bias + memsz
    buckets = [0] * ((memsz + BUCKET - 1) // BUCKET)

    def put(addr, count):
        buckets[(addr - low) // BUCKET] += count
    fib, main = syms.addr("fib"), syms.addr("main")
    put(fib, 40)
    put(fib + 0x20, 7)
    put(main, 10)
    put(main + 0x10, 10)  # a tie with main's first bucket: the lower address ranks first
    put(main + 0x40, 1)
    prf = Prf(False, 10000, BUCKET, low, high, buckets, (5, 3, 2), arch=ARCH_ENUM[arch],
              program=program)
    path = ctx.path(name)
    prf.write(path)
    return path, prf, syms, program


def case_text(ctx, arch):
    path, prf, syms, _ = elf_profile(ctx, arch, "cpubench-static")
    out, _ = check_profile(ctx, path)
    check(len(out.lines) == 5, "5 lines expected:\n" + out.text)
    for first, last, name, count, _, _ in out.lines:
        check(syms.name_ok(first, last, name), "%#x-%#x named %s, nm says %s and %s" % (
            first, last, name, syms.aliases(syms.holder(first)), syms.aliases(syms.holder(last))))
    names = [l[2] for l in out.lines]
    check(any(n.endswith("fib") or n.startswith("fib") for n in names), "no fib in:\n" + out.text)
    check(any("main" in n for n in names), "no main in:\n" + out.text)
    # The figures themselves, worked out by hand: 68 ticks in buckets + 10 hits.
    check(out.total == 78, "total %s" % out.total)
    fib_line = [l for l in out.lines if l[3] == 40][0]
    check(fib_line[4] == "51.28" and fib_line[5] == WIDTH, "fib's line: %s" % (fib_line,))
    check(out.hits["I/O"] == (5, "6.41"), "I/O hits: %s" % (out.hits["I/O"],))
    # --all lists every bucket; --no-program drops the names.
    out_all = Output(ctx.run(["--all", path]).stdout)
    check(len(out_all.lines) == len(prf.buckets), "--all: %d lines" % len(out_all.lines))
    bare = Output(ctx.run(["--no-program", path]).stdout)
    check(all(l[2] is None for l in bare.lines) and len(bare.lines) == 5,
          "--no-program still names:\n" + bare.text)
    # A narrower bar.
    narrow = Output(ctx.run(["--width=8", path]).stdout)
    check([l[5] for l in narrow.lines] == [bar_len(l[3], 40, 8) for l in narrow.lines],
          "--width=8 bars: %s" % [l[5] for l in narrow.lines])


def case_top(ctx, arch):
    path, prf, _, _ = elf_profile(ctx, arch, "cpubench-static")
    ranked = sorted((i for i, c in enumerate(prf.buckets) if c),
                    key=lambda i: (-prf.buckets[i], i))
    for n in (3, 100):
        out = Output(ctx.run(["--top=%d" % n, path]).stdout)
        got = [(l[0] - prf.first(0)) // BUCKET for l in out.lines]
        check(got == ranked[:n], "--top=%d order %s, want %s" % (n, got, ranked[:n]))
        check(out.total == prf.total(), "--top changes the total")


def compare_with_objdump(section, oracle, what, keys=None):
    """The instructions prohist shows in a bucket = those objdump has starting there. keys:
    sorted(oracle), when the caller compares many buckets."""
    first, last, _, _, insns, notes = section
    keys = keys if keys is not None else sorted(oracle)
    want = keys[bisect.bisect_left(keys, first):bisect.bisect_right(keys, last)]
    got = [a for a, _, _ in insns]
    check(got == want, "%s %#x-%#x: prohist decodes at %s, objdump at %s (%s)" % (
        what, first, last, [hex(a) for a in got], [hex(a) for a in want], notes))
    for a, _, text in insns:
        m1, m2 = norm_mnemonic(text), norm_mnemonic(oracle[a])
        check(m1 == m2, "%s at %#x: prohist '%s', objdump '%s'" % (what, a, text, oracle[a]))
    return len(insns)


def case_annotate(ctx, arch, guest="cpubench-static", bias=0):
    path, prf, syms, program = elf_profile(ctx, arch, guest, bias)
    vaddr, memsz, dyn = text_segment(program)
    bias = bias if dyn else 0
    out = Output(ctx.run(["--annotate", "--top=4", path]).stdout)
    check(len(out.sections) == 4, "4 annotated buckets expected:\n" + out.text)
    lo = min(s[0] for s in out.sections) - bias
    hi = max(s[1] for s in out.sections) - bias
    # objdump from the start of the function holding the lowest bucket, so that it is in step.
    funcs = [a - bias for a, s, _ in syms.funcs if a - bias <= lo]
    start = max(funcs) if funcs else vaddr
    oracle = {a + bias: t for a, t in objdump_insns(
        ["-d", "--start-address=%#x" % start, "--stop-address=%#x" % (hi + 16), program]).items()}
    n = 0
    for s in out.sections:
        check(syms.name_ok(s[0], s[1], s[2]), "section %#x named %s" % (s[0], s[2]))
        n += compare_with_objdump(s, oracle, arch)
    check(n >= 8, "only %d instructions shown" % n)


# Instructions Capstone 4 (Debian 12's) does not know: AVX-512 (mask registers k0-k7, the
# registers 16-31, zmm) and CET shadow-stack ones, which glibc's string functions use. It
# decodes them as (bad), steps a byte and loses step with objdump for a while: functions
# holding one are left out of the whole-text comparison (and only those).
CAPSTONE4_GAP = re.compile(r"\b(k[0-7]|zmm\d+|[xy]mm(1[6-9]|2\d|3[01]))\b|^(incssp|rdssp|wrss|rstorssp|"
                           r"saveprevssp|setssbsy|clrssbsy)")


def case_annotate_all(ctx, arch, guest="cpubench-static"):
    """Every bucket of the whole text annotated: the instructions prohist shows = objdump's."""
    program = ctx.guest(arch, guest)
    vaddr, memsz, _ = text_segment(program)
    n = (memsz + BUCKET - 1) // BUCKET
    prf = Prf(False, 1, BUCKET, vaddr, vaddr + memsz, [1] * n, arch=ARCH_ENUM[arch],
              program=program)
    path = ctx.path("all.PRF")
    prf.write(path)
    out = Output(ctx.run(["--annotate", "--top=%d" % n, path]).stdout)
    check(len(out.sections) == n, "%d sections for %d buckets" % (len(out.sections), n))
    oracle = objdump_insns(["-d", program])
    syms = Symbols(program)
    gaps = {syms.holder(a) for a, t in oracle.items() if CAPSTONE4_GAP.search(t)}
    keys = sorted(oracle)
    checked = insns = 0
    for s in sorted(out.sections):
        check(syms.name_ok(s[0], s[1], s[2]), "%#x-%#x named %s, nm says %s and %s" % (
            s[0], s[1], s[2], syms.aliases(syms.holder(s[0])), syms.aliases(syms.holder(s[1]))))
        if syms.holder(s[0]) in gaps or syms.holder(s[1]) in gaps:
            continue
        insns += compare_with_objdump(s, oracle, arch, keys)
        checked += 1
    check(checked >= n * 9 // 10, "only %d of %d buckets compared (left out: %s)" % (
        checked, n, sorted(min(syms.aliases(g)) for g in gaps if g)))
    check(insns > n, "only %d instructions" % insns)


GCC = {"x86_64": "gcc", "i386": "i686-linux-gnu-gcc"}
DEMO_SOURCE = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests",
                                            "symbols_demo.c"))


def annotated_lines(text):
    """{address: (file, line) or None} for every instruction of prohist --annotate's output, from
    the "<func+0xoff> file:line" marks over them (none yet in a bucket: no line), and the marks
    as (address of the instruction below, func, offset)."""
    where, marks, cur, pending = {}, [], None, None
    for line in text.split("\n"):
        if line.startswith("== "):
            cur, pending = None, None
            continue
        m = re.match(r"^  <([^>+]+)(?:\+0x([0-9a-f]+))?> (.*):(\d+)$", line)
        if m:
            cur = None if m.group(3) == "??" else (os.path.normpath(m.group(3)), int(m.group(4)))
            pending = (m.group(1), int(m.group(2) or "0", 16))
            continue
        m = re.match(r"^  (0x[0-9a-f]+)  [0-9a-f]+ +\S", line)
        if m:
            a = int(m.group(1), 16)
            where[a] = cur
            if pending:
                marks.append((a,) + pending)
                pending = None
    return where, marks


def addr2line(program, addrs):
    """binutils' answer for each address: (file, line), or None where it knows no line."""
    out = tool(["addr2line", "-e", program] + ["%#x" % a for a in addrs]).splitlines()
    check(len(out) == len(addrs), "addr2line: %d answers for %d addresses" % (len(out), len(addrs)))
    res = []
    for l in out:
        l = re.sub(r" \(discriminator \d+\)$", "", l.strip())
        file, _, line = l.rpartition(":")
        res.append(None if file.startswith("??") or not line.isdigit() or line == "0"
                   else (os.path.normpath(file), int(line)))
    return res


def case_lines(ctx, arch):
    """Source lines in --annotate = addr2line's, for a -g program."""
    cc = shutil.which(GCC[arch])
    if not cc:
        raise Skip("%s is not installed" % GCC[arch])
    program = ctx.path("demo")
    pie = ["-fPIE", "-pie"] if arch in PIE_BIAS else ["-no-pie"]
    r = subprocess.run([cc, "-g", "-O1"] + pie + ["-o", program, DEMO_SOURCE],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check(r.returncode == 0, "%s: %s" % (GCC[arch], r.stderr.strip()))
    vaddr, memsz, dyn = text_segment(program)
    bias = PIE_BIAS[arch] if dyn else 0
    n = (memsz + BUCKET - 1) // BUCKET
    prf = Prf(False, 1, BUCKET, vaddr + bias, vaddr + bias + memsz, [1] * n,
              arch=ARCH_ENUM[arch], program=program)
    path = ctx.path("demo.PRF")
    prf.write(path)
    out = ctx.run(["--annotate", "--top=%d" % n, path])
    check(out.stderr == "", "prohist warns: %s" % out.stderr.strip())
    where, marks = annotated_lines(out.stdout)
    addrs = sorted(where)
    want = addr2line(program, [a - bias for a in addrs])
    for a, w in zip(addrs, want):
        check(where[a] == w, "%#x (link-time %#x): prohist says %s, addr2line %s" % (
            a, a - bias, where[a], w))
    with_lines = sum(1 for w in want if w)
    demo = os.path.normpath(os.path.realpath(DEMO_SOURCE))
    in_demo = {w[1] for w in want if w and os.path.realpath(w[0]) == demo}
    check(with_lines >= 20 and len(in_demo) >= 8,
          "only %d instructions with a line, %d lines of the demo" % (with_lines, len(in_demo)))
    syms = Symbols(program, bias)
    for a, func, off in marks:
        check(syms.addr(func) + off == a, "%#x marked <%s+%#x>, nm puts %s at %#x" % (
            a, func, off, func, syms.addr(func)))
    # The same program stripped of its DWARF (as the guests are built): no marks at all.
    bare = ctx.path("demo-nodebug")
    tool(["objcopy", "--strip-debug", program, bare])
    prf.program = bare
    prf.write(path)
    out = ctx.run(["--annotate", "--top=%d" % n, path])
    check(not annotated_lines(out.stdout)[1], "marks without DWARF:\n" + out.stdout[:2000])


def case_svg(ctx, arch):
    path, prf, syms, _ = elf_profile(ctx, arch, "cpubench-static")
    svg1, svg2 = ctx.path("a.svg"), ctx.path("b.svg")
    ctx.run(["--svg=" + svg1, path])
    ctx.run(["--svg=" + svg2, "--top=3", path])
    root = ET.parse(svg1).getroot()
    check(root.tag == SVG_NS + "svg", "root element %s" % root.tag)
    bars = [e for e in root.iter(SVG_NS + "rect") if e.get("fill") != "white"]
    check(len(bars) == 5, "%d bars, want 5" % len(bars))
    labels = [e.text for e in root.iter(SVG_NS + "text") if "rotate(-45" in (e.get("transform") or "")]
    hot = [i for i, c in enumerate(prf.buckets) if c]
    check(len(labels) == len(hot) and all(syms.name_ok(prf.first(i), prf.last(i), l)
                                          for i, l in zip(hot, labels)),
          "labels %s for buckets %s" % (labels, hot))
    ET.parse(svg2)
    ctx.run(["--svg=" + svg2, path])
    check(open(svg1, "rb").read() == open(svg2, "rb").read(), "two charts of one file differ")


# A small .COM program: print "hi" through DOS and exit. The code is 0x16 bytes, the message
# follows it; the instruction at 010E runs over into the paragraph at 0110, so that bucket
# starts in the middle of an instruction.
COM_CODE = bytes([0xb4, 0x09, 0xba, 0x16, 0x01, 0xcd, 0x21, 0x90,  # mov ah,9; mov dx,0116; int 21; nop
                  0xb9, 0x34, 0x12, 0xb9, 0x34, 0x12, 0xb9, 0x34, 0x12,  # mov cx,1234 (x3)
                  0xb8, 0x00, 0x4c, 0xcd, 0x21])  # mov ax,4c00; int 21
COM_FILE = COM_CODE + b"hi$"
PSP = 0x1000


def case_dos(ctx):
    com = ctx.path("HI.COM")
    open(com, "wb").write(COM_FILE)
    paras = (0x100 + len(COM_FILE) + 15) // 16
    buckets = [0] * paras
    buckets[0x10] = 20   # PSP:0100-010F, the code
    buckets[0x11] = 4    # PSP:0110-011F, the rest of the code, from mid-instruction
    buckets[0x02] = 3    # inside the PSP
    prf = Prf(True, 55000, 1, PSP, PSP + paras, buckets, (7, 8, 9), dos_pa=0x0700)
    path = ctx.path("HI.PRF")
    prf.write(path)
    out, _ = check_profile(ctx, path)
    # 27 ticks in buckets + 24 hits = 51.
    check(out.hits == {"I/O": (7, "13.73"), "DOS": (8, "15.69"), "high": (9, "17.65")},
          "hit counters: %s" % out.hits)
    check(re.search(r"^1000:0100-1000:010F +20 +39\.22% +#{50}$", out.text, re.M),
          "the code's line:\n" + out.text)
    check("(DOS layout)" in out.text and "function" not in out.text, out.text)
    out_all = Output(ctx.run(["--all", path]).stdout)
    check(len(out_all.lines) == paras, "--all lists %d of %d" % (len(out_all.lines), paras))
    # --annotate: the 16-bit code, against objdump on the raw image loaded at 0100.
    out = Output(ctx.run(["--annotate", path, com]).stdout)
    sec = {s[0]: s for s in out.sections}
    code = sec.get(PSP * 16 + 0x100)
    check(code is not None, "no annotation of the code:\n" + out.text)
    raw = objdump_insns(["-D", "-b", "binary", "-m", "i8086", "--adjust-vma=0x100", com])
    oracle = {PSP * 16 + a: t for a, t in raw.items() if a < 0x100 + len(COM_CODE)}
    code = code[:4] + ([i for i in code[4] if i[0] - PSP * 16 < 0x100 + len(COM_CODE)],) + code[5:]
    compare_with_objdump(code, oracle, "i8086")
    rest = sec.get(PSP * 16 + 0x110)
    check(rest is not None, "no annotation of 0110:\n" + out.text)
    rest = rest[:4] + ([i for i in rest[4] if i[0] - PSP * 16 < 0x100 + len(COM_CODE)],) + rest[5:]
    check([i[0] - PSP * 16 for i in rest[4]] == [0x111, 0x114], "0110's instructions: %s" % (
        rest[4],))
    compare_with_objdump(rest[:1] + (PSP * 16 + 0x100 + len(COM_CODE) - 1,) + rest[2:],
                         oracle, "i8086")
    psp_part = sec.get(PSP * 16 + 0x20)
    check(psp_part and psp_part[5] and "is not in" in psp_part[5][0],
          "the PSP bucket should say its bytes are not in the file:\n" + out.text)
    # Without the program: one line each.
    out = Output(ctx.run(["--annotate", path]).stdout)
    check(all(s[5] == ["(no program file: nothing to disassemble)"] for s in out.sections),
          out.text)


def case_errors(ctx):
    good_program = ctx.guest("x86_64", "hello-static")
    vaddr, memsz, _ = text_segment(good_program)
    n = (memsz + 15) // 16

    def prf_bytes(buckets=None, siz=16, low=vaddr, high=vaddr + memsz, arch=0, program=good_program):
        b = buckets if buckets is not None else [1] * n
        p = program.encode()
        return (b"PRFELF1\0" + struct.pack("<9Q", 100, len(b), siz, low, high, 0, 0, 0, 0) +
                struct.pack("<%dQ" % len(b), *b) + struct.pack("<II", arch, len(p)) + p)

    good = prf_bytes()
    bad = {
        "empty": b"",
        "short": b"PRFELF1\0" + b"\1" * 20,
        "truncated": good[:100],
        "trailing": good + b"\0",
        "text": b"this is not a profile at all, just some text\n" * 3,
        "zerosize": prf_bytes(siz=0),
        "inverted": prf_bytes(low=vaddr + memsz, high=vaddr),
        "arch": prf_bytes(arch=9),
        "huge": b"PRFELF1\0" + struct.pack("<9Q", 1, 1 << 27, 16, 0, 1, 0, 0, 0, 0),
        "overflow": prf_bytes(buckets=[2 ** 64 - 1, 1]),
        "wraps": prf_bytes(buckets=[1, 1], low=2 ** 64 - 16, high=2 ** 64 - 1),
    }
    for what, data in sorted(bad.items()):
        p = ctx.path(what + ".PRF")
        open(p, "wb").write(data)
        r = ctx.run([p], status=1)
        lines = r.stderr.splitlines()
        check(len(lines) == 1 and lines[0].startswith("prohist: %s: " % p),
              "%s: stderr %r" % (what, r.stderr))
        check(r.stdout == "", "%s: stdout %r" % (what, r.stdout))
    ok = ctx.path("ok.PRF")
    open(ok, "wb").write(good)
    ctx.run([ok])
    problems = [
        ([ctx.path("missing.PRF")], ctx.path("missing.PRF")),
        ([ctx.dir], ctx.dir),
        ([ok, ctx.path("nope")], ctx.path("nope")),
        ([ok, "/etc/passwd"], "/etc/passwd"),
    ]
    i386 = os.path.join(ctx.guest_dir, "i386", "hello-static")
    if os.path.exists(i386):
        problems.append(([ok, i386], i386))
    gone = ctx.path("gone.PRF")
    open(gone, "wb").write(prf_bytes(program=ctx.path("deleted-program")))
    problems.append(([gone], ctx.path("deleted-program")))
    for args, file in problems:
        r = ctx.run(args, status=1)
        lines = r.stderr.splitlines()
        check(len(lines) == 1 and lines[0].startswith("prohist: %s: " % file),
              "%s: stderr %r" % (args, r.stderr))
    ctx.run(["--no-program", gone])  # the program is not needed to show the histogram
    for args in (["--top=0", ok], ["--top=x", ok], ["--width=0", ok], ["--width=1001", ok],
                 ["--bogus", ok], [], [ok, good_program, "extra"], ["--no-program", ok, good_program]):
        r = ctx.run(args, status=2)
        check(r.stderr.startswith("prohist: "), "%s: stderr %r" % (args, r.stderr))
    check(ctx.run(["--help"]).stdout.startswith("Usage: prohist"), "--help")


def profemu_prf(ctx, program, prf, bucket_size, interval_us=100):
    """profemu --prf on program, with PROFIL's answers given as options (it prompts only on a
    terminal)."""
    if not ctx.args.profemu:
        raise Skip("needs --profemu")
    r = subprocess.run([os.path.abspath(ctx.args.profemu), "--prf=" + prf,
                        "--bucket-size=%d" % bucket_size, "--interval=%d" % interval_us, program],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, cwd=ctx.dir, timeout=ctx.args.timeout)
    check(r.returncode == 0 and os.path.exists(prf), "profemu --prf: status %d: %s" % (
        r.returncode, r.stderr.strip()[-500:]))


def case_profemu(ctx, arch):
    program = ctx.guest(arch, "hello-static")
    prf = ctx.path("hello.PRF")
    profemu_prf(ctx, program, prf, 16)
    out, p = check_profile(ctx, prf)
    check(p.program and p.total() > 0 and p.grain == 100 and p.bucket_siz == 16,
          "profile: %d ticks, grain %d, buckets of %d" % (p.total(), p.grain, p.bucket_siz))
    out, _ = check_profile(ctx, prf, program, ["--annotate", "--top=3"])
    # Every sampled bucket's disassembly, against objdump's.
    oracle = objdump_insns(["-d", program])
    syms = Symbols(program)
    for s in out.sections:
        check(syms.name_ok(s[0], s[1], s[2]), "%#x-%#x named %s" % (s[0], s[1], s[2]))
        compare_with_objdump(s, oracle, arch)


def case_profemu_dos(ctx):
    """cpuloop.exe (an MZ program, guests/dos) profiled by profemu in 1-paragraph buckets; the
    annotation against objdump on its load image (the file after the MZ header) at PSP:0100."""
    program = ctx.guest("dos", "cpuloop.exe")
    prf = ctx.path("CPULOOP.PRF")
    profemu_prf(ctx, program, prf, 1)
    out, p = check_profile(ctx, prf, program, ["--annotate", "--top=3"])
    check(p.dos and sum(p.buckets) > 0 and p.grain == 100 and p.bucket_siz == 1,
          "profile: %d ticks in the program, grain %d, buckets of %d" % (
              sum(p.buckets), p.grain, p.bucket_siz))
    data = open(program, "rb").read()
    image = ctx.path("image.bin")
    header = struct.unpack_from("<H", data, 8)[0] * 16
    open(image, "wb").write(data[header:])
    base = p.low * 16  # the PSP's linear address
    oracle = {base + a: t for a, t in objdump_insns(
        ["-D", "-b", "binary", "-m", "i8086", "--adjust-vma=0x100", image]).items()}
    end = base + 0x100 + len(data) - header
    for s in out.sections:
        # objdump has no notion of where the image ends in memory; compare inside it.
        s = s[:1] + (min(s[1], end - 1),) + s[2:4] + ([i for i in s[4] if i[0] < end],) + s[5:]
        compare_with_objdump(s, oracle, "i8086")


# ---- hppa and IA-64: the back ends' own disassemblers against their objdump ----------------

SOURCE_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ISA_ARCH = {"hppa": 3, "ia64": 4}   # enum cpu_arch (emu/cpu.h)


def isa_program(ctx, isa):
    if isa == "ia64":
        return os.path.abspath(os.path.join(SOURCE_ROOT, "guests", "ia64", "bin", "hello"))
    return ctx.guest("hppa", "hello-static")


def isa_objdump(isa, program):
    """{address: text} of every line `ISA-linux-gnu-objdump -d` prints (an IA-64 bundle has
    one per slot, at +0, +6 and +0xc; an MLX bundle's third is empty), with " <symbol+off>"
    left out and blanks collapsed, as our disassemblers print it."""
    tool_name = isa + "-linux-gnu-objdump"
    if not shutil.which(tool_name):
        raise Skip("no %s here: the disassembly oracle is missing" % tool_name)
    lines = {}
    for line in tool([tool_name, "-d", program]).splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t?(.*)$", line)
        if m:
            lines[int(m.group(1), 16)] = " ".join(re.sub(r" <[^>]*>", "", m.group(2)).split())
    return lines


def isa_want(isa, oracle, addr):
    """The lines objdump prints for the instruction at addr (IA-64: the bundle's slots)."""
    if isa == "ia64":
        return [oracle[a] for a in (addr, addr + 6, addr + 12) if oracle.get(a)]
    return [oracle[addr]] if addr in oracle else []


def case_annotate_isa(ctx, isa):
    program = isa_program(ctx, isa)
    if not os.path.exists(program):
        raise Skip("no %s" % program)
    oracle = isa_objdump(isa, program)
    prf = ctx.path("isa.PRF")
    profemu_prf(ctx, program, prf, 16, 10)
    text = ctx.run(["--annotate", "--top=6", prf, program]).stdout
    shown, cur = [], None   # [(addr, [lines])]
    for line in text.split("\n"):
        m = re.match(r"^  (0x[0-9a-f]+)  [0-9a-f]+ +(\S.*)$", line)
        if m:
            cur = (int(m.group(1), 16), [" ".join(m.group(2).split())])
            shown.append(cur)
        elif cur and re.match(r"^ {20,}\S", line):
            cur[1].append(" ".join(line.split()))
        else:
            cur = None
    check(len(shown) >= 6, "only %d instructions annotated:\n%s" % (len(shown), text))
    for addr, lines in shown:
        want = isa_want(isa, oracle, addr)
        check(lines == want, "%s at %#x: prohist %s, objdump %s" % (isa, addr, lines, want))


def case_explain_isa(ctx, isa):
    program = isa_program(ctx, isa)
    if not os.path.exists(program):
        raise Skip("no %s" % program)
    oracle = isa_objdump(isa, program)
    if not ctx.args.profemu:
        raise Skip("needs --profemu")
    r = subprocess.run([os.path.abspath(ctx.args.profemu), "--tick=997", "--explain", program],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, cwd=ctx.dir, timeout=ctx.args.timeout)
    check(r.returncode == 0, "profemu --explain: status %d" % r.returncode)
    ticks = re.findall(r"^tick \d+ insn \d+ (?:thread \d+ )?pc 0x([0-9a-f]+)(?: <[^>]*>)?"
                       r"(?: \{(.*)\})?: ", r.stderr, re.M)
    compared = 0
    for pc, shown in ticks:
        want = isa_want(isa, oracle, int(pc, 16))
        if not want:
            continue    # code objdump does not list (hppa's gateway page)
        got = [" ".join(l.split()) for l in shown.split(" | ")] if shown else []
        check(got == want, "tick at 0x%s: --explain {%s}, objdump %s" % (pc, shown, want))
        compared += 1
    check(compared >= 20 and compared * 10 >= len(ticks) * 9,
          "%d of %d ticks compared with objdump" % (compared, len(ticks)))


def build_cases():
    cases = []
    for arch in ARCHES:
        cases += [("prohist-text-" + arch, lambda c, a=arch: case_text(c, a)),
                  ("prohist-top-" + arch, lambda c, a=arch: case_top(c, a)),
                  ("prohist-annotate-" + arch, lambda c, a=arch: case_annotate(c, a)),
                  ("prohist-annotate-all-" + arch, lambda c, a=arch: case_annotate_all(c, a)),
                  ("prohist-lines-" + arch, lambda c, a=arch: case_lines(c, a)),
                  ("prohist-svg-" + arch, lambda c, a=arch: case_svg(c, a))]
    cases.append(("prohist-pie-x86_64",
                  lambda c: case_annotate(c, "x86_64", "cpubench-dynamic", PIE_BIAS["x86_64"])))
    cases.append(("prohist-dos", case_dos))
    cases.append(("prohist-errors", case_errors))
    for arch in ARCHES:
        cases.append(("prohist-profemu-" + arch, lambda c, a=arch: case_profemu(c, a)))
    cases.append(("prohist-profemu-dos", case_profemu_dos))
    for isa in ISA_ARCH:
        cases += [("prohist-annotate-" + isa, lambda c, i=isa: case_annotate_isa(c, i)),
                  ("prohist-explain-" + isa, lambda c, i=isa: case_explain_isa(c, i))]
    return cases


def run_case(case, args):
    name, fn = case
    if not args.prohist or not args.guest_dir:
        return 99, "--prohist and --guest-dir are needed"
    ctx = Ctx(args, name)
    status, message = e2e_harness.verdict(fn, ctx, any_error=True)
    ctx.cleanup(status in (0, 77))
    if status not in (0, 77):
        message += "\n(work directory kept: %s)" % ctx.dir
    return status, message


def main():
    return e2e_harness.main(__doc__, "run_prohist.py", build_cases(), run_case,
                            programs=[("--prohist", "path of the prohist binary"),
                                      ("--profemu",
                                       "path of the profemu binary (profemu-* cases)")],
                            name=lambda case: case[0])


if __name__ == "__main__":
    sys.exit(main())
