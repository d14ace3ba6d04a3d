/* IA-64 disassembly in objdump's syntax: mnemonic with completers, outputs '=' inputs, no
 * spaces, signed decimal immediates except the hexadecimal ones objdump uses (break/nop codes,
 * movl, masks), and objdump's pseudo-ops (mov for adds 0 and addl from r0, shl/shr for
 * dep.z/extr that reach bit 63, fmpy/fadd/fnorm/xmpy for fma/xma with f0/f1, br for
 * br.cond.sptk without predicate, ...). */
#include "ia64_disasm.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "ia64_forms.h"

const char *ia64_template_name(unsigned code)
{
	static const char *const names[32] = {
		"MII", "MII", "MII", "MII", "MLX", "MLX", "???", "???",
		"MMI", "MMI", "MMI", "MMI", "MFI", "MFI", "MMF", "MMF",
		"MIB", "MIB", "MBB", "MBB", "???", "???", "BBB", "BBB",
		"MMB", "MMB", "???", "???", "MFB", "MFB", "???", "???",
	};
	return names[code & 31];
}

/* Output with truncation: the length that would have been written is kept. */
struct out {
	char *buf;
	size_t len, pos;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t room = o->pos < o->len ? o->len - o->pos : 0;
	int n = vsnprintf(room ? o->buf + o->pos : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos += (size_t)n;
}

static const char *ar_name(unsigned ar, char tmp[8])
{
	static const char *const named[128] = {
		[0] = "ar.k0", [1] = "ar.k1", [2] = "ar.k2", [3] = "ar.k3", [4] = "ar.k4",
		[5] = "ar.k5", [6] = "ar.k6", [7] = "ar.k7", [16] = "ar.rsc", [17] = "ar.bsp",
		[18] = "ar.bspstore", [19] = "ar.rnat", [21] = "ar.fcr", [24] = "ar.eflag",
		[25] = "ar.csd", [26] = "ar.ssd", [27] = "ar.cflg", [28] = "ar.fsr",
		[29] = "ar.fir", [30] = "ar.fdr", [32] = "ar.ccv", [36] = "ar.unat",
		[40] = "ar.fpsr", [44] = "ar.itc", [45] = "ar.ruc", [64] = "ar.pfs",
		[65] = "ar.lc", [66] = "ar.ec",
	};
	if (named[ar & 127])
		return named[ar & 127];
	snprintf(tmp, 8, "ar%u", ar & 127);
	return tmp;
}

static const char *const crel_names[] = { "eq", "ne", "lt", "le", "gt", "ge", "ltu", "z", "nz",
					  "unord" };
static const char *const ctype_names[] = { "", ".unc", ".and", ".or", ".or.andcm" };
static const char *const wh_names[] = { ".sptk", ".spnt", ".dptk", ".dpnt" };
static const char *const ldtype_names[] = { "", ".s", ".a", ".sa", ".bias", ".acq", ".fill",
					    ".c.clr", ".c.nc", ".c.clr.acq", "", ".rel", ".spill" };
static const char *const ldhint_names[] = { "", ".nt1", ".d2", ".nta" };
static const char *const fsize_names[] = { "e", "8", "s", "d" };
static const char *const sig_names[] = { "sig", "exp", "s", "d" };

/* The post-modification of a memory access: ",r2" or ",imm". */
static void post(struct out *o, const struct ia64_insn *in)
{
	if (in->post == IA64_POST_REG)
		put(o, ",r%u", in->r2);
	else if (in->post == IA64_POST_IMM)
		put(o, ",%" PRId64, in->imm);
}

static void branch_completers(struct out *o, const struct ia64_insn *in)
{
	put(o, "%s%s%s", wh_names[in->hint & 3], in->ph ? ".many" : ".few", in->dh ? ".clr" : "");
}

static void disasm_a(struct out *o, const struct ia64_insn *in)
{
	static const char *const names[] = {
		[IA64_OP_ADD] = "add", [IA64_OP_ADD1] = "add", [IA64_OP_SUB] = "sub",
		[IA64_OP_SUB1] = "sub", [IA64_OP_ADDP4] = "addp4", [IA64_OP_AND] = "and",
		[IA64_OP_ANDCM] = "andcm", [IA64_OP_OR] = "or", [IA64_OP_XOR] = "xor",
		[IA64_OP_SHLADD] = "shladd", [IA64_OP_SHLADDP4] = "shladdp4",
		[IA64_OP_SUB_IMM] = "sub", [IA64_OP_AND_IMM] = "and", [IA64_OP_ANDCM_IMM] = "andcm",
		[IA64_OP_OR_IMM] = "or", [IA64_OP_XOR_IMM] = "xor", [IA64_OP_ADDS] = "adds",
		[IA64_OP_ADDP4_IMM] = "addp4", [IA64_OP_ADDL] = "addl",
	};
	switch (in->op) {
	case IA64_OP_ADD1: case IA64_OP_SUB1:
		put(o, "%s r%u=r%u,r%u,1", names[in->op], in->r1, in->r2, in->r3);
		return;
	case IA64_OP_SHLADD: case IA64_OP_SHLADDP4:
		put(o, "%s r%u=r%u,%u,r%u", names[in->op], in->r1, in->r2, in->pos, in->r3);
		return;
	case IA64_OP_ADDS:
		if (in->imm == 0) {
			put(o, "mov r%u=r%u", in->r1, in->r3);
			return;
		}
		break;
	case IA64_OP_ADDL:
		if (in->r3 == 0) {
			put(o, "mov r%u=%" PRId64, in->r1, in->imm);
			return;
		}
		break;
	default:
		break;
	}
	if (in->imm_form)
		put(o, "%s r%u=%" PRId64 ",r%u", names[in->op], in->r1, in->imm, in->r3);
	else
		put(o, "%s r%u=r%u,r%u", names[in->op], in->r1, in->r2, in->r3);
}

static void disasm_cmp(struct out *o, const struct ia64_insn *in)
{
	put(o, "%s.%s%s p%u,p%u=", in->cmp4 ? "cmp4" : "cmp", crel_names[in->crel],
	    ctype_names[in->ctype], in->p1, in->p2);
	if (in->imm_form)
		put(o, "%" PRId64 ",r%u", in->imm, in->r3);
	else
		put(o, "r%u,r%u", in->r2, in->r3);
}

static void disasm_form(struct out *o, const struct ia64_form *f, const struct ia64_insn *in)
{
	static const char *const mbtype[16] = { [0] = "@brcst", [8] = "@mix", [9] = "@shuf",
						[10] = "@alt", [11] = "@rev" };
	switch (f->operands) {
	case IA64_OPND_R1_R2_R3: put(o, "%s r%u=r%u,r%u", f->name, in->r1, in->r2, in->r3); break;
	case IA64_OPND_R1_R3_R2: put(o, "%s r%u=r%u,r%u", f->name, in->r1, in->r3, in->r2); break;
	case IA64_OPND_R1_R3: put(o, "%s r%u=r%u", f->name, in->r1, in->r3); break;
	case IA64_OPND_R1_R2_CNT_R3:
		put(o, "%s r%u=r%u,%u,r%u", f->name, in->r1, in->r2, in->pos, in->r3);
		break;
	case IA64_OPND_R1_R2_MBTYPE:
		if (mbtype[in->pos & 15])
			put(o, "%s r%u=r%u,%s", f->name, in->r1, in->r2, mbtype[in->pos & 15]);
		else
			put(o, "%s r%u=r%u,%u", f->name, in->r1, in->r2, in->pos);
		break;
	case IA64_OPND_R1_R2_MHTYPE: put(o, "%s r%u=r%u,0x%x", f->name, in->r1, in->r2, in->pos); break;
	case IA64_OPND_R1_R3_CNT: put(o, "%s r%u=r%u,%u", f->name, in->r1, in->r3, in->pos); break;
	case IA64_OPND_R1_R2_CNT: put(o, "%s r%u=r%u,%u", f->name, in->r1, in->r2, in->pos); break;
	case IA64_OPND_R1_R2_R3_CNT2:
		put(o, "%s r%u=r%u,r%u,%u", f->name, in->r1, in->r2, in->r3, in->pos);
		break;
	default: break;
	}
}

static void disasm_i(struct out *o, const struct ia64_insn *in, uint64_t addr)
{
	char tmp[8];
	switch (in->op) {
	case IA64_OP_PMM_I: disasm_form(o, &ia64_pmm_i_forms[in->mm], in); return;
	case IA64_OP_SHRP: put(o, "shrp r%u=r%u,r%u,%u", in->r1, in->r2, in->r3, in->pos); return;
	case IA64_OP_EXTR: case IA64_OP_EXTR_U: {
		const char *u = in->op == IA64_OP_EXTR_U ? ".u" : "";
		if (in->pos + in->len == 64)
			put(o, "shr%s r%u=r%u,%u", u, in->r1, in->r3, in->pos);
		else
			put(o, "extr%s r%u=r%u,%u,%u", u, in->r1, in->r3, in->pos, in->len);
		return;
	}
	case IA64_OP_DEP_Z:
		if (in->pos + in->len == 64)
			put(o, "shl r%u=r%u,%u", in->r1, in->r2, in->pos);
		else
			put(o, "dep.z r%u=r%u,%u,%u", in->r1, in->r2, in->pos, in->len);
		return;
	case IA64_OP_DEP_Z_IMM:
		put(o, "dep.z r%u=%" PRId64 ",%u,%u", in->r1, in->imm, in->pos, in->len);
		return;
	case IA64_OP_DEP_IMM:
		put(o, "dep r%u=%" PRId64 ",r%u,%u,%u", in->r1, in->imm, in->r3, in->pos, in->len);
		return;
	case IA64_OP_DEP:
		put(o, "dep r%u=r%u,r%u,%u,%u", in->r1, in->r2, in->r3, in->pos, in->len);
		return;
	case IA64_OP_TBIT:
		put(o, "tbit.%s%s p%u,p%u=r%u,%u", crel_names[in->crel], ctype_names[in->ctype], in->p1,
		    in->p2, in->r3, in->pos);
		return;
	case IA64_OP_TNAT:
		put(o, "tnat.%s%s p%u,p%u=r%u", crel_names[in->crel], ctype_names[in->ctype], in->p1,
		    in->p2, in->r3);
		return;
	case IA64_OP_ZXT: put(o, "zxt%u r%u=r%u", in->sz, in->r1, in->r3); return;
	case IA64_OP_SXT: put(o, "sxt%u r%u=r%u", in->sz, in->r1, in->r3); return;
	case IA64_OP_CZX_L: put(o, "czx%u.l r%u=r%u", in->sz, in->r1, in->r3); return;
	case IA64_OP_CZX_R: put(o, "czx%u.r r%u=r%u", in->sz, in->r1, in->r3); return;
	case IA64_OP_MOV_TO_BR:
		put(o, "mov%s%s%s b%u=r%u", in->btype ? ".ret" : "",
		    in->hint == 1 ? "" : in->hint == 0 ? ".sptk" : in->hint == 2 ? ".dptk" : ".many",
		    in->ph ? ".imp" : "", in->r1, in->r2);
		if (in->imm)	/* the tag: a bundle address */
			put(o, ",%" PRIx64, addr + (uint64_t)in->imm);
		return;
	case IA64_OP_MOV_FROM_BR: put(o, "mov r%u=b%u", in->r1, in->r2); return;
	case IA64_OP_MOV_TO_PR: put(o, "mov pr=r%u,0x%" PRIx64, in->r2, (uint64_t)in->imm); return;
	case IA64_OP_MOV_TO_PR_ROT: put(o, "mov pr.rot=0x%" PRIx64, (uint64_t)in->imm); return;
	case IA64_OP_MOV_FROM_PR: put(o, "mov r%u=pr", in->r1); return;
	case IA64_OP_MOV_FROM_IP: put(o, "mov r%u=ip", in->r1); return;
	case IA64_OP_MOV_TO_AR_I: put(o, "mov.i %s=r%u", ar_name(in->r3, tmp), in->r2); return;
	case IA64_OP_MOV_TO_AR_I_IMM:
		put(o, "mov.i %s=%" PRId64, ar_name(in->r3, tmp), in->imm);
		return;
	case IA64_OP_MOV_FROM_AR_I: put(o, "mov.i r%u=%s", in->r1, ar_name(in->r3, tmp)); return;
	default: return;
	}
}

static void disasm_mem(struct out *o, const struct ia64_insn *in)
{
	const char *hint = ldhint_names[in->hint & 3];
	switch (in->op) {
	case IA64_OP_LD:
		put(o, "ld%u%s%s r%u=[r%u]", in->sz, ldtype_names[in->ldtype], hint, in->r1, in->r3);
		post(o, in);
		return;
	case IA64_OP_ST:
		put(o, "st%u%s%s [r%u]=r%u", in->sz, ldtype_names[in->ldtype], hint, in->r3, in->r2);
		post(o, in);
		return;
	case IA64_OP_LDF:
		if (in->ldtype == IA64_LD_FILL)
			put(o, "ldf.fill%s f%u=[r%u]", hint, in->r1, in->r3);
		else
			put(o, "ldf%s%s%s f%u=[r%u]", fsize_names[in->btype], ldtype_names[in->ldtype],
			    hint, in->r1, in->r3);
		post(o, in);
		return;
	case IA64_OP_STF:
		if (in->ldtype == IA64_ST_SPILL)
			put(o, "stf.spill%s [r%u]=f%u", hint, in->r3, in->r2);
		else
			put(o, "stf%s%s [r%u]=f%u", fsize_names[in->btype], hint, in->r3, in->r2);
		post(o, in);
		return;
	case IA64_OP_LDFP:
		put(o, "ldfp%s%s%s f%u,f%u=[r%u]", fsize_names[in->sz], ldtype_names[in->ldtype], hint,
		    in->r1, in->r2, in->r3);
		post(o, in);
		return;
	case IA64_OP_LFETCH: {
		static const char *const kinds[] = { "", ".excl", ".fault", ".fault.excl" };
		put(o, "lfetch%s%s [r%u]", kinds[in->ldtype & 3], hint, in->r3);
		post(o, in);
		return;
	}
	case IA64_OP_CMPXCHG:
		put(o, "cmpxchg%u%s%s r%u=[r%u],r%u,ar.ccv", in->sz, ldtype_names[in->ldtype], hint,
		    in->r1, in->r3, in->r2);
		return;
	case IA64_OP_XCHG:
		put(o, "xchg%u%s r%u=[r%u],r%u", in->sz, hint, in->r1, in->r3, in->r2);
		return;
	case IA64_OP_FETCHADD:
		put(o, "fetchadd%u%s%s r%u=[r%u],%" PRId64, in->sz, ldtype_names[in->ldtype], hint,
		    in->r1, in->r3, in->imm);
		return;
	case IA64_OP_GETF: put(o, "getf.%s r%u=f%u", sig_names[in->sz & 3], in->r1, in->r2); return;
	case IA64_OP_SETF: put(o, "setf.%s f%u=r%u", sig_names[in->sz & 3], in->r1, in->r2); return;
	default: return;
	}
}

static void disasm_m_other(struct out *o, const struct ia64_insn *in, uint64_t addr)
{
	char tmp[8];
	uint64_t target = addr + (uint64_t)in->imm;
	switch (in->op) {
	case IA64_OP_ALLOC:
		put(o, "alloc r%u=ar.pfs,%" PRId64 ",%u,%u", in->r1, in->imm, in->pos, in->len);
		return;
	case IA64_OP_MOV_TO_AR_M: put(o, "mov.m %s=r%u", ar_name(in->r3, tmp), in->r2); return;
	case IA64_OP_MOV_TO_AR_M_IMM:
		put(o, "mov.m %s=%" PRId64, ar_name(in->r3, tmp), in->imm);
		return;
	case IA64_OP_MOV_FROM_AR_M: put(o, "mov.m r%u=%s", in->r1, ar_name(in->r3, tmp)); return;
	case IA64_OP_CHK_S_M: put(o, "chk.s.m r%u,%" PRIx64, in->r2, target); return;
	case IA64_OP_CHK_S_I: put(o, "chk.s.i r%u,%" PRIx64, in->r2, target); return;
	case IA64_OP_CHK_S_F: put(o, "chk.s f%u,%" PRIx64, in->r2, target); return;
	case IA64_OP_CHK_A:
		put(o, "chk.a%s %c%u,%" PRIx64, in->ctype ? ".clr" : ".nc", in->cmp4 ? 'f' : 'r',
		    in->r1, target);
		return;
	case IA64_OP_INVALA: put(o, "invala"); return;
	case IA64_OP_INVALA_E: put(o, "invala.e %c%u", in->cmp4 ? 'f' : 'r', in->r1); return;
	case IA64_OP_FWB: put(o, "fwb"); return;
	case IA64_OP_MF: put(o, "mf"); return;
	case IA64_OP_MF_A: put(o, "mf.a"); return;
	case IA64_OP_SRLZ_D: put(o, "srlz.d"); return;
	case IA64_OP_SRLZ_I: put(o, "srlz.i"); return;
	case IA64_OP_SYNC_I: put(o, "sync.i"); return;
	case IA64_OP_FLUSHRS: put(o, "flushrs"); return;
	case IA64_OP_LOADRS: put(o, "loadrs"); return;
	case IA64_OP_FC: put(o, "fc r%u", in->r3); return;
	case IA64_OP_MOV_FROM_PSR_UM: put(o, "mov r%u=psr.um", in->r1); return;
	case IA64_OP_MOV_TO_PSR_UM: put(o, "mov psr.um=r%u", in->r2); return;
	case IA64_OP_MOV_FROM_CPUID: put(o, "mov r%u=cpuid[r%u]", in->r1, in->r3); return;
	case IA64_OP_MOV_FROM_PMD: put(o, "mov r%u=pmd[r%u]", in->r1, in->r3); return;
	case IA64_OP_SUM: put(o, "sum 0x%" PRIx64, in->imm); return;
	case IA64_OP_RUM: put(o, "rum 0x%" PRIx64, in->imm); return;
	default: disasm_mem(o, in); return;
	}
}

static void disasm_f(struct out *o, const struct ia64_insn *in, uint64_t addr)
{
	static const char *const prec[] = { "", ".s", ".d" };
	unsigned f1 = in->r1, f2 = in->r2, f3 = in->r3, f4 = in->pos, sf = in->ldtype & 3;
	switch (in->op) {
	case IA64_OP_FMA:
		if (f4 == 1 && f2 == 0)
			put(o, "fnorm%s.s%u f%u=f%u", prec[in->btype], sf, f1, f3);
		else if (f2 == 0)
			put(o, "fmpy%s.s%u f%u=f%u,f%u", prec[in->btype], sf, f1, f3, f4);
		else if (f4 == 1)
			put(o, "fadd%s.s%u f%u=f%u,f%u", prec[in->btype], sf, f1, f3, f2);
		else
			put(o, "fma%s.s%u f%u=f%u,f%u,f%u", prec[in->btype], sf, f1, f3, f4, f2);
		return;
	case IA64_OP_FMS:
		if (f4 == 1)
			put(o, "fsub%s.s%u f%u=f%u,f%u", prec[in->btype], sf, f1, f3, f2);
		else
			put(o, "fms%s.s%u f%u=f%u,f%u,f%u", prec[in->btype], sf, f1, f3, f4, f2);
		return;
	case IA64_OP_FNMA:
		if (f2 == 0)
			put(o, "fnmpy%s.s%u f%u=f%u,f%u", prec[in->btype], sf, f1, f3, f4);
		else
			put(o, "fnma%s.s%u f%u=f%u,f%u,f%u", prec[in->btype], sf, f1, f3, f4, f2);
		return;
	case IA64_OP_FPMA: put(o, "fpma.s%u f%u=f%u,f%u,f%u", sf, f1, f3, f4, f2); return;
	case IA64_OP_FPMS: put(o, "fpms.s%u f%u=f%u,f%u,f%u", sf, f1, f3, f4, f2); return;
	case IA64_OP_FPNMA: put(o, "fpnma.s%u f%u=f%u,f%u,f%u", sf, f1, f3, f4, f2); return;
	case IA64_OP_XMA: {
		const char *k = in->btype == 0 ? ".l" : in->btype == 2 ? ".hu" : ".h";
		if (f2 == 0)
			put(o, "xmpy%s f%u=f%u,f%u", k, f1, f3, f4);
		else
			put(o, "xma%s f%u=f%u,f%u,f%u", k, f1, f3, f4, f2);
		return;
	}
	case IA64_OP_FSELECT: put(o, "fselect f%u=f%u,f%u,f%u", f1, f3, f4, f2); return;
	case IA64_OP_FCMP:
		put(o, "fcmp.%s%s.s%u p%u,p%u=f%u,f%u", crel_names[in->crel], ctype_names[in->ctype], sf,
		    in->p1, in->p2, f2, f3);
		return;
	case IA64_OP_FCLASS:
		put(o, "fclass.m%s p%u,p%u=f%u,0x%" PRIx64, ctype_names[in->ctype], in->p1, in->p2, f2,
		    in->imm);
		return;
	case IA64_OP_FRCPA:
		put(o, "%s.s%u f%u,p%u=f%u,f%u", in->cmp4 ? "fprcpa" : "frcpa", sf, f1, in->p2, f2, f3);
		return;
	case IA64_OP_FRSQRTA:
		put(o, "%s.s%u f%u,p%u=f%u", in->cmp4 ? "fprsqrta" : "frsqrta", sf, f1, in->p2, f3);
		return;
	case IA64_OP_FSETC: put(o, "fsetc.s%u 0x%" PRIx64 ",0x%x", sf, in->imm, in->pos); return;
	case IA64_OP_FCLRF: put(o, "fclrf.s%u", sf); return;
	case IA64_OP_FCHKF: put(o, "fchkf.s%u %" PRIx64, sf, addr + (uint64_t)in->imm); return;
	case IA64_OP_FMISC: {
		const struct ia64_form *f = &ia64_fmisc_forms[in->mm];
		unsigned x6 = f->key[0];
		if (x6 == 0x10 && f2 == f3)
			put(o, "mov f%u=f%u", f1, f3);
		else if (x6 == 0x10 && f2 == 0)
			put(o, "fabs f%u=f%u", f1, f3);
		else if (x6 == 0x11 && f2 == f3)
			put(o, "fneg f%u=f%u", f1, f3);
		else if (x6 == 0x11 && f2 == 0)
			put(o, "fnegabs f%u=f%u", f1, f3);
		else if (f->operands == IA64_OPND_F1_F2 && f->sf)
			put(o, "%s.s%u f%u=f%u", f->name, sf, f1, f2);
		else if (f->operands == IA64_OPND_F1_F2)
			put(o, "%s f%u=f%u", f->name, f1, f2);
		else if (f->sf)
			put(o, "%s.s%u f%u=f%u,f%u", f->name, sf, f1, f2, f3);
		else
			put(o, "%s f%u=f%u,f%u", f->name, f1, f2, f3);
		return;
	}
	default: return;
	}
}

static void disasm_b(struct out *o, const struct ia64_insn *in, uint64_t addr)
{
	static const char *const btypes[8] = { "cond", "ia", "wexit", "wtop", "ret", "cloop",
					       "cexit", "ctop" };
	uint64_t target = addr + (uint64_t)in->imm;
	switch (in->op) {
	case IA64_OP_BR:
	case IA64_OP_BR_IND:
		if (in->btype == 0 && in->qp == 0 && in->hint == 0)
			put(o, "br%s%s", in->ph ? ".many" : ".few", in->dh ? ".clr" : "");
		else {
			put(o, "br.%s", btypes[in->btype & 7]);
			branch_completers(o, in);
		}
		if (in->op == IA64_OP_BR)
			put(o, " %" PRIx64, target);
		else
			put(o, " b%u", in->r2);
		return;
	case IA64_OP_BR_RET:
		put(o, "br.ret");
		branch_completers(o, in);
		put(o, " b%u", in->r2);
		return;
	case IA64_OP_BR_CALL:
		put(o, "br.call");
		branch_completers(o, in);
		put(o, " b%u=%" PRIx64, in->r1, target);
		return;
	case IA64_OP_BR_CALL_IND:
		put(o, "br.call");
		branch_completers(o, in);
		put(o, " b%u=b%u", in->r1, in->r2);
		return;
	case IA64_OP_COVER: put(o, "cover"); return;
	case IA64_OP_CLRRRB: put(o, "clrrrb"); return;
	case IA64_OP_CLRRRB_PR: put(o, "clrrrb.pr"); return;
	case IA64_OP_RFI: put(o, "rfi"); return;
	case IA64_OP_BSW_0: put(o, "bsw.0"); return;
	case IA64_OP_BSW_1: put(o, "bsw.1"); return;
	case IA64_OP_EPC: put(o, "epc"); return;
	case IA64_OP_VMSW_0: put(o, "vmsw.0"); return;
	case IA64_OP_VMSW_1: put(o, "vmsw.1"); return;
	case IA64_OP_BRP: case IA64_OP_BRP_IND: {
		static const char *const wh[] = { ".sptk", ".loop", ".dptk", ".exit" };
		put(o, "brp%s%s%s ", in->op == IA64_OP_BRP_IND && in->btype ? ".ret" : "",
		    wh[in->hint & 3], in->ph ? ".imp" : "");
		if (in->op == IA64_OP_BRP)
			put(o, "%" PRIx64, target);
		else
			put(o, "b%u", in->r2);
		put(o, ",%" PRIx64, addr + (uint64_t)(int64_t)in->tag);
		return;
	}
	case IA64_OP_BRL:
		put(o, "brl.cond");
		branch_completers(o, in);
		put(o, " %" PRIx64, target);
		return;
	case IA64_OP_BRL_CALL:
		put(o, "brl.call");
		branch_completers(o, in);
		put(o, " b%u=%" PRIx64, in->r1, target);
		return;
	default: return;
	}
}

size_t ia64_disasm_insn(char *buf, size_t len, const struct ia64_insn *in, uint64_t bundle_addr,
			bool stop)
{
	struct out o = { buf, len, 0 };
	if (len)
		buf[0] = 0;
	if (in->unit == IA64_UNIT_L)
		return 0;
	if (in->qp && in->op != IA64_OP_ILLEGAL && !ia64_unpredicated(in))
		put(&o, "(p%02u) ", in->qp);
	static const char unit_letter[] = { 'm', 'i', 'f', 'b', 'x', 'x' };
	switch (in->op) {
	case IA64_OP_ILLEGAL: put(&o, "(bad)"); break;
	case IA64_OP_BREAK: case IA64_OP_NOP: case IA64_OP_HINT:
		put(&o, "%s.%c 0x%" PRIx64,
		    in->op == IA64_OP_BREAK ? "break" : in->op == IA64_OP_NOP ? "nop" : "hint",
		    unit_letter[in->unit], (uint64_t)in->imm);
		break;
	case IA64_OP_MOVL: put(&o, "movl r%u=0x%" PRIx64, in->r1, (uint64_t)in->imm); break;
	case IA64_OP_CMP: disasm_cmp(&o, in); break;
	case IA64_OP_PMM_A: disasm_form(&o, &ia64_pmm_a_forms[in->mm], in); break;
	default:
		if (in->op <= IA64_OP_ADDL)
			disasm_a(&o, in);
		else if (in->op <= IA64_OP_CHK_S_I && in->op != IA64_OP_CHK_S_I)
			disasm_i(&o, in, bundle_addr);
		else if (in->op <= IA64_OP_MOV_FROM_PMD)
			disasm_m_other(&o, in, bundle_addr);
		else if (in->op <= IA64_OP_FCHKF)
			disasm_f(&o, in, bundle_addr);
		else
			disasm_b(&o, in, bundle_addr);
		break;
	}
	if (stop)
		put(&o, ";;");
	return o.pos < len ? o.pos : (len ? len - 1 : 0);
}

size_t ia64_disasm_slot(char *buf, size_t len, const struct ia64_bundle *b, unsigned i,
			uint64_t bundle_addr)
{
	if (b->reserved || b->slot[i].op == IA64_OP_ILLEGAL) {
		struct out o = { buf, len, 0 };
		if (len)
			buf[0] = 0;
		put(&o, "data8 0x%" PRIx64, b->bits[i]);
		return o.pos < len ? o.pos : (len ? len - 1 : 0);
	}
	return ia64_disasm_insn(buf, len, &b->slot[i], bundle_addr, b->stops >> i & 1);
}

/* cpu_disasm for IA-64 (the ops table's disasm): a whole bundle, as objdump lists it: the
 * template on the first slot's line, then each slot's line (an MLX bundle has two: objdump
 * prints the X instruction on the L slot's line and leaves the last one empty). */
int ia64_disasm_op(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen)
{
	if (len < 16)
		return 0;
	struct ia64_bundle b;
	ia64_decode_bundle(&b, code);
	size_t n = (size_t)snprintf(text, textlen, "[%s]", ia64_template_name(b.template_code));
	for (unsigned i = 0; i < 3 && n + 1 < textlen; i++) {
		if (b.slot[i].unit == IA64_UNIT_L)
			continue;
		text[n++] = i == 0 ? ' ' : '\n';
		n += ia64_disasm_slot(text + n, textlen - n, &b, i, addr);
	}
	if (n >= textlen)
		n = textlen - 1;
	text[n] = 0;
	return 16;
}
