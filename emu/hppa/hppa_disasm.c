/* PA-RISC disassembler. It follows the choices objdump's opcode table makes (which of several
 * spellings wins for a word) so that its text can be compared line by line with objdump's; the
 * operands come from the decoder's fields where it extracts them, which checks the decoder too. */
#include "hppa_disasm.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "../byteorder.h"
#include "hppa_decode.h"

#define FIELD(w, from, to) (((w) >> (31 - (to))) & ((1u << ((to) - (from) + 1)) - 1))

struct out {
	char *buf;
	size_t len, pos;
};

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (o->pos < o->len) {
		int n = vsnprintf(o->buf + o->pos, o->len - o->pos, fmt, ap);
		if (n > 0)
			o->pos += (size_t)n < o->len - o->pos ? (size_t)n : o->len - o->pos - 1;
	}
	va_end(ap);
}

static const char *const gr_names[32] = {
	"r0", "r1", "rp", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13",
	"r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26",
	"dp", "ret0", "ret1", "sp", "r31"};

static const char *const cr_names[32] = {
	"rctr", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7", "pidr1", "pidr2", "ccr", "sar",
	"pidr3", "pidr4", "iva", "eiem", "itmr", "pcsq", "pcoq", "iir", "isr", "ior", "ipsw", "eirr",
	"tr0", "tr1", "tr2", "tr3", "tr4", "tr5", "tr6", "tr7"};

static const char *const cmp_conds[16] = {
	"", ",=", ",<", ",<=", ",<<", ",<<=", ",sv", ",od",
	",tr", ",<>", ",>=", ",>", ",>>=", ",>>", ",nsv", ",ev"};
static const char *const add_conds[16] = {
	"", ",=", ",<", ",<=", ",nuv", ",znv", ",sv", ",od",
	",tr", ",<>", ",>=", ",>", ",uv", ",vnz", ",nsv", ",ev"};
/* addb/addib: objdump's wide-mode table comes first for these opcodes */
static const char *const addb_conds[16] = {
	"", ",=", ",<", ",<=", ",nuv", ",*=", ",*<", ",*<=",
	",tr", ",<>", ",>=", ",>", ",uv", ",*<>", ",*>=", ",*>"};
static const char *const log_conds[16] = {
	"", ",=", ",<", ",<=", "", "", "", ",od", ",tr", ",<>", ",>=", ",>", "", "", "", ",ev"};
static const char *const unit_conds[16] = {
	"", ",swz", ",sbz", ",shz", ",sdc", ",swc", ",sbc", ",shc",
	",tr", ",nwz", ",nbz", ",nhz", ",ndc", ",nwc", ",nbc", ",nhc"};
static const char *const shift_conds[8] = {"", ",=", ",<", ",od", ",tr", ",<>", ",>=", ",ev"};
static const char *const fp_fmts[4] = {",sgl", ",dbl", "", ",quad"};
static const char *const fcmp_conds[32] = {
	",false?", ",false", ",?", ",!<=>", ",=", ",=t", ",?=", ",!<>",
	",!?>=", ",<", ",?<", ",!>=", ",!?>", ",<=", ",?<=", ",!>",
	",!?<=", ",>", ",?>", ",!<=", ",!?<", ",>=", ",?>=", ",!<",
	",!?=", ",<>", ",!=", ",!=t", ",!?", ",<=>", ",true?", ",true"};

static void c(struct out *o, int32_t v)
{
	if (v < 0)
		put(o, "-%x", (unsigned)-(int64_t)v);
	else
		put(o, "%x", (unsigned)v);
}

static void fr(struct out *o, unsigned reg)
{
	static const char *const low[4] = {"fr0", "fpe2", "fpe4", "fpe6"};
	if (reg < 4)
		put(o, "%s", low[reg]);
	else
		put(o, "fr%u", reg);
}

static void fr_half(struct out *o, unsigned reg, unsigned right)
{
	if (!right)
		fr(o, reg);
	else if (reg < 4)
		put(o, "fpe%u", reg * 2 + 1);
	else
		put(o, "fr%uR", reg);
}

