#!/usr/bin/env python3
"""Real programs: Debian's own programs run under profemu and compared with their oracle.

Each case runs one command twice, in two fresh working directories prepared alike: once under
its oracle and once under profemu, with `--epoch` the host's time rounded up to the second (so
that a program comparing its clock with the files' times sees what it sees natively; every
prepared file, and the working directory, has a fixed time in the past). Compared exactly: stdout, stderr, the exit status, and the files left in the working
directory (kind, mode, size, bytes, link targets).

  x86_64-*  Debian 12's own x86-64 programs (python3, perl, bash, make, gcc, git, coreutils, ...,
            installed by scripts/install-deps.sh); the oracle is the native run.
  i386-*    Debian 12's i386 programs in a sysroot that sysroot-i386.sh builds from Debian's
            packages (apt-get download into a private apt state: the host's package setup is
            left alone) in the build directory, run with -L SYSROOT. The oracle is the native
            run where the host kernel runs 32-bit programs, else qemu-i386 -L SYSROOT (this
            machine's kernel has no IA-32 emulation).
  hppa-*, ia64-*
            bzip2 and the Lua interpreter built from Debian's bzip2 and lua5.4 source packages
            with the cross compilers (cross-build.sh; the IA-64 binaries are committed in
            tests/realprogs/ia64, the hppa ones are built into the build directory); the oracle is
            the same source built for the host (hppa) or Debian's own bzip2 and lua5.4 of the
            same versions (IA-64), run natively.

Usage:
  run_realprogs.py --list
  run_realprogs.py --profemu build/profemu --work-dir DIR CASE...
  run_realprogs.py --profemu build/profemu --all [--pattern 'x86_64-*'] [--qemu] [--report F]
--qemu also runs each command under qemu-user (qemu-x86_64, qemu-hppa) and --report FILE
appends one JSON line per case (times of the oracle, qemu and profemu runs, and whether each
matched), for the table in the issue's closing note. Exit status (one case): 0 pass, 1 fail,
77 skipped, 99 harness error.
"""

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
sys.dont_write_bytecode = True
import e2e_harness  # noqa: E402
from e2e_harness import Failure, HarnessError, Skip  # noqa: E402
from run_guest import Result, diff, indent, text, tree_snapshot  # noqa: E402

FILES = os.path.join(HERE, "files")
IA64_BIN = os.path.join(HERE, "ia64")

# The environment of every run, whatever the outside one: a C.UTF-8 locale, UTC, no byte-code
# files, a fixed hash seed, git's identity and dates.
BASE_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG": "C.UTF-8",
    "TZ": "UTC",
    "PYTHONDONTWRITEBYTECODE": "1",
    "PYTHONHASHSEED": "0",
    "GIT_AUTHOR_NAME": "Real Programs",
    "GIT_AUTHOR_EMAIL": "realprogs@example.org",
    "GIT_COMMITTER_NAME": "Real Programs",
    "GIT_COMMITTER_EMAIL": "realprogs@example.org",
    "GIT_AUTHOR_DATE": "1700000000 +0000",
    "GIT_COMMITTER_DATE": "1700000000 +0000",
    "GIT_CONFIG_NOSYSTEM": "1",
}

# The mtime of every prepared file: 2024-01-02T03:04:05Z, well in the past.
PREPARED_MTIME = 1704164645


def kill_session(sid):
    """SIGKILL to every process of session sid (a program may make process groups of its own
    inside it, as timeout does)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid:  # field 6, session
            try:
                os.kill(int(entry), signal.SIGKILL)
            except OSError:
                pass


def run(argv, cwd, env, timeout):
    """Runs argv in a session of its own (a timeout kills every process it made), stdin
    /dev/null; a Result (run_guest.py's) with the wall time."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        kill_session(proc.pid)
        out, err = proc.communicate()
    kill_session(proc.pid)  # whatever the program left running
    r = Result(argv, cwd, [], timed_out=timed_out, elapsed=time.monotonic() - t0)
    r.returncode, r.stdout, r.stderr = proc.returncode, out, err
    return r


# ---------------------------------------------------------------------------------------------
# Preparing a working directory


def words(n):
    """n lines of pseudo-words, the same on every run."""
    out, x = [], 12345
    syll = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "a", "e", "o", "zu"]
    for _ in range(n):
        w = ""
        for _ in range(1 + x % 4):
            x = (x * 1103515245 + 12345) % 2 ** 31
            w += syll[(x >> 8) % len(syll)]
        out.append(w)
    return "\n".join(out) + "\n"


