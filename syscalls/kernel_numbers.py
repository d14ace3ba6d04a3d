#!/usr/bin/env python3
"""Derives each ABI's system-call numbers (syscalls/<abi>/numbers.tbl) from the kernel's own
tables, arch/*/syscall*.tbl, so that every call a kernel knows is named in --strace and the
numbers are the kernel's, not typed by hand.

    python3 syscalls/kernel_numbers.py /usr/src/linux-source-6.1.tar.xz   (Debian's
        linux-source-6.1 package)
    python3 syscalls/kernel_numbers.py ~/src/linux                        (a source tree)

Linux 6.1 is the last kernel with arch/ia64. The script is run by hand when the kernel moves;
its output is committed (the build does not need a kernel tree). tests/syscall_numbers.py
checks the files against the kernel's uapi headers <asm/unistd_*.h>, generated from the same
tables."""
import os
import re
import sys
import tarfile

# abi: (table in the kernel tree, the kernel ABI columns that apply, what is added to a row's
# number to get the number a program passes)
ABIS = {
    'x86_64': ('arch/x86/entry/syscalls/syscall_64.tbl', {'common', '64'}, 0),
    'i386': ('arch/x86/entry/syscalls/syscall_32.tbl', {'i386'}, 0),
    'hppa': ('arch/parisc/kernel/syscalls/syscall.tbl', {'common', '32'}, 0),
    # arch/ia64/kernel/syscalls/Makefile: the numbers start at 1024 (syscall_abi_offset)
    'ia64': ('arch/ia64/kernel/syscalls/syscall.tbl', {'common'}, 1024),
}


class Tree:
    """Reads files of a kernel source tree, unpacked or as a tarball (read once, as a stream:
    an xz tarball cannot be read at random)."""

    def __init__(self, path, wanted):
        self.files = {}
        if os.path.isdir(path):
            for rel in wanted:
                with open(os.path.join(path, rel), encoding='utf-8') as f:
                    self.files[rel] = f.read()
            return
        with tarfile.open(path, 'r|*') as tar:
            for member in tar:
                rel = member.name.split('/', 1)[-1]
                if member.isfile() and rel in wanted:
                    self.files[rel] = tar.extractfile(member).read().decode()
        missing = set(wanted) - set(self.files)
        if missing:
            sys.exit(f'{path}: no {", ".join(sorted(missing))}')

    def read(self, rel):
        return self.files[rel]


def kernel_version(tree):
    fields = dict(re.findall(r'^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)$', tree.read('Makefile'), re.M))
    return '{VERSION}.{PATCHLEVEL}.{SUBLEVEL}'.format(**fields)


def rows(text, kinds, offset):
    """The (number, name) rows of a syscall.tbl for the given ABI columns, by number."""
    out = []
    for line in text.splitlines():
        fields = line.split('#', 1)[0].split()
        if len(fields) < 3:
            continue
        if fields[1] in kinds:
            out.append((int(fields[0]) + offset, fields[2]))
    out.sort()
    for (a, _), (b, name) in zip(out, out[1:]):
        if a == b:
            sys.exit(f'number {b} twice ({name})')
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tree = Tree(sys.argv[1], ['Makefile'] + [table for table, _, _ in ABIS.values()])
    version = kernel_version(tree)
    here = os.path.dirname(os.path.abspath(__file__))
    for abi, (table, kinds, offset) in ABIS.items():
        lines = [
            f'# {abi} system-call numbers from Linux {version} {table}',
            f'# (rows of ABI {", ".join(sorted(kinds))}' + (f', plus {offset}' if offset else '') + ').',
            '# Written by syscalls/kernel_numbers.py: rerun it, do not edit.',
        ]
        lines += [f'{nr}\t{name}' for nr, name in rows(tree.read(table), kinds, offset)]
        with open(os.path.join(here, abi, 'numbers.tbl'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n')
        print(f'{abi}: {len(lines) - 3} calls')


if __name__ == '__main__':
    main()
