#!/usr/bin/env python3
"""The committed system-call numbers (syscalls/<abi>/numbers.tbl, derived from the kernel's
syscall.tbl files by syscalls/kernel_numbers.py) against the kernel's uapi headers, which the
kernel generates from the same tables: the host's linux-libc-dev (x86-64, i386), the hppa cross
headers, the IA-64 toolchain's sysroot. Every call both know has the same number; a call only
one side knows must lie past the other's last number (headers of a newer kernel). An ABI whose
header is missing is skipped with a message; with none at all the test skips (77).

    syscall_numbers.py SOURCE_ROOT"""
import os
import re
import sys

HEADERS = {
    'x86_64': ['/usr/include/x86_64-linux-gnu/asm/unistd_64.h'],
    'i386': ['/usr/include/x86_64-linux-gnu/asm/unistd_32.h', '/usr/i686-linux-gnu/include/asm/unistd_32.h'],
    'hppa': ['/usr/hppa-linux-gnu/include/asm/unistd_32.h'],
    'ia64': [os.environ.get('IA64_SYSROOT', '/opt/ia64-toolchain/toolchain/ia64-linux-gnu/sysroot')
             + '/usr/include/asm/unistd_64.h'],
}
# What __NR_Linux is where a header counts from it (parisc: 0; IA-64: 1024).
BASES = {'hppa': 0, 'ia64': 1024}


def header_numbers(path, abi):
    out = {}
    for m in re.finditer(r'^#define __NR_(\w+)\s+\(?(?:__NR_Linux \+ )?(\d+)\)?\s*$', open(path).read(), re.M):
        base = BASES.get(abi, 0) if '__NR_Linux' in m.group(0) else 0
        out[m.group(1)] = int(m.group(2)) + base
    return out


def table_numbers(path):
    out = {}
    for line in open(path):
        fields = line.split('#', 1)[0].split()
        if fields:
            out[fields[1]] = int(fields[0])
    return out


def main():
    root = sys.argv[1]
    checked, failures = 0, []
    for abi, candidates in HEADERS.items():
        header = next((h for h in candidates if os.path.exists(h)), None)
        if not header:
            print(f'# {abi}: no uapi header ({" or ".join(candidates)}), not checked')
            continue
        kernel = header_numbers(header, abi)
        ours = table_numbers(os.path.join(root, 'syscalls', abi, 'numbers.tbl'))
        if len(kernel) < 100 or len(ours) < 100:
            failures.append(f'{abi}: {len(kernel)} calls in {header}, {len(ours)} in numbers.tbl')
            continue
        for name in sorted(set(kernel) | set(ours)):
            if name in kernel and name in ours:
                if kernel[name] != ours[name]:
                    failures.append(f'{abi}: {name} is {ours[name]}, the kernel says {kernel[name]}')
            elif name in kernel and kernel[name] <= max(ours.values()):
                failures.append(f'{abi}: {name} ({kernel[name]}) missing from numbers.tbl')
            elif name in ours and ours[name] <= max(kernel.values()):
                failures.append(f'{abi}: {name} ({ours[name]}) is not in {header}')
        print(f'# {abi}: {len(ours)} calls against {header}')
        checked += 1
    for f in failures:
        print(f)
    if failures:
        return 1
    if not checked:
        print('SKIP: no kernel uapi header found (linux-libc-dev)')
        return 77
    return 0


if __name__ == '__main__':
    sys.exit(main())