def csv_rows(n):
    return "".join("%s,%d\n" % (["red", "green", "blue", "cyan"][i % 4], i * 7 % 101)
                   for i in range(n))


# Named inputs a case may ask for: relative path -> contents (str or bytes), or None for a
# directory.
INPUTS = {
    "words": words(3000),
    "data.csv": csv_rows(400),
    "doc.json": json.dumps({"name": "profemu", "items": [{"id": i, "tags": ["t%d" % (i % 3)],
                                                          "ok": i % 2 == 0} for i in range(40)]},
                           indent=1) + "\n",
    "big.txt": "".join("line %06d %s\n" % (i, "abcdefghij"[i % 10] * (i % 37))
                       for i in range(20000)),
    "tree": None,
    "tree/a.txt": "alpha\n",
    "tree/b.txt": "bravo bravo\n",
    "tree/sub": None,
    "tree/sub/c.txt": "charlie\n" * 10,
    "tree/sub/d.bin": bytes(range(256)) * 4,
}


def prepare(cwd, inputs, files):
    """Writes the named INPUTS and copies files/NAME for each of files; every prepared entry
    gets mode 0644 (0755 for a directory) and PREPARED_MTIME."""
    made = []
    for name in inputs:
        if name not in INPUTS:
            raise HarnessError("unknown input %s" % name)
        for key in sorted(k for k in INPUTS if k == name or k.startswith(name + "/")):
            path = os.path.join(cwd, key)
            if INPUTS[key] is None:
                os.makedirs(path, exist_ok=True)
            else:
                data = INPUTS[key]
                with open(path, "wb") as f:
                    f.write(data.encode() if isinstance(data, str) else data)
            made.append(path)
    for name in files:
        dst = os.path.join(cwd, name)
        shutil.copyfile(os.path.join(FILES, name), dst)
        made.append(dst)
    os.makedirs(os.path.join(cwd, "tmp"), exist_ok=True)
    for path in sorted(made, key=len, reverse=True) + [cwd]:
        os.chmod(path, 0o755 if os.path.isdir(path) else 0o644)
        os.utime(path, (PREPARED_MTIME, PREPARED_MTIME))


# ---------------------------------------------------------------------------------------------
# Architectures: how a program is found, and what its oracle is


def build_root(args):
    return os.path.abspath(args.build_root) if args.build_root else None


def locked_build(args, what, script, stamp_name):
    """Runs script (a build script of this directory) once into the build directory, under a
    lock (meson runs cases in parallel); returns its output directory."""
    root = build_root(args)
    if not root:
        raise HarnessError("--build-root is required for the %s cases" % what)
    out = os.path.join(root, "tests", "realprogs", stamp_name)
    stamp = out + ".done"
    if os.path.exists(stamp):
        return out
    import fcntl
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(stamp):
            return out
        log = out + ".log"
        with open(log, "wb") as f:
            rc = subprocess.call(["bash", os.path.join(HERE, script), out], stdout=f,
                                 stderr=subprocess.STDOUT)
        if rc == 77:
            with open(log, "rb") as f:
                raise Skip("%s: %s" % (script, f.read().decode(errors="replace").strip()[-400:]))
        if rc != 0:
            with open(log, "rb") as f:
                raise HarnessError("%s failed (%d):\n%s" % (script, rc,
                                                            text(f.read()[-3000:])))
        open(stamp, "w").close()
    return out


def host_runs_i386(sysroot):
    """Whether this kernel runs 32-bit x86 programs (some have no IA-32 emulation)."""
    try:
        return subprocess.call([os.path.join(sysroot, "bin", "true")],
                               stderr=subprocess.DEVNULL) == 0
    except OSError:
        return False


class Arch:
    """x86_64: the host's programs, natively."""
    name = "x86_64"
    oracle = "native"

    def __init__(self, args):
        self.args = args

    def program(self, path):
        return path

    def oracle_argv(self, argv):
        return argv

    def profemu_options(self):
        return []

    def qemu_argv(self, argv):
        return ["qemu-x86_64"] + argv if shutil.which("qemu-x86_64") else None


