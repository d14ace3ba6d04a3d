"""What the end-to-end runners (run_*.py) share: the verdicts a case raises, the environment and
the working directories of its runs, running it into an exit status, and the command line that
lists, selects and runs the cases and sums them up.

A runner imports this module from its own directory (meson runs the runners as scripts, from
the build directory) and calls main() with its cases, a function running one case, and its own
options. Exit status (one case): 0 pass, 1 fail, 77 skipped (meson's convention), 99 harness
error. With several cases: 0 if none failed, 1 otherwise; a summary is printed.
"""

import argparse
import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile


class Failure(Exception):
    """The test failed: the program tested disagrees with the oracle."""


class Skip(Exception):
    """The test cannot run here (a tool or an input is missing)."""


class HarnessError(Exception):
    """The test itself is broken (e.g. the guest misbehaves natively)."""


PASS, FAIL, SKIP, ERROR = 0, 1, 77, 99
WORDS = {PASS: "PASS", FAIL: "FAIL", SKIP: "SKIP", ERROR: "ERROR"}


# Passed through from the outside so that a sanitizer build of profemu can be tested.
PASSTHROUGH_PREFIXES = ("ASAN_", "UBSAN_", "LSAN_", "MSAN_", "TSAN_")


def environment(fixed):
    """The environment of a run: the runner's fixed one (so that the outside environment cannot
    make runs differ: meson sets MALLOC_PERTURB_, for one), and the sanitizers' variables."""
    env = dict(fixed)
    for k, v in os.environ.items():
        if k.startswith(PASSTHROUGH_PREFIXES):
            env[k] = v
    return env


def unset_sanitizer_vars(env):
    """profemu options that keep the sanitizers' variables (which a sanitized profemu needs)
    out of the guest's environment, where they would change what it prints or counts."""
    return [a for k in sorted(env) if k.startswith(PASSTHROUGH_PREFIXES) for a in ("-U", k)]


# How qemu-user runs a program of each architecture whose own libraries it needs (-L).
QEMU_USER = {
    "x86_64": ["qemu-x86_64"],
    "i386": ["qemu-i386", "-L", "/usr/i686-linux-gnu"],
    "hppa": ["qemu-hppa", "-L", "/usr/hppa-linux-gnu"],
}
# A program of each architecture that any machine with its libc installed has, to ask the host
# kernel whether it runs that architecture at all (an x86-64 kernel may lack or refuse IA-32
# emulation: exec then fails with ENOEXEC).
_PROBES = {"i386": ["/lib/ld-linux.so.2", "/usr/i686-linux-gnu/lib/ld-linux.so.2"]}
_host_runs = {}


