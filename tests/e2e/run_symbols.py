#!/usr/bin/env python3
"""End-to-end tests of the symbolizer (symbols/): every object, function and source line named
in the outputs of dynamic programs, against real tools.

Cases:
  annotate-ARCH    guests/symbols_demo.c built here with -g -O1, dynamic (PIE), runs under
                   profemu --callgrind; callgrind_annotate --auto=yes prints its source with
                   the Ir of the sorting comparison's line, and lists the C library's sort
                   (msort_with_tmp with libc6-dbg's symbols, else qsort) under libc.so.6,
                   and ld.so's code under its own object.
  valgrind-ARCH    the same program natively under valgrind's callgrind (both with
                   --skip-plt=no: a PLT stub is its own function on both sides), in the
                   environment run_counts.py gives both (the CPU view through GLIBC_TUNABLES,
                   valgrind's client variables). Compared address by address in every object
                   (valgrind's object-relative addresses, and those it lists under no object,
                   moved to profemu's): self Ir equal for every function of the program and of
                   libc, ld.so's start-up differing only as KNOWN explains and bounds (the
                   CPU's XSAVE, the auxiliary vector, string functions on strings at other
                   page offsets), totals within 0.01 %. Every object's addresses are
                   valgrind's own (its link-time ones, where kcachegrind disassembles it).
  skipplt-ARCH     the same with both tools' defaults (--skip-plt=yes): a .plt stub's
                   instructions are its caller's at the call site (the lazy binding's the
                   first caller's), and the demo's work calls qsort in libc.so.6 itself (no
                   qsort@plt or .PLT0 function); the same equalities, address by address.
  counts-ARCH      the demo under --counts (hppa: dynamic, on Debian's cross libc through
                   -L; ia64: the committed static guests/ia64/bin/cpubench; ia64-dynamic: the
                   committed guests/ia64/bin/symbols_demo, run through -L guests/ia64/sysroot,
                   the cross toolchain's ld.so and libc, both by guests/ia64/dynamic.sh): each function's
                   "offset" is where readelf (the object's .symtab and .dynsym, and its debug
                   file by build-id) puts that name in its object, and "address" - "offset"
                   is one page-aligned load address per object; the C library's sort is a
                   --folded frame and a --callgrind function under libc.so.6. hppa and
                   IA-64: every --callgrind address of the program is an instruction's
                   (IA-64: bundle + slot 0-2) in the function readelf's symbols (with their
                   sizes) put it in, millicode ($$remoI) included, or object+offset outside
                   every symbol. ia64-dynamic: every "NAME@plt" --counts row of the demo,
                   libc and ld.so is at the offset of NAME's called PLT entry by
                   ia64-linux-gnu-objdump -d -j .plt ("addl r15=OFF,r1": the descriptor at
                   DT_PLTGOT + OFF, which readelf -r names) and every .plt cost line of
                   --callgrind --skip-plt=no in the entry of its name (the lazy "mov r15=I"
                   ones: relocation I's), the demo's 8 stubs all called.
                   hppa: every "NAME@plt" row is at an import stub of objdump -d's
                   ("addil L%X,dp|r19,r1; ldo Y(r1),r22; ldw 0(r22),r21; bv r0(r21); ldw
                   4(r22),r19": the descriptor at DT_PLTGOT + X + Y, which readelf -r's
                   R_PARISC_IPLT names), the demo's 8 stubs all named.
  calls-hppa       the demo with a counter of cmp's calls that main prints, built for hppa,
                   run under qemu-hppa (the oracle) and under profemu --counts --callgrind:
                   both print the same count, cmp (reached from libc's sort through a
                   long-branch stub, b,l .+8,%r1; be,n, and $$dyncall's bv) has that many calls
                   in --counts and in --callgrind's calls= lines into it, main and work one.
                   A call into one of libc's and ld.so's long-branch stubs (objdump -d's
                   "b,l .+8,r1; addil L%X,r1,r1; be,n Y(sr4,r1)") is one of the stub's
                   destination: no --counts row is at a stub, and the destinations of the
                   stubs the run crossed are rows.
  obpaths-hppa     the hppa demo with -L spelled relative and with "..": every object of
                   --callgrind's ob=/cob= and --counts' rows is named by its canonical path
                   (os.path.realpath's, the kernel's name of a mapped file), the interpreter
                   ld.so.1 in the same directory as libc.so.6, which ld.so maps.
  shrunk-x86_64    a program dlopens a module built here, calls its spin, dlcloses it, then
                   truncates the module's file in place (same inode) before it exits, after --counts
                   named spin during the run: profemu (whose libelf mapping of the file
                   would fault with SIGBUS past the new end) warns once, prints what the
                   native run prints, and writes --counts and --callgrind with spin named
                   under the module at readelf's offset (the names were copied).
  python3-folded   the host's python3 (a stripped Debian binary: .dynsym only) under --folded:
                   _PyEval_EvalFrameDefault is a frame, no frame is a bare address.
  perl-folded      the same for perl, naming Perl_runops_standard.
  dbgsym-x86_64    the demo, stripped, with its debug file made by objcopy --only-keep-debug
                   and laid out as a -dbgsym package lays it out (usr/lib/debug/.build-id/xx/
                   yyyy.debug) in a sysroot (-L) that links the host's libraries: the static
                   function cmp (in no table of the stripped file) is named, with its lines.

Usage: run_symbols.py --profemu build/profemu CASE...
       run_symbols.py --list
"""
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import e2e_harness
from e2e_harness import Failure, HarnessError, Skip
import run_counts

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests",
                      "symbols_demo.c")
CC = {"x86_64": "gcc", "i386": "i686-linux-gnu-gcc", "hppa": "hppa-linux-gnu-gcc",
      "ia64-dynamic": None}
X86 = ["x86_64", "i386"]
# IA-64 dynamic: the demo and its sysroot's ld.so and libc (glibc 2.36 of the cross toolchain
# of ../shared/toolchains/ia64), committed by guests/ia64/dynamic.sh, as CI has no IA-64
# compiler; the objects read with Debian's binutils-ia64-linux-gnu (scripts/install-deps.sh)
IA64_GUESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests", "ia64")
IA64_DEMO = os.path.realpath(os.path.join(IA64_GUESTS, "bin", "symbols_demo"))
IA64_SYSROOT = os.path.realpath(os.path.join(IA64_GUESTS, "sysroot"))
IA64_TOOLS = ["ia64-linux-gnu-", "/opt/ia64-toolchain/toolchain/bin/ia64-linux-gnu-"]
SYSROOT = {"hppa": ["-L", "/usr/hppa-linux-gnu"],	# Debian's cross libc
           "ia64-dynamic": ["-L", IA64_SYSROOT]}
