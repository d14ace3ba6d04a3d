"""gcc's C torture execution tests (gcc.c-torture/execute) as one target sees them.

A test is a C file that exits 0 when right and aborts when wrong. DejaGnu compiles it with the
torture options and the harness's own flags, plus what the test asks for: `{ dg-options ... }`,
`{ dg-additional-options ... }`, `{ dg-add-options ... }` lines and, in ieee/ and builtins/, a
NAME.x script; `{ dg-skip-if ... }` and a .x script's `return 1` leave a test out on some
targets. plan() reads all of that for one target (torture_tcl.py) and says, per test, the flags
it is compiled with and the options it was given, or why it is not run.

Directories (as gcc's execute.exp, ieee/ieee.exp and builtins/builtins.exp run them):
  execute/*.c          -w
  execute/ieee/*.c     -w -fno-inline (and -ffloat-store on i386); NAME.x
  execute/builtins/*.c each NAME.c linked with NAME-lib.c and lib/main.c, with the flags of
                       builtins.exp; NAME.x
"""

import os
import re

from torture_tcl import Interp, TclError, Target, list_words, selector_matches, split_commands, _matching

# The effective-target answers of the four targets (gcc's target-supports.exp, for Linux with
# glibc): only what the tests of gcc 12 ask. A name not here stops the test (TclError).
COMMON_EFFECTIVE = {
    "signal": True, "alloca": True, "fpic": True, "nonlocal_goto": True, "c99_runtime": True,
    "freestanding": False, "newlib_nano_io": False, "vxworks_kernel": False,
}
TRIPLETS = {
    "x86_64": ("x86_64-pc-linux-gnu", {"ia32": False, "lp64": True}),
    "i386": ("i686-pc-linux-gnu", {"ia32": True, "lp64": False}),
    "hppa": ("hppa-unknown-linux-gnu", {"ia32": False, "lp64": False}),
    "ia64": ("ia64-unknown-linux-gnu", {"ia32": False, "lp64": True}),
}

BUILTINS_FLAGS = ["-fno-tree-dse", "-fno-tree-loop-distribute-patterns", "-fno-tracer",
                  "-fno-ipa-ra", "-fno-inline-functions"]
# dg-add-options features: what target-supports.exp adds for these targets (nothing: stack_size
# only where the board limits the stack, ieee only on alpha, sh and rx).
ADD_OPTIONS = {"stack_size": [], "ieee": []}
# Directives that change nothing here: requirements every one of these targets meets or that
# the compiler itself refuses (int128 on a 32-bit target: the test then does not compile, and
# is listed with the requirement), expected failures (the reference decides what passes),
# output pruning (warnings are off).
IGNORED = {"dg-do", "dg-xfail-if", "dg-xfail-run-if", "dg-prune-output", "dg-require-stack-size",
           "dg-require-alias", "dg-require-weak", "dg-require-effective-target"}


def make_target(isa):
    triplet, own = TRIPLETS[isa]
    effective = dict(COMMON_EFFECTIVE)
    effective.update(own)
    return Target(triplet, effective)


class Test:
    """One test as a target sees it: sources and flags to compile, or why it is not run."""

    def __init__(self, name, sources):
        self.name = name            # e.g. "pr43784", "ieee/mzero2", "builtins/abs-1"
        self.sources = sources      # absolute paths, the test's own file first
        self.flags = []             # the directory's flags and the test's own options
        self.given = []             # the options the test's directives or .x file gave
        self.requires = []          # dg-require-effective-target names
        self.excluded = None        # the reason it is not run, or None


def directives(text):
    """The { dg-NAME args } directives of a source: (name, [args as (kind, text) words])."""
    out = []
    for m in re.finditer(r"\{\s*(dg-[a-z0-9-]+)", text):
        end = _matching(text, m.start(), "{", "}")
        words = split_commands(text[m.start() + 1:end - 1].replace("\n", " "))[0]
        out.append((words[0][1], words[1:]))
    return out