def host_runs(arch):
    """True if this machine's kernel executes arch's programs natively (asked once)."""
    if arch == "x86_64":
        return True
    if arch not in _host_runs:
        ok = False
        for probe in _PROBES.get(arch, []):
            if not os.path.isfile(probe):
                continue
            try:
                subprocess.run([probe, "--help"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
                ok = True
            except OSError:
                ok = False
            break
        _host_runs[arch] = ok
    return _host_runs[arch]


def oracle_argv(arch, argv):
    """argv to run an arch program as the oracle: itself where the host runs arch, else under
    qemu-user (Skip without it), so that an i386 case still has an oracle on a kernel without
    IA-32 emulation."""
    if host_runs(arch):
        return list(argv)
    qemu = QEMU_USER.get(arch)
    if not qemu or not shutil.which(qemu[0]):
        raise Skip("this kernel does not run %s programs and %s is missing: no oracle"
                   % (arch, qemu[0] if qemu else "qemu-user"))
    return qemu + list(argv)


def need_host_runs(arch, what):
    """Skip unless the host runs arch natively (what: the oracle that needs it)."""
    if not host_runs(arch):
        raise Skip("this kernel does not run %s programs natively (exec: ENOEXEC), which %s "
                   "needs" % (arch, what))


def indent(s, prefix="      | "):
    return "\n".join(prefix + l for l in s.splitlines())


class Context:
    """What a case runs with: the programs and directories of the command line, the working
    directories it makes (fresh_dir; removed by cleanup once it passed, unless --keep), and
    notes that follow its message."""

    def __init__(self, args, prefix):
        self.profemu = os.path.abspath(args.profemu) if args.profemu else None
        self.guest_dir = os.path.abspath(args.guest_dir) if args.guest_dir else None
        self.work_dir = os.path.abspath(args.work_dir or tempfile.gettempdir())
        self.timeout = args.timeout
        self.keep = args.keep
        self.prefix = prefix
        self.made_dirs = []
        self.notes = []

    def guest(self, name, arch, link=None):
        """The guest program NAME-LINK (or NAME) built for arch."""
        if not self.guest_dir:
            raise HarnessError("--guest-dir is required")
        path = os.path.join(self.guest_dir, arch, "%s-%s" % (name, link) if link else name)
        if not os.path.isfile(path):
            raise HarnessError("guest program %s does not exist (build it: ninja -C build)" % path)
        return path

    def fresh_dir(self, label):
        os.makedirs(self.work_dir, exist_ok=True)
        d = tempfile.mkdtemp(prefix="%s-%s-" % (self.prefix, label), dir=self.work_dir)
        self.made_dirs.append(d)
        return d

    def cleanup(self, passed):
        if passed and not self.keep:
            for d in self.made_dirs:
                shutil.rmtree(d, ignore_errors=True)
        elif self.made_dirs:
            self.notes.append("kept working directories: " + " ".join(self.made_dirs))


def verdict(run, *args, any_error=False):
    """Runs run(*args) and returns (status, message): 0 and "" if it returns, 1 for a Failure,
    77 for a Skip, 99 for a HarnessError. With any_error, any other exception is a harness
    error too (named by its type); without, it propagates."""
    try:
        run(*args)
    except Failure as e:
        return FAIL, str(e)
    except Skip as e:
        return SKIP, str(e)
    except HarnessError as e:
        return ERROR, str(e)
    except Exception as e:
        if not any_error:
            raise
        # a harness error, not a verdict on the program tested
        return ERROR, "%s: %s" % (type(e).__name__, e)
    return PASS, ""


def run_in_context(ctx, run):
    """verdict(run, ctx), then ctx.cleanup(passed) (which may add to ctx.notes); the notes
    follow the message."""
    status, message = verdict(run, ctx)
    ctx.cleanup(status in (PASS, SKIP))
    if ctx.notes:
        message += ("\n" if message else "") + "\n".join(ctx.notes)
    return status, message


def option(*flags, after, **kwargs):
    """A runner's own option, which --help lists after the common option (or program) `after`,
    and after the runner's earlier options placed there."""
    return flags, after, kwargs


def parse_args(doc, programs, options):
    """programs: (flag, help) of each program the runner tests (--profemu, ...), listed after
    --list; options: option(...)s."""
    common = [(("--list",), dict(action="store_true", help="list the case names and exit"))]
    common += [((flag,), dict(help=help)) for flag, help in programs]
    common += [
        (("--guest-dir",),
         dict(help="build directory of the guests (holding x86_64/, i386/)")),
        (("--work-dir",),
         dict(help="where to make the working directories (default: $TMPDIR)")),
        (("--timeout",),
         dict(type=float, default=float(os.environ.get("E2E_TIMEOUT", 120)),
              help="seconds allowed for each run (default 120, or $E2E_TIMEOUT)")),
        (("--all",), dict(action="store_true", help="run every case (or those of --pattern)")),
        (("--pattern",), dict(action="append", default=[],
                              help="with --all: only cases matching this glob (repeatable)")),
        (("--keep",), dict(action="store_true", help="keep working directories")),
        (("-v", "--verbose"), dict(action="store_true", help="print passes too")),
    ]
    anchors = {f for flags, _ in common for f in flags}
    assert all(after in anchors for _, after, _ in options), "option after an unknown option"

    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=doc.split("\n\n", 1)[1])
    for flags, kwargs in common:
        ap.add_argument(*flags, **kwargs)
        for own_flags, after, own_kwargs in options:
            if after in flags:
                ap.add_argument(*own_flags, **own_kwargs)
    ap.add_argument("cases", nargs="*", help="case names")
    return ap.parse_args()


def main(doc, prog, cases, run_case, programs, options=(), name=lambda case: case.name):
    """The runner's command line. doc: its docstring (--help); prog: its file name (messages);
    cases: its cases, in --list's order, each named by name(case); run_case(case, args) runs one
    and returns (status, message); programs and options: see parse_args. Returns the exit
    status."""
    args = parse_args(doc, programs, options)
    by_name = {name(c): c for c in cases}
    # meson registers the cases by name: two of one name would run as one test
    assert len(by_name) == len(cases), "duplicate case names"
    if args.list:
        for c in cases:
            print(name(c))
        return 0

    if args.all:
        selected = [c for c in cases
                    if not args.pattern or any(fnmatch.fnmatch(name(c), p) for p in args.pattern)]
    else:
        unknown = [n for n in args.cases if n not in by_name]
        if unknown:
            print("%s: unknown case(s): %s (see --list)" % (prog, " ".join(unknown)),
                  file=sys.stderr)
            return ERROR
        selected = [by_name[n] for n in args.cases]
    if not selected:
        print("%s: no case selected (give names, or --all)" % prog, file=sys.stderr)
        return ERROR

    if len(selected) == 1:
        status, message = run_case(selected[0], args)
        print("%s: %s" % (WORDS[status], name(selected[0])))
        if message:
            print(message)
        return status

    counts = {PASS: 0, FAIL: 0, SKIP: 0, ERROR: 0}
    failed = []
    for case in selected:
        status, message = run_case(case, args)
        counts[status] += 1
        if status in (FAIL, ERROR):
            failed.append(name(case))
        if status in (FAIL, ERROR) or args.verbose:
            print("%s: %s" % (WORDS[status], name(case)))
            if message:
                print(indent(message, "    "))
        sys.stdout.flush()
    print("\n%d passed, %d failed, %d skipped, %d errors (of %d)" % (
        counts[PASS], counts[FAIL], counts[SKIP], counts[ERROR], len(selected)))
    for n in failed:
        print("  not ok: " + n)
    return 0 if not failed else 1
