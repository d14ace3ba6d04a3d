// exit: the smallest IA-64 Linux program: exit_group(7) by a raw system call.
// Linux IA-64 system calls: break 0x100000 with r15 = number (exit_group = 1236) and the
// arguments in the caller's output registers (here out0 = r32). Expected: no output, status 7;
// Ski counts 4 instructions: the first bundle and the break (the process ends there).
	.text
	.global _start
	.proc _start
_start:
{ .mii
	alloc r14 = ar.pfs, 0, 0, 1, 0
	mov r32 = 7
	mov r15 = 1236 ;;
}
{ .mii
	break.m 0x100000
	nop.i 0
	nop.i 0 ;;
}
	.endp _start