/* A single-precision slot (2*reg+half) or a double register. */
static void fslot(struct out *o, unsigned slot, bool single)
{
	if (single)
		fr_half(o, slot >> 1, slot & 1);
	else
		fr(o, slot);
}

/* objdump's 16-bit displacement of the PA 2.0 wide forms it tries first; for PA 1.1 code
 * (space field 0) it equals the 14-bit one. */
static int32_t disp16(uint32_t w)
{
	uint32_t m0 = FIELD(w, 16, 16), m1 = FIELD(w, 17, 17), m15 = FIELD(w, 31, 31);
	uint32_t v = (w >> 1) & 0x1fff;
	v |= m15 << 15 | (m15 ^ m0) << 14 | (m15 ^ m1) << 13;
	return hppa_sign_ext(v, 16);
}

static void space_base(struct out *o, uint32_t w)
{
	unsigned s = FIELD(w, 16, 17);
	if (s)
		put(o, "(sr%u,%s)", s, gr_names[FIELD(w, 6, 10)]);
	else
		put(o, "(%s)", gr_names[FIELD(w, 6, 10)]);
}

static void cache_hint(struct out *o, uint32_t w, bool ldcw)
{
	switch (FIELD(w, 20, 21)) {
	case 1: put(o, ldcw ? ",co " : ",bc "); break;
	case 2: put(o, ldcw ? " " : ",sl "); break;
	default: put(o, " "); break;
	}
}

/* Indexed / short completers of opcodes 03, 09, 0B. */
static void mem_compl(struct out *o, uint32_t w, bool ldcw)
{
	unsigned compl = FIELD(w, 26, 26) | FIELD(w, 18, 18) << 1;
	static const char *const idx[4] = {"", ",m", ",s", ",sm"};
	static const char *const shrt[4] = {"", ",ma", "", ",mb"};
	put(o, "%s", FIELD(w, 19, 19) ? shrt[compl] : idx[compl]);
	if (FIELD(w, 20, 21))
		cache_hint(o, w, ldcw);
	else
		put(o, " ");
}

static void dis_mem03(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	static const char *const ld[8] = {"ldb", "ldh", "ldw", "ldd", "ldda", "ldcd", "ldwa", "ldcw"};
	static const char *const st[8] = {"stb", "sth", "stw", "std", "stby", "stdby", "stwa", "stda"};
	unsigned ext4 = FIELD(w, 22, 25);
	if (in->op == HOP_ILLEGAL) {
		put(o, "#%8x", w);
		return;
	}
	if (ext4 < 8) {
		put(o, "%s", ld[ext4]);
		mem_compl(o, w, ext4 == 7);
		if (FIELD(w, 19, 19))
			c(o, in->imm);
		else
			put(o, "%s", gr_names[in->r1]);
		space_base(o, w);
		put(o, ",%s", gr_names[in->t]);
		return;
	}
	put(o, "%s", st[ext4 - 8]);
	if (in->op == HOP_STBY) {
		static const char *const by[4] = {"", ",b,m", ",e", ",e,m"};
		put(o, "%s", by[FIELD(w, 26, 26) | FIELD(w, 18, 18) << 1]);
		if (FIELD(w, 20, 21))
			cache_hint(o, w, false);
		else
			put(o, " ");
	} else {
		mem_compl(o, w, false);
	}
	put(o, "%s,", gr_names[in->r1]);
	c(o, in->imm);
	space_base(o, w);
}

static void dis_fpmem(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	bool dbl = in->sub == 3;
	bool store = in->op == HOP_FSTORE;
	put(o, "%s%s", store ? "fst" : "fld", dbl ? "d" : "w");
	mem_compl(o, w, false);
	if (store) {
		fslot(o, in->t, !dbl);
		put(o, ",");
	}
	if (in->flags & HF_IDX)
		put(o, "%s", gr_names[in->r1]);
	else
		c(o, in->imm);
	space_base(o, w);
	if (!store) {
		put(o, ",");
		fslot(o, in->t, !dbl);
	}
}

