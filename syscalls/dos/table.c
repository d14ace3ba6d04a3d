/* The DOS service table: one list, expanded twice (the sys_entry rows --strace reads, and the
 * DOS columns beside them), so the two cannot drift apart. Sorted by number. */
#include "services.h"

/* X(nr, name, strace args, strace result, registers, charge, result) */
#define DOS_SERVICES(X) \
	X(0x100e, bios_teletype, "x", 'x', "a", 'I', 'N') \
	X(0x2000, int20, "", 'd', "", 'D', 'N') \
	X(0x2100, terminate, "", 'd', "", 'D', 'N') \
	X(0x2102, putchar, "x", 'x', "d", 'I', 'L') \
	X(0x2109, print_string, "p", 'x', "P", 'I', 'L') \
	X(0x2125, set_vector, "xx", 'd', "aF", 'D', 'N') \
	X(0x2130, get_version, "", 'x', "", 'D', 'N') \
	X(0x2135, get_vector, "x", 'x', "a", 'D', 'N') \
	X(0x213c, creat, "sx", 'd', "Pc", 'D', 'C') \
	X(0x213d, open, "sx", 'd', "Pa", 'D', 'C') \
	X(0x213e, close, "d", 'd', "b", 'D', 'K') \
	X(0x213f, read, "dbu", 'd', "bPc", 'I', 'C') \
	X(0x2140, write, "dwu", 'd', "bPc", 'I', 'C') \
	X(0x2141, unlink, "s", 'd', "P", 'D', 'K') \
	X(0x2142, lseek, "ddd", 'd', "bla", 'D', 'W') \
	X(0x2148, alloc, "u", 'x', "b", 'D', 'C') \
	X(0x2149, free, "x", 'd', "e", 'D', 'K') \
	X(0x214a, resize, "xu", 'd', "eb", 'D', 'K') \
	X(0x214c, exit, "d", 'd', "a", 'D', 'N')

#define AS_ENTRY(nr, name, args, ret, regs, charge, result) { nr, "dos_" #name, dos_##name, args, ret },
#define AS_SERVICE(nr, name, args, ret, regs, charge, result) { regs, charge, result },

static const struct sys_entry table[] = { DOS_SERVICES(AS_ENTRY) };
static const struct dos_service services[] = { DOS_SERVICES(AS_SERVICE) };

enum { TABLE_LEN = sizeof(table) / sizeof(table[0]) };

static void dos_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6])
{
	*nr = cpu_reg(cpu, X86_AX) >> 8;
	for (int i = 0; i < 6; i++)
		a[i] = 0;
}

static void dos_set_result(struct cpu *cpu, int64_t result)
{
	cpu_set_reg(cpu, X86_AX, (uint64_t)result & 0xffff);
}

static int same_number(int n)
{
	return n;
}

/* For code that treats every process alike (--strace, the tick path): DOS has no signals, so
 * their numbers are the host's. */
const struct sys_abi sys_abi_dos = {
	.name = "dos",
	.table = table,
	.table_len = TABLE_LEN,
	.get_call = dos_get_call,
	.set_result = dos_set_result,
	.errno_to_guest = dos_error_code,
	.signal_to_guest = same_number,
	.signal_to_host = same_number,
	.put_stat = NULL,
};

const struct sys_entry *dos_lookup(uint32_t nr, const struct dos_service **svc)
{
	const struct sys_entry *e = sys_lookup(&sys_abi_dos, nr);
	*svc = e ? &services[e - table] : NULL;
	return e;
}