OWN = ["cmp", "work", "main"]
# The demo's functions --counts lists (hppa: main and cmp through libc's long-branch stubs,
# b,l .+8,%r1; be, and $$dyncall's bv; the millicode remainder $$remoI too).
OWN_CALLED = {"hppa": OWN + ["$$remoI"]}
# IA-64: a committed static program (guests/ia64/build.sh), with its own functions
IA64_PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "guests",
                            "ia64", "bin", "cpubench")
IA64_ARGS = ["22", "2000", "2"]
IA64_OWN = ["main", "fib", "sift_down"]
# instruction addresses: (alignment, slots per unit)
INSN_ALIGN = {"ia64": (16, 3), "ia64-dynamic": (16, 3), "hppa": (4, 1)}
LIBC = ["msort_with_tmp.part.0"]
# What differs from valgrind, per function of ld.so's start-up: (largest difference, why);
# a bound ("binding", n) is n instructions per lazy binding (valgrind's count of them). Any
# other function that differs fails, and every function of the program and of libc is equal.
# The same causes as the static program's (run_counts.KNOWN; doc/profemu.1, COMPARING WITH
# VALGRIND), which the dynamic program meets in ld.so.
XSAVE = ("valgrind's CPU has XSAVE and OSXSAVE (AVX state on); profemu's model has neither, "
         "as Unicorn keeps no AVX state")
KNOWN = {
    "x86_64": {
        "_dl_runtime_resolve_xsave": (("binding", 40), XSAVE + ": ld.so's lazy binding saves "
                                      "the registers with xsave (40 instructions) under valgrind"),
        "_dl_runtime_resolve_fxsave": (("binding", 28), XSAVE + ": and with fxsave (28 "
                                       "instructions) under profemu"),
        "_dl_relocate_object": (10, XSAVE + ": the trampoline's choice (inlined "
                                "elf_machine_runtime_setup), 4 instructions per lazy object"),
        "update_active.constprop.0": (100, XSAVE + ": glibc reads XCR0 and marks the AVX "
                                      "family usable before the tunable masks it"),
        "get_common_indices.constprop.0": (10, XSAVE + ": the XSAVE state size"),
        "init_cpu_features.constprop.0": (10, XSAVE + ": the AVX bits cleared"),
        "_dl_sysdep_parse_arguments": (40, "valgrind leaves 5 AT_IGNORE entries in the "
                                       "auxiliary vector, which profemu does not write (8 "
                                       "instructions each)"),
        "_dlfo_sort_mappings": (20, "_dl_find_object sorts the objects by address: valgrind "
                                "maps them upwards, profemu (as Linux) downwards"),
        "_exit": (2, "valgrind does not count the block that ends in the exit system call"),
    },
    "i386": {
        "_dl_sysdep_parse_arguments": (48, "valgrind leaves 6 AT_IGNORE entries in the "
                                       "auxiliary vector, which profemu does not write"),
        "_dlfo_sort_mappings": (20, "valgrind maps the objects upwards, profemu downwards"),
        "_dl_sysinfo_int80": (1, "valgrind does not count the block that ends in the exit "
                              "system call"),
    },
}
# ld.so's string functions on the environment and paths: valgrind puts AT_RANDOM's bytes and
# the platform string above the strings (Linux and profemu below), so they lie at other
# offsets in their page, and the SSE2 functions take other paths
LD_SO_STRINGS = (100, "string function on strings at other page offsets")
# What differs is start-up code run once (some hundred instructions): over a sort of 10000
# numbers (about 4.5 M instructions) the totals agree within the 0.01 %.
VALGRIND_N = "10000"


def cases():
    return (["annotate-" + a for a in X86] + ["valgrind-" + a for a in X86] +
            ["skipplt-" + a for a in X86] +
            ["counts-" + a for a in list(CC) + ["ia64"]] +
            ["calls-hppa", "obpaths-hppa", "shrunk-x86_64", "python3-folded", "perl-folded", "dbgsym-x86_64"])


def run(ctx, cmd, cwd, env=None):
    r = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=ctx.timeout,
                       env=env if env is not None else e2e_harness.environment({}))
    if r.returncode:
        raise Failure("%s exited %d:\n%s" % (" ".join(cmd), r.returncode,
                                             e2e_harness.indent(r.stderr.decode()[-800:])))
    return r


def build_demo(ctx, arch, d):
    if arch == "ia64-dynamic":
        ia64_tool("objdump")	# skips without one
        return IA64_DEMO
    cc = shutil.which(CC[arch]) or (os.path.exists(CC[arch]) and CC[arch])
    if not cc:
        raise Skip(CC[arch] + " is not installed")
    out = os.path.join(d, "demo")
    src = os.path.join(d, "symbols_demo.c")
    shutil.copy(SOURCE, src)
    run(ctx, [cc, "-g", "-O1", "-fPIE", "-pie", "-o", out, src], d, env=os.environ.copy())
    return out


def profemu(ctx, d, opts, argv):
    env = e2e_harness.environment({})
    cmd = [ctx.profemu] + e2e_harness.unset_sanitizer_vars(env) + opts + argv
    return run(ctx, cmd, d, env)


def run_annotate(ctx, arch):
    if not shutil.which("callgrind_annotate"):
        raise Skip("callgrind_annotate (valgrind) is not installed")
    d = ctx.fresh_dir("annotate")
    demo = build_demo(ctx, arch, d)
    r = profemu(ctx, d, ["--callgrind=pe.out"], [demo, "3000"])
    text = run(ctx, ["callgrind_annotate", "--auto=yes", "pe.out"], d,
               env=os.environ.copy()).stdout.decode()
    problems = []
    line = re.search(r"^\s*([\d,]+)\s.*\breturn \(x > y\) - \(x < y\);", text, re.M)
    if not line:
        problems.append("no annotated source line with Ir for cmp's comparison")
    # msort_with_tmp is static: named where libc's .symtab is at hand (libc6-dbg), else the
    # sort's exported entry
    if not re.search(r"(msort_with_tmp|qsort)\S* \[\S*/libc\.so\.6\]", text):
        problems.append("neither msort_with_tmp nor qsort is listed under libc.so.6")
    if not re.search(r"\[\S*/ld-linux[^]]*\.so\.2\]", text):
        problems.append("ld.so's functions are not listed under their object")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems) + "\n" +
                      e2e_harness.indent(text[:3000]))
    ctx.notes.append("cmp's line: %s Ir" % line.group(1))


def self_ir(path):
    return run_counts.callgrind_self(path)[0], run_counts.callgrind_self(path)[3]


def object_file(ob):
    return os.path.basename(ob) if ob and ob != "???" else None