static void dis_arith(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	const char *x = gr_names[in->r1], *b = gr_names[in->r2], *t = gr_names[in->t];
	unsigned ext = FIELD(w, 20, 26);
	unsigned cond = FIELD(w, 16, 18) + (FIELD(w, 19, 19) ? 8 : 0);
	static const char *const add_compl[4] = {"", "", ",l", ",tsv"};
	if (w == 0x08000240) {
		put(o, "nop");
		return;
	}
	if ((w & 0xffe0ffe0) == 0x08000240) {
		put(o, "copy %s,%s", x, t);
		return;
	}
	switch (in->op) {
	case HOP_CMPCLR: put(o, "cmpclr%s %s,%s,%s", cmp_conds[cond], x, b, t); return;
	case HOP_OR: case HOP_COPY: put(o, "or%s %s,%s,%s", log_conds[cond], x, b, t); return;
	case HOP_XOR: put(o, "xor%s %s,%s,%s", log_conds[cond], x, b, t); return;
	case HOP_AND: put(o, "and%s %s,%s,%s", log_conds[cond], x, b, t); return;
	case HOP_ANDCM: put(o, "andcm%s %s,%s,%s", log_conds[cond], x, b, t); return;
	case HOP_UXOR: put(o, "uxor%s %s,%s,%s", unit_conds[cond], x, b, t); return;
	case HOP_UADDCM:
		put(o, "uaddcm%s%s %s,%s,%s", in->flags & HF_TC ? ",tc" : "", unit_conds[cond], x, b, t);
		return;
	case HOP_DCOR:
		put(o, "dcor%s%s %s,%s", in->sub ? ",i" : "", unit_conds[cond], b, t);
		return;
	case HOP_DS: put(o, "ds%s %s,%s,%s", cmp_conds[cond], x, b, t); return;
	case HOP_SUB:
		put(o, "sub%s%s%s %s,%s,%s", in->flags & HF_TC ? ",tc" : in->flags & HF_CIN ? ",b" : "",
		    in->flags & HF_TSV ? ",tsv" : "", cmp_conds[cond], x, b, t);
		return;
	case HOP_ADD: case HOP_ADDL_FAST:
		if (in->flags & HF_CIN) {
			put(o, "add,c%s%s %s,%s,%s", add_compl[FIELD(w, 20, 21)], add_conds[cond], x, b, t);
			return;
		}
		if (in->sub) {
			put(o, "shladd%s%s %s,%u,%s,%s", add_compl[FIELD(w, 20, 21)], add_conds[cond], x,
			    in->sub, b, t);
			return;
		}
		put(o, "add%s%s %s,%s,%s", add_compl[FIELD(w, 20, 21)], add_conds[cond], x, b, t);
		return;
	default:
		(void)ext;
		put(o, "#%8x", w);
		return;
	}
}

static void dis_imm(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	unsigned cond = FIELD(w, 16, 18) + (FIELD(w, 19, 19) ? 8 : 0);
	const char *b = gr_names[in->r2], *x = gr_names[in->t];
	switch (in->op) {
	case HOP_CMPICLR: put(o, "cmpiclr%s ", cmp_conds[cond]); break;
	case HOP_SUBI: put(o, "subi%s%s ", in->flags & HF_TSV ? ",tsv" : "", cmp_conds[cond]); break;
	case HOP_ADDI:
		put(o, "addi%s%s%s ", in->flags & HF_TC ? ",tc" : "", in->flags & HF_TSV ? ",tsv" : "",
		    add_conds[cond]);
		break;
	default:
		put(o, "#%8x", w);
		return;
	}
	c(o, in->imm);
	put(o, ",%s,%s", b, x);
}

static void target(struct out *o, uint32_t addr, int32_t disp)
{
	put(o, "%x", (unsigned)(addr + 8 + (uint32_t)disp));
}

