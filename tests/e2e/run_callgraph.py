#!/usr/bin/env python3
"""End-to-end tests of the whole-program profiles: the call graph (--gmon, --callgrind,
--folded) and the PROFIL program (--prf).

The oracle is valgrind: `valgrind --tool=callgrind` runs the same guest natively and counts
every call exactly. profemu sees every `call` instruction too (at the block it reaches), so for
each of the program's own functions the number of calls gprof reads from profemu's gmon.out
must equal valgrind's count. The tick-based parts are checked for consistency: gprof's
histogram, callgrind_annotate's total and the folded stacks all add up to the ticks taken.

Usage: run_callgraph.py --profemu build/profemu --guest-dir build/guests CASE...
       run_callgraph.py --list
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, Skip

ARCHES = ["x86_64", "i386", "hppa"]
# valgrind cannot run hppa programs: the same program built for x86-64, run natively under
# valgrind, is their oracle (the calls of fib and sift_down are the program's, not the ISA's)
VALGRIND_STAND_IN = {"hppa": "x86_64"}
# binutils' gprof does not know PA-RISC
GPROF = {"hppa": "hppa-linux-gnu-gprof"}
# cpubench's arguments: fib(22), 3000-element heapsort, 2 rounds: small enough for valgrind
ARGS = ["22", "3000", "2"]
OWN_FUNCTIONS = ["fib", "sift_down", "main"]


def cases():
    out = []
    for arch in ARCHES:
        for link in ["static", "dynamic"]:
            out.append("callgraph-%s-%s" % (arch, link))
            out.append("prf-%s-%s" % (arch, link))
    out += ["prf-dos-hello", "prf-dos-cpuloop", "prf-prompts", "wholeprog-jitter-determinism"]
    return out


def run_prf_prompts_case(name, args):
    """At a terminal, --prf without a bucket size or interval asks for them, then for the
    program's parameters (split like a shell), asking again after a bad number."""
    import pty
    import select
    import time
    guest = os.path.join(args.guest_dir, "x86_64", "args-static")
    cwd = tempfile.mkdtemp(prefix=name + "-", dir=args.work_dir)
    prf = os.path.join(cwd, "args.prf")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execv(args.profemu, [args.profemu, "--prf=" + prf, guest])
    out = b""

    def read_until(pattern, timeout=30):
        nonlocal out
        end = time.time() + timeout
        while time.time() < end:
            if re.search(pattern, out):
                return True
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    break
        return bool(re.search(pattern, out))

    problems = []
    steps = [(rb"Bucket size in bytes: $", b"0\n"), (rb"Bad number, try again\.", None),
             (rb"Bucket size in bytes: $", b"32\n"),
             (rb"Clock interval in microseconds: $", b"x\n"),
             (rb"Clock interval in microseconds: $", b"250\n"),
             (rb"Parameters: $", b"'two words' \"and \\\"q\\\"\" plain\n")]
    for pattern, answer in steps:
        if not read_until(pattern):
            problems.append("no prompt matching %r; got %r" % (pattern, out[-200:]))
            break
        if answer:
            os.write(fd, answer)
            out += b"\n"  # so the next search needs a new prompt
    read_until(rb"Program terminated normally", 60)
    os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    for want in ('argv[1] "two words"', 'argv[2] "and \\"q\\""', 'argv[3] "plain"', "argc 4"):
        if want not in text:
            problems.append("the program did not get %s:\n%s" % (want, text[-600:]))
    if not os.path.exists(prf):
        problems.append("no .PRF written")
    else:
        h, _ = read_prf(prf)
        if h["bucket_siz"] != 32 or h["clock_grain"] != 250:
            problems.append("bucket_siz %d, clock_grain %d: answered 32 and 250"
                            % (h["bucket_siz"], h["clock_grain"]))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))
    shutil.rmtree(cwd, ignore_errors=True)