def object_costs(path):
    """Self Ir per (object's file name, address) of a callgrind file written with
    --dump-instr=yes, the function of each, and the calls: (object, call site) -> (target's
    object, target). valgrind lists PLT stubs and .init under no object ("???": None here)."""
    ir, fn_of, calls = {}, {}, {}
    for r in run_counts.records(path):
        if r[0] == "call":
            _, ob, _, site, target, cob = r
            calls.setdefault((object_file(ob), site), []).append((object_file(cob), target))
            continue
        _, ob, fn, a, cost = r
        key = (object_file(ob), a)
        ir[key] = ir.get(key, 0) + cost
        fn_of.setdefault(key, re.sub(r"'\d+$", "", fn or "???"))
    return ir, fn_of, calls


def first_addresses(ir, fn_of):
    first = {}
    for key in ir:
        ob, a = key
        name = fn_of[key]
        # valgrind names code no symbol covers by its address (0x0000000000001050), as
        # profemu does by object and offset
        m = re.match(r"^0x([0-9a-f]{16})$", name)
        if m and ob:
            name = "%s+0x%x" % (ob, int(m.group(1), 16))
        k = (ob, name)
        first[k] = min(first.get(k, a), a)
    return first


def align(vg, vg_fn, vg_calls, pe, pe_fn, pe_calls, moved_by):
    """valgrind's costs moved to profemu's addresses. Each object's addresses differ by one
    constant, the one most functions of both files agree on. Code valgrind lists under no
    object (PLT stubs, .init, a preload library's) moves with its function, by where the same
    call site leads in profemu's file. moved_by gets each object's constant."""
    vg_first, pe_first = first_addresses(vg, vg_fn), first_addresses(pe, pe_fn)
    delta = {}
    for ob in {o for o, _ in vg if o}:
        votes = collections.Counter(vg_first[k] - pe_first[k] for k in vg_first
                                    if k[0] == ob and k in pe_first)
        if votes:
            delta[ob] = votes.most_common(1)[0][0]
    by_function = {}	# valgrind's function under no object -> (object, delta)
    for (ob, site), targets in vg_calls.items():
        for cob, target in targets:
            if cob is not None or ob not in delta or (None, target) not in vg_fn:
                continue
            # an indirect call has several targets: the one at the same offset in its page
            # (objects are mapped at page boundaries)
            there = [(o, t) for o, t in pe_calls.get((ob, site - delta[ob]), [])
                     if o and (t - target) % 4096 == 0]
            if len(there) == 1:
                by_function.setdefault(vg_fn[(None, target)], (there[0][0], target - there[0][1]))
    # code reached otherwise (a tail call: _dl_call_fini jumps to _fini) moves as the rest of
    # its object's code valgrind lists under no object, when profemu ran that address
    runtime = {}
    for o, d in by_function.values():
        runtime.setdefault(o, collections.Counter())[d] += 1
    for (ob, a), fn in vg_fn.items():
        if ob is None and fn not in by_function:
            hits = [(o, c.most_common(1)[0][0]) for o, c in runtime.items()
                    if (o, a - c.most_common(1)[0][0]) in pe]
            if len(hits) == 1:
                by_function[fn] = hits[0]
    moved, moved_fn = {}, {}
    moved_by.update(delta)
    for (ob, a), cost in vg.items():
        fn = vg_fn[(ob, a)]
        d = delta.get(ob, 0)
        if ob is None and fn in by_function:
            ob, d = by_function[fn]
        key = (ob, a - d)
        moved[key] = moved.get(key, 0) + cost
        moved_fn.setdefault(key, fn)
    return moved, moved_fn


def differences(vg_path, pe_path):
    """Per (object, function): profemu's self Ir minus valgrind's, address by address (the
    function is profemu's name where profemu ran the address, else valgrind's), and how far
    each object's addresses were moved."""
    pe, pe_fn, pe_calls = object_costs(pe_path)
    moved_by = {}
    vg, vg_fn = align(*object_costs(vg_path), pe, pe_fn, pe_calls, moved_by)
    diff = collections.Counter()
    for key in set(vg) | set(pe):
        d = pe.get(key, 0) - vg.get(key, 0)
        if d:
            diff[(key[0], pe_fn.get(key) or vg_fn[key])] += d
    # lazy bindings: how often valgrind ran its trampoline's first instruction
    trampoline = [a for a, f in vg_fn.items() if f.startswith("_dl_runtime_resolve")]
    bindings = vg[min(trampoline)] if trampoline else 0
    functions = {(k[0], pe_fn.get(k) or vg_fn[k]) for k in set(vg) | set(pe)}
    return ({k: d for k, d in diff.items() if d}, sum(pe.values()), sum(vg.values()), bindings,
            len(functions), moved_by)


def explained(arch, ob, fn, bindings):
    """The largest difference KNOWN allows a function, and why; (None, None) if none."""
    if fn in KNOWN[arch] and ob and (ob.startswith("ld-linux") or ob == "libc.so.6"):
        limit, why = KNOWN[arch][fn]
    elif ob and ob.startswith("ld-linux") and run_counts.STRING_FUNCTION.match(fn):
        limit, why = LD_SO_STRINGS
    elif ob == "libc.so.6" and re.match(r"^__strrchr_\w+$", fn):
        # libc's start-up names the program: strrchr(argv[0], '/') (init_misc)
        limit, why = LD_SO_STRINGS
    else:
        return None, None
    if isinstance(limit, tuple):
        limit = limit[1] * bindings
    return limit, why