static void dis_cbranch(struct out *o, uint32_t w, uint32_t addr, const struct hppa_insn *in)
{
	unsigned cond = FIELD(w, 16, 18) + FIELD(w, 4, 4) * 8;
	const char *n = in->flags & HF_N ? ",n" : "";
	switch (in->op) {
	case HOP_CMPB:
		put(o, "cmpb%s%s %s,%s,", cmp_conds[cond], n, gr_names[in->r1], gr_names[in->r2]);
		break;
	case HOP_CMPIB:
		put(o, "cmpib%s%s ", cmp_conds[cond], n);
		c(o, (int8_t)in->r1);
		put(o, ",%s,", gr_names[in->r2]);
		break;
	case HOP_ADDB:
		put(o, "addb%s%s %s,%s,", addb_conds[cond], n, gr_names[in->r1], gr_names[in->r2]);
		break;
	case HOP_ADDIB:
		put(o, "addib%s%s ", addb_conds[cond], n);
		c(o, (int8_t)in->r1);
		put(o, ",%s,", gr_names[in->r2]);
		break;
	case HOP_MOVB:
		put(o, "movb%s%s %s,%s,", shift_conds[in->cond], n, gr_names[in->r1], gr_names[in->r2]);
		break;
	case HOP_MOVIB:
		put(o, "movib%s%s ", shift_conds[in->cond], n);
		c(o, (int8_t)in->r1);
		put(o, ",%s,", gr_names[in->r2]);
		break;
	case HOP_BB:
		put(o, "bb%s%s %s,", shift_conds[FIELD(w, 16, 18)], n, gr_names[in->r1]);
		c(o, in->sub);
		put(o, ",");
		break;
	case HOP_BVB:
		put(o, "bb%s%s %s,sar,", shift_conds[FIELD(w, 16, 18)], n, gr_names[in->r1]);
		break;
	default:
		put(o, "#%8x", w);
		return;
	}
	target(o, addr, in->imm);
}

static void dis_shift(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	const char *cond = shift_conds[FIELD(w, 16, 18)];
	switch (in->op) {
	case HOP_VSHRPW:
		put(o, "shrpw%s %s,%s,sar,%s", cond, gr_names[in->r1], gr_names[in->r2], gr_names[in->t]);
		return;
	case HOP_SHRPW:
		put(o, "shrpw%s %s,%s,%u,%s", cond, gr_names[in->r1], gr_names[in->r2], in->sub,
		    gr_names[in->t]);
		return;
	case HOP_VEXTRU: case HOP_VEXTRS:
		put(o, "extrw%s%s %s,sar,%u,%s", in->op == HOP_VEXTRU ? ",u" : ",s", cond,
		    gr_names[in->r2], in->len, gr_names[in->t]);
		return;
	case HOP_EXTRU: case HOP_EXTRS:
		put(o, "extrw%s%s %s,%u,%u,%s", in->op == HOP_EXTRU ? ",u" : ",s", cond,
		    gr_names[in->r2], in->sub, in->len, gr_names[in->t]);
		return;
	default:
		break;
	}
	bool imm = in->op == HOP_DEPI || in->op == HOP_ZDEPI || in->op == HOP_VDEPI ||
		in->op == HOP_ZVDEPI;
	bool zero = in->op == HOP_ZDEP || in->op == HOP_ZVDEP || in->op == HOP_ZDEPI ||
		in->op == HOP_ZVDEPI;
	bool var = in->op == HOP_VDEP || in->op == HOP_ZVDEP || in->op == HOP_VDEPI ||
		in->op == HOP_ZVDEPI;
	if (in->op == HOP_ILLEGAL) {
		put(o, "#%8x", w);
		return;
	}
	put(o, "depw%s%s%s ", imm ? "i" : "", zero ? ",z" : "", cond);
	if (imm)
		c(o, in->imm);
	else
		put(o, "%s", gr_names[in->r1]);
	if (var)
		put(o, ",sar,%u,%s", in->len, gr_names[in->t]);
	else
		put(o, ",%u,%u,%s", in->sub, in->len, gr_names[in->t]);
}