class I386(Arch):
    name = "i386"

    def __init__(self, args):
        super().__init__(args)
        self.root = locked_build(args, "i386", "sysroot-i386.sh", "sysroot-i386")
        self.native = host_runs_i386(self.root)
        self.oracle = "native" if self.native else "qemu-i386"
        if not self.native and not shutil.which("qemu-i386"):
            raise Skip("this kernel runs no 32-bit programs and qemu-i386 is not installed")

    def program(self, path):
        return self.root + path

    def oracle_argv(self, argv):
        if self.native:
            # The sysroot's own loader and libraries; children exec the host's programs.
            lib = ":".join(os.path.join(self.root, d) for d in ("lib/i386-linux-gnu",
                                                                "usr/lib/i386-linux-gnu"))
            return [self.root + "/lib/ld-linux.so.2", "--library-path", lib] + argv
        return ["qemu-i386", "-L", self.root] + argv

    def profemu_options(self):
        return ["-L", self.root]

    def qemu_argv(self, argv):
        return None if not self.native else ["qemu-i386", "-L", self.root] + argv


class Hppa(Arch):
    """hppa: programs built from Debian source packages (cross-build.sh); the oracle runs the
    same source built for the host, natively."""
    name = "hppa"

    def __init__(self, args):
        super().__init__(args)
        self.out = locked_build(args, "hppa", "cross-build.sh", "cross")

    def program(self, path):
        # path: the program's name (bzip2, lua)
        p = os.path.join(self.out, self.name, path)
        if not os.path.exists(p):
            raise Skip("%s was not built (see %s.log)" % (p, self.out))
        return p

    def oracle_argv(self, argv):
        host = os.path.join(self.out, "x86_64", os.path.basename(argv[0]))
        return [host] + argv[1:]

    def qemu_argv(self, argv):
        return ["qemu-hppa", "-L", "/usr/hppa-linux-gnu"] + argv if shutil.which("qemu-hppa") \
            else None


class Ia64(Arch):
    """IA-64: the committed programs of tests/realprogs/ia64 (cross-build.sh --ia64). The oracle
    is Debian's own host program from the same source package and version (bzip2 1.0.8,
    lua5.4 5.4.4, which install-deps.sh installs): no source to fetch, nothing to build."""
    name = "ia64"
    HOST = {"bzip2": "/bin/bzip2", "lua": "/usr/bin/lua5.4"}

    def program(self, path):
        p = os.path.join(IA64_BIN, path)
        if not os.path.exists(p):
            raise HarnessError("%s is not committed (tests/realprogs/cross-build.sh --ia64)" % p)
        return p

    def oracle_argv(self, argv):
        host = self.HOST[os.path.basename(argv[0])]
        if not os.path.exists(host):
            raise Skip("%s is not installed (scripts/install-deps.sh)" % host)
        return [host] + argv[1:]

    def qemu_argv(self, argv):
        return None


# ---------------------------------------------------------------------------------------------
# Cases


