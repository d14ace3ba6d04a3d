#!/usr/bin/env python3
"""gcc's C torture execution tests under profemu, against each target's reference.

For one target (TARGETS: ISA and optimization level), every test of gcc.c-torture/execute
(from Debian's gcc-12-source, /usr/src/gcc-12/gcc-*.tar.xz, unpacked once into the build
directory; torture_suite.py says with which flags each test compiles, or why it is not run) is
compiled -static and run twice in a fresh directory: under the reference (the host itself for
x86-64 and i386, qemu-hppa for hppa, HP's Ski for IA-64) and under profemu. A test passes
when it exits 0 with the output the reference printed. The run fails if a test the reference
passes does not pass under profemu (a "profemu-only failure"), or if the list of tests not run
(not compiled, skipped by their own directives) differs from the committed
tests/torture/excluded.tsv, which run-all.sh regenerates.

Reference verdicts recorded (tests/torture/verdicts.tsv, written by run-all.sh): a test whose
loaded code has the recorded hash takes the recorded verdict and its reference is not run, so
that CI runs only the compiler and profemu (Ski takes 2.2 times profemu's time per test). When
the reference is missing (no qemu-hppa, no Ski source), the tests without a recorded verdict are
listed as not checked and the others are still checked; without the compiler the target skips.

IA-64 instruction counts: Ski (the patched build of tests/lockstep, SKI_MAIN_IP) counts the
instructions from main's first one to its return (or to the end, when the program exits inside
main): profemu's --counts gives main's inclusive count, the same span. The start-up before
main differs by design (doc/profemu.1, IA-64): it is left out. A difference not explained in
COUNT_DIFFERENCES fails the test.

Nothing is compiled or run twice: a binary is kept with the key of its compile (the compiler,
the flags, the sources) and the reference's verdict with the binary's hash, so that a second
run only runs profemu.

Usage: torture.py --build BUILD --profemu BUILD/profemu --target hppa-O2 [--share K/N]
                  [--jobs J] [--only TEST...] [--keep-going]
Exit status: 0 pass, 1 a profemu-only failure or a stale excluded list, 77 a tool is missing.
"""

import argparse
import hashlib
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import torture_binaries
import torture_suite
from torture_tools import (SkipTarget, Tools, code_hash, elf_symbol, run_with_rusage, normalize_error,
                           read_list, tsv_rows)

HERE = os.path.dirname(os.path.abspath(__file__))
EXCLUDED_LIST = os.path.join(HERE, "excluded.tsv")
OPTIONS_LIST = os.path.join(HERE, "options.tsv")
VERDICTS = os.path.join(HERE, "verdicts.tsv")

TARGETS = {
    "x86_64-O2": ("x86_64", "-O2"),
    "i386-O2": ("i386", "-O2"),
    "hppa-O0": ("hppa", "-O0"),
    "hppa-O2": ("hppa", "-O2"),
    # PA-RISC 2.0 code (gcc -march=2.0: 22-bit b,l, bve, fused multiply-add, ...), still the
    # 32-bit Linux ABI: qemu-hppa is the reference as for the others.
    "hppa20-O2": ("hppa", "-O2 -march=2.0"),
    "ia64-O0": ("ia64", "-O0"),
    "ia64-O2": ("ia64", "-O2"),
}
# Seconds a run may take (wall clock, a loaded machine): the slowest test takes about 2 s under
# Ski, the slowest reference.
RUN_TIMEOUT = 300
# (ISA, test) -> why profemu's count from main differs from Ski's, both right.
COUNT_DIFFERENCES = {
    ("ia64", "pr84478"): "the initial break: Linux page-aligns it (fs/binfmt_elf.c, set_brk) and so "
                         "does profemu; Ski puts it at the end of the bss, so glibc's malloc takes "
                         "another path in its first sbrk",
}
# (ISA, test) -> why profemu's output differs from the reference's, both right: the test passes.
OUTPUT_DIFFERENCES = {
    ("x86_64", "return-addr"): "it prints return addresses of stack frames: the stack is where "
                               "the kernel put it, randomized",
    ("hppa", "return-addr"): "it prints return addresses of stack frames: the stack is where "
                             "each puts it (qemu-hppa near 0xfa000000, profemu near 0xc0000000)",
    ("i386", "return-addr"): "it prints return addresses of stack frames: the stack is where the "
                             "kernel put it, randomized, or under qemu-i386 below 0x40800000",
    ("ia64", "return-addr"): "it prints frame addresses: the stack is where Linux puts it, in "
                             "region 3 (0x60000fff...), and Ski's at 0x9fff...",
}
# The states of a test not run, which excluded.tsv lists ("unchecked" is not one: it ran, but
# without a reference to judge it).
NOT_RUN = ("excluded", "nocompile")
ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}