static void dis_fp(struct out *o, uint32_t w, const struct hppa_insn *in, bool op0e)
{
	bool single = in->sub == 0;
	const char *fmt = op0e ? fp_fmts[FIELD(w, 20, 20)] : fp_fmts[FIELD(w, 19, 20)];
	static const char *const names[HOP_COUNT] = {
		[HOP_FCPY] = "fcpy", [HOP_FABS] = "fabs", [HOP_FSQRT] = "fsqrt", [HOP_FRND] = "frnd",
		[HOP_FNEG] = "fneg", [HOP_FNEGABS] = "fnegabs", [HOP_FADD] = "fadd",
		[HOP_FSUB] = "fsub", [HOP_FMPY] = "fmpy", [HOP_FDIV] = "fdiv", [HOP_FREM] = "frem"};
	switch (in->op) {
	case HOP_FID: put(o, "fid"); return;
	case HOP_FTEST: put(o, "ftest"); return;
	case HOP_FCPY: case HOP_FABS: case HOP_FSQRT: case HOP_FRND: case HOP_FNEG:
	case HOP_FNEGABS:
		/* the 0E forms print the two-bit format field, as objdump does */
		put(o, "%s%s ", names[in->op], op0e ? fp_fmts[FIELD(w, 19, 20)] : fmt);
		fslot(o, in->r1, single);
		put(o, ",");
		fslot(o, in->t, single);
		return;
	case HOP_FADD: case HOP_FSUB: case HOP_FMPY: case HOP_FDIV: case HOP_FREM:
		put(o, "%s%s ", names[in->op], fmt);
		fslot(o, in->r1, single);
		put(o, ",");
		fslot(o, in->r2, single);
		put(o, ",");
		fslot(o, in->t, single);
		return;
	case HOP_FCMP:
		put(o, "fcmp%s%s ", fmt, fcmp_conds[in->cond]);
		fslot(o, in->r1, single);
		put(o, ",");
		fslot(o, in->r2, single);
		return;
	case HOP_XMPYU:
		put(o, "xmpyu ");
		fslot(o, in->r1, true);
		put(o, ",");
		fslot(o, in->r2, true);
		put(o, ",");
		fr_half(o, in->t, FIELD(w, 25, 25));
		return;
	case HOP_FCNV: {
		static const char *const old[4] = {"fcnvff", "fcnvxf", "fcnvfx", "fcnvfxt"};
		static const char *const ufixed[2] = {",uw", ",udw"};
		unsigned sf = in->len & 3, df = in->len >> 2;
		if (in->sub < 4 || op0e) {
			/* 0E: the PA 2.0 "fcnv" entry objdump matches prints plain formats */
			put(o, "%s%s%s ", in->sub < 4 ? old[in->sub] : "fcnv", fp_fmts[sf], fp_fmts[df]);
		} else {
			/* objdump's PA 2.0 fcnv spelling for the unsigned conversions */
			put(o, "fcnv%s%s%s ", in->sub == HFCNV_FUXT ? ",t" : "",
			    in->sub == HFCNV_UXF ? ufixed[sf] : fp_fmts[sf],
			    in->sub == HFCNV_UXF ? fp_fmts[df] : ufixed[df]);
		}
		fslot(o, in->r1, sf == 0);
		put(o, ",");
		fslot(o, in->t, df == 0);
		return;
	}
	default:
		put(o, "#%8x", w);
		return;
	}
}

static void dis_sys(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	switch (in->op) {
	case HOP_BREAK:
		put(o, "break ");
		c(o, in->sub);
		put(o, ",");
		c(o, in->imm);
		return;
	case HOP_SYNC: put(o, w == 0x00000400 ? "sync" : "syncdma"); return;
	case HOP_MFCTL: put(o, "mfctl %s,%s", cr_names[in->sub], gr_names[in->t]); return;
	case HOP_MTSAR: put(o, "mtsar%s %s", in->sub ? "cm" : "", gr_names[in->r1]); return;
	case HOP_MFSP: put(o, "mfsp sr%u,%s", in->sub, gr_names[in->t]); return;
	case HOP_MTSP: put(o, "mtsp %s,sr%u", gr_names[in->r1], in->sub); return;
	case HOP_LDSID:
		put(o, "ldsid ");
		space_base(o, w);
		put(o, ",%s", gr_names[in->t]);
		return;
	default:
		break;
	}
	/* privileged forms objdump names */
	switch (FIELD(w, 19, 26)) {
	case 0x45: put(o, "mfctl %s,%s", cr_names[FIELD(w, 6, 10)], gr_names[FIELD(w, 27, 31)]); return;
	case 0xc2: put(o, "mtctl %s,%s", gr_names[FIELD(w, 11, 15)], cr_names[FIELD(w, 6, 10)]); return;
	default: put(o, "#%8x", w); return;
	}
}

