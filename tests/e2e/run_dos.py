#!/usr/bin/env python3
"""End-to-end tests of DOS programs (.COM and MZ .EXE) under profemu.

There is no native oracle for DOS programs: each case states what the program must print and
its exit status, derived from the program's source (guests/dos/*.asm). Each case runs in a
fresh empty working directory (drive C: of the guest).

Cases:
  dos-hello            the printing loop: exact bytes on stdout (CR LF line ends), nothing on
                       stderr, exit 0
  dos-exit-N           exitcode.com N exits with N (INT 21h 4Ch); dos-exit-ret: no argument,
                       `ret` to PSP:0000 and its INT 20h: exit 0
  dos-copy             copy.com copies a 5000-byte file (several 512-byte pieces) identically;
                       dos-copy-upper: the names in capitals find the lower-case file, and the
                       copy is made under the name as given
  dos-copy-missing     a missing source: "copy: error 02" (file not found), exit 1
  dos-vectors          25h/35h, a program's own INT 21h chaining to DOS, INT 60h, memory
                       blocks, error codes; the unsupported function 77h named once on stderr
  dos-cpuloop-exe      the MZ .EXE (relocated data segment and far call): "sum=32800"
  dos-stats-repeat     two runs with --stats give the same instruction count, for the .COM
                       and the .EXE; the counts exclude the time charged to DOS services
  dos-charge-ticks     --stats ticks = (retired + charged - 1) / --tick, the charge following the
                       documented cost model (I/O 200 + 2 per byte, DOS 100)
  dos-strace           --strace names the services with their arguments and results
  dos-explain-charge   with a tick every 50 instructions, --explain shows ticks inside the
                       services at the DOS stub (0100:0108) and the I/O driver (0070:0800)
  dos-fault-divide     a divide error: SIGFPE, 128+8, the message names CS:IP 0800:0104
  dos-max-insns        an endless loop stops at --max-insns with status 137
  dos-outputs-counts   whole-program outputs of cpuloop.exe, checked against its source (50
                       rounds of 1000 far calls of `square`, 4 instructions each, and one near
                       call of `print_decimal`): --counts gives square 50000 calls, self and
                       inclusive 200000, print_decimal 1 call, the entry's inclusive count the
                       total, self counts adding up to --stats' instructions
  dos-outputs-callgrind
                       --callgrind: events Ir Ticks, the Ir total is --stats' count, calls=50000
                       to square; callgrind_annotate reads it (when installed)
  dos-outputs-gmon     --gmon: a gmon.out whose arc from main's call site to square counts 50000
                       and whose histogram holds --stats' ticks
  dos-outputs-folded   --folded: the ticks add up to --stats' ticks, some inside square (two
                       frames); the four outputs asked at once are the same files
  dos-bad-*            damaged files: not a DOS program, truncated or corrupt MZ headers,
                       an empty .COM (126); a missing .COM (127)

Usage:
  run_dos.py --list
  run_dos.py --profemu build/profemu --guest-dir build/guests/dos [--work-dir DIR] CASE...
  run_dos.py --profemu build/profemu --guest-dir build/guests/dos --all
Exit status (one case): 0 pass, 1 fail, 99 harness error. With several: 0 if none failed.
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile

# meson runs the runners as scripts, from the build directory: the harness they share is found
# beside this file. (No .pyc for it: the source tree stays as checked out.)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure

HELLO = (b"Hello from DOS 1/3\r\nHello from DOS 2/3\r\nHello from DOS 3/3\r\n"
         b"0123456789\r\nBIOS\r\n")
VECTORS = (b"DOS 5.0\r\nhooked\r\nint21 calls seen: 0002\r\nint60: 0003\r\nalloc ok\r\n"
           b"largest: 87FF\r\nfree bad: 0009\r\nunknown: 0001\r\n")
EXIT_CODES = [0, 1, 7, 42, 255]
ENV = e2e_harness.environment({"PATH": "/usr/bin:/bin", "LANG": "C", "LC_ALL": "C"})


class Runner:
    def __init__(self, profemu, guest_dir, work_root):
        self.profemu = os.path.abspath(profemu)
        self.guest_dir = os.path.abspath(guest_dir)
        self.work_root = work_root

    def guest(self, name):
        path = os.path.join(self.guest_dir, name)
        if not os.path.exists(path):
            raise RuntimeError(f"{path} is missing (built by guests/dos/meson.build)")
        return path

    def run(self, cwd, args, stdin=b""):
        p = subprocess.run([self.profemu] + args, cwd=cwd, input=stdin, capture_output=True,
                           env=ENV, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def workdir(self, case):
        os.makedirs(self.work_root, exist_ok=True)
        return tempfile.mkdtemp(prefix=case + ".", dir=self.work_root)


def expect(cond, what):
    if not cond:
        raise Failure(what)


def expect_run(result, status, stdout=None, stderr_has=None, stderr_empty=False):
    code, out, err = result
    detail = f"\n  status {code}\n  stdout {out[:300]!r}\n  stderr {err[:600]!r}"
    expect(code == status, f"exit status {code}, wanted {status}{detail}")
    if stdout is not None:
        expect(out == stdout, f"stdout differs: wanted {stdout!r}{detail}")
    for s in stderr_has or []:
        expect(s.encode() in err, f"stderr lacks {s!r}{detail}")
    if stderr_empty:
        expect(err == b"", f"stderr not empty{detail}")


def stats_of(r, cwd, args):
    path = os.path.join(cwd, "stats.json")
    res = r.run(cwd, ["--stats=" + path] + args)
    with open(path) as f:
        return res, json.load(f)


# ---- cases -------------------------------------------------------------------------------

def case_hello(r, cwd):
    expect_run(r.run(cwd, [r.guest("hello.com")]), 0, HELLO, stderr_empty=True)


def make_exit_case(n):
    def case(r, cwd):
        expect_run(r.run(cwd, [r.guest("exitcode.com"), str(n)]), n, b"", stderr_empty=True)
    return case


def case_exit_ret(r, cwd):
    expect_run(r.run(cwd, [r.guest("exitcode.com")]), 0, b"", stderr_empty=True)


def source_file(cwd, name, size=5000):
    data = random.Random(1234).randbytes(size)
    with open(os.path.join(cwd, name), "wb") as f:
        f.write(data)
    return data


def case_copy(r, cwd):
    data = source_file(cwd, "source.bin")
    expect_run(r.run(cwd, [r.guest("copy.com"), "source.bin", "dest.bin"]), 0, b"",
               stderr_empty=True)
    with open(os.path.join(cwd, "dest.bin"), "rb") as f:
        expect(f.read() == data, "the copy differs from the source")


def case_copy_upper(r, cwd):
    data = source_file(cwd, "source.bin", 700)
    expect_run(r.run(cwd, [r.guest("copy.com"), "C:\\SOURCE.BIN", "DEST.BIN"]), 0, b"")
    with open(os.path.join(cwd, "DEST.BIN"), "rb") as f:
        expect(f.read() == data, "the copy differs from the source")


def case_copy_missing(r, cwd):
    expect_run(r.run(cwd, [r.guest("copy.com"), "nothing.bin", "dest.bin"]), 1,
               b"copy: error 02\r\n")
    expect(not os.path.exists(os.path.join(cwd, "dest.bin")), "dest.bin was created")


def case_vectors(r, cwd):
    res = r.run(cwd, [r.guest("vectors.com")])
    expect_run(res, 0, VECTORS, stderr_has=["INT 21h function 77h", "not supported"])
    expect(res[2].count(b"\n") == 1, f"one line on stderr: {res[2]!r}")


def case_cpuloop_exe(r, cwd):
    total = 0
    for rnd in range(50):
        for i in range(1000):
            total = (total + ((i * i) & 0xffff) + rnd) & 0xffff
    expect_run(r.run(cwd, [r.guest("cpuloop.exe")]), 0, f"sum={total}\r\n".encode(),
               stderr_empty=True)


def case_stats_repeat(r, cwd):
    for prog in ["hello.com", "cpuloop.exe"]:
        runs = [stats_of(r, cwd, [r.guest(prog)]) for _ in range(2)]
        for res, st in runs:
            expect_run(res, 0)
            expect(st["arch"] == "i8086" and st["stop"] == "exit" and st["exit_code"] == 0,
                   f"stats: {st}")
        counts = [st["instructions"] for _, st in runs]
        expect(counts[0] == counts[1] and counts[0] > 0, f"{prog}: counts differ: {counts}")
        if prog == "hello.com":
            # 21 service calls (4 strings, 10 characters, 6 teletype, 1 exit) would be
            # far more than 200 instructions each: the charges are not in the count.
            expect(counts[0] < 1000, f"hello.com: {counts[0]} instructions")


def case_charge_ticks(r, cwd):
    # The cost model (syscalls/dos/dos.h): an I/O call costs 200 + 2 per byte, a DOS call
    # 100, an exit nothing. hello.com: three 20-byte strings and a 2-byte one (09h), ten
    # characters (02h), six through the BIOS (INT 10h), then 4Ch.
    charged = 3 * (200 + 2 * 20) + (200 + 2 * 2) + 10 * (200 + 2) + 6 * (200 + 2)
    for tick in [100, 7, 1000]:
        res, st = stats_of(r, cwd, ["--tick=%d" % tick, r.guest("hello.com")])
        expect_run(res, 0, HELLO)
        # a tick names the instruction about to run: none is due at the very end
        want = (st["instructions"] + charged - 1) // tick
        expect(st["ticks"] == want, f"--tick={tick}: {st['ticks']} ticks, wanted {want}: {st}")


def case_strace(r, cwd):
    res = r.run(cwd, ["--strace", r.guest("hello.com")])
    expect_run(res, 0, HELLO)
    err = res[2].decode()
    for s in ["dos_print_string(0x", ") = 0x24", "dos_putchar(0x30) = 0x30",
              "bios_teletype(0x42) = 0x42", "dos_exit(0)"]:
        expect(s in err, f"--strace lacks {s!r}:\n{err}")


def case_explain_charge(r, cwd):
    res = r.run(cwd, ["--tick=50", "--explain", r.guest("hello.com")])
    expect_run(res, 0, HELLO)
    err = res[2].decode()
    dos_stub = "pc 0x%x" % (0x0100 * 16 + 0x21 * 8)
    io_driver = "pc 0x%x" % (0x0070 * 16 + 0x800)
    expect(dos_stub + ":" in err or dos_stub + " " in err, f"no tick at the DOS stub:\n{err}")
    expect(io_driver + ":" in err or io_driver + " " in err, f"no tick at the I/O driver:\n{err}")


def write_bytes(cwd, name, data):
    path = os.path.join(cwd, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def case_fault_divide(r, cwd):
    # xor cx, cx; nop; nop; div cx  (the div at 0800:0104)
    path = write_bytes(cwd, "div.com", bytes([0x31, 0xc9, 0x90, 0x90, 0xf7, 0xf1, 0xcd, 0x20]))
    expect_run(r.run(cwd, [path]), 128 + signal.SIGFPE, b"",
               stderr_has=["SIGFPE", "0800:0104", "divide error"])


def case_max_insns(r, cwd):
    path = write_bytes(cwd, "spin.com", bytes([0xeb, 0xfe]))
    expect_run(r.run(cwd, ["--max-insns=1000", path]), 137, b"", stderr_has=["1000 instructions"])


def truncated_exe(r, cwd):
    with open(r.guest("cpuloop.exe"), "rb") as f:
        data = f.read()
    return write_bytes(cwd, "cut.exe", data[:len(data) - 10])


def corrupt_exe(r, cwd):
    with open(r.guest("cpuloop.exe"), "rb") as f:
        data = bytearray(f.read())
    data[0x1c:0x20] = bytes([0xff, 0xff, 0x40, 0x00])     # a relocation far outside the image
    return write_bytes(cwd, "reloc.exe", bytes(data))


BAD = {
    "dos-bad-not-mz": (lambda r, cwd: write_bytes(cwd, "plain.exe", b"\xcd\x20"), 126,
                       "no MZ signature"),
    "dos-bad-header": (lambda r, cwd: write_bytes(cwd, "short.exe", b"MZ\x10\x00"), 126,
                       "truncated MZ header"),
    "dos-bad-truncated": (truncated_exe, 126, "truncated MZ file"),
    "dos-bad-relocation": (corrupt_exe, 126, "points outside"),
    "dos-bad-empty-com": (lambda r, cwd: write_bytes(cwd, "empty.com", b""), 126, "empty .COM"),
    "dos-bad-missing": (lambda r, cwd: os.path.join(cwd, "missing.com"), 127, "missing.com"),
}


def make_bad_case(maker, status, message):
    def case(r, cwd):
        expect_run(r.run(cwd, [maker(r, cwd)]), status, b"", stderr_has=[message])
    return case



# ---- whole-program outputs (--counts, --callgrind, --gmon, --folded) ------------------------

CPULOOP_CALLS = 50 * 1000	# cpuloop.asm: ROUNDS x COUNT far calls of square
SQUARE_INSNS = 4		# push dx; mul ax; pop dx; retf


def run_outputs(r, cwd, opts):
    res, st = stats_of(r, cwd, opts + [r.guest("cpuloop.exe")])
    expect_run(res, 0, b"sum=32800\r\n", stderr_empty=True)
    return st


def case_outputs_counts(r, cwd):
    st = run_outputs(r, cwd, ["--counts=counts.json"])
    with open(os.path.join(cwd, "counts.json")) as f:
        c = json.load(f)
    funcs = c["functions"]
    expect(c["arch"] == "i8086" and c["total"] == st["instructions"],
           f"total {c['total']}, --stats {st['instructions']}")
    expect(sum(f["self"] for f in funcs) == c["total"], "self counts do not add up to the total")
    square = [f for f in funcs if f["calls"] == CPULOOP_CALLS]
    expect(len(square) == 1 and square[0]["self"] == square[0]["inclusive"] ==
           CPULOOP_CALLS * SQUARE_INSNS, f"no square with {CPULOOP_CALLS} calls: {funcs}")
    once = [f for f in funcs if f["calls"] == 1]
    expect(len(once) == 1, f"print_decimal (1 call) not found: {funcs}")
    root = max(funcs, key=lambda f: f["inclusive"])
    expect(root["inclusive"] == c["total"] and root["calls"] == 0,
           f"the entry's inclusive count is not the total: {root}")


def case_outputs_callgrind(r, cwd):
    st = run_outputs(r, cwd, ["--callgrind=cg.out"])
    text = open(os.path.join(cwd, "cg.out")).read()
    expect("events: Ir Ticks" in text, "not events: Ir Ticks")
    totals = [l.split() for l in text.splitlines() if l.startswith("totals:")]
    expect(totals and int(totals[0][1]) == st["instructions"] and int(totals[0][2]) == st["ticks"],
           f"totals {totals}, --stats {st['instructions']} instructions {st['ticks']} ticks")
    expect(any(l.startswith(f"calls={CPULOOP_CALLS} ") for l in text.splitlines()),
           f"no calls={CPULOOP_CALLS} line")
    if shutil.which("callgrind_annotate"):
        p = subprocess.run(["callgrind_annotate", "cg.out"], cwd=cwd, capture_output=True,
                           timeout=60)
        expect(p.returncode == 0 and b"PROGRAM TOTALS" in p.stdout.upper(),
               f"callgrind_annotate: {p.stderr[-300:]!r}")


def gmon_records(data):
    """(histogram bin counts, arcs (from, to, count)) of a 32-bit little-endian gmon.out."""
    import struct
    expect(data[:4] == b"gmon" and struct.unpack_from("<I", data, 4)[0] == 1, "no gmon header")
    at, bins, arcs = 20, [], []
    while at < len(data):
        tag = data[at]
        at += 1
        if tag == 0:
            lo, hi, n, rate = struct.unpack_from("<IIII", data, at)
            at += 16 + 16	# the dimension name and its abbreviation
            bins += list(struct.unpack_from("<%dH" % n, data, at))
            at += 2 * n
        elif tag == 1:
            arcs.append(struct.unpack_from("<III", data, at))
            at += 12
        else:
            raise Failure(f"unknown gmon record tag {tag}")
    return bins, arcs


def case_outputs_gmon(r, cwd):
    st = run_outputs(r, cwd, ["--gmon=gmon.out"])
    bins, arcs = gmon_records(open(os.path.join(cwd, "gmon.out"), "rb").read())
    expect(sum(bins) == st["ticks"], f"histogram {sum(bins)} ticks, --stats {st['ticks']}")
    expect([a for a in arcs if a[2] == CPULOOP_CALLS], f"no arc counting {CPULOOP_CALLS}: {arcs}")
    expect([a for a in arcs if a[2] == 1], f"no arc to print_decimal: {arcs}")


def case_outputs_folded(r, cwd):
    st = run_outputs(r, cwd, ["--folded=folded.txt"])
    lines = [l.rsplit(" ", 1) for l in open(os.path.join(cwd, "folded.txt")).read().splitlines()]
    expect(sum(int(n) for _, n in lines) == st["ticks"],
           f"folded ticks {sum(int(n) for _, n in lines)}, --stats {st['ticks']}")
    expect(any(";" in stack for stack, _ in lines), "no tick inside a called procedure")
    # all four at once: the same files (the clock never depends on the outputs)
    alone = {n: open(os.path.join(cwd, n), "rb").read() for n in ["folded.txt"]}
    for opt, name in [("--counts=", "counts.json"), ("--callgrind=", "cg.out"),
                      ("--gmon=", "gmon.out")]:
        run_outputs(r, cwd, [opt + name])
        alone[name] = open(os.path.join(cwd, name), "rb").read()
    d = os.path.join(cwd, "all")
    os.makedirs(d)
    run_outputs(r, d, ["--folded=folded.txt", "--counts=counts.json", "--callgrind=cg.out",
                       "--gmon=gmon.out"])
    for name, data in alone.items():
        expect(open(os.path.join(d, name), "rb").read() == data,
               f"{name} differs when all four outputs are asked for")

CASES = {
    "dos-hello": case_hello,
    "dos-exit-ret": case_exit_ret,
    "dos-copy": case_copy,
    "dos-copy-upper": case_copy_upper,
    "dos-copy-missing": case_copy_missing,
    "dos-vectors": case_vectors,
    "dos-cpuloop-exe": case_cpuloop_exe,
    "dos-stats-repeat": case_stats_repeat,
    "dos-charge-ticks": case_charge_ticks,
    "dos-strace": case_strace,
    "dos-explain-charge": case_explain_charge,
    "dos-fault-divide": case_fault_divide,
    "dos-max-insns": case_max_insns,
    "dos-outputs-counts": case_outputs_counts,
    "dos-outputs-callgrind": case_outputs_callgrind,
    "dos-outputs-gmon": case_outputs_gmon,
    "dos-outputs-folded": case_outputs_folded,
}
for _n in EXIT_CODES:
    CASES[f"dos-exit-{_n}"] = make_exit_case(_n)
for _name, (_maker, _status, _message) in BAD.items():
    CASES[_name] = make_bad_case(_maker, _status, _message)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--profemu")
    ap.add_argument("--guest-dir")
    ap.add_argument("--work-dir")
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    if a.list:
        print("\n".join(CASES))
        return 0
    names = list(CASES) if a.all else a.cases
    unknown = [n for n in names if n not in CASES]
    if unknown or not names or not a.profemu or not a.guest_dir:
        print(f"run_dos.py: give --profemu, --guest-dir and known cases (unknown: {unknown})",
              file=sys.stderr)
        return 99
    work_root = a.work_dir or tempfile.mkdtemp(prefix="run_dos.")
    r = Runner(a.profemu, a.guest_dir, work_root)
    failed = 0
    for name in names:
        cwd = r.workdir(name)
        try:
            CASES[name](r, cwd)
            print(f"PASS {name}")
            shutil.rmtree(cwd, ignore_errors=True)
        except Failure as e:
            failed += 1
            print(f"FAIL {name}: {e}")
        except (OSError, RuntimeError, subprocess.SubprocessError, ValueError) as e:
            print(f"ERROR {name}: {e}")
            if len(names) == 1:
                return 99
            failed += 1
    if len(names) > 1:
        print(f"{len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
