#!/usr/bin/env python3
"""Generates the IA-64 decode table (ia64_decode_table.c) from ia64.decode.

The spec names the slot's bit fields, the instruction formats (how a form's operands land
in struct ia64_insn), and one row per instruction form: the unit and major opcode, the
field values that select it, its format, its operation (enum ia64_op) with the constant
fields it implies, and its disassembly template. ia64_decode.c looks rows up, ia64_disasm.c
prints their templates, ia64_exec.c gives each operation its meaning. See ia64.decode for
the syntax. Use: gen_ia64_decode.py SPEC OUTPUT.c
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from decode_pattern import field_pattern  # noqa: E402

UNITS = {'M': 0, 'I': 1, 'F': 2, 'B': 3, 'X': 5}
SYMBOLS = {
    'ldtype': 'IA64_LD_', 'crel': 'IA64_CREL_', 'ctype': 'IA64_CTYPE_', 'post': 'IA64_POST_',
}
ST_TYPES = ('ST_NONE', 'ST_REL', 'ST_SPILL')
INSN_FIELDS = ('r1', 'r2', 'r3', 'p1', 'p2', 'sz', 'ldtype', 'hint', 'post', 'crel', 'ctype',
               'cmp4', 'pos', 'len', 'btype', 'ph', 'dh', 'imm_form', 'always', 'tag', 'imm',
               'variant')


def fail(lineno, msg):
    sys.exit(f'ia64.decode:{lineno}: {msg}')


def parse_bits(text, lineno):
    """'36,32:27,19:13' -> [(36,36), (32,27), (19,13)], most significant first."""
    ranges = []
    for part in text.split(','):
        m = re.fullmatch(r'(\d+)(?::(\d+))?', part)
        if not m:
            fail(lineno, f'bad bit range {part!r}')
        hi = int(m.group(1))
        lo = int(m.group(2)) if m.group(2) else hi
        if hi < lo or hi > 40:
            fail(lineno, f'bad bit range {part!r}')
        ranges.append((hi, lo))
    return ranges


def width(ranges):
    return sum(hi - lo + 1 for hi, lo in ranges)


def field_c(ranges, var='s'):
    """C expression of the unsigned concatenation of the ranges of `var`."""
    parts, shift = [], width(ranges)
    for hi, lo in ranges:
        n = hi - lo + 1
        shift -= n
        part = f'({var} >> {lo} & 0x{(1 << n) - 1:x})'
        parts.append(f'{part} << {shift}' if shift else part)
    return '(' + ' | '.join(parts) + ')'


def parse_value(text, nbits, lineno):
    """A field's value: number, or 0b pattern with x for don't-care. -> (mask, value)."""
    try:
        return field_pattern(text, nbits)
    except ValueError as e:
        fail(lineno, str(e))


def place(ranges, mask, value):
    """Scatters a field's (mask, value) over its ranges in the slot."""
    m = v = 0
    shift = width(ranges)
    for hi, lo in ranges:
        n = hi - lo + 1
        shift -= n
        part = (1 << n) - 1
        m |= ((mask >> shift) & part) << lo
        v |= ((value >> shift) & part) << lo
    return m, v


def c_expr(expr, fields, lineno):
    """u(f) and s(f) (sign-extended) of spec fields, and l (the L slot), into C."""
    def sub(m):
        kind, name = m.group(1), m.group(2)
        if name not in fields:
            fail(lineno, f'unknown field {name}')
        e = field_c(fields[name])
        if kind == 's':
            return f'sext({e}, {width(fields[name])})'
        return e
    return re.sub(r'\b([us])\((\w+)\)', sub, expr)


def c_const(name, value, lineno):
    if name not in INSN_FIELDS:
        fail(lineno, f'unknown instruction field {name}')
    if name in SYMBOLS and re.fullmatch('[A-Z_]+', value):
        prefix = SYMBOLS[name]
        if name == 'ldtype' and value in ST_TYPES:
            return 'IA64_' + value
        return prefix + value
    return value


