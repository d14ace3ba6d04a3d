"""The guest's own /proc/self (issue 18, run by run_hostile.py: hostile-ARCH-procmaps and
hostile-ARCH-procmem). The guest is guests/procself.c.
  procmaps  /proc/self/maps lists the guest's mappings: its stack line ([stack]) holds a local
            variable, main's line is executable, and pthread_getattr_np on the main thread
            (glibc reads that file) succeeds with a stack holding the local. Oracle: the native
            run (x86-64), qemu-hppa (hppa); i386: the native x86-64 run's verdicts, since this
            kernel runs no i386 program and qemu-i386 lists the code of a static i386 program
            without x (e0fa0ab: the host's maps; pthread_getattr_np failed with ENOENT).
  procmem   /proc/self/mem, /proc/PID/mem, /proc/self/task/TID/mem, /dev/fd/../mem and mem
            relative to a /proc/self directory descriptor refuse to open (EACCES):
            the guest never reaches profemu's own memory (e0fa0ab: it opened profemu's, and a
            write there crashed profemu). Natively they open: no oracle, the verdict is the
            documented refusal; the run must end with status 0, no host crash.
  procstart /proc/self/environ holds exactly the guest's environ[] strings and every
            /proc/self/auxv entry is what getauxval answers, AT_NULL last (146339a: both refused
            with EACCES; before, the host's: profemu's own environment and auxiliary vector).
            Oracle: the native x86-64 run's verdicts on every architecture (qemu-hppa shows its
            own environment in environ).
  procfiles /proc/self/maps names the memory files back: a data file mapped privately (three
            lines when its middle page is PROT_NONE, each with its offset, device and inode)
            and shared (rw-s at its offset), the program's file (code and data lines), [heap]
            holding the break, [stack] a local, [vdso] only where AT_SYSINFO_EHDR points (profemu
            gives x86 guests no vDSO: no such line), names in column 73 (f62903a: only
            executable file mappings were named). Oracle: the native x86-64 run's verdicts.
  procsmaps /proc/self/smaps has an entry per maps line headed by it, Size its range, Rss at
            most Size; smaps_rollup a [rollup] header and an Rss; /proc/self/task/TID/maps is
            the process's maps, the main thread's and a second thread's (f62903a: smaps
            refused with EACCES, a second thread's task/TID/maps ENOENT). Oracle: the native x86-64
            run's verdicts.
ARCH ia64 runs the committed guests/ia64/bin/procself, against the native x86-64 run's verdicts
(Ski runs no such program)."""

from e2e_harness import Failure

def procself(ctx, arch):
    """IA-64: the committed static program (run_hostile.Context.guest finds it)."""
    return ctx.guest("procself", arch, "static")

MEM_REFUSED = (b"/proc/self/mem: EACCES\n/proc/PID/mem: EACCES\n"
               b"/proc/self/task/TID/mem: EACCES\n/dev/fd/../mem: EACCES\n"
               b"openat(/proc/self, mem): EACCES\n")


def run_procmaps(ctx, arch, compared):
    guest = procself(ctx, arch)
    if arch not in ("i386", "ia64"):
        compared(ctx, arch, "procmaps", [guest, "maps"])
        return
    d = ctx.fresh_dir("procmaps")
    want = ctx.oracle("x86_64", [ctx.guest("procself", "x86_64", "static"), "maps"], d)
    got, _ = ctx.profemu_run([guest, "maps"], d)
    if got.returncode != 0 or got.stdout != want.stdout or b"getattr_np: ok" not in want.stdout:
        raise Failure("status %d, stdout:\n%s\nthe native x86-64 run's:\n%s" % (
            got.returncode, got.stdout.decode(errors="replace"),
            want.stdout.decode(errors="replace")))


def run_procmem(ctx, arch):
    guest = procself(ctx, arch)
    got, _ = ctx.profemu_run([guest, "mem"], ctx.fresh_dir("procmem"))
    if got.returncode != 0 or got.stdout != MEM_REFUSED:
        raise Failure("status %d, stdout %r (%r expected)\n%s" % (
            got.returncode, got.stdout, MEM_REFUSED, got.stderr.decode(errors="replace")[-600:]))


# mode -> a line the native run must print (else the oracle itself is off)
NATIVE_VERDICTS = {
    "start": b"environ: the strings of environ[]",
    "files": b"data file, private, middle page PROT_NONE: 3 pieces, offsets, permissions, "
             b"device and inode right yes",
    "smaps": b"task/TID/maps: the process's maps",
}


def run_native_verdicts(ctx, arch, mode):
    """procself MODE under profemu prints what the native x86-64 run prints."""
    d = ctx.fresh_dir("proc" + mode)
    want = ctx.oracle("x86_64", [ctx.guest("procself", "x86_64", "static"), mode], d)
    got, _ = ctx.profemu_run([procself(ctx, arch), mode], d)
    if (got.returncode != 0 or got.stdout != want.stdout or
            NATIVE_VERDICTS[mode] not in want.stdout):
        raise Failure("status %d, stdout:\n%s\nthe native x86-64 run's:\n%s" % (
            got.returncode, got.stdout.decode(errors="replace"),
            want.stdout.decode(errors="replace")))