/* The cache flushes as objdump prints them: "fdc,m x(b)", "fdc x(sr1,b)", "fic x(sr0,b)",
 * PA 2.0's "fdc d(b)"; its fic with a 2-bit space other than 0 objdump does not name. */
static void dis_flush(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	unsigned ext = FIELD(w, 18, 25), b = FIELD(w, 6, 10), x = FIELD(w, 11, 15);
	unsigned s2 = FIELD(w, 16, 17), s3 = FIELD(w, 18, 18) << 2 | s2;	/* sr4: 1 00 */
	const char *m = in->flags & HF_MOD ? ",m" : "";
	if (ext == 0xca) {	/* 5-bit displacement, sign in its low bit */
		put(o, "fdc ");
		c(o, (int32_t)(x >> 1) - (int32_t)((x & 1) << 4));
		put(o, s2 ? "(sr%u,%s)" : "(%.0u%s)", s2, gr_names[b]);
	} else if (ext == 0x4f && s2) {
		put(o, "#%8x", w);
	} else if (ext == 0x4f || !in->sub) {
		put(o, "%s%s %s", ext == 0x4b ? "fdce" : ext == 0x4e ? "pdc" : ext == 0x4f ? "fic" : "fdc", m,
		    gr_names[x]);
		put(o, s2 ? "(sr%u,%s)" : "(%.0u%s)", s2, gr_names[b]);
	} else {
		put(o, "%s%s %s(sr%u,%s)", FIELD(w, 25, 25) ? "fice" : "fic", m, gr_names[x], s3,
		    gr_names[b]);
	}
}

static void dis_sys01(struct out *o, uint32_t w, const struct hppa_insn *in)
{
	if (in->op == HOP_FLUSH) {
		dis_flush(o, w, in);
		return;
	}
	if (in->op == HOP_PROBE) {
		put(o, "probe%s,%s ", in->flags & HF_PROBEI ? "i" : "", in->flags & HF_PROBEW ? "w" : "r");
		space_base(o, w);
		if (in->flags & HF_PROBEI)
			put(o, ",%x,%s", in->r1, gr_names[in->t]);
		else
			put(o, ",%s,%s", gr_names[in->r1], gr_names[in->t]);
		return;
	}
	if ((w & 0xfc001fff) == 0x04000000) {	/* iitlbp: glibc's abort marker */
		put(o, "iitlbp %s,(sr%u,%s)", gr_names[FIELD(w, 11, 15)],
		    FIELD(w, 18, 18) << 2 | FIELD(w, 16, 17), gr_names[FIELD(w, 6, 10)]);
		return;
	}
	put(o, "#%8x", w);
}