class Result:
    def __init__(self, test):
        self.test = test
        self.state = "excluded" if test.excluded else "run"
        self.reason = test.excluded or ""
        self.ref = None      # {"status", "out", "main"}
        self.emu = None
        self.verdict = ""    # "", "profemu-only failure", "count differs"
        self.passed = False  # under profemu: status 0 and the reference's output
        self.code_hash = None
        self.cpu = {"compile": 0.0, "reference": 0.0, "profemu": 0.0}


def sha1_file(path, h=None):
    h = h or hashlib.sha1()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h


def compile_test(tools, target, result, outdir):
    """Compiles the test unless its binary is current; sets state "nocompile" on an error."""
    test = result.test
    exe = os.path.join(outdir, test.name)
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    level = TARGETS[target][1]
    # -Wl,-S: no debug sections (IA-64 binaries shrink from 4.5 MB to 1.1 MB, links take less)
    cmd = tools.cc + ["-static", "-w"] + level.split() + test.flags + test.sources + ["-lm", "-Wl,-S", "-o", exe]
    h = hashlib.sha1(tools.cc_identity.encode())
    h.update(" ".join(cmd).encode())
    for src in test.sources:
        sha1_file(src, h)
    key = h.hexdigest()
    stamp = exe + ".key"
    if os.path.exists(stamp):
        with open(stamp) as f:
            saved = json.load(f)
        if saved["key"] == key and (saved["error"] or os.path.exists(exe)):
            return _compiled(result, saved["error"])
    rc, _, err, cpu = run_with_rusage(cmd, cwd=outdir, env=dict(os.environ), timeout=RUN_TIMEOUT)
    result.cpu["compile"] += cpu
    error = "" if rc == 0 else normalize_error(err, test.sources)
    with open(stamp, "w") as f:
        json.dump({"key": key, "error": error}, f)
    return _compiled(result, error)


def _compiled(result, error):
    if error:
        result.state = "nocompile"
        req = result.test.requires
        result.reason = "does not compile%s: %s" % (
            " (requires %s)" % ", ".join(req) if req else "", error)
        return False
    return True


def recorded_verdicts(target):
    """verdicts.tsv for the target: {test: (code hash, verdict)}."""
    out = {}
    for tgt, name, chash, status, main, output in tsv_rows(VERDICTS, 6):
        if tgt == target:
            out[name] = (chash, {"status": int(status), "main": int(main) if main else None,
                                 "out": json.loads(output), "recorded": True})
    return out


def run_reference(tools, result, exe, recorded):
    """The reference's verdict: the recorded one when the code is the one recorded, else kept
    beside the binary under the binary's hash; None when the reference is missing."""
    result.code_hash = code_hash(exe)
    if result.test.name in recorded and recorded[result.test.name][0] == result.code_hash:
        return recorded[result.test.name][1]
    if not tools.need_reference():
        return None
    h = sha1_file(exe, hashlib.sha1(tools.ref_identity.encode())).hexdigest()
    cache = exe + ".ref"
    if os.path.exists(cache):
        with open(cache) as f:
            saved = json.load(f)
        if saved.get("key") == h:
            return saved["ref"]
    main_ip = elf_symbol(exe, "main") if tools.ref_counts_main else None
    ref, cpu = tools.run_reference(exe, main_ip, ENV, RUN_TIMEOUT)
    result.cpu["reference"] += cpu
    with open(cache + ".tmp", "w") as f:
        json.dump({"key": h, "ref": ref}, f)
    os.replace(cache + ".tmp", cache)
    return ref


def prebuilt_test(prebuilt, target, result, execute_dir):
    """The test's binary from the committed archive, or None (state "nocompile" as when it was
    compiled, or "stale" when the archive was made from other sources)."""
    try:
        exe, error = prebuilt.take(result.test, TARGETS[target][1], execute_dir)
    except torture_binaries.StaleArchive as e:
        result.state, result.reason = "stale", str(e)
        result.verdict = "stale binary (tests/torture/pack-binaries.sh %s rebuilds them)" % target
        return None
    if error:   # the reason as the compile gave it, "does not compile ...: " included
        result.state, result.reason = "nocompile", error
        return None
    return exe