def run_valgrind(ctx, arch, skip_plt=False):
    if not shutil.which("valgrind"):
        raise Skip("valgrind is not installed")
    e2e_harness.need_host_runs(arch, "valgrind runs the demo natively")
    d = ctx.fresh_dir("valgrind")
    demo = build_demo(ctx, arch, d)
    fixed, client_env = run_counts.valgrind_env(ctx, arch, d)
    args = [VALGRIND_N]
    skip = [] if skip_plt else ["--skip-plt=no"]
    run(ctx, [shutil.which("valgrind"), "--tool=callgrind"] + skip + ["--dump-instr=yes",
              "--callgrind-out-file=vg.out", demo] + args, d, env=fixed)
    opts = [a for n, v in client_env for a in ("-E", "%s=%s" % (n, v))]
    profemu(ctx, d, ["--callgrind=pe.out"] + skip + opts, [demo] + args)
    diff, pe_total, vg_total, bindings, nfunctions, moved_by = differences(
        os.path.join(d, "vg.out"), os.path.join(d, "pe.out"))
    # both write an object's code at its link-time addresses
    problems = ["%s: addresses differ from valgrind's by %+#x" % (ob, by)
                for ob, by in sorted(moved_by.items()) if by]
    for (ob, fn), n in sorted(diff.items(), key=lambda kv: -abs(kv[1])):
        limit, why = explained(arch, ob, fn, bindings)
        if limit is None:
            problems.append("%s in %s: self Ir differs by %+d" % (fn, ob, n))
        elif abs(n) > limit:
            problems.append("%s in %s: self Ir differs by %+d, more than %d (%s)" % (
                fn, ob, n, limit, why))
    percent = 100.0 * (pe_total - vg_total) / vg_total
    if abs(percent) > 0.01:
        problems.append("totals differ by %+.4f%%" % percent)
    pe_self = self_ir(os.path.join(d, "pe.out"))[0]
    vg_self = self_ir(os.path.join(d, "vg.out"))[0]
    problems += ["%s: self Ir %s, valgrind %s" % (f, pe_self.get(f), vg_self.get(f))
                 for f in OWN + LIBC if pe_self.get(f) is None or pe_self[f] != vg_self.get(f)]
    ctx.notes.append("%s: %s; %d functions, %d with equal self Ir; differences: %s; totals "
                     "profemu %d, valgrind %d (%+.4f%%)" % (
        arch, ", ".join("%s %s" % (f, pe_self.get(f)) for f in OWN + LIBC), nfunctions,
        nfunctions - len(diff),
        ", ".join("%s %+d" % (fn, n) for (ob, fn), n in sorted(diff.items(), key=str)) or "none",
        pe_total, vg_total, percent))
    if skip_plt:
        problems += work_calls_qsort(os.path.join(d, "pe.out"))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def work_calls_qsort(path):
    """--skip-plt=yes: work's call of qsort is an arc to libc.so.6's qsort, and no function is
    a .plt stub (.plt.got's, __cxa_finalize@plt, malloc@plt, stay functions on both sides)."""
    text = open(path).read()
    problems = []
    work = re.search(r"^fn=work\n(.*?)(?=^fn=)", text, re.M | re.S)
    if not work or not re.search(r"^cob=\S*/libc\.so\.6\ncfi=.*\ncfn=qsort\n", work.group(1), re.M):
        problems.append("work does not call libc.so.6's qsort:\n" +
                        e2e_harness.indent(work.group(1)[-1500:] if work else text[:1500]))
    stubs = sorted(set(re.findall(r"^fn=(qsort@plt|\.PLT0)$", text, re.M)))
    if stubs:
        problems.append("PLT stubs left as functions: " + ", ".join(stubs[:10]))
    return problems


def executable_sections(ctx, path, d):
    """{index (as readelf -s prints it): (start, end)} of path's sections with the X flag."""
    text = run(ctx, ["readelf", "-SW", path], d, env=os.environ.copy()).stdout.decode()
    out = {}
    for line in text.splitlines():
        m = re.match(r"\s*\[\s*(\d+)\]\s+\S+\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]+)",
                     line)
        if m and "X" in m.group(4):
            start = int(m.group(2), 16)
            out[m.group(1)] = (start, start + int(m.group(3), 16))
    return out


def symbol_entries(ctx, path, d, code_only=False):
    """(name, address, size) of every symbol readelf (any architecture's ELF) prints for the
    object at path: its .symtab and .dynsym (version suffixes dropped) and, when one is
    installed, its debug file by build-id. Symbols of no section (undefined, absolute) and
    section symbols are left out; with code_only, those of sections that hold no code too
    (hppa's .plt trampoline is code in the data segment, right after .data's zero-sized
    labels, which must not claim it)."""
    files = [path]
    note = run(ctx, ["readelf", "-n", path], d, env=os.environ.copy()).stdout.decode()
    m = re.search(r"Build ID: ([0-9a-f]+)", note)
    if m:
        debug = "/usr/lib/debug/.build-id/%s/%s.debug" % (m.group(1)[:2], m.group(1)[2:])
        if os.path.exists(debug):
            files.append(debug)
    out = []
    for f in files:
        code = executable_sections(ctx, f, d) if code_only else None
        text = run(ctx, ["readelf", "-sW", "--dyn-syms", f], d, env=os.environ.copy())
        for line in text.stdout.decode().splitlines():
            parts = line.split()
            if (len(parts) >= 8 and parts[0][:-1].isdigit() and parts[3] != "SECTION" and
                    parts[6] not in ("UND", "ABS") and
                    (code is None or parts[6] in code)):
                addr = int(parts[1], 16)
                if code is not None:
                    # a zero-sized label claims code up to its section's end only
                    size = int(parts[2], 16) if parts[2].startswith("0x") else int(parts[2])
                    out.append((re.sub(r"@.*$", "", parts[7]), addr,
                                size or -(code[parts[6]][1] - addr)))
                    continue
                size = int(parts[2], 16) if parts[2].startswith("0x") else int(parts[2])
                out.append((re.sub(r"@.*$", "", parts[7]), int(parts[1], 16), size))
    return out


def symbol_names(ctx, path, d):
    """name -> the addresses readelf gives it in the object at path (symbol_entries)."""
    names = collections.defaultdict(set)
    for name, addr, _ in symbol_entries(ctx, path, d):
        names[name].add(addr)
    return names