def run_jitter_determinism_case(name, args):
    """With a personality and --jitter, two runs write identical whole-program files."""
    guest = os.path.join(args.guest_dir, "i386", "cpubench-static")
    outputs = []
    for i in range(2):
        cwd = tempfile.mkdtemp(prefix="%s-%d-" % (name, i), dir=args.work_dir)
        files = [os.path.join(cwd, n) for n in ("g.out", "cg.out", "f.txt", "p.prf")]
        r = subprocess.run([args.profemu, "--personality=hpux", "--jitter", "--seed=7",
                            "--tick=997", "--gmon=" + files[0], "--callgrind=" + files[1],
                            "--folded=" + files[2], "--prf=" + files[3], "--bucket-size=8",
                            "--interval=997", guest] + ARGS, cwd=cwd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
        if r.returncode != 0:
            raise Failure("profemu exited %d: %s" % (r.returncode, r.stderr.decode()[-500:]))
        outputs.append([open(f, "rb").read() for f in files])
    names = ["gmon.out", "callgrind", "folded", ".PRF"]
    diff = [n for n, a, b in zip(names, outputs[0], outputs[1]) if a != b]
    if diff:
        raise Failure("two runs wrote different files: %s" % ", ".join(diff))


def run_prf_dos_case(name, args):
    """A DOS program's .PRF is the seed's struct exactly: nine 16-bit fields, then buckets."""
    import struct
    prog = {"prf-dos-hello": "hello.com", "prf-dos-cpuloop": "cpuloop.exe"}[name]
    guest = os.path.join(args.guest_dir, "dos", prog)
    cwd = tempfile.mkdtemp(prefix=name + "-", dir=args.work_dir)
    prf, stats = os.path.join(cwd, "out.prf"), os.path.join(cwd, "stats.json")
    r = subprocess.run([args.profemu, "--prf=" + prf, "--bucket-size=1", "--interval=50",
                        "--stats=" + stats, guest], cwd=cwd, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    problems = []
    if r.returncode != 0:
        raise Failure("profemu exited %d: %s" % (r.returncode, r.stderr.decode()[-500:]))
    if not re.search(rb"AX=[0-9a-fA-F]{4}", r.stderr):
        problems.append("the termination message shows no registers")
    d = open(prf, "rb").read()
    h = struct.unpack("<9H", d[:18])
    grain, num, siz, low, high, dos_pa, io, dos, hi = h
    if len(d) != 18 + 2 * num:
        problems.append("file is %d bytes, the header promises %d" % (len(d), 18 + 2 * num))
    buckets = struct.unpack("<%dH" % num, d[18:18 + 2 * num])
    ticks = json.load(open(stats))["ticks"]
    if sum(buckets) + io + dos + hi != ticks:
        problems.append("buckets %d + hits %d/%d/%d != %d ticks" % (sum(buckets), io, dos, hi, ticks))
    if grain != 50 or siz != 1:
        problems.append("clock_grain %d, bucket_siz %d: asked 50 and 1" % (grain, siz))
    if not dos_pa < low < high or num != high - low:
        problems.append("bounds: dos_pa %#x, prog %#x-%#x, %d buckets" % (dos_pa, low, high, num))
    if prog == "hello.com" and io == 0:
        problems.append("a program that only prints shows no I/O hits")
    if args.prohist:
        # PROHIST shows the DOS program's profile with its I/O and DOS hits
        r = subprocess.run([args.prohist, prf, guest], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
        text = r.stdout.decode()
        for label, value in (("I/O hits", io), ("DOS hits", dos), ("high hits", hi)):
            if not re.search(r"^%s\s+%d\b" % (re.escape(label), value), text, re.M):
                problems.append("prohist does not show %s %d:\n%s" % (label, value, text))
    if prog == "cpuloop.exe" and sum(buckets) <= io + dos:
        problems.append("a CPU-bound loop shows more system hits than program buckets")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))
    shutil.rmtree(cwd, ignore_errors=True)


def read_prf(path):
    """The wider ELF .PRF layout (output/prf.h), read independently of profemu's reader."""
    import struct
    d = open(path, "rb").read()
    if d[:8] != b"PRFELF1\0":
        raise Failure("%s: bad magic %r" % (path, d[:8]))
    h = struct.unpack("<9Q", d[8:80])
    n = h[1]
    buckets = struct.unpack("<%dQ" % n, d[80:80 + 8 * n])
    keys = ["clock_grain", "bucket_num", "bucket_siz", "prog_low", "prog_high", "dos_pa",
            "hit_io", "hit_dos", "hit_high"]
    return dict(zip(keys, h)), buckets


def text_range(guest):
    """The program's executable PT_LOAD range, from readelf (the oracle for prog_low/high)."""
    r = subprocess.run(["readelf", "-lW", guest], stdout=subprocess.PIPE, check=True)
    lo, hi = None, None
    for line in r.stdout.decode().splitlines():
        f = line.split()
        if f and f[0] == "LOAD" and "E" in f[6:-1]:
            vaddr, memsz = int(f[2], 16), int(f[5], 16)
            lo = vaddr if lo is None else min(lo, vaddr)
            hi = vaddr + memsz if hi is None else max(hi, vaddr + memsz)
    return lo, hi


def run_prf_case(name, args):
    _, arch, link = name.split("-")
    guest = os.path.join(args.guest_dir, arch, "files-%s" % link)
    cwd = tempfile.mkdtemp(prefix=name + "-", dir=args.work_dir)
    problems = []
    files = []
    for i in range(2):
        run_dir = os.path.join(cwd, "run%d" % i)
        os.makedirs(run_dir)
        prf, stats = os.path.join(run_dir, "files.prf"), os.path.join(run_dir, "stats.json")
        # the files guest is I/O-bound: its I/O hits come from the system-call cost model
        r = subprocess.run([args.profemu, "--prf=" + prf, "--bucket-size=16", "--interval=500",
                            "--syscall-cost",
                            "--stats=" + stats, guest], cwd=run_dir, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
        if r.returncode != 0:
            raise Failure("profemu exited %d: %s" % (r.returncode, r.stderr.decode()[-500:]))
        if b"Program terminated normally" not in r.stderr:
            problems.append("no termination message on stderr")
        files.append(open(prf, "rb").read())
    h, buckets = read_prf(prf)
    with open(stats) as f:
        ticks = json.load(f)["ticks"]
    total = sum(buckets) + h["hit_io"] + h["hit_dos"] + h["hit_high"]
    if total != ticks:
        problems.append("buckets + hits = %d, but %d ticks were taken" % (total, ticks))
    if h["clock_grain"] != 500:
        problems.append("clock_grain %d, --interval was 500" % h["clock_grain"])
    lo, hi = text_range(guest)
    if link == "static" and (h["prog_low"], h["prog_high"]) != (lo, hi):
        problems.append("prog_low/high 0x%x-0x%x, readelf says 0x%x-0x%x"
                        % (h["prog_low"], h["prog_high"], lo, hi))
    if link == "dynamic" and h["prog_high"] - h["prog_low"] != hi - lo:
        problems.append("text size %d, readelf says %d" % (h["prog_high"] - h["prog_low"], hi - lo))
    if h["bucket_num"] != (h["prog_high"] - h["prog_low"] + 15) // 16:
        problems.append("bucket_num %d does not follow from the text size" % h["bucket_num"])
    # the files guest does mostly I/O: the cost model must show it
    if h["hit_io"] == 0:
        problems.append("no I/O hits for an I/O-bound program")
    if link == "dynamic" and h["hit_high"] == 0:
        problems.append("no high hits although libc runs outside the program's text")
    if files[0] != files[1]:
        problems.append("two runs wrote different .PRF files")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))
    shutil.rmtree(cwd, ignore_errors=True)