def apply_directives(test, text, target, level):
    """Reads a source's dg- directives for the target at optimization level LEVEL ("-O2")."""
    options = " ".join(["-w", level] + test.flags)
    for name, args in directives(text):
        if name in ("dg-options", "dg-additional-options"):
            if len(args) > 1 and not selector_matches(args[1][1], target):
                continue
            opts = list_words(args[0][1]) if args[0][0] == "brace" else args[0][1].split()
            test.flags += opts
            test.given += opts
        elif name == "dg-add-options":
            feature = args[0][1]
            if feature not in ADD_OPTIONS:
                raise TclError("unknown dg-add-options feature '%s'" % feature)
            test.flags += ADD_OPTIONS[feature]
        elif name == "dg-skip-if":
            reason = args[0][1]
            if not selector_matches(args[1][1], target):
                continue
            include = list_words(args[2][1]) if len(args) > 2 else ["*"]
            exclude = list_words(args[3][1]) if len(args) > 3 else [""]
            # DejaGnu: skip when one include pattern is in the options and no exclude one is.
            if any(_in_options(p, options) for p in include) and \
                    not any(p and _in_options(p, options) for p in exclude):
                test.excluded = 'dg-skip-if "%s" { %s } names this target' % (
                    reason, " ".join(args[1][1].split()))
                return
        elif name == "dg-require-effective-target":
            test.requires.append(args[0][1])
        elif name not in IGNORED:
            raise TclError("unknown directive %s" % name)


def _in_options(pattern, options):
    """DejaGnu's check: the pattern (a glob, e.g. "-O0" or "*") matches the option string
    surrounded by anything."""
    import fnmatch
    if pattern in ("*", ""):
        return pattern == "*"
    return fnmatch.fnmatchcase(" %s " % options, "* %s *" % pattern) or \
        fnmatch.fnmatchcase(options, "*%s*" % pattern)


def apply_x_file(test, path, target):
    interp = Interp(target)
    interp.additional_flags = list(test.flags)
    with open(path, encoding="utf-8", errors="replace") as f:
        result = interp.run(f.read())
    given = interp.additional_flags[len(test.flags):] \
        if interp.additional_flags[:len(test.flags)] == test.flags else interp.additional_flags
    test.flags = interp.additional_flags
    test.given += given
    if result:
        test.excluded = "%s returns 1 on this target" % os.path.basename(path)


def plan(execute_dir, isa, level, dirs=("", "ieee", "builtins")):
    """Every test of the torture directories in DIRS for the target ISA at LEVEL, sorted."""
    target = make_target(isa)
    tests = []
    for sub in dirs:
        d = os.path.join(execute_dir, sub)
        for fname in sorted(os.listdir(d)):
            if not fname.endswith(".c") or (sub == "builtins" and fname.endswith("-lib.c")):
                continue
            stem = fname[:-2]
            src = os.path.join(d, fname)
            name = "%s/%s" % (sub, stem) if sub else stem
            if sub == "builtins":
                test = Test(name, [src, os.path.join(d, stem + "-lib.c"),
                                   os.path.join(d, "lib", "main.c")])
                test.flags = list(BUILTINS_FLAGS)
            else:
                test = Test(name, [src])
                if sub == "ieee":
                    test.flags = ["-fno-inline"] + (["-ffloat-store"] if target.check("ia32") else [])
            try:
                xfile = os.path.join(d, stem + ".x")
                if sub and os.path.exists(xfile):
                    apply_x_file(test, xfile, target)
                if test.excluded is None:
                    with open(src, encoding="utf-8", errors="replace") as f:
                        apply_directives(test, f.read(), target, level)
            except (TclError, IndexError) as e:
                test.excluded = "its directives cannot be read here: %s" % (e or "a short directive")
            tests.append(test)
    return tests
