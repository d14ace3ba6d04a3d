#!/usr/bin/env python3
"""Writes all-forms.s: one instance of every form of emu/ia64/ia64.decode with each completer,
for test_ia64_disasm (assembled, then compared with objdump). Forms gas refuses become comments.
Use: gen-all-forms.py > all-forms.s (then edit the header comment back if it changed)."""
import re,sys,itertools
rows=[]
for line in open(__import__('os').path.join(__import__('os').path.dirname(__file__), '../../../emu/ia64/ia64.decode')):
    l=line.split('#',1)[0]
    if '|' not in l or l.startswith(('field','format','pred')): continue
    parts=[p.strip() for p in l.split('|')]
    unit=parts[0].split()[0]; tmpl=parts[2]; flags=parts[3] if len(parts)>3 else ''
    rows.append((unit,parts[0],parts[1],tmpl,flags))
comp={'ldhint':['','.nt1','.nta'],'sthint':['','.nta'],'lfhint':['','.nt1','.nt2','.nta'],
 'sf':['.s0','.s1','.s2','.s3'],'bwh':['.sptk','.spnt','.dptk','.dpnt'],'ph':['.few','.many'],'dh':['','.clr'],
 'brpwh':['.sptk','.loop','.dptk','.exit'],'imp':['','.imp'],'c4':['','4'],'sz':['1','2','4','8'],
 'fsz':['e','8','s','d'],'psz':['8','s','d'],'lfkind':['','.excl','.fault','.fault.excl'],
 'mwh':['','.sptk','.dptk','.ret','.ret.dptk.imp'],'mbtype':['@brcst','@mix','@shuf','@alt','@rev']}
opnd={'r1':'r4','r2':'r5','r3':'r6','fr1':'f6','fr2':'f7','fr3':'f8','fr4':'f9','p1':'p6','p2':'p7',
 'b1':'b6','b2':'b7','target':'1f','tag':'1f','btag':'','ar3':'ar.lc' if False else 'ar.lc','cr3':'cr.dcr','len':'4','xpos':'0x1b'}
def imm_for(tmpl,sem):
    if tmpl.startswith(('break','nop','hint')): return '0x12'
    if 'fetchadd' in tmpl: return '-8'
    if 'alloc' in tmpl: return '8'
    if 'fclass' in tmpl: return '0x1ff'
    if 'fsetc' in tmpl: return '0x7f'
    if 'movl' in tmpl: return '0x123456789abcdef0'
    if 'pr.rot' in tmpl: return '0x10000'
    if 'mov pr=' in tmpl: return '0x1fffe'
    if 'sum' in tmpl or 'rum' in tmpl or 'ssm' in tmpl or 'rsm' in tmpl: return '0x4'
    if 'probe' in tmpl: return '2'
    if 'dep {r1}={imm}' in tmpl: return '-1'
    if '],{imm}' in tmpl or '},{imm}' in tmpl and '[' in tmpl: return '16' if 'ldfp' in tmpl and 'psz' not in tmpl else '8'
    return '-3'
out=[]
seen=set()
for unit,head,sem,tmpl,flags in rows:
    if '?' in head: continue   # pseudo-operations: objdump prints them for their general form too
    names=re.findall(r'\{(\w+)\}',tmpl)
    cnames=[n for n in dict.fromkeys(names) if n in comp]
    combos=itertools.product(*[comp[n] for n in cnames]) if cnames else [()]
    for combo in combos:
        t=tmpl
        for n,v in zip(cnames,combo): t=t.replace('{'+n+'}',v)
        def rep(m):
            n=m.group(1)
            if n in ('imm','ximm'):
                v=imm_for(tmpl,sem)
                if 'ldfp' in tmpl and ('],{imm}' in tmpl): v='16' if 'psz' in tmpl and combo and combo[0]!='s' else '8'
                return v
            if n=='r2' and sem.split()[0]=='CMP0': return 'r0'
            if n=='r3' and t.startswith('addl'): return 'r2'
            if n=='pos':
                if 'shladd' in t or 'shradd' in t: return '2'
                if 'pmpyshr' in t: return '7'
                if t.startswith('tf'): return '40'
                return '5'
            if n=='ar3': return 'ar.ccv' if unit in ('M','A') else 'ar.lc'
            return opnd.get(n,'?'+n)
        t=re.sub(r'\{(\w+)\}',rep,t)
        if 'ldfp' in t and '],' in t:
            t=re.sub(r'\],\d+$', '],16' if ('ldfps' not in t) else '],8', t)
        u={'A':'M','I':'I','M':'M','F':'F','B':'B','X':'X'}[unit]
        key=(u,t)
        if key in seen: continue
        seen.add(key); out.append(key)
print('// Every form of emu/ia64/ia64.decode with each completer, one instruction a line (generated')
print('// by hand-run tools; assembled by test_ia64_disasm and compared with objdump, not run).')
print('\t.text\n\t.global all_forms\n\t.proc all_forms\nall_forms:')
for u,t in out:
    if u=='M': print('\t{ .mii\n\t'+t+'\n\tnop.i 0\n\tnop.i 0\n\t}')
    elif u=='I': print('\t{ .mii\n\tnop.m 0\n\t'+t+'\n\tnop.i 0\n\t}')
    elif u=='F': print('\t{ .mfi\n\tnop.m 0\n\t'+t+'\n\tnop.i 0\n\t}')
    elif u=='B': print('\t{ .mib\n\tnop.m 0\n\tnop.i 0\n\t'+t+'\n\t}')
    elif u=='X': print('\t{ .mlx\n\tnop.m 0\n\t'+t+'\n\t}')
print('1:\t{ .mii\n\tnop.m 0\n\tnop.i 0\n\tnop.i 0\n\t}\n\t.endp all_forms')
