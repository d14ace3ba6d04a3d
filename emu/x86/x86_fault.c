/* Locating a faulting memory access inside a block: see x86_fault.h. */
#include "x86_fault.h"

#include <capstone/capstone.h>

/* The address range an operand or an implicit stack or string access touches. */
struct access {
	uint64_t lo, hi;	/* [lo, hi) */
	bool write;
};

static bool effective_address(const cs_x86_op *op, uint64_t next_pc, int mode_bits,
			      x86_reg_reader rd, void *ctx, uint64_t *ea)
{
	uint64_t base = 0, index = 0, seg = 0;
	if (op->mem.base == X86_REG_RIP || op->mem.base == X86_REG_EIP)
		base = next_pc;
	else if (op->mem.base != X86_REG_INVALID && !rd(ctx, op->mem.base, &base))
		return false;
	if (op->mem.index != X86_REG_INVALID && !rd(ctx, op->mem.index, &index))
		return false;
	if (op->mem.segment == X86_REG_FS || op->mem.segment == X86_REG_GS)
		if (!rd(ctx, op->mem.segment, &seg))
			return false;
	*ea = seg + base + index * (uint64_t)op->mem.scale + (uint64_t)op->mem.disp;
	if (mode_bits == 32)
		*ea &= 0xffffffffu;
	return true;
}

/* Accesses the instruction makes: explicit memory operands, then the implicit ones. */
static int accesses_of(const cs_insn *insn, int mode_bits, x86_reg_reader rd, void *ctx,
		       struct access *out, int max)
{
	const cs_x86 *x = &insn->detail->x86;
	uint64_t word = (uint64_t)mode_bits / 8, next = insn->address + insn->size;
	int n = 0;
	for (int i = 0; i < x->op_count && n < max; i++) {
		const cs_x86_op *op = &x->operands[i];
		uint64_t ea;
		if (op->type != X86_OP_MEM || insn->id == X86_INS_LEA ||
		    !effective_address(op, next, mode_bits, rd, ctx, &ea))
			continue;
		uint64_t size = op->size ? op->size : 1;
		out[n++] = (struct access){ ea, ea + size, (op->access & CS_AC_WRITE) != 0 };
	}
	uint64_t sp = 0, si = 0, di = 0;
	rd(ctx, mode_bits == 64 ? X86_REG_RSP : X86_REG_ESP, &sp);
	rd(ctx, mode_bits == 64 ? X86_REG_RSI : X86_REG_ESI, &si);
	rd(ctx, mode_bits == 64 ? X86_REG_RDI : X86_REG_EDI, &di);
	switch (insn->id) {
	case X86_INS_PUSH: case X86_INS_PUSHF: case X86_INS_PUSHFD: case X86_INS_PUSHFQ:
	case X86_INS_CALL: case X86_INS_PUSHAL: case X86_INS_ENTER:
		if (n < max)
			out[n++] = (struct access){ sp - 8 * word, sp, true };
		break;
	case X86_INS_POP: case X86_INS_POPF: case X86_INS_POPFD: case X86_INS_POPFQ:
	case X86_INS_RET: case X86_INS_POPAL: case X86_INS_LEAVE:
		if (n < max)
			out[n++] = (struct access){ sp, sp + 8 * word, false };
		break;
	case X86_INS_MOVSB: case X86_INS_MOVSW: case X86_INS_MOVSD: case X86_INS_MOVSQ:
		if (n + 2 <= max) {
			out[n++] = (struct access){ si, si + 8, false };
			out[n++] = (struct access){ di, di + 8, true };
		}
		break;
	case X86_INS_CMPSB: case X86_INS_CMPSW: case X86_INS_CMPSD: case X86_INS_CMPSQ:
		if (n + 2 <= max) {
			out[n++] = (struct access){ si, si + 8, false };
			out[n++] = (struct access){ di, di + 8, false };
		}
		break;
	case X86_INS_LODSB: case X86_INS_LODSW: case X86_INS_LODSD: case X86_INS_LODSQ:
		if (n < max)
			out[n++] = (struct access){ si, si + 8, false };
		break;
	case X86_INS_SCASB: case X86_INS_SCASW: case X86_INS_SCASD: case X86_INS_SCASQ:
		if (n < max)
			out[n++] = (struct access){ di, di + 8, false };
		break;
	case X86_INS_STOSB: case X86_INS_STOSW: case X86_INS_STOSD: case X86_INS_STOSQ:
		if (n < max)
			out[n++] = (struct access){ di, di + 8, true };
		break;
	default:
		break;
	}
	return n;
}

uint32_t x86_locate_fault(const struct block_info *b, const uint8_t *code, int mode_bits,
			  uint64_t fault_addr, bool write, x86_reg_reader read_reg, void *ctx)
{
	csh h;
	if (cs_open(CS_ARCH_X86, mode_bits == 64 ? CS_MODE_64 : CS_MODE_32, &h) != CS_ERR_OK)
		return b->icount;
	cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
	cs_insn *insn = cs_malloc(h);
	uint32_t found = b->icount;
	for (uint32_t i = 0; insn && i < b->icount; i++) {
		const uint8_t *p = code + b->offsets[i];
		size_t left = b->size - b->offsets[i];
		uint64_t addr = b->addr + b->offsets[i];
		if (!cs_disasm_iter(h, &p, &left, &addr, insn))
			continue;
		struct access acc[8];
		int n = accesses_of(insn, mode_bits, read_reg, ctx, acc, 8);
		/* A later match wins: registers hold the values from just before the faulting
		 * instruction, so an earlier instruction's operands may since have moved onto
		 * the faulting address, while the faulting one's match exactly. A store fault
		 * needs a store; a load fault may come from a read-modify-write too. */
		for (int k = 0; k < n; k++)
			if (fault_addr >= acc[k].lo && fault_addr < acc[k].hi && (!write || acc[k].write))
				found = i;
	}
	cs_free(insn, 1);
	cs_close(&h);
	return found;
}