class Case:
    """argv: the command (argv[0] the program's absolute path as the guest sees it; for hppa
    and IA-64 its name); inputs: names of INPUTS, files: names in files/ to copy in; exclude:
    relative paths left out of the file comparison (they hold inode numbers or host times);
    env: additions to BASE_ENV; timeout: seconds for each run."""

    def __init__(self, name, argv, inputs=(), files=(), exclude=(), env=None, timeout=120,
                 tools=()):
        self.name = name
        self.arch = name.split("-", 1)[0]
        self.argv = list(argv)
        self.inputs, self.files = list(inputs), list(files)
        self.exclude = set(exclude)
        self.env = dict(BASE_ENV, **(env or {}))
        self.timeout = timeout
        self.tools = tools

    def arch_for(self, args):
        if self.arch == "x86_64":
            return Arch(args)
        if self.arch == "i386":
            return I386(args)
        return Hppa(args) if self.arch == "hppa" else Ia64(args)

    def fresh(self, ctx, label):
        cwd = ctx.fresh_dir("%s-%s" % (self.name, label))
        prepare(cwd, self.inputs, self.files)
        env = dict(self.env, HOME=cwd, TMPDIR=os.path.join(cwd, "tmp"))
        return cwd, e2e_harness.environment(env)

    def snapshot(self, cwd):
        snap = tree_snapshot(cwd)
        for k in list(snap):
            if k in self.exclude or any(k.startswith(e + "/") for e in self.exclude):
                del snap[k]
        return snap

    def compare(self, a, b, label_a, label_b):
        problems = []
        if b.timed_out:
            return ["%s timed out after %.0f s" % (label_b, b.elapsed)]
        if a.status != b.status:
            problems.append("status: %s %s, %s %s" % (label_a, a.describe_status(), label_b,
                                                      b.describe_status()))
        for what in ("stdout", "stderr"):
            x, y = getattr(a, what), getattr(b, what)
            if x != y:
                problems.append("%s differs (%s %d bytes, %s %d bytes):\n%s" % (
                    what, label_a, len(x), label_b, len(y), diff(x, y, label_a, label_b)))
        sa, sb = self.snapshot(a.cwd), self.snapshot(b.cwd)
        if sa != sb:
            lines = ["  %s: %s %s, %s %s" % (k, label_a, sa.get(k), label_b, sb.get(k))
                     for k in sorted(set(sa) | set(sb)) if sa.get(k) != sb.get(k)]
            problems.append("files left in the working directory differ:\n" + "\n".join(lines[:40]))
        return problems

    def run(self, ctx, args):
        for tool in self.tools:
            if not shutil.which(tool) and not os.path.exists(tool):
                raise Skip("%s is not installed (scripts/install-deps.sh installs it)" % tool)
        if not ctx.profemu:
            raise HarnessError("--profemu is required")
        arch = self.arch_for(args)
        argv = [arch.program(self.argv[0])] + self.argv[1:]

        cwd, env = self.fresh(ctx, "oracle")
        oracle = run(arch.oracle_argv(argv), cwd, env, self.timeout)
        if oracle.timed_out:
            raise HarnessError("the oracle (%s) timed out after %.0f s" % (arch.oracle, oracle.elapsed))

        cwd, env = self.fresh(ctx, "profemu")
        # The host's time, rounded up, as the guest calendar's start: what a program compares
        # with the files' times (ls, tar, make) is then on the same side of them as natively.
        emu_argv = ([ctx.profemu, "--epoch=%d" % math.ceil(time.time())] + arch.profemu_options() +
                    e2e_harness.unset_sanitizer_vars(env) + argv)
        emu = run(emu_argv, cwd, env, self.timeout)
        problems = self.compare(oracle, emu, arch.oracle, "profemu")

        record = {"case": self.name, "oracle": arch.oracle, "oracle_s": round(oracle.elapsed, 3),
                  "profemu_s": round(emu.elapsed, 3), "profemu_match": not problems}
        if args.qemu:
            q_argv = arch.qemu_argv(argv)
            if q_argv:
                cwd, env = self.fresh(ctx, "qemu")
                q = run(q_argv, cwd, env, self.timeout)
                record.update(qemu_s=round(q.elapsed, 3),
                              qemu_match=not self.compare(oracle, q, arch.oracle, "qemu"))
        if args.report:
            with open(args.report, "a") as f:
                f.write(json.dumps(record) + "\n")
        ctx.notes.append("%s %.2f s, profemu %.2f s%s" % (
            arch.oracle, oracle.elapsed, emu.elapsed,
            ", qemu %.2f s" % record["qemu_s"] if "qemu_s" in record else ""))
        if problems:
            out = ["profemu disagrees with %s:" % arch.oracle]
            out += ["  * " + p.replace("\n", "\n    ") for p in problems]
            for label, r in ((arch.oracle, oracle), ("profemu", emu)):
                out.append("--- %s: %s\n    command: %s" % (label, r.describe_status(),
                                                            r.command_line()))
                for what in ("stdout", "stderr"):
                    data = getattr(r, what)
                    if data:
                        out.append("    %s (%d bytes):\n%s" % (what, len(data),
                                                              indent(text(data, 1500))))
            raise Failure("\n".join(out))


def sh(name, script, **kw):
    """A case running a /bin/sh script (the shell and every program it starts are the guest's)."""
    return Case(name, ["/bin/sh", "-c", script], **kw)