def run(argv, cwd, timeout=600):
    r = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    return r


def valgrind_calls(guest, cwd):
    """Calls per function name, from valgrind's callgrind output (cfn= / calls= lines)."""
    if not shutil.which("valgrind"):
        raise Skip("valgrind is not installed")
    out = os.path.join(cwd, "valgrind.out")
    r = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, guest] + ARGS, cwd)
    if r.returncode != 0:
        raise Failure("valgrind failed: %s" % r.stderr.decode()[-500:])
    names = {}
    calls = collections.Counter()
    cfn = None
    with open(out) as f:
        for line in f:
            m = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.strip())
            if m:
                if m.group(2):
                    # valgrind names recursion levels fib'2, fib'3...: one function
                    names[m.group(1)] = re.sub(r"'\d+$", "", m.group(2))
                if line.startswith("cfn="):
                    cfn = names.get(m.group(1))
                continue
            m = re.match(r"^calls=(\d+) ", line)
            if m and cfn:
                calls[cfn] += int(m.group(1))
    return calls


def gprof_calls(guest, gmon, cwd, gprof="gprof"):
    """Calls per function from gprof: the call graph's primary lines ("1+5024" for a recursive
    function: external calls + recursive ones), and the flat profile's self seconds."""
    r = run([gprof, "-b", guest, gmon], cwd)
    if r.returncode != 0:
        raise Failure("gprof failed: %s" % r.stderr.decode())
    calls, seconds = {}, 0.0
    text = r.stdout.decode()
    flat, _, graph = text.partition("Call graph")
    for line in flat.splitlines():
        f = line.split()
        if len(f) >= 4 and re.match(r"^[\d.]+$", f[0]) and re.match(r"^[\d.]+$", f[2]):
            seconds += float(f[2])
    for m in re.finditer(r"^\[\d+\]\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(\d+)(?:\+(\d+))?\s+(\S+) \[\d+\]",
                         graph, re.M):
        calls[m.group(3)] = int(m.group(1)) + int(m.group(2) or 0)
    return calls, seconds


