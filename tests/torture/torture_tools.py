"""The tools of the torture suite (torture.py): gcc's test sources, each target's compiler and
reference, profemu, and running a program with a time limit and its CPU time.

Everything unpacked or built goes under BUILD/torture (BUILD/ski-lockstep for Ski, shared with
the lock-step suite), once, under a lock: the targets' tests may run at the same time.
"""

import fcntl
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
from contextlib import contextmanager

SOURCE_ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GCC_TARBALLS = "/usr/src/gcc-12/gcc-12*.tar.xz"
IA64_TOOLCHAIN = os.path.join(SOURCE_ROOT, "..", "shared", "toolchains", "ia64",
                              "ia64-linux-gnu-gcc12-glibc2.36.tar.xz")
HPPA_SYSROOT = "/usr/hppa-linux-gnu"
EXECUTE = "gcc/testsuite/gcc.c-torture/execute"
# Ski's own lines on its standard output, not the program's.
SKI_NOTES = re.compile(rb"^(doSyscall: unimplemented|program exited with status|\d+ insts, |Caught signal)[^\n]*\n?",
                       re.M)


class SkipTarget(Exception):
    """A compiler, reference or the tests' sources are missing: the target is skipped."""


@contextmanager
def locked(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def run_with_rusage(cmd, cwd, env, timeout, extra_fds=None):
    """Runs cmd (stdin /dev/null); returns (status, stdout, stderr, cpu seconds). The status is
    the exit code, 128+N for a signal N, 124 when the time limit (wall clock) was reached."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                 stderr=err, start_new_session=True)
        except OSError as e:
            return 127, b"", str(e).encode(), 0.0
        expired = []

        def kill():
            expired.append(True)
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, wstatus, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        p.returncode = 0  # reaped here: Popen must not wait again
        status = os.waitstatus_to_exitcode(wstatus)
        status = 128 - status if status < 0 else status
        if expired:
            status = 124
        out.seek(0)
        err.seek(0)
        return status, out.read(), err.read(), usage.ru_utime + usage.ru_stime


def normalize_error(stderr, sources):
    """The first error of a failed compile, without the paths that differ between machines."""
    text = stderr.decode(errors="replace")
    lines = [l for l in text.splitlines()
             if re.search(r"error:|undefined reference|multiple definition|cannot find", l)]
    line = lines[0] if lines else (text.strip().splitlines() or ["(no message)"])[-1]
    for src in sources:
        line = line.replace(os.path.dirname(src) + "/", "")
    line = re.sub(r"/tmp/cc\w+\.o", "an object", line)
    line = re.sub(r"\S*/(ld|collect2)(\.bfd)?:", r"\1:", line)
    return line.strip()


def elf_symbol(path, name):
    """The value of symbol NAME in an ELF64 little-endian file's .symtab, or None."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        key = name.encode() + b"\0"
        for off in range(sh[4], sh[4] + sh[5], 24):
            st_name, _, _, _, st_value, _ = struct.unpack_from("<IBBHQQ", data, off)
            start = strtab[4] + st_name
            if data[start:start + len(key)] == key:
                return st_value
    return None


def code_hash(path):
    """A hash of what an ELF program loads (its PT_LOAD segments and entry point), not of the
    file: the same code compiled in another directory has another symbol table."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        return None
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    if wide:
        entry, phoff = struct.unpack_from(order + "QQ", data, 0x18)
        phentsize, phnum = struct.unpack_from(order + "HH", data, 0x36)
        fmt, fields = order + "IIQQQQQQ", (2, 3, 5, 6)   # offset, vaddr, filesz, memsz
    else:
        entry, phoff = struct.unpack_from(order + "II", data, 0x18)
        phentsize, phnum = struct.unpack_from(order + "HH", data, 0x2a)
        fmt, fields = order + "IIIIIIII", (1, 2, 4, 5)
    h = hashlib.sha1(b"%d" % entry)
    for i in range(phnum):
        ph = struct.unpack_from(fmt, data, phoff + i * phentsize)
        if ph[0] != 1:  # PT_LOAD
            continue
        off, vaddr, filesz, memsz = (ph[j] for j in fields)
        h.update(b"%d %d %d;" % (vaddr, filesz, memsz))
        h.update(data[off:off + filesz])
    return h.hexdigest()[:20]


def tsv_rows(path, fields):
    """The rows of a committed tab-separated file, each split into `fields` columns; comments
    and blank lines skipped; no rows when the file is missing."""
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t", fields - 1)


def read_list(path):
    """A committed list (excluded.tsv, options.tsv): {target: {test: reason or options}}."""
    out = {}
    for target, test, reason in tsv_rows(path, 3):
        out.setdefault(target, {})[test] = reason
    return out


class Tools:
    """The compiler, reference and profemu of one ISA."""

    def __init__(self, build, isa, profemu, here):
        self.build, self.isa, self.profemu, self.here = build, isa, profemu, here
        self.work = os.path.join(build, "torture")
        self.cc = None
        self.cc_identity = ""
        self.ref_identity = ""
        self.ref_counts_main = isa == "ia64"
        self.bski = None
        self._ski_lock = threading.Lock()
        self.ref_cmd = []   # what runs an x86 program as the reference: nothing (native) or qemu
        self.ref_missing = ""   # why the reference cannot run here (recorded verdicts may serve)

    def torture_source(self):
        """gcc.c-torture/execute, unpacked once from gcc-12-source's tarball."""
        tarballs = sorted(glob.glob(os.environ.get("TORTURE_GCC_TARBALL", GCC_TARBALLS)))
        if not tarballs:
            raise SkipTarget("no %s: install Debian's gcc-12-source (scripts/install-deps.sh)"
                             % GCC_TARBALLS)
        tarball = tarballs[-1]
        dest = os.path.join(self.work, "src")
        stamp = os.path.join(dest, "unpacked-from")
        with locked(os.path.join(self.work, ".src.lock")):
            if not (os.path.exists(stamp) and open(stamp).read() == tarball):
                shutil.rmtree(dest, ignore_errors=True)
                os.makedirs(dest)
                subprocess.run(["tar", "-xJf", tarball, "-C", dest, "--strip-components=1",
                                "--wildcards", "*/" + EXECUTE + "/*"], check=True)
                with open(stamp, "w") as f:
                    f.write(tarball)
        return os.path.join(dest, EXECUTE)

    def prepare(self, compiles=True):
        """Finds the compiler (unless the binaries are prebuilt: compiles False) and the
        reference."""
        self.compiles = compiles
        if not os.access(self.profemu, os.X_OK):
            raise SkipTarget("no profemu at %s" % self.profemu)
        if self.isa == "x86_64":
            self._compiler(["gcc"])
            self.ref_identity = "native"
        elif self.isa == "i386":
            self._compiler(["i686-linux-gnu-gcc"])
            if not _kernel_runs_i386():
                qemu = shutil.which("qemu-i386")
                if qemu:
                    self.ref_cmd = [qemu]
                    self.ref_identity = _identity(qemu)
                else:
                    self.ref_missing = "this kernel does not run i386 programs and qemu-i386 is missing"
            else:
                self.ref_identity = "native"
        elif self.isa == "hppa":
            self._compiler(["hppa-linux-gnu-gcc"])
            self.qemu = shutil.which("qemu-hppa")
            if self.qemu:
                self.ref_identity = _identity(self.qemu)
            else:
                self.ref_missing = "no qemu-hppa (package qemu-user)"
        elif self.isa == "ia64" and compiles:
            self._compiler([self._ia64_toolchain()])
            # Ski is built when a test needs it (recorded verdicts may serve them all)

    def need_reference(self):
        """Whether the reference can run; IA-64's Ski is built here, once, when a test first
        needs it (the lock-step suite's patched build, shared)."""
        if self.isa == "ia64":
            with self._ski_lock:
                if not self.bski and not self.ref_missing:
                    try:
                        self.bski = self._ski()
                        self.ref_identity = _identity(self.bski)
                    except SkipTarget as e:
                        self.ref_missing = str(e)
        return not self.ref_missing

    def cc_identity_line(self):
        """The compiler's version line (gcc --version), for the packed binaries' manifest."""
        p = subprocess.run(self.cc + ["--version"], stdout=subprocess.PIPE, text=True)
        return (p.stdout.splitlines() or ["?"])[0]

    def _compiler(self, cc):
        if not self.compiles:
            return
        path = shutil.which(cc[0])
        if not path:
            raise SkipTarget("no %s (scripts/install-deps.sh installs it)" % cc[0])
        self.cc = [path] + cc[1:]
        self.cc_identity = _identity(path)

    def _ia64_toolchain(self):
        dest = os.path.join(self.work, "ia64-toolchain")
        gcc = os.path.join(dest, "toolchain", "bin", "ia64-linux-gnu-gcc")
        with locked(os.path.join(self.work, ".ia64.lock")):
            if not os.path.exists(gcc):
                if not os.path.exists(IA64_TOOLCHAIN):
                    raise SkipTarget("no IA-64 toolchain at %s" % os.path.normpath(IA64_TOOLCHAIN))
                shutil.rmtree(dest, ignore_errors=True)
                os.makedirs(dest)
                subprocess.run(["tar", "-xJf", IA64_TOOLCHAIN, "-C", dest], check=True)
        return gcc

    def _ski(self):
        script = os.path.join(SOURCE_ROOT, "tests", "lockstep", "build-ski.sh")
        p = subprocess.run(["bash", script, self.build], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if p.returncode == 77:
            raise SkipTarget(p.stderr.strip())
        if p.returncode != 0:
            raise RuntimeError("building Ski failed:\n" + p.stderr)
        return p.stdout.strip()

    # Runs -----------------------------------------------------------------------------------

    def _scratch(self, exe):
        """A fresh directory holding the program as ./t (hard-linked)."""
        d = tempfile.mkdtemp(prefix="run-", dir=self.work)
        try:
            os.link(exe, os.path.join(d, "t"))
        except OSError:
            shutil.copy(exe, os.path.join(d, "t"))
        return d

    def run_reference(self, exe, main_ip, env, timeout):
        d = self._scratch(exe)
        try:
            env = dict(env)
            if self.isa in ("x86_64", "i386"):
                cmd = self.ref_cmd + ["./t"]
            elif self.isa == "hppa":
                cmd = [self.qemu, "-L", HPPA_SYSROOT, "./t"]
            else:
                cmd = [self.bski, "-forceuser", "-noconsole", "./t"]
                if main_ip is not None:
                    env["SKI_MAIN_IP"] = "%x" % main_ip
                    env["SKI_MAIN_OUT"] = os.path.join(d, "main-count")
            status, out, err, cpu = run_with_rusage(cmd, d, env, timeout)
            result = {"status": status}
            if self.isa == "ia64":
                out, err = SKI_NOTES.sub(b"", out), SKI_NOTES.sub(b"", err)
                result["main"] = _read_count(os.path.join(d, "main-count"))
            result["out"] = (out + b"\0" + err).decode(errors="replace")
            return result, cpu
        finally:
            shutil.rmtree(d, ignore_errors=True)

    def run_profemu(self, exe, env, timeout):
        d = self._scratch(exe)
        try:
            cmd = [self.profemu, "--stats=" + os.path.join(d, "stats.json")]
            if self.ref_counts_main:
                cmd.append("--counts=" + os.path.join(d, "counts.json"))
            status, out, err, cpu = run_with_rusage(cmd + ["./t"], d, dict(env), timeout)
            result = {"status": status}
            # profemu's own line about how the program ended (a fatal signal) is not output
            lines = err.decode(errors="replace").splitlines(True)
            own = [l for l in lines if l.startswith("profemu:")]
            result["message"] = "".join(own).strip()
            err = "".join(l for l in lines if not l.startswith("profemu:")).encode()
            result["out"] = (out + b"\0" + err).decode(errors="replace")
            if self.ref_counts_main:
                result["main"] = _main_inclusive(os.path.join(d, "counts.json"))
            return result, cpu
        finally:
            shutil.rmtree(d, ignore_errors=True)


def _kernel_runs_i386():
    """Whether this kernel executes i386 programs (some are built without IA-32 emulation):
    asked of the i386 dynamic loader, as tests/e2e does."""
    for probe in ("/lib/ld-linux.so.2", "/usr/i686-linux-gnu/lib/ld-linux.so.2"):
        if os.path.isfile(probe):
            try:
                subprocess.run([probe, "--help"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=30)
                return True
            except OSError:
                return False
    return False


def _identity(path):
    st = os.stat(path)
    return "%s %d %d" % (os.path.realpath(path), st.st_size, int(st.st_mtime))


def _read_count(path):
    try:
        with open(path) as f:
            text = f.read().strip()
        return int(text) if text else None
    except (OSError, ValueError):
        return None


def _main_inclusive(path):
    try:
        with open(path) as f:
            counts = json.load(f)
    except (OSError, ValueError):
        return None
    for fn in counts.get("functions", []):
        if fn.get("name") == "main":
            return fn.get("inclusive")
    return None