def x86_64_cases():
    X = "x86_64-"
    return [
        Case(X + "echo", ["/bin/echo", "hello,", "real", "programs"]),
        Case(X + "ls-la", ["/bin/ls", "-la", "tree", "tree/sub"], inputs=["tree"]),
        sh(X + "sort-uniq", "sort words | uniq -c | sort -k1,1nr -k2 | head -20", inputs=["words"]),
        sh(X + "sha256sum", "sha256sum words big.txt tree/sub/d.bin", inputs=["words", "big.txt", "tree"]),
        sh(X + "sed", "sed -n 's/^\\(ka.*\\)o$/\\1O/p' words | head -30; sed -i 's/a/A/g' words",
           inputs=["words"]),
        Case(X + "gawk", ["/usr/bin/gawk", "-F,", "{s[$1] += $2; n[$1]++} END "
                          "{PROCINFO[\"sorted_in\"] = \"@ind_str_asc\"; "
                          "for (k in s) printf \"%s %d %.3f\\n\", k, s[k], s[k] / n[k]}",
                          "data.csv"], inputs=["data.csv"]),
        sh(X + "grep-find", "grep -c -E '^(ka|lo)' words; find . -name '*.txt' | sort; "
           "grep -rl charlie tree", inputs=["words", "tree"]),
        sh(X + "coreutils", "seq 1 1000 | paste -sd+ | bc 2>/dev/null || seq 1 10 | tr '\\n' ' '; "
           "echo; cut -d, -f2 data.csv | sort -n | tail -3; wc words data.csv; "
           "stat -c '%n %s %a %F' words tree tree/sub; date -u -d @1700000000 '+%F %T %A'; "
           "printf '%08.3f|%-5s|%x\\n' 3.14159 ab 255; basename /a/b/c.txt .txt; "
           "expr 6 \\* 7; factor 360; od -An -tx1 -N8 tree/sub/d.bin",
           inputs=["words", "data.csv", "tree"]),
        sh(X + "cp-mv-rm", "cp -a tree copy && mv copy/a.txt copy/z.txt && ln -s z.txt copy/link && "
           "rm -r copy/sub && mkdir -p copy/x/y && touch -d @1600000000 copy/x/y/f && "
           "chmod 600 copy/z.txt && ls -lR copy | awk '{print $1, $2, $5, $NF}' && "
           "stat -c '%n %Y' copy/x/y/f && readlink -f copy/link | sed \"s|$PWD|.|\"", inputs=["tree"]),
        sh(X + "xz", "xz -9 -k -T1 big.txt && xz -t big.txt.xz && xz -dc big.txt.xz | cmp - big.txt "
           "&& xz -l big.txt.xz | tail -1", inputs=["big.txt"]),
        sh(X + "gzip-bzip2", "gzip -9 -n -k big.txt && bzip2 -9 -k words && gzip -t big.txt.gz && "
           "bzip2 -dc words.bz2 | cmp - words && zcat big.txt.gz | wc -c", inputs=["big.txt", "words"]),
        sh(X + "tar", "tar --sort=name --mtime=@1700000000 --owner=0 --group=0 --numeric-owner "
           "-cf out.tar tree && tar -tvf out.tar && mkdir x && tar -xf out.tar -C x && "
           "diff -r tree x/tree && tar -czf out.tgz tree 2>&1; ls", inputs=["tree"],
           exclude=["out.tgz"]),
        sh(X + "dd-md5sum", "dd if=/dev/zero bs=1k count=300 2>/dev/null | tr '\\0' 'z' | md5sum; "
           "head -c 100000 big.txt | dd of=part bs=4k conv=notrunc 2>/dev/null; md5sum part",
           inputs=["big.txt"]),
        sh(X + "xargs-parallel", "seq 1 200 | xargs -P2 -n10 echo | sort -n | md5sum"),
        sh(X + "diff", "sort words > sorted; diff words sorted | head -20; diff -u words sorted "
           "| wc -l; cmp words sorted; echo status $?", inputs=["words"]),
        sh(X + "kill-status", "sh -c 'kill -TERM $$'; echo $?; sh -c 'exit 300'; echo $?; "
           "sh -c 'trap \"echo trapped USR1\" USR1; kill -USR1 $$; echo after'; "
           "sh -c 'kill -KILL $$'; echo $?"),
        Case(X + "bash-loop", ["/bin/bash", "-c", "for i in $(seq 1 30); do /bin/true; done; "
                               "declare -A m=([b]=2 [a]=1); for k in $(printf '%s\\n' \"${!m[@]}\" | sort); "
                               "do echo $k=${m[$k]}; done; diff <(seq 3) <(seq 4); echo $? $BASH_VERSION "
                               "| cut -c1-4; cat <<< 'here string'; echo $((2**40))"]),
        sh(X + "timeout", "timeout 5 sleep 1; echo status $?; timeout -s KILL 10 true; echo status $?",
           timeout=30),
        sh(X + "ps", "ps -o comm= -p $$; ps -o stat=,comm= -p $$ | cut -c1,3-"),
        Case(X + "busybox-id", ["/bin/busybox", "id"], tools=["/bin/busybox"]),
        sh(X + "busybox-applets", "busybox sort -r words | busybox head -5; busybox wc -l words; "
           "busybox sha1sum words; busybox sh -c 'echo $((6*7))'; busybox ls tree",
           inputs=["words", "tree"], tools=["/bin/busybox"]),
        Case(X + "python-compute", ["/usr/bin/python3", "misc.py"], files=["misc.py"]),
        Case(X + "python-popen", ["/usr/bin/python3", "popen.py"], files=["popen.py"], timeout=90),
        Case(X + "python-sqlite-wal", ["/usr/bin/python3", "wal.py"], files=["wal.py"], timeout=90),
        Case(X + "python-mp-pool", ["/usr/bin/python3", "mp_pool.py"], files=["mp_pool.py"], timeout=120),
        Case(X + "python-mp-queue", ["/usr/bin/python3", "mp_queue.py"], files=["mp_queue.py"],
             timeout=120),
        Case(X + "perl", ["/usr/bin/perl", "forkwait.pl"], files=["forkwait.pl"], timeout=90),
        Case(X + "node", ["/usr/bin/node", "node.js"], files=["node.js"], tools=["/usr/bin/node"],
             timeout=90),
        Case(X + "lua", ["/usr/bin/lua5.4", "program.lua"], files=["program.lua"],
             tools=["/usr/bin/lua5.4"]),
        Case(X + "jq", ["/usr/bin/jq", "-S", "[.items[] | select(.ok) | {id, t: .tags[0]}] | "
                        "group_by(.t) | map({t: .[0].t, n: length, s: (map(.id) | add)})",
                        "doc.json"], inputs=["doc.json"], tools=["/usr/bin/jq"]),
        sh(X + "sqlite3", "sqlite3 db.sqlite 'create table t(a, b); "
           "insert into t select value, value * value from generate_series(1, 500); "
           "create index ti on t(b); select count(*), sum(b), max(a) from t where b % 7 = 3;' "
           "&& sqlite3 -separator ' ' db.sqlite 'select * from t order by b desc limit 3'",
           tools=["/usr/bin/sqlite3"]),
        sh(X + "sqlite3-wal", "sqlite3 wal.sqlite 'pragma journal_mode=wal; create table t(x); "
           "insert into t values (1), (2), (3);' && sqlite3 wal.sqlite 'insert into t values (4); "
           "select sum(x) from t; pragma wal_checkpoint(truncate);'; ls", tools=["/usr/bin/sqlite3"]),
        Case(X + "make", ["/usr/bin/make", "-s"], files=["Makefile", "hello.c"], timeout=120),
        Case(X + "make-j2", ["/usr/bin/make", "-j2", "--no-print-directory", "hello", "sorted.txt"],
             files=["Makefile", "hello.c"], timeout=120),
        sh(X + "gcc", "gcc -O2 -o hello hello.c && ./hello one two; echo status $?",
           files=["hello.c"], timeout=120),
        sh(X + "gcc-gold", "gcc -O2 -fuse-ld=gold -o hello-gold hello.c && ./hello-gold x; "
           "echo status $?", files=["hello.c"], timeout=120),
        sh(X + "git", "git init -q -b main repo && cd repo && cp ../words . && git add words && "
           "git commit -q -m first && sed -i 1d words && git commit -q -am second && "
           "git log --format='%H %an %ad %s' --date=unix && git diff --stat HEAD~1 && "
           "git cat-file -p HEAD^{tree}", inputs=["words"], exclude=["repo/.git/index"],
           timeout=120),
        sh(X + "file", "file -b words big.txt tree/sub/d.bin hello.c", inputs=["words", "big.txt", "tree"],
           files=["hello.c"]),
    ]