def main():
    spec, out = sys.argv[1], sys.argv[2]
    fields, formats, preds, rows = {}, {}, {}, []
    for lineno, raw in enumerate(open(spec, encoding='utf-8'), 1):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        word = line.split()[0]
        if word == 'field':
            _, name, bits = line.split()
            fields[name] = parse_bits(bits, lineno)
        elif word == 'format':
            parts = line.split(None, 2)
            name, body = parts[1], parts[2] if len(parts) > 2 else ''
            stmts = []
            for stmt in filter(None, (x.strip() for x in body.split(';'))):
                dest, expr = (x.strip() for x in stmt.split('=', 1))
                if dest not in INSN_FIELDS:
                    fail(lineno, f'unknown instruction field {dest}')
                stmts.append(f'in->{dest} = {c_expr(expr, fields, lineno)};')
            formats[name] = (len(formats), stmts)
        elif word == 'pred':
            _, name, expr = line.split(None, 2)
            preds[name] = (len(preds) + 1, re.sub(r'\b([a-z][a-z0-9_]*)\b',
                                                  lambda m: 'in->' + m.group(1)
                                                  if m.group(1) in INSN_FIELDS else m.group(1),
                                                  expr))
        else:
            parts = [p.strip() for p in raw.rstrip('\n').split('#', 1)[0].split('|')]
            if len(parts) not in (3, 4):
                fail(lineno, 'a form is UNIT OPCODE FIELDS | FORMAT OP CONSTS | TEMPLATE [| FLAGS]')
            head, sem, template = parts[0].split(), parts[1].split(), parts[2]
            flags = parts[3].split() if len(parts) == 4 else []
            units = 'MI' if head[0] == 'A' else head[0]
            if any(u not in UNITS for u in units):
                fail(lineno, f'unknown unit {head[0]}')
            opcode = int(head[1], 16)
            mask, value = 0xf << 37, opcode << 37
            pred = 0
            for f in head[2:]:
                if f.startswith('?'):
                    if f[1:] not in preds:
                        fail(lineno, f'unknown predicate {f[1:]}')
                    pred = preds[f[1:]][0]
                    continue
                if '=' not in f:
                    fail(lineno, f'expected FIELD=VALUE, not {f!r}')
                name, val = f.split('=')
                if name not in fields:
                    fail(lineno, f'unknown field {name}')
                m, v = place(fields[name], *parse_value(val, width(fields[name]), lineno))
                if mask & m:
                    fail(lineno, f'field {name} overlaps another')
                mask |= m
                value |= v
            fmt = sem[0]
            if fmt not in formats:
                fail(lineno, f'unknown format {fmt}')
            op, consts = sem[1], []
            for c in sem[2:]:
                if '=' not in c:
                    fail(lineno, f'expected FIELD=VALUE, not {c!r}')
                name, val = c.split('=', 1)
                consts.append((name, c_const(name, val, lineno)))
            for flag in flags:
                if flag not in ('unpred',):
                    fail(lineno, f'unknown flag {flag}')
            rows.append(dict(units=units, opcode=opcode, mask=mask, value=value, fmt=fmt, op=op,
                             consts=consts, pred=pred, template=template,
                             unpred='unpred' in flags, line=lineno))

    w = []
    w.append('/* Generated by gen_ia64_decode.py from ia64.decode: do not edit. */')
    w.append('#include "emu/ia64/ia64_decode_table.h"\n')
    w.append('static inline int64_t sext(uint64_t v, unsigned bits)\n{')
    w.append('\tuint64_t m = 1ULL << (bits - 1);')
    w.append('\treturn (int64_t)((v ^ m) - m);\n}\n')
    w.append(f'const struct ia64_form ia64_forms[{len(rows)}] = {{')
    for r in rows:
        consts = ''.join(f', .{n} = {v}' for n, v in r['consts'])
        if r['unpred']:
            consts += ', .always = 1'
        tmpl = r['template'].replace('\\', '\\\\').replace('"', '\\"')
        w.append(f'\t{{ 0x{r["mask"]:011x}ULL, 0x{r["value"]:011x}ULL, {formats[r["fmt"]][0]}, '
                 f'{r["pred"]}, {1 if r["unpred"] else 0}, "{tmpl}",'
                 f' {{ .op = IA64_OP_{r["op"]}{consts} }} }},\t/* line {r["line"]} */')
    w.append('};\n')
    # rows of each unit and major opcode, in spec order
    index, starts = [], []
    for unit in ('M', 'I', 'F', 'B', 'L', 'X'):
        for opc in range(16):
            starts.append(len(index))
            if unit == 'L':
                continue
            index += [i for i, r in enumerate(rows) if unit in r['units'] and r['opcode'] == opc]
    starts.append(len(index))
    w.append(f'const uint16_t ia64_form_index[{len(index)}] = {{')
    for k in range(0, len(index), 12):
        w.append('\t' + ', '.join(str(i) for i in index[k:k + 12]) + ',')
    w.append('};\n')
    w.append(f'const uint16_t ia64_form_bucket[{len(starts)}] = {{')
    for k in range(0, len(starts), 16):
        w.append('\t' + ', '.join(str(i) for i in starts[k:k + 16]) + ',')
    w.append('};\n')
    w.append('void ia64_form_extract(unsigned format, struct ia64_insn *in, uint64_t s, '
             'uint64_t l)\n{')
    w.append('\t(void)s;\n\t(void)l;\n\tswitch (format) {')
    for name, (num, stmts) in formats.items():
        w.append(f'\tcase {num}:\t/* {name} */')
        w += ['\t\t' + st for st in stmts]
        w.append('\t\tbreak;')
    w.append('\tdefault:\n\t\tbreak;\n\t}\n}\n')
    w.append('bool ia64_form_pred(unsigned pred, const struct ia64_insn *in)\n{')
    w.append('\tswitch (pred) {')
    for name, (num, expr) in preds.items():
        w.append(f'\tcase {num}: return {expr};\t/* {name} */')
    w.append('\tdefault: return true;\n\t}\n}')
    with open(out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(w) + '\n')


if __name__ == '__main__':
    main()