def run_one(tools, target, outdir, result, recorded, prebuilt=None, execute_dir=None):
    if result.state != "run":
        return result
    if prebuilt:
        exe = prebuilt_test(prebuilt, target, result, execute_dir)
        if exe is None:
            return result
    elif compile_test(tools, target, result, outdir):
        exe = os.path.join(outdir, result.test.name)
    else:
        return result
    result.ref = run_reference(tools, result, exe, recorded)
    if result.ref is None:
        result.state = "unchecked"
        result.reason = "no recorded verdict for this code and %s" % tools.ref_missing
        return result
    result.emu, cpu = tools.run_profemu(exe, ENV, RUN_TIMEOUT)
    result.cpu["profemu"] += cpu
    isa = TARGETS[target][0]
    ref_pass = result.ref["status"] == 0
    emu_pass = result.passed = result.emu["status"] == 0 and (
        not ref_pass or result.emu["out"] == result.ref["out"]
        or (isa, result.test.name) in OUTPUT_DIFFERENCES)
    if ref_pass and not emu_pass:
        result.verdict = "profemu-only failure"
    elif ref_pass and counts_compared(result) and result.ref["main"] != result.emu["main"] \
            and (isa, result.test.name) not in COUNT_DIFFERENCES:
        result.verdict = "count differs"
    return result


def counts_compared(result):
    """Both runs passed and both counted main's instructions."""
    return result.ref["status"] == 0 and result.passed and \
        result.ref.get("main") is not None and result.emu.get("main") is not None


def describe(result):
    ref, emu = result.ref, result.emu
    if ref is None:
        return "%s: %s: %s" % (result.test.name, result.verdict, result.reason)
    lines = ["%s: %s" % (result.test.name, result.verdict)]
    lines.append("    reference: status %s%s" % (ref["status"], _main(ref)))
    lines.append("    profemu:   status %s%s" % (emu["status"], _main(emu)))
    if emu["out"] != ref["out"]:
        lines.append("    reference output: %r" % ref["out"][-400:])
        lines.append("    profemu output:   %r" % emu["out"][-400:])
    if emu.get("message"):
        lines.append("    profemu says: %s" % emu["message"])
    if result.test.given:
        lines.append("    options: %s" % " ".join(result.test.given))
    return "\n".join(lines)


def _main(r):
    return ", %d instructions in main" % r["main"] if r.get("main") is not None else ""


def parse_share(text):
    k, n = (int(x) for x in text.split("/"))
    if not 0 <= k < n:
        raise argparse.ArgumentTypeError("--share K/N needs 0 <= K < N")
    return k, n


def write_results(path, target, results):
    """One JSON object per test: what run-all.sh's table and the failure lists are made of."""
    with open(path + ".tmp", "w") as f:
        for r in results:
            row = {"target": target, "name": r.test.name, "state": r.state, "reason": r.reason,
                   "verdict": r.verdict, "options": " ".join(r.test.given), "passed": r.passed,
                   "code_hash": r.code_hash}
            for side, res in (("ref", r.ref), ("emu", r.emu)):
                if res:
                    row[side] = {k: res.get(k) for k in ("status", "main", "message", "recorded")}
                    row[side]["out"] = res["out"]
            f.write(json.dumps(row) + "\n")
    os.replace(path + ".tmp", path)


def check_lists(target, results):
    """Where this run disagrees with the committed lists (for the tests it ran): the tests not
    run and why (excluded.tsv), the tests run with options of their own (options.tsv)."""
    diffs = []
    names = {r.test.name for r in results}
    for path, found in ((EXCLUDED_LIST, {r.test.name: r.reason for r in results if r.state in NOT_RUN}),
                        (OPTIONS_LIST, {r.test.name: " ".join(r.test.given) for r in results if r.test.given})):
        committed = read_list(path).get(target, {})
        for name in sorted((set(committed) & names) | set(found)):
            if committed.get(name) != found.get(name):
                diffs.append("  %s %s: committed %r, found %r" % (
                    os.path.basename(path), name, committed.get(name), found.get(name)))
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--profemu", required=True)
    ap.add_argument("--target", required=True, choices=sorted(TARGETS))
    ap.add_argument("--share", type=parse_share, default=(0, 1))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("TORTURE_JOBS", "2")))
    ap.add_argument("--only", nargs="*", default=None, help="these tests only")
    ap.add_argument("--live-reference", action="store_true",
                    help="run the reference for every test, not its recorded verdicts (verdicts.tsv)")
    ap.add_argument("--progress", type=int, default=0, metavar="N", help="a line every N tests")
    ap.add_argument("--no-excluded-check", action="store_true",
                    help="do not compare with tests/torture/excluded.tsv and options.tsv")
    ap.add_argument("--binaries", metavar="ARCHIVE",
                    help="run the binaries of this archive (pack-binaries.sh), not compiled ones")
    ap.add_argument("--pack", metavar="ARCHIVE",
                    help="after a whole run, write its binaries to this archive")
    args = ap.parse_args()
    isa, level = TARGETS[args.target]
    build = os.path.abspath(args.build)
    start = time.time()
    try:
        tools = Tools(build, isa, os.path.abspath(args.profemu), HERE)
        execute_dir = tools.torture_source()
        tools.prepare(compiles=not args.binaries)
    except SkipTarget as e:
        print("torture %s: skipped: %s" % (args.target, e))
        return 77
    if args.pack and (args.binaries or args.share != (0, 1) or args.only is not None):
        ap.error("--pack needs a whole run that compiles (no --binaries, --share, --only)")
    prebuilt = None
    if args.binaries:
        unpack_start = time.time()
        try:
            prebuilt = torture_binaries.Prebuilt(os.path.abspath(args.binaries), tools.work)
        except torture_binaries.StaleArchive as e:
            print("torture %s: %s" % (args.target, e))
            return 1
        print("  binaries: %s unpacked in %.1f s" % (args.binaries, time.time() - unpack_start), flush=True)
    try:
        return run_target(args, tools, execute_dir, prebuilt, start)
    finally:
        if prebuilt:
            prebuilt.close()