def i386_cases():
    I = "i386-"
    return [
        Case(I + "echo", ["/bin/echo", "hello,", "i386"]),
        Case(I + "ls-la", ["/bin/ls", "-la", "tree", "tree/sub"], inputs=["tree"]),
        sh(I + "sort-uniq", "sort words | uniq -c | sort -k1,1nr -k2 | head -20", inputs=["words"]),
        Case(I + "sha256sum", ["/usr/bin/sha256sum", "words", "big.txt"], inputs=["words", "big.txt"]),
        Case(I + "gawk", ["/usr/bin/gawk", "-F,", "{s[$1] += $2} END "
                          "{PROCINFO[\"sorted_in\"] = \"@ind_str_asc\"; for (k in s) print k, s[k]}",
                          "data.csv"], inputs=["data.csv"]),
        Case(I + "sed", ["/bin/sed", "-n", "s/^\\(ka.*\\)o$/\\1O/p", "words"], inputs=["words"]),
        Case(I + "xz", ["/usr/bin/xz", "-6", "-k", "-T1", "big.txt"], inputs=["big.txt"]),
        Case(I + "gzip", ["/bin/gzip", "-9", "-n", "-k", "big.txt"], inputs=["big.txt"]),
        Case(I + "tar", ["/bin/tar", "--sort=name", "--mtime=@1700000000", "--owner=0", "--group=0",
                         "--numeric-owner", "-cvf", "out.tar", "tree"], inputs=["tree"]),
        Case(I + "bash-loop", ["/bin/bash", "-c", "for i in 1 2 3 4 5 6 7 8; do /bin/true; done; "
                               "declare -A m=([b]=2 [a]=1); echo ${m[a]}${m[b]} $((2**40))"]),
        Case(I + "busybox-id", ["/bin/busybox", "id"]),
        Case(I + "perl", ["/usr/bin/perl", "-e", "my %h = map { $_ => $_ ** 2 } 1 .. 20; "
                          "print join(',', map { $h{$_} } sort { $a <=> $b } keys %h), \"\\n\"; "
                          "printf \"%.5f %d\\n\", atan2(1, 1) * 4, 2 ** 31 + 5;"]),
        Case(I + "python", ["/usr/bin/python3.11", "-S", "-c", "import sys; print(sum(i * i for i in "
                            "range(10 ** 5)), sys.maxsize, 2 ** 100 % 97, sorted({3: 1, 1: 2}))"]),
        Case(I + "sqlite3", ["/usr/bin/sqlite3", "db.sqlite", "create table t(a); insert into t "
                             "select value from generate_series(1, 300); select count(*), sum(a) from t;"]),
        Case(I + "make", ["/usr/bin/make", "-s", "sorted.txt"], files=["Makefile"]),
    ]


