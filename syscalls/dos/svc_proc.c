/* Process and system services: termination, the DOS version, the interrupt vectors. */
#include "services.h"

/* INT 21h AH=00h and INT 20h: end with exit code 0 (CP/M style). */
DOS_SVC(terminate)
{
	(void)a;
	process_exit(p, 0);
	return 0;
}

DOS_SVC(int20)
{
	(void)a;
	process_exit(p, 0);
	return 0;
}

/* AH=4Ch: end with the code in AL. */
DOS_SVC(exit)
{
	process_exit(p, (int)(a[0] & 0xff));
	return (int64_t)(a[0] & 0xff);
}

/* AH=30h: MS-DOS 5.0 (AL major, AH minor), OEM Microsoft (BH=FFh), no serial number. */
DOS_SVC(get_version)
{
	(void)a;
	cpu_set_reg(p->cpu, X86_AX, 0x0005);
	cpu_set_reg(p->cpu, X86_BX, 0xff00);
	cpu_set_reg(p->cpu, X86_CX, 0);
	return 0x0005;
}

/* AH=25h: vector AL = DS:DX, in the table at 0000:0000 the CPU reads. */
DOS_SVC(set_vector)
{
	uint64_t vector = a[0] & 0xff, far = a[1];
	if (gm_put(&p->mem, vector * 4, 2, far & 0xffff) != 0 ||
	    gm_put(&p->mem, vector * 4 + 2, 2, (far >> 16) & 0xffff) != 0)
		return -EFAULT;
	return 0;
}

/* AH=35h: ES:BX = vector AL. */
DOS_SVC(get_vector)
{
	uint64_t vector = a[0] & 0xff, off = 0, seg = 0;
	if (gm_get(&p->mem, vector * 4, 2, &off) != 0 || gm_get(&p->mem, vector * 4 + 2, 2, &seg) != 0)
		return -EFAULT;
	cpu_set_reg(p->cpu, X86_ES, seg);
	cpu_set_reg(p->cpu, X86_BX, off);
	return (int64_t)(seg << 16 | off);
}