def run_case(name, args):
    _, arch, link = name.split("-")
    guest = os.path.join(args.guest_dir, arch, "cpubench-%s" % link)
    if not os.path.exists(guest):
        if arch == "hppa":
            raise Skip("no hppa guests: hppa-linux-gnu-gcc was not found at setup")
        raise Failure("guest %s is missing" % guest)
    if arch in GPROF and not shutil.which(GPROF[arch]):
        raise Skip("%s is not installed" % GPROF[arch])
    cwd = tempfile.mkdtemp(prefix=name + "-", dir=args.work_dir)
    gmon, cg, folded, stats = (os.path.join(cwd, n) for n in
                               ("gmon.out", "callgrind.out", "folded.txt", "stats.json"))
    r = run([args.profemu, "--gmon=" + gmon, "--callgrind=" + cg, "--folded=" + folded,
             "--stats=" + stats, guest] + ARGS, cwd)
    if r.returncode != 0:
        raise Failure("profemu exited %d: %s" % (r.returncode, r.stderr.decode()[-500:]))
    with open(stats) as f:
        insns = json.load(f)["instructions"]
    ticks = insns // 10000  # the default tick

    problems = []
    oracle = guest
    if arch in VALGRIND_STAND_IN:
        oracle = os.path.join(args.guest_dir, VALGRIND_STAND_IN[arch], "cpubench-%s" % link)
    elif not e2e_harness.host_runs(arch):
        # valgrind's i386 tool is an i386 program: on a kernel that cannot exec one, the
        # x86-64 build stands in, as for hppa
        oracle = os.path.join(args.guest_dir, "x86_64", "cpubench-%s" % link)
    want = valgrind_calls(oracle, cwd)
    got, seconds = gprof_calls(guest, gmon, cwd, GPROF.get(arch, "gprof"))
    for fn in OWN_FUNCTIONS:
        if fn == "main":
            continue  # main is called by libc once; valgrind may name the caller differently
        if want.get(fn, 0) != got.get(fn, 0):
            problems.append("%s: valgrind counts %d calls, gprof reads %d from gmon.out"
                            % (fn, want.get(fn, 0), got.get(fn, 0)))
    # the histogram covers the program's text: its ticks are at most all ticks
    if not 0 < round(seconds * 100) <= ticks:
        problems.append("gprof's histogram holds %.2f s; %d ticks were taken" % (seconds, ticks))

    # the file holds Ir and Ticks (events: Ir Ticks); the ticks are checked here, Ir against
    # valgrind in the counts suite
    r2 = run(["callgrind_annotate", "--show=Ticks", cg], cwd)
    m = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", r2.stdout.decode(), re.M)
    if r2.returncode != 0 or not m:
        problems.append("callgrind_annotate did not read the file: %s" % r2.stderr.decode()[-300:])
    elif int(m.group(1).replace(",", "")) != ticks:
        problems.append("callgrind_annotate totals %s ticks, %d were taken" % (m.group(1), ticks))

    total = 0
    with open(folded) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            total += int(count)
            if not stack:
                problems.append("folded line without a stack: %r" % line)
    if total != ticks:
        problems.append("folded stacks add up to %d ticks, %d were taken" % (total, ticks))
    if not any(";fib" in l for l in open(folded)):
        problems.append("no folded stack passes through fib")

    # two runs, identical files
    cwd2 = tempfile.mkdtemp(prefix=name + "-again-", dir=args.work_dir)
    run([args.profemu, "--gmon=" + os.path.join(cwd2, "gmon.out"), guest] + ARGS, cwd2)
    if open(gmon, "rb").read() != open(os.path.join(cwd2, "gmon.out"), "rb").read():
        problems.append("two runs wrote different gmon.out files")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))
    shutil.rmtree(cwd, ignore_errors=True)
    shutil.rmtree(cwd2, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--profemu")
    ap.add_argument("--guest-dir")
    ap.add_argument("--prohist", help="path of prohist, to check it shows the DOS profiles")
    ap.add_argument("--work-dir", default=tempfile.gettempdir())
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    if args.list:
        print("\n".join(cases()))
        return 0
    os.makedirs(args.work_dir, exist_ok=True)
    args.profemu = os.path.abspath(args.profemu)
    args.guest_dir = os.path.abspath(args.guest_dir)
    if args.prohist:
        args.prohist = os.path.abspath(args.prohist)
    status = 0
    for name in args.cases:
        try:
            if name == "prf-prompts":
                run_prf_prompts_case(name, args)
            elif name == "wholeprog-jitter-determinism":
                run_jitter_determinism_case(name, args)
            elif name.startswith("prf-dos-"):
                run_prf_dos_case(name, args)
            elif name.startswith("prf-"):
                run_prf_case(name, args)
            else:
                run_case(name, args)
            print("PASS: %s" % name)
        except Skip as e:
            print("SKIP: %s: %s" % (name, e))
            status = status or 77
        except Failure as e:
            print("FAIL: %s\n%s" % (name, e))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
