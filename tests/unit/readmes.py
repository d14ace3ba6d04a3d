#!/usr/bin/env python3
"""Each top-level folder of the source tree has a README.md that says what lives there, and the
files it names are there: every `name.ext` or `dir/` in backquotes (with {h,c} alternatives
expanded; patterns with <...> or * left out) must exist: a path relative to the folder or to
the top of the tree, a bare name anywhere under the folder. A file renamed or removed without
its README fails here.

usage: readmes.py SOURCE_ROOT      (TAP on stdout)"""
import os
import re
import sys

TICKED = re.compile(r'`([^`\s]+)`')
# A file name: a dotted extension of letters, or a folder ending in '/'.
FILE_LIKE = re.compile(r'^[\w./{},+-]+(\.[a-z0-9]+|/)$')


def top_folders(root):
    """The tree's own top-level folders: not hidden, not a meson build directory."""
    out = []
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if (os.path.isdir(path) and not name.startswith('.')
                and not os.path.exists(os.path.join(path, 'meson-private'))):
            out.append(name)
    return out


def expand(name):
    """a.{h,c} -> a.h, a.c"""
    m = re.search(r'\{([^{}]*)\}', name)
    if not m:
        return [name]
    return [x for alt in m.group(1).split(',')
            for x in expand(name[:m.start()] + alt + name[m.end():])]


def named_files(text):
    for token in TICKED.findall(text):
        token = token.rstrip('.,;:')
        if '<' in token or '*' in token or '=' in token or not FILE_LIKE.match(token):
            continue
        if token.startswith(('-', '/', '.')) or '://' in token:
            continue
        yield from expand(token)


def check(root, folder):
    readme = os.path.join(root, folder, 'README.md')
    if not os.path.exists(readme):
        return ['no README.md']
    with open(readme, encoding='utf-8') as f:
        text = f.read()
    if len(text.split()) < 20:
        return ['README.md says almost nothing (%d words)' % len(text.split())]
    below = set()
    for dirpath, dirs, files in os.walk(os.path.join(root, folder)):
        below.update(files)
        below.update(d + '/' for d in dirs)
    missing = []
    for name in named_files(text):
        candidates = [os.path.join(root, folder, name), os.path.join(root, name)]
        if not any(os.path.exists(c) for c in candidates) and name not in below:
            missing.append('names `%s`, which is neither in %s/ nor at the top' % (name, folder))
    return missing


def main():
    root = os.path.abspath(sys.argv[1])
    folders = top_folders(root)
    failed = 0
    for i, folder in enumerate(folders, 1):
        problems = check(root, folder)
        failed += bool(problems)
        print('%s %d - %s/README.md' % ('not ok' if problems else 'ok', i, folder))
        for p in problems:
            print('# ' + p)
    print('1..%d' % len(folders))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