def cross_cases():
    cases = []
    for arch in ("hppa", "ia64"):
        A = arch + "-"
        cases += [
            Case(A + "bzip2-compress", ["bzip2", "-9", "-k", "big.txt"], inputs=["big.txt"],
                 timeout=300),
            Case(A + "bzip2-roundtrip", ["bzip2", "-1", "-k", "-f", "-v", "words"],
                 inputs=["words"], timeout=300),
            Case(A + "lua", ["lua", "program.lua"], files=["program.lua"], timeout=300),
        ]
    return cases


def build_cases():
    return x86_64_cases() + i386_cases() + cross_cases()


def run_case(case, args):
    ctx = e2e_harness.Context(args, "realprogs")
    return e2e_harness.run_in_context(ctx, lambda c: case.run(c, args))


def main():
    opt = e2e_harness.option
    return e2e_harness.main(
        __doc__, "run_realprogs.py", build_cases(), run_case,
        programs=[("--profemu", "path of the profemu binary")],
        options=[opt("--build-root", after="--work-dir",
                     help="the build directory (the i386 sysroot and hppa programs go there)"),
                 opt("--qemu", after="--keep", action="store_true",
                     help="also run each command under qemu-user, for --report"),
                 opt("--report", after="--keep",
                     help="append one JSON line per case: times and matches")])


if __name__ == "__main__":
    sys.exit(main())
