// ctop: a software-pipelined loop with rotating registers and br.ctop (ar.lc, ar.ec, pr.rot).
// Stage 1 (p16) loads arr[i] into r32; two rotations later the value is r34 and stage 3 (p18)
// adds it into r21. With 10 elements, ar.lc = 9 and ar.ec = 3 the loop runs 12 times (10 +
// the 2 drain iterations). Then a br.wtop loop (while-type, on ar.ec alone) counts its
// iterations into r22. Writes "ctop ok\n" and exits 0 when the sum is 55 and the
// br.wtop loop ran 3 times (r22 = 1, 2 continue; 3 ends it with
// ar.ec = 1); otherwise writes nothing and exits 1.
	.data
	.align 8
arr:	data8 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
msg:	.ascii "ctop ok\n"

	.text
	.global _start
	.proc _start
_start:
{ .mlx
	alloc r14 = ar.pfs, 0, 8, 3, 8
	movl r20 = arr ;;
}
{ .mii
	mov r21 = 0
	mov.i ar.lc = 9
	nop.i 0 ;;
}
{ .mii
	nop.m 0
	mov.i ar.ec = 3
	mov pr.rot = 0x10000 ;;
}
.Lpipe:
{ .mib
(p16)	ld8 r32 = [r20], 8
(p18)	add r21 = r21, r34
	br.ctop.sptk.few .Lpipe ;;
}
// br.wtop: a while loop; p16 is the continue condition written by a compare each trip.
{ .mii
	mov r22 = 0
	mov.i ar.ec = 1
	mov pr.rot = 0x10000 ;;
}
.Lwhile:
{ .mmi
	adds r22 = 1, r22 ;;
	cmp.gt p16, p0 = 3, r22
	nop.i 0 ;;
}
{ .mib
	nop.m 0
	nop.i 0
(p16)	br.wtop.sptk.few .Lwhile ;;
}
{ .mii
	mov r15 = 1236
	cmp.eq p6, p7 = 55, r21
	nop.i 0 ;;
}
{ .mii
(p6)	cmp.eq p6, p7 = 3, r22
	mov r40 = 1
	nop.i 0 ;;
}
{ .mlx
	nop.m 0
	movl r41 = msg ;;
}
{ .mii
(p6)	mov r15 = 1027
	mov r42 = 8
	nop.i 0 ;;
}
{ .mii
(p6)	break.m 0x100000
	nop.i 0
	nop.i 0 ;;
}
{ .mii
	mov r15 = 1236
(p6)	mov r40 = 0
(p7)	mov r40 = 1 ;;
}
{ .mii
	break.m 0x100000
	nop.i 0
	nop.i 0 ;;
}
	.endp _start