def run_target(args, tools, execute_dir, prebuilt, start):
    isa, level = TARGETS[args.target]
    build = os.path.abspath(args.build)
    tests = torture_suite.plan(execute_dir, isa, level)
    k, n = args.share
    tests = [t for i, t in enumerate(tests) if i % n == k]
    if args.only is not None:
        tests = [t for t in tests if t.name in args.only]
    outdir = os.path.join(build, "torture", args.target)
    os.makedirs(outdir, exist_ok=True)
    results = [Result(t) for t in tests]
    recorded = {} if args.live_reference else recorded_verdicts(args.target)
    done = [0]

    def one(r):
        run_one(tools, args.target, outdir, r, recorded, prebuilt, execute_dir)
        done[0] += 1
        if args.progress and done[0] % args.progress == 0:
            print("  %d of %d tests, %.0f s" % (done[0], len(results), time.time() - start), flush=True)

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, results))
    # A whole run's results (results.jsonl), a share's, or --only's (results-only.jsonl, which
    # torture_report.py leaves out: a choice of tests is neither).
    part = "-only" if args.only is not None else "" if n == 1 else "-%d-of-%d" % (k, n)
    write_results(os.path.join(outdir, "results%s.jsonl" % part), args.target, results)
    if args.pack:
        binaries, errors = torture_binaries.pack(args.pack, args.target, level, tools.cc_identity_line(),
                                                 outdir, results, execute_dir)
        print("  packed %d binaries and %d compile errors into %s (%d bytes)" % (
            binaries, errors, args.pack, os.path.getsize(args.pack)))

    failed = [r for r in results if r.verdict]
    for r in failed:
        print(describe(r))
    ran = [r for r in results if r.ref]
    ref_pass = sum(1 for r in ran if r.ref["status"] == 0)
    emu_pass = sum(1 for r in ran if r.passed)
    only = sum(1 for r in failed if r.verdict == "profemu-only failure")
    counted = [r for r in ran if counts_compared(r)]
    share = "" if n == 1 else " (share %d/%d)" % (k, n)
    unchecked = [r for r in results if r.state == "unchecked"]
    if unchecked:
        print("torture %s: %d tests not checked (%s): %s" % (
            args.target, len(unchecked), unchecked[0].reason,
            " ".join(r.test.name for r in unchecked[:20]) + (" ..." if len(unchecked) > 20 else "")))
    print("torture %s%s: %d tests, %d left out by their directives, compiled %d, reference passes %d, "
          "profemu passes %d, profemu-only failures %d" % (
              args.target, share, len(results), sum(1 for r in results if r.state == "excluded"),
              len(ran), ref_pass, emu_pass, only))
    if counted:
        same = sum(1 for r in counted if r.ref["main"] == r.emu["main"])
        print("  instructions from main: %d of %d equal to the reference's" % (same, len(counted)))
    for table, what in ((COUNT_DIFFERENCES, "its count differs"), (OUTPUT_DIFFERENCES, "its output differs")):
        for (tisa, name), why in sorted(table.items()):
            if tisa == isa and any(r.test.name == name for r in ran):
                print("  %s: %s, explained: %s" % (name, what, why))
    if recorded:
        used = sum(1 for r in ran if r.ref.get("recorded"))
        print("  reference: recorded verdicts (verdicts.tsv) for %d tests, run for %d"
              % (used, len(ran) - used))
    cpu = {p: sum(r.cpu[p] for r in results) for p in ("compile", "reference", "profemu")}
    print("  time: %.0f s wall; cpu %s" % (time.time() - start, ", ".join(
        "%s %.0f s" % (p, c) for p, c in cpu.items())))
    status = 1 if failed else 0
    if unchecked and not ran:
        print("torture %s: skipped: no test has a recorded verdict or a reference to check it" % args.target)
        return 77
    if args.only is None and not args.no_excluded_check:
        diffs = check_lists(args.target, results)
        if diffs:
            print("tests/torture/excluded.tsv or options.tsv is not what this run found (run-all.sh "
                  "regenerates them):\n" + "\n".join(diffs[:40]))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
