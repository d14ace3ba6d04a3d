/* IA-64 disassembly in objdump's syntax: each form's template of ia64.decode (mnemonic with
 * completers, outputs '=' inputs, no spaces, objdump's pseudo-operations as their own rows)
 * with its operands filled in: signed decimal immediates except the hexadecimal ones objdump
 * uses (break/nop codes, movl, masks), branch targets as bundle addresses. */
#include "ia64_disasm.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include <string.h>

#include "ia64_decode_table.h"

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

static const char *cr_name(unsigned cr, char tmp[8])
{
	static const char *const named[128] = {
		[0] = "cr.dcr", [1] = "cr.itm", [2] = "cr.iva", [8] = "cr.pta", [16] = "cr.ipsr",
		[17] = "cr.isr", [19] = "cr.iip", [20] = "cr.ifa", [21] = "cr.itir", [22] = "cr.iipa",
		[23] = "cr.ifs", [24] = "cr.iim", [25] = "cr.iha", [26] = "cr.iib0", [27] = "cr.iib1", [64] = "cr.lid", [65] = "cr.ivr",
		[66] = "cr.tpr", [67] = "cr.eoi", [68] = "cr.irr0", [69] = "cr.irr1",
		[70] = "cr.irr2", [71] = "cr.irr3", [72] = "cr.itv", [73] = "cr.pmv",
		[74] = "cr.cmcv", [80] = "cr.lrr0", [81] = "cr.lrr1",
	};
	if (named[cr & 127])
		return named[cr & 127];
	snprintf(tmp, 8, "cr%u", cr & 127);
	return tmp;
}

/* Locality hints: two bits, and on the forms with a free bit a third (.d4-.d7). */
static const char *const ldhint_names[] = { "", ".nt1", ".d2", ".nta", ".d4", ".d5", ".d6", ".d7" };
static const char *const sthint_names[] = { "", ".d1", ".d2", ".nta", ".d4", ".d5", ".d6", ".d7" };
static const char *const lfhint_names[] = { "", ".nt1", ".nt2", ".nta", ".d4", ".d5", ".d6", ".d7" };
static const char *const fsize_names[] = { "e", "8", "s", "d" };

