"""Committed guest binaries of the torture suite: one solid archive per target
(tests/torture/binaries/TARGET.tar.zst), so that CI runs a whole target with profemu alone,
without compiling 1 700 programs (60% of a whole run's time) or having the target's compiler.

The archive holds every compiled test's binary (as torture.py compiled it: -static, -Wl,-S) and
MANIFEST.tsv: per test, the key of what it was compiled from (the flags and the sources' contents,
not their paths, so that it holds on any machine) and, for a test that did not compile, the
compiler's error (excluded.tsv lists it). A test whose key differs from the current sources' (a
new gcc-12-source, other flags from torture_suite.py) is stale: the run fails and says to rebuild
the archive (tests/torture/pack-binaries.sh).

Solid, because the static C library in every binary repeats: zstd with a long window (--long=27,
128 MiB: ~110 IA-64 or ~200 hppa binaries) finds it in the ones before. 100 IA-64 -O2 binaries
(114 MB) take 1.24 MB at -12 (1.5 cpu-s), 0.89 MB at -19 (26 cpu-s), 0.74 MB with xz -9 (a
64 MiB window; 5 times the cpu of -19 and 8 times zstd's to unpack): -12, so that packing
a target takes a minute. Their libraries are not the same bytes in two binaries: every address
in them moves with the size of the test's own code. Unpacked into a temporary directory under
BUILD/torture, removed after the run.
"""

import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile

MANIFEST = "MANIFEST.tsv"
# zstd's window (2^27 bytes): the decompressor must be told the same (--long=27).
ZSTD_COMPRESS = ["zstd", "-q", "-12", "--long=27", "-T2"]
ZSTD_DECOMPRESS = ["zstd", "-q", "-d", "--long=27", "-c"]


class StaleArchive(Exception):
    """The archive is missing, unreadable, or made for other sources."""


def source_key(test, level, execute_dir):
    """What a test's binary was compiled from, the same on every machine: the level, the flags,
    and each source's path inside gcc.c-torture/execute and contents."""
    h = hashlib.sha1(("%s\n%s\n" % (level, " ".join(test.flags))).encode())
    for src in test.sources:
        h.update(os.path.relpath(src, execute_dir).encode() + b"\n")
        with open(src, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def pack(archive, target, level, compiler, outdir, results, execute_dir):
    """Writes the archive of a whole run's binaries (results: torture.Result, compiled by it)."""
    rows = []
    names = []
    for r in results:
        if r.state not in ("run", "unchecked", "nocompile"):
            continue    # left out by its directives
        error = r.reason if r.state == "nocompile" else ""
        rows.append("%s\t%s\t%s" % (r.test.name, source_key(r.test, level, execute_dir),
                                    error.replace("\t", " ").replace("\n", " ")))
        if not error:
            names.append(r.test.name)
    os.makedirs(os.path.dirname(os.path.abspath(archive)), exist_ok=True)
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(archive))) as tmp:
        with open(os.path.join(tmp, MANIFEST), "w", encoding="utf-8") as f:
            f.write("# torture binaries of %s, compiled by %s; made by tests/torture/pack-binaries.sh\n"
                    % (target, compiler))
            f.write("# test\tsource key\terror (a test that did not compile)\n")
            f.write("".join(row + "\n" for row in sorted(rows)))
        tar = os.path.join(tmp, "t.tar")
        with tarfile.open(tar, "w", format=tarfile.GNU_FORMAT) as t:
            t.add(os.path.join(tmp, MANIFEST), MANIFEST, filter=_plain)
            for name in sorted(names):   # neighbours share the most: one test's variants
                t.add(os.path.join(outdir, name), name, filter=_plain)
        subprocess.run(ZSTD_COMPRESS + [tar, "-o", archive + ".tmp", "-f"], check=True)
        os.replace(archive + ".tmp", archive)
    return len(names), len(rows) - len(names)


def _plain(info):
    """A reproducible member: no owner, no time."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    info.mode = 0o755 if info.isfile() and info.name != MANIFEST else 0o644
    return info


class Prebuilt:
    """An archive unpacked into a temporary directory (removed by close())."""

    def __init__(self, archive, work):
        if not os.path.exists(archive):
            raise StaleArchive("no %s" % archive)
        if not shutil.which("zstd"):
            raise StaleArchive("no zstd (scripts/install-deps.sh installs it)")
        os.makedirs(work, exist_ok=True)
        self.dir = tempfile.mkdtemp(prefix="binaries-", dir=work)
        try:
            with open(archive, "rb") as src:
                unzstd = subprocess.Popen(ZSTD_DECOMPRESS, stdin=src, stdout=subprocess.PIPE)
                untar = subprocess.run(["tar", "-x", "-C", self.dir], stdin=unzstd.stdout)
                unzstd.stdout.close()
                if unzstd.wait() != 0 or untar.returncode != 0:
                    raise StaleArchive("%s does not unpack" % archive)
            self.entries = {}
            with open(os.path.join(self.dir, MANIFEST), encoding="utf-8") as f:
                for line in f:
                    if not line.startswith("#") and line.strip():
                        name, key, error = line.rstrip("\n").split("\t", 2)
                        self.entries[name] = (key, error)
        except BaseException:
            self.close()
            raise

    def take(self, test, level, execute_dir):
        """(binary path or None, compile error): the test's binary when the archive has it for
        these sources; StaleArchive when it has not."""
        entry = self.entries.get(test.name)
        if entry is None or entry[0] != source_key(test, level, execute_dir):
            raise StaleArchive("the archive %s" % (
                "has no such test" if entry is None else "was made from other sources or flags"))
        if entry[1]:
            return None, entry[1]
        return os.path.join(self.dir, test.name), ""

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)