def run_counts_offsets(ctx, arch):
    if not shutil.which("readelf"):
        raise Skip("readelf (binutils) is not installed")
    d = ctx.fresh_dir("counts")
    if arch == "ia64":
        # the committed static program (no IA-64 compiler in CI): its own symbols
        demo, opts, args, own = IA64_PROGRAM, [], IA64_ARGS, IA64_OWN
    else:
        demo, opts, args = build_demo(ctx, arch, d), SYSROOT.get(arch, []), ["2000"]
        own = OWN_CALLED.get(arch, OWN)
    profemu(ctx, d, opts + ["--counts=pe.json", "--callgrind=pe.out", "--folded=pe.folded"],
            [demo] + args)
    with open(os.path.join(d, "pe.json")) as f:
        rows = json.load(f)["functions"]
    # the objects' paths, as --callgrind names them (--counts gives their file names)
    paths = {os.path.basename(ob): ob for ob in
             re.findall(r"^c?ob=(/\S+)$", open(os.path.join(d, "pe.out")).read(), re.M)}
    problems, checked, loads = [], collections.Counter(), {}
    symbols = {}
    for r in rows:
        ob = r.get("object")
        if ob is None or "offset" not in r:
            problems.append("%s: no object or offset" % r["name"])
            continue
        offset, address = int(r["offset"], 16), int(r["address"], 16)
        loads.setdefault(ob, set()).add(address - offset)
        # PLT stubs (test_plt_names checks them against objdump) and code no symbol covers
        if "@plt" in r["name"] or "+0x" in r["name"] or r["name"].startswith("."):
            continue
        if ob not in paths:
            problems.append("%s: no ob= line names the path of %s" % (r["name"], ob))
            continue
        if ob not in symbols:
            symbols[ob] = symbol_names(ctx, paths[ob], d)
        at = symbols[ob].get(r["name"])
        if at is None:
            continue	# a name in none of the tables readelf prints
        if offset not in at:
            problems.append("%s in %s: offset %#x, readelf has it at %s" % (
                r["name"], ob, offset, " ".join("%#x" % a for a in sorted(at))))
        checked[ob] += 1
    for ob, bases in sorted(loads.items()):
        if len(bases) != 1 or min(bases) % 4096:
            problems.append("%s: address - offset is %s, not one page-aligned load address" % (
                ob, " ".join("%#x" % b for b in sorted(bases))))
    demo_rows = [r for r in rows if r.get("object") == os.path.basename(demo)]
    missing = [f for f in own if f not in {r["name"] for r in demo_rows}]
    if missing or checked[os.path.basename(demo)] < len(own):
        problems.append("the demo's functions were not all checked: missing " + " ".join(missing))
    if arch != "ia64":
        libc = [ob for ob in checked if ob.startswith("libc.so")]
        if not libc or checked[libc[0]] < 5:
            problems.append("fewer than 5 of libc's functions checked against readelf")
        libc_name = "libc.so.6.1" if arch == "ia64-dynamic" else "libc.so.6"
        # the sort, a frame and a callgrind function of libc: its exported entry (hppa,
        # i386), or with libc6-dbg's symbols its inner function (x86-64, where qsort jumps)
        sort = re.compile(r"^(__)?(qsort(_r)?|msort_with_tmp.*)$")
        if not any(sort.match(f) for f in frames(os.path.join(d, "pe.folded"))):
            problems.append("no frame of the C library's sort in --folded")
        if not any(ob == libc_name and sort.match(fn)
                   for ob, fn in callgrind_functions(os.path.join(d, "pe.out"))):
            problems.append("no function of the C library's sort under libc.so.6 in --callgrind")
    if arch in INSN_ALIGN:
        problems += instruction_addresses(ctx, d, demo, arch)
    if arch == "ia64-dynamic":
        problems += ia64_plt_names(ctx, d, rows, paths, demo)
    if arch == "hppa":
        problems += hppa_plt_names(ctx, d, rows, paths, demo)
    ctx.notes.append("%d functions; checked against readelf: %s" % (
        len(rows), ", ".join("%s %d" % kv for kv in sorted(checked.items()))))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems[:30]))


def ia64_tool(name):
    """binutils' IA-64 NAME: Debian's (binutils-ia64-linux-gnu), else the cross toolchain's."""
    for prefix in IA64_TOOLS:
        found = shutil.which(prefix + name)
        if found:
            return found
    raise Skip("no ia64-linux-gnu-%s (Debian's binutils-ia64-linux-gnu, which "
               "scripts/install-deps.sh installs)" % name)


def ia64_plt_entries(ctx, path, d):
    """(name@plt, address, size) of an IA-64 object's PLT entries, from the toolchain's objdump
    and readelf (which name none of them): a called entry "addl r15=OFF,r1" (2 bundles) loads
    the function descriptor at DT_PLTGOT + OFF, relocated (IPLTLSB) against the function; a
    lazy entry "mov r15=I" (1 bundle) is relocation I of .rela.IA_64.pltoff's; .PLT0 the first
    3 bundles."""
    env = os.environ.copy()
    dyn = run(ctx, [ia64_tool("readelf"), "-dW", path], d, env=env).stdout.decode()
    gp = int(re.search(r"\(PLTGOT\)\s+0x([0-9a-f]+)", dyn).group(1), 16)
    relocs, inside = [], False
    for line in run(ctx, [ia64_tool("readelf"), "-rW", path], d, env=env).stdout.decode().splitlines():
        if line.startswith("Relocation section"):
            inside = "'.rela.IA_64.pltoff'" in line
            continue
        f = line.split()
        if inside and len(f) >= 5 and f[2].startswith("R_IA64_IPLT"):
            relocs.append((int(f[0], 16), re.sub(r"@.*$", "", f[4])))
    by_slot = dict(relocs)
    text = run(ctx, [ia64_tool("objdump"), "-d", "-j", ".plt", path], d, env=env).stdout.decode()
    m = re.search(r"^([0-9a-f]+) <\.plt>:", text, re.M)
    out = [(".PLT0", int(m.group(1), 16), 48)] if m else []
    for a, insn in re.findall(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*\[M[MI][IB]\]\s+(.*?);*$",
                              text, re.M):
        called = re.match(r"addl r15=(-?\d+),r1$", insn)
        lazy = re.match(r"mov r15=(\d+)$", insn)
        if called and gp + int(called.group(1)) in by_slot:
            out.append((by_slot[gp + int(called.group(1))] + "@plt", int(a, 16), 32))
        elif lazy and int(lazy.group(1)) < len(relocs):
            out.append((relocs[int(lazy.group(1))][1] + "@plt", int(a, 16), 16))
    return out


def ia64_plt_names(ctx, d, rows, paths, demo):
    """The "@plt" rows of --counts at the offsets of ia64_plt_entries' called entries, and the
    .plt cost lines of --callgrind --skip-plt=no inside the entries of their names."""
    problems, oracle, checked = [], {}, collections.Counter()
    for ob, path in paths.items():
        oracle[ob] = ia64_plt_entries(ctx, path, d)
    for r in rows:
        if not r["name"].endswith("@plt"):
            continue
        ob = r.get("object")
        called = {a for n, a, size in oracle.get(ob, []) if n == r["name"] and size == 32}
        if int(r["offset"], 16) not in called:
            problems.append("%s in %s at offset %s: objdump's called entry of it is at %s" % (
                r["name"], ob, r["offset"], " ".join("%#x" % a for a in sorted(called))))
        checked[ob] += 1
    demo_ob = os.path.basename(demo)
    if checked[demo_ob] != 8:
        problems.append("%d of the demo's 8 PLT stubs named in --counts" % checked[demo_ob])
    profemu(ctx, d, SYSROOT["ia64-dynamic"] + ["--callgrind=noskip.out", "--skip-plt=no"],
            [demo, "2000"])
    lines = 0
    for r in run_counts.records(os.path.join(d, "noskip.out")):
        ob = object_file(r[1]) if r[0] == "cost" else None
        in_plt = [n for n, a, size in oracle.get(ob, []) if a <= r[3] - r[3] % 16 < a + size] \
            if ob else []
        if in_plt:
            lines += 1
            if re.sub(r"'\d+$", "", r[2]) not in in_plt:
                problems.append("%s+%#x is listed under %s, objdump's .plt entry is %s" % (
                    ob, r[3], r[2], in_plt[0]))
    if lines < 20:
        problems.append("only %d --callgrind cost lines in .plt entries" % lines)
    ctx.notes.append("IA-64 PLT: %s stubs checked in --counts, %d .plt cost lines" % (
        ", ".join("%s %d" % kv for kv in sorted(checked.items())), lines))
    return problems[:10]


