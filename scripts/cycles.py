#!/usr/bin/env python3
"""Reports circles between the source files of the given folders: file A depends on file B when
A includes B's header or uses a function or variable B defines. A file and its header (x.c and
x.h) are one node; a header without a .c file is a node of its own. Uses come from the objects
of a build (nm), so only what the compiler kept counts, and the map from object to source
from its compile_commands.json.

    scripts/cycles.py [--root=DIR] BUILD_DIR FOLDER...   e.g. scripts/cycles.py build cli syscalls emu/x86

FOLDERs are relative to the source root, which is this script's project unless --root names
another (tests/unit/cycles_selftest.py uses one of its own).

Prints each circle (a strongly connected set of files, and one path around it) and exits 1 if
there is one, 0 if none. Dependencies leaving the folders are ignored: a circle through a file
outside them is not reported."""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def node_of(path):
    """The node a source path belongs to: x.c and x.h are one."""
    base, ext = os.path.splitext(path)
    if ext == '.h' and os.path.exists(os.path.join(ROOT, base + '.c')):
        return base + '.c'
    return path


def in_folders(path, folders):
    return any(path == f or path.startswith(f.rstrip('/') + '/') for f in folders)


def includes(path):
    """The project files a source file includes, relative to the root."""
    text = open(os.path.join(ROOT, path), encoding='utf-8', errors='replace').read()
    out = []
    for name in INCLUDE.findall(text):
        for base in (os.path.dirname(path), ''):
            candidate = os.path.normpath(os.path.join(base, name))
            if os.path.exists(os.path.join(ROOT, candidate)):
                out.append(candidate)
                break
    return out


def symbols(objs):
    """object -> (defined, used) external symbols, from one run of nm over all of them."""
    out = {obj: (set(), set()) for obj in objs}
    lines = subprocess.run(['nm', '-P', '-A', *objs], capture_output=True, text=True,
                           check=True).stdout
    for line in lines.splitlines():
        fields = line.split()
        if len(fields) < 3 or not fields[0].endswith(':'):
            continue
        obj, name, kind = fields[0][:-1], fields[1], fields[2]
        if obj not in out:
            continue
        if kind == 'U':
            out[obj][1].add(name)
        elif kind in 'TDBRCVW':
            out[obj][0].add(name)
    return out


def objects(build):
    """source path -> its object, for the project's own sources (the first build of each)."""
    out = {}
    for entry in json.load(open(os.path.join(build, 'compile_commands.json'))):
        src = os.path.relpath(os.path.join(entry['directory'], entry['file']), ROOT)
        obj = os.path.join(entry['directory'], entry['output'])
        if not src.startswith('..') and src not in out and os.path.exists(obj):
            out[src] = obj
    return out


def graph(build, folders):
    """node -> the nodes it depends on; and (node, node) -> why (an include or a symbol)."""
    edges, why = {}, {}
    objs = {src: obj for src, obj in objects(build).items() if in_folders(src, folders)}
    sources = set(objs)
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            rel = os.path.relpath(dirpath, ROOT)
            for f in files:
                if f.endswith(('.c', '.h')):
                    sources.add(os.path.normpath(os.path.join(rel, f)))
    for src in sources:
        edges.setdefault(node_of(src), set())
        for inc in includes(src):
            if in_folders(inc, folders) and node_of(inc) != node_of(src):
                edges[node_of(src)].add(node_of(inc))
                why.setdefault((node_of(src), node_of(inc)), f'includes {inc}')
    definer, uses = {}, {}
    table = symbols(sorted(objs.values()))
    for src, obj in objs.items():
        defined, used = table[obj]
        for name in defined:
            definer.setdefault(name, node_of(src))
        uses[node_of(src)] = uses.get(node_of(src), set()) | used
    for node, used in uses.items():
        for name in used:
            target = definer.get(name)
            if target and target != node:
                edges[node].add(target)
                why.setdefault((node, target), f'uses {name}')
    return edges, why


def strongly_connected(edges):
    """Tarjan's algorithm, iterative: the components with more than one node."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def path_around(component, edges):
    """One circle through the component's first node, by breadth-first search."""
    members = set(component)
    start = component[0]
    came = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges[node] & members):
            if child == start:
                path = [node]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return list(reversed(path)) + [start]
            if child not in came:
                came[child] = node
                queue.append(child)
    return component


def main():
    global ROOT
    args = sys.argv[1:]
    if args and args[0].startswith('--root='):
        ROOT = os.path.abspath(args.pop(0)[len('--root='):])
    if len(args) < 2:
        sys.exit(__doc__)
    build, folders = args[0], [os.path.normpath(f) for f in args[1:]]
    edges, why = graph(build, folders)
    components = strongly_connected(edges)
    for c in components:
        print(f'circle of {len(c)} files: {" ".join(c)}')
        path = path_around(c, edges)
        for a, b in zip(path, path[1:]):
            print(f'  {a} -> {b} ({why[(a, b)]})')
    print(f'{len(edges)} files in {" ".join(folders)}: {len(components)} circles')
    return 1 if components else 0


if __name__ == '__main__':
    sys.exit(main())