/* Prints operand `name` (a template's {name}) of in at bundle address addr. */
static void operand(struct out *o, const char *name, size_t n, const struct ia64_insn *in,
		    uint64_t addr)
{
	static const char *const wh_names[] = { ".sptk", ".spnt", ".dptk", ".dpnt" };
	static const char *const brp_wh[] = { ".sptk", ".loop", ".dptk", ".exit" };
	static const char *const lf_kinds[] = { "", ".excl", ".fault", ".fault.excl" };
	static const char *const mbtype[16] = { [0] = "@brcst", [8] = "@mix", [9] = "@shuf",
						[10] = "@alt", [11] = "@rev" };
	char tmp[8];
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
	if (IS("r1")) put(o, "r%u", in->r1);
	else if (IS("r2")) put(o, "r%u", in->r2);
	else if (IS("r3")) put(o, "r%u", in->r3);
	else if (IS("fr1")) put(o, "f%u", in->r1);
	else if (IS("fr2")) put(o, "f%u", in->r2);
	else if (IS("fr3")) put(o, "f%u", in->r3);
	else if (IS("fr4")) put(o, "f%u", in->pos);
	else if (IS("p1")) put(o, "p%u", in->p1);
	else if (IS("p2")) put(o, "p%u", in->p2);
	else if (IS("b1")) put(o, "b%u", in->r1);
	else if (IS("b2")) put(o, "b%u", in->r2);
	else if (IS("imm")) put(o, "%" PRId64, in->imm);
	else if (IS("ximm")) put(o, "0x%" PRIx64, (uint64_t)in->imm);
	else if (IS("hintm"))	/* objdump 2.40 reads hint.m's number from bits 9:6 and 13:12 */
		put(o, "%" PRIu64, ((uint64_t)in->imm & 0xf) | ((uint64_t)in->imm >> 6 & 3) << 4);
	else if (IS("target")) put(o, "%" PRIx64, addr + (uint64_t)in->imm);
	else if (IS("tag")) put(o, "%" PRIx64, addr + (uint64_t)(int64_t)in->tag);
	else if (IS("pos")) put(o, "%u", in->pos);
	else if (IS("xpos")) put(o, "0x%x", in->pos);
	else if (IS("len")) put(o, "%u", in->len);
	else if (IS("sz")) put(o, "%u", in->sz);
	else if (IS("ar3")) put(o, "%s", ar_name(in->r3, tmp));
	else if (IS("cr3")) put(o, "%s", cr_name(in->r3, tmp));
	else if (IS("c4")) put(o, "%s", in->cmp4 ? "4" : "");
	else if (IS("ldhint")) put(o, "%s", ldhint_names[in->hint & 7]);
	else if (IS("sthint")) put(o, "%s", sthint_names[in->hint & 7]);
	else if (IS("lfhint")) put(o, "%s", lfhint_names[in->hint & 7]);
	else if (IS("lfkind")) put(o, "%s", lf_kinds[in->ldtype & 3]);
	else if (IS("fsz")) put(o, "%s", fsize_names[in->btype & 3]);
	else if (IS("psz")) put(o, "%s", fsize_names[in->sz & 3]);
	else if (IS("sf")) put(o, ".s%u", in->ldtype & 3);
	else if (IS("bwh")) put(o, "%s", wh_names[in->hint & 3]);
	else if (IS("ph")) put(o, "%s", in->ph ? ".many" : ".few");
	else if (IS("dh")) put(o, "%s", in->dh ? ".clr" : "");
	else if (IS("brpwh")) put(o, "%s", brp_wh[in->hint & 3]);
	else if (IS("imp")) put(o, "%s", in->ph ? ".imp" : "");
	else if (IS("mbtype") && mbtype[in->pos & 15]) put(o, "%s", mbtype[in->pos & 15]);
	else if (IS("mbtype")) put(o, "0x%x", in->pos);
	else if (IS("mwh"))	/* mov to br: .ret, the whether hint, .imp */
		put(o, "%s%s%s", in->btype ? ".ret" : "",
		    in->hint == 1 ? "" : in->hint == 0 ? ".sptk" : in->hint == 2 ? ".dptk" : ".many",
		    in->ph ? ".imp" : "");
	else if (IS("btag")) {	/* mov to br's tag: a bundle address, when given */
		if (in->imm)
			put(o, ",%" PRIx64, addr + (uint64_t)in->imm);
	} else
		put(o, "{%.*s}", (int)n, name);
#undef IS
}

size_t ia64_disasm_insn(char *buf, size_t len, const struct ia64_insn *in, uint64_t bundle_addr,
			bool stop)
{
	struct out o = { buf, len, 0 };
	if (len)
		buf[0] = 0;
	if (in->unit == IA64_UNIT_L)
		return 0;
	if (in->form == IA64_FORM_NONE) {
		put(&o, "(bad)");
	} else {
		if (in->qp && !ia64_unpredicated(in))
			put(&o, "(p%02u) ", in->qp);
		const char *t = ia64_forms[in->form].template;
		while (*t) {
			const char *open = strchr(t, '{');
			if (!open) {
				put(&o, "%s", t);
				break;
			}
			put(&o, "%.*s", (int)(open - t), t);
			const char *close = strchr(open, '}');
			operand(&o, open + 1, (size_t)(close - open - 1), in, bundle_addr);
			t = close + 1;
		}
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
		put(&o, "data8 0x%09" PRIx64, b->bits[i]);
		return o.pos < len ? o.pos : (len ? len - 1 : 0);
	}
	return ia64_disasm_insn(buf, len, &b->slot[i], bundle_addr, b->stops >> i & 1);
}

/* cpu_disasm for IA-64 (the ops table's disasm): a whole bundle, as objdump lists it: the
 * template on the first slot's line, then each slot's line (an MLX bundle has two: objdump
 * prints the X instruction on the L slot's line and leaves the last one empty). */
int ia64_op_disasm(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen)
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
