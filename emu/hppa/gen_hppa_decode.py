#!/usr/bin/env python3
"""Generates the PA-RISC decoder and disassembler (hppa_decode_table.c) from hppa.decode.

The spec names the word's fields, the string tables the disassembler indexes, shared
assignment formats, and one pattern per instruction form: the major opcode(s) and field
values that select it, a condition, the enum hppa_op it decodes to with the struct
hppa_insn members it sets, and its disassembly template. The output has
hppa_decode_pattern() with hppa_decode() (hppa_decode.h) around it, and hppa_disasm_pattern() (hppa_disasm.c
calls it, and gives the {P:ARGS} printers). See hppa.decode for the syntax.
Use: gen_hppa_decode.py SPEC OUTPUT.c
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from decode_pattern import field_pattern  # noqa: E402

MEMBERS = {'op': 'uint8_t', 'r1': 'uint8_t', 'r2': 'uint8_t', 't': 'uint8_t',
           'cond': 'uint8_t', 'sub': 'uint8_t', 'len': 'uint8_t', 'flags': 'uint8_t',
           'imm': 'int32_t'}
LOCALS = ('w', 'opc', 'addr', 'o', 'in', 'out')
IDENT = re.compile(r'\$?\b[A-Za-z_][A-Za-z0-9_]*\b')


def fail(lineno, msg):
    sys.exit(f'hppa.decode:{lineno}: {msg}')


class Spec:
    def __init__(self):
        self.fields = {}       # name -> C expression (macro body)
        self.ranges = {}       # name -> (from, to) for range fields
        self.tables = {}
        self.formats = {}
        self.patterns = []     # dicts

    def expr(self, text, lineno, member_ptr):
        """C text of a spec expression: fields become their macros, $m the struct member."""
        def sub(m):
            word = m.group(0)
            if word.startswith('$'):
                if word[1:] not in MEMBERS:
                    fail(lineno, f'no member {word[1:]}')
                return f'{member_ptr}->{word[1:]}'
            if word in self.fields:
                return f'F_{word}'
            return word
        return IDENT.sub(sub, text)


def parse_assignments(spec, text, lineno):
    """'K = E; @fmt; ...' -> [(member, expr text)]."""
    out = []
    for part in [p.strip() for p in text.split(';') if p.strip()]:
        if part.startswith('@'):
            if part[1:] not in spec.formats:
                fail(lineno, f'no format {part}')
            out += spec.formats[part[1:]]
            continue
        m = re.fullmatch(r'(\w+)\s*=\s*(.+)', part)
        if not m or m.group(1) not in MEMBERS or m.group(1) == 'op':
            fail(lineno, f'bad assignment {part!r}')
        out.append((m.group(1), m.group(2)))
    return out


def parse_selector(spec, text, lineno):
    """'02,03 e7=0x30 x=0 ?PRED' -> (opcodes, mask, value, pred text or None)."""
    pred = None
    if '?' in text:
        text, pred = text.split('?', 1)
        pred = pred.strip()
    words = text.split()
    opcodes = [int(o, 16) for o in words[0].split(',')]
    mask = 0xfc000000
    value = 0
    for sel in words[1:]:
        m = re.fullmatch(r'(\w+)=(\S+)', sel)
        if not m or m.group(1) not in spec.ranges:
            fail(lineno, f'bad selector {sel!r}')
        lo_bit, hi_bit = spec.ranges[m.group(1)]
        nbits = hi_bit - lo_bit + 1
        shift = 31 - hi_bit
        try:
            fm, fv = field_pattern(m.group(2), nbits)
        except ValueError as e:
            fail(lineno, str(e))
        if (mask >> shift) & fm:
            fail(lineno, f'{m.group(1)} overlaps another selector')
        mask |= fm << shift
        value |= fv << shift
    return opcodes, mask, value, pred


def parse_template(spec, text, lineno):
    """Template -> list of C statements printing it."""
    text = text.strip()
    if text == '#':
        return ['hppa_dis_word(out, w);']
    stmts = []
    pos = 0
    for m in re.finditer(r'\{(\w+):([^{}]*)\}', text):
        if m.start() > pos:
            stmts.append(f'hppa_dis_s(out, "{text[pos:m.start()]}");')
        args = spec.expr(m.group(2), lineno, 'in')
        stmts.append(f'hppa_dis_{m.group(1)}(out, {args});')
        pos = m.end()
    if pos < len(text):
        stmts.append(f'hppa_dis_s(out, "{text[pos:]}");')
    for s in stmts:
        if s.startswith('hppa_dis_s(') and ('{' in s or '}' in s or '\\' in s):
            fail(lineno, f'bad template {text!r}')
    return stmts


def parse(path):
    spec = Spec()
    with open(path) as f:
        lines = f.read().split('\n')
    for lineno, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        kw = line.split()[0]
        if kw == 'field':
            m = re.fullmatch(r'field\s+(\w+)\s+(\d+):(\d+)\s*', line) or \
                re.fullmatch(r'field\s+(\w+)\s+(\d+)\s*', line)
            if m:
                lo = int(m.group(2))
                hi = int(m.group(3)) if m.lastindex == 3 else lo
                spec.ranges[m.group(1)] = (lo, hi)
                spec.fields[m.group(1)] = f'((int32_t)FIELD(w, {lo}, {hi}))'
                continue
            m = re.fullmatch(r'field\s+(\w+)\s*=\s*(.+)', line)
            if not m:
                fail(lineno, 'bad field')
            spec.fields[m.group(1)] = '((int32_t)(' + spec.expr(m.group(2), lineno, 'o') + '))'
        elif kw == 'table':
            name = line.split()[1]
            spec.tables[name] = re.findall(r'"([^"]*)"', line)
        elif kw == 'format':
            m = re.fullmatch(r'format\s+(\w+)\s+(.+)', line)
            spec.formats[m.group(1)] = parse_assignments(spec, m.group(2), lineno)
        else:
            first = line.find(' | ')
            last = line.rfind(' | ')
            if first < 0 or first == last:
                fail(lineno, 'a pattern needs SELECTOR | OP; ASSIGNMENTS | TEMPLATE')
            name, sel = line[:first].split(None, 1)
            middle = line[first + 3:last]
            op_text, _, rest = middle.partition(';')
            opcodes, mask, value, pred = parse_selector(spec, sel, lineno)
            spec.patterns.append({
                'name': name, 'opcodes': opcodes, 'mask': mask, 'value': value,
                'pred': spec.expr(pred, lineno, 'o') if pred else None,
                'op': spec.expr(op_text.strip(), lineno, 'o'),
                'assign': [(k, spec.expr(e, lineno, 'o'))
                           for k, e in parse_assignments(spec, rest, lineno)],
                'print': parse_template(spec, line[last + 3:], lineno), 'line': lineno})
    names = [p['name'] for p in spec.patterns]
    if len(set(names)) != len(names):
        sys.exit('hppa.decode: a pattern name is used twice')
    return spec


def generate(spec, out_path):
    w = ['/* Generated by gen_hppa_decode.py from hppa.decode: do not edit. */',
         '#include <string.h>', '',
         '#include "emu/hppa/hppa_decode.h"', '#include "emu/hppa/hppa_decode_table.h"', '',
         '#define FIELD(w, from, to) (((w) >> (31 - (to))) & ((1u << ((to) - (from) + 1)) - 1))']
    for name, body in spec.fields.items():
        w.append(f'#define F_{name} {body}')
    w.append('')
    w.append('enum {')
    for p in spec.patterns:
        w.append(f'\tHPAT_{p["name"]},')
    w.append('};')
    w.append('')
    for name, strings in spec.tables.items():
        body = ', '.join(f'"{s}"' for s in strings)
        w.append(f'static const char *const {name}[{len(strings)}] = {{{body}}};')
    w.append('')
    w.append('int hppa_decode_pattern(uint32_t w, struct hppa_insn *o)')
    w.append('{')
    w.append('\tconst int32_t opc = (int32_t)(w >> 26);')
    w.append('\tmemset(o, 0, sizeof *o);')
    w.append('\tswitch (opc) {')
    for opc in range(64):
        pats = [p for p in spec.patterns if opc in p['opcodes']]
        if not pats:
            continue
        w.append(f'\tcase 0x{opc:02x}:')
        for p in pats:
            cond = f'(w & 0x{p["mask"]:08x}u) == 0x{p["value"] | opc << 26:08x}u'
            if p['pred']:
                cond += f' && ({p["pred"]})'
            w.append(f'\t\tif ({cond}) {{\t/* hppa.decode:{p["line"]} */')
            w.append(f'\t\t\to->op = (uint8_t)({p["op"]});')
            for k, e in p['assign']:
                w.append(f'\t\t\to->{k} = ({MEMBERS[k]})({e});')
            w.append(f'\t\t\treturn HPAT_{p["name"]};')
            w.append('\t\t}')
        w.append('\t\tbreak;')
    w.append('\tdefault:')
    w.append('\t\tbreak;')
    w.append('\t}')
    w.append('\to->op = HOP_ILLEGAL;')
    w.append('\treturn -1;')
    w.append('}')
    w.append('')
    w.append('void hppa_decode(uint32_t w, struct hppa_insn *o)')
    w.append('{')
    w.append('\thppa_decode_pattern(w, o);')
    w.append('}')
    w.append('')
    w.append('void hppa_disasm_pattern(int pattern, uint32_t w, uint32_t addr, '
             'const struct hppa_insn *in, struct hppa_dis_out *out)')
    w.append('{')
    w.append('\tconst int32_t opc = (int32_t)(w >> 26);')
    w.append('\t(void)opc;')
    w.append('\t(void)addr;')
    w.append('\t(void)in;')
    w.append('\tswitch (pattern) {')
    for p in spec.patterns:
        w.append(f'\tcase HPAT_{p["name"]}:')
        for s in p['print']:
            w.append(f'\t\t{s}')
        w.append('\t\treturn;')
    w.append('\tdefault:')
    w.append('\t\thppa_dis_word(out, w);')
    w.append('\t\treturn;')
    w.append('\t}')
    w.append('}')
    with open(out_path, 'w') as f:
        f.write('\n'.join(w) + '\n')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: gen_hppa_decode.py SPEC OUTPUT.c')
    generate(parse(sys.argv[1]), sys.argv[2])