size_t hppa_disasm(uint32_t w, uint32_t addr, char *buf, size_t len)
{
	struct out o = {buf, len, 0};
	struct hppa_insn in;
	unsigned opc = w >> 26;
	if (len)
		buf[0] = '\0';
	hppa_decode(w, &in);
	switch (opc) {
	case 0x00: dis_sys(&o, w, &in); break;
	case 0x01: dis_sys01(&o, w, &in); break;
	case 0x02:
		if (in.op == HOP_ILLEGAL)
			put(&o, "#%8x", w);
		else
			dis_arith(&o, w, &in);
		break;
	case 0x03: dis_mem03(&o, w, &in); break;
	case 0x08: put(&o, "ldil L%%"); c(&o, in.imm); put(&o, ",%s", gr_names[in.t]); break;
	case 0x0a: put(&o, "addil L%%"); c(&o, in.imm); put(&o, ",%s,r1", gr_names[in.r2]); break;
	case 0x09: case 0x0b:
		if (in.op == HOP_ILLEGAL)
			put(&o, "#%8x", w);
		else
			dis_fpmem(&o, w, &in);
		break;
	case 0x0c: case 0x0e: dis_fp(&o, w, &in, opc == 0x0e); break;
	case 0x0d:
		if (FIELD(w, 6, 10) == 0) {
			put(&o, "ldi ");
			c(&o, disp16(w));
			put(&o, ",%s", gr_names[FIELD(w, 11, 15)]);
		} else {
			put(&o, "ldo ");
			c(&o, disp16(w));
			put(&o, "(%s),%s", gr_names[FIELD(w, 6, 10)], gr_names[FIELD(w, 11, 15)]);
		}
		break;
	case 0x10: case 0x11: case 0x12:
		put(&o, "%s ", opc == 0x10 ? "ldb" : opc == 0x11 ? "ldh" : "ldw");
		c(&o, disp16(w));
		put(&o, "(%s),%s", gr_names[in.r2], gr_names[in.t]);
		break;
	case 0x18: case 0x19: case 0x1a:
		put(&o, "%s %s,", opc == 0x18 ? "stb" : opc == 0x19 ? "sth" : "stw", gr_names[in.r1]);
		c(&o, disp16(w));
		put(&o, "(%s)", gr_names[in.r2]);
		break;
	case 0x13:
		put(&o, "ldw%s ", FIELD(w, 18, 18) ? ",mb" : ",ma");
		c(&o, disp16(w));
		put(&o, "(%s),%s", gr_names[in.r2], gr_names[in.t]);
		break;
	case 0x1b:
		put(&o, "stw%s %s,", FIELD(w, 18, 18) ? ",mb" : ",ma", gr_names[in.r1]);
		c(&o, disp16(w));
		put(&o, "(%s)", gr_names[in.r2]);
		break;
	case 0x20: case 0x21: case 0x22: case 0x23: case 0x28: case 0x29: case 0x2a: case 0x2b:
	case 0x30: case 0x31: case 0x32: case 0x33:
		dis_cbranch(&o, w, addr, &in);
		break;
	case 0x24: case 0x25: case 0x2c: case 0x2d: dis_imm(&o, w, &in); break;
	case 0x34: case 0x35:
		if (in.op == HOP_ILLEGAL)
			put(&o, "#%8x", w);
		else
			dis_shift(&o, w, &in);
		break;
	case 0x38:
		put(&o, "be%s ", in.flags & HF_N ? ",n" : "");
		c(&o, in.imm);
		put(&o, "(sr%u,%s)", in.sub, gr_names[in.r2]);
		break;
	case 0x39:
		put(&o, "be,l%s ", in.flags & HF_N ? ",n" : "");
		c(&o, in.imm);
		put(&o, "(sr%u,%s),sr0,r31", in.sub, gr_names[in.r2]);
		break;
	case 0x3a:
		switch (in.op) {
		case HOP_BL: case HOP_GATE:
			if (in.op == HOP_GATE)
				put(&o, "b,gate%s ", in.flags & HF_N ? ",n" : "");
			else	/* PA 2.0's B,L,PUSH: 4 in bits 16..18 */
				put(&o, "b,l%s%s ", FIELD(w, 16, 18) == 4 ? ",push" : "", in.flags & HF_N ? ",n" : "");
			target(&o, addr, in.imm);
			put(&o, ",%s", gr_names[in.t]);
			break;
		case HOP_BLR:
			put(&o, "blr%s %s,%s", in.flags & HF_N ? ",n" : "", gr_names[in.r1], gr_names[in.t]);
			break;
		case HOP_BV:
			if (FIELD(w, 19, 19))	/* PA 2.0's BVE and BVE,L */
				put(&o, "bve%s%s (%s)%s", in.t ? ",l" : "", in.flags & HF_N ? ",n" : "",
				    gr_names[in.r2], in.t ? ",rp" : "");
			else
				put(&o, "bv%s %s(%s)", in.flags & HF_N ? ",n" : "", gr_names[in.r1], gr_names[in.r2]);
			break;
		default:
			put(&o, "#%8x", w);
			break;
		}
		break;
	default:
		put(&o, "#%8x", w);
		break;
	}
	return o.pos;
}

/* cpu_disasm for hppa (the ops table's disasm): one big-endian word. */
int hppa_disasm_op(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen)
{
	if (len < 4)
		return 0;
	hppa_disasm(bo_get32(code, true), (uint32_t)addr, text, textlen);
	return text[0] == '#' ? 0 : 4;	/* "#<hex>": a word objdump cannot decode either */
}
