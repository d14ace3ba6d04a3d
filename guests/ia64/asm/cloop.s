// cloop: a counted loop on br.cloop (ar.lc), the IA-64 form of a loop with a known trip count.
// Sums 0 .. 999999 = 499999500000 and exits with the low byte of the sum (0xe0 = 224) by
// exit_group. One bundle of the loop body plus one of the loop branch: 6 instructions per
// iteration.
	.text
	.global _start
	.proc _start
_start:
{ .mlx
	alloc r14 = ar.pfs, 0, 0, 1, 0
	movl r18 = 999999 ;;
}
{ .mii
	mov r16 = 0
	mov.i ar.lc = r18
	mov r17 = 0 ;;
}
.Lloop:
{ .mii
	nop.m 0
	add r16 = r16, r17
	adds r17 = 1, r17 ;;
}
{ .mib
	nop.m 0
	nop.i 0
	br.cloop.sptk.few .Lloop ;;
}
{ .mii
	nop.m 0
	zxt1 r32 = r16
	mov r15 = 1236 ;;
}
{ .mii
	break.m 0x100000
	nop.i 0
	nop.i 0 ;;
}
	.endp _start
