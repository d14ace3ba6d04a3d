/* The siginfo_t a signal frame carries, in the layout every Linux ABI here shares
 * (include/uapi/asm-generic/siginfo.h): si_signo, si_errno, si_code as three ints, then the
 * union, aligned to the guest's word: a fault's address, or the sender's pid and uid (and a
 * child's status, for SIGCHLD). Only
 * the word size and the byte order differ between ABIs, so each frame writer passes them. */
#include "../emu/byteorder.h"
#include "process.h"

void signal_fill_siginfo(uint8_t *si, const struct signal_frame *f, unsigned word_bytes,
			 bool big_endian)
{
	uint8_t *fields = si + (word_bytes == 8 ? 16 : 12);

	bo_put32(si, (uint32_t)f->sig, big_endian);
	bo_put32(si + 8, (uint32_t)f->info->code, big_endian);
	if (f->info->is_fault) {
		if (word_bytes == 8)
			bo_put64(fields, f->info->addr, big_endian);
		else
			bo_put32(fields, (uint32_t)f->info->addr, big_endian);
	} else {
		bo_put32(fields, (uint32_t)f->info->pid, big_endian);
		bo_put32(fields + 4, (uint32_t)f->info->uid, big_endian);
		if (f->info->has_status)	/* SIGCHLD's _sigchld: pid, uid, status */
			bo_put32(fields + 8, (uint32_t)f->info->status, big_endian);
		if (f->info->has_value && word_bytes == 8)	/* _timer: tid, overrun, sigval */
			bo_put64(fields + 8, f->info->value, big_endian);
		else if (f->info->has_value)
			bo_put32(fields + 8, (uint32_t)f->info->value, big_endian);
	}
}
