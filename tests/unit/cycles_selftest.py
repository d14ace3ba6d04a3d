#!/usr/bin/env python3
"""scripts/cycles.py finds a circle and only a circle: a three-file tree compiled here, once with
an include one way and a call the other way (a circle of two files, which it must report and
exit 1 for), once without the call (no circle: exit 0), once with the circle through a file
outside the folders asked about (not reported). usage: cycles_selftest.py CYCLES_PY"""
import json
import os
import subprocess
import sys
import tempfile

A_H = 'int a(int);\n'
A_C = '#include "b.h"\nint a(int x) { return b(x) + 1; }\n'
B_H = 'int b(int);\n'
B_C_CALLS_A = 'int a(int);\nint b(int x) { return x > 9 ? a(x - 9) : x; }\n'
B_C_ALONE = 'int b(int x) { return x * 2; }\n'
C_C = '#include "../t/a.h"\nint c(void) { return a(1); }\n'


def tree(root, b_c, c_calls_back):
    """Writes the tree under root (t/ and u/), compiles it into root/build, returns build."""
    files = {'t/a.h': A_H, 't/a.c': A_C, 't/b.h': B_H, 't/b.c': b_c, 'u/c.c': C_C}
    if c_calls_back:
        # b calls c (outside t/), c calls a: a circle through u/c.c only.
        files['t/b.c'] = 'int c(void);\nint b(int x) { return x ? c() : 0; }\n'
    build = os.path.join(root, 'build')
    os.makedirs(build, exist_ok=True)
    commands = []
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w') as f:
            f.write(text)
    for path in files:
        if path.endswith('.c'):
            obj = path.replace('/', '_') + '.o'
            subprocess.run(['gcc', '-c', '-o', os.path.join(build, obj),
                            os.path.join(root, path)], check=True, cwd=build)
            commands.append({'directory': build, 'file': os.path.join('..', path),
                             'output': obj})
    with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
        json.dump(commands, f)
    return build


def run(cycles, root, build, *folders):
    r = subprocess.run([sys.executable, cycles, '--root=' + root, build, *folders],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    cycles = os.path.abspath(sys.argv[1])
    failures = 0
    cases = [
        ('include one way, call the other', B_C_CALLS_A, False, ['t'], 1,
         ['circle of 2 files: t/a.c t/b.c', 't/a.c -> t/b.c (includes t/b.h)',
          't/b.c -> t/a.c (uses a)']),
        ('include one way only', B_C_ALONE, False, ['t'], 0, ['0 circles']),
        ('circle through a folder not asked about', B_C_ALONE, True, ['t'], 0, ['0 circles']),
        ('the same circle, both folders asked about', B_C_ALONE, True, ['t', 'u'], 1,
         ['circle of 3 files: t/a.c t/b.c u/c.c']),
    ]
    for i, (name, b_c, c_calls_back, folders, want_rc, want_lines) in enumerate(cases, 1):
        with tempfile.TemporaryDirectory() as root:
            build = tree(root, b_c, c_calls_back)
            rc, out = run(cycles, root, build, *folders)
        ok = rc == want_rc and all(line in out for line in want_lines)
        failures += not ok
        print(f'{"ok" if ok else "not ok"} {i} - {name}: exit {rc}')
        if not ok:
            print('# want exit %d and %r; got:\n# %s' % (want_rc, want_lines,
                                                         out.replace('\n', '\n# ')))
    print(f'1..{len(cases)}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