HPPA_STUB = re.compile(
    r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*addil L%(-?[0-9a-f]+),(?:dp|r19),r1\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*ldo (-?[0-9a-f]+)\(r1\),r22\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*ldw 0\(r22\),r21\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*bv r0\(r21\)\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*ldw 4\(r22\),r19$", re.M)


def hppa_plt_entries(ctx, path, d, at=None):
    """{address: name@plt} of the hppa import stubs objdump -d shows in the object at path
    (only the one at address at, if given), named by readelf -r's R_PARISC_IPLT relocation of
    the descriptor they load."""
    env = os.environ.copy()
    dyn = run(ctx, ["readelf", "-dW", path], d, env=env).stdout.decode()
    gp = int(re.search(r"\(PLTGOT\)\s+0x([0-9a-f]+)", dyn).group(1), 16)
    slots = {}
    for line in run(ctx, ["readelf", "-rW", path], d, env=env).stdout.decode().splitlines():
        f = line.split()
        if len(f) >= 5 and f[2] == "R_PARISC_IPLT":
            slots[int(f[0], 16)] = re.sub(r"@.*$", "", f[4])
    cmd = ["hppa-linux-gnu-objdump", "-d", path]
    if at is not None:
        cmd += ["--start-address=%#x" % at, "--stop-address=%#x" % (at + 20)]
    text = run(ctx, cmd, d, env=env).stdout.decode()
    out = {}
    for a, hi, lo in HPPA_STUB.findall(text):
        slot = (gp + int(hi, 16) + int(lo, 16)) & 0xffffffff
        if slot in slots:
            out[int(a, 16)] = slots[slot] + "@plt"
    return out


def hppa_plt_names(ctx, d, rows, paths, demo):
    """Every "@plt" row of --counts at an import stub of that name by objdump; the demo's
    stubs all called and named."""
    problems, checked = [], collections.Counter()
    demo_ob = os.path.basename(demo)
    demo_stubs = hppa_plt_entries(ctx, demo, d)
    for r in rows:
        if not r["name"].endswith("@plt"):
            continue
        ob, off = r.get("object"), int(r["offset"], 16)
        there = demo_stubs if ob == demo_ob else hppa_plt_entries(ctx, paths[ob], d, off)
        if there.get(off) != r["name"]:
            problems.append("%s in %s at %#x: objdump's import stub there is %s" % (
                r["name"], ob, off, there.get(off)))
        checked[ob] += 1
    named = {r["name"] for r in rows if r.get("object") == demo_ob}
    missing = sorted(n for n in demo_stubs.values() if n not in named)
    if len(demo_stubs) < 8 or missing:
        problems.append("objdump shows %d import stubs in the demo; not in --counts: %s" % (
            len(demo_stubs), " ".join(missing)))
    ctx.notes.append("hppa import stubs checked: %s" % ", ".join(
        "%s %d" % kv for kv in sorted(checked.items())))
    return problems[:10]


def run_calls_hppa(ctx):
    """Calls the program makes through libc's stubs and $$dyncall, counted by the program."""
    cc = shutil.which(CC["hppa"])
    if not cc:
        raise Skip(CC["hppa"] + " is not installed")
    d = ctx.fresh_dir("calls")
    src = open(SOURCE).read()
    head = "static int cmp(const void *a, const void *b)\n{\n"
    tail = "\treturn 0;\n}\n"
    if head not in src or not src.endswith(tail):
        raise HarnessError("symbols_demo.c no longer has cmp's head or main's end")
    src = src.replace(head, "static long ncmp;\n" + head + "\tncmp++;\n")
    src = src[:-len(tail)] + "\tprintf(\"cmp %ld\\n\", ncmp);\n" + tail
    with open(os.path.join(d, "count.c"), "w") as f:
        f.write(src)
    run(ctx, [cc, "-g", "-O1", "-o", "count", "count.c"], d, env=os.environ.copy())
    argv = [os.path.join(d, "count"), "2000"]
    oracle = run(ctx, e2e_harness.oracle_argv("hppa", argv), d).stdout.decode()
    got = profemu(ctx, d, SYSROOT["hppa"] + ["--counts=pe.json", "--callgrind=pe.out"],
                  argv).stdout.decode()
    m = re.search(r"^cmp (\d+)$", oracle, re.M)
    if not m or got != oracle:
        raise Failure("qemu-hppa printed %r, profemu %r" % (oracle, got))
    want = {"cmp": int(m.group(1)), "main": 1, "work": 1}
    with open(os.path.join(d, "pe.json")) as f:
        rows = {r["name"]: r for r in json.load(f)["functions"] if r.get("object") == "count"}
    problems = []
    cg = callgrind_calls(os.path.join(d, "pe.out"))
    for name, n in want.items():
        calls = rows.get(name, {}).get("calls")
        if calls != n or cg[name] != n:
            problems.append("%s: %s calls in --counts, %d in --callgrind, the program made %d" % (
                name, calls, cg[name], n))
    problems += long_branch_calls(ctx, d, os.path.join(d, "pe.json"))
    ctx.notes.append("cmp called %d times (qemu-hppa and profemu's output)" % want["cmp"])
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_obpaths_hppa(ctx):
    """One spelling per object: the loader's interpreter and ld.so's libraries alike."""
    d = ctx.fresh_dir("obpaths")
    demo = build_demo(ctx, "hppa", d)
    root = SYSROOT["hppa"][1]
    if not os.path.isdir(root):
        raise Skip(root + " (Debian's hppa libc) is not installed")
    # relative, through a directory and back up
    spelled = os.path.join(os.path.relpath(root, d), "lib", "..")
    profemu(ctx, d, ["-L", spelled, "--callgrind=pe.out"], [demo, "20"])
    obs = set(re.findall(r"^c?ob=(.+)$", open(os.path.join(d, "pe.out")).read(), re.M))
    problems = ["%s is not its canonical path %s" % (ob, os.path.realpath(os.path.join(d, ob)))
                for ob in sorted(obs) if os.path.realpath(os.path.join(d, ob)) != ob]
    dirs = {os.path.basename(ob): os.path.dirname(ob) for ob in obs}
    if "ld.so.1" not in dirs or dirs.get("libc.so.6") != dirs["ld.so.1"]:
        problems.append("ld.so.1 and libc.so.6 are not named in one directory: %s" %
                        " ".join(sorted(obs)))
    ctx.notes.append("-L %s: %s" % (spelled, " ".join(sorted(obs))))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


HPPA_LONG_BRANCH = re.compile(
    r"^\s*([0-9a-f]+):\s+e8 20 00 00\s+b,l [0-9a-f]+ <[^>]*>,r1\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*addil L%(-?[0-9a-f]+),r1,r1\n"
    r"\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} ){4}\s*be,n (-?[0-9a-f]+)\(sr4,r1\)$", re.M)


def long_branch_calls(ctx, d, counts):
    """No --counts row of libc.so.6 or ld.so.1 at a long-branch stub of objdump's, and calls
    of libc reported at stubs' destinations."""
    with open(counts) as f:
        rows = json.load(f)["functions"]
    problems, notes = [], []
    for ob in ("libc.so.6", "ld.so.1"):
        path = os.path.join(SYSROOT["hppa"][1], "lib", ob)
        text = run(ctx, ["hppa-linux-gnu-objdump", "-d", path], d, env=os.environ.copy()).stdout
        stubs = {int(a, 16): (int(a, 16) + 8 + int(x, 16) + int(y, 16)) & ~3
                 for a, x, y in HPPA_LONG_BRANCH.findall(text.decode())}
        at = {int(r["offset"], 16): r for r in rows if r.get("object") == ob}
        for a in sorted(set(at) & set(stubs)):
            problems.append("%s+%#x: a call reported at the long-branch stub (to +%#x)" % (
                ob, a, stubs[a]))
        reached = sorted({dest for dest in stubs.values() if dest in at})
        if ob == "libc.so.6" and not reached:
            problems.append("no call of libc.so.6 reported at a long-branch stub's destination")
        notes.append("%s: %d stubs, %d destinations called (%s)" % (
            ob, len(stubs), len(reached), " ".join("+%#x %d" % (a, at[a].get("calls", 0))
                                                   for a in reached[:4])))
    ctx.notes.append("long-branch stubs by objdump: " + "; ".join(notes))
    return problems[:10]


def callgrind_calls(path):
    """function -> the sum of the calls= lines into it (cfn, names compressed as fn's)."""
    out, names, cfn = collections.Counter(), {}, None
    with open(path) as f:
        for line in f:
            m = re.match(r"^c?fn=(?:\((\d+)\))? ?(.*)$", line.rstrip("\n"))
            if m:
                name = m.group(2) or names.get(m.group(1))
                if m.group(1) and m.group(2):
                    names[m.group(1)] = name
                if line.startswith("cfn="):
                    cfn = name
                continue
            m = re.match(r"^calls=(\d+) ", line)
            if m:
                out[cfn] += int(m.group(1))
    return out


def callgrind_functions(path):
    """(object's file name, function) of every fn= of a callgrind file (hppa's has ticks only,
    so a function may have no cost line)."""
    out, ob, names = set(), None, {}
    with open(path) as f:
        for line in f:
            m = re.match(r"^(ob|fn)=(?:\((\d+)\))? ?(.*)$", line.rstrip("\n"))
            if not m:
                continue
            key = (m.group(1), m.group(2))
            name = m.group(3) or names.get(key)
            if m.group(2) and m.group(3):
                names[key] = name
            if m.group(1) == "ob":
                ob = object_file(name)
            else:
                out.add((ob, name))
    return out


def containing(entries, a):
    """The names readelf's symbols give address a: the sized symbols that hold it, those
    starting last; else a label without a size at or below it (hand-written assembly) when
    the nearest symbol below is one; else none (the object+offset name)."""
    holding = [(addr, n) for n, addr, size in entries if size > 0 and addr <= a < addr + size]
    if holding:
        last = max(addr for addr, _ in holding)
        return {n for addr, n in holding if addr == last}
    # a label (size 0, or -extent: code_only's, which holds only up to its section's end)
    below = [(addr, size, n) for n, addr, size in entries
             if addr <= a and (size >= 0 or a < addr - size)]
    if not below:
        return set()
    last = max(addr for addr, _, _ in below)
    at = [(size, n) for addr, size, n in below if addr == last]
    return {n for size, n in at if size <= 0} if all(size <= 0 for size, _ in at) else set()


def instruction_addresses(ctx, d, program, arch):
    """Every --callgrind cost line of the program's own code at an instruction's address (IA-64:
    a bundle's address plus its slot, 0 to 2; hppa: a word), under the function readelf's
    symbols put it in (containing), or named by object and offset where they put it in none."""
    align, slots = INSN_ALIGN[arch]
    ob = os.path.basename(program)
    entries = [e for e in symbol_entries(ctx, program, d, code_only=True)
               if not e[0].startswith(".")]
    if arch == "hppa":	# import stubs, which no symbol covers: objdump's, 5 words each
        entries += [(n, a, 20) for a, n in hppa_plt_entries(ctx, program, d).items()]
    problems, seen, named = [], 0, 0
    for r in run_counts.records(os.path.join(d, "pe.out")):
        if r[0] != "cost" or object_file(r[1]) != ob:
            continue
        _, _, fn, a, _ = r
        fn = re.sub(r"'\d+$", "", fn)
        seen += 1
        if a % align >= slots:
            problems.append("%s: %#x is no instruction address" % (fn, a))
        names = containing(entries, a - a % align)
        named += bool(names)
        if names and fn not in names:
            problems.append("%#x is listed under %s, readelf's symbols put it in %s" % (
                a, fn, " or ".join(sorted(names))))
        elif not names and fn not in ("%s+%#x" % (ob, a - a % align), "%s+%#x" % (ob, a)):
            problems.append("%#x is listed under %s, in no symbol of readelf's" % (a, fn))
    if not seen:
        problems.append("no cost line of %s in --callgrind" % ob)
    ctx.notes.append("%s: %d instruction addresses, %d in a symbol" % (ob, seen, named))
    return problems[:10]


def frames(path):
    out = set()
    with open(path) as f:
        for line in f:
            stack = line.rsplit(" ", 1)[0]
            out.update(stack.split(";"))
    return out


def run_interpreter(ctx, name, code, wanted):
    exe = shutil.which(name)
    if not exe:
        raise Skip(name + " is not installed")
    exe = os.path.realpath(exe)
    d = ctx.fresh_dir(name)
    profemu(ctx, d, ["--folded=out.folded"], [exe] + code)
    names = frames(os.path.join(d, "out.folded"))
    bare = sorted(f for f in names if re.match(r"^0x[0-9a-f]+$", f))
    problems = []
    if wanted not in names:
        problems.append("no %s frame" % wanted)
    if bare:
        problems.append("bare addresses: " + " ".join(bare[:10]))
    offsets = sorted(f for f in names if re.search(r"\+0x[0-9a-f]+$", f))
    ctx.notes.append("%d frames, %d named by object+offset (code no symbol covers)" %
                     (len(names), len(offsets)))
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


SPIN_MODULE = "int spin(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i % 7; return s; }\n"
SHRINKER = r"""#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	void *h = argc == 2 ? dlopen(argv[1], RTLD_NOW) : NULL;
	if (!h)
		return 3;
	int s = ((int (*)(int))dlsym(h, "spin"))(100000);
	dlclose(h);	/* natively, its mapping would fault past the new end too */
	if (truncate(argv[1], 4096) != 0)	/* in place: the same inode, shorter */
		return 4;
	printf("%d\n", s);
	return 0;
}
"""


def run_shrunk(ctx):
    if not shutil.which("gcc"):
        raise Skip("gcc is not installed")
    d = ctx.fresh_dir("shrunk")
    for name, text in (("spin.c", SPIN_MODULE), ("shrinker.c", SHRINKER)):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    host = os.environ.copy()
    run(ctx, ["gcc", "-g", "-O1", "-shared", "-fPIC", "-o", "libspin.so", "spin.c"], d, env=host)
    run(ctx, ["gcc", "-g", "-O1", "-o", "shrinker", "shrinker.c"], d, env=host)
    want = {n: a for n, a, _ in symbol_entries(ctx, os.path.join(d, "libspin.so"), d)}["spin"]
    module = os.path.join(d, "module.so")
    shutil.copy(os.path.join(d, "libspin.so"), module)
    native = run(ctx, [os.path.join(d, "shrinker"), module], d, env=host).stdout
    shutil.copy(os.path.join(d, "libspin.so"), module)
    env = e2e_harness.environment({})
    r = subprocess.run([ctx.profemu] + e2e_harness.unset_sanitizer_vars(env) +
                       ["--counts=pe.json", "--callgrind=pe.out", os.path.join(d, "shrinker"),
                        module], cwd=d, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=ctx.timeout, env=env)
    problems = []
    if r.returncode != 0 or r.stdout != native:
        problems.append("exit %d, stdout %r; natively 0, %r" % (r.returncode, r.stdout, native))
    warnings = r.stderr.decode().splitlines()
    if warnings != ["profemu: warning: %s: shrank since it was read: no more source lines" %
                    module]:
        problems.append("stderr is not the one warning: %r" % warnings)
    rows = []
    if os.path.exists(os.path.join(d, "pe.json")):
        with open(os.path.join(d, "pe.json")) as f:
            rows = [x for x in json.load(f)["functions"] if x["name"] == "spin"]
    if len(rows) != 1 or rows[0].get("object") != "module.so" or \
            int(rows[0].get("offset", "-1"), 16) != want:
        problems.append("--counts has no spin in module.so at readelf's %#x: %r" % (want, rows))
    if ("module.so", "spin") not in (callgrind_functions(os.path.join(d, "pe.out"))
                                     if os.path.exists(os.path.join(d, "pe.out")) else set()):
        problems.append("--callgrind has no fn=spin under module.so")
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_dbgsym(ctx):
    for tool in ("objcopy", "strip", "readelf"):
        if not shutil.which(tool):
            raise Skip(tool + " is not installed")
    d = ctx.fresh_dir("dbgsym")
    demo = build_demo(ctx, "x86_64", d)
    root = os.path.join(d, "root")
    # the sysroot: the host's libraries, and a debug tree of its own
    for sub in ("lib", "lib64", "etc", "usr/lib/x86_64-linux-gnu"):
        os.makedirs(os.path.dirname(os.path.join(root, sub)), exist_ok=True)
        if os.path.exists("/" + sub):
            os.symlink("/" + sub, os.path.join(root, sub))
    note = run(ctx, ["readelf", "-n", demo], d, env=os.environ.copy()).stdout.decode()
    m = re.search(r"Build ID: ([0-9a-f]+)", note)
    if not m:
        raise HarnessError("the demo has no build-id")
    bid = m.group(1)
    debug = os.path.join(root, "usr/lib/debug/.build-id", bid[:2], bid[2:] + ".debug")
    os.makedirs(os.path.dirname(debug))
    run(ctx, ["objcopy", "--only-keep-debug", demo, debug], d, env=os.environ.copy())
    stripped = os.path.join(d, "stripped")
    run(ctx, ["strip", "--strip-all", "-o", stripped, demo], d, env=os.environ.copy())
    r = profemu(ctx, d, ["-L", root, "--callgrind=pe.out", "--folded=pe.folded"], [stripped, "2000"])
    text = open(os.path.join(d, "pe.out")).read()
    problems = []
    if "cmp" not in frames(os.path.join(d, "pe.folded")):
        problems.append("no cmp frame: the debug file's .symtab was not read")
    if not re.search(r"^fl=\S*symbols_demo\.c$", text, re.M):
        problems.append("no fl= naming the demo's source: the debug file's lines were not read")
    if r.stderr:
        problems.append("warnings: " + r.stderr.decode()[:400])
    if problems:
        raise Failure("\n".join("  * " + p for p in problems))


def run_case(name, args):
    ctx = e2e_harness.Context(args, "symbols")
    if not ctx.profemu:
        return e2e_harness.ERROR, "--profemu is required"

    def go(ctx):
        kind, _, arch = name.partition("-")
        if kind == "annotate" and arch in X86:
            run_annotate(ctx, arch)
        elif kind == "valgrind" and arch in X86:
            run_valgrind(ctx, arch)
        elif kind == "skipplt" and arch in X86:
            run_valgrind(ctx, arch, skip_plt=True)
        elif kind == "counts" and (arch in CC or arch == "ia64"):
            run_counts_offsets(ctx, arch)
        elif name == "python3-folded":
            run_interpreter(ctx, "python3", ["-c", "sum(i * i for i in range(3000))"],
                            "_PyEval_EvalFrameDefault")
        elif name == "perl-folded":
            run_interpreter(ctx, "perl", ["-e", "my $s = 0; $s += $_ * $_ for 1 .. 3000"],
                            "Perl_runops_standard")
        elif name == "calls-hppa":
            run_calls_hppa(ctx)
        elif name == "obpaths-hppa":
            run_obpaths_hppa(ctx)
        elif name == "shrunk-x86_64":
            run_shrunk(ctx)
        elif name == "dbgsym-x86_64":
            run_dbgsym(ctx)
        else:
            raise HarnessError("unknown case " + name)
    return e2e_harness.run_in_context(ctx, go)


if __name__ == "__main__":
    sys.exit(e2e_harness.main(__doc__, "run_symbols.py", cases(), run_case,
                              [("--profemu", "the profemu binary")], name=lambda c: c))
